// core/estimate/memory.hpp: weights, KV cache, ZeRO states, activations, LoRA adapters, per-card totals.
// Formula tests: they run on tests/fixtures/formula-catalog.json, not the bundled catalog.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "memory.hpp"
#include "params.hpp"
#include "resolve.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;
using cardfit::test::formula::catalog;
using cardfit::test::kGB;
using cardfit::test::formula::model;

namespace {

double stored_weights(const std::string& model_id, const std::string& precision) {
  const WeightPrecision* w = catalog().find_weight_precision(precision);
  REQUIRE(w != nullptr);
  return weight_bytes(count_params(model(model_id)), *w).stored;
}

}  // namespace

TEST_CASE("KV cache bytes per token, by hand") {
  struct Row {
    const char* id;
    std::int64_t bytes;  // 16-bit cache
  };
  const Row rows[] = {
      {"llama-2-7b", 2LL * 32 * 32 * 128 * 2},     // MHA: 2 x 32 layers x 32 KV heads x 128 x 2 B = 2 x 32 x 4096 x 2 = 524,288
      {"llama-3-8b", 2LL * 32 * 8 * 128 * 2},      // GQA 8 KV heads: 131,072
      {"qwen2.5-7b", 2LL * 28 * 4 * 128 * 2},      // GQA 4 KV heads: 57,344
      {"qwen3-0.6b", 2LL * 28 * 8 * 128 * 2},      // head_dim 128 != 1024/16 = 64: 114,688
      {"gemma-2-9b", 2LL * 42 * 8 * 256 * 2},      // head_dim 256 != 3584/16 = 224: 344,064
      {"mistral-7b", 2LL * 32 * 8 * 128 * 2},      // 131,072 per token before the window cap
      {"deepseek-v3", (512LL + 64) * 61 * 2},      // MLA: (kv_lora_rank + qk_rope_head_dim) x 61 x 2 B = 70,272
      {"deepseek-v2-lite", (512LL + 64) * 27 * 2}, // MLA: 31,104 (not 2 x 16 heads x 192 x 27 x 2)
  };
  for (const Row& row : rows) {
    INFO(row.id);
    CHECK(kv_cache_bytes_per_token(model(row.id), 16) == row.bytes);
  }
  // FP8 cache halves it (vLLM --kv-cache-dtype fp8).
  CHECK(kv_cache_bytes_per_token(model("llama-3-8b"), 8) == 65536);
}

TEST_CASE("sliding-window layers hold at most their window") {
  // Mistral-7B v0.1: all 32 layers slide over 4096 tokens: at 8192 tokens the cache holds 4096.
  CHECK(kv_cache_bytes_per_sequence(model("mistral-7b"), 16, 8192) == Approx(4096.0 * 131072));
  CHECK(kv_cache_bytes_per_sequence(model("mistral-7b"), 16, 2048) == Approx(2048.0 * 131072));
  // Gemma-2-9B: 21 global layers x 8192 + 21 local layers x 4096, 8192 B per layer per token.
  CHECK(kv_cache_bytes_per_sequence(model("gemma-2-9b"), 16, 8192) == Approx(8192.0 * (21 * 8192 + 21 * 4096)));
  // Gemma-3-27B: 10 global + 52 local (window 1024) layers, 2 x 16 x 128 x 2 = 8192 B per layer per token.
  CHECK(kv_cache_bytes_per_sequence(model("gemma-3-27b"), 16, 32768) == Approx(8192.0 * (10 * 32768 + 52 * 1024)));
  // No window: linear.
  CHECK(kv_cache_bytes_per_sequence(model("llama-3-8b"), 16, 1000) == Approx(131072.0 * 1000));
}

TEST_CASE("tensor parallelism replicates KV heads beyond their count, and MLA's latent everywhere") {
  CHECK(kv_replication(model("llama-3-8b"), 8) == 1);   // 8 KV heads over 8 ranks
  CHECK(kv_replication(model("llama-3-8b"), 16) == 2);  // 16 ranks: each KV head on 2 ranks
  CHECK(kv_replication(model("qwen2.5-7b"), 2) == 1);
  CHECK(kv_replication(model("deepseek-v3"), 8) == 8);  // vLLM keeps the full latent on every rank
  CHECK(kv_replication(model("deepseek-v3"), 1) == 1);
}

TEST_CASE("weights: the buying guides' worked examples") {
  struct Row {
    const char* model;
    const char* precision;
    double expected_gb;
    double tolerance;
  };
  const Row rows[] = {
      // the 一万网络 budget guide §3.1: 7B FP16 ~14 GB (Llama-2-7B is 6.74B: 13.48 GB).
      {"llama-2-7b", "fp16", 14, 0.05},
      // the 一万网络 budget guide §3.1: 70B FP16 ~140 GB (Llama-2-70B is 68.98B: 137.95 GB).
      {"llama-2-70b", "fp16", 140, 0.02},
      // the 一万网络 budget guide §3.1: 70B INT4 ~35 GB. We get 37.4 GB: AWQ/GPTQ group-128 scales make it
      // 4.25 bits, and embeddings and lm_head stay 16-bit (the article uses 0.5 byte/param).
      {"llama-2-70b", "int4", 35, 0.08},
      // the 一万网络 budget guide §3.1: DeepSeek-67B FP16 134 GB (67.4B counted: 134.85 GB).
      {"deepseek-llm-67b", "fp16", 134, 0.01},
      // the 一万网络 budget guide §3.1: DeepSeek-67B INT8 67 GB. We get 69.1 GB: embeddings and lm_head stay 16-bit.
      {"deepseek-llm-67b", "int8", 67, 0.035},
  };
  for (const Row& row : rows) {
    INFO(row.model << " " << row.precision);
    CHECK(stored_weights(row.model, row.precision) / kGB == Approx(row.expected_gb).epsilon(row.tolerance));
  }
  // the 2026 selection guide §3.1: Qwen3 BF16 weights are twice the FP8 ones (54 vs 27 GB for 27B): with the
  // 16-bit embeddings kept, FP8 is a little over half.
  const double bf16 = stored_weights("qwen3-32b", "bf16");
  const double fp8 = stored_weights("qwen3-32b", "fp8");
  CHECK(fp8 / bf16 == Approx(0.5).epsilon(0.05));
}

TEST_CASE("weights read per decoded token: active experts only, no input-embedding lookup") {
  const WeightPrecision& bf16 = *catalog().find_weight_precision("bf16");
  const ParamCounts dense = count_params(model("llama-3-8b"));
  const WeightBytes d = weight_bytes(dense, bf16);
  CHECK(d.expert == 0);
  CHECK(d.read_dense == Approx(2.0 * static_cast<double>(dense.matmul_active)));
  const ParamCounts moe = count_params(model("mixtral-8x7b"));
  const WeightBytes m = weight_bytes(moe, bf16);
  CHECK(m.expert == Approx(2.0 * 3 * 4096 * 14336));
  // dense part + 2 active experts x 32 layers = the active (matmul) parameters x 2 bytes.
  CHECK(m.read_dense + 2 * 32 * m.expert == Approx(2.0 * static_cast<double>(moe.matmul_active)));
}

TEST_CASE("ZeRO model states, stage by stage (ZeRO paper Figure 1)") {
  // Rajbhandari et al. 2020, Fig. 1: Ψ = 7.5B, N_d = 64 data-parallel GPUs, K = 12:
  // baseline 120 GB, P_os 31.4 GB, P_os+g 16.6 GB, P_os+g+p 1.9 GB per GPU.
  const double psi = 7.5e9;
  struct Row {
    int stage;
    double gb;
  };
  const Row rows[] = {{0, 120.0}, {1, 31.4}, {2, 16.6}, {3, 1.9}};
  for (const Row& row : rows) {
    INFO("stage " << row.stage);
    const ModelStates s = zero_model_states(psi, Optimizer::AdamW, row.stage, 64);
    CHECK(s.total() / kGB == Approx(row.gb).epsilon(0.02));  // the figure rounds to 0.1 GB
  }
  // One card: no sharding whatever the stage.
  CHECK(zero_model_states(psi, Optimizer::AdamW, 3, 1).total() == Approx(16 * psi));
}

TEST_CASE("optimizer bytes per parameter") {
  CHECK(optimizer_bytes_per_param(Optimizer::AdamW, false) == 12);     // ZeRO: FP32 master + m + v
  CHECK(optimizer_bytes_per_param(Optimizer::AdamW8bit, false) == 6);  // FP32 master + 2 x 8-bit (Dettmers et al. 2021)
  CHECK(optimizer_bytes_per_param(Optimizer::Sgd, false) == 8);        // FP32 master + momentum
  CHECK(optimizer_bytes_per_param(Optimizer::AdamW, true) == 8);       // FP32 training: m + v only
}

TEST_CASE("activations per layer (Korthikanti et al. 2022)") {
  // s = 2048, b = 1, h = 6144, a = 48 (their 22B model shapes); sbh = 12,582,912.
  const double sbh = 2048.0 * 6144;
  // Eq. 1: sbh(34 + 5as/h) = sbh x (34 + 80).
  CHECK(activation_bytes_per_layer(2048, 1, 6144, 48, 1, Checkpointing::None, false) == Approx(sbh * 114));
  // Tensor parallel t = 8 with sequence parallelism (Eq. 4): sbh(34/t + 5as/(ht)) = sbh x (4.25 + 10).
  CHECK(activation_bytes_per_layer(2048, 1, 6144, 48, 8, Checkpointing::None, false) == Approx(sbh * 14.25));
  // Full recomputation with sequence parallelism keeps 1/t of the layer input.
  CHECK(activation_bytes_per_layer(2048, 1, 6144, 48, 8, Checkpointing::Full, false) == Approx(sbh * 2 / 8));
  // FlashAttention or selective recomputation: the 5as/h term goes.
  CHECK(activation_bytes_per_layer(2048, 1, 6144, 48, 1, Checkpointing::None, true) == Approx(sbh * 34));
  CHECK(activation_bytes_per_layer(2048, 1, 6144, 48, 1, Checkpointing::Selective, false) == Approx(sbh * 34));
  // Full recomputation keeps the layer input only: 2sbh.
  CHECK(activation_bytes_per_layer(2048, 1, 6144, 48, 1, Checkpointing::Full, false) == Approx(sbh * 2));
  // FP32 logits for the loss: 4sbv.
  CHECK(logits_bytes(2048, 1, 51200, 1) == Approx(4.0 * 2048 * 51200));
}

TEST_CASE("LoRA adapter parameters") {
  // PEFT's print_trainable_parameters() for Llama-2-7B, r = 8 on q_proj and v_proj: 4,194,304.
  CHECK(lora_adapter_params(model("llama-2-7b"), 8, {"q", "v"}) == 4194304);
  // r = 16 on all linear layers (QLoRA's recommendation): 39,976,960.
  CHECK(lora_adapter_params(model("llama-2-7b"), 16, {"all-linear"}) == 39976960);
  CHECK(lora_adapter_params(model("llama-2-7b"), 16, {"q", "k", "v", "o", "gate", "up", "down"}) == 39976960);
  CHECK(lora_adapter_params(model("llama-2-7b"), 16, {"attention"}) + lora_adapter_params(model("llama-2-7b"), 16, {"mlp"}) ==
        39976960);
  // MoE: every routed expert gets adapters (Mixtral: 8 experts per layer).
  const std::int64_t mixtral = lora_adapter_params(model("mixtral-8x7b"), 8, {"mlp"});
  CHECK(mixtral == 32LL * 8 * 8 * 3 * (4096 + 14336));
  CHECK(lora_adapter_params(model("llama-2-7b"), 0, {"q"}) == 0);
}

TEST_CASE("per-card memory: sharding and replication") {
  Scenario s;
  s.model = "llama-3-8b";
  Result<Resolved> r = resolve(catalog(), s);
  REQUIRE(r.ok());
  Layout one;
  const Gpu& h100 = test::formula::gpu("h100-sxm");
  const MemoryBreakdown m1 = memory_per_card(*r.value, &h100, one, 4096, 1);
  CHECK(m1.weights == to_bytes(r.value->weight_bytes));
  CHECK(m1.kv_cache == 4096LL * 131072);
  CHECK(m1.total == m1.weights + m1.kv_cache + m1.activations + m1.overhead);
  Layout four;
  four.cards = 4;
  four.tensor_parallel = 4;
  const MemoryBreakdown m4 = memory_per_card(*r.value, &h100, four, 4096, 1);
  CHECK(m4.weights == to_bytes(r.value->weight_bytes / 4));
  CHECK(m4.kv_cache == 1024LL * 131072);
  // Every card pays its own workspaces, more with each further tensor-parallel rank (NCCL peers).
  const EngineProfile& vllm = r.value->engine();
  CHECK(static_cast<double>(m4.overhead - m1.overhead) == Approx(3 * vllm.non_torch_mib_per_extra_rank * kMiB).margin(2));
}

TEST_CASE("training memory: the buying guides' rules of thumb") {
  // the 一万网络 budget guide §8.3: LoRA needs ~1.5x the weights. Qwen2.5-7B BF16, r = 16 on all linear
  // layers, 1024-token sequences, batch 1, no recomputation, FlashAttention: 1.4x.
  {
    Scenario s;
    s.model = "qwen2.5-7b";
    s.task = Task::Lora;
    s.context = 1024;
    const Estimate e = test::formula::run(s);
    const double ratio = static_cast<double>(e.memory.total) / static_cast<double>(e.memory.weights);
    CHECK(ratio > 1.2);
    CHECK(ratio < 1.8);
  }
  // the 智星云 speed guide §4.1: a 7B full fine-tune needs 60-80 GB. With 8-bit AdamW (2 + 2 + 4 + 2 = 10
  // bytes/param = 67.4 GB for Llama-2-7B) and full recomputation at 2048 tokens we get 70 GB.
  {
    Scenario s;
    s.model = "llama-2-7b";
    s.task = Task::Full;
    s.context = 2048;
    s.optimizer = Optimizer::AdamW8bit;
    s.checkpointing = Checkpointing::Full;
    const Estimate e = test::formula::run(s);
    CHECK(static_cast<double>(e.memory.total) / kGB > 60);
    CHECK(static_cast<double>(e.memory.total) / kGB < 80);
  }
  // Where we differ: with standard mixed-precision AdamW (ZeRO's 16 bytes/param) the same job
  // needs 108 GB of model states alone, more than the article's 60-80 GB (and the 2026 selection guide §2.1's
  // ">= 35-40 GB" only holds for LoRA or ZeRO over several cards).
  {
    Scenario s;
    s.model = "llama-2-7b";
    s.task = Task::Full;
    s.context = 2048;
    const Estimate e = test::formula::run(s);
    CHECK(static_cast<double>(e.memory.weights + e.memory.gradients + e.memory.optimizer) ==
          Approx(16.0 * 6738415616.0));
  }
}

TEST_CASE("QLoRA: NF4 base (Dettmers et al. 2023)") {
  Scenario s;
  s.model = "llama-2-7b";
  s.task = Task::Qlora;
  s.precision = "bf16";  // compute type; the base is stored as NF4
  const Estimate e = test::formula::run(s);
  CHECK(e.precision == "nf4");
  // 6.476B linear params x 4.127 bits (NF4 + double-quantised absmax, precisions.json) +
  // 0.262B embedding/head params x 2 B = 3.34 + 0.52 = 3.87 GB.
  CHECK(static_cast<double>(e.memory.weights) / kGB == Approx(3.87).epsilon(0.03));
  CHECK(e.adapter_params == 39976960);
  CHECK(e.memory.adapters == 2 * 39976960);
  CHECK(e.memory.gradients == 2 * 39976960);
  CHECK(e.memory.optimizer == 12LL * 39976960);
}

TEST_CASE("offload_split: the GPU keeps the last layers, MoE experts leave first") {
  Scenario s;
  s.model = "qwen3-30b-a3b";
  s.precision = "q4_k_m";
  s.engine = "llama.cpp";
  Result<Resolved> rr = resolve(catalog(), s);
  REQUIRE(rr.ok());
  const Resolved& r = *rr.value;
  const int layers = model("qwen3-30b-a3b").num_layers;
  const double expert_layer = r.expert_bytes * model("qwen3-30b-a3b").moe.num_experts;
  Layout all;
  CHECK_FALSE(offload_split(r, all).active);
  CHECK(offload_split(r, all).gpu_weight_bytes == r.weight_bytes);
  Layout x;
  x.gpu_layers = layers;
  x.experts_on_cpu = 3;
  const OffloadSplit sx = offload_split(r, x);
  CHECK(sx.active);
  CHECK(sx.cpu_weight_bytes == Approx(3 * expert_layer));
  CHECK(sx.layer_share == 1);
  CHECK(sx.expert_share == Approx(1.0 - 3.0 / r.params.moe_layers));
  Layout half;
  half.gpu_layers = layers / 2;
  const OffloadSplit sh = offload_split(r, half);
  const double non_expert_layer = (r.weight_bytes - expert_layer * r.params.moe_layers) / layers;
  CHECK(sh.gpu_weight_bytes == Approx(half.gpu_layers * (non_expert_layer + expert_layer)));
  CHECK(sh.gpu_weight_bytes + sh.cpu_weight_bytes == Approx(r.weight_bytes));
}
