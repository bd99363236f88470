#include "pareto.hpp"

namespace cardfit {

CostSpeed cost_speed(const Option& option) { return CostSpeed{option.monthly_cost.high, option.aggregate_tokens_per_s}; }

bool dominates(const CostSpeed& a, const CostSpeed& b) {
  return a.cost <= b.cost && a.speed >= b.speed && (a.cost < b.cost || a.speed > b.speed);
}

std::vector<std::size_t> pareto_frontier(const std::vector<CostSpeed>& points) {
  // Every point against every other (a plan lists at most a few hundred options), each one kept
  // placed by cost: on the frontier a dearer point is a faster one. No sort: the page stays small.
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < points.size(); ++i) {
    bool dominated = false;
    for (const CostSpeed& q : points) dominated = dominated || dominates(q, points[i]);
    if (dominated) continue;
    auto at = out.end();
    while (at != out.begin() && points[*(at - 1)].cost > points[i].cost) --at;
    out.insert(at, i);
  }
  return out;
}

}  // namespace cardfit
