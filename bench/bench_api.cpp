// The native side of `make bench-api`: what the JavaScript API's calls do, whole, in the native
// core: the input read from its query pairs, the estimate or plan, and the answer written as
// the JSON contract (cardfit.estimate/1, cardfit.plan/1). BM_EstimateNoExplainAllGpus and
// BM_PlanDefault time the core alone; these add the reading and the writing.
#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "estimate_json.hpp"
#include "plan.hpp"
#include "plan_json.hpp"
#include "url_state.hpp"

namespace {

cardfit::PlanRequest request(const char* query) {
  auto r = cardfit::request_from_pairs_strict(cardfit::bench::catalog(), cardfit::decode_query(query));
  if (!r.ok()) std::abort();
  return *r.value;
}

// cardfit.estimate({}) (explain off, as the API's default)
void BM_ApiEstimateJson(benchmark::State& state) {
  const cardfit::Catalog& catalog = cardfit::bench::catalog();
  for (auto _ : state) {
    cardfit::PlanRequest r = request("");
    r.scenario.explain = false;
    const auto e = cardfit::estimate(catalog, r.scenario);
    std::string text = cardfit::estimate_to_json(*e.value, catalog, r.lang);
    benchmark::DoNotOptimize(text);
  }
}
BENCHMARK(BM_ApiEstimateJson)->Unit(benchmark::kMicrosecond);

// cardfit.plan({})
void BM_ApiPlanJson(benchmark::State& state) {
  const cardfit::Catalog& catalog = cardfit::bench::catalog();
  for (auto _ : state) {
    const cardfit::PlanRequest r = request("");
    const auto p = cardfit::plan(catalog, r);
    std::string text = cardfit::plan_to_json(*p.value);
    benchmark::DoNotOptimize(text);
  }
}
BENCHMARK(BM_ApiPlanJson)->Unit(benchmark::kMicrosecond);

}  // namespace
