#!/usr/bin/env bash
# `make windows`: cross-compiles cardfit.exe and cardfit-gui.exe (mingw-w64, build/windows), runs
# their tests under Wine (tests/windows: the CLI's JSON against the Linux build's, the desktop
# app's first frames on Xvfb), and writes build/package/cardfit-<version>-windows-x64.zip:
# the two .exe files (static: no DLL beside them), README.txt and LICENSE.txt.
# WINDOWS_TESTS=0 skips the Wine tests (make package does, to stay cheap).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-$(nproc)}"
version="$(sed -n 's/^project(cardfit VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
out=build/package
name="cardfit-$version-windows-x64"

cmake --preset windows-release >/dev/null
cmake --build --preset windows-release -j "$jobs"
if [ "${WINDOWS_TESTS:-1}" != 0 ]; then
  # The Linux CLI the Windows one is compared with.
  [ -f build/native/build.ninja ] || cmake --preset native-release >/dev/null
  cmake --build build/native -j "$jobs" --target cardfit
  ctest --preset windows-release
fi
stage="build/windows/zip/$name"
rm -rf "build/windows/zip"; mkdir -p "$stage" "$out"
cp build/windows/cardfit.exe build/windows/cardfit-gui.exe "$stage/"
sed 's/$/\r/' LICENSE >"$stage/LICENSE.txt"
sed -e "s/@VERSION@/$version/g" -e 's/$/\r/' tools/windows-readme.txt >"$stage/README.txt"
rm -f "$out/$name.zip"
(cd build/windows/zip && cmake -E tar cf "../../../$out/$name.zip" --format=zip "$name")
ls -l "$out/$name.zip"
