// core/catalog/hardware.hpp: the one fast-link rule, dense rates with their fallbacks, the FP8
// path and machine counts. Runs on tests/fixtures/formula-catalog.json.
#include <catch2/catch.hpp>

#include "hardware.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::formula::gpu;

TEST_CASE("dense tensor rates only, with the right fallback") {
  struct Row {
    const char* gpu;
    ComputeType wanted;
    double tflops;
    ComputeType used;
    bool native;
  };
  const Row rows[] = {
      // RTX 4090: FP16 tensor with FP32 accumulate 165.2 (not the 330 FP16-accumulate figure,
      // not the 82.6 non-tensor figure two of the buying guides quote).
      {"rtx-4090", ComputeType::Fp16, 165.2, ComputeType::Fp16, true},
      {"rtx-4090", ComputeType::Fp8, 330.3, ComputeType::Fp8, true},
      // H100 SXM: 989.4 dense BF16 (the 2026 selection guide wrongly calls it sparse; sparse is 1979).
      {"h100-sxm", ComputeType::Bf16, 989.4, ComputeType::Bf16, true},
      // T4 and V100 have no BF16 tensor cores: FP16 rate.
      {"t4", ComputeType::Bf16, 65, ComputeType::Fp16, false},
      {"v100-32g", ComputeType::Bf16, 125, ComputeType::Fp16, false},
      // A100 has no FP8: weight-only FP8 computes in BF16.
      {"a100-80g", ComputeType::Fp8, 312, ComputeType::Bf16, false},
      // V100 has no INT8 tensor path.
      {"v100-32g", ComputeType::Int8, 125, ComputeType::Fp16, false},
      {"a100-80g", ComputeType::Fp32, 19.5, ComputeType::Fp32, true},
  };
  for (const Row& row : rows) {
    INFO(row.gpu);
    const DenseRate r = dense_rate(gpu(row.gpu), row.wanted);
    CHECK(r.tflops == Approx(row.tflops));
    CHECK(r.used == row.used);
    CHECK(r.native == row.native);
  }
}

TEST_CASE("fast links, FP8 paths and machines") {
  CHECK(has_fast_link(gpu("h100-sxm")));
  CHECK_FALSE(has_fast_link(gpu("rtx-4090")));
  Gpu mi = gpu("h100-sxm");
  mi.interconnect = Interconnect::InfinityFabric;  // MI300X's link is fast too (one rule for all)
  CHECK(has_fast_link(mi));
  mi.interconnect = Interconnect::Hccs;
  CHECK(has_fast_link(mi));
  CHECK(runs_weights(gpu("h100-sxm"), Capability::Fp8));   // FP8 tensor cores
  CHECK(runs_weights(gpu("a100-80g"), Capability::Fp8));   // weight-only (Marlin)
  CHECK_FALSE(runs_weights(gpu("t4"), Capability::Fp8));   // neither
  CHECK(runs_weights(gpu("t4"), Capability::Int8));
  CHECK(machines_for(gpu("h100-sxm"), 8) == 1);
  CHECK(machines_for(gpu("h100-sxm"), 9) == 2);
  CHECK(machines_for(gpu("h100-sxm"), 1) == 1);
}

TEST_CASE("the support table: what each engine runs on which card (bundled catalog)") {
  // Expectations from the engines' own pages, not from the table: vLLM's quantization hardware
  // table (AWQ: Turing and newer, no AMD; FP8 W8A8: Ada, Hopper, AMD; Marlin FP8 weight-only:
  // Ampere); llama.cpp's CANN backend (F16, Q8_0, Q4_0 only); TensorRT-LLM (NVIDIA only);
  // bitsandbytes (CUDA; AMD from v0.50; no Ascend).
  const Catalog& c = test::catalog();
  auto k = [&](const char* g, const char* engine, const char* precision) {
    const Gpu* gp = c.find_gpu(g);
    REQUIRE(gp != nullptr);
    return kernel_support(c, *gp, engine, precision);
  };
  CHECK_FALSE(k("v100-32g", "vllm", "int4").runs);
  CHECK(k("t4", "vllm", "int4").runs);
  CHECK_FALSE(k("mi300x", "vllm", "int4").runs);
  CHECK_FALSE(k("ascend-910b", "vllm", "int4").runs);
  CHECK_FALSE(k("ascend-910b", "llama.cpp", "q4_k_m").runs);
  CHECK(k("ascend-910b", "llama.cpp", "q4_0").runs);
  CHECK(k("rtx-4090", "llama.cpp", "q4_k_m").runs);
  CHECK_FALSE(k("mi300x", "tensorrt-llm", "bf16").runs);
  CHECK_FALSE(k("ascend-910b", "ollama", "q4_k_m").runs);
  CHECK(k("mi300x", "ollama", "q4_k_m").runs);
  const KernelSupport a100_fp8 = k("a100-80g", "vllm", "fp8");
  CHECK(a100_fp8.runs);
  CHECK(a100_fp8.version_dependent);
  const KernelSupport h100_fp8 = k("h100-sxm", "vllm", "fp8");
  CHECK(h100_fp8.runs);
  CHECK_FALSE(h100_fp8.version_dependent);
  CHECK_FALSE(k("t4", "vllm", "fp8").runs);
  CHECK_FALSE(k("ascend-910b", "training", "nf4").runs);
  CHECK(k("mi300x", "training", "nf4").version_dependent);
  CHECK(k("t4", "training", "nf4").runs);
}
