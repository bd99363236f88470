// The options worth considering on cost and speed: the Pareto frontier of (monthly cost,
// tokens/s), cheaper and faster both better. The "cost vs speed" chart draws it as a line.
#pragma once

#include <cstddef>
#include <vector>

#include "plan_types.hpp"

namespace cardfit {

struct CostSpeed {
  double cost = 0;   // per month, the plan's currency (lower is better)
  double speed = 0;  // tokens/s (higher is better)
};

// An option on the chart: its monthly cost (the top of a price range) and the tokens/s of all
// its sequences together (aggregate_tokens_per_s).
CostSpeed cost_speed(const Option& option);

// a dominates b: no dearer, no slower, and cheaper or faster.
bool dominates(const CostSpeed& a, const CostSpeed& b);

// Indices of the points no other point dominates, cheapest first (so slowest first); equal
// points are all kept (none dominates another), in index order. O(n^2).
std::vector<std::size_t> pareto_frontier(const std::vector<CostSpeed>& points);

}  // namespace cardfit
