// core/io/plan_json.hpp: the plan as JSON (the `cardfit plan --json` and Embind contract), and
// the one error object every JSON output prints.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "plan.hpp"
#include "plan_json.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;

namespace {

Approx money(double v) { return Approx(v).epsilon(1e-9); }

Plan run(const PlanRequest& r) {
  Result<Plan> p = plan(test::catalog(), r);
  INFO(test::all_errors(p.errors));
  REQUIRE(p.ok());
  return *p.value;
}

PlanRequest yiwan_monthly(const std::string& model, const std::string& precision, Task task = Task::Inference) {
  PlanRequest r;
  r.scenario.model = model;
  r.scenario.precision = precision;
  r.scenario.task = task;
  r.platforms = {"yiwan"};
  r.term = TermChoice::Monthly;
  return r;
}

}  // namespace

TEST_CASE("plan_to_json: the CLI/Embind contract", "[plan][json]") {
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "fp16");
  r.budget_tier = "1000-2000";
  r.scenario.tokens = 0;
  r.lang = Lang::Zh;
  const Plan p = run(r);
  const std::string text = plan_to_json(p);
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  REQUIRE_FALSE(j.is_discarded());
  CHECK(j["ok"] == true);
  REQUIRE(j["pick"].is_object());
  REQUIRE(j["options"].is_array());
  REQUIRE(j["alternatives"].is_array());
  for (const char* key : {"gpu", "cards", "platform", "offer", "term", "monthly_cost", "within_budget", "fit",
                          "decode_tokens_per_s", "job_hours", "job_cost", "cost_per_million_tokens", "warnings",
                          "reason"}) {
    INFO(key);
    CHECK(j["pick"].contains(key));
  }
  CHECK(j["pick"]["gpu"] == "rtx-3090");
  CHECK(j["pick"]["monthly_cost"]["low"] == 1750.0);
  CHECK(j["pick"]["monthly_cost"]["currency"] == "CNY");
  CHECK(j["pick"]["job_cost"].is_null());
  CHECK(j["pick"]["job_hours"].is_null());
  CHECK(j["pick"]["fit"] == "comfortable");
  CHECK(j["pick"]["reason"] == zh(p.pick->reason));  // --lang zh
  CHECK(j["budget"]["tier"] == "1000-2000");
  CHECK(plan_to_json(run(r)) == text);  // deterministic
}

TEST_CASE("plan_to_json: job fields for a training job", "[plan][json]") {
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "bf16", Task::Qlora);
  r.scenario.tokens = 1e8;
  const Plan p = run(r);
  REQUIRE(p.pick.has_value());
  CHECK(p.job);
  const nlohmann::json j = nlohmann::json::parse(plan_to_json(p), nullptr, false);
  CHECK(j["ranked_by"] == "job_cost");
  CHECK(j["pick"]["job_hours"].is_number());
  CHECK(j["pick"]["job_cost"]["high"].is_number());
  CHECK(j["pick"]["cost_per_million_tokens"].is_null());
  // A job shorter than a month on a monthly rental still pays the month.
  CHECK(p.pick->job_cost->low == money(p.pick->monthly_cost.low));
}

TEST_CASE("errors_to_json: field, code and the message in the asked language", "[json]") {
  const std::vector<Issue> errors{{"context", msg::err_number_not_whole("context", "1.5")}};
  const nlohmann::json en_j = nlohmann::json::parse(errors_to_json(errors, Lang::En), nullptr, false);
  const nlohmann::json zh_j = nlohmann::json::parse(errors_to_json(errors, Lang::Zh), nullptr, false);
  REQUIRE(en_j.is_object());
  CHECK(en_j["ok"] == false);
  CHECK(en_j["errors"][0]["field"] == "context");
  CHECK(en_j["errors"][0]["code"] == "err.number.not_whole");
  CHECK(en_j["errors"][0]["message"] == "context: must be a whole number, got 1.5");
  CHECK(zh_j["errors"][0]["message"] == "context：必须是整数，收到 1.5");
}

TEST_CASE("plan and error JSON name their contract, compact unless pretty", "[json]") {
  const Plan p = run(yiwan_monthly("qwen2.5-7b", "fp16"));
  const std::string compact = plan_to_json(p);
  CHECK(compact.rfind(R"({"schema":"cardfit.plan/1","ok":true,)", 0) == 0);
  CHECK(compact.find('\n') == std::string::npos);
  const std::string pretty = plan_to_json(p, JsonStyle::Pretty);
  CHECK(pretty.rfind("{\n  \"schema\": \"cardfit.plan/1\",", 0) == 0);
  CHECK(nlohmann::json::parse(pretty) == nlohmann::json::parse(compact));

  const std::vector<Issue> errors{{"top", msg::err_number_not_whole("top", "1.5")}};
  CHECK(errors_to_json(errors, Lang::En).rfind(R"({"ok":false,"errors":[)", 0) == 0);
  CHECK(errors_to_json(errors, Lang::En, JsonStyle::Compact, kPlanSchema)
            .rfind(R"({"schema":"cardfit.plan/1","ok":false,"errors":[)", 0) == 0);
}
