// core/io/estimate_json.hpp: the estimate as JSON (`cardfit estimate --json` and Embind):
// contract keys, warnings with their codes, explanations with their sources, in `lang`.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "estimate_json.hpp"
#include "test_support.hpp"

using namespace cardfit;
using nlohmann::json;

TEST_CASE("contract keys, codes and sources") {
  Scenario s;
  s.model = "qwen2.5-7b";
  s.gpu = "v100-32g";  // no BF16: a warning with a code
  const Estimate e = test::run(s);
  const json en = json::parse(estimate_to_json(e, test::catalog(), Lang::En), nullptr, false);
  const json zh = json::parse(estimate_to_json(e, test::catalog(), Lang::Zh), nullptr, false);
  REQUIRE(en.is_object());
  for (const char* key : {"ok", "model", "precision", "kv_precision", "task", "params", "kv_cache_bytes_per_token",
                          "kv_cache_bytes_per_sequence", "memory_bytes", "gpus", "warnings", "warning_codes",
                          "explained_gpu", "explain"}) {
    INFO(key);
    CHECK(en.contains(key));
  }
  const json& g = en["gpus"][0];
  CHECK(g["fit"] == "comfortable");
  CHECK(g["compute"] == "fp16");
  REQUIRE(g["warning_codes"].size() == g["warnings"].size());
  CHECK(g["warning_codes"][0] == "no_bf16");
  CHECK(zh["gpus"][0]["warnings"][0].get<std::string>().find("没有 BF16") != std::string::npos);
  const json& x = en["explain"][0];
  CHECK(x["source"].get<std::string>().find("Transformer Math 101") != std::string::npos);
  CHECK(x["sources"][0] == "transformer-math-101");
  CHECK(x["substituted"].get<std::string>().find("= " + std::to_string(0)) == std::string::npos);
}

TEST_CASE("kv_pool_bytes per card, null without a pool, layout with tp, pp, dp and zero") {
  Scenario s;
  s.model = "llama-3.1-8b";
  s.gpu = "h100-sxm";
  const json v = json::parse(estimate_to_json(test::run(s), test::catalog(), Lang::En), nullptr, false);
  const json& g = v["gpus"][0];
  REQUIRE(g["kv_pool_bytes"].is_number_integer());
  CHECK(g["kv_pool_bytes"].get<std::int64_t>() > 0);
  CHECK(g["kv_pool_bytes"].get<std::int64_t>() < g["usable_bytes"].get<std::int64_t>());
  for (const char* key : {"tp", "pp", "dp", "zero"}) CHECK(g["layout"].contains(key));
  s.engine = "llama.cpp";
  s.precision = "q4_k_m";
  const json l = json::parse(estimate_to_json(test::run(s), test::catalog(), Lang::En), nullptr, false);
  CHECK(l["gpus"][0]["kv_pool_bytes"].is_null());
  Scenario t;
  t.model = "llama-2-7b";
  t.task = Task::Full;
  t.gpu = "a100-80g";
  t.cards = 16;
  const json tr = json::parse(estimate_to_json(test::run(t), test::catalog(), Lang::En), nullptr, false);
  const json& layout = tr["gpus"][0]["layout"];
  CHECK(layout["tp"].get<int>() * layout["pp"].get<int>() * layout["dp"].get<int>() == 16);
  CHECK(tr["gpus"][0]["kv_pool_bytes"].is_null());
}

TEST_CASE("the JSON names its contract and prints compact unless pretty") {
  const Estimate e = test::run(Scenario{});
  const std::string compact = estimate_to_json(e, test::catalog(), Lang::En);
  const std::string pretty = estimate_to_json(e, test::catalog(), Lang::En, JsonStyle::Pretty);
  CHECK(compact.rfind(R"({"schema":"cardfit.estimate/1","ok":true,"model":"qwen3.5-27b",)", 0) == 0);
  CHECK(compact.find('\n') == std::string::npos);
  CHECK(pretty.rfind("{\n  \"schema\": \"cardfit.estimate/1\",\n  \"ok\": true,", 0) == 0);
  CHECK(json::parse(compact) == json::parse(pretty));
}
