// The engines' reference deployments come out as the engines and their users deploy them
// (issue 33 item 4): the headroom counts the engine's own margin once (docs/model.md §3), a
// tight fit in one machine beats a comfortable one over two, and models released in FP8 or
// MXFP4 are estimated in that precision unless told otherwise. Runs on the bundled catalog.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "fit.hpp"
#include "plan.hpp"
#include "scenario.hpp"

using namespace cardfit;
using cardfit::test::catalog;
using cardfit::test::on;
using cardfit::test::run;

namespace {

Scenario serving(const std::string& model, const std::string& engine, const std::string& gpu, std::int64_t context) {
  Scenario s;
  s.model = model;
  s.engine = engine;
  s.gpu = gpu;
  s.context = context;
  s.prompt = std::min<std::int64_t>(s.prompt, context);
  return s;
}

}  // namespace

TEST_CASE("models released in FP8 or MXFP4 are estimated as released, training and QLoRA are not") {
  struct Row {
    const char* model;
    Task task;
    const char* precision;
  };
  const Row rows[] = {
      {"deepseek-r1", Task::Inference, "fp8"},   // config.json quantization_config: fp8, 128x128 blocks
      {"deepseek-v3", Task::Inference, "fp8"},
      {"kimi-k2", Task::Inference, "fp8"},
      {"minimax-m2", Task::Inference, "fp8"},
      {"gpt-oss-120b", Task::Inference, "mxfp4"},  // quant_method mxfp4 on the experts
      {"kimi-k2.5", Task::Inference, "int4"},      // compressed-tensors int4 groups of 32
      {"qwen2.5-7b", Task::Inference, "bf16"},     // states no quantisation
      {"deepseek-r1", Task::Lora, "bf16"},         // LoRA trains on 16-bit weights
      {"gpt-oss-120b", Task::Qlora, "nf4"},        // QLoRA quantises to NF4
  };
  for (const Row& row : rows) {
    Scenario s;
    s.model = row.model;
    s.task = row.task;
    INFO(row.model << " " << name_of(row.task));
    CHECK(default_precision(catalog(), s) == row.precision);
    CHECK(as_run(catalog(), s).precision == row.precision);
    s.gpu = "h200";
    CHECK(run(s).precision == row.precision);
    s.precision = "bf16";  // said: kept
    CHECK(as_run(catalog(), s).precision == "bf16");
  }
}

TEST_CASE("reference deployments: DeepSeek-R1 in FP8 on H20 and H200, as each engine's docs deploy it") {
  // vLLM on one machine of 8x H20 96GB at 4k context (陈谭军, "单机H20(8*96GiB)部署满血DeepSeek-R1(fp8)
  // 验证过程", 2025-04-04: vLLM 0.8.2, --max_model_len 4096, started and served): the 96 GB card
  // leaves little beyond the 671B weights, so tight, never two machines.
  const Estimate v = run(serving("deepseek-r1", "vllm", "h20", 4096));
  CHECK(v.precision == "fp8");
  CHECK(on(v, "h20").cards == 8);
  CHECK(on(v, "h20").fit == Fit::Tight);
  // SGLang at its own defaults reserves more: its docs list FP8 R1 on "2 x 8 x H100/800/20"
  // (sgl-project/sglang docs/basic_usage/deepseek_v3.md) ...
  const Estimate sg = run(serving("deepseek-r1", "sglang", "h20", 4096));
  CHECK(on(sg, "h20").cards == 16);
  // ... and Ant Group's single-node H20 deployment sets --mem-fraction-static 0.9 with an FP8 KV
  // cache at 65,535 tokens (LMSYS blog 2025-09-26, "Best Practices for Serving DeepSeek-R1 on
  // H20-96G"; antgroup/sglang PR 4's launch command): 8 cards.
  Scenario ant = serving("deepseek-r1", "sglang", "h20", 65535);
  ant.gpu_memory_utilization = 0.9;
  ant.kv_precision = "fp8";
  const Estimate a = run(ant);
  CHECK(on(a, "h20").cards == 8);
  CHECK(on(a, "h20").fit != Fit::No);
  // 8x H200 is SGLang's recommended FP8 deployment (the same page, "Full precision FP8: 8 x H200"):
  // comfortable.
  const Estimate h200 = run(serving("deepseek-r1", "sglang", "h200", 4096));
  CHECK(on(h200, "h200").cards == 8);
  CHECK(on(h200, "h200").fit == Fit::Comfortable);
}

TEST_CASE("reference deployments: gpt-oss-120b on one H100 80GB") {
  // OpenAI's cookbook ("gpt-oss-120b: requires >= 60GB VRAM, single H100") and llama.cpp: one
  // card, with room. vLLM at its H100 defaults (1,024 sequences: the sampler's warm-up takes 6.6
  // GB) refuses to start (issues 23278 and 33155; tests/test_speed_2026.cpp); with
  // --max-num-seqs 256 it starts, tight.
  const Estimate l = run(serving("gpt-oss-120b", "llama.cpp", "h100-sxm", 4096));
  CHECK(l.precision == "mxfp4");
  CHECK(on(l, "h100-sxm").cards == 1);
  CHECK(on(l, "h100-sxm").fit == Fit::Comfortable);
  Scenario v = serving("gpt-oss-120b", "vllm", "h100-sxm", 4096);
  v.cards = 1;
  v.max_num_seqs = 256;
  CHECK(on(run(v), "h100-sxm").fit == Fit::Tight);
}

TEST_CASE("reference deployments: a 32B model in 4 bits on one RTX 4090 at 8k") {
  // llama.cpp with Q4_K_M: one 24 GB card (dmatora/LLM-inference-speed-benchmarks issue 13: Qwen
  // 2.5 32B Q4_K_M on an RTX 3090 24GB).
  Scenario q = serving("qwen2.5-32b", "llama.cpp", "rtx-4090", 8192);
  q.precision = "q4_k_m";
  q.cards = 1;
  CHECK(on(run(q), "rtx-4090").fit != Fit::No);
  // vLLM with AWQ: at its default 0.9 the pool holds about 4,700 tokens (vLLM issue 3872: a 32B
  // 4-bit Qwen on a 24G 4090 "can start with max-model-len=4000"), so 8k needs
  // --gpu-memory-utilization 0.95, and is then tight.
  Scenario a = serving("qwen2.5-32b", "vllm", "rtx-4090", 8192);
  a.precision = "int4";
  a.cards = 1;
  const GpuEstimate at90 = on(run(a), "rtx-4090");  // a copy: run() returns a temporary
  CHECK(at90.fit == Fit::No);
  CHECK(at90.max_context > 4000);
  CHECK(at90.max_context < 8192);
  a.gpu_memory_utilization = 0.95;
  CHECK(on(run(a), "rtx-4090").fit == Fit::Tight);
}

TEST_CASE("the headroom counts vLLM's own 10% once") {
  // The same need judged with vLLM (0.9 of the card its budget, 0.1 held back): the 20% is spare
  // on the card, not 20% on top of vLLM's 10%.
  const Estimate e = run(serving("qwen2.5-14b", "vllm", "rtx-4090", 4096));
  const GpuEstimate& g = on(e, "rtx-4090");
  REQUIRE(g.fit != Fit::No);
  CHECK(g.held_back_bytes > 0);
  const double card = static_cast<double>(g.usable_bytes + g.held_back_bytes);
  const bool comfortable = static_cast<double>(g.per_card_bytes) * 1.2 <= card && g.per_card_bytes <= g.usable_bytes;
  CHECK((g.fit == Fit::Comfortable) == comfortable);
  Scenario lora = serving("qwen2.5-14b", "vllm", "rtx-4090", 4096);
  lora.task = Task::Lora;
  CHECK(on(run(lora), "rtx-4090").held_back_bytes == 0);  // training: the visible memory, nothing held back
}
