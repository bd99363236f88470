// The estimation core's entry point: estimate(catalog, scenario) -> parameter counts, the
// memory breakdown, and per GPU the card count, fit verdict, speed and training time, each
// figure with its formula, the numbers substituted and its source (docs/model.md).
// The result types are in estimate_types.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "result.hpp"
#include "scenario.hpp"

namespace cardfit {

// Validates the scenario against the catalog (errors name the field) and estimates. Ids may be
// typed in any case or as an alias (with_catalog_ids); the result names the catalog's ids.
// Planner note: set scenario.gpu and scenario.cards to evaluate one GPU at one card count,
// and scenario.explain = false when the explanations are not shown.
Result<Estimate> estimate(const Catalog& catalog, const Scenario& scenario);

// estimate() without the measurements beside each GPU row (GpuEstimate::measured stays empty):
// measured_for evaluates a serving benchmark's own conditions with it.
Result<Estimate> estimate_figures(const Catalog& catalog, const Scenario& scenario);

}  // namespace cardfit
