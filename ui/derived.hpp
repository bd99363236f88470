// Everything the UI shows, computed by the core from UiState. Recomputed when the state
// changes; on an error the last good results stay on screen (greyed) with the errors and the
// one-click fixes that make the current state work again.
#pragma once

#include <optional>
#include <vector>

#include "api_chart.hpp"
#include "buy_chart.hpp"
#include "capability.hpp"
#include "catalog.hpp"
#include "context_curve.hpp"
#include "estimate.hpp"
#include "pareto.hpp"
#include "plan.hpp"
#include "result.hpp"
#include "ui_state.hpp"
#include "url_state.hpp"

namespace cardfit::ui {

// A change that makes a failing state plan again: its words and its link pairs (with_changes).
struct Fix {
  Message label;  // "Use NF4"
  KeyValues set;
};

// The plan's options that have a price and a speed, as chart points, and its best-value line.
struct CostChart {
  std::vector<std::size_t> options;   // indices into Plan::options
  std::vector<CostSpeed> points;      // one per entry of `options`
  std::vector<bool> qualifying;       // one per point: the option may be the pick (plan.hpp qualifies)
  std::vector<std::size_t> frontier;  // indices into `points` of the qualifying options' best-value
                                      // line, cheapest first (core/plan/pareto.hpp)
};

// What the GPU in view can do (ui/panel_capability.cpp): an estimate per model x precision, so
// computed only while its section is drawn and only when the request changed, not with the rest.
struct CapabilityView {
  std::string key;                      // the request it was computed for ("" = never)
  std::optional<CardCapability> value;  // nullopt: `errors` say why
  std::vector<Issue> errors;
};

struct Derived {
  std::optional<Estimate> estimate;  // every GPU, for the GPU table and the memory breakdown
  std::optional<Estimate> focus;     // one GPU (the pick's or the one chosen), for its formulas
  std::optional<Plan> plan;
  std::vector<ContextCurve> curves; // memory vs context of the GPUs charted (panel_charts.cpp)
  CostChart cost;                   // cost vs tokens/s of the plan's options
  std::optional<ApiChart> api;      // rent the pick or pay an API per token (api_chart.hpp); none without a comparison
  std::optional<BuyChart> buy;      // buy consumer cards or rent them (buy_chart.hpp); none without a comparison
  std::vector<Issue> errors;         // why the latest state could not be computed (empty = current)
  std::vector<Fix> fixes;            // when there are errors: changes checked to work, at most 3
  CapabilityView capability;         // what this card can do (update_capability)
};

void recompute(const Catalog& catalog, const UiState& state, Derived& out);

// The scenario "what this card can do" asks about: the chosen GPU and cards, else the pick's
// GPU and cards; nullopt when there is neither (or the state does not compute).
std::optional<Scenario> capability_scenario(const UiState& state, const Derived& derived);
// Computes Derived::capability when the request in view changed; true when it did.
bool update_capability(const Catalog& catalog, const UiState& state, Derived& derived);
// Derived::capability when it was computed for the current request (else nullptr).
const CardCapability* current_capability(const UiState& state, const Derived& derived);

// The request `request` becomes with `set` applied, when it reads; nullopt otherwise.
std::optional<PlanRequest> changed_request(const Catalog& catalog, const PlanRequest& request, const KeyValues& set);

}  // namespace cardfit::ui
