// core/catalog/catalog.hpp: lookups by id and the one "unknown id" error with its suggestion.
#include <catch2/catch.hpp>

#include "catalog.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;

TEST_CASE("find by id") {
  const Catalog& c = test::catalog();
  CHECK(c.find_gpu("h100-sxm") != nullptr);
  CHECK(c.find_gpu("H100") == nullptr);
  CHECK(c.find_model("qwen2.5-7b") != nullptr);
  CHECK(c.find_source("transformer-math-101") != nullptr);
  CHECK(c.find_engine("nope") == nullptr);
}

TEST_CASE("unknown ids suggest the near miss, in both languages") {
  const Catalog& c = test::catalog();
  const Issue near = unknown_id("model", MsgId::cat_noun_model, "lama-3-8b", ids_of(c.models));
  CHECK(near.field == "model");
  CHECK(en(near.message) == "model: unknown model 'lama-3-8b' (did you mean 'llama-3-8b'?)");
  CHECK(zh(near.message) == "model：未知的模型“lama-3-8b”（是不是“llama-3-8b”？）");
  const Issue far = unknown_id("gpu", MsgId::cat_noun_gpu, "gpt-5", ids_of(c.gpus));
  CHECK(en(far.message) == "gpu: unknown GPU 'gpt-5'");
}

TEST_CASE("forgiving ids: exact id, any case, or an alias, nothing else") {
  const Catalog& c = test::catalog();
  struct Row {
    const char* typed;
    const char* id;  // "" = no entry
  };
  // The aliases are the bundled catalog's ("aliases" lists in gpus.json, models.json, precisions.json).
  for (const Row& r : {Row{"rtx-4090", "rtx-4090"}, Row{"RTX-4090", "rtx-4090"}, Row{"4090", "rtx-4090"},
                       Row{"H100", "h100-sxm"}, Row{"h100-pcie", "h100-pcie"}, Row{"a100", ""}, Row{"", ""}}) {
    INFO(r.typed);
    const Gpu* g = match_entry(c.gpus, r.typed);
    CHECK((g ? g->id : std::string()) == r.id);
  }
  CHECK(match_entry(c.models, "Qwen2.5-7B")->id == "qwen2.5-7b");
  CHECK(match_entry(c.models, "Qwen2.5-7B-Instruct")->id == "qwen2.5-7b");
  CHECK(match_entry(c.weight_precisions, "Q4_K_M")->id == "q4_k_m");
  CHECK(match_entry(c.weight_precisions, "BF16")->id == "bf16");
  CHECK(match_entry(c.weight_precisions, "bfloat16")->id == "bf16");
  CHECK(match_entry(c.kv_precisions, "FP8_E4M3")->id == "fp8");
  CHECK(match_entry(c.engines, "TRTLLM")->id == "tensorrt-llm");
  CHECK(match_entry(c.platforms, "Lambda")->id == "lambda-labs");
  CHECK(match_entry(c.budget_tiers, "LT-1000")->id == "lt-1000");  // no aliases, any case
  CHECK(catalog_id(c.gpus, "nope") == "nope");                       // kept as typed, for the error
}

TEST_CASE("did you mean: a name the text begins, else the nearest id or alias, named by its id") {
  const Catalog& c = test::catalog();
  CHECK(en(unknown_entry("gpu", MsgId::cat_noun_gpu, "A100", c.gpus).message) ==
        "gpu: unknown GPU 'A100' (did you mean 'a100-40g'?)");
  CHECK(en(unknown_entry("gpu", MsgId::cat_noun_gpu, "4080", c.gpus).message) ==
        "gpu: unknown GPU '4080' (did you mean 'rtx-4080-laptop'?)");  // it begins the alias "4080-laptop"
  CHECK(en(unknown_entry("gpu", MsgId::cat_noun_gpu, "3070", c.gpus).message) ==
        "gpu: unknown GPU '3070' (did you mean 'rtx-3090'?)");  // one letter from the alias "3090"
  CHECK(en(unknown_entry("model", MsgId::cat_noun_model, "Lama-3-8B", c.models).message) ==
        "model: unknown model 'Lama-3-8B' (did you mean 'llama-3-8b'?)");
  CHECK(en(unknown_entry("gpu", MsgId::cat_noun_gpu, "gpt-5", c.gpus).message) == "gpu: unknown GPU 'gpt-5'");
}
