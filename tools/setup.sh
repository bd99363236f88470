#!/usr/bin/env bash
# Installs what one kind of work needs on Debian 12, idempotently: Debian packages, the
# Dear ImGui 1.86 and nayuki's QR Code generator 1.8.0 sources (Debian source packages,
# sha256-pinned, fetched without touching the system's apt sources) and the pinned npm test
# packages. Fast when all is present.
# Usage: tools/setup.sh [page|native|fuzz|package|test|all]   (default: all)
#   page     building and serving the web page (`make run`): no browser or Xvfb; npm's closure
#            compiler when npm is there
#   native   the CLI and desktop app (`make run-native`, `make cli`, `make bench`)
#   fuzz     native + clang and its fuzzer runtime (`make fuzz`)
#   package  native + page + dpkg tools (`make package`)
#   windows  native + the mingw-w64 cross compiler, Wine and Xvfb, and the GLFW 3.3.8 source
#            (Debian's glfw3 source package, like Dear ImGui's) for `make windows`
#   test     everything `make test` runs: all of the above plus Xvfb, Chromium and npm
set -euo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
what="${1:-all}"

common_pkgs=(cmake ninja-build ccache nlohmann-json3-dev python3-fonttools fonts-dejavu-core
             fonts-droid-fallback xz-utils)
page_pkgs=(emscripten libstb-dev)
native_pkgs=(g++ libglfw3-dev libgl-dev libcli11-dev catch2 libbenchmark-dev libstb-dev)
fuzz_pkgs=(clang-14 libclang-rt-14-dev)
package_pkgs=(dpkg-dev file)
test_pkgs=(xvfb xauth libgl1-mesa-dri chromium nodejs npm zbar-tools)
# Windows x64 cross build (posix threads: std::thread/std::mutex) and its test under Wine + Xvfb.
windows_pkgs=(g++-mingw-w64-x86-64-posix gcc-mingw-w64-x86-64-posix mingw-w64-x86-64-dev wine wine64
              xvfb xauth x11-apps imagemagick zip)
case "$what" in
  page|web) pkgs=("${common_pkgs[@]}" "${page_pkgs[@]}") ;;
  native) pkgs=("${common_pkgs[@]}" "${native_pkgs[@]}") ;;
  fuzz) pkgs=("${common_pkgs[@]}" "${native_pkgs[@]}" "${fuzz_pkgs[@]}") ;;
  package) pkgs=("${common_pkgs[@]}" "${native_pkgs[@]}" "${page_pkgs[@]}" "${package_pkgs[@]}") ;;
  windows) pkgs=("${common_pkgs[@]}" "${native_pkgs[@]}" "${windows_pkgs[@]}") ;;
  test|all) pkgs=("${common_pkgs[@]}" "${native_pkgs[@]}" "${page_pkgs[@]}" "${fuzz_pkgs[@]}" "${package_pkgs[@]}"
                  "${test_pkgs[@]}") ;;
  *) echo "setup.sh: unknown target '$what' (page|native|fuzz|package|windows|test|all)" >&2; exit 2 ;;
esac

missing=()
for p in "${pkgs[@]}"; do
  # Node may come from NodeSource instead of Debian (its nodejs package bundles npm):
  # a working `node` and `npm` are enough.
  if { [ "$p" = nodejs ] || [ "$p" = npm ]; } && command -v node >/dev/null && command -v npm >/dev/null; then continue; fi
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Sources from Debian's source packages (sha256-pinned), fetched without touching the system's
# apt sources: fetch_source PACKAGE=VERSION ORIG_TARBALL SHA256 DEST
fetch_source() {
  local work; work="$(mktemp -d)"
  mkdir -p "$work/lists/partial" "$work/cache/archives/partial"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main" > "$work/sources.list"
  local apt_opts=(-o "Dir::Etc::SourceList=$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
                  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o APT::Sandbox::User=root)
  apt-get "${apt_opts[@]}" update -qq
  # --tar-only: the upstream tarball is all that is built (the Debian packaging of some is not on the mirror)
  (cd "$work" && apt-get "${apt_opts[@]}" source --download-only --tar-only "$1" >/dev/null)
  echo "$3  $work/$2" | sha256sum -c --quiet
  rm -rf "$4"; mkdir -p "$4"
  tar -xf "$work/$2" -C "$4" --strip-components=1
  rm -rf "$work"
}

# Dear ImGui 1.86 from Debian's source package into .deps/imgui (gitignored).
if [ "$what" != fuzz ] && [ ! -f "$top/.deps/imgui/imgui.cpp" ]; then  # the fuzz build has no UI
  fetch_source imgui=1.86+ds-1 imgui_1.86+ds.orig.tar.xz \
    0dace0e8e57d298eb6e93af12dc19420cb96330832f6495c733b90aeeef11f64 "$top/.deps/imgui"
  echo "setup: Dear ImGui 1.86 source in .deps/imgui"
fi

# GLFW 3.3.8 from Debian's source package into .deps/glfw (gitignored): the Windows build
# compiles it with mingw-w64 (cmake/glfw-source.cmake); Linux uses Debian's libglfw3-dev.
if [ "$what" = windows ] && [ ! -f "$top/.deps/glfw/src/win32_window.c" ]; then
  fetch_source glfw3=3.3.8-1 glfw3_3.3.8.orig.tar.gz \
    f30f42e05f11e5fc62483e513b0488d5bceeab7d9c5da0ffe2252ad81816c713 "$top/.deps/glfw"
  echo "setup: GLFW 3.3.8 source in .deps/glfw"
fi

# nayuki's QR Code generator 1.8.0 (the result card's QR code, core/io/card.cpp) from Debian's
# source package qr-code-generator into .deps/qrcodegen (gitignored): its C library is compiled
# into the core, natively and for the page alike (cmake/qrcodegen.cmake).
if [ ! -f "$top/.deps/qrcodegen/c/qrcodegen.c" ]; then
  fetch_source qr-code-generator=1.8.0-1.1 qr-code-generator_1.8.0.orig.tar.gz \
    2ec0a4d33d6f521c942eeaf473d42d5fe139abcfa57d2beffe10c5cf7d34ae60 "$top/.deps/qrcodegen"
  echo "setup: QR Code generator 1.8.0 source in .deps/qrcodegen"
fi

# npm packages, pinned by package-lock.json: the test driver (playwright-core) and the closure
# compiler that minifies the page's JavaScript (Debian's is too old). The page builds without
# it (unminified), so `page` installs it only where npm already is.
if [ "$what" = test ] || [ "$what" = all ] || { [ "$what" != native ] && [ "$what" != fuzz ] && [ "$what" != windows ] && command -v npm >/dev/null; }; then
  if [ ! -d "$top/node_modules/playwright-core" ] || [ ! -x "$top/node_modules/.bin/google-closure-compiler" ]; then
    (cd "$top" && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
