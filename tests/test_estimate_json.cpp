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

TEST_CASE("the JSON names its contract and prints compact unless pretty") {
  const Estimate e = test::run(Scenario{});
  const std::string compact = estimate_to_json(e, test::catalog(), Lang::En);
  const std::string pretty = estimate_to_json(e, test::catalog(), Lang::En, JsonStyle::Pretty);
  CHECK(compact.rfind(R"({"schema":"cardfit.estimate/1","ok":true,"model":"qwen2.5-7b",)", 0) == 0);
  CHECK(compact.find('\n') == std::string::npos);
  CHECK(pretty.rfind("{\n  \"schema\": \"cardfit.estimate/1\",\n  \"ok\": true,", 0) == 0);
  CHECK(json::parse(compact) == json::parse(pretty));
}
