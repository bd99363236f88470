// Time to lay a large vendor price list over the bundled catalog (`cardfit catalog --validate`,
// `--catalog FILE`): 20,000 new offers must validate in well under a second, and the time must
// grow linearly with the offers (the loader finds ids through an index; "did you mean" runs
// only for entries that fail). The overlay text is built once, outside the timing.
#include <benchmark/benchmark.h>

#include <string>

#include "bench_support.hpp"
#include "catalog_load.hpp"

namespace {

// An overlay of `n` complete offers for GPUs and platforms of the bundled catalog.
std::string offers_overlay(int n) {
  const cardfit::Catalog& c = cardfit::bench::catalog();
  // A vendor's list cites itself: an overlay's sources say where its prices come from.
  std::string s = R"({"schema": "cardfit.catalog/1",)"
                  R"( "sources": [{"id": "vendor-price-list", "title": "A vendor's price list", "publisher": "vendor",)"
                  R"( "date": "2026-11", "kind": "price-page"}], "offers": [)";
  for (int i = 0; i < n; ++i) {
    const cardfit::Gpu& gpu = c.gpus[static_cast<std::size_t>(i) % c.gpus.size()];
    const cardfit::Platform& platform = c.platforms[static_cast<std::size_t>(i) % c.platforms.size()];
    if (i > 0) s += ',';
    s += R"({"id": "vendor-)" + std::to_string(i) + R"(", "platform": ")" + platform.id + R"(", "gpu": ")" + gpu.id +
         R"(", "unit": "card", "cards": 1, "slice_fraction": 1, "currency": "CNY",)"
         R"( "prices": [{"term": "hourly", "low": 1.5, "high": 2}, {"term": "monthly", "low": 900, "high": 1000}],)"
         R"( "package_multipliers": {"weekly": 0, "monthly": 0, "yearly": 0.8}, "isolation": "dedicated",)"
         R"( "interconnect": "none", "stock": "available", "source": "vendor-price-list", "as_of": "2026-11"})";
  }
  return s + "]}";
}

void BM_OverlayOffers(benchmark::State& state) {
  const cardfit::Catalog& base = cardfit::bench::catalog();
  const std::string text = offers_overlay(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    cardfit::Result<cardfit::Catalog> merged = cardfit::apply_overlay(base, cardfit::CatalogFile{"vendor.json", text});
    if (!merged.ok()) {  // an error fails the run (bench_main.cpp): a rejected overlay measures nothing
      state.SkipWithError(("overlay rejected: " + cardfit::issue_text(merged.errors.front(), cardfit::Lang::En)).c_str());
      break;
    }
    benchmark::DoNotOptimize(merged);
  }
  state.SetComplexityN(state.range(0));
  state.counters["bytes"] = static_cast<double>(text.size());
}
BENCHMARK(BM_OverlayOffers)->RangeMultiplier(4)->Range(1250, 20000)->Unit(benchmark::kMillisecond)->Complexity();

}  // namespace
