// The benchmarks' main: Google Benchmark's own, except that a benchmark ending in an error
// (SkipWithError) fails the run with exit code 1, so that `make bench` cannot succeed on a
// benchmark that measured nothing. --benchmark_format=json still gives JSON (bench/web/bench_api.mjs).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

// Google Benchmark 1.7 marks an errored run with error_occurred, 1.8 with skipped.
template <class R>
auto errored(const R& run, int) -> decltype(bool(run.error_occurred)) {
  return run.error_occurred;
}
template <class R>
auto errored(const R& run, long) -> decltype(bool(run.skipped)) {
  return bool(run.skipped);
}

// Passes everything to the reporter the format asks for and notes the runs that errored.
class ErrorCounting : public benchmark::BenchmarkReporter {
 public:
  explicit ErrorCounting(std::unique_ptr<benchmark::BenchmarkReporter> inner) : inner_(std::move(inner)) {}
  bool ReportContext(const Context& context) override { return inner_->ReportContext(context); }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (errored(r, 0)) failed.insert(r.benchmark_name());
    }
    inner_->ReportRuns(runs);
  }
  void Finalize() override { inner_->Finalize(); }
  std::set<std::string> failed;  // once each, however many repetitions errored

 private:
  std::unique_ptr<benchmark::BenchmarkReporter> inner_;
};

std::unique_ptr<benchmark::BenchmarkReporter> reporter_for(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--benchmark_format=json") == 0) return std::make_unique<benchmark::JSONReporter>();
  }
  return std::make_unique<benchmark::ConsoleReporter>();
}

}  // namespace

int main(int argc, char** argv) {
  ErrorCounting reporter(reporter_for(argc, argv));  // read before Initialize removes the flags
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  for (const std::string& name : reporter.failed) std::fprintf(stderr, "benchmark failed: %s\n", name.c_str());
  return reporter.failed.empty() ? 0 : 1;
}
