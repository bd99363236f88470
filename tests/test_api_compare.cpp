// core/plan/api_compare.hpp (rent or pay per token) and its use by plan() with compare_api.
// The prices are fixture rows written here, not the bundled api_prices.json, so that a price
// update does not break these tests; the expected figures are worked by hand in the comments.
#include <catch2/catch.hpp>

#include <string>

#include "api_compare.hpp"
#include "api_words.hpp"
#include "catalog_load.hpp"
#include "plan.hpp"
#include "plan_json.hpp"
#include "test_support.hpp"

using namespace cardfit;

namespace {

// A made-up provider's row (fixture, not a real price): USD per 1M tokens.
ApiPrice fixture_price(const std::string& model) {
  ApiPrice a;
  a.id = model + "-fixture";
  a.model = model;
  a.provider = "Fixture";
  a.currency = "USD";
  a.input_per_mtok = 0.5;
  a.cache_hit_per_mtok = 0.1;
  a.output_per_mtok = 2.0;
  a.source = "transformer-math-101";
  a.as_of = "2026-01";
  return a;
}

const Catalog& priced_catalog() {
  static const Catalog c = [] {
    Catalog x = test::plan_catalog();
    x.api_prices = {fixture_price("qwen2.5-7b")};
    return x;
  }();
  return c;
}

PlanRequest request(const std::string& model) {
  PlanRequest r;
  r.scenario.model = model;
  r.scenario.task = Task::Inference;
  r.compare_api = true;
  r.usd_cny = 7;
  r.top = 5;
  return r;
}

}  // namespace

TEST_CASE("api_quote: the blended price at a stated mix, converted", "[api_compare]") {
  const ApiPrice a = fixture_price("m");
  // r = 3 input tokens per output token, h = 0.5 of them cache hits:
  // input = 0.5 x 0.1 + 0.5 x 0.5 = 0.3; per 1M = (3 x 0.3 + 2.0) / 4 = 0.725 USD = 5.075 CNY at 7.
  const ApiQuote usd = api_quote(a, ApiMix{3, 0.5}, Currency::Usd, 7);
  CHECK(usd.per_mtok == Approx(0.725).epsilon(1e-12));
  const ApiQuote cny = api_quote(a, ApiMix{3, 0.5}, Currency::Cny, 7);
  CHECK(cny.per_mtok == Approx(5.075).epsilon(1e-12));
  // Output only (r = 0): the output price. No cache hits, 1:1: (0.5 + 2) / 2 = 1.25.
  CHECK(api_quote(a, ApiMix{0, 0}, Currency::Usd, 7).per_mtok == Approx(2.0));
  CHECK(api_quote(a, ApiMix{1, 0}, Currency::Usd, 7).per_mtok == Approx(1.25));
}

TEST_CASE("api_break_even: hand-worked from a fixture row", "[api_compare]") {
  const ApiMix mix{3, 0.5};
  const ApiQuote q = api_quote(fixture_price("m"), mix, Currency::Cny, 7);  // 5.075 CNY per 1M
  SECTION("renting wins above the break-even") {
    // 3,000 CNY a month, 24 h a day, 100 output tok/s: capacity = 100 x 3600 x 24 x (1 + 3)
    // = 34,560,000 tokens a day; rent per 1M = 3000 / 30 / 34.56 = 2.8935 CNY;
    // break-even = (3000 / 30) / 5.075 x 1e6 = 19,704,433 tokens a day (< capacity).
    const ApiBreakEven b = api_break_even(q, Money{3000, 3000}, 24, 100, mix);
    CHECK(b.capacity_tokens_per_day == Approx(34'560'000));
    CHECK(b.rent_per_mtok.low == Approx(2.893518518).epsilon(1e-9));
    CHECK(b.break_even_tokens_per_day.low == Approx(19'704'433.5).epsilon(1e-9));
    CHECK(b.rent_can_win);
  }
  SECTION("the API wins when the break-even is beyond what the option can serve") {
    // 10 output tok/s: capacity 3,456,000 a day < 19,704,433; rent per 1M = 28.935 > 5.075.
    const ApiBreakEven b = api_break_even(q, Money{3000, 3000}, 24, 10, mix);
    CHECK(b.rent_per_mtok.low == Approx(28.93518518).epsilon(1e-9));
    CHECK_FALSE(b.rent_can_win);
  }
  SECTION("hours a day shrink the capacity, not the break-even") {
    // 8 h a day: capacity 11,520,000; the monthly rent is the same, so the break-even is too.
    const ApiBreakEven b = api_break_even(q, Money{3000, 3600}, 8, 100, mix);
    CHECK(b.capacity_tokens_per_day == Approx(11'520'000));
    CHECK(b.break_even_tokens_per_day.low == Approx(19'704'433.5).epsilon(1e-9));
    CHECK(b.break_even_tokens_per_day.high == Approx(3600 / 30.0 / 5.075 * 1e6));
    CHECK_FALSE(b.rent_can_win);
  }
}

TEST_CASE("plan with compare_api: each option against the model's API price", "[api_compare][plan]") {
  const Result<Plan> r = plan(priced_catalog(), request("qwen2.5-7b"));
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  const Plan& p = *r.value;
  REQUIRE(p.api_compare);
  REQUIRE(p.api_compare->quotes.size() == 1);
  const ApiQuote& q = p.api_compare->quotes.front();
  CHECK(q.id == "qwen2.5-7b-fixture");
  // Default mix: 3 input tokens per output token, no cache hits: (3 x 0.5 + 2) / 4 = 0.875 USD.
  CHECK(q.per_mtok == Approx(0.875 * 7));
  REQUIRE_FALSE(p.options.empty());
  for (const Option& o : p.options) {
    INFO(o.offer << " x" << o.cards);
    REQUIRE(o.api_compare.size() == 1);
    const ApiBreakEven& b = o.api_compare.front();
    // The option's own figures through the formula (docs/model.md "Rent or pay per token").
    const double capacity = o.aggregate_tokens_per_s * 3600 * p.hours_per_day * 4;
    CHECK(b.capacity_tokens_per_day == Approx(capacity));
    CHECK(b.break_even_tokens_per_day.low == Approx(o.monthly_cost.low / 30 / q.per_mtok * 1e6));
    CHECK(b.rent_can_win == (b.break_even_tokens_per_day.low <= capacity));
    // Per 1M tokens at full use it is the option's cost per 1M output tokens spread over 4 tokens.
    REQUIRE(o.cost_per_million_tokens);
    CHECK(b.rent_per_mtok.low == Approx(o.cost_per_million_tokens->low / 4));
  }
  const std::vector<Message> lines = api_compare_lines(p, p.pick ? &*p.pick : nullptr);
  REQUIRE(lines.size() == 1);
  CHECK(test::en(lines.front()).find("Fixture API (2026-01)") != std::string::npos);
  CHECK(test::zh(lines.front()).find("Fixture API") != std::string::npos);
  const std::string json = plan_to_json(p, JsonStyle::Compact);
  CHECK(json.find("\"api_compare\":{\"input_per_output\":3.0,\"cache_hit_share\":0.0,\"priced\":true") != std::string::npos);
  CHECK(json.find("\"break_even_tokens_per_day\"") != std::string::npos);
}

// A made-up CNY row in the shape of 百炼/DashScope's and bigmodel.cn's pages (fixture, not a real
// price): CNY per 1M tokens.
ApiPrice fixture_cny_price(const std::string& model) {
  ApiPrice a = fixture_price(model);
  a.id = model + "-fixture-cny";
  a.provider = "Fixture CN";
  a.currency = "CNY";
  a.input_per_mtok = 4;
  a.cache_hit_per_mtok = 0.8;
  a.output_per_mtok = 16;
  return a;
}

TEST_CASE("plan with compare_api: a CNY row is compared in the plan's currency, beside a USD row", "[api_compare][plan]") {
  Catalog c = test::plan_catalog();
  c.api_prices = {fixture_price("qwen2.5-7b"), fixture_cny_price("qwen2.5-7b")};
  const double usd_cny = 7;
  // Default mix (3:1, no cache hits): CNY row (3 x 4 + 16) / 4 = 7 CNY per 1M; USD row
  // (3 x 0.5 + 2) / 4 = 0.875 USD per 1M.
  const double cny_row_cny = (3 * 4.0 + 16) / 4;
  const double usd_row_usd = (3 * 0.5 + 2) / 4;
  for (const Currency currency : {Currency::Cny, Currency::Usd}) {
    PlanRequest req = request("qwen2.5-7b");
    req.currency = currency;
    req.usd_cny = usd_cny;
    const Result<Plan> r = plan(c, req);
    INFO(test::all_errors(r.errors));
    REQUIRE(r.ok());
    const Plan& p = *r.value;
    REQUIRE(p.api_compare);
    REQUIRE(p.api_compare->quotes.size() == 2);
    const ApiQuote& usd = p.api_compare->quotes[0];
    const ApiQuote& cny = p.api_compare->quotes[1];
    CHECK(cny.id == "qwen2.5-7b-fixture-cny");
    CHECK(cny.currency == "CNY");  // the row's own prices stay in its currency
    CHECK(cny.input_per_mtok == 4);
    const bool in_cny = currency == Currency::Cny;
    CHECK(cny.per_mtok == Approx(in_cny ? cny_row_cny : cny_row_cny / usd_cny).epsilon(1e-12));
    CHECK(usd.per_mtok == Approx(in_cny ? usd_row_usd * usd_cny : usd_row_usd).epsilon(1e-12));
    REQUIRE_FALSE(p.options.empty());
    for (const Option& o : p.options) {
      INFO(o.offer << " x" << o.cards);
      REQUIRE(o.api_compare.size() == 2);
      const ApiBreakEven& b = o.api_compare[1];
      CHECK(b.price_id == cny.id);
      // break-even a day = monthly / 30 / api per 1M x 1e6, both in the plan's currency.
      CHECK(b.break_even_tokens_per_day.low == Approx(o.monthly_cost.low / 30 / cny.per_mtok * 1e6));
      CHECK(b.break_even_tokens_per_day.high == Approx(o.monthly_cost.high / 30 / cny.per_mtok * 1e6));
      const double capacity = o.aggregate_tokens_per_s * 3600 * p.hours_per_day * 4;
      CHECK(b.rent_can_win == (b.break_even_tokens_per_day.low <= capacity));
    }
  }
  // The same rows a cache-hit share of 1/2 makes cheaper: input (0.8 + 4) / 2 = 2.4, so
  // (3 x 2.4 + 16) / 4 = 5.8 CNY per 1M.
  CHECK(api_quote(fixture_cny_price("m"), ApiMix{3, 0.5}, Currency::Cny, usd_cny).per_mtok ==
        Approx((3 * (0.5 * 0.8 + 0.5 * 4) + 16) / 4).epsilon(1e-12));
}

TEST_CASE("the bundled CNY API prices convert at the catalog's rate", "[api_compare][catalog]") {
  const Catalog& c = test::catalog();
  int cny_rows = 0;
  for (const ApiPrice& a : c.api_prices) {
    if (a.currency != "CNY") continue;
    INFO(a.id);
    ++cny_rows;
    const double own = (3 * a.input_per_mtok + a.output_per_mtok) / 4;
    const double rate = c.defaults.usd_cny;
    REQUIRE(rate > 0);
    CHECK(api_quote(a, ApiMix{}, Currency::Cny, rate).per_mtok == Approx(own).epsilon(1e-12));
    CHECK(api_quote(a, ApiMix{}, Currency::Usd, rate).per_mtok == Approx(own / rate).epsilon(1e-12));
  }
  CHECK(cny_rows > 0);  // at least one provider's page in CNY (docs/catalog.md "API prices")
}

TEST_CASE("plan with compare_api: a model with no API price says so", "[api_compare][plan]") {
  const Result<Plan> r = plan(priced_catalog(), request("llama-2-7b"));
  REQUIRE(r.ok());
  const Plan& p = *r.value;
  REQUIRE(p.api_compare);
  CHECK(p.api_compare->quotes.empty());  // never another model's price
  for (const Option& o : p.options) CHECK(o.api_compare.empty());
  const std::vector<Message> lines = api_compare_lines(p, p.pick ? &*p.pick : nullptr);
  REQUIRE(lines.size() == 1);
  CHECK(lines.front().id == MsgId::plan_api_no_price);
  CHECK(test::en(lines.front()).find("has no public API price") != std::string::npos);
  CHECK(plan_to_json(p, JsonStyle::Compact).find("\"priced\":false,\"prices\":[]") != std::string::npos);
}

TEST_CASE("plan without compare_api: no comparison, no JSON key", "[api_compare][plan]") {
  PlanRequest r = request("qwen2.5-7b");
  r.compare_api = false;
  const Result<Plan> p = plan(priced_catalog(), r);
  REQUIRE(p.ok());
  CHECK_FALSE(p.value->api_compare);
  CHECK(plan_to_json(*p.value, JsonStyle::Compact).find("api_compare") == std::string::npos);
}

TEST_CASE("plan with compare_api: a bad mix is refused with the input named", "[api_compare][plan]") {
  PlanRequest r = request("qwen2.5-7b");
  SECTION("negative input:output") {
    r.api_mix.input_per_output = -1;
    const Result<Plan> p = plan(priced_catalog(), r);
    REQUIRE_FALSE(p.ok());
    CHECK(p.errors.front().field == "api_input_ratio");
    CHECK(test::en(p.errors.front().message).find("-1") != std::string::npos);
    CHECK_FALSE(test::zh(p.errors.front().message).empty());
  }
  SECTION("a cache-hit share above 1") {
    r.api_mix.cache_hit_share = 1.5;
    const Result<Plan> p = plan(priced_catalog(), r);
    REQUIRE_FALSE(p.ok());
    CHECK(p.errors.front().field == "api_cache_hit");
  }
}

TEST_CASE("the bundled API prices: each names a catalog model and is no dearer on a cache hit", "[api_compare][catalog]") {
  const Catalog& c = test::catalog();
  REQUIRE_FALSE(c.api_prices.empty());
  for (const ApiPrice& a : c.api_prices) {
    INFO(a.id);
    CHECK(c.find_model(a.model) != nullptr);
    CHECK(a.cache_hit_per_mtok <= a.input_per_mtok);
    CHECK(a.as_of.size() >= 7);  // dated to the month
  }
}

TEST_CASE("an API price row is checked like any catalog entry", "[api_compare][catalog]") {
  auto overlay = [](const std::string& model, const char* hit) {
    return std::string(R"({"schema": "cardfit.api_prices/1", "api_prices": [{"id": "x-fixture", "model": ")") + model +
           R"(", "provider": "Fixture", "currency": "USD", "input_per_mtok": 0.5, "cache_hit_per_mtok": )" + hit +
           R"(, "output_per_mtok": 2, "source": "transformer-math-101", "as_of": "2026-01"}]})";
  };
  CHECK(apply_overlay(test::catalog(), CatalogFile{"prices.json", overlay("qwen2.5-7b", "0.1")}).ok());
  SECTION("a cache-hit price above the input price") {
    const Result<Catalog> r = apply_overlay(test::catalog(), CatalogFile{"prices.json", overlay("qwen2.5-7b", "0.9")});
    REQUIRE_FALSE(r.ok());
    CHECK(test::all_errors(r.errors).find("cache_hit_per_mtok") != std::string::npos);
  }
  SECTION("a model the catalog does not have") {
    const Result<Catalog> r = apply_overlay(test::catalog(), CatalogFile{"prices.json", overlay("no-such-model", "0.1")});
    REQUIRE_FALSE(r.ok());
    CHECK(test::all_errors(r.errors).find("no-such-model") != std::string::npos);
  }
}

// The bundled rows added for issue 31 (Qwen on Alibaba Cloud Model Studio, GLM on Z.ai): each is
// dated and sourced, and a plan of its model quotes exactly that model's rows, in catalog order,
// at the figures the rows state (the quote is recomputed here from the row, not written down).
TEST_CASE("the bundled Model Studio and Z.ai rows: dated, sourced, and quoted for their own model only",
          "[api_compare][catalog][plan]") {
  const Catalog& c = test::catalog();
  struct Provider {
    const char* name;
    const char* id_suffix;
  };
  for (const Provider& pv : {Provider{"Alibaba Cloud Model Studio", "-model-studio"}, Provider{"Z.ai (Zhipu)", "-zai"}}) {
    int rows = 0;
    for (const ApiPrice& a : c.api_prices) {
      if (a.provider != pv.name) continue;
      INFO(a.id);
      ++rows;
      CHECK(a.id == a.model + pv.id_suffix);
      CHECK(a.currency == "USD");  // the international pages; the CNY pages carry no date
      REQUIRE(c.find_source(a.source) != nullptr);
      CHECK(c.find_source(a.source)->date.substr(0, 7) == a.as_of);  // read the month the source is dated
      CHECK(a.input_per_mtok > 0);
      CHECK(a.output_per_mtok > a.input_per_mtok);
    }
    CHECK(rows > 0);
  }
  for (const char* model : {"qwen3-32b", "glm-4.6"}) {
    INFO(model);
    const std::vector<const ApiPrice*> rows = api_prices_of(c, model);
    REQUIRE_FALSE(rows.empty());
    PlanRequest r = request(model);
    r.usd_cny = c.defaults.usd_cny;
    const Result<Plan> p = plan(c, r);
    INFO(test::all_errors(p.errors));
    REQUIRE(p.ok());
    REQUIRE(p.value->api_compare);
    const std::vector<ApiQuote>& quotes = p.value->api_compare->quotes;
    REQUIRE(quotes.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      INFO(rows[i]->id);
      CHECK(rows[i]->model == model);  // never another model's price
      CHECK(quotes[i].id == rows[i]->id);
      CHECK(quotes[i].per_mtok == Approx(api_quote(*rows[i], ApiMix{}, Currency::Cny, r.usd_cny).per_mtok));
    }
    const std::vector<Message> lines = api_compare_lines(*p.value, p.value->pick ? &*p.value->pick : nullptr);
    std::string all;
    for (const Message& m : lines) all += test::en(m) + "\n";
    CHECK(all.find(std::string(model[0] == 'q' ? "Alibaba Cloud Model Studio" : "Z.ai (Zhipu)") + " API (2026-") !=
          std::string::npos);
  }
}

// The bundled CNY rows read from Chinese pages (issue 31 item 4: DeepSeek's CNY list, GLM-5 on
// 百炼): each is CNY, dated to its source's month, and a CNY plan of its model quotes it at its
// own figures, unconverted, beside the same model's USD rows (converted at the plan's rate).
TEST_CASE("the bundled Chinese-page CNY rows: dated, sourced, quoted unconverted in a CNY plan",
          "[api_compare][catalog][plan]") {
  const Catalog& c = test::catalog();
  struct Provider {
    const char* name;
    const char* id_suffix;
  };
  int rows = 0;
  for (const Provider& pv :
       {Provider{"DeepSeek (China)", "-deepseek-cn"}, Provider{"Alibaba Cloud Model Studio (China)", "-model-studio-cn"}}) {
    int of_provider = 0;
    for (const ApiPrice& a : c.api_prices) {
      if (a.provider != pv.name) continue;
      INFO(a.id);
      ++of_provider;
      CHECK(a.id == a.model + pv.id_suffix);
      CHECK(a.currency == "CNY");
      REQUIRE(c.find_source(a.source) != nullptr);
      CHECK(c.find_source(a.source)->date.substr(0, 7) == a.as_of);
      CHECK(a.cache_hit_per_mtok > 0);  // these pages state a cache-hit price
      CHECK(a.cache_hit_per_mtok < a.input_per_mtok);
      CHECK(a.output_per_mtok > a.input_per_mtok);
    }
    CHECK(of_provider > 0);
    rows += of_provider;
  }
  CHECK(rows >= 3);
  for (const char* model : {"deepseek-v4-flash", "glm-5"}) {
    INFO(model);
    const std::vector<const ApiPrice*> prices = api_prices_of(c, model);
    PlanRequest r = request(model);
    r.currency = Currency::Cny;
    r.usd_cny = c.defaults.usd_cny;
    const Result<Plan> p = plan(c, r);
    INFO(test::all_errors(p.errors));
    REQUIRE(p.ok());
    REQUIRE(p.value->api_compare);
    const std::vector<ApiQuote>& quotes = p.value->api_compare->quotes;
    REQUIRE(quotes.size() == prices.size());
    int cny = 0;
    int usd = 0;
    for (std::size_t i = 0; i < prices.size(); ++i) {
      INFO(prices[i]->id);
      CHECK(quotes[i].id == prices[i]->id);
      const double own = (3 * prices[i]->input_per_mtok + prices[i]->output_per_mtok) / 4;  // default mix 3:1
      if (prices[i]->currency == "CNY") {
        ++cny;
        CHECK(quotes[i].per_mtok == Approx(own).epsilon(1e-12));
      } else {
        ++usd;
        CHECK(quotes[i].per_mtok == Approx(own * r.usd_cny).epsilon(1e-12));
      }
    }
    CHECK(cny >= 1);
    CHECK(usd >= 1);  // beside the provider's (or a host's) USD price
  }
}
