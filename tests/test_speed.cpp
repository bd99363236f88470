// core/estimate/speed.hpp: decode/prefill terms, training time and its MFU, and the properties they keep.
// Formula tests: they run on tests/fixtures/formula-catalog.json, not the bundled catalog. The
// public measurements the factors are fitted on live in tests/calibration (test_calibration.cpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "test_support.hpp"
#include "hardware.hpp"
#include "resolve.hpp"
#include "speed.hpp"

using namespace cardfit;
using cardfit::test::formula::catalog;
using cardfit::test::formula::gpu;
using cardfit::test::formula::model;
using cardfit::test::formula::run;

namespace {

// One GPU at one card count.
GpuEstimate one(Scenario s, const std::string& gpu_id, int cards = 1) {
  s.gpu = gpu_id;
  s.cards = cards;
  s.explain = false;
  const Estimate e = run(s);
  REQUIRE(e.gpus.size() == 1);
  return e.gpus[0];
}

Scenario decode(const std::string& model_id, const std::string& precision, const std::string& engine,
                std::int64_t context) {
  Scenario s;
  s.model = model_id;
  s.precision = precision;
  s.engine = engine;
  s.context = context;
  s.prompt = std::min<std::int64_t>(512, context);
  return s;
}

Resolved resolved(const Scenario& s) {
  Result<Resolved> r = resolve(catalog(), s);
  REQUIRE(r.ok());
  return *r.value;
}

Scenario training(const std::string& model_id, Task task) {
  Scenario s;
  s.model = model_id;
  s.task = task;
  s.context = 2048;
  s.tokens = 1e9;
  return s;
}

}  // namespace

TEST_CASE("decode step: bytes at the engine's HBM or GDDR efficiency + its fixed cost") {
  const EngineProfile& vllm = *catalog().find_engine("vllm");
  const Scenario s = decode("llama-3.1-8b", "bf16", "vllm", 4096);
  const Resolved r = resolved(s);
  const double kv = kv_cache_bytes_per_sequence(r.model(), 16, 4096);
  const double fixed = vllm.step_ms + vllm.step_ms_per_layer * 32;
  struct Row {
    const char* gpu;
    double efficiency;
  };
  for (const Row& row : {Row{"h100-sxm", vllm.bandwidth_efficiency_hbm}, Row{"rtx-4090", vllm.bandwidth_efficiency_gddr}}) {
    INFO(row.gpu);
    const Gpu& g = gpu(row.gpu);
    const double bw = g.memory_bandwidth_gb_per_s * 1e9 * row.efficiency;
    const double step = (r.decode_weight_bytes + kv) / bw * 1000 + fixed;
    CHECK(one(s, row.gpu).decode_tokens_per_s == Approx(1000 / step).epsilon(1e-9));
    const DecodeSpeed d = decode_speed(r, g, Layout{}, 4096, 1);
    CHECK(d.fixed_ms == Approx(fixed));
    CHECK(d.step_ms == Approx(d.memory_ms + d.fixed_ms));
  }
  CHECK(has_hbm(gpu("h100-sxm")));
  CHECK_FALSE(has_hbm(gpu("rtx-4090")));
}

TEST_CASE("decode: a format's kernel efficiency slows its weight reads, not the KV cache") {
  const Scenario q4 = decode("llama-2-7b", "q4_k_m", "llama.cpp", 128);
  const Scenario q40 = decode("llama-2-7b", "q4_0", "llama.cpp", 128);
  const Resolved r = resolved(q4);
  const DecodeSpeed d = decode_speed(r, gpu("rtx-4090"), Layout{}, 128, 1);
  const double bw = gpu("rtx-4090").memory_bandwidth_gb_per_s * 1e9 * catalog().find_engine("llama.cpp")->bandwidth_efficiency_gddr;
  CHECK(d.kernel_efficiency == Approx(r.precision().decode_efficiency));
  CHECK(d.weights_ms == Approx(r.decode_weight_bytes / (bw * d.kernel_efficiency) * 1000));
  CHECK(d.kv_ms == Approx(d.kv_bytes / bw * 1000));
  // Q4_0's simple kernels: fewer bits per weight and full efficiency, so faster than Q4_K_M.
  CHECK(one(q40, "rtx-4090").decode_tokens_per_s > one(q4, "rtx-4090").decode_tokens_per_s);
}

TEST_CASE("multi-card decode: TP splits the bytes and adds all-reduces, layer split adds boundaries") {
  const EngineProfile& vllm = *catalog().find_engine("vllm");
  const EngineProfile& llamacpp = *catalog().find_engine("llama.cpp");
  const Gpu& h100 = gpu("h100-sxm");
  const Gpu& rtx = gpu("rtx-4090");
  // One all-reduce: latency + 2(t-1)/t of the message over the link.
  CHECK(allreduce_seconds(vllm, h100, 1, 1e6) == 0);
  CHECK(allreduce_seconds(llamacpp, h100, 4, 1e6) == 0);
  CHECK(allreduce_seconds(vllm, h100, 4, 1e6) ==
        Approx(vllm.allreduce_us_nvlink * 1e-6 + 1.5e6 / link_bytes_per_s(h100)));
  CHECK(allreduce_seconds(vllm, rtx, 2, 1e6) == Approx(vllm.allreduce_us_pcie * 1e-6 + 1e6 / link_bytes_per_s(rtx)));
  CHECK(link_bytes_per_s(rtx) == Approx(32e9));  // PCIe Gen4 x16, one direction
  Scenario v = decode("llama-3-70b", "int4", "vllm", 4096);
  const double tp2 = one(v, "rtx-4090", 2).decode_tokens_per_s;
  const double tp4 = one(v, "rtx-4090", 4).decode_tokens_per_s;
  CHECK(tp4 > tp2);
  CHECK(tp4 < 2 * tp2);  // all-reduces over PCIe eat part of it
  Scenario l = decode("llama-3-70b", "q4_k_m", "llama.cpp", 4096);
  const double split2 = one(l, "rtx-4090", 2).decode_tokens_per_s;
  const double split4 = one(l, "rtx-4090", 4).decode_tokens_per_s;
  CHECK(1000 / split4 - 1000 / split2 == Approx(2 * llamacpp.boundary_ms));
}

TEST_CASE("MoE decode: routed experts at the expert efficiency plus a cost per MoE layer and expert touched") {
  const Scenario moe = decode("qwen3-30b-a3b", "bf16", "vllm", 4096);
  const Resolved r = resolved(moe);
  const EngineProfile& vllm = r.engine();
  const DecodeSpeed d = decode_speed(r, gpu("h100-sxm"), Layout{}, 4096, 1);
  CHECK(d.moe_ms == Approx(r.params.moe_layers * (vllm.moe_us_per_layer + 8 * vllm.moe_us_per_expert) / 1000));
  const double bw = gpu("h100-sxm").memory_bandwidth_gb_per_s * 1e9 * vllm.bandwidth_efficiency_hbm;
  CHECK(d.experts_ms == Approx(d.expert_bytes / (bw * vllm.expert_efficiency_hbm) * 1000));
  CHECK(d.expert_bytes == Approx(r.expert_bytes * r.params.moe_layers * 8));  // 8 of 128 experts per token
  CHECK(expert_efficiency(vllm, gpu("h100-sxm")) == vllm.expert_efficiency_hbm);
  CHECK(expert_efficiency(vllm, gpu("rtx-4090")) == vllm.expert_efficiency_gddr);
  // Faster than the dense model of the same size, slower than its active bytes alone would say.
  const double dense = one(decode("qwen3-32b", "bf16", "vllm", 4096), "h100-sxm").decode_tokens_per_s;
  const double sparse = one(moe, "h100-sxm").decode_tokens_per_s;
  CHECK(sparse > 2 * dense);
  CHECK(sparse < 10 * dense);
  // Experts spread over cards pay the parallel cost per expert touched (8 of 128 for one token).
  Layout tp2;
  tp2.cards = 2;
  tp2.tensor_parallel = 2;
  CHECK(decode_speed(r, gpu("h100-sxm"), tp2, 4096, 1).moe_ms ==
        Approx(r.params.moe_layers * (vllm.moe_us_per_layer + 8 * vllm.moe_us_per_expert_parallel) / 1000));
  CHECK(distinct_experts(128, 8, 1) == Approx(8));
  CHECK(distinct_experts(8, 2, 1000) == Approx(8));
  CHECK(distinct_experts(0, 2, 5) == 0);
}

TEST_CASE("concurrency: aggregate grows, each sequence slows, compute caps it") {
  Scenario s = decode("llama-3.1-8b", "bf16", "vllm", 1152);
  double last_aggregate = 0;
  double last_per_sequence = 1e9;
  for (std::int64_t c : {1, 2, 4, 8, 16, 32, 64, 128}) {
    s.concurrency = c;
    const GpuEstimate g = one(s, "a100-80g");
    INFO("concurrency " << c);
    CHECK(g.aggregate_tokens_per_s >= last_aggregate);
    CHECK(g.decode_tokens_per_s <= last_per_sequence);
    CHECK(g.aggregate_tokens_per_s == Approx(g.decode_tokens_per_s * static_cast<double>(c)));
    last_aggregate = g.aggregate_tokens_per_s;
    last_per_sequence = g.decode_tokens_per_s;
  }
  Scenario big = decode("qwen2.5-0.5b", "bf16", "vllm", 256);
  big.concurrency = 2048;
  big.prompt = 128;
  CHECK(one(big, "h100-sxm").decode_compute_bound);
}

TEST_CASE("faster bandwidth never decodes slower (property)") {
  Catalog c = catalog();
  for (Gpu& g : c.gpus) g.memory_bandwidth_gb_per_s *= 1.5;
  Scenario s = test::formula::scenario();
  s.explain = false;
  const Estimate base = run(s);
  Result<Estimate> fast = estimate(c, s);
  REQUIRE(fast.ok());
  for (std::size_t i = 0; i < base.gpus.size(); ++i) {
    INFO(base.gpus[i].gpu);
    CHECK(fast.value->gpus[i].decode_tokens_per_s >= base.gpus[i].decode_tokens_per_s);
  }
}

TEST_CASE("the guides' decode figures") {
  // the 2026 selection guide §3.2: "a 4090 runs a 7B model at 40-60 tokens/s".
  const GpuEstimate q = one(decode("qwen2.5-7b", "bf16", "vllm", 4096), "rtx-4090");
  CHECK(q.decode_tokens_per_s >= 40);
  CHECK(q.decode_tokens_per_s <= 60);
  // the 一万网络 budget guide claims a 7B model decodes as fast on a 3090 as on an H100; single-stream
  // decode is bandwidth bound (3350 vs 936 GB/s), though the fixed per-step cost narrows the gap.
  const Scenario s = decode("qwen2.5-7b", "fp16", "vllm", 4096);
  CHECK(one(s, "h100-sxm").decode_tokens_per_s > 2 * one(s, "rtx-3090").decode_tokens_per_s);
}

TEST_CASE("prefill: chunks of the engine's batched tokens, each max(compute, weight read) + fixed cost") {
  const EngineProfile& vllm = *catalog().find_engine("vllm");
  Scenario s = decode("llama-3.1-8b", "bf16", "vllm", 4096);
  s.prompt = 2048;
  const Resolved r = resolved(s);
  // 2 x 7.50B matmul params + attention at mean position 1024: 2 x 32 x 32 x 256 x 1024 FLOPs.
  const double flops = 2.0 * static_cast<double>(r.params.matmul_active) + 2.0 * 32 * 32 * 256 * 1024;
  const double rate = 989.4e12 * vllm.prefill_efficiency_16bit;
  const double fixed = vllm.step_ms + vllm.step_ms_per_layer * 32;
  const GpuEstimate g = one(s, "h100-sxm");  // H100: 8192 batched tokens, one pass
  CHECK(g.ttft_ms == Approx(2048 * flops / rate * 1000 + fixed).epsilon(1e-9));
  CHECK(g.prefill_tokens_per_s == Approx(2048 / g.ttft_ms * 1000));
  // A100 80GB takes vLLM's first tier (2048 tokens): a 4096-token prompt is two passes.
  s.prompt = 4096;
  const PrefillSpeed two = prefill_speed(resolved(s), gpu("a100-80g"), Layout{}, 4096);
  CHECK(two.passes == 2);
  CHECK(two.fixed_ms == Approx(2 * fixed));
  CHECK(one(s, "h100-sxm").ttft_ms > g.ttft_ms);
}

TEST_CASE("training time: 6ND at peak x MFU, with the MFU's factors") {
  Scenario s = training("llama-2-7b", Task::Full);
  s.zero_stage = 3;
  const Resolved r = resolved(s);
  const double n = static_cast<double>(r.params.matmul_active);
  // PaLM's model FLOPs per token: 6N + 12 L H d s.
  const double per_token = 6 * n + 12.0 * 32 * 32 * 128 * 2048;
  CHECK(training_flops_per_token(r, 2048) == Approx(per_token));
  const Defaults& d = catalog().defaults;
  const GpuEstimate g = one(s, "h100-sxm", 8);
  REQUIRE(g.train_hours);
  const MfuParts parts = default_mfu(d, gpu("h100-sxm"), r.model(), r.params, 8);
  CHECK(parts.base == Approx(0.42));  // Hopper, fitted (engines.json defaults)
  CHECK(parts.size == 1);
  CHECK(g.mfu == Approx(parts.mfu));
  const double rate = 8 * 989.4e12 * parts.mfu * d.train_scaling_nvlink;
  CHECK(*g.train_hours == Approx(per_token * 1e9 / rate / 3600).epsilon(1e-9));
  CHECK(*g.gpu_hours == Approx(*g.train_hours * 8));
  // The user's MFU replaces the default.
  s.mfu = 0.3;
  CHECK(one(s, "h100-sxm", 8).mfu == 0.3);
  // Full recomputation: one more forward, 8N. LoRA: no weight gradients for the frozen base: 4N + 3A.
  Scenario full = training("llama-2-7b", Task::Full);
  full.checkpointing = Checkpointing::Full;
  CHECK(training_flops_per_token(resolved(full), 2048) == Approx(per_token * 4 / 3));
  Scenario lora = training("llama-2-7b", Task::Lora);
  lora.checkpointing = Checkpointing::None;
  CHECK(training_flops_per_token(resolved(lora), 2048) == Approx(4 * n + 3 * 4.0 * 32 * 32 * 128 * 2048));
  // No tokens: no time.
  lora.tokens = 0;
  CHECK_FALSE(one(lora, "h100-sxm").train_hours);
}

TEST_CASE("MFU: small models, MoE and very large clusters get less") {
  const Defaults& d = catalog().defaults;
  const Gpu& h100 = gpu("h100-sxm");
  const Resolved tiny = resolved(training("qwen2.5-0.5b", Task::Full));
  const Resolved big = resolved(training("llama-3-70b", Task::Full));
  const Resolved moe = resolved(training("qwen3-30b-a3b", Task::Full));
  CHECK(default_mfu(d, h100, tiny.model(), tiny.params, 8).size < 1);
  CHECK(default_mfu(d, h100, big.model(), big.params, 8).size == 1);
  CHECK(default_mfu(d, h100, moe.model(), moe.params, 8).moe == Approx(d.mfu_moe));
  const MfuParts at_8k = default_mfu(d, h100, big.model(), big.params, 8192);
  CHECK(at_8k.scale == Approx(std::pow(1 - d.mfu_loss_per_doubling, std::log2(8192 / d.mfu_scale_cards))));
  CHECK(default_mfu(d, gpu("a100-80g"), big.model(), big.params, 8).base == Approx(0.5));  // Ampere
  CHECK(default_mfu(d, gpu("rtx-4090"), big.model(), big.params, 8).base == Approx(d.mfu_consumer));
}

TEST_CASE("training: pipeline bubble, FP8 on Hopper, run efficiency of pre-training, PCIe scaling") {
  Layout l;
  l.cards = 64;
  l.tensor_parallel = 8;
  l.pipeline_parallel = 4;
  l.data_parallel = 2;
  l.microbatches = 13;
  CHECK(pipeline_bubble(l) == Approx(3.0 / 16));
  const Scenario s = training("llama-3-70b", Task::Full);
  const TrainTime plain = train_time(resolved(s), gpu("h100-sxm"), Layout{64, 8, 1, 8, 1, 1});
  const TrainTime piped = train_time(resolved(s), gpu("h100-sxm"), l);
  CHECK(piped.hours == Approx(plain.hours / (1 - 3.0 / 16)));
  // FP8 matmuls: 1.3x the BF16 speed on FP8 tensor cores (not 2x), BF16 speed elsewhere.
  Scenario fp8 = training("llama-2-7b", Task::Full);
  fp8.precision = "fp8";
  Scenario bf16 = training("llama-2-7b", Task::Full);
  CHECK(*one(bf16, "h100-sxm", 8).train_hours / *one(fp8, "h100-sxm", 8).train_hours ==
        Approx(catalog().defaults.fp8_training_speedup));
  CHECK(*one(bf16, "a100-80g", 8).train_hours == Approx(*one(fp8, "a100-80g", 8).train_hours));
  // Pre-training runs lose time to restarts and evaluations; a fine-tune does not.
  Scenario pre = training("llama-2-7b", Task::Pretrain);
  CHECK(*one(pre, "h100-sxm", 8).train_hours ==
        Approx(*one(bf16, "h100-sxm", 8).train_hours / catalog().defaults.run_efficiency));
  // Consumer cards without NVLink: each card at train_scaling_pcie.
  Scenario small = training("qwen2.5-0.5b", Task::Full);
  small.context = 1024;
  const double speedup = *one(small, "rtx-4090", 1).train_hours / *one(small, "rtx-4090", 4).train_hours;
  CHECK(speedup == Approx(4 * catalog().defaults.train_scaling_pcie));
}

TEST_CASE("offload: the host part of a decode step reads at the host bandwidth, prefill copies it over PCIe") {
  Scenario s = decode("qwen3-32b", "q4_k_m", "llama.cpp", 4096);
  s.offload = Offload::gpu_layers(16);
  s.host_bandwidth = 51.2;  // DDR4-3200, two channels
  Result<Resolved> rr = resolve(catalog(), s);
  REQUIRE(rr.ok());
  const Resolved& r = *rr.value;
  const Gpu& g = gpu("rtx-4050-laptop");
  Layout l;
  l.gpu_layers = 16;
  const DecodeSpeed d = decode_speed(r, g, l, 4096, 1);
  const DecodeSpeed full = decode_speed(r, g, Layout{}, 4096, 1);
  const double share = 16.0 / model("qwen3-32b").num_layers;
  CHECK(d.weight_bytes == Approx(full.weight_bytes * share));
  CHECK(d.kv_bytes == Approx(full.kv_bytes * share));
  CHECK(d.cpu_bytes == Approx((full.weight_bytes + full.kv_bytes) * (1 - share)));
  CHECK(d.host_bandwidth == Approx(51.2e9 * catalog().defaults.host_bandwidth_efficiency));
  CHECK(d.cpu_ms == Approx(d.cpu_bytes / d.host_bandwidth * 1000));
  CHECK(d.step_ms == Approx(std::max(d.memory_ms, d.compute_ms) + d.cpu_ms + d.fixed_ms + d.moe_ms + d.sync_ms +
                            d.boundary_ms));
  CHECK(full.cpu_ms == 0);
  const PrefillSpeed p = prefill_speed(r, g, l, 512);
  const OffloadSplit split = offload_split(r, l);
  CHECK(p.pcie_ms == Approx(split.cpu_weight_bytes / (catalog().defaults.pcie_x16_gen4_gb_per_s * 1e9) * 1000 * p.passes));
  CHECK(prefill_speed(r, g, Layout{}, 512).pcie_ms == 0);
}

TEST_CASE("prefill mixed into decode: a serving benchmark's TPOT and output rate at a fixed concurrency") {
  // Hand-worked from the formula (docs/model.md §Decode with prefill mixed in): 4 sequences, a 20 ms
  // step, 80 ms of prefill work per prompt, 100 output tokens per request.
  //   TPOT = step + (c - 1) x prefill / output = 20 + 3 x 80 / 100 = 22.4 ms
  //   output tokens/s = c x output x 1000 / (output x step + c x prefill) = 400,000 / (2,000 + 320) = 172.41...
  const MixedDecode m = mixed_decode(20, 80, 4, 100);
  CHECK(m.tpot_ms == Approx(22.4));
  CHECK(m.tokens_per_s == Approx(400000.0 / 2320));
  CHECK(m.step_ms == 20);
  CHECK(m.prefill_ms == 80);
  // One sequence: no other prompt lands in its decode span (TPOT is the step), but its own prefill
  // still takes a share of the cycle: 1 x 100 x 1000 / (100 x 20 + 80) = 48.08 tok/s, not 1000 / 20 = 50.
  const MixedDecode one_seq = mixed_decode(20, 80, 1, 100);
  CHECK(one_seq.tpot_ms == Approx(20));
  CHECK(one_seq.tokens_per_s == Approx(100000.0 / 2080));
  // No prefill work: the decode figures unchanged (c / step).
  CHECK(mixed_decode(20, 0, 4, 100).tokens_per_s == Approx(200));

  // Wired into estimate() only when the scenario names an output length.
  Scenario s = decode("llama-3.1-8b", "bf16", "vllm", 2048);
  s.prompt = 1024;
  s.concurrency = 8;
  const GpuEstimate plain = one(s, "a100-80g");
  CHECK_FALSE(plain.mixed.has_value());
  s.output_tokens = 1024;
  const GpuEstimate g = one(s, "a100-80g");
  REQUIRE(g.mixed.has_value());
  CHECK(g.aggregate_tokens_per_s == Approx(plain.aggregate_tokens_per_s));  // the decode figure stays decode
  CHECK(g.mixed->concurrency == 8);
  CHECK(g.mixed->step_ms == Approx(1000 / g.decode_tokens_per_s));
  // The prompt's math is added, not its weight reads and fixed costs: less than the prompt alone.
  CHECK(g.mixed->prefill_ms > 0);
  CHECK(g.mixed->prefill_ms < g.ttft_ms);
  CHECK(g.mixed->tpot_ms == Approx(g.mixed->step_ms + 7 * g.mixed->prefill_ms / 1024));
  CHECK(g.mixed->tokens_per_s < g.aggregate_tokens_per_s);
  // --max-num-seqs caps the sequences that decode (and whose prompts are mixed in).
  s.max_num_seqs = 4;
  CHECK(one(s, "a100-80g").mixed->concurrency == 4);
}

TEST_CASE("sizing from traffic: a full batch with prefill mixed in, its TPOT limit found by bisection") {
  // Hand-worked (docs/planner.md §Sizing from traffic, docs/model.md §Decode with prefill mixed in):
  // a decode step of 20 + 0.5 x B ms at batch B, 80 ms of prefill work per prompt (P), a 120 ms
  // TTFT, 100 output tokens (O), a KV pool of 16 sequences.
  //   tpot(B) = step(B) + (B - 1) x P / O = 20 + 0.5 B + 0.8 (B - 1) = 19.2 + 1.3 B
  //   requests/s = B x 1000 / (O x step(B) + B x P)
  // The old stall (B whole TTFTs per O steps: tpot = step(B) + B x 120 / 100 = 20 + 1.7 B) gives
  // other figures at every line below.
  auto step = [](std::int64_t b) { return 20 + 0.5 * static_cast<double>(b); };
  // No limit: B = 16, step 28 ms, tpot = 19.2 + 20.8 = 40 ms (old: 47.2),
  // requests/s = 16,000 / (2,800 + 1,280) = 3.9216 (old: 16,000 / (2,800 + 1,920) = 3.3898).
  const Serving all = serving_at(step, 120, 80, 16, 100, 0);
  CHECK(all.feasible);
  CHECK(all.batch == 16);
  CHECK(all.limited_by == ServingLimit::Memory);
  CHECK(all.step_ms == Approx(28));
  CHECK(all.tpot_ms == Approx(40));
  CHECK(all.requests_per_s == Approx(16000.0 / 4080));
  CHECK(all.prefill_ms == 120);  // the TTFT, for the planner's queueing margin
  CHECK(all.mixed_prefill_ms == 80);
  // A 30 ms limit: 19.2 + 1.3 B <= 30 while B <= 8.3, so B = 8 (old: 20 + 1.7 B <= 30, B = 5):
  // tpot = 29.6 ms, requests/s = 8,000 / (100 x 24 + 8 x 80) = 8,000 / 3,040 = 2.6316.
  const Serving capped = serving_at(step, 120, 80, 16, 100, 30);
  CHECK(capped.feasible);
  CHECK(capped.batch == 8);
  CHECK(capped.limited_by == ServingLimit::Tpot);
  CHECK(capped.tpot_ms == Approx(29.6));
  CHECK(capped.requests_per_s == Approx(8000.0 / 3040));
  // Exactly at B = 8's TPOT the bisection keeps 8; just below it drops to 7 (19.2 + 9.1 = 28.3 ms).
  CHECK(serving_at(step, 120, 80, 16, 100, 29.6 + 1e-9).batch == 8);
  CHECK(serving_at(step, 120, 80, 16, 100, 29.5).batch == 7);
  // One sequence sees no other prompt: tpot(1) = step(1) = 20.5 ms (old: 21.7). A 21 ms limit
  // is met by B = 1 only (tpot(2) = 21.8); a 20 ms limit by none: infeasible, batch 0.
  const Serving one_seq = serving_at(step, 120, 80, 16, 100, 21);
  CHECK(one_seq.feasible);
  CHECK(one_seq.batch == 1);
  CHECK(one_seq.tpot_ms == Approx(20.5));
  CHECK(one_seq.requests_per_s == Approx(1000.0 / (100 * 20.5 + 80)));
  const Serving none = serving_at(step, 120, 80, 16, 100, 20);
  CHECK_FALSE(none.feasible);
  CHECK(none.batch == 0);
  CHECK(none.limited_by == ServingLimit::Tpot);

  // estimate() sizes the planner's replica with the same model as its `mixed` figures: at a
  // concurrency equal to the serving batch the two agree.
  Scenario s = decode("llama-3.1-8b", "bf16", "vllm", 2048);
  s.prompt = 1024;
  s.output_tokens = 256;
  const GpuEstimate g = one(s, "a100-80g");
  REQUIRE(g.serving);
  REQUIRE(g.serving->feasible);
  s.concurrency = g.serving->batch;
  const GpuEstimate at_batch = one(s, "a100-80g");
  REQUIRE(at_batch.mixed);
  CHECK(g.serving->mixed_prefill_ms == Approx(at_batch.mixed->prefill_ms));
  CHECK(g.serving->step_ms == Approx(at_batch.mixed->step_ms));
  CHECK(g.serving->tpot_ms == Approx(at_batch.mixed->tpot_ms));
  CHECK(g.serving->requests_per_s == Approx(at_batch.mixed->tokens_per_s / 256));
  CHECK(g.serving->prefill_ms == Approx(g.ttft_ms));
  // --max-num-seqs caps the batch as it caps the sequences that decode.
  s.concurrency = 1;
  s.max_num_seqs = 4;
  CHECK(one(s, "a100-80g").serving->batch == 4);
}
