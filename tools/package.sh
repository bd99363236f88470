#!/usr/bin/env bash
# `make package`: builds the web page and the native release, then writes into build/package/
#   cardfit_<version>_<arch>.deb, cardfit-<version>-Linux-<arch>.tar.gz (CPack: CLI, desktop app, man pages,
#                                                      completions, desktop entry, icon, web page)
#   cardfit-web-<version>.zip                         (the static page, for any web host)
#   cardfit-offline.html                              (when the web build makes one)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-$(nproc)}"
version="$(sed -n 's/^project(cardfit VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
out=build/package

echo "== web page"
cmake --preset web-release -DCARDFIT_BUILD_TESTS=OFF >/dev/null
cmake --build --preset web-release -j "$jobs"
echo "== native release"
cmake --preset native-release >/dev/null
cmake --build --preset native-release -j "$jobs"
echo "== packages"
mkdir -p "$out"
cpack --config build/native/CPackConfig.cmake -B "$out" >/dev/null
rm -rf "$out/_CPack_Packages"
rm -f "$out/cardfit-web-$version.zip"
(cd build/web/dist && cmake -E tar cf "../../../$out/cardfit-web-$version.zip" --format=zip .)
if [ -f build/web/dist/cardfit-offline.html ]; then cp build/web/dist/cardfit-offline.html "$out/"; fi
ls -l "$out"
