#include "pareto.hpp"

#include <algorithm>

namespace cardfit {

CostSpeed cost_speed(const Option& option) { return CostSpeed{option.monthly_cost.high, option.aggregate_tokens_per_s}; }

bool dominates(const CostSpeed& a, const CostSpeed& b) {
  return a.cost <= b.cost && a.speed >= b.speed && (a.cost < b.cost || a.speed > b.speed);
}

std::vector<std::size_t> pareto_frontier(const std::vector<CostSpeed>& points) {
  // Cheapest first, the faster of equal costs first: a point is on the frontier when it is
  // faster than every cheaper one, or equals the last frontier point.
  std::vector<std::size_t> order(points.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (points[a].cost != points[b].cost) return points[a].cost < points[b].cost;
    return points[a].speed > points[b].speed;
  });
  std::vector<std::size_t> out;
  for (std::size_t i : order) {
    const CostSpeed& p = points[i];
    if (out.empty() || p.speed > points[out.back()].speed ||
        (p.speed == points[out.back()].speed && p.cost == points[out.back()].cost)) {
      out.push_back(i);
    }
  }
  return out;
}

}  // namespace cardfit
