// core/plan/buy_compare.hpp (buy a consumer card or rent it) and its use by plan() with
// compare_api. The expected figures are worked by hand here from the inputs (docs/planner.md
// "Buy or rent"), never copied from output.
#include <catch2/catch.hpp>

#include <string>

#include "api_words.hpp"
#include "buy_compare.hpp"
#include "catalog_load.hpp"
#include "plan.hpp"
#include "plan_json.hpp"
#include "test_support.hpp"

using namespace cardfit;

namespace {

PlanRequest request(const std::string& gpu) {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.task = Task::Inference;
  r.scenario.gpu = gpu;
  r.compare_api = true;
  r.usd_cny = 7;
  r.top = 5;
  return r;
}

// A made-up consumer card (fixture, not a real card) with street price fields appended.
std::string fixture_gpu(const std::string& street) {
  return std::string(R"({"schema": "cardfit.gpus/1", "gpus": [{"id": "fixture-card", "name": "Fixture card", "vendor": "NVIDIA",
    "class": "consumer", "architecture": "Ada", "memory_mib": 24564, "memory_mib_basis": "driver", "memory_type": "GDDR6X",
    "memory_bandwidth_gb_per_s": 1008, "fp16_dense_tflops": 165, "fp16_acc16_dense_tflops": 330, "fp32_tflops": 82.6,
    "interconnect": "pcie", "runtime": "cuda", "fp8_path": "none", "fp4_path": "none", "pcie_gen": 4,
    "max_cards_per_node": 8, "tdp_w": 450, "mig_max_instances": 0, "ecc": false)") +
         street + R"(, "source": "transformer-math-101", "as_of": "2026-01"}]})";
}

const char* kGoodStreet = R"(, "street_price_low": 700, "street_price_high": 1000, "street_price_currency": "USD",
    "street_price_condition": "used", "street_price_as_of": "2026-02", "street_price_source": "transformer-math-101")";

}  // namespace

TEST_CASE("buy_break_even: hand-worked", "[buy_compare]") {
  // 1 card of 450 W, 24 h a day at 0.5 per kWh: 0.45 kW x 24 x 30 = 324 kWh = 162 a month.
  // 14,000 over 24 months = 583.33 a month; buying = 745.33 a month against 2,000 rent.
  // Break-even: 14,000 / (2,000 - 162) = 7.617 months.
  const BuyBreakEven b = buy_break_even(Money{14000, 14000}, 1, 450, 24, BuyTerms{24, 0.5}, Money{2000, 2000});
  CHECK(b.power_w == 450);
  CHECK(b.electricity_monthly == Approx(162));
  CHECK(b.amortised_monthly.low == Approx(14000.0 / 24));
  CHECK(b.buy_monthly.low == Approx(14000.0 / 24 + 162));
  REQUIRE(b.break_even_months);
  CHECK(b.break_even_months->low == Approx(14000.0 / 1838));
  CHECK(b.buy_cheaper);

  SECTION("two cards, a price range, 8 hours a day over 12 months") {
    // 2 x 350 W x 8 h x 30 = 168 kWh x 0.6 = 100.8; purchase 2 x (5,000..7,000) = 10,000..14,000.
    const BuyBreakEven r = buy_break_even(Money{10000, 14000}, 2, 350, 8, BuyTerms{12, 0.6}, Money{900, 900});
    CHECK(r.power_w == 700);
    CHECK(r.electricity_monthly == Approx(100.8));
    CHECK(r.amortised_monthly.low == Approx(10000.0 / 12));
    CHECK(r.amortised_monthly.high == Approx(14000.0 / 12));
    REQUIRE(r.break_even_months);
    CHECK(r.break_even_months->low == Approx(10000 / 799.2));
    CHECK(r.break_even_months->high == Approx(14000 / 799.2));
    CHECK_FALSE(r.buy_cheaper);  // 833.33 + 100.8 = 934.13 > 900 over 12 months
  }
  SECTION("rent below the electricity: buying never pays off") {
    const BuyBreakEven n = buy_break_even(Money{14000, 14000}, 1, 450, 24, BuyTerms{24, 0.5}, Money{150, 150});
    CHECK_FALSE(n.break_even_months);
    CHECK_FALSE(n.buy_cheaper);
  }
}

TEST_CASE("street_price: converted, none without a price", "[buy_compare]") {
  Gpu g;
  CHECK_FALSE(street_price(g, Currency::Cny, 7));
  g.street_price_low = 700;
  g.street_price_high = 1000;
  g.street_price_currency = "USD";
  const std::optional<Money> m = street_price(g, Currency::Cny, 7);
  REQUIRE(m);
  CHECK(m->low == Approx(4900));
  CHECK(m->high == Approx(7000));
}

TEST_CASE("plan with compare_api: whole consumer cards against buying them", "[buy_compare][plan]") {
  const Catalog& c = test::plan_catalog();
  const Gpu* g = c.find_gpu("rtx-4090");
  REQUIRE(g);
  REQUIRE(g->street_price_low > 0);
  PlanRequest r = request("rtx-4090");
  r.buy_months = 12;
  r.kwh_price = 0.8;
  const Result<Plan> res = plan(c, r);
  REQUIRE(res.ok());
  const Plan& p = *res.value;
  REQUIRE(p.api_compare);
  CHECK(p.api_compare->buy.months == 12);
  CHECK(p.api_compare->buy.kwh_price == 0.8);
  int compared = 0;
  for (const Option& o : p.options) {
    INFO(o.offer << " x" << o.cards_rented);
    if (o.cards_rented == 0) continue;
    REQUIRE(o.buy);
    ++compared;
    const int n = o.cards_rented;
    const double low = g->street_price_low * 7 * n;  // USD at 7 CNY
    CHECK(o.buy->purchase.low == Approx(low));
    CHECK(o.buy->electricity_monthly == Approx(n * g->tdp_w / 1000 * p.hours_per_day * 30 * 0.8));
    CHECK(o.buy->amortised_monthly.low == Approx(low / 12));
    CHECK(o.buy->rent_monthly.low == o.monthly_cost.low);
    const double saved = o.monthly_cost.low - o.buy->electricity_monthly;
    if (saved > 0) {
      REQUIRE(o.buy->break_even_months);
      CHECK(o.buy->break_even_months->low == Approx(low / saved));
    }
    CHECK(o.buy->source == g->street_price_source);
  }
  CHECK(compared > 0);
  REQUIRE(p.pick);
  const std::vector<Message> lines = buy_compare_lines(p, &*p.pick);
  REQUIRE(lines.size() == 1);
  CHECK(test::en(lines.front()).find("over 12 months") != std::string::npos);
  CHECK(test::zh(lines.front()).find("12 个月") != std::string::npos);
  const std::string json = plan_to_json(p, JsonStyle::Compact);
  CHECK(json.find("\"buy_months\":12") != std::string::npos);
  CHECK(json.find("\"break_even_months\"") != std::string::npos);
}

TEST_CASE("plan with compare_api: a consumer card without a street price says so", "[buy_compare][plan]") {
  Catalog c = test::plan_catalog();
  Gpu* g = nullptr;
  for (Gpu& x : c.gpus) {
    if (x.id == "rtx-4090") g = &x;
  }
  REQUIRE(g);
  g->street_price_low = 0;  // the same card as if the catalog had no street price for it
  const Result<Plan> res = plan(c, request("rtx-4090"));
  REQUIRE(res.ok());
  REQUIRE(res.value->pick);
  CHECK_FALSE(res.value->pick->buy);
  CHECK(res.value->pick->buy_unpriced);
  const std::vector<Message> lines = buy_compare_lines(*res.value, &*res.value->pick);
  REQUIRE(lines.size() == 1);
  CHECK(test::en(lines.front()).find("no dated, sourced street price") != std::string::npos);
  CHECK(test::zh(lines.front()).find("街价") != std::string::npos);
  const std::string json = plan_to_json(*res.value, JsonStyle::Compact);
  CHECK(json.find("\"buy\":null") != std::string::npos);
  CHECK(json.find("\"buy_unpriced\":true") != std::string::npos);
}

TEST_CASE("plan with compare_api: the catalog's kWh price by default, converted", "[buy_compare][plan]") {
  const Catalog& c = test::catalog();
  REQUIRE(c.defaults.electricity_cny_per_kwh > 0);
  PlanRequest r = request("rtx-4090");
  r.currency = Currency::Usd;
  const Result<Plan> res = plan(c, r);
  REQUIRE(res.ok());
  CHECK(res.value->api_compare->buy.months == 24);
  CHECK(res.value->api_compare->buy.kwh_price == Approx(c.defaults.electricity_cny_per_kwh / 7));
}

TEST_CASE("plan with compare_api: bad buying terms are refused with the input named", "[buy_compare][plan]") {
  PlanRequest r = request("rtx-4090");
  SECTION("zero months") {
    r.buy_months = 0;
    const Result<Plan> p = plan(test::plan_catalog(), r);
    REQUIRE_FALSE(p.ok());
    CHECK(p.errors.front().field == "buy_months");
    CHECK_FALSE(test::zh(p.errors.front().message).empty());
  }
  SECTION("a negative kWh price") {
    r.kwh_price = -0.5;
    const Result<Plan> p = plan(test::plan_catalog(), r);
    REQUIRE_FALSE(p.ok());
    CHECK(p.errors.front().field == "kwh_price");
    CHECK(test::en(p.errors.front().message).find("-0.5") != std::string::npos);
  }
}

TEST_CASE("the bundled street prices: consumer cards, dated, sourced", "[buy_compare][catalog]") {
  const Catalog& c = test::catalog();
  int priced = 0;
  for (const Gpu& g : c.gpus) {
    if (!(g.street_price_low > 0)) continue;
    INFO(g.id);
    ++priced;
    CHECK(g.gpu_class == GpuClass::Consumer);
    CHECK(g.street_price_high >= g.street_price_low);
    CHECK(g.street_price_as_of.size() >= 7);  // dated to the month
    CHECK(c.find_source(g.street_price_source) != nullptr);
  }
  CHECK(priced >= 3);
}

TEST_CASE("a street price is refused unless complete and ordered, the field named", "[buy_compare][catalog]") {
  auto load = [](const std::string& street) {
    return apply_overlay(test::catalog(), CatalogFile{"gpu.json", fixture_gpu(street)});
  };
  {
    const Result<Catalog> ok = load(kGoodStreet);
    INFO(test::all_errors(ok.errors));
    REQUIRE(ok.ok());
    REQUIRE(ok.value->find_gpu("fixture-card"));
    CHECK(ok.value->find_gpu("fixture-card")->street_price_high == 1000);
  }
  struct Bad {
    const char* street;
    const char* field;
  };
  const Bad cases[] = {
      {R"(, "street_price_low": 700, "street_price_high": 1000, "street_price_currency": "USD", "street_price_condition": "used", "street_price_source": "transformer-math-101")",
       "street_price_as_of"},
      {R"(, "street_price_low": 700, "street_price_high": 500, "street_price_currency": "USD", "street_price_condition": "used", "street_price_as_of": "2026-02", "street_price_source": "transformer-math-101")",
       "street_price_high"},
      {R"(, "street_price_low": 700, "street_price_high": 700, "street_price_currency": "EUR", "street_price_condition": "used", "street_price_as_of": "2026-02", "street_price_source": "transformer-math-101")",
       "street_price_currency"},
      {R"(, "street_price_low": 700, "street_price_high": 700, "street_price_currency": "USD", "street_price_condition": "refurbished", "street_price_as_of": "2026-02", "street_price_source": "transformer-math-101")",
       "street_price_condition"},
      {R"(, "street_price_low": -5, "street_price_high": 700, "street_price_currency": "USD", "street_price_condition": "new", "street_price_as_of": "2026-02", "street_price_source": "transformer-math-101")",
       "street_price_low"},
      {R"(, "street_price_as_of": "2026-02")", "street_price_low"},
  };
  for (const Bad& b : cases) {
    INFO(b.field);
    const Result<Catalog> r = load(b.street);
    REQUIRE_FALSE(r.ok());
    CHECK(test::all_errors(r.errors).find(b.field) != std::string::npos);
  }
}
