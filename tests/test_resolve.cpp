// core/estimate/resolve.hpp: bad input becomes an error naming the field; doubtful input a warning.
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <string>

#include "test_support.hpp"
#include "catalog_validate.hpp"
#include "inputs.hpp"
#include "resolve.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;
using cardfit::test::catalog;
using cardfit::test::has_error;

TEST_CASE("errors name the field") {
  struct Row {
    const char* what;
    std::function<void(Scenario&)> change;
    const char* field;
  };
  const Row rows[] = {
      {"unknown model", [](Scenario& s) { s.model = "gpt-5"; }, "model"},
      {"unknown precision", [](Scenario& s) { s.precision = "int3"; }, "precision"},
      {"unknown KV precision", [](Scenario& s) { s.kv_precision = "fp4"; }, "kv_precision"},
      {"unknown engine", [](Scenario& s) { s.engine = "magic"; }, "engine"},
      {"unknown GPU", [](Scenario& s) { s.gpu = "rtx-9090"; }, "gpu"},
      {"zero context", [](Scenario& s) { s.context = 0; }, "context"},
      {"negative context", [](Scenario& s) { s.context = -5; }, "context"},
      {"absurd context (> 100M)", [](Scenario& s) { s.context = 200'000'000; }, "context"},
      {"zero prompt", [](Scenario& s) { s.prompt = 0; }, "prompt"},
      {"prompt longer than the context", [](Scenario& s) { s.prompt = 8192; }, "prompt"},
      {"zero concurrency", [](Scenario& s) { s.concurrency = 0; }, "concurrency"},
      {"zero batch", [](Scenario& s) { s.batch = 0; }, "batch"},
      {"negative tokens", [](Scenario& s) { s.tokens = -1; }, "tokens"},
      {"NaN tokens", [](Scenario& s) { s.tokens = std::nan(""); }, "tokens"},
      {"ZeRO 4", [](Scenario& s) { s.zero_stage = 4; }, "zero_stage"},
      {"negative cards", [](Scenario& s) { s.cards = -1; }, "cards"},
      {"too many cards (> 100,000)", [](Scenario& s) { s.cards = 100001; }, "cards"},
      {"negative TP", [](Scenario& s) { s.task = Task::Full; s.tensor_parallel = -1; }, "tensor_parallel"},
      {"headroom 500%", [](Scenario& s) { s.headroom = 5; }, "headroom"},
      {"NaN headroom", [](Scenario& s) { s.headroom = std::nan(""); }, "headroom"},
      {"MFU above 1", [](Scenario& s) { s.mfu = 1.5; }, "mfu"},
      {"negative MFU", [](Scenario& s) { s.mfu = -0.1; }, "mfu"},
      {"LoRA rank 0", [](Scenario& s) { s.task = Task::Lora; s.lora_rank = 0; }, "lora_rank"},
      {"LoRA rank above hidden", [](Scenario& s) { s.task = Task::Lora; s.lora_rank = 100000; }, "lora_rank"},
      {"unknown LoRA module", [](Scenario& s) { s.task = Task::Lora; s.lora_targets = {"q", "ffn"}; }, "lora_targets"},
      {"no LoRA module", [](Scenario& s) { s.task = Task::Qlora; s.precision = "nf4"; s.lora_targets.clear(); }, "lora_targets"},
      {"QLoRA with FP8 weights", [](Scenario& s) { s.task = Task::Qlora; s.precision = "fp8"; }, "precision"},
      {"QLoRA with a GGUF file", [](Scenario& s) { s.task = Task::Qlora; s.precision = "q4_k_m"; }, "precision"},
      {"LoRA on INT4", [](Scenario& s) { s.task = Task::Lora; s.precision = "int4"; }, "precision"},
      {"full fine-tune of INT8 weights", [](Scenario& s) { s.task = Task::Full; s.precision = "int8"; }, "precision"},
      {"pre-training in NF4", [](Scenario& s) { s.task = Task::Pretrain; s.precision = "nf4"; }, "precision"},
      {"TP not dividing heads", [](Scenario& s) { s.task = Task::Full; s.tensor_parallel = 3; }, "tensor_parallel"},
      {"cards not a multiple of TP", [](Scenario& s) { s.task = Task::Full; s.tensor_parallel = 2; s.cards = 3; }, "cards"},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    Scenario s;
    s.model = "qwen2.5-7b";  // the rows were written for it (28 heads: TP 3 does not divide them)
    row.change(s);
    Result<Estimate> r = estimate(catalog(), s);
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r, row.field));
    for (const Issue& i : r.errors) CHECK(en(i.message).rfind(i.field + ": ", 0) == 0);  // "field: reason"
  }
}

TEST_CASE("several problems are reported together") {
  Scenario s;
  s.model = "nope";
  s.context = 0;
  s.gpu = "nope";
  Result<Estimate> r = estimate(catalog(), s);
  CHECK(has_error(r, "model"));
  CHECK(has_error(r, "context"));
  CHECK(has_error(r, "gpu"));
}

TEST_CASE("custom models are checked shape by shape") {
  Model m = test::model("llama-3-8b");
  m.num_kv_heads = 5;   // does not divide 32 heads
  m.hidden_size = 0;
  Scenario s;
  s.custom_model = m;
  Result<Estimate> r = estimate(catalog(), s);
  CHECK(has_error(r, "model.num_kv_heads"));
  CHECK(has_error(r, "model.hidden_size"));
  Model moe = test::model("mixtral-8x7b");
  moe.moe.experts_per_token = 9;
  s.custom_model = moe;
  CHECK(has_error(estimate(catalog(), s), "model.moe.experts_per_token"));
  CHECK(validate_model(test::model("deepseek-v3"), "model").empty());
  // Absurd but individually legal shapes: an error, not an int64 overflow.
  Model huge = test::model("llama-3-8b");
  huge.num_layers = 10000;  // each shape within the catalog bounds, the product beyond 1e15
  huge.hidden_size = 9'000'000;
  huge.intermediate_size = 9'000'000;
  huge.num_attention_heads = 9000;
  huge.num_kv_heads = 9000;
  s.custom_model = huge;
  CHECK(has_error(estimate(catalog(), s), "model"));
  CHECK_FALSE(validate_model(Model{}, "model").empty());
}

TEST_CASE("warnings instead of errors for doubtful but legal input") {
  auto warned = [](const Estimate& e, const std::string& part) {
    for (const Message& w : e.warnings) {
      if (en(w).find(part) != std::string::npos && !zh(w).empty()) return true;
    }
    return false;
  };
  Scenario s;
  s.model = "llama-2-7b";  // 4096 maximum
  s.context = 8192;
  CHECK(warned(test::run(s), "exceeds the model's maximum"));
  Scenario q;
  q.task = Task::Qlora;  // none given: NF4, nothing to warn about
  CHECK(test::run(q).precision == "nf4");
  CHECK_FALSE(warned(test::run(q), "stored in NF4"));
  q.precision = "bf16";  // bf16 given: the base becomes NF4, bf16 computes
  const Estimate e = test::run(q);
  CHECK(e.precision == "nf4");
  CHECK(warned(e, "stored in NF4"));
  Scenario g;
  g.precision = "q4_k_m";  // a GGUF file: llama.cpp when no engine is named (default_engine)
  CHECK_FALSE(warned(test::run(g), "does not list"));
  g.engine = "vllm";  // on vLLM, named: kept, with the warning
  CHECK(warned(test::run(g), "does not list vLLM"));
  Scenario t;
  t.tokens = 1e9;  // inference ignores it
  CHECK(warned(test::run(t), "ignored for inference"));
}

TEST_CASE("the KV cache follows the weights unless chosen") {
  Scenario s;
  Result<Resolved> r = resolve(catalog(), s);
  REQUIRE(r.ok());
  CHECK(r.value->kv_bits == 16);
  s.precision = "fp32";
  CHECK(resolve(catalog(), s).value->kv_bits == 32);
  s.precision = "int4";
  CHECK(resolve(catalog(), s).value->kv_bits == 16);  // weight-only quantisation: 16-bit activations
  s.kv_precision = "fp8";
  CHECK(resolve(catalog(), s).value->kv_bits == 8);
  s.kv_precision = "int4";
  CHECK(resolve(catalog(), s).value->kv_bits == Approx(4.5));  // llama.cpp q4_0: 18 bytes per 32 values
}

TEST_CASE("an empty catalog is an error, not a crash") {
  Catalog empty;
  Result<Estimate> r = estimate(empty, Scenario{});
  REQUIRE_FALSE(r.ok());
  CHECK(has_error(r, "model"));
  CHECK(has_error(r, "gpu"));
}

// Issue 25 item 4: resolve() checks ranges by walking the input table, so every numeric input of
// a scenario is checked against its own row. A value twice the row's maximum (plus one) must be
// refused naming the row's field; a new numeric input without a setter here fails the REQUIRE.
TEST_CASE("resolve: every numeric scenario input of the input table is range-checked") {
  using Set = std::function<void(Scenario&, double)>;
  const auto i64 = [](double v) { return static_cast<std::int64_t>(v); };
  const std::map<Input, Set> set = {
      {Input::Context, [&](Scenario& s, double v) { s.context = i64(v); }},
      {Input::Prompt, [&](Scenario& s, double v) { s.prompt = i64(v); }},
      {Input::Concurrency, [&](Scenario& s, double v) { s.concurrency = i64(v); }},
      {Input::Batch, [&](Scenario& s, double v) { s.batch = i64(v); }},
      {Input::LoraRank, [](Scenario& s, double v) { s.task = Task::Lora; s.lora_rank = static_cast<int>(v); }},
      {Input::Tp, [](Scenario& s, double v) { s.tensor_parallel = static_cast<int>(v); }},
      {Input::Zero, [](Scenario& s, double v) { s.zero_stage = static_cast<int>(v); }},
      {Input::Tokens, [](Scenario& s, double v) { s.tokens = v; }},
      {Input::Cards, [](Scenario& s, double v) { s.cards = static_cast<int>(v); }},
      {Input::Offload, [](Scenario& s, double v) { s.engine = "llama.cpp"; s.offload = Offload::gpu_layers(static_cast<int>(v)); }},
      {Input::HostBandwidth, [](Scenario& s, double v) { s.host_bandwidth = v; }},
      {Input::NCpuMoe, [](Scenario& s, double v) { s.engine = "llama.cpp"; s.n_cpu_moe = static_cast<int>(v); }},
      {Input::GpuMemoryUtilization, [](Scenario& s, double v) { s.gpu_memory_utilization = v; }},
      {Input::MaxNumBatchedTokens, [&](Scenario& s, double v) { s.max_num_batched_tokens = i64(v); }},
      {Input::MaxNumSeqs, [&](Scenario& s, double v) { s.max_num_seqs = i64(v); }},
      {Input::Ep, [](Scenario& s, double v) { s.expert_parallel = static_cast<int>(v); }},
      {Input::OutputTokens, [&](Scenario& s, double v) { s.output_tokens = i64(v); }},
      {Input::MaxTpotMs, [](Scenario& s, double v) { s.max_tpot_ms = v; }},
      {Input::Headroom, [](Scenario& s, double v) { s.headroom = v; }},
      {Input::Mfu, [](Scenario& s, double v) { s.mfu = v; }},
  };
  int checked = 0;
  for (const InputSpec& spec : input_specs()) {
    const bool numeric = spec.kind == InputKind::Integer || spec.kind == InputKind::Tokens ||
                         spec.kind == InputKind::Number || spec.kind == InputKind::Fraction ||
                         spec.kind == InputKind::Zero || spec.kind == InputKind::Offload;
    if (spec.scope != InputScope::Scenario || !numeric) continue;
    INFO(spec.key);
    REQUIRE(set.count(spec.id) == 1);
    Scenario s;
    s.explain = false;
    set.at(spec.id)(s, spec.max * 2 + 1);
    CHECK(has_error(estimate(catalog(), s), spec.field));
    ++checked;
  }
  CHECK(checked == static_cast<int>(set.size()));
}
