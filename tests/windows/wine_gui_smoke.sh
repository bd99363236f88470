#!/usr/bin/env bash
# cardfit-gui.exe under Wine on Xvfb: opens its window (OpenGL 3 through Wine's opengl32 on Mesa),
# draws 10 frames and saves the last as PNG. Fails if it does not exit 0 or writes no PNG.
# Usage: wine_gui_smoke.sh CARDFIT_GUI_EXE WINEPREFIX SCREENSHOT.png
set -uo pipefail
exe="$1"; WINEPREFIX="$(realpath -m "$2")"; export WINEPREFIX; png="$3"
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
if [ ! -f "$WINEPREFIX/system.reg" ]; then wineboot -i >/dev/null 2>&1 || { echo "wineboot failed" >&2; exit 2; }; fi
rm -f "$png"
trap 'wineserver -k 2>/dev/null' EXIT  # no Wine process is left behind
# The screenshot path as Wine sees it (Z: is the Linux root).
winpng="Z:$(realpath -m "$png" | tr / '\\')"
xvfb-run -a -s "-screen 0 1280x800x24" wine "$exe" --fresh --lang zh --frames 10 --width 1100 --height 720 \
  --screenshot "$winpng"
rc=$?
echo "cardfit-gui.exe exit $rc"
[ "$rc" = 0 ] && [ -s "$png" ] && head -c 8 "$png" | grep -q PNG && echo "screenshot: $png ($(wc -c <"$png") bytes)"
