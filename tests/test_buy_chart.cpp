// core/plan/buy_chart.hpp: the buy-or-rent chart's data. The hand-made plans' figures are worked by
// hand here (the same 450 W card, 14,000 and 0.5 per kWh as test_buy_compare.cpp's); the planned
// ones are checked against buy_compare.hpp's own function on the plan's cheapest offer.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "buy_chart.hpp"
#include "buy_compare.hpp"
#include "plan.hpp"
#include "test_support.hpp"

using namespace cardfit;

namespace {

// A plan with one option: 1 card of 450 W bought for 14,000, 24 h a day at 0.5 per kWh (162 a
// month), amortised over `months`, rented at `rent` a month (a made-up card and price).
Plan hand_plan(double rent, int months) {
  Option o;
  o.gpu = "fixture-card";
  o.cards = o.cards_rented = 1;
  o.monthly_cost = Money{rent, rent};
  o.buy = buy_break_even(Money{14000, 14000}, 1, 450, 24, BuyTerms{months, 0.5}, o.monthly_cost);
  Plan p;
  p.api_compare = ApiCompare{};
  p.options = {o};
  p.pick = o;
  return p;
}

PlanRequest request(const std::string& gpu) {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.task = Task::Inference;
  r.scenario.gpu = gpu;
  r.compare_api = true;
  r.usd_cny = 7;
  r.top = 20;
  return r;
}

}  // namespace

TEST_CASE("buy_chart: the curves and the break-even month, hand-worked", "[buy_chart][buy_compare]") {
  // 14,000 / (2,000 - 162) = 7.617 months: inside the 24 months of amortisation, so x is 0..24.
  const std::optional<BuyChart> c = buy_chart(hand_plan(2000, 24));
  REQUIRE(c);
  CHECK_FALSE(c->unpriced);
  CHECK(c->cards == 1);
  REQUIRE(c->months.size() == 25);
  CHECK(c->months.front() == 0);
  CHECK(c->months.back() == 24);
  REQUIRE(c->buy_total.size() == 25);
  REQUIRE(c->rent_total.size() == 25);
  CHECK(c->buy_total[0].low == Approx(14000));  // the card, paid up front
  CHECK(c->rent_total[0].low == 0);
  CHECK(c->buy_total[10].low == Approx(14000 + 1620));
  CHECK(c->rent_total[10].low == Approx(20000));
  REQUIRE(c->buy.break_even_months);
  CHECK(c->buy.break_even_months->low == Approx(14000.0 / 1838));
  // Renting costs less up to month 7, buying from month 8: the lines cross at the break-even.
  CHECK(c->buy_total[7].low > c->rent_total[7].low);
  CHECK(c->buy_total[8].low < c->rent_total[8].low);
  const double be = c->buy.break_even_months->low;
  CHECK(14000 + 162 * be == Approx(2000 * be));
}

TEST_CASE("buy_chart: x reaches past a late break-even, whole 6 months, at most 240", "[buy_chart][buy_compare]") {
  SECTION("rent 500: 14,000 / 338 = 41.4 months, past 24: to 42") {
    const std::optional<BuyChart> c = buy_chart(hand_plan(500, 24));
    REQUIRE(c);
    CHECK(c->buy.break_even_months->low == Approx(14000.0 / 338));
    CHECK(c->months.back() == 42);
    CHECK(c->buy_total[41].low > c->rent_total[41].low);
    CHECK(c->buy_total[42].low < c->rent_total[42].low);
  }
  SECTION("rent 200: 14,000 / 38 = 368 months: cut at 240") {
    const std::optional<BuyChart> c = buy_chart(hand_plan(200, 24));
    REQUIRE(c);
    CHECK(c->months.back() == 240);
    CHECK(c->buy_total.back().low > c->rent_total.back().low);
  }
  SECTION("rent 150, below the electricity: no break-even, x is the amortisation period") {
    const std::optional<BuyChart> c = buy_chart(hand_plan(150, 36));
    REQUIRE(c);
    CHECK_FALSE(c->buy.break_even_months);
    CHECK(c->months.back() == 36);
    for (std::size_t m = 0; m < c->months.size(); ++m) CHECK(c->buy_total[m].low > c->rent_total[m].low);
  }
}

TEST_CASE("buy_chart: the planned 4090s against their cheapest offer", "[buy_chart][buy_compare][plan]") {
  const Catalog& c = test::plan_catalog();
  PlanRequest r = request("rtx-4090");
  r.buy_months = 12;
  r.kwh_price = 0.8;
  const Result<Plan> res = plan(c, r);
  INFO(test::all_errors(res.errors));
  REQUIRE(res.ok());
  const Plan& p = *res.value;
  REQUIRE(p.pick);
  const std::optional<BuyChart> chart = buy_chart(p);
  REQUIRE(chart);
  CHECK_FALSE(chart->unpriced);
  CHECK(chart->gpu == "rtx-4090");
  CHECK(chart->cards == p.pick->cards_rented);
  const Option& rent = p.options.at(chart->option);
  CHECK(rent.gpu == "rtx-4090");
  CHECK(rent.cards_rented == chart->cards);
  // No offer for the same cards that one can rent at a price is cheaper.
  int offers = 0;
  for (const Option& o : p.options) {
    if (o.gpu != chart->gpu || o.cards_rented != chart->cards || !o.pickable || o.price_on_inquiry) continue;
    ++offers;
    CHECK(rent.monthly_cost.low <= o.monthly_cost.low);
  }
  CHECK(offers >= 1);
  // The break-even recomputed with buy_compare's function from the card's own figures.
  const Gpu& g = test::gpu("rtx-4090", c);
  const std::optional<Money> one = street_price(g, p.currency, p.usd_cny);
  REQUIRE(one);
  const int n = chart->cards;
  const BuyBreakEven b = buy_break_even(Money{one->low * n, one->high * n}, n, g.tdp_w, p.hours_per_day, BuyTerms{12, 0.8},
                                        rent.monthly_cost);
  CHECK(chart->buy.purchase.low == Approx(b.purchase.low));
  CHECK(chart->buy.electricity_monthly == Approx(b.electricity_monthly));
  CHECK(chart->buy.break_even_months.has_value() == b.break_even_months.has_value());
  if (b.break_even_months) CHECK(chart->buy.break_even_months->high == Approx(b.break_even_months->high));
  REQUIRE(chart->months.size() == chart->buy_total.size());
  REQUIRE(chart->months.size() == chart->rent_total.size());
  CHECK(chart->months.back() >= 12);
  for (std::size_t k = 0; k < chart->months.size(); ++k) {
    const double m = chart->months[k];
    CHECK(chart->buy_total[k].low == Approx(b.purchase.low + b.electricity_monthly * m));
    CHECK(chart->buy_total[k].high == Approx(b.purchase.high + b.electricity_monthly * m));
    CHECK(chart->rent_total[k].low == Approx(rent.monthly_cost.low * m));
  }
}

TEST_CASE("buy_chart: a card with no street price says so, nothing without a comparison", "[buy_chart][buy_compare][plan]") {
  SECTION("no dated street price") {
    Catalog c = test::plan_catalog();
    for (Gpu& g : c.gpus) {
      if (g.id == "rtx-4090") g.street_price_low = 0;  // as if the catalog had no street price for it
    }
    const Result<Plan> res = plan(c, request("rtx-4090"));
    REQUIRE(res.ok());
    const std::optional<BuyChart> chart = buy_chart(*res.value);
    REQUIRE(chart);
    CHECK(chart->unpriced);
    CHECK(chart->gpu == "rtx-4090");
    CHECK(chart->months.empty());
    CHECK(chart->buy_total.empty());
  }
  SECTION("compare-api off") {
    PlanRequest r = request("rtx-4090");
    r.compare_api = false;
    const Result<Plan> res = plan(test::plan_catalog(), r);
    REQUIRE(res.ok());
    CHECK_FALSE(buy_chart(*res.value));
  }
  SECTION("a data-centre card: nothing to buy") {
    const Result<Plan> res = plan(test::plan_catalog(), request("a100-80g"));
    INFO(test::all_errors(res.errors));
    REQUIRE(res.ok());
    CHECK_FALSE(buy_chart(*res.value));
  }
}
