// Sources and dates (issue 11): every entry's `source` names the catalog's sources by id, every
// date parses, offers are dated to the month unless their only source prints no month, no text a
// reader sees carries an internal reference, prices older than six months are flagged against a
// "today" the caller gives, and platforms without a price say why.
#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <nlohmann/json.hpp>

#include <regex>
#include <string>
#include <vector>

#include "catalog_load.hpp"
#include "catalog_write.hpp"
#include "plan.hpp"
#include "plan_json.hpp"
#include "url_state.hpp"

namespace cardfit::detail {
const MessageEntry& message_entry(std::size_t i);  // the generated message table (raw templates)
}  // namespace cardfit::detail

using namespace cardfit;

namespace {

// Every `source` text of the bundled catalog, with where it is.
std::vector<std::pair<std::string, std::string>> all_sources(const Catalog& c) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Gpu& e : c.gpus) out.emplace_back("gpu " + e.id, e.source);
  for (const Model& e : c.models) out.emplace_back("model " + e.id, e.source);
  for (const WeightPrecision& e : c.weight_precisions) out.emplace_back("precision " + e.id, e.source);
  for (const KvPrecision& e : c.kv_precisions) out.emplace_back("kv precision " + e.id, e.source);
  for (const Platform& e : c.platforms) {
    out.emplace_back("platform " + e.id, e.source);
    for (const Upgrade& u : e.upgrades) out.emplace_back("upgrade " + e.id + "/" + u.id, u.source);
  }
  for (const Offer& e : c.offers) out.emplace_back("offer " + e.id, e.source);
  for (const BudgetTier& e : c.budget_tiers) out.emplace_back("tier " + e.id, e.source);
  for (const EngineProfile& e : c.engines) out.emplace_back("engine " + e.id, e.source);
  out.emplace_back("defaults", c.defaults.source);
  out.emplace_back("usd_cny_source", c.defaults.usd_cny_source);
  return out;
}

// Every date of the bundled catalog, with where it is.
std::vector<std::pair<std::string, std::string>> all_dates(const Catalog& c) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Gpu& e : c.gpus) out.emplace_back("gpu " + e.id, e.as_of);
  for (const Model& e : c.models) out.emplace_back("model " + e.id, e.as_of);
  for (const WeightPrecision& e : c.weight_precisions) out.emplace_back("precision " + e.id, e.as_of);
  for (const KvPrecision& e : c.kv_precisions) out.emplace_back("kv precision " + e.id, e.as_of);
  for (const Platform& e : c.platforms) {
    out.emplace_back("platform " + e.id, e.as_of);
    for (const Upgrade& u : e.upgrades) out.emplace_back("upgrade " + e.id + "/" + u.id, u.as_of);
  }
  for (const Offer& e : c.offers) out.emplace_back("offer " + e.id, e.as_of);
  for (const BudgetTier& e : c.budget_tiers) out.emplace_back("tier " + e.id, e.as_of);
  for (const EngineProfile& e : c.engines) out.emplace_back("engine " + e.id, e.as_of);
  for (const Source& s : c.sources) out.emplace_back("source " + s.id, s.date);
  out.emplace_back("defaults", c.defaults.as_of);
  return out;
}

// Internal references a reader must never see: the research folder's numbering of the buying
// guides ("seed 002", "article 000", "文章 000"), its ids ("seed-yiwan-budget"), the old
// market-reference ids ("market-000") and paths into the research notes.
bool internal_reference(const std::string& text) {
  static const std::regex pattern(
      R"((seed|Seed|SEED|article|Article|文章)\s?0\d\d|seed-(zhixingyun|yiwan|xingyu|gpu-selection)|market-00\d|shared/seeds|find_string)");
  return std::regex_search(text, pattern);
}

Plan run(const PlanRequest& r) {
  Result<Plan> p = plan(test::catalog(), r);
  INFO(test::all_errors(p.errors));
  REQUIRE(p.ok());
  return *p.value;
}

const Option* find_option(const Plan& p, const std::string& offer) {
  for (const Option& o : p.options) {
    if (o.offer == offer) return &o;
  }
  return nullptr;
}

bool has_warning(const std::vector<Message>& warnings, const std::string& code) {
  for (const Message& w : warnings) {
    if (message_code(w.id) == code) return true;
  }
  return false;
}

const Message* warning(const std::vector<Message>& warnings, const std::string& code) {
  for (const Message& w : warnings) {
    if (message_code(w.id) == code) return &w;
  }
  return nullptr;
}

}  // namespace

// [SECTION] Citations

TEST_CASE("every source in the catalog names catalog sources by id", "[sources]") {
  const Catalog& c = test::catalog();
  REQUIRE(c.sources.size() >= 200);
  for (const auto& [where, text] : all_sources(c)) {
    INFO(where << ": " << text);
    REQUIRE_FALSE(text.empty());
    const std::vector<Citation> cites = parse_citations(text);
    REQUIRE_FALSE(cites.empty());
    for (const Citation& cite : cites) {
      INFO(cite.id);
      CHECK(c.find_source(cite.id) != nullptr);
    }
  }
}

TEST_CASE("citations: format, parentheses and how a reader sees them", "[sources]") {
  const std::vector<Citation> cites =
      parse_citations("guide-yiwan-budget-2026 §4 #1; hf-qwen3-8b (text fields; vision_config); nvidia-h100-datasheet");
  REQUIRE(cites.size() == 3);
  CHECK(cites[0].id == "guide-yiwan-budget-2026");
  CHECK(cites[0].locator == "§4 #1");
  CHECK(cites[1].id == "hf-qwen3-8b");
  CHECK(cites[1].locator == "(text fields; vision_config)");  // ';' inside parentheses stays
  CHECK(cites[2].id == "nvidia-h100-datasheet");
  CHECK(cites[2].locator.empty());

  const Catalog& c = test::catalog();
  CHECK(citation_text(c, "guide-yiwan-budget-2026 §4 #1; nvidia-h100-datasheet") ==
        "一万网络 GPU 租用选型与预算 §4 #1; NVIDIA H100 datasheet");
  CHECK(citation_text(c, "config.json: my/repo") == "config.json: my/repo");  // no catalog id: as written
  // Every source has a title, a publisher and a date; a link where one exists.
  for (const Source& s : c.sources) {
    INFO(s.id);
    CHECK_FALSE(s.title.empty());
    CHECK_FALSE(s.publisher.empty());
    CHECK(parse_catalog_date(s.date).has_value());
    if (!s.url.empty()) CHECK(s.url.rfind("https://", 0) == 0);
  }
}

TEST_CASE("an overlay citing an unknown source is refused, one adding its source loads", "[sources][overlay]") {
  const std::string offer = R"("offers": [{"id": "t-4090", "platform": "autodl", "gpu": "rtx-4090", "unit": "card",
      "cards": 1, "slice_fraction": 1, "currency": "CNY", "prices": [{"term": "hourly", "low": 1.7, "high": 1.7}],
      "package_multipliers": {"weekly": 0, "monthly": 0, "yearly": 0}, "isolation": "unknown",
      "interconnect": "none", "stock": "unknown", "source": "my-price-page §2", "as_of": "2026-11"}])";
  const Result<Catalog> bad = apply_overlay(test::catalog(), CatalogFile{"o.json", R"({"schema": "cardfit.catalog/1", )" + offer + "}"});
  REQUIRE_FALSE(bad.ok());
  bool named = false;
  for (const Issue& i : bad.errors) {
    named = named || (i.field == "o.json: offers[0].source" && test::en(i.message).find("'my-price-page'") != std::string::npos);
  }
  CHECK(named);
  const Result<Catalog> good = apply_overlay(
      test::catalog(), CatalogFile{"o.json", R"({"schema": "cardfit.catalog/1", "sources": [{"id": "my-price-page",
      "title": "My price page", "publisher": "me", "date": "2026-11", "kind": "price-page"}], )" + offer + "}"});
  INFO(test::all_errors(good.errors));
  CHECK(good.ok());
}

// [SECTION] Dates

TEST_CASE("every date parses, offers are dated to the month unless their source prints none", "[sources]") {
  const Catalog& c = test::catalog();
  for (const auto& [where, date] : all_dates(c)) {
    INFO(where << ": '" << date << "'");
    CHECK(parse_catalog_date(date).has_value());
  }
  for (const Offer& o : c.offers) {
    INFO(o.id << " as_of " << o.as_of << " source " << o.source);
    const std::optional<CatalogDate> d = parse_catalog_date(o.as_of);
    REQUIRE(d.has_value());
    if (d->month != 0) continue;
    // Year only: every cited source is one of the five buying guides, which print no month.
    for (const Citation& cite : parse_citations(o.source)) CHECK(cite.id.rfind("guide-", 0) == 0);
  }
  // Sources of prices carry a month (the guides excepted).
  for (const Source& s : c.sources) {
    if (s.kind != SourceKind::PricePage) continue;
    INFO(s.id);
    CHECK(parse_catalog_date(s.date)->month != 0);
  }
}

TEST_CASE("catalog dates: parsing and whole months between", "[sources]") {
  CHECK(parse_catalog_date("2026-11")->month == 11);
  CHECK(parse_catalog_date("2026-11-30")->day == 30);
  CHECK(parse_catalog_date("2026")->month == 0);
  CHECK_FALSE(parse_catalog_date("2026-13").has_value());
  CHECK_FALSE(parse_catalog_date("26-11").has_value());
  CHECK_FALSE(parse_catalog_date("2026/11").has_value());
  CHECK(months_between(*parse_catalog_date("2026-03"), *parse_catalog_date("2026-11-29")) == 8);
  CHECK(months_between(*parse_catalog_date("2025-12"), *parse_catalog_date("2026-06")) == 6);
  // A year alone counts from its December, the most recent month it can mean.
  CHECK(months_between(*parse_catalog_date("2026"), *parse_catalog_date("2027-07")) == 7);
}

// [SECTION] No internal references in anything a reader sees

TEST_CASE("no rendered string carries an internal reference, in either language", "[sources]") {
  // Every message template, both languages (placeholders as stored).
  for (std::size_t i = 1; i < kMessageCount; ++i) {
    const detail::MessageEntry& e = detail::message_entry(i);
    for (const char* t : {e.en, e.zh}) {
      INFO(e.key << ": " << t);
      CHECK_FALSE(internal_reference(t));
    }
  }
  // Every text field of every entry, and every source as a reader sees it.
  const Catalog& c = test::catalog();
  std::vector<std::pair<std::string, std::string>> texts;
  for (const Gpu& e : c.gpus) texts.insert(texts.end(), {{e.id, e.name}, {e.id, e.notes}});
  for (const Model& e : c.models) texts.insert(texts.end(), {{e.id, e.name}, {e.id, e.notes}});
  for (const WeightPrecision& e : c.weight_precisions) {
    texts.insert(texts.end(), {{e.id, e.name}, {e.id, e.accuracy_note_en}, {e.id, e.accuracy_note_zh}, {e.id, e.notes}});
  }
  for (const KvPrecision& e : c.kv_precisions) {
    texts.insert(texts.end(), {{e.id, e.name}, {e.id, e.note_en}, {e.id, e.note_zh}});
  }
  for (const Platform& e : c.platforms) {
    texts.insert(texts.end(), {{e.id, e.name_en}, {e.id, e.name_zh}, {e.id, e.notes}, {e.id, e.no_price_reason_en},
                               {e.id, e.no_price_reason_zh}});
    for (const Upgrade& u : e.upgrades) texts.insert(texts.end(), {{u.id, u.name_en}, {u.id, u.name_zh}, {u.id, u.notes}});
  }
  for (const Offer& e : c.offers) texts.insert(texts.end(), {{e.id, e.includes}, {e.id, e.notes}});
  for (const BudgetTier& e : c.budget_tiers) {
    texts.insert(texts.end(), {{e.id, e.name_en}, {e.id, e.name_zh}, {e.id, e.article_pick}, {e.id, e.notes}});
  }
  for (const EngineProfile& e : c.engines) texts.insert(texts.end(), {{e.id, e.name}, {e.id, e.notes}});
  for (const Source& s : c.sources) {
    texts.insert(texts.end(), {{s.id, s.id}, {s.id, s.title}, {s.id, s.short_title}, {s.id, s.publisher}, {s.id, s.notes}});
  }
  for (const auto& [where, source] : all_sources(c)) texts.emplace_back(where, citation_text(c, source));
  for (const auto& [where, t] : texts) {
    INFO(where << ": " << t);
    CHECK_FALSE(internal_reference(t));
  }
  // A whole plan, rendered in both languages (names, reasons, warnings).
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.top = 1000;
  r.today = "2026-12-01";
  for (Lang lang : {Lang::En, Lang::Zh}) {
    r.lang = lang;
    const std::string json = plan_to_json(run(r));
    INFO(json.substr(0, 200));
    CHECK_FALSE(internal_reference(json));
  }
}

// [SECTION] Staleness

TEST_CASE("prices older than six months are stale against the caller's today", "[sources][plan]") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.platforms = {"runpod"};
  r.top = 1000;

  // No today: no judgement.
  Plan p = run(r);
  for (const Option& o : p.options) CHECK_FALSE(o.price_stale);

  r.today = "2026-12-15";
  p = run(r);
  const Option* march = find_option(p, "runpod-rtx-3090-community");  // RunPod via Deploybase, March 2026
  REQUIRE(march != nullptr);
  CHECK(march->as_of == "2026-03");
  CHECK(march->price_stale);
  const Message* w = warning(march->warnings, "price_stale");
  REQUIRE(w != nullptr);
  CHECK(test::en(*w) == "Price dated 2026-03, 9 months before today (2026-12-15): older than 6 months, so it may "
                        "have changed; check the platform before renting.");
  CHECK(test::zh(*w).find("9 个月") != std::string::npos);
  const Option* september = find_option(p, "runpod-rtx-4090-community");  // 2026-09: 3 months
  REQUIRE(september != nullptr);
  CHECK_FALSE(september->price_stale);
  CHECK_FALSE(has_warning(september->warnings, "price_stale"));

  // Exactly six months is not yet stale; seven is.
  r.today = "2026-09";
  CHECK_FALSE(find_option(run(r), "runpod-rtx-3090-community")->price_stale);
  r.today = "2026-10";
  CHECK(find_option(run(r), "runpod-rtx-3090-community")->price_stale);

  // The threshold is catalog data.
  Catalog c = test::catalog();
  c.defaults.thresholds.stale_price_months = 12;
  r.today = "2026-12-15";
  Result<Plan> loose = plan(c, r);
  REQUIRE(loose.ok());
  for (const Option& o : loose.value->options) CHECK_FALSE(o.price_stale);

  // A bad date is refused, naming the field.
  r.today = "15/12/2026";
  Result<Plan> bad = plan(test::catalog(), r);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field == "today");
  r.today = "2026";  // today needs a month
  CHECK_FALSE(plan(test::catalog(), r).ok());
}

TEST_CASE("a price whose source prints no month says so", "[sources][plan]") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.platforms = {"yiwan"};
  r.top = 1000;
  const Plan p = run(r);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->as_of == "2026");
  CHECK(p.pick->month_unknown);
  const Message* w = warning(p.pick->warnings, "month_unknown");
  REQUIRE(w != nullptr);
  CHECK(test::en(*w).find("month not stated") != std::string::npos);
  CHECK(test::zh(*w).find("月份未注明") != std::string::npos);

  const nlohmann::json j = nlohmann::json::parse(plan_to_json(p));
  CHECK(j["pick"]["as_of"] == "2026");
  CHECK(j["pick"]["month_unknown"] == true);
  CHECK(j["pick"]["price_stale"] == false);
}

TEST_CASE("today is an input of the table but never part of a link", "[sources][url_state]") {
  const InputSpec* spec = find_input("today");
  REQUIRE(spec != nullptr);
  CHECK(spec->kind == InputKind::Date);
  CHECK(spec->scope == InputScope::Plan);

  DecodedState d = request_from_pairs(test::catalog(), {{"model", "qwen2.5-7b"}, {"today", "2026-12-01"}});
  CHECK(d.issues.empty());
  CHECK(d.request.today == "2026-12-01");
  for (const auto& [key, value] : request_to_pairs(d.request)) CHECK(key != "today");

  d = request_from_pairs(test::catalog(), {{"today", "yesterday"}});
  REQUIRE(d.issues.size() == 1);
  CHECK(d.issues.front().field == "today");
  CHECK(d.request.today.empty());
}

// [SECTION] Platforms without a price, market references that disagree

TEST_CASE("a platform asked for by name that has no price says why", "[sources][plan]") {
  const Catalog& c = test::catalog();
  // Every platform without a priced offer carries its reason in both languages.
  for (const Platform& pl : c.platforms) {
    bool priced = false;
    for (const Offer& o : c.offers) {
      if (o.platform != pl.id) continue;
      for (const OfferPrice& price : o.prices) priced = priced || price.price.high > 0;
    }
    INFO(pl.id);
    if (!priced) {
      CHECK_FALSE(pl.no_price_reason_en.empty());
      CHECK_FALSE(pl.no_price_reason_zh.empty());
    }
  }
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.platforms = {"volcengine"};
  const Plan p = run(r);
  CHECK_FALSE(p.pick.has_value());
  const Message* w = warning(p.warnings, "no_public_price");
  REQUIRE(w != nullptr);
  CHECK(test::en(*w).rfind("Volcano Engine: No public price:", 0) == 0);
  CHECK(test::zh(*w).rfind("火山引擎：无公开价格：", 0) == 0);
  // A platform with prices says nothing of the kind.
  r.platforms = {"autodl"};
  CHECK_FALSE(has_warning(run(r).warnings, "no_public_price"));
}

TEST_CASE("market references that disagree by more than 2x say so", "[sources][plan]") {
  // 智星云's speed guide: "H100 > 5 元/h" (a floor); the 2026 selection guide: 14-22 元/h.
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.gpu = "h100-sxm";
  r.platforms = {"market-zhixingyun-speed", "market-gpu-selection"};
  r.top = 1000;
  const Plan p = run(r);
  const Option* floor = find_option(p, "market-zhixingyun-speed-h100-sxm-card");
  REQUIRE(floor != nullptr);
  const Message* w = warning(floor->warnings, "market_spread");
  REQUIRE(w != nullptr);
  CHECK(test::en(*w).find("5 CNY per card-hour here against 14-22 CNY per card-hour from Market reference (2026 GPU "
                          "cloud selection guide)") != std::string::npos);
  const Option* range = find_option(p, "market-gpu-selection-h100-sxm-card");
  REQUIRE(range != nullptr);
  CHECK(has_warning(range->warnings, "market_spread"));
  // The 4090 references (1.3 vs 1.5-3 vs 2.5-3) stay within 2x of each other.
  r.scenario.gpu = "rtx-4090";
  r.platforms = {"market-zhixingyun-speed", "market-gpu-selection"};
  const Plan p4090 = run(r);
  const Option* rtx = find_option(p4090, "market-gpu-selection-rtx-4090-card");
  REQUIRE(rtx != nullptr);
  CHECK_FALSE(has_warning(rtx->warnings, "market_spread"));
}
