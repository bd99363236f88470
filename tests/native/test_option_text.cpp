// ui/option_text.hpp: an option's text carries the measurement of its configuration (issue 31
// item 1: measured beside estimated in the options), from the core's match (Option::measured),
// with the difference from the option's own estimate; nothing where nothing matches. The row:
// ggml-org/llama.cpp PR 4766's llama-bench tg128 (llama 7B F16 on an RTX 4090), read from the
// bundled catalog (assets/catalog/measurements.json), not copied here.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "app.hpp"
#include "derived.hpp"
#include "embedded.hpp"
#include "format.hpp"
#include "messages.hpp"
#include "option_text.hpp"
#include "result_text.hpp"
#include "ui_state.hpp"
#include "url_state.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

constexpr const char* kRow = "llamacpp-4090-llama2-7b-f16-tg128";

App app_with_catalog() {
  App app;
  auto c = assets::bundled_catalog();
  REQUIRE(c.ok());
  app.catalog = std::move(*c.value);
  return app;
}

const Measurement& row(const App& app) {
  for (const Measurement& m : app.catalog.measurements) {
    if (m.id == kRow) return m;
  }
  FAIL("no measurement " << kRow);
  return app.catalog.measurements.front();
}

// The plan of the row's own configuration (its link query), at `context` when > 0.
void plan_row_scenario(App& app, Lang lang, std::int64_t context) {
  Result<PlanRequest> r = request_from_pairs_strict(app.catalog, decode_query(row(app).scenario));
  REQUIRE(r.ok());
  r.value->top = 1000;
  if (context > 0) r.value->scenario.context = context;
  app.state = make_ui_state(*r.value, lang);
  recompute(app.catalog, app.state, app.derived);
  REQUIRE(app.derived.plan);
  REQUIRE_FALSE(app.derived.plan->options.empty());
}

}  // namespace

TEST_CASE("option text: the measured figure and its difference beside the speed, in both languages",
          "[ui][option_text][measured]") {
  App app = app_with_catalog();
  const Measurement& m = row(app);
  for (Lang lang : {Lang::En, Lang::Zh}) {
    plan_row_scenario(app, lang, 0);
    const Plan& p = *app.derived.plan;
    int shown = 0;
    for (const Option& o : p.options) {
      INFO(o.offer << " x" << o.cards << " " << name_of(lang));
      const OptionText t = option_text(app, p, o);
      if (o.measured.empty()) {
        CHECK(t.measured.empty());
        CHECK(t.measured_lines.empty());
        continue;
      }
      const double delta = (o.decode_tokens_per_s - m.measured) / m.measured;  // this option's own estimate
      const std::string pct = (delta >= 0 ? "+" : "-") + format_percent(std::fabs(delta)) + "%";
      CHECK_THAT(t.measured, Catch::StartsWith(text(MsgId::cli_col_measured, lang)));  // "measured" / "实测"
      CHECK_THAT(t.measured, Catch::Contains(format_rate(m.measured)));
      CHECK_THAT(t.measured, Catch::Contains(pct));
      REQUIRE(t.measured_lines.size() == o.measured.size());
      bool cited = false;
      for (const std::string& line : t.measured_lines) {
        cited = cited || (line.find(m.source) != std::string::npos && line.find(m.date) != std::string::npos &&
                          line.find(pct) != std::string::npos);
      }
      CHECK(cited);
      CHECK(t.speed.find(format_rate(o.decode_tokens_per_s)) != std::string::npos);  // the estimate stays
      ++shown;
    }
    CHECK(shown > 0);
  }
}

TEST_CASE("option text: nothing measured where nothing matches", "[ui][option_text][measured]") {
  App app = app_with_catalog();
  for (Lang lang : {Lang::En, Lang::Zh}) {
    plan_row_scenario(app, lang, 8192);  // 64x the measured context: outside the factor of 2
    for (const Option& o : app.derived.plan->options) {
      const OptionText t = option_text(app, *app.derived.plan, o);
      CHECK(o.measured.empty());
      CHECK(t.measured.empty());
      CHECK(t.measured_lines.empty());
    }
  }
}

// "Copy result" (ui/result_text.hpp) carries what the options and the explanation show: the
// pick's measurements in full, and each measured option's short marker with where and when.
TEST_CASE("copy result: the measured figures of a matching configuration, in both languages",
          "[ui][result_text][measured]") {
  App app = app_with_catalog();
  const Measurement& m = row(app);
  for (Lang lang : {Lang::En, Lang::Zh}) {
    plan_row_scenario(app, lang, 0);
    const Plan& p = *app.derived.plan;
    const std::string text = result_text(app, "");
    INFO(name_of(lang) << "\n" << text);
    REQUIRE(p.pick);
    for (const std::string& line : option_text(app, p, *p.pick).measured_lines) {
      CHECK_THAT(text, Catch::Contains(line + "\n"));
    }
    int shown = 0;
    for (const Option& o : p.options) {
      const OptionText t = option_text(app, p, o);
      if (t.measured.empty()) continue;
      CHECK_THAT(text, Catch::Contains(" · " + t.measured + "\n"));  // on the option's own line
      ++shown;
    }
    CHECK(shown > 0);
    CHECK_THAT(text, Catch::Contains(m.source));
    CHECK_THAT(text, Catch::Contains(m.date));
  }
}

TEST_CASE("copy result: nothing measured where nothing matches", "[ui][result_text][measured]") {
  App app = app_with_catalog();
  const Measurement& m = row(app);
  for (Lang lang : {Lang::En, Lang::Zh}) {
    plan_row_scenario(app, lang, 8192);  // 64x the measured context: outside the factor of 2
    const std::string text = result_text(app, "");
    INFO(name_of(lang) << "\n" << text);
    REQUIRE_FALSE(text.empty());
    CHECK_THAT(text, !Catch::Contains(m.source));
    CHECK_THAT(text, !Catch::Contains(m.date));
    CHECK_THAT(text, !Catch::Contains(R(app, msg::opt_measured(""))));  // "measured " / "实测"
  }
}

}  // namespace cardfit::ui
