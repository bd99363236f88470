// core/plan/labels.hpp: how entries and amounts are named in sentences, tables and the UI.
#include <catch2/catch.hpp>

#include "labels.hpp"
#include "resolve.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;

TEST_CASE("short names and precision labels") {
  CHECK(gpu_short_name(test::gpu("rtx-4090")) == "RTX 4090 24GB");
  CHECK(gpu_short_name(test::gpu("a100-40g")).find("NVIDIA") == std::string::npos);
  CHECK(precision_label("q4_k_m") == "Q4_K_M");
  CHECK(en(kv_label("")) == "16-bit");
  CHECK(zh(kv_label("auto-32")) == "32 位");
  CHECK(en(kv_label("fp8")) == "FP8");
}

TEST_CASE("token counts and amounts") {
  CHECK(tokens_label(8192) == "8k");
  CHECK(tokens_label(1000) == "1,000");
  CHECK(count_label(2e8) == "200M");
  CHECK(count_label(1.5e9) == "1.5B");
  CHECK(amount_range(Money{2500, 4000}) == "2,500-4,000");
  CHECK(amount_range(Money{2800, 2800}) == "2,800");
  CHECK(en(monthly_label(Money{1750, 1750}, Currency::Cny)) == "1,750 CNY/month");
  CHECK(zh(monthly_label(Money{1750, 1750}, Currency::Cny)) == "1,750 元/月");
  CHECK(en(money_label(Money{3, 3}, Currency::Usd)) == "3 USD");
}

TEST_CASE("tier labels from the numbers, platform names from the catalog") {
  const BudgetTier* tier = test::catalog().find_budget_tier("2000-3000");
  REQUIRE(tier);
  CHECK(en(tier_label(*tier)) == "2,000-3,000 CNY/month");
  CHECK(zh(tier_label(*tier)) == "2,000–3,000 元/月");
  const Platform* yiwan = test::catalog().find_platform("yiwan");
  REQUIRE(yiwan);
  CHECK(zh(platform_name(*yiwan)) == yiwan->name_zh);
  CHECK(en(platform_name(*yiwan)) == yiwan->name_en);
}

TEST_CASE("the KV-precision list's default names the layout a model fixes") {
  // DeepSeek-V4: vLLM keeps its cache in fp8_ds_mla whatever --kv-cache-dtype says
  // (source vllm-deepseek-v4-code), and resolve() sizes it so; the list says that, not "as weights".
  const Catalog& c = test::catalog();
  Scenario sc;
  sc.model = "DeepSeek-V4-Flash";  // any spelling the catalog matches
  CHECK(en(kv_default_label(c, sc)) == "FP8_DS_MLA (fixed by the model)");
  CHECK(zh(kv_default_label(c, sc)) == "FP8_DS_MLA（由模型固定）");
  const Result<Resolved> r = resolve(c, as_run(c, sc));
  REQUIRE(r.ok());
  CHECK(r.value->kv_id == fixed_kv_layout(*scenario_model(c, sc)));
  // A model whose cache follows the KV precision: the usual choice.
  sc.model = "qwen3.5-27b";
  CHECK(fixed_kv_layout(*scenario_model(c, sc)).empty());
  CHECK(en(kv_default_label(c, sc)) == "as weights (16-bit)");
  // A custom model with DeepSeek-V4's compressed attention gets the same label.
  sc.custom_model = *c.find_model("deepseek-v4-pro");
  sc.model.clear();
  CHECK(en(kv_default_label(c, sc)) == "FP8_DS_MLA (fixed by the model)");
  // No model at all (an id the catalog does not know): the usual choice, no crash.
  sc.custom_model.reset();
  sc.model = "no-such-model";
  CHECK(en(kv_default_label(c, sc)) == "as weights (16-bit)");
}
