#!/usr/bin/env bash
# The Windows CLI under Wine answers like the Linux one: every scenario of scenarios.txt through
# both, standard output compared byte for byte (no CRLF normalising: cardfit.exe writes its
# standard streams in binary mode, native/os.cpp) and the exit statuses compared.
# Usage: wine_cli_identity.sh LINUX_CARDFIT WINDOWS_CARDFIT_EXE WINEPREFIX
# One Wine prefix (created once by wineboot, kept under build/windows) and one wineserver for
# all scenarios: Wine's start-up is the slow part.
set -uo pipefail
linux="$1"; exe="$2"; WINEPREFIX="$(realpath -m "$3")"; export WINEPREFIX
here="$(cd "$(dirname "$0")" && pwd)"
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" COLUMNS=100 LC_ALL=C.UTF-8
for f in "$linux" "$exe"; do [ -x "$f" ] || [ -f "$f" ] || { echo "missing: $f" >&2; exit 2; }; done
if [ ! -f "$WINEPREFIX/system.reg" ]; then wineboot -i >/dev/null 2>&1 || { echo "wineboot failed" >&2; exit 2; }; fi
# One wineserver for all scenarios, gone 30 s after the last (detached from our output streams:
# it outlives the script, and a pipe it held open would keep a caller waiting).
wineserver -p 30 </dev/null >/dev/null 2>&1
out="$(mktemp -d)"; trap 'wineserver -k 2>/dev/null; rm -rf "$out"' EXIT  # Wine's own services end too
pass=0; fail=0; n=0
while IFS= read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  n=$((n + 1))
  read -r -a args <<<"$line"
  "$linux" "${args[@]}" </dev/null >"$out/linux.$n" 2>/dev/null; lrc=$?
  wine "$exe" "${args[@]}" </dev/null >"$out/wine.$n" 2>"$out/wine-err.$n"; wrc=$?
  if [ "$lrc" = "$wrc" ] && cmp -s "$out/linux.$n" "$out/wine.$n" && [ -s "$out/linux.$n" ]; then
    pass=$((pass + 1)); echo "ok   $n: $line (exit $lrc, $(wc -c <"$out/linux.$n") bytes)"
  else
    fail=$((fail + 1)); echo "FAIL $n: $line (exit linux $lrc, wine $wrc)"
    cmp "$out/linux.$n" "$out/wine.$n" | head -1; head -c 600 "$out/wine-err.$n"
    diff <(head -c 2000 "$out/linux.$n") <(head -c 2000 "$out/wine.$n") | head -10
  fi
done <"$here/scenarios.txt"
echo "wine_cli_identity: $pass passed, $fail failed"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
