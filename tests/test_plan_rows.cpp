// core/io/plan_rows.hpp: the one row model of a plan's options. Every cell holds the option's
// own figure (the value the plan JSON carries), and its words say that figure in both languages.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "format.hpp"
#include "messages.hpp"
#include "plan.hpp"
#include "plan_rows.hpp"
#include "table_export.hpp"
#include "test_support.hpp"
#include "url_state.hpp"

using namespace cardfit;

namespace {

void check_rows(const Plan& p) {
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const PlanRows rows = plan_rows(p, lang);
    REQUIRE(rows.rows.size() == p.options.size());
    const TextTable t = plan_table(p, lang);  // CSV and Markdown print exactly these words
    REQUIRE(t.header.size() == rows.columns.size());
    for (std::size_t i = 0; i < p.options.size(); ++i) {
      const Option& o = p.options[i];
      const PlanRow& row = rows.rows[i];
      INFO(o.offer << " x" << o.cards << " " << name_of(lang));
      REQUIRE(row.cells.size() == rows.columns.size());
      for (std::size_t c = 0; c < row.cells.size(); ++c) {
        CHECK(t.rows[i][c] == row.cells[c].words);
        CHECK(row.cells[c].words.find('{') == std::string::npos);  // no placeholder left
      }
      CHECK(rows.cell(row, PlanColumn::Gpu)->id == o.gpu);
      CHECK(rows.cell(row, PlanColumn::Offer)->id == o.offer);
      CHECK(rows.cell(row, PlanColumn::Platform)->id == o.platform);
      CHECK(rows.cell(row, PlanColumn::Fit)->id == name_of(o.fit));
      CHECK(rows.cell(row, PlanColumn::Term)->id == std::string(name_of(o.term)) + (o.spot ? "/spot" : ""));
      CHECK(rows.cell(row, PlanColumn::Cards)->value == o.cards);
      const Cell* monthly = rows.cell(row, PlanColumn::Monthly);
      CHECK(monthly->value == o.monthly_cost.low);
      CHECK(monthly->high == o.monthly_cost.high);
      CHECK(rows.cell(row, PlanColumn::Headroom)->value == o.margin_fraction);
      CHECK(rows.cell(row, PlanColumn::Speed)->known == (o.decode_tokens_per_s > 0));
      const Cell* cost = rows.cell(row, PlanColumn::Cost);
      const std::optional<Money>& figure = p.job ? o.job_cost : o.cost_per_million_tokens;
      CHECK(cost->known == figure.has_value());
      if (figure) CHECK(cost->high == figure->high);
      CHECK((rows.cell(row, PlanColumn::Budget) != nullptr) == p.budget.set);
    }
  }
}

}  // namespace

TEST_CASE("plan rows: every cell holds its option's figure, in both languages") {
  PlanRequest r;
  r.top = 1000;
  r.allow_spot = true;  // spot rows too
  Result<Plan> inference = plan(test::plan_catalog(), r);
  REQUIRE(inference.ok());
  check_rows(*inference.value);

  PlanRequest budget = r;
  budget.budget_tier = "1000-2000";
  Result<Plan> within = plan(test::plan_catalog(), budget);
  REQUIRE(within.ok());
  check_rows(*within.value);

  PlanRequest job;  // a training job: its hours and cost in the last two figures
  job.scenario.model = "llama-2-7b";
  job.scenario.task = Task::Lora;
  job.scenario.tokens = 2e8;
  job.top = 1000;
  Result<Plan> training = plan(test::plan_catalog(), job);
  REQUIRE(training.ok());
  REQUIRE(training.value->job);
  check_rows(*training.value);
}

namespace {

// A bundled measurement (assets/catalog/measurements.json), by id.
const Measurement& bundled_measurement(const std::string& id) {
  for (const Measurement& m : test::plan_catalog().measurements) {
    if (m.id == id) return m;
  }
  FAIL("no measurement " << id);
  return test::plan_catalog().measurements.front();
}

// The plan of a measurement's own configuration (its link query), `context` changed when > 0.
Plan plan_of(const Measurement& m, std::int64_t context = 0) {
  Result<PlanRequest> r = request_from_pairs_strict(test::plan_catalog(), decode_query(m.scenario));
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  r.value->top = 1000;
  if (context > 0) r.value->scenario.context = context;
  Result<Plan> p = plan(test::plan_catalog(), *r.value);
  INFO(test::all_errors(p.errors));
  REQUIRE(p.ok());
  return *p.value;
}

}  // namespace

// Issue 31 item 1: the measurement beside the estimate in the options (CLI table, CSV, Markdown,
// HTML and the UI, which join these cells). The row: ggml-org/llama.cpp PR 4766's llama-bench tg128
// (llama 7B F16 on an RTX 4090), read from the bundled catalog, not copied here.
TEST_CASE("plan rows: a measured configuration's figure, difference, source and date beside the speed",
          "[plan_rows][measured]") {
  const Measurement& m = bundled_measurement("llamacpp-4090-llama2-7b-f16-tg128");
  const MeasurementMetric* metric = find_measurement_metric(m.metric);
  REQUIRE(metric != nullptr);
  const Plan p = plan_of(m);
  check_rows(p);
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const PlanRows rows = plan_rows(p, lang);
    const TextTable t = plan_table(p, lang);
    const std::string header = text(MsgId::cli_col_measured, lang);
    CHECK(std::find(t.header.begin(), t.header.end(), header) != t.header.end());
    int shown = 0;
    for (std::size_t i = 0; i < p.options.size(); ++i) {
      const Option& o = p.options[i];
      INFO(o.offer << " x" << o.cards << " " << name_of(lang));
      const Cell* cell = rows.cell(rows.rows[i], PlanColumn::Measured);
      const Cell* where = rows.cell(rows.rows[i], PlanColumn::MeasuredSource);
      REQUIRE(cell != nullptr);
      REQUIRE(where != nullptr);
      CHECK(cell->known == !o.measured.empty());
      if (o.measured.empty()) {
        CHECK(cell->words.empty());  // nothing where nothing matches
        CHECK(where->words.empty());
        continue;
      }
      const bool has_row = std::any_of(o.measured.begin(), o.measured.end(), [&](const MeasuredFigure& f) { return f.id == m.id; });
      REQUIRE(has_row);
      // The difference from this option's own estimate and the measurement.
      const double delta = (o.decode_tokens_per_s - m.measured) / m.measured;
      const std::string pct = (delta >= 0 ? "+" : "-") + format_percent(std::fabs(delta)) + "%";
      const std::string shown_as = format_rate(m.measured) + " " + metric->unit +
                                   (lang == Lang::Zh ? "（" + pct + "）" : " (" + pct + ")");
      CHECK_THAT(cell->words, Catch::Contains(shown_as));
      CHECK_THAT(cell->words, Catch::Contains(render(msg::est_measured_figure_decode_tokens_per_s(), lang)));
      CHECK(cell->value == m.measured);
      CHECK(cell->unit == metric->unit);
      CHECK_THAT(where->words, Catch::Contains(m.source));
      CHECK_THAT(where->words, Catch::Contains(m.date));
      ++shown;
    }
    CHECK(shown > 0);
  }
}

TEST_CASE("plan rows: no measured column where no option matches a measurement", "[plan_rows][measured]") {
  const Measurement& m = bundled_measurement("llamacpp-4090-llama2-7b-f16-tg128");
  const Plan p = plan_of(m, 8192);  // 64x the measured context: outside the factor of 2
  REQUIRE_FALSE(p.options.empty());
  for (const Option& o : p.options) CHECK(o.measured.empty());
  check_rows(p);
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const PlanRows rows = plan_rows(p, lang);
    for (const PlanRow& r : rows.rows) {
      CHECK(rows.cell(r, PlanColumn::Measured) == nullptr);
      CHECK(rows.cell(r, PlanColumn::MeasuredSource) == nullptr);
    }
    const std::string csv = render_table(plan_table(p, lang), TableFormat::Csv);
    CHECK_THAT(csv, !Catch::Contains(text(MsgId::cli_col_measured, lang)));
  }
}

// A serving benchmark (its scenario names output-tokens) is compared with cardfit's serving figure
// at the benchmark's lengths, not with the speed in the cell beside it: the short cell says so, in
// both languages, and so do the CSV, Markdown and HTML that print the cell. A llama-bench row
// (compared with the estimate itself) does not. The rows: the bundled measurements whose scenario
// names output-tokens, read from assets/catalog/measurements.json.
TEST_CASE("plan rows: a serving benchmark's short cell says it is compared with the serving estimate",
          "[plan_rows][measured]") {
  int serving_rows = 0;
  for (const Measurement& m : test::plan_catalog().measurements) {
    if (measurement_scenario(m.scenario).output_tokens == 0) continue;
    const Plan p = plan_of(m);
    const auto shown = std::find_if(p.options.begin(), p.options.end(), [&](const Option& o) {
      return std::any_of(o.measured.begin(), o.measured.end(), [&](const MeasuredFigure& f) { return f.id == m.id; });
    });
    if (shown == p.options.end()) continue;  // a layout the plan does not list (e.g. no offer of the GPU)
    INFO(m.id << ": " << m.scenario);
    check_rows(p);
    const std::size_t i = static_cast<std::size_t>(shown - p.options.begin());
    for (Lang lang : {Lang::En, Lang::Zh}) {
      const std::string note = render(msg::est_measured_serving_short(), lang);
      REQUIRE_FALSE(note.empty());
      const PlanRows rows = plan_rows(p, lang);
      const Cell* cell = rows.cell(rows.rows[i], PlanColumn::Measured);
      REQUIRE(cell != nullptr);
      CHECK_THAT(cell->words, Catch::Contains(note));
      CHECK_THAT(cell->words, Catch::Contains(format_rate(m.measured)));
      for (TableFormat f : {TableFormat::Csv, TableFormat::Markdown, TableFormat::Html}) {
        CHECK_THAT(render_table(plan_table(p, lang), f), Catch::Contains(note));
      }
    }
    if (++serving_rows >= 3) break;  // each plan takes a while; three rows are enough
  }
  CHECK(serving_rows > 0);

  const Plan decode = plan_of(bundled_measurement("llamacpp-4090-llama2-7b-f16-tg128"));
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const std::string note = render(msg::est_measured_serving_short(), lang);
    const PlanRows rows = plan_rows(decode, lang);
    int measured = 0;
    for (const PlanRow& r : rows.rows) {
      const Cell* cell = rows.cell(r, PlanColumn::Measured);
      REQUIRE(cell != nullptr);
      if (!cell->known) continue;
      CHECK_THAT(cell->words, !Catch::Contains(note));
      ++measured;
    }
    CHECK(measured > 0);
  }
}
