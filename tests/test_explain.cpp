// core/explain.hpp: every figure has a formula, the numbers substituted and a source, in both
// languages; the numbers in the text are the numbers in the result.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "test_support.hpp"
#include "explain.hpp"
#include "numbers.hpp"

using namespace cardfit;
using cardfit::test::run;

namespace {

const Explanation* find(const Estimate& e, const std::string& key) {
  for (const Explanation& x : e.explain) {
    if (x.key == key) return &x;
  }
  return nullptr;
}

bool has_cjk(const std::string& s) {
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0xE4 && c <= 0xE9) return true;  // lead byte of U+4E00..U+9FFF in UTF-8
  }
  return false;
}

}  // namespace

TEST_CASE("inference: the figures users see are all explained") {
  Scenario s;
  s.model = "llama-3-8b";
  s.gpu = "rtx-4090";
  const Estimate e = run(s);
  std::set<std::string> keys;
  for (const Explanation& x : e.explain) {
    INFO(x.key);
    keys.insert(x.key);
    CHECK_FALSE(x.quantity.en.empty());
    CHECK(has_cjk(x.quantity.zh));
    CHECK_FALSE(x.formula.en.empty());
    CHECK(has_cjk(x.formula.zh));
    CHECK_FALSE(x.substituted.empty());
    CHECK_FALSE(x.source.empty());
  }
  for (const char* k : {"params_total", "weights", "kv_cache_per_token", "kv_cache", "activations", "overhead", "total",
                        "fit", "cards", "decode_tokens_per_s", "prefill_tokens_per_s", "max_context"}) {
    INFO(k);
    CHECK(keys.count(k) == 1);
  }
  CHECK(e.explained_gpu == "rtx-4090");
  // The numbers in the text are the result's numbers.
  CHECK(find(e, "kv_cache_per_token")->substituted == "2 × 32 × 8 × 128 × 2 B = 131,072 B");
  CHECK(find(e, "params_total")->substituted.find("8,030,261,248") != std::string::npos);
  CHECK(find(e, "total")->substituted.find(format_bytes(static_cast<double>(e.memory.total))) != std::string::npos);
  CHECK(find(e, "decode_tokens_per_s")->substituted.find(format_rate(e.gpus[0].decode_tokens_per_s)) != std::string::npos);
  CHECK(find(e, "kv_cache_per_token")->source.find("Kwon et al. 2023") != std::string::npos);
}

TEST_CASE("MLA and MoE get their own formulas") {
  Scenario s;
  s.model = "deepseek-v3";
  s.precision = "fp8";
  const Estimate e = run(s);
  const Explanation* kv = find(e, "kv_cache_per_token");
  REQUIRE(kv);
  CHECK(kv->substituted == "(512 + 64) × 61 × 2 B = 70,272 B");
  CHECK(kv->source.find("DeepSeek-V2") != std::string::npos);
  CHECK(find(e, "params_active") != nullptr);
}

TEST_CASE("training: ZeRO, Korthikanti, LoRA and FLOPs with their sources") {
  Scenario s;
  s.model = "llama-2-7b";
  s.task = Task::Full;
  s.tokens = 1e9;
  const Estimate full = run(s);
  REQUIRE(find(full, "model_states"));
  CHECK(find(full, "model_states")->source.find("Rajbhandari") != std::string::npos);
  CHECK(find(full, "model_states")->substituted.find("(2 + 2 + 12) B × Ψ = 16 B × Ψ") != std::string::npos);
  CHECK(find(full, "activations")->source.find("Korthikanti") != std::string::npos);
  CHECK(find(full, "train_flops")->source.find("Transformer Math 101") != std::string::npos);
  CHECK(find(full, "kv_cache") == nullptr);
  bool timed = false;
  for (const Explanation& x : full.explain) timed = timed || x.key == "train_hours";
  CHECK(timed);
  s.task = Task::Qlora;
  s.precision = "nf4";
  const Estimate q = run(s);
  REQUIRE(find(q, "adapters"));
  CHECK(find(q, "adapters")->source.find("QLoRA") != std::string::npos);
  CHECK(find(q, "train_flops")->formula.en.find("4N + 3A") != std::string::npos);
}

TEST_CASE("nothing fits: model-level explanations only") {
  Scenario s;
  s.model = "llama-3.1-405b";
  s.gpu = "rtx-4050-laptop";
  const Estimate e = run(s);
  CHECK(find(e, "weights") != nullptr);
  CHECK(find(e, "decode_tokens_per_s") == nullptr);
  CHECK(find(e, "fit") != nullptr);  // --gpu given: its verdict is explained
}
