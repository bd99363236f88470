#include "derived.hpp"

namespace cardfit::ui {

void recompute(const Catalog& catalog, const UiState& state, Derived& out) {
  Scenario all = state.request.scenario;
  all.explain = false;
  auto est = estimate(catalog, all);
  auto pl = est.ok() ? plan(catalog, state.request) : Result<Plan>::failure(est.errors);
  if (!est.ok() || !pl.ok()) {
    out.errors = !est.ok() ? est.errors : pl.errors;
    return;  // keep the last good results
  }
  std::string focus_gpu = state.explain_gpu;
  if (focus_gpu.empty() && pl.value->pick) focus_gpu = pl.value->pick->gpu;
  Scenario one = state.request.scenario;
  one.gpu = focus_gpu;  // "" = estimate's own choice of the just-enough GPU
  auto foc = estimate(catalog, one);
  out.estimate = std::move(est.value);
  out.plan = std::move(pl.value);
  out.focus = foc.ok() ? std::move(foc.value) : std::nullopt;
  out.errors.clear();
}

}  // namespace cardfit::ui
