#!/usr/bin/env bash
# `make test`: builds native (release), the sanitizer build, the fuzzers and WebAssembly, runs
# every CTest suite (the fuzz suite runs each libFuzzer harness for a few seconds), and ends
# with one line "N passed, M failed" summed over all suites.
# A build failure counts as one failed test for that suite and the run goes on.
set -uo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-$(nproc)}"
passed=0 failed=0
log_dir=build/test-logs
mkdir -p "$log_dir"

run_suite() {  # run_suite PRESET
  local preset=$1 log="$log_dir/$1.log"
  echo "== $preset: configure + build"
  if ! { cmake --preset "$preset" >"$log" 2>&1 && cmake --build --preset "$preset" -j "$jobs" >>"$log" 2>&1; }; then
    tail -n 40 "$log"
    echo "== $preset: BUILD FAILED (full log: $log)"
    failed=$((failed + 1))
    return
  fi
  echo "== $preset: ctest"
  ctest --preset "$preset" -j "$jobs" 2>&1 | tee -a "$log" | grep -E "tests passed|\*\*\*Failed|Failed  |Not Run|Timeout|Exception" || true
  local line p f total
  line=$(grep -E "[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+" "$log" | tail -n 1)
  if [ -z "$line" ]; then
    echo "== $preset: ctest printed no summary"
    failed=$((failed + 1))
    return
  fi
  f=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
  total=$(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$line")
  p=$((total - f))
  passed=$((passed + p)); failed=$((failed + f))
}

run_suite native-release
run_suite asan
run_suite fuzz
run_suite web-release

echo "screenshots: build/native/native-screenshot.png build/web/web-screenshot.png"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
