# Two commands do everything on a fresh Debian 12 machine (they install what is missing):
#   make run    build the web page and serve it on http://127.0.0.1:8080
#   make test   build native + WebAssembly and run every test; ends with "N passed, M failed"
# Others: make run-native (desktop app), make cli ARGS="estimate --model qwen2.5-7b",
#         make bench, make calibration (predicted vs measured), make asan, make clean.
PORT ?= 8080
JOBS ?= $(shell nproc)

.PHONY: run run-native test setup setup-test native web bench calibration asan cli clean

setup:
	@tools/setup.sh all

setup-test: setup

native: setup
	@cmake --preset native-release >/dev/null
	@cmake --build --preset native-release -j $(JOBS)

web: setup
	@cmake --preset web-release >/dev/null
	@cmake --build --preset web-release -j $(JOBS)

run: web
	@echo "cardfit: serving build/web/dist at http://127.0.0.1:$(PORT)/  (Ctrl-C to stop)"
	@cd build/web/dist && python3 -m http.server $(PORT) --bind 127.0.0.1

run-native: native
	@build/native/cardfit-gui

cli: native
	@build/native/cardfit $(ARGS)

bench: setup
	@cmake --preset native-release >/dev/null
	@cmake --build --preset native-release -j $(JOBS) --target cardfit_bench
	@build/native/bench/cardfit_bench --benchmark_repetitions=10 --benchmark_report_aggregates_only=true

calibration: setup
	@cmake --preset native-release >/dev/null
	@cmake --build --preset native-release -j $(JOBS) --target cardfit_calibration
	@build/native/tests/cardfit_calibration $(ARGS)

asan: setup
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)
	@ctest --preset asan

test: setup
	@tools/run_tests.sh

clean:
	rm -rf build
