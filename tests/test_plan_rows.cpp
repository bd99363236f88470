// core/io/plan_rows.hpp: the one row model of a plan's options. Every cell holds the option's
// own figure (the value the plan JSON carries), and its words say that figure in both languages.
#include <catch2/catch.hpp>

#include "plan.hpp"
#include "plan_rows.hpp"
#include "table_export.hpp"
#include "test_support.hpp"

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
