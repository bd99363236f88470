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
