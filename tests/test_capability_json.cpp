// core/io/capability_json.hpp: what a card can do as JSON (`cardfit capacity --json` and Embind):
// the contract keys in order, the largest model repeated as "largest", the summary in `lang`;
// and its table (table_export.hpp capability_table): one row per model, in the same order.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "capability_json.hpp"
#include "table_export.hpp"
#include "test_support.hpp"

using namespace cardfit;
using nlohmann::json;

TEST_CASE("capability json: contract keys, largest first, summary in the reader's language") {
  Scenario s;
  s.gpu = "a100-80g";
  const Result<CardCapability> c = card_capabilities(test::catalog(), s);
  REQUIRE(c.ok());
  REQUIRE(!c.value->models.empty());
  const json en = json::parse(capability_to_json(*c.value, test::catalog(), Lang::En), nullptr, false);
  const json zh = json::parse(capability_to_json(*c.value, test::catalog(), Lang::Zh), nullptr, false);
  REQUIRE(en.is_object());
  REQUIRE(zh.is_object());
  CHECK(en["schema"] == "cardfit.capacity/1");
  CHECK(en["ok"] == true);
  CHECK(en["gpu"] == "a100-80g");
  CHECK(en["cards"] == 1);
  CHECK(en["models"].size() == c.value->models.size());
  CHECK(en["largest"] == en["models"][0]);
  CHECK(en["largest"]["model"] == c.value->models.front().model);
  CHECK(en["largest"]["max_context"] == c.value->models.front().max_context);
  CHECK(en["summary"] != zh["summary"]);
  const std::string name = test::catalog().find_model(c.value->models.front().model)->name;
  CHECK(en["summary"].get<std::string>().find(name) != std::string::npos);

  const TextTable t = capability_table(*c.value, test::catalog(), Lang::En);
  REQUIRE(t.rows.size() == c.value->models.size());
  CHECK(t.rows[0][0] == name);
  for (const auto& row : t.rows) CHECK(row.size() == t.header.size());
}

TEST_CASE("capability json: nothing fits gives largest null and the none sentence") {
  Scenario s;
  s.gpu = "t4";
  s.context = 1000000;  // above every model's maximum
  const Result<CardCapability> c = card_capabilities(test::catalog(), s);
  REQUIRE(c.ok());
  CHECK(c.value->models.empty());
  const json en = json::parse(capability_to_json(*c.value, test::catalog(), Lang::En), nullptr, false);
  CHECK(en["largest"].is_null());
  CHECK(en["summary"] == test::en(capability_summary(*c.value, test::catalog())));
}
