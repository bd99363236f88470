// Issue 27: FP4 per kernel path on the FP4 bytes only, MoE cost from the experts touched, expert
// parallelism, CPU-offloaded experts, engine flags and vLLM's start-up layout of MXFP4 weights.
// Each expectation is derived from the formula and the catalog's own factors, never from a run.
#include <catch2/catch.hpp>

#include <deque>

#include <algorithm>
#include <cmath>
#include <string>

#include "catalog_load.hpp"
#include "catalog_write.hpp"
#include "estimate.hpp"
#include "hardware.hpp"
#include "memory.hpp"
#include "resolve.hpp"
#include "speed.hpp"
#include "test_support.hpp"
#include "url_state.hpp"

using namespace cardfit;
using cardfit::test::catalog;
using cardfit::test::gpu;

namespace {

Scenario inference(const std::string& model, const std::string& precision, const std::string& engine) {
  Scenario s;
  s.model = model;
  s.precision = precision;
  s.engine = engine;
  s.context = 2048;
  s.prompt = 512;
  s.explain = false;
  return s;
}

// NOTE: a Resolved points at its Scenario; the scenarios are kept for the run (a deque keeps
// them in place), else a temporary would dangle (AddressSanitizer: stack-use-after-scope).
Resolved resolved(const Scenario& s) {
  static std::deque<Scenario> kept;
  kept.push_back(s);
  Result<Resolved> r = resolve(catalog(), kept.back());
  REQUIRE(r.ok());
  return *r.value;
}

// The first error's field, or "" when the scenario resolves.
std::string error_field(const Scenario& s) {
  Result<Resolved> r = resolve(catalog(), s);
  return r.ok() ? std::string() : r.errors.front().field;
}

}  // namespace

TEST_CASE("FP4: the engine's efficiency for the card's FP4 path, on the FP4 bytes only") {
  const Scenario s = inference("gpt-oss-120b", "mxfp4", "vllm");
  const Resolved r = resolved(s);
  const EngineProfile& vllm = r.engine();
  // MXFP4 keeps attention, embeddings and the head at 16 bits: none of the dense read is FP4.
  CHECK(r.decode_weight_bytes_quantized == Approx(0).margin(1));
  CHECK(quantized_efficiency(r, gpu("b200")) == Approx(vllm.fp4_efficiency_native));
  CHECK(quantized_efficiency(r, gpu("a100-80g")) == Approx(vllm.fp4_efficiency_weight_only));
  CHECK(gpu("b200").fp4_path == Fp4Path::Native);
  // Hopper has its own figure (issue 27 twelfth pass: InferenceX's 8x H100 and vLLM issue 30326's
  // 8x H200 gpt-oss-120b rows), above the weight-only one that Ampere keeps (vLLM issue 22331, A100).
  double hopper = 0;
  for (const ArchitectureEfficiency& a : vllm.fp4_efficiency_by_architecture) {
    if (a.architecture == "Hopper") hopper = a.efficiency;
  }
  CHECK(hopper > vllm.fp4_efficiency_weight_only);
  CHECK(gpu("h100-sxm").architecture == "Hopper");
  CHECK(quantized_efficiency(r, gpu("h100-sxm")) == Approx(hopper));
  CHECK(quantized_efficiency(r, gpu("h200")) == Approx(hopper));
  Layout tp8;
  tp8.cards = tp8.tensor_parallel = 8;
  const DecodeSpeed h200 = decode_speed(r, gpu("h200"), tp8, 2048, 8);
  CHECK(h200.kernel_efficiency == Approx(hopper));
  CHECK(h200.experts_ms == Approx(h200.expert_bytes /
                                  (8 * decode_bandwidth(vllm, gpu("h200")) * hopper * h200.expert_efficiency) * 1000));
  const DecodeSpeed d = decode_speed(r, gpu("a100-80g"), Layout{}, 2048, 1);
  const double bw = decode_bandwidth(vllm, gpu("a100-80g"));
  CHECK(d.weights_ms == Approx(d.weight_bytes / bw * 1000));  // 16-bit bytes at full kernel efficiency
  CHECK(d.experts_ms == Approx(d.expert_bytes / (bw * d.kernel_efficiency * d.expert_efficiency) * 1000));
  // A 16-bit model is untouched by any FP4 factor.
  const Resolved bf16 = resolved(inference("qwen3-8b", "bf16", "vllm"));
  CHECK(quantized_efficiency(bf16, gpu("b200")) == Approx(1));
}

TEST_CASE("MoE decode: a cost per MoE layer plus one per expert touched, not per expert the model has") {
  const Resolved r = resolved(inference("qwen3-30b-a3b", "bf16", "vllm"));
  const EngineProfile& e = r.engine();
  const Model& m = r.model();
  for (std::int64_t c : {1, 8, 64}) {
    INFO("concurrency " << c);
    const double touched = distinct_experts(m.moe.num_experts, m.moe.experts_per_token, static_cast<double>(c));
    const DecodeSpeed d = decode_speed(r, gpu("h100-sxm"), Layout{}, 2048, c);
    CHECK(d.moe_ms == Approx(r.params.moe_layers * (e.moe_us_per_layer + e.moe_us_per_expert * touched) / 1000));
    // Expected distinct experts: E (1 - (1 - k/E)^B).
    CHECK(touched == Approx(m.moe.num_experts * (1 - std::pow(1 - 8.0 / 128, static_cast<double>(c)))));
  }
  CHECK(distinct_experts(128, 8, 1) == Approx(8));
}

TEST_CASE("expert parallelism: experts split over ep cards, all-to-alls only beyond the tensor-parallel group") {
  const Resolved r = resolved(inference("qwen3-30b-a3b", "bf16", "vllm"));
  const EngineProfile& e = r.engine();
  const Gpu& h100 = gpu("h100-sxm");
  Layout tp;
  tp.cards = 4;
  tp.tensor_parallel = 4;
  Layout ep = tp;
  ep.expert_parallel = 4;
  const DecodeSpeed a = decode_speed(r, h100, tp, 2048, 1);
  const DecodeSpeed b = decode_speed(r, h100, ep, 2048, 1);
  const double touched = 8.0 / 4;  // per card
  // EP 4 inside TP 4: every rank holds every token (tensor-parallel attention), so no all-to-all;
  // vLLM (use_all2all_kernels = dp_size > 1 and use_ep) and SGLang (--moe-a2a-backend none) agree.
  CHECK(b.moe_ms == Approx(r.params.moe_layers * (e.moe_us_per_layer + e.moe_us_per_expert_parallel * touched) / 1000));
  // EP 4 over TP 2 x PP 2: the expert group is wider than the tensor-parallel group, so each MoE
  // layer pays a dispatch and a combine of the token's top-k hidden states.
  Layout wide;
  wide.cards = 4;
  wide.tensor_parallel = 2;
  wide.pipeline_parallel = 2;
  wide.expert_parallel = 4;
  const DecodeSpeed c = decode_speed(r, h100, wide, 2048, 1);
  const double bytes = 8.0 * r.model().hidden_size * 2;  // one token, top-k copies of its hidden state
  const double alltoall = e.alltoall_us * 1e-6 + 0.75 * bytes / link_bytes_per_s(h100);
  CHECK(c.moe_ms == Approx(r.params.moe_layers * (e.moe_us_per_layer + e.moe_us_per_expert_parallel * touched) / 1000 +
                           2 * r.params.moe_layers * alltoall * 1000));
  CHECK(b.expert_parallel == 4);
  CHECK(a.expert_parallel == 1);
  // Training memory: the routed experts' weights, gradients and optimizer states split over EP.
  Scenario t;
  t.model = "qwen3-30b-a3b";
  t.task = Task::Full;
  t.gpu = "h800";
  t.cards = 16;
  t.context = 4096;
  t.tensor_parallel = 1;
  t.explain = false;
  Scenario t8 = t;
  t8.expert_parallel = 8;
  const Estimate e1 = test::run(t);
  const Estimate e8 = test::run(t8);
  REQUIRE(e8.gpus.size() == 1);
  CHECK(e8.gpus[0].expert_parallel == 8);
  CHECK(e1.gpus[0].expert_parallel == 1);
  CHECK(e8.gpus[0].train_tokens_per_s < e1.gpus[0].train_tokens_per_s);  // the all-to-alls cost time
}

TEST_CASE("engine flags: set through links, refused outside what the engine accepts, with the flag named") {
  Result<PlanRequest> q = request_from_pairs_strict(test::catalog(), decode_query(
      "model=qwen3-8b&engine=vllm&gpu=h100-sxm&gpu-memory-utilization=0.8&max-num-batched-tokens=4096&max-num-seqs=64"));
  REQUIRE(q.ok());
  CHECK(q.value->scenario.gpu_memory_utilization.value_or(-1) == Approx(0.8));
  CHECK(q.value->scenario.max_num_batched_tokens == 4096);
  CHECK(q.value->scenario.max_num_seqs == 64);
  for (const char* bad : {"gpu-memory-utilization=1.2", "gpu-memory-utilization=0", "max-num-batched-tokens=0",
                          "max-num-seqs=0", "n-cpu-moe=-3"}) {
    INFO(bad);
    Result<PlanRequest> b = request_from_pairs_strict(test::catalog(), decode_query(std::string("model=qwen3-8b&") + bad));
    REQUIRE_FALSE(b.ok());
    const std::string key = std::string(bad).substr(0, std::string(bad).find('='));
    CHECK(b.errors.front().field == input_spec(find_input(key)->id).field);
  }
  Scenario s = inference("qwen3-30b-a3b", "q4_k_m", "llama.cpp");
  s.n_cpu_moe = 49;  // 48 layers
  CHECK(error_field(s) == "n_cpu_moe");
  s.n_cpu_moe = 48;
  CHECK(error_field(s).empty());
  s.engine = "vllm";
  s.precision = "bf16";
  CHECK(error_field(s) == "n_cpu_moe");  // vLLM has no --n-cpu-moe
  s.n_cpu_moe.reset();
  s.engine = "llama.cpp";
  s.gpu_memory_utilization = 0.9;
  CHECK(error_field(s) == "gpu_memory_utilization");
  s.gpu_memory_utilization.reset();
  s.max_num_batched_tokens = 1024;
  CHECK(error_field(s) == "max_num_batched_tokens");
  Scenario dense = inference("qwen3-8b", "bf16", "vllm");
  dense.expert_parallel = 2;
  CHECK(error_field(dense) == "expert_parallel");
  Scenario moe = inference("qwen3-30b-a3b", "bf16", "vllm");
  moe.expert_parallel = 3;  // 128 experts
  CHECK(error_field(moe) == "expert_parallel");
}

TEST_CASE("engine flags change the answer the way the engine would") {
  Scenario s = inference("qwen3-8b", "bf16", "vllm");
  s.gpu = "h100-sxm";
  s.cards = 1;
  const Resolved r = resolved(s);
  const Gpu& g = gpu("h100-sxm");
  const double visible = visible_bytes(g, catalog().defaults);
  Scenario half = s;
  half.gpu_memory_utilization = 0.5;
  const EngineMemory a = engine_memory(r, &g, Layout{}, s.prompt, 1);
  const EngineMemory b = engine_memory(resolved(half), &g, Layout{}, s.prompt, 1);
  CHECK(a.budget == Approx(r.engine().memory_utilization * visible));
  CHECK(b.budget == Approx(0.5 * visible));
  CHECK(a.kv_pool - b.kv_pool == Approx((r.engine().memory_utilization - 0.5) * visible));
  // Fewer batched tokens: a smaller activation peak and more prefill passes.
  Scenario small = s;
  small.max_num_batched_tokens = 256;
  const EngineMemory c = engine_memory(resolved(small), &g, Layout{}, s.prompt, 1);
  CHECK(c.activation.tokens_per_pass == 256);
  CHECK(c.activation.bytes < a.activation.bytes);
  CHECK(prefill_speed(resolved(small), g, Layout{}, 2048).passes == 8);
}

TEST_CASE("llama.cpp --n-cpu-moe: experts of the first N layers in host memory, read at host bandwidth") {
  Scenario s = inference("qwen3-30b-a3b", "q4_k_m", "llama.cpp");
  s.gpu = "rtx-4090";
  s.cards = 1;
  s.n_cpu_moe = 24;
  s.host_bandwidth = 89.6;
  const Estimate e = test::run(s);
  REQUIRE(e.gpus.size() == 1);
  REQUIRE(e.gpus[0].offload);
  CHECK(e.gpus[0].offload->experts_on_cpu == 24);  // every layer of Qwen3-30B-A3B is MoE
  const Resolved r = resolved(s);
  Layout l;
  l.gpu_layers = r.model().num_layers;
  l.experts_on_cpu = 24;
  const DecodeSpeed d = decode_speed(r, gpu("rtx-4090"), l, s.context, 1);
  const double host = 89.6e9 * catalog().defaults.host_bandwidth_efficiency;
  CHECK(d.cpu_ms == Approx(d.cpu_bytes / host * 1000 + 24 * r.engine().offload_ms_per_layer));
  // Half the experts on the CPU: slower than none, faster than all.
  Scenario none = s;
  none.n_cpu_moe = 0;
  Scenario all = s;
  all.n_cpu_moe = 48;
  CHECK(test::run(none).gpus[0].decode_tokens_per_s > e.gpus[0].decode_tokens_per_s);
  CHECK(test::run(all).gpus[0].decode_tokens_per_s < e.gpus[0].decode_tokens_per_s);
}

TEST_CASE("vLLM lays MXFP4 experts out larger than the file: gpt-oss-120b does not start on one H100") {
  // vLLM issue 23278: 'Model loading took 65.9651 GiB', 'Available KV cache memory: -2.14 GiB'.
  Scenario s = inference("gpt-oss-120b", "mxfp4", "vllm");
  s.gpu = "h100-sxm";
  s.cards = 1;
  s.context = 4096;
  const Resolved r = resolved(s);
  REQUIRE(r.weight_padding > 0);
  const WeightBytes wb = weight_bytes(r.params, r.precision());
  double factor = 1;
  for (const WeightPadding& p : r.engine().weight_padding) {
    if (p.precision == "mxfp4") factor = p.factor;
  }
  CHECK(r.weight_bytes == Approx(wb.stored + wb.stored_quantized * (factor - 1)));
  const Estimate e = test::run(s);
  REQUIRE(e.gpus.size() == 1);
  CHECK(e.gpus[0].fit == Fit::No);
  // llama.cpp reads the GGUF as it is.
  CHECK(resolved(inference("gpt-oss-120b", "mxfp4", "llama.cpp")).weight_padding == 0);
}

TEST_CASE("llama.cpp's MXFP4 GGUF keeps attention and the head in Q8_0: gpt-oss-20b weighs what its file does") {
  // llama-quant.cpp (MXFP4_MOE: expert tensors MXFP4, the rest Q8_0); llama-bench tables print
  // 'gpt-oss 20B MXFP4 MoE 11.27 GiB' (PRs 16834, 20586, 21086).
  const Resolved gguf = resolved(inference("gpt-oss-20b", "mxfp4", "llama.cpp"));
  CHECK(gguf.weight_bytes == Approx(11.27 * 1024.0 * 1024 * 1024).epsilon(0.03));
  // vLLM loads the safetensors checkpoint: the same tensors in BF16, so more bytes read per token.
  const Resolved st = resolved(inference("gpt-oss-20b", "mxfp4", "vllm"));
  CHECK(gguf.decode_weight_bytes < 0.6 * st.decode_weight_bytes);
  CHECK(gguf.expert_bytes == Approx(st.expert_bytes));
  // The kept tensors are not the format's bytes: they read at full speed, not at the FP4 efficiency.
  CHECK(gguf.decode_weight_bytes_quantized == 0);
}

TEST_CASE("optimizer offload: the optimizer states leave the GPU, the step waits for the CPU") {
  Scenario s;
  s.model = "qwen3-8b";
  s.task = Task::Full;
  s.gpu = "h100-sxm";
  s.cards = 8;
  s.context = 2048;
  s.tokens = 1e9;
  s.zero_stage = 2;
  s.explain = false;
  Scenario off = s;
  off.optimizer_offload = true;
  const Estimate a = test::run(s);
  const Estimate b = test::run(off);
  REQUIRE(a.gpus.size() == 1);
  CHECK(b.gpus[0].per_card.optimizer == 0);
  CHECK(a.gpus[0].per_card.optimizer > 0);
  CHECK(b.gpus[0].train_tokens_per_s < a.gpus[0].train_tokens_per_s);
  Scenario bad = inference("qwen3-8b", "bf16", "vllm");
  bad.optimizer_offload = true;
  CHECK(error_field(bad) == "optimizer_offload");
}

TEST_CASE("B300 and MI355X: dense rates from their cited figures, FP4 on tensor cores, engines that run them") {
  // B300 (gpus.json sources): the HGX B300 table gives 8-GPU totals with sparsity, FP16/BF16 36 PF
  // and FP8 72 PF, FP32 600 TF (dense = / 8 / 2; cosmos-framework PR 114: 2.25 PF BF16 per GPU);
  // NVLink 5 1.8 TB/s per GPU; MLPerf names the part B300-SXM-270GB (270 GiB).
  const Gpu& b300 = gpu("b300");
  CHECK(b300.bf16_dense_tflops == Approx(36000.0 / 8 / 2));
  CHECK(b300.fp8_dense_tflops == Approx(72000.0 / 8 / 2));
  CHECK(b300.fp32_tflops == Approx(600.0 / 8));
  CHECK(b300.nvlink_gb_per_s == Approx(1800));
  CHECK(b300.memory_mib == 270 * 1024);
  CHECK(b300.architecture == gpu("b200").architecture);  // Blackwell: its MFU and FP4 factors apply
  CHECK(b300.fp4_path == Fp4Path::Native);
  CHECK(b300.fp4_dense_tflops > gpu("b200").fp4_dense_tflops);  // Blackwell Ultra: 13 PF dense vs 9
  // MI355X: 256 CUs (ROCm GPU specs) x 8,192 FP8 FLOPs per CU per clock (ISSCC 2026) x 2.4 GHz (Hot
  // Chips 2025) = 5,033.2 TFLOPS; MXFP4 at twice that, FP16/BF16 at half; 288 GiB.
  const Gpu& mi355x = gpu("mi355x");
  const double fp8 = 256 * 8192 * 2.4e9 / 1e12;
  CHECK(mi355x.fp8_dense_tflops == Approx(fp8).epsilon(1e-4));
  CHECK(mi355x.fp4_dense_tflops == Approx(2 * fp8).epsilon(1e-4));
  CHECK(mi355x.bf16_dense_tflops == Approx(fp8 / 2).epsilon(1e-4));
  CHECK(mi355x.memory_mib == 288 * 1024);
  CHECK(mi355x.runtime == Runtime::Rocm);
  CHECK(mi355x.fp4_path == Fp4Path::Native);
  // Engines: vLLM and SGLang have ROCm builds (MI350 = gfx950 in vLLM's ROCm requirements), vLLM's
  // MXFP4 rows name MI355x; TensorRT-LLM is CUDA only; NVFP4 has CUDA rows only.
  CHECK(kernel_support(test::catalog(), mi355x, "vllm", "mxfp4").runs);
  CHECK(kernel_support(test::catalog(), mi355x, "sglang", "fp8").runs);
  CHECK_FALSE(kernel_support(test::catalog(), mi355x, "tensorrt-llm", "fp8").runs);
  CHECK_FALSE(kernel_support(test::catalog(), mi355x, "vllm", "nvfp4").runs);
  CHECK(kernel_support(test::catalog(), b300, "vllm", "nvfp4").runs);
  // The FP4 path reaches the decode step: vLLM reads MXFP4 bytes on the MI355X at its native figure
  // (no CDNA 4 measurement yet), on the MI300X at the CDNA 3 one.
  const Resolved r = resolved(inference("gpt-oss-120b", "mxfp4", "vllm"));
  const EngineProfile& vllm = r.engine();
  CHECK(quantized_efficiency(r, mi355x) == Approx(vllm.fp4_efficiency_native));
  CHECK(quantized_efficiency(r, gpu("mi300x")) != Approx(vllm.fp4_efficiency_native));
}

TEST_CASE("decode efficiency by architecture: the whole decode step of SGLang on CDNA 3, data with bounds") {
  const Resolved r = resolved(inference("minimax-m2.7", "fp8", "sglang"));
  const EngineProfile& sglang = r.engine();
  const Gpu& mi300x = gpu("mi300x");
  // The catalog lists a figure for SGLang on CDNA 3 (MI300X, MI325X), none for NVIDIA cards or for vLLM.
  const double eff = architecture_decode_efficiency(sglang, mi300x);
  CHECK(eff < 1);
  CHECK(architecture_decode_efficiency(sglang, gpu("mi325x")) == Approx(eff));
  CHECK(architecture_decode_efficiency(sglang, gpu("h200")) == 1);
  CHECK(architecture_decode_efficiency(resolved(inference("minimax-m2.7", "fp8", "vllm")).engine(), mi300x) == 1);
  Layout tp2;
  tp2.cards = tp2.tensor_parallel = tp2.expert_parallel = 2;
  for (std::int64_t c : {1, 16}) {
    INFO("concurrency " << c);
    const DecodeSpeed d = decode_speed(r, mi300x, tp2, 2000, c);
    CHECK(d.architecture_efficiency == Approx(eff));
    // Every term of the step, not only the bytes, is divided by it.
    const double terms =
        std::max(d.memory_ms, d.compute_ms) + d.cpu_ms + d.fixed_ms + d.moe_ms + d.sync_ms + d.boundary_ms;
    CHECK(d.step_ms == Approx(terms / eff));
    CHECK(d.fixed_ms > 0);
    // The same step on an NVIDIA card with the same terms keeps them as they are.
    Gpu renamed = mi300x;
    renamed.architecture = "Hopper";
    CHECK(decode_speed(r, renamed, tp2, 2000, c).step_ms == Approx(terms));
  }
  // Written and read back with the catalog; outside (0, 1] it is refused with the field named.
  CHECK(catalog_to_json(catalog()).find("\"decode_efficiency_by_architecture\"") != std::string::npos);
  const Result<Catalog> bad = apply_overlay(catalog(), CatalogFile{"overlay.json", R"({"schema": "cardfit.catalog/1",
    "engines": [{"id": "sglang", "replaces": true, "source": "cardfit",
                 "decode_efficiency_by_architecture": [{"architecture": "CDNA 3", "efficiency": 1.5}]}]})"});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field.find("decode_efficiency_by_architecture[0].efficiency") != std::string::npos);
}

TEST_CASE("prefill efficiency by architecture: llama.cpp's matmuls on Apple GPUs, data with bounds") {
  const Resolved r = resolved(inference("llama-2-7b", "q4_0", "llama.cpp"));
  const EngineProfile& llama = r.engine();
  const Gpu& m4max = gpu("apple-m4-max-128g");
  // Listed for the Apple generations only (docs/model.md §7): above the engine's 16-bit figure there,
  // the engine's own figure elsewhere (an RTX 4090, and the Apple card under another name).
  const MatmulRate apple = matmul_rate(llama, m4max, ComputeType::Fp16);
  CHECK(apple.efficiency > llama.prefill_efficiency_16bit);
  CHECK(matmul_rate(llama, gpu("apple-m3-ultra-512g"), ComputeType::Fp16).efficiency == Approx(apple.efficiency));
  CHECK(matmul_rate(llama, gpu("rtx-4090"), ComputeType::Fp16).efficiency == Approx(llama.prefill_efficiency_16bit));
  Gpu renamed = m4max;
  renamed.architecture = "Ada Lovelace";
  CHECK(matmul_rate(llama, renamed, ComputeType::Fp16).efficiency == Approx(llama.prefill_efficiency_16bit));
  Layout one;
  const PrefillSpeed fast = prefill_speed(r, m4max, one, 512);
  const PrefillSpeed slow = prefill_speed(r, renamed, one, 512);
  CHECK(fast.tokens_per_s > slow.tokens_per_s);
  // vLLM lists none: its figure stays on the Apple card too.
  const EngineProfile& vllm = resolved(inference("llama-2-7b", "fp16", "vllm")).engine();
  CHECK(matmul_rate(vllm, m4max, ComputeType::Fp16).efficiency == Approx(vllm.prefill_efficiency_16bit));
  // Written and read back with the catalog; outside (0, 1] it is refused with the field named.
  CHECK(catalog_to_json(catalog()).find("\"prefill_efficiency_by_architecture\"") != std::string::npos);
  const Result<Catalog> bad = apply_overlay(catalog(), CatalogFile{"overlay.json", R"json({"schema": "cardfit.catalog/1",
    "engines": [{"id": "llama.cpp", "replaces": true, "source": "cardfit",
                 "prefill_efficiency_by_architecture": [{"architecture": "Apple M4 GPU (Apple9)", "efficiency": 0}]}]})json"});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field.find("prefill_efficiency_by_architecture[0].efficiency") != std::string::npos);
}

TEST_CASE("step cost by architecture: llama.cpp's fixed cost per token on Apple GPUs, data with bounds") {
  const Resolved r = resolved(inference("llama-2-7b", "q4_0", "llama.cpp"));
  const EngineProfile& llama = r.engine();
  const Gpu& m3ultra = gpu("apple-m3-ultra-512g");
  // Listed for the Apple generations (Metal, docs/model.md §7): that figure there, step_ms elsewhere
  // (an RTX 4090, and the Apple card under another name).
  REQUIRE_FALSE(llama.step_ms_by_architecture.empty());
  CHECK(step_ms_on(llama, m3ultra) > llama.step_ms);
  CHECK(step_ms_on(llama, gpu("apple-m4-max-128g")) > llama.step_ms);
  CHECK(step_ms_on(llama, gpu("rtx-4090")) == Approx(llama.step_ms));
  Gpu renamed = m3ultra;
  renamed.architecture = "Ada Lovelace";
  CHECK(step_ms_on(llama, renamed) == Approx(llama.step_ms));
  // It is the whole difference in the decode step between the two (same bytes, same bandwidth).
  Layout one;
  const DecodeSpeed apple = decode_speed(r, m3ultra, one, 128, 1);
  const DecodeSpeed other = decode_speed(r, renamed, one, 128, 1);
  CHECK(apple.memory_ms == Approx(other.memory_ms));
  CHECK(apple.fixed_ms - other.fixed_ms == Approx(step_ms_on(llama, m3ultra) - llama.step_ms));
  CHECK(apple.step_ms > other.step_ms);
  // Prefill passes pay it too (one per pass).
  CHECK(prefill_speed(r, m3ultra, one, 512).fixed_ms > prefill_speed(r, renamed, one, 512).fixed_ms);
  // vLLM lists none: its own figure on the Apple card too.
  const EngineProfile& vllm = resolved(inference("llama-2-7b", "fp16", "vllm")).engine();
  CHECK(step_ms_on(vllm, m3ultra) == Approx(vllm.step_ms));
  // Written and read back with the catalog; a negative time is refused with the field named.
  CHECK(catalog_to_json(catalog()).find("\"step_ms_by_architecture\"") != std::string::npos);
  const Result<Catalog> bad = apply_overlay(catalog(), CatalogFile{"overlay.json", R"json({"schema": "cardfit.catalog/1",
    "engines": [{"id": "llama.cpp", "replaces": true, "source": "cardfit",
                 "step_ms_by_architecture": [{"architecture": "Apple M3 GPU (Apple9)", "ms": -1}]}]})json"});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field.find("step_ms_by_architecture[0].ms") != std::string::npos);
}

TEST_CASE("MLX (issue 30): Apple silicon only, its own 4.5-bit weights, 2 ms per token on Metal", "[mlx]") {
  // docs/model.md §7: step_ms fitted on two publishers' M4 Max rows; the formats from mlx.core.quantize.
  const Resolved q4 = resolved(inference("qwen2.5-7b", "mlx-4bit", "mlx"));
  const Resolved bf16 = resolved(inference("qwen2.5-7b", "bf16", "mlx"));
  const EngineProfile& mlx = q4.engine();
  const Gpu& m4max = gpu("apple-m4-max-128g");
  // Metal only: an MLX option exists on the Mac, not on an RTX 4090; GGUF engines do not read MLX files.
  CHECK(kernel_support(catalog(), m4max, "mlx", "mlx-4bit").runs);
  CHECK_FALSE(kernel_support(catalog(), gpu("rtx-4090"), "mlx", "bf16").runs);
  const WeightPrecision* p4 = catalog().find_weight_precision("mlx-4bit");
  REQUIRE(p4 != nullptr);
  CHECK(p4->bits_per_weight == Approx(4 + 2 * 16.0 / 64));  // scale + bias per group of 64
  CHECK(std::find(p4->engines.begin(), p4->engines.end(), "llama.cpp") == p4->engines.end());
  // One fixed cost per token on the Mac, the same for every size (the step the rows fitted).
  Layout one;
  const DecodeSpeed d4 = decode_speed(q4, m4max, one, 128, 1);
  const DecodeSpeed d16 = decode_speed(bf16, m4max, one, 128, 1);
  CHECK(step_ms_on(mlx, m4max) == Approx(2.0));
  CHECK(d4.fixed_ms == Approx(d16.fixed_ms));
  CHECK(d4.fixed_ms >= 2.0);
  // The 4-bit file is read about 4.5/16 as long as BF16 (embeddings are quantised too; norms stay).
  CHECK(d4.memory_ms / d16.memory_ms == Approx(4.5 / 16).epsilon(0.05));
  CHECK(d4.per_sequence > d16.per_sequence);
}

TEST_CASE("DSA decode: SGLang's indexer kernels cost per indexer layer and per sequence", "[dsa]") {
  const Resolved r = resolved(inference("glm-5", "fp8", "sglang"));
  const EngineProfile& e = r.engine();
  REQUIRE(e.indexer_us_per_layer > 0);
  REQUIRE(e.indexer_us_per_sequence > 0);
  Layout tp8;
  tp8.cards = 8;
  tp8.tensor_parallel = 8;
  const Gpu& b200 = gpu("b200");
  for (std::int64_t c : {1, 4, 64}) {
    INFO("concurrency " << c);
    const DecodeSpeed d = decode_speed(r, b200, tp8, 9216, c);
    // GLM-5 runs its indexer on all 78 layers, on every TP rank (not split by TP).
    CHECK(d.indexer_ms == Approx(78 * (e.indexer_us_per_layer + e.indexer_us_per_sequence * c) / 1000));
    CHECK(d.step_ms == Approx(std::max(d.memory_ms, d.compute_ms) + d.fixed_ms + d.moe_ms + d.indexer_ms + d.sync_ms));
  }
  // TP does not divide it.
  Layout tp4 = tp8;
  tp4.cards = 4;
  tp4.tensor_parallel = 4;
  CHECK(decode_speed(r, b200, tp4, 9216, 4).indexer_ms == Approx(decode_speed(r, b200, tp8, 9216, 4).indexer_ms));
  // GLM-5.2's shared indexer runs on its 21 "full" layers only.
  const Resolved shared = resolved(inference("glm-5.2", "fp8", "sglang"));
  CHECK(decode_speed(shared, b200, tp8, 9216, 4).indexer_ms ==
        Approx(21 * (e.indexer_us_per_layer + e.indexer_us_per_sequence * 4) / 1000));
  // No indexer, no cost; and an engine without the figures (vLLM) adds nothing.
  CHECK(decode_speed(resolved(inference("qwen3-30b-a3b", "bf16", "sglang")), b200, tp8, 9216, 4).indexer_ms == 0);
  CHECK(decode_speed(resolved(inference("glm-5", "fp8", "vllm")), b200, tp8, 9216, 4).indexer_ms == 0);
}

TEST_CASE("vLLM's INT4 on compute capability 12.0: the entry for the card's capability, the format's figure elsewhere", "[int4]") {
  // docs/model.md §7, nineteenth pass: vLLM's AWQ-Marlin INT4 reads on the RTX 50 / RTX PRO 6000 (12.0)
  // nearer the bandwidth than on the A100 the format's 0.5 was fitted on (joshua8.ai, voipmonitor).
  const Resolved vllm = resolved(inference("qwen3-30b-a3b", "int4", "vllm"));
  const double format = vllm.precision().decode_efficiency;
  double listed = 0;
  for (const PrecisionEfficiency& p : vllm.engine().decode_efficiency_by_precision) {
    if (p.precision == "int4" && p.compute_capability == Approx(12.0)) listed = p.efficiency;
  }
  REQUIRE(listed > format);
  const Gpu& g5090 = gpu("rtx-5090");
  const Gpu& pro = gpu("rtx-pro-6000");
  REQUIRE(g5090.compute_capability == Approx(12.0));
  CHECK(quantized_efficiency(vllm, g5090) == Approx(listed));
  CHECK(quantized_efficiency(vllm, pro) == Approx(listed));
  CHECK(decode_speed(vllm, g5090, Layout{}, 1056, 1).kernel_efficiency == Approx(listed));
  // Other cards keep the format's figure: Ampere (the A100 it was fitted on), Ada, Hopper, datacenter Blackwell.
  for (const char* id : {"a100-80g", "rtx-4090", "h100-sxm", "b200"}) {
    INFO(id);
    CHECK(quantized_efficiency(vllm, gpu(id)) == Approx(format));
  }
  // The capability's entry is taken before an entry for every card, in either order.
  for (const char* list : {R"([{"precision": "int4", "efficiency": 0.6}, {"precision": "int4", "compute_capability": 12.0, "efficiency": 0.95}])",
                           R"([{"precision": "int4", "compute_capability": 12.0, "efficiency": 0.95}, {"precision": "int4", "efficiency": 0.6}])"}) {
    const Result<Catalog> both = apply_overlay(catalog(), CatalogFile{"overlay.json", std::string(R"({"schema": "cardfit.catalog/1",
      "engines": [{"id": "vllm", "replaces": true, "source": "cardfit", "decode_efficiency_by_precision": )") + list + "}]}"});
    REQUIRE(both.ok());
    const Result<Resolved> r = resolve(*both.value, inference("qwen3-30b-a3b", "int4", "vllm"));
    REQUIRE(r.ok());
    CHECK(quantized_efficiency(*r.value, g5090) == Approx(0.95));
    CHECK(quantized_efficiency(*r.value, gpu("a100-80g")) == Approx(0.6));
  }
  // Written and read back with the catalog; a capability outside 1..20 is refused with the field named.
  CHECK(catalog_to_json(catalog(), false).find(R"("precision":"int4","efficiency":0.9,"compute_capability":12.0)") !=
        std::string::npos);
  const Result<Catalog> bad = apply_overlay(catalog(), CatalogFile{"overlay.json", R"({"schema": "cardfit.catalog/1",
    "engines": [{"id": "vllm", "replaces": true, "source": "cardfit",
                 "decode_efficiency_by_precision": [{"precision": "int4", "compute_capability": 40, "efficiency": 0.9}]}]})"});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field.find("decode_efficiency_by_precision[0].compute_capability") != std::string::npos);
}

TEST_CASE("INT4 by the engine's kernel path: TensorRT-LLM's own AWQ kernels, the format's figure elsewhere", "[int4]") {
  const Scenario trt_s = inference("mistral-7b", "int4", "tensorrt-llm");
  const Resolved trt = resolved(trt_s);
  const Resolved vllm = resolved(inference("mistral-7b", "int4", "vllm"));
  const Gpu& g = gpu("rtx-4090");
  const double format = trt.precision().decode_efficiency;  // the default, precisions.json
  // The catalog gives TensorRT-LLM its own figure for INT4, different from the format's (else this
  // test could not tell whether it is read); vLLM lists none and keeps the format's.
  double listed = 0;
  for (const PrecisionEfficiency& p : trt.engine().decode_efficiency_by_precision) {
    if (p.precision == "int4") listed = p.efficiency;
  }
  REQUIRE(listed > 0);
  REQUIRE(listed != Approx(format));
  CHECK(quantized_efficiency(trt, g) == Approx(listed));
  CHECK(quantized_efficiency(vllm, g) == Approx(format));
  // The decode step reads the INT4 bytes at the engine's figure, the kept 16-bit tensors at full speed.
  const DecodeSpeed d = decode_speed(trt, g, Layout{}, 2048, 1);
  const double bw = decode_bandwidth(trt.engine(), g);
  REQUIRE(d.weight_bytes_quantized > 0);
  REQUIRE(d.weight_bytes_quantized < d.weight_bytes);
  CHECK(d.kernel_efficiency == Approx(listed));
  CHECK(d.weights_ms ==
        Approx(((d.weight_bytes - d.weight_bytes_quantized) / bw + d.weight_bytes_quantized / (bw * listed)) * 1000));
  // Without the entry (an overlay that empties the list) the same engine falls back to the format's
  // figure and its step changes by exactly the INT4 bytes' time.
  const Result<Catalog> plain = apply_overlay(catalog(), CatalogFile{"overlay.json", R"({"schema": "cardfit.catalog/1",
    "engines": [{"id": "tensorrt-llm", "replaces": true, "source": "cardfit", "decode_efficiency_by_precision": []}]})"});
  REQUIRE(plain.ok());
  const Result<Resolved> without = resolve(*plain.value, trt_s);
  REQUIRE(without.ok());
  CHECK(quantized_efficiency(*without.value, g) == Approx(format));
  const DecodeSpeed d0 = decode_speed(*without.value, g, Layout{}, 2048, 1);
  CHECK(d0.weights_ms - d.weights_ms == Approx(d.weight_bytes_quantized / bw * (1 / format - 1 / listed) * 1000));
  // FP4 formats keep their FP4 path: an entry for MXFP4 does not replace vLLM's Marlin figure.
  const Result<Catalog> fp4 = apply_overlay(catalog(), CatalogFile{"overlay.json", R"({"schema": "cardfit.catalog/1",
    "engines": [{"id": "vllm", "replaces": true, "source": "cardfit",
                 "decode_efficiency_by_precision": [{"precision": "mxfp4", "efficiency": 0.99}]}]})"});
  REQUIRE(fp4.ok());
  const Scenario oss = inference("gpt-oss-120b", "mxfp4", "vllm");
  const Result<Resolved> r_oss = resolve(*fp4.value, oss);
  REQUIRE(r_oss.ok());
  CHECK(quantized_efficiency(*r_oss.value, gpu("a100-80g")) == Approx(r_oss.value->engine().fp4_efficiency_weight_only));
  // Written and read back with the catalog; a bad efficiency or an unknown format is refused with the field named.
  CHECK(catalog_to_json(catalog()).find("\"decode_efficiency_by_precision\"") != std::string::npos);
  const Result<Catalog> high = apply_overlay(catalog(), CatalogFile{"overlay.json", R"({"schema": "cardfit.catalog/1",
    "engines": [{"id": "tensorrt-llm", "replaces": true, "source": "cardfit",
                 "decode_efficiency_by_precision": [{"precision": "int4", "efficiency": 1.5}]}]})"});
  REQUIRE_FALSE(high.ok());
  CHECK(high.errors.front().field.find("decode_efficiency_by_precision[0].efficiency") != std::string::npos);
  const Result<Catalog> unknown = apply_overlay(catalog(), CatalogFile{"overlay.json", R"({"schema": "cardfit.catalog/1",
    "engines": [{"id": "tensorrt-llm", "replaces": true, "source": "cardfit",
                 "decode_efficiency_by_precision": [{"precision": "int5", "efficiency": 0.9}]}]})"});
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.errors.front().field.find("decode_efficiency_by_precision[0].precision") != std::string::npos);
}

TEST_CASE("M5 Neural Accelerators (stop 45): the matrix rate for engines with kernels for it, 16-bit only", "[m5]") {
  // docs/model.md §7 stop 45. The card's matrix figure is 4x its FP32 figure (A19: 1024 against 256
  // FLOPs per core per clock, tzakharko-neural-accelerators); older Apple GPUs and other cards have none.
  const Gpu& m5max = gpu("apple-m5-max-128g");
  const Gpu& m4max = gpu("apple-m4-max-128g");
  CHECK(m5max.fp16_matrix_dense_tflops == Approx(4 * m5max.fp32_tflops));
  CHECK(gpu("apple-m5-16g").fp16_matrix_dense_tflops == Approx(4 * gpu("apple-m5-16g").fp32_tflops));
  CHECK(m4max.fp16_matrix_dense_tflops == 0);
  CHECK(gpu("rtx-4090").fp16_matrix_dense_tflops == 0);
  Scenario s = inference("qwen3-next-80b-a3b", "mlx-4bit", "mlx");
  s.context = s.prompt = 22016;
  const Resolved r = resolved(s);
  const EngineProfile& mlx = r.engine();
  REQUIRE(mlx.fp16_matrix_units);
  // MLX takes it for FP16 and BF16 matmuls; an engine without such kernels keeps the shader rate, and
  // so does MLX on a card without matrix units.
  CHECK(matmul_rate(mlx, m5max, ComputeType::Fp16).dense.tflops == Approx(m5max.fp16_matrix_dense_tflops));
  CHECK(matmul_rate(mlx, m5max, ComputeType::Bf16).dense.tflops == Approx(m5max.fp16_matrix_dense_tflops));
  CHECK(matmul_rate(mlx, m5max, ComputeType::Fp32).dense.tflops == Approx(m5max.fp32_tflops));
  CHECK(matmul_rate(mlx, m4max, ComputeType::Fp16).dense.tflops == Approx(m4max.fp16_dense_tflops));
  EngineProfile without = mlx;
  without.fp16_matrix_units = false;
  CHECK(matmul_rate(without, m5max, ComputeType::Fp16).dense.tflops == Approx(m5max.fp16_dense_tflops));
  const EngineProfile& vllm = resolved(inference("llama-2-7b", "fp16", "vllm")).engine();
  CHECK_FALSE(vllm.fp16_matrix_units);
  // The same publisher's Qwen3-Coder-Next 4-bit at a 21K prompt, mlx 0.31.1 on both Macs
  // (itsmostafa/inference-speed-tests@3664dbf): 2442.00 tok/s on the M5 Max, 986.67 on the M4 Max.
  Layout one;
  const double m5 = prefill_speed(r, m5max, one, 22016).tokens_per_s;
  const double m4 = prefill_speed(r, m4max, one, 22016).tokens_per_s;
  CHECK(m5 / m4 == Approx(2442.00 / 986.67).epsilon(0.15));
  // Decode reads the weights: bound by the 614 GB/s, not by the matrix units.
  const DecodeSpeed with_units = decode_speed(r, m5max, one, 22016, 1);
  Catalog cat = catalog();
  for (EngineProfile& e : cat.engines) {
    if (e.id == "mlx") e.fp16_matrix_units = false;
  }
  Result<Resolved> rr = resolve(cat, s);
  REQUIRE(rr.ok());
  CHECK(decode_speed(*rr.value, m5max, one, 22016, 1).step_ms == Approx(with_units.step_ms));
  CHECK(prefill_speed(*rr.value, m5max, one, 22016).tokens_per_s < m5);
  // Written and read back with the catalog; a negative rate is refused with the field named.
  const std::string json = catalog_to_json(catalog());
  CHECK(json.find("\"fp16_matrix_dense_tflops\"") != std::string::npos);
  CHECK(json.find("\"fp16_matrix_units\"") != std::string::npos);
  const Result<Catalog> bad = apply_overlay(catalog(), CatalogFile{"overlay.json", R"json({"schema": "cardfit.catalog/1",
    "gpus": [{"id": "apple-m5-max-128g", "replaces": true, "source": "cardfit", "fp16_matrix_dense_tflops": -1}]})json"});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field.find("fp16_matrix_dense_tflops") != std::string::npos);
}

TEST_CASE("decode attention: one sequence reads its KV below the bandwidth, a batch at it (fifteenth pass)", "[kv]") {
  // The step at a long context minus the step at a short one, same model, card, engine and one
  // sequence: what the KV reads cost. Measured (ms per output token), three publishers:
  //   Millstone AI gpt-oss-20b report (2026-01-28), RTX PRO 6000, vLLM: 1000/250.0 at 1K, 1000/105.5 at 128K;
  //   tt-inference-server issue 340 (Tenstorrent, 2025-07), A100 80GB, Qwen3-30B-A3B BF16: 9.6 at ISL 128, 10.6 at 8192;
  //   LMDeploy issue 1608 (2024-05-17), H800, Llama-3-8B BF16, vLLM 0.4.2: 8.66 at 1k, 30 at 200k.
  // The KV alone at the engine's bandwidth gives 38%, 49% and 47% of those differences (the old model).
  struct Pair {
    const char* model;
    const char* precision;
    const char* gpu;
    std::int64_t short_context, long_context;
    double short_ms, long_ms;
  };
  const Pair pairs[] = {
      {"gpt-oss-20b", "mxfp4", "rtx-pro-6000", 2048, 131072, 1000 / 250.0, 1000 / 105.5},
      {"qwen3-30b-a3b", "bf16", "a100-80g", 192, 8256, 9.6, 10.6},
      {"llama-3-8b", "bf16", "h800", 1088, 204864, 8.66, 30.0},
  };
  for (const Pair& p : pairs) {
    INFO(p.model << " on " << p.gpu);
    const Resolved r = resolved(inference(p.model, p.precision, "vllm"));
    const Gpu& g = gpu(p.gpu);
    const DecodeSpeed lo = decode_speed(r, g, Layout{}, p.short_context, 1);
    const DecodeSpeed hi = decode_speed(r, g, Layout{}, p.long_context, 1);
    const double measured = p.long_ms - p.short_ms;
    CHECK((hi.step_ms - lo.step_ms) / measured == Approx(1).margin(0.25));
  }
  // The term itself: one sequence at the engine's figure, c sequences at c times it up to the bandwidth
  // (the batch is no faster than one of its sequences alone).
  const Resolved r = resolved(inference("gpt-oss-20b", "mxfp4", "vllm"));
  const double e1 = r.engine().kv_read_efficiency_one_sequence;
  REQUIRE(e1 > 0);
  REQUIRE(e1 < 1);
  const Gpu& g = gpu("rtx-pro-6000");
  const double bw = decode_bandwidth(r.engine(), g);
  for (std::int64_t c : {1, 2, 4, 16}) {
    INFO("concurrency " << c);
    const DecodeSpeed d = decode_speed(r, g, Layout{}, 32768, c);
    const double e = std::min(1.0, c * e1);
    CHECK(d.kv_efficiency == Approx(e));
    CHECK(d.kv_ms == Approx(d.kv_bytes / (bw * e) * 1000));
  }
  // An engine without the figure (llama.cpp: its rows at depth 8192 meet the bandwidth) reads at it.
  const Resolved cpp = resolved(inference("gpt-oss-20b", "mxfp4", "llama.cpp"));
  CHECK(cpp.engine().kv_read_efficiency_one_sequence == 1);
  CHECK(decode_speed(cpp, g, Layout{}, 32768, 1).kv_efficiency == 1);
  // Bad data is refused with the field named.
  const Result<Catalog> bad = apply_overlay(catalog(), CatalogFile{"overlay.json", R"({"schema": "cardfit.catalog/1",
    "engines": [{"id": "vllm", "replaces": true, "source": "cardfit", "kv_read_efficiency_one_sequence": 0}]})"});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field.find("kv_read_efficiency_one_sequence") != std::string::npos);
}

TEST_CASE("vLLM's MoE layer on compute capability 12.0, and its GDDR expert reads (seventeenth pass)", "[sm120]") {
  // vLLM's fused-MoE chain at one token, timed by benchmark_moe.py (one CUDA graph of 10 calls on the same
  // routing: the touched experts come from L2 after the first call, so the time is the chain, not its bytes).
  // Consumer / workstation Blackwell (compute capability 12.0), three publishers:
  //   vLLM PR 45379 (2026-06-12), RTX 5090, FP8 E=256 N=256: 20.38-20.76 us;
  //   vLLM issue 44688 (2026-06-11 comment), RTX PRO 6000 Max-Q, FP8 E=256 N=256: 23.49-23.52 us;
  //   vLLM PR 39183 (2026-04-07), RTX PRO 6000 Server Edition, FP8 E=256 N=512: 24.68-25.07 us.
  // Hopper and datacenter Blackwell: 29.45 us (vLLM PR 44830, H100), 31.70 (SGLang PR 11730, H200),
  // 39.61 (vLLM PR 31448, B200, BF16 E=128 N=768 with 75 MB of experts).
  const Resolved r = resolved(inference("gpt-oss-20b", "mxfp4", "vllm"));
  const EngineProfile& e = r.engine();
  for (double floor_us : {20.38, 23.52, 24.68}) {
    INFO("sm_120 floor " << floor_us);
    CHECK(moe_us_per_layer_on(e, gpu("rtx-5090")) / floor_us == Approx(1).margin(0.15));
  }
  CHECK(moe_us_per_layer_on(e, gpu("rtx-pro-6000")) == moe_us_per_layer_on(e, gpu("rtx-5090")));
  // Hopper and B200 (the same architecture name as the 5090, another compute capability) keep the engine's figure.
  CHECK(moe_us_per_layer_on(e, gpu("h100-sxm")) == e.moe_us_per_layer);
  CHECK(moe_us_per_layer_on(e, gpu("b200")) == e.moe_us_per_layer);
  CHECK(e.moe_us_per_layer / 29.45 == Approx(1).margin(0.15));
  CHECK(moe_us_per_layer_on(e, gpu("rtx-5090")) < e.moe_us_per_layer);
  // The decode step takes it per MoE layer; the routed experts on GDDR are read at the bandwidth x FP4 path.
  const DecodeSpeed d = decode_speed(r, gpu("rtx-5090"), Layout{}, 128, 1);
  CHECK(d.moe_ms == Approx(r.params.moe_layers * moe_us_per_layer_on(e, gpu("rtx-5090")) / 1000));
  CHECK(d.expert_efficiency == Approx(1));
  CHECK(decode_speed(r, gpu("h100-sxm"), Layout{}, 128, 1).moe_ms == Approx(r.params.moe_layers * e.moe_us_per_layer / 1000));
  // The rows the change is for: one sequence, short prompt, tok/s (25% tolerance), two publishers
  // (before: -30.1% and -32.8%).
  struct Row {
    const char* gpu;
    std::int64_t context;
    double measured;
  };
  for (const Row& row : {Row{"rtx-pro-6000", 2048, 250.0},   // Millstone AI gpt-oss-20b report, 2026-01-28
                         Row{"rtx-5090", 128, 262.9}}) {     // Cloud-Linuxer/gpt-oss FINAL_SUMMARY.md, 2025-10-20
    INFO(row.gpu);
    const DecodeSpeed s = decode_speed(r, gpu(row.gpu), Layout{}, row.context, 1);
    CHECK(s.per_sequence / row.measured == Approx(1).margin(0.25));
  }
  // Bad data is refused with the field named.
  const Result<Catalog> bad = apply_overlay(catalog(), CatalogFile{"overlay.json", R"({"schema": "cardfit.catalog/1",
    "engines": [{"id": "vllm", "replaces": true, "source": "cardfit",
                 "moe_us_per_layer_by_compute_capability": [{"compute_capability": 0, "us": 23}]}]})"});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field.find("moe_us_per_layer_by_compute_capability") != std::string::npos);
}

TEST_CASE("SGLang's routed experts on GDDR are read at the bandwidth x the FP4 path (eighteenth pass)", "[sm120]") {
  // Two SGLang publishers on one RTX PRO 6000 (compute capability 12.0), both too slow with the unfitted 0.7:
  //   SGLang PR 32668 (mmangkad, 2026-07-28), gpt-oss-20b MXFP4, 512 in / 512 out: 220.80 / 964.54 tok/s at
  //   1 / 8 requests (-19.5% / -22.0% before, -12.6% / -19.5% after);
  //   SGLang PR 16975 (amittell, 2026-01-12), gpt-oss-120b MXFP4, one request at 4K: 151 tok/s (-12.6% before,
  //   -4.1% after). Each publisher left out, the other's optimum is the bound 1.0 (docs/model.md §7).
  const Resolved r = resolved(inference("gpt-oss-20b", "mxfp4", "sglang"));
  const EngineProfile& e = r.engine();
  const DecodeSpeed d = decode_speed(r, gpu("rtx-pro-6000"), Layout{}, 1024, 1);
  CHECK(d.expert_efficiency == Approx(1));
  // The touched experts' bytes go at the card's decode bandwidth x the kernel efficiency of the FP4 path, nothing less.
  CHECK(d.experts_ms == Approx(d.expert_bytes / (d.bandwidth * d.kernel_efficiency) * 1000));
  // HBM keeps its own figure (the H20 / H200 MoE rows it was fitted on).
  CHECK(expert_efficiency(e, gpu("h100-sxm")) == e.expert_efficiency_hbm);
  CHECK(expert_efficiency(e, gpu("h100-sxm")) < expert_efficiency(e, gpu("rtx-pro-6000")));
  // The second publisher's row, one request at 4K: within the speed tolerance.
  const Resolved big = resolved(inference("gpt-oss-120b", "mxfp4", "sglang"));
  CHECK(decode_speed(big, gpu("rtx-pro-6000"), Layout{}, 4096, 1).per_sequence / 151.0 == Approx(1).margin(0.25));
}
