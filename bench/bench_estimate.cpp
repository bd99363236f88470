// Time to estimate one scenario against the whole bundled catalog (target < 50 µs natively,
// so the UI can recompute on every keystroke). The catalog is loaded once, outside the timing.
#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "estimate.hpp"

namespace {

// The default scenario (Qwen2.5-7B BF16 inference on vLLM, 4k context) on all GPUs, with explanations.
void BM_EstimateDefaultAllGpus(benchmark::State& state) {
  const cardfit::Catalog& catalog = cardfit::bench::catalog();
  const cardfit::Scenario scenario;
  for (auto _ : state) {
    cardfit::Result<cardfit::Estimate> e = cardfit::estimate(catalog, scenario);
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_EstimateDefaultAllGpus)->Unit(benchmark::kMicrosecond);

// The same without explanation text (what the planner calls per option).
void BM_EstimateNoExplainAllGpus(benchmark::State& state) {
  const cardfit::Catalog& catalog = cardfit::bench::catalog();
  cardfit::Scenario scenario;
  scenario.explain = false;
  for (auto _ : state) {
    cardfit::Result<cardfit::Estimate> e = cardfit::estimate(catalog, scenario);
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_EstimateNoExplainAllGpus)->Unit(benchmark::kMicrosecond);

// A harder case: a 70B LoRA fine-tune with automatic ZeRO over multi-card counts.
void BM_EstimateLora70bAllGpus(benchmark::State& state) {
  const cardfit::Catalog& catalog = cardfit::bench::catalog();
  cardfit::Scenario scenario;
  scenario.model = "llama-3.1-70b";
  scenario.task = cardfit::Task::Lora;
  scenario.tokens = 1e8;
  for (auto _ : state) {
    cardfit::Result<cardfit::Estimate> e = cardfit::estimate(catalog, scenario);
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_EstimateLora70bAllGpus)->Unit(benchmark::kMicrosecond);

}  // namespace
