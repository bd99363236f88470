// core/plan/pareto.hpp: the Pareto frontier of cost and speed, checked by its properties on
// random points (fixed seed) and on hand-made ties.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "pareto.hpp"
#include "plan.hpp"
#include "test_support.hpp"

using namespace cardfit;

namespace {

bool on_frontier(const std::vector<std::size_t>& f, std::size_t i) { return std::find(f.begin(), f.end(), i) != f.end(); }

// No frontier point is dominated; every other point is dominated by a frontier point; the
// frontier runs cheapest (and slowest) first.
void check_properties(const std::vector<CostSpeed>& pts) {
  const std::vector<std::size_t> f = pareto_frontier(pts);
  for (std::size_t i = 0; i < pts.size(); ++i) {
    INFO("point " << i << ": " << pts[i].cost << " / " << pts[i].speed);
    if (on_frontier(f, i)) {
      for (const CostSpeed& q : pts) CHECK_FALSE(dominates(q, pts[i]));
    } else {
      CHECK(std::any_of(f.begin(), f.end(), [&](std::size_t k) { return dominates(pts[k], pts[i]); }));
    }
  }
  for (std::size_t k = 1; k < f.size(); ++k) {
    CHECK(pts[f[k - 1]].cost <= pts[f[k]].cost);
    CHECK(pts[f[k - 1]].speed <= pts[f[k]].speed);
  }
  CHECK(f.empty() == pts.empty());
}

}  // namespace

TEST_CASE("pareto: domination means no dearer, no slower, and better in one", "[pareto]") {
  CHECK(dominates({1, 10}, {2, 10}));
  CHECK(dominates({1, 10}, {1, 5}));
  CHECK_FALSE(dominates({1, 10}, {1, 10}));  // equal
  CHECK_FALSE(dominates({1, 5}, {2, 10}));   // cheaper but slower
}

TEST_CASE("pareto: properties on random points, with ties", "[pareto]") {
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> small(0, 6);  // few distinct values: many ties
  for (int round = 0; round < 200; ++round) {
    std::vector<CostSpeed> pts(static_cast<std::size_t>(small(rng) * 2));
    for (CostSpeed& p : pts) p = {100.0 * small(rng), 10.0 * small(rng)};
    check_properties(pts);
  }
}

TEST_CASE("pareto: equal points are all kept, a same-cost slower one is not", "[pareto]") {
  const std::vector<CostSpeed> pts{{300, 50}, {100, 20}, {100, 20}, {100, 10}, {200, 20}, {400, 40}};
  CHECK(pareto_frontier(pts) == std::vector<std::size_t>{1, 2, 0});
}

TEST_CASE("pareto: on a plan, options are charted at their monthly cost and total tokens/s", "[pareto]") {
  PlanRequest rq;
  rq.scenario.model = "qwen2.5-7b";
  Result<Plan> p = plan(cardfit::test::catalog(), rq);
  REQUIRE(p.ok());
  REQUIRE_FALSE(p.value->options.empty());
  std::vector<CostSpeed> pts;
  for (const Option& o : p.value->options) {
    pts.push_back(cost_speed(o));
    CHECK(pts.back().cost == o.monthly_cost.high);
    CHECK(pts.back().speed == o.aggregate_tokens_per_s);
  }
  check_properties(pts);
  // The cheapest option (the fastest of equal costs) is always on the frontier.
  const std::vector<std::size_t> f = pareto_frontier(pts);
  const auto cheapest = std::min_element(pts.begin(), pts.end(), [](const CostSpeed& a, const CostSpeed& b) {
    return a.cost < b.cost || (a.cost == b.cost && a.speed > b.speed);
  });
  CHECK(on_frontier(f, static_cast<std::size_t>(cheapest - pts.begin())));
}
