# Two commands do everything on a fresh Debian 12 machine (they install what is missing):
#   make run    build the web page and serve it on http://127.0.0.1:8080 (installs only what that needs)
#   make test   build native + WebAssembly + fuzzers and run every test; ends with "N passed, M failed"
# Others: make run-native (desktop app), make cli ARGS="estimate --model qwen2.5-7b",
#         make bench, make bench-web (page weight and start-up vs a peer), make bench-api, make calibration (predicted vs measured), make asan, make fuzz [FUZZ_SECONDS=60],
#         make vendor-kit VENDOR=vendor.json [OUT=dir] (the page for a vendor's domain, docs/embed.md),
#         make package, make windows (Windows .exe files + zip, tested under Wine), make install [PREFIX=...], make clean.
PORT ?= 8080
JOBS ?= $(shell nproc)
FUZZ_SECONDS ?= 60
PREFIX ?= /usr/local

.PHONY: run run-native test setup native web page vendor-kit bench bench-web bench-api calibration asan fuzz package windows install cli clean

setup:
	@tools/setup.sh all

native:
	@tools/setup.sh native
	@cmake --preset native-release >/dev/null
	@cmake --build --preset native-release -j $(JOBS)

# The page alone: no test tools (the web tests need node's npm packages and Chromium).
page:
	@tools/setup.sh page
	@cmake --preset web-release -DCARDFIT_BUILD_TESTS=OFF >/dev/null
	@cmake --build --preset web-release -j $(JOBS)

web: page

# The built page (build/web/dist) for a vendor's own domain: its name, colour, overlay, logo and
# page address (vendor.json, docs/embed.md) in OUT, with the one-file offline form. DIST=dir to
# use another build of the page.
VENDOR ?=
OUT ?= build/vendor-kit
DIST ?= build/web/dist
# vendor.json is checked by the native tool (`cardfit vendor --check`, the core's one check):
# build/native/cardfit, brought up to date first, or CARDFIT_CLI=path as it is.
CARDFIT_CLI ?=
vendor-kit:
	@test -n "$(VENDOR)" || { echo "make vendor-kit VENDOR=path/vendor.json [OUT=dir] (docs/embed.md)"; exit 2; }
	@test -n "$(CARDFIT_CLI)" || { tools/setup.sh native && cmake --preset native-release >/dev/null && \
	  cmake --build --preset native-release -j $(JOBS) --target cardfit >/dev/null; }
	@test -f "$(DIST)/index.html" || $(MAKE) page
	@CARDFIT_CLI="$(or $(CARDFIT_CLI),build/native/cardfit)" python3 tools/vendor_kit.py "$(VENDOR)" "$(DIST)" "$(OUT)"

run: page
	@echo "cardfit: serving build/web/dist at http://127.0.0.1:$(PORT)/  (Ctrl-C to stop)"
	@cd build/web/dist && python3 -m http.server $(PORT) --bind 127.0.0.1

run-native: native
	@build/native/cardfit-gui

cli: native
	@build/native/cardfit $(ARGS)

bench:
	@tools/setup.sh native
	@cmake --preset native-release >/dev/null
	@cmake --build --preset native-release -j $(JOBS) --target cardfit_bench
	@build/native/bench/cardfit_bench --benchmark_repetitions=10 --benchmark_report_aggregates_only=true

# The page in headless Chromium, cold loads: bytes (raw, gzip -9), time to the first frame and its
# stages, medians; beside RahulSChand/gpu_poor's built page when PEER_DIR holds it (docs/web.md).
PEER_DIR ?=
PHONE ?=
RUNS ?= 7
# LINK: also a shared link that carries a scenario (the query after "?"); ENCODING=gzip|br: sent
# compressed, as a static host sends it (docs/web.md).
LINK ?=
ENCODING ?= identity
bench-web: page
	@tools/setup.sh test
	@node bench/web/bench_web.mjs --runs $(RUNS) $(if $(PEER_DIR),--peer $(PEER_DIR)) $(if $(PHONE),--phone) \
	  $(if $(LINK),--link '$(LINK)') --encoding $(ENCODING)

# The JavaScript API per call under node next to the native core (Google Benchmark).
bench-api: page
	@tools/setup.sh native
	@cmake --preset native-release >/dev/null
	@cmake --build --preset native-release -j $(JOBS) --target cardfit_bench
	@node bench/web/bench_api.mjs

# Every calibration row (assets/catalog/measurements.json): predicted vs measured, median error per group.
calibration:
	@tools/setup.sh native
	@cmake --preset native-release >/dev/null
	@cmake --build --preset native-release -j $(JOBS) --target cardfit_calibration
	@build/native/tests/cardfit_calibration $(ARGS)

asan:
	@tools/setup.sh native
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)
	@ctest --preset asan

# libFuzzer harnesses (tests/fuzz): each runs FUZZ_SECONDS; any finding fails.
fuzz:
	@tools/setup.sh fuzz
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) tools/run_fuzzers.sh

# build/package/cardfit-<version>-Linux.{deb,tar.gz}: CLI, desktop app, man pages, completions
# and the web page (CPack; docs/install.md).
package:
	@tools/setup.sh package
	@tools/package.sh
	@if [ -x /usr/bin/x86_64-w64-mingw32-g++-posix ] && [ -f .deps/glfw/src/win32_window.c ]; then \
	  WINDOWS_TESTS=0 tools/package_windows.sh; \
	else echo "package: no Windows zip (make windows, or tools/setup.sh windows first)"; fi

# build/package/cardfit-<version>-windows-x64.zip: cardfit.exe and cardfit-gui.exe cross-compiled
# with mingw-w64 (build/windows) and tested under Wine + Xvfb (tests/windows; docs/install.md).
windows:
	@tools/setup.sh windows
	@tools/package_windows.sh

install: native
	@cmake --install build/native --prefix $(PREFIX)

test:
	@tools/setup.sh test
	@tools/run_tests.sh

clean:
	rm -rf build
