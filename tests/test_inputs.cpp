// core/estimate/inputs.hpp: the one table of inputs: in order, unique keys, help in both
// languages, bounds that the link reader, resolve() and plan() all enforce with one message.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "inputs.hpp"
#include "plan.hpp"
#include "test_support.hpp"
#include "url_state.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;

TEST_CASE("the table is in enum order with unique keys and fields") {
  std::set<std::string> keys;
  std::size_t i = 0;
  for (const InputSpec& s : input_specs()) {
    INFO(s.key);
    CHECK(static_cast<std::size_t>(s.id) == i++);
    CHECK(keys.insert(s.key).second);
    CHECK(&input_spec(s.id) == &s);
    CHECK(find_input(s.key) == &s);
    CHECK(s.help != MsgId::none);
    CHECK_FALSE(en(message_with(s.help, {})).empty());
    CHECK_FALSE(zh(message_with(s.help, {})).empty());
    if (s.kind == InputKind::Integer || s.kind == InputKind::Tokens || s.kind == InputKind::Number ||
        s.kind == InputKind::Fraction) {
      CHECK(s.min < s.max);
    }
  }
  CHECK(find_input("nonsense") == nullptr);
}

TEST_CASE("one range error, named by field, in both languages") {
  const std::optional<Issue> e = check_input(Input::LoraRank, 5000);
  REQUIRE(e);
  CHECK(e->field == "lora_rank");
  CHECK(en(e->message) == "lora_rank: must be between 1 and 4,096, got 5,000");
  CHECK(zh(e->message) == "lora_rank：必须在 1 到 4,096 之间，收到 5,000");
  CHECK(en(check_input(Input::Mfu, 0)->message) == "mfu: must be between 1% and 100%, got 0%");
  CHECK(check_input(Input::Mfu, 1e-300));  // below the plausibility floor (issue 32)
  CHECK_FALSE(check_input(Input::Mfu, 0.01));
  CHECK(check_input(Input::Headroom, std::nan(""))->field == "headroom");
  CHECK_FALSE(check_input(Input::Context, 8192));
}

TEST_CASE("the same bound holds in links, in resolve() and in plan()") {
  // A link value past the bound is refused by the reader...
  DecodedState d = request_from_pairs(test::catalog(), {{"lora-rank", "5000"}, {"usd-cny", "0"}, {"mfu", "0"}});
  REQUIRE(d.issues.size() == 3);
  CHECK(d.issues[0].field == "lora_rank");
  CHECK(d.issues[1].field == "usd_cny");
  CHECK(d.issues[2].field == "mfu");
  // ...and the same value set in code is refused by the core with the same words.
  PlanRequest r;
  r.scenario.task = Task::Lora;
  r.scenario.lora_rank = 5000;
  const Result<Plan> p = plan(test::catalog(), r);
  REQUIRE_FALSE(p.ok());
  CHECK(en(p.errors[0].message) == en(check_input(Input::LoraRank, 5000)->message));
  PlanRequest hours;
  hours.hours_per_day = 25;
  CHECK(plan(test::catalog(), hours).errors.at(0).field == "hours_per_day");
}

TEST_CASE("defaults are the struct defaults, as links write them") {
  CHECK(default_text(Input::Context) == "4096");
  CHECK(default_text(Input::Model) == "qwen3.5-27b");
  CHECK(default_text(Input::Zero) == "auto");
  CHECK(default_text(Input::Task) == "inference");
}

TEST_CASE("an exchange rate too small to be real is refused, not used") {
  // 1e-310 once made every cost null with ok: true; a rate is at least 0.01 CNY per USD.
  CHECK(check_input(Input::UsdCny, 1e-310)->field == "usd_cny");
  CHECK(en(check_input(Input::UsdCny, 0.001)->message) == "usd_cny: must be between 0.01 and 1,000, got 0.001");
  CHECK_FALSE(check_input(Input::UsdCny, 0.01));
  PlanRequest r;
  r.usd_cny = 1e-310;
  CHECK(plan(test::catalog(), r).errors.at(0).field == "usd_cny");
}
