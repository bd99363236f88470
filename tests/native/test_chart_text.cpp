// ui/chart_text.hpp and ui/ui_state.hpp for buy or rent (issue 31 item 4): the link's buying terms
// fill the app's boxes, and the buy-or-rent chart's table (the page's text view prints it) carries
// core/plan/buy_chart.hpp's totals and break-even, in both languages. Figures are read from the
// plan and the chart, not copied here.
#include <catch2/catch.hpp>

#include <string>

#include "app.hpp"
#include "chart_text.hpp"
#include "derived.hpp"
#include "embedded.hpp"
#include "format.hpp"
#include "labels.hpp"
#include "messages.hpp"
#include "ui_state.hpp"
#include "url_state.hpp"

namespace cardfit::ui {
namespace {

App planned(const std::string& query, Lang lang) {
  App app;
  auto c = assets::bundled_catalog();
  REQUIRE(c.ok());
  app.catalog = std::move(*c.value);
  Result<PlanRequest> r = request_from_pairs_strict(app.catalog, decode_query(query));
  INFO(query);
  REQUIRE(r.ok());
  app.state = make_ui_state(*r.value, lang);
  recompute(app.catalog, app.state, app.derived);
  REQUIRE(app.derived.errors.empty());
  REQUIRE(app.derived.plan);
  return app;
}

const ChartTable* buy_table(const std::vector<ChartTable>& tables, Lang lang) {
  for (const ChartTable& t : tables) {
    if (t.title == text(MsgId::chart_buy_title, lang)) return &t;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("buy or rent: the link's terms fill the boxes, an unset kWh price an empty box", "[ui][buy_chart]") {
  App app = planned("v=2&m=qwen2.5-7b&g=rtx-4090&api=1&bmo=12&kwh=0.8", Lang::En);
  CHECK(app.state.text.buy_months == "12");
  CHECK(app.state.text.kwh_price == "0.8");
  REQUIRE(app.derived.plan->api_compare);
  CHECK(app.derived.plan->api_compare->buy.months == 12);
  CHECK(app.derived.plan->api_compare->buy.kwh_price == 0.8);
  App unset = planned("v=2&m=qwen2.5-7b&g=rtx-4090&api=1", Lang::En);
  CHECK(unset.state.text.buy_months == std::to_string(PlanRequest{}.buy_months));
  CHECK(unset.state.text.kwh_price.empty());
}

TEST_CASE("buy or rent: the chart's table lists the totals and the break-even, en and zh", "[ui][buy_chart][chart_text]") {
  for (Lang lang : {Lang::En, Lang::Zh}) {
    App app = planned("v=2&m=qwen2.5-7b&g=rtx-4090&api=1&bmo=12&kwh=0.8", lang);
    REQUIRE(app.derived.buy);
    const BuyChart& chart = *app.derived.buy;
    REQUIRE_FALSE(chart.unpriced);
    const Plan& p = *app.derived.plan;
    const std::vector<ChartTable> tables = chart_tables(app);
    const ChartTable* t = buy_table(tables, lang);
    REQUIRE(t);
    INFO(name_of(lang) << ": " << t->caption);
    REQUIRE(t->table.header.size() == 3);
    CHECK(t->table.header[0] == text(MsgId::chart_buy_month, lang));
    // Month 0: the cards' price against nothing rented yet.
    REQUIRE(t->table.rows.size() >= 4);
    CHECK(t->table.rows[0][0] == "0");
    CHECK(t->table.rows[0][1] == render(money_label(chart.buy.purchase, p.currency), lang));
    // The amortisation period's month is a row, with the chart's totals there.
    bool at_months = false;
    for (const std::vector<std::string>& r : t->table.rows) {
      if (r[0] != "12") continue;
      at_months = true;
      CHECK(r[1] == render(money_label(chart.buy_total[12], p.currency), lang));
      CHECK(r[2] == render(money_label(chart.rent_total[12], p.currency), lang));
    }
    CHECK(at_months);
    // Then the break-even sentence and the amortised figures.
    CHECK(t->table.rows[t->table.rows.size() - 2][0] == buy_break_even_label(app, p, chart));
    CHECK(t->table.rows.back()[0] == buy_amortised_label(app, p, chart));
    if (chart.buy.break_even_months) {
      CHECK(buy_break_even_label(app, p, chart).find(format_trimmed(chart.buy.break_even_months->low, 1)) != std::string::npos);
    }
    CHECK(t->caption.find(render(money_label(chart.buy.rent_monthly, p.currency), lang)) != std::string::npos);
  }
}

TEST_CASE("buy or rent: no chart table without a comparison or for a data-centre pick", "[ui][buy_chart][chart_text]") {
  for (const char* q : {"v=2&m=qwen2.5-7b&g=rtx-4090", "v=2&m=qwen2.5-7b&g=a100-80g&api=1"}) {
    INFO(q);
    App app = planned(q, Lang::En);
    CHECK_FALSE(app.derived.buy);
    CHECK_FALSE(buy_table(chart_tables(app), Lang::En));
  }
}

}  // namespace cardfit::ui
