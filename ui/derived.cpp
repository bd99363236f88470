#include "derived.hpp"

#include <algorithm>

#include "inputs.hpp"
#include "labels.hpp"
#include "messages.hpp"

namespace cardfit::ui {
namespace {

// Changes that may cure an error, most specific first; each is checked by planning with it.
std::vector<Fix> candidate_fixes(const PlanRequest& rq, const Issue& e) {
  std::vector<Fix> out;
  const std::string head = e.field.substr(0, e.field.find_first_of(".["));
  const Scenario& sc = rq.scenario;
  if (head == input_spec(Input::Precision).field) {
    // The weights each task can use: QLoRA quantises to NF4, the others train 16-bit weights.
    const std::string to = sc.task == Task::Qlora ? "nf4" : "bf16";
    out.push_back(Fix{msg::ui_fix_precision(precision_label(to)), {{input_spec(Input::Precision).key, to}}});
  }
  if (head == input_spec(Input::Prompt).field) {
    out.push_back(Fix{msg::ui_fix_prompt(tokens_label(sc.context)),
                      {{input_spec(Input::Prompt).key, std::to_string(sc.context)}}});
  }
  for (const InputSpec& s : input_specs()) {
    if (head == s.field) out.push_back(Fix{msg::ui_fix_reset(s.key), {{s.key, ""}}});
  }
  return out;
}

std::vector<Fix> find_fixes(const Catalog& catalog, const PlanRequest& rq, const std::vector<Issue>& errors) {
  std::vector<Fix> fixes;
  std::vector<std::string> results;  // the requests the fixes lead to
  for (const Issue& e : errors) {
    for (Fix& f : candidate_fixes(rq, e)) {
      if (fixes.size() >= 3) return fixes;
      if (std::any_of(fixes.begin(), fixes.end(), [&f](const Fix& g) { return g.set == f.set; })) continue;
      std::optional<PlanRequest> changed = changed_request(catalog, rq, f.set);
      if (!changed) continue;
      changed->alternatives = false;
      if (!plan(catalog, *changed).ok()) continue;
      // Two fixes that come to the same request are one (QLoRA: "use NF4" = "reset precision").
      const std::string result = encode_query(request_to_pairs(*changed));
      if (std::find(results.begin(), results.end(), result) != results.end()) continue;
      results.push_back(result);
      fixes.push_back(std::move(f));
    }
  }
  return fixes;
}

// The GPUs of the options (cheapest first), then the others that fit, at most four: the lines
// of the memory-vs-context chart, sampled from 1K to the model's longest context.
std::vector<ContextCurve> context_curves(const Catalog& catalog, const Scenario& sc, const Estimate& e, const Plan& p) {
  std::vector<std::string> gpus;
  auto add = [&gpus](const std::string& id) {
    if (gpus.size() < 4 && std::find(gpus.begin(), gpus.end(), id) == gpus.end()) gpus.push_back(id);
  };
  for (const Option& o : p.options) add(o.gpu);
  for (const GpuEstimate& g : e.gpus) {
    if (g.fit != Fit::No) add(g.gpu);
  }
  if (gpus.empty() && !e.gpus.empty()) add(e.gpus.front().gpu);
  const Model* model = sc.custom_model ? &*sc.custom_model : catalog.find_model(e.model);
  const std::int64_t cap = model && model->max_context > 0 ? std::max(model->max_context, sc.context) : sc.context;
  const std::vector<std::int64_t> xs = chart_contexts(cap, sc.context);
  std::vector<ContextCurve> out;
  for (const std::string& g : gpus) {
    Result<ContextCurve> c = memory_vs_context(catalog, sc, g, xs);
    if (c.ok()) out.push_back(std::move(*c.value));
  }
  return out;
}

CostChart cost_chart(const Plan& p) {
  CostChart c;
  for (std::size_t i = 0; i < p.options.size(); ++i) {
    const CostSpeed cs = cost_speed(p.options[i]);
    if (cs.cost <= 0 || cs.speed <= 0) continue;
    c.options.push_back(i);
    c.points.push_back(cs);
    c.qualifying.push_back(qualifies(p.options[i]));
  }
  // The line runs through the options the pick is chosen from: a tight fit or a reference price
  // may be cheaper and faster, but it is not an offer cardfit recommends.
  std::vector<std::size_t> at;
  std::vector<CostSpeed> q;
  for (std::size_t k = 0; k < c.points.size(); ++k) {
    if (c.qualifying[k]) at.push_back(k), q.push_back(c.points[k]);
  }
  for (std::size_t k : pareto_frontier(q)) c.frontier.push_back(at[k]);
  return c;
}

}  // namespace

namespace {

std::string capability_key(const UiState& state, const Derived& d) {
  const std::optional<Scenario> sc = capability_scenario(state, d);
  if (!sc) return "";
  PlanRequest r = state.request;
  r.scenario = *sc;
  // The pick's tensor-parallel cap (its offer's machine) is in no link: part of the key all the same.
  return encode_query(request_to_pairs(r)) + "#tp" + std::to_string(sc->max_tensor_parallel.value_or(0));
}

}  // namespace

std::optional<Scenario> capability_scenario(const UiState& state, const Derived& d) {
  if (!d.errors.empty()) return std::nullopt;
  Scenario sc = state.request.scenario;
  if (sc.gpu.empty()) {
    if (!d.plan || !d.plan->pick) return std::nullopt;
    sc.gpu = d.plan->pick->gpu;
    sc.cards = d.plan->pick->cards;
    sc.max_tensor_parallel = d.plan->pick->tensor_parallel;  // its layout inside one machine of its offer
  }
  sc.explain = false;
  return sc;
}

bool update_capability(const Catalog& catalog, const UiState& state, Derived& d) {
  std::string key = capability_key(state, d);
  if (key.empty() || key == d.capability.key) return false;
  Result<CardCapability> c = card_capabilities(catalog, *capability_scenario(state, d));
  d.capability.key = std::move(key);
  d.capability.errors = c.errors;
  d.capability.value = c.ok() ? std::move(c.value) : std::nullopt;
  return true;
}

const CardCapability* current_capability(const UiState& state, const Derived& d) {
  if (!d.capability.value || d.capability.key != capability_key(state, d)) return nullptr;
  return &*d.capability.value;
}

std::optional<PlanRequest> changed_request(const Catalog& catalog, const PlanRequest& request, const KeyValues& set) {
  Result<PlanRequest> r = request_from_pairs_strict(catalog, with_changes(request_to_pairs(request), set));
  if (!r.ok()) return std::nullopt;
  r.value->lang = request.lang;
  r.value->scenario.lang = request.lang;
  return std::move(*r.value);
}

void recompute(const Catalog& catalog, const UiState& state, Derived& out) {
  Scenario all = state.request.scenario;
  all.explain = false;
  auto est = estimate(catalog, all);
  auto pl = est.ok() ? plan(catalog, state.request) : Result<Plan>::failure(est.errors);
  if (!est.ok() || !pl.ok()) {
    out.errors = !est.ok() ? est.errors : pl.errors;
    out.fixes = find_fixes(catalog, state.request, out.errors);
    return;  // keep the last good results
  }
  std::string focus_gpu = state.explain_gpu;
  if (focus_gpu.empty() && pl.value->pick) focus_gpu = pl.value->pick->gpu;
  Scenario one = state.request.scenario;
  one.gpu = focus_gpu;  // "" = estimate's own choice of the just-enough GPU
  // The pick's GPU is explained in the pick's layout: a tensor-parallel group no wider than one
  // machine of its offer (docs/planner.md §1).
  if (state.explain_gpu.empty() && pl.value->pick) one.max_tensor_parallel = pl.value->pick->tensor_parallel;
  auto foc = estimate(catalog, one);
  out.curves = context_curves(catalog, state.request.scenario, *est.value, *pl.value);
  out.cost = cost_chart(*pl.value);
  out.api = api_chart(*pl.value);
  out.buy = buy_chart(*pl.value);
  out.estimate = std::move(est.value);
  out.plan = std::move(pl.value);
  out.focus = foc.ok() ? std::move(foc.value) : std::nullopt;
  out.errors.clear();
  out.fixes.clear();
}

}  // namespace cardfit::ui
