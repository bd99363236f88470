// The planner: scenario + budget + billing preferences -> every rentable option (GPU x card
// count x offer x term) with its monthly cost, fit, speed and warnings, the "just enough" pick
// with a one-sentence reason (zh + en), and the cheapest changes that work when nothing does.
// Pure; the cost formulas live in cost.hpp, the memory/speed model in estimate.hpp, the types
// in plan_types.hpp, the words in plan_words.hpp. docs/planner.md explains the ranking,
// formulas and warnings; the warning thresholds are catalog data (defaults.thresholds).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "plan_types.hpp"
#include "result.hpp"

namespace cardfit {

// Validates the request (errors name the PlanRequest field: "budget_tier", "budget",
// "usd_cny", "hours_per_day", "platforms", "min_tokens_per_s", "max_ttft_ms", "top";
// scenario errors come from estimate()) and plans.
// Ids may be typed in any case or as an alias (with_catalog_ids); the plan names the catalog's.
Result<Plan> plan(const Catalog& catalog, const PlanRequest& request);

// An option the pick may be: a vendor's price, a comfortable fit, within the budget and the
// targets. The pick is the cheapest of these within one machine (plan.cpp).
bool qualifies(const Option& option);
// The same but a tight fit: the pick when no option qualifies (the cheapest, one machine first).
bool qualifies_tight(const Option& option);

// The request's ids as the catalog spells them: the scenario's (scenario.hpp with_catalog_ids),
// the budget tier and the platforms. Text that names no entry stays as typed.
PlanRequest with_catalog_ids(const Catalog& catalog, PlanRequest request);

}  // namespace cardfit
