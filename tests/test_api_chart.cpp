// core/plan/api_chart.hpp: the rent-or-API chart's data checked against api_compare.hpp's own
// functions on the same plan. The price rows are made-up fixtures (as in test_api_compare.cpp), so
// that a price update does not break these tests; no figure here is a real price.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "api_chart.hpp"
#include "api_compare.hpp"
#include "plan.hpp"
#include "test_support.hpp"

using namespace cardfit;

namespace {

// A made-up provider's row (fixture, not a real price).
ApiPrice fixture_row(const std::string& model, const std::string& currency, double input, double hit, double output) {
  ApiPrice a;
  a.id = model + "-chart-" + currency;
  a.model = model;
  a.provider = "Fixture " + currency;
  a.currency = currency;
  a.input_per_mtok = input;
  a.cache_hit_per_mtok = hit;
  a.output_per_mtok = output;
  a.source = "transformer-math-101";
  a.as_of = "2026-01";
  return a;
}

Catalog chart_catalog() {
  Catalog c = test::plan_catalog();
  c.api_prices = {fixture_row("qwen2.5-7b", "USD", 0.5, 0.1, 2.0), fixture_row("qwen2.5-7b", "CNY", 4, 0.8, 16)};
  return c;
}

PlanRequest request(const std::string& model, Currency currency) {
  PlanRequest r;
  r.scenario.model = model;
  r.scenario.task = Task::Inference;
  r.compare_api = true;
  r.api_mix = ApiMix{3, 0.25};
  r.currency = currency;
  r.usd_cny = 7;
  r.top = 5;
  return r;
}

}  // namespace

TEST_CASE("api_chart: the crossings are api_compare's break-evens", "[api_chart][api_compare]") {
  const Catalog c = chart_catalog();
  const Result<Plan> r = plan(c, request("qwen2.5-7b", Currency::Cny));
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  const Plan& p = *r.value;
  REQUIRE(p.pick);
  const std::optional<ApiChart> chart = api_chart(p);
  REQUIRE(chart);
  const Option& pick = *p.pick;
  CHECK(chart->rent_monthly.low == pick.monthly_cost.low);
  CHECK(chart->rent_monthly.high == pick.monthly_cost.high);
  REQUIRE(chart->lines.size() == p.api_compare->quotes.size());
  REQUIRE(std::is_sorted(chart->tokens_per_day.begin(), chart->tokens_per_day.end()));
  for (const ApiChartLine& line : chart->lines) {
    const ApiQuote& q = p.api_compare->quotes[line.quote];
    INFO(q.id);
    // The break-even recomputed with api_compare's function from the pick's own figures.
    const ApiBreakEven b = api_break_even(q, pick.monthly_cost, p.hours_per_day, pick.aggregate_tokens_per_s, p.api_compare->mix);
    CHECK(line.break_even_tokens_per_day.low == Approx(b.break_even_tokens_per_day.low).epsilon(1e-12));
    CHECK(line.break_even_tokens_per_day.high == Approx(b.break_even_tokens_per_day.high).epsilon(1e-12));
    CHECK(line.rent_can_win == b.rent_can_win);
    CHECK(chart->capacity_tokens_per_day == Approx(b.capacity_tokens_per_day).epsilon(1e-12));
    // There the API's bill is the rent: the lines cross.
    CHECK(api_monthly_cost(q, line.break_even_tokens_per_day.low) == Approx(pick.monthly_cost.low).epsilon(1e-9));
    CHECK(api_monthly_cost(q, line.break_even_tokens_per_day.high) == Approx(pick.monthly_cost.high).epsilon(1e-9));
    // The x range reaches at least a decade past the break-even and the capacity on both sides.
    for (double v : {line.break_even_tokens_per_day.low, line.break_even_tokens_per_day.high, chart->capacity_tokens_per_day}) {
      CHECK(chart->tokens_per_day.front() <= v / 10);
      CHECK(chart->tokens_per_day.back() >= v * 10);
    }
    // Below the break-even the API is cheaper, above it renting (sampled points either side).
    REQUIRE(line.monthly.size() == chart->tokens_per_day.size());
    for (std::size_t k = 0; k < line.monthly.size(); ++k) {
      const double x = chart->tokens_per_day[k];
      if (x < line.break_even_tokens_per_day.low) CHECK(line.monthly[k] < pick.monthly_cost.low);
      if (x > line.break_even_tokens_per_day.high) CHECK(line.monthly[k] > pick.monthly_cost.high);
    }
  }
}

TEST_CASE("api_chart: each API line is the per-token price times the volume", "[api_chart][api_compare]") {
  const Catalog c = chart_catalog();
  const PlanRequest rq = request("qwen2.5-7b", Currency::Cny);
  const Result<Plan> r = plan(c, rq);
  REQUIRE(r.ok());
  const std::optional<ApiChart> chart = api_chart(*r.value);
  REQUIRE(chart);
  REQUIRE(chart->lines.size() == c.api_prices.size());
  for (std::size_t i = 0; i < chart->lines.size(); ++i) {
    // The blended price of the row at the request's mix (api_quote), per token, times tokens a
    // month (30 days, cost.hpp kDaysPerMonth).
    const double per_mtok = api_quote(c.api_prices[i], rq.api_mix, Currency::Cny, rq.usd_cny).per_mtok;
    INFO(c.api_prices[i].id);
    for (std::size_t k = 0; k < chart->tokens_per_day.size(); ++k) {
      const double x = chart->tokens_per_day[k];
      CHECK(chart->lines[i].monthly[k] == Approx(x * kDaysPerMonth * per_mtok / 1e6).epsilon(1e-12));
    }
  }
}

TEST_CASE("api_chart: a CNY plan prices a USD row in CNY at the plan's rate", "[api_chart][api_compare]") {
  const Catalog c = chart_catalog();
  const Result<Plan> cny = plan(c, request("qwen2.5-7b", Currency::Cny));
  const Result<Plan> usd = plan(c, request("qwen2.5-7b", Currency::Usd));
  REQUIRE(cny.ok());
  REQUIRE(usd.ok());
  const std::optional<ApiChart> in_cny = api_chart(*cny.value);
  const std::optional<ApiChart> in_usd = api_chart(*usd.value);
  REQUIRE(in_cny);
  REQUIRE(in_usd);
  const double rate = cny.value->usd_cny;
  REQUIRE(rate > 0);
  const ApiPrice& usd_row = c.api_prices[0];
  REQUIRE(usd_row.currency == "USD");
  const ApiQuote usd_quote = api_quote(usd_row, cny.value->api_compare->mix, Currency::Usd, rate);
  for (std::size_t k = 0; k < in_cny->tokens_per_day.size(); ++k) {
    const double x = in_cny->tokens_per_day[k];
    CHECK(in_cny->lines[0].monthly[k] == Approx(api_monthly_cost(usd_quote, x) * rate).epsilon(1e-12));
  }
  // The same pick in either currency: the volume where renting starts to pay is the same.
  if (cny.value->pick->offer == usd.value->pick->offer && cny.value->pick->cards == usd.value->pick->cards) {
    CHECK(in_cny->lines[0].break_even_tokens_per_day.low ==
          Approx(in_usd->lines[0].break_even_tokens_per_day.low).epsilon(1e-9));
  }
}

TEST_CASE("api_chart: nothing to draw without a price row or a comparison", "[api_chart][api_compare]") {
  const Catalog c = chart_catalog();
  SECTION("a model with no API price") {
    const Result<Plan> r = plan(c, request("llama-2-7b", Currency::Cny));
    REQUIRE(r.ok());
    REQUIRE(r.value->api_compare);
    CHECK(r.value->api_compare->quotes.empty());
    CHECK_FALSE(api_chart(*r.value));
  }
  SECTION("no comparison asked for") {
    PlanRequest rq = request("qwen2.5-7b", Currency::Cny);
    rq.compare_api = false;
    const Result<Plan> r = plan(c, rq);
    REQUIRE(r.ok());
    CHECK_FALSE(api_chart(*r.value));
  }
  SECTION("no pick") {
    const Result<Plan> r = plan(c, request("qwen2.5-7b", Currency::Cny));
    REQUIRE(r.ok());
    Plan p = *r.value;
    p.pick.reset();
    CHECK_FALSE(api_chart(p));
  }
}
