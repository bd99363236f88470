// Time to plan one request against the whole bundled catalog (every GPU x offer x term, with
// reasons and warnings): the UI replans on every change, so this must stay well under 1 ms.
// The catalog is loaded once, outside the timing.
#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "plan.hpp"

namespace {

void run(benchmark::State& state, const cardfit::PlanRequest& request) {
  const cardfit::Catalog& catalog = cardfit::bench::catalog();
  for (auto _ : state) {
    cardfit::Result<cardfit::Plan> p = cardfit::plan(catalog, request);
    if (!p.ok()) state.SkipWithError("plan failed");
    benchmark::DoNotOptimize(p);
  }
}

// The default request: Qwen2.5-7B BF16 inference, every platform, cheapest term, no budget.
void BM_PlanDefault(benchmark::State& state) { run(state, cardfit::PlanRequest{}); }
BENCHMARK(BM_PlanDefault)->Unit(benchmark::kMicrosecond);

// A budget tier with a pick and a speed target (extra card counts are estimated).
void BM_PlanTierWithTarget(benchmark::State& state) {
  cardfit::PlanRequest r;
  r.scenario.model = "qwen2.5-14b";
  r.scenario.context = 8192;
  r.budget_tier = "3000-6000";
  r.min_tokens_per_s = 30;
  run(state, r);
}
BENCHMARK(BM_PlanTierWithTarget)->Unit(benchmark::kMicrosecond);

// The slow path: nothing fits the budget, so alternatives (precisions, KV, context, budget) are
// planned too. The 一万网络 budget guide's 70B INT8 in the 3,000-6,000 tier.
void BM_PlanNoPickAlternatives(benchmark::State& state) {
  cardfit::PlanRequest r;
  r.scenario.model = "llama-2-70b";
  r.scenario.precision = "int8";
  r.budget_tier = "3000-6000";
  r.platforms = {"yiwan"};
  run(state, r);
}
BENCHMARK(BM_PlanNoPickAlternatives)->Unit(benchmark::kMicrosecond);

}  // namespace
