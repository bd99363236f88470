#!/usr/bin/env bash
# `make fuzz`: runs each libFuzzer harness of tests/fuzz (built by the preset "fuzz") for
# FUZZ_SECONDS (default 60) from the committed seeds plus what earlier runs found, and fails when
# any of them finds a crash, a sanitizer report or a broken property. A finding is saved under
# build/fuzz/fuzz/findings/; copy it into tests/fuzz/corpus/<target>/ (named finding-*) once
# fixed, so that every build replays it (tests/fuzz/README.md).
# Usage: FUZZ_SECONDS=60 tools/run_fuzzers.sh [target...]   (targets: catalog config link cli)
set -uo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${FUZZ_SECONDS:-60}"
bin="$top/build/fuzz/fuzz"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(catalog config link cli)
extra_catalog=("$top/docs/examples" "$top/tests/cli/fixtures")
extra_config=("$top/tests/cli/fixtures")
failed=()
mkdir -p "$bin/findings"
for t in "${targets[@]}"; do
  exe="$bin/fuzz_$t"
  if [ ! -x "$exe" ]; then
    echo "fuzz: $exe is missing (cmake --preset fuzz && cmake --build --preset fuzz)" >&2
    exit 2
  fi
  mkdir -p "$bin/corpus/$t"
  extra_var="extra_${t}[@]"
  dict=()
  [ -f "$top/tests/fuzz/$t.dict" ] && dict=("-dict=$top/tests/fuzz/$t.dict")
  log="$bin/findings/$t.log"
  echo "== fuzz_$t: ${seconds}s"
  # NOTE: absolute paths: the command-line harness works in a folder of its own.
  "$exe" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 -print_final_stats=1 \
    -artifact_prefix="$bin/findings/$t-" "${dict[@]}" "$bin/corpus/$t" "$top/tests/fuzz/corpus/$t" \
    ${!extra_var+"${!extra_var}"} >"$log" 2>&1
  status=$?
  grep -E "^stat::number_of_executed_units|^Done " "$log" | tail -n 1
  if [ $status -ne 0 ]; then
    grep -E "fuzz property failed|ERROR:|SUMMARY:|runtime error|Test unit written" "$log" | head -n 8
    failed+=("$t")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FINDINGS in ${failed[*]} (logs and inputs in $bin/findings/)"
  exit 1
fi
echo "fuzz: no findings in ${targets[*]} (${seconds}s each)"
