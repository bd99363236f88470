#include "context_curve.hpp"

#include <algorithm>

#include "fit.hpp"
#include "memory.hpp"
#include "resolve.hpp"
#include "units.hpp"

namespace cardfit {

std::vector<std::int64_t> chart_contexts(std::int64_t cap, std::int64_t own) {
  std::vector<std::int64_t> out;
  for (std::int64_t c = 1024; c < cap; c *= 2) out.push_back(c);
  if (cap >= 1) out.push_back(cap);
  if (own >= 1 && own <= cap) out.push_back(own);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Result<ContextCurve> memory_vs_context(const Catalog& catalog, const Scenario& scenario, const std::string& gpu,
                                       const std::vector<std::int64_t>& contexts) {
  Scenario one = scenario;
  one.gpu = gpu;
  one.explain = false;
  const Scenario sc = as_run(catalog, one);  // outlives `r`, which points at it
  Result<Resolved> rr = resolve(catalog, sc);
  if (!rr.ok()) return Result<ContextCurve>::failure(std::move(rr.errors));
  const Resolved& r = *rr.value;
  CARDFIT_ASSERT(r.gpus.size() == 1, "resolve() with scenario.gpu names one GPU");
  const Gpu& g = *r.gpus.front();
  const std::int64_t amount = r.task == Task::Inference ? sc.concurrency : sc.batch;
  const FitChoice fc = choose_cards(r, g);
  ContextCurve out;
  out.gpu = g.id;
  out.cards = fc.layout.cards;
  out.usable_bytes = to_bytes(usable_per_card(r, g, fc.layout, sc.context, amount));
  out.max_context = max_context(r, g, fc.layout);
  out.points.reserve(contexts.size());
  for (std::int64_t c : contexts) {
    CARDFIT_ASSERT(c >= 1, "a context of at least one token");
    out.points.push_back(ContextPoint{c, memory_per_card(r, &g, fc.layout, c, amount)});
  }
  return Result<ContextCurve>::success(std::move(out));
}

}  // namespace cardfit
