// core/estimate/estimate.hpp: the whole pipeline. Default scenario, properties over the catalog, and
// the sweep that no input in the catalog ever yields NaN, infinity or a negative size.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "fit.hpp"
#include "memory.hpp"
#include "resolve.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;
using cardfit::test::catalog;
using cardfit::test::run;

namespace {

const Task kTasks[] = {Task::Inference, Task::Lora, Task::Qlora, Task::Full, Task::Pretrain};

void check_finite(const Estimate& e, const std::string& what) {
  INFO(what);
  auto ok_bytes = [](const MemoryBreakdown& m) {
    return m.weights >= 0 && m.kv_cache >= 0 && m.activations >= 0 && m.gradients >= 0 && m.optimizer >= 0 &&
           m.adapters >= 0 && m.overhead >= 0 && m.total >= 0 &&
           m.total == m.weights + m.kv_cache + m.activations + m.gradients + m.optimizer + m.adapters + m.overhead;
  };
  CHECK(ok_bytes(e.memory));
  CHECK(e.kv_cache_bytes_per_token >= 0);
  CHECK(std::isfinite(e.train_flops));
  for (const GpuEstimate& g : e.gpus) {
    INFO(g.gpu);
    CHECK(ok_bytes(g.per_card));
    CHECK(g.cards >= 0);
    CHECK(std::isfinite(g.spare_fraction));
    for (double v : {g.decode_tokens_per_s, g.aggregate_tokens_per_s, g.prefill_tokens_per_s, g.ttft_ms,
                     g.dense_tflops, g.train_tokens_per_s, g.mfu}) {
      CHECK(std::isfinite(v));
      CHECK(v >= 0);
    }
    if (g.train_hours) CHECK(std::isfinite(*g.train_hours));
    if (g.gpu_hours) CHECK(std::isfinite(*g.gpu_hours));
    CHECK(g.max_context >= 0);
    CHECK(g.max_concurrency >= 0);
    if (g.fit != Fit::No) CHECK(g.cards > 0);
  }
  for (const Explanation& x : e.explain) {
    INFO(x.key);
    for (Lang lang : {Lang::En, Lang::Zh}) {
      const std::string text = render(x.substituted, lang);
      CHECK(text.find("nan") == std::string::npos);
      CHECK(text.find("inf") == std::string::npos);
      CHECK(text.find("n/a") == std::string::npos);
    }
  }
}

}  // namespace

TEST_CASE("a default-constructed Scenario is valid") {
  // Issue 26: Qwen3.5-27B (assets/catalog/models.json, shapes from its config.json: source
  // aic-qwen3.5-27b), BF16 as released.
  const Estimate e = run(Scenario{});
  CHECK(e.model == "qwen3.5-27b");
  CHECK(e.precision == "bf16");
  CHECK(e.kv_precision == "auto-16");
  CHECK(e.gpus.size() == catalog().gpus.size());
  CHECK(e.params.total == Approx(27e9).epsilon(0.02));  // "27B" (hf-qwen3.5-27b, the repository name)
  // 16 full-attention layers (64 - 48 Gated DeltaNet) x K and V x 4 KV heads x 256 x 2 bytes;
  // the linear layers keep a fixed state per sequence, not per token.
  CHECK(e.kv_cache_bytes_per_token == 16 * 2 * 4 * 256 * 2);
  CHECK_FALSE(e.explain.empty());
  CHECK_FALSE(e.explained_gpu.empty());
  check_finite(e, "default");
}

TEST_CASE("no NaN, infinity or negative size for any catalog model x precision x task") {
  int ok = 0;
  int refused = 0;
  for (const Model& m : catalog().models) {
    for (const WeightPrecision& w : catalog().weight_precisions) {
      for (Task t : kTasks) {
        Scenario s;
        s.model = m.id;
        s.precision = w.id;
        s.task = t;
        s.tokens = t == Task::Inference ? 0 : 1e9;
        s.explain = m.id == "deepseek-v3" || m.id == "gemma-3-27b";  // the text, on a few
        s.engine = w.family == PrecisionFamily::Gguf ? "llama.cpp" : "vllm";
        Result<Estimate> r = estimate(catalog(), s);
        if (!r.ok()) {
          ++refused;  // e.g. LoRA on int4: an error naming the field, never a crash
          REQUIRE_FALSE(r.errors.empty());
          CHECK(r.errors[0].field == "precision");
          continue;
        }
        ++ok;
        check_finite(*r.value, m.id + " " + w.id + " " + std::string(name_of(t)));
      }
    }
  }
  CHECK(ok > 1000);
  CHECK(refused > 0);
}

TEST_CASE("extreme but legal inputs stay finite") {
  Scenario s;
  s.model = "deepseek-v3";
  s.context = 100'000'000;  // the limit (above Llama 4 Scout's 10,485,760)
  s.prompt = 100'000'000;
  s.concurrency = 1'000'000;
  s.explain = true;
  check_finite(run(s), "huge");
  Scenario t;
  t.task = Task::Pretrain;
  t.model = "llama-3.1-405b";
  t.tokens = 1e16;
  t.batch = 1'000'000;
  t.headroom = 4;
  check_finite(run(t), "huge training");
  Scenario tiny;
  tiny.context = 1;
  tiny.prompt = 1;
  tiny.headroom = 0;
  check_finite(run(tiny), "tiny");
}

TEST_CASE("property: more context or concurrency never needs less memory") {
  for (const Model& m : catalog().models) {
    for (Task t : {Task::Inference, Task::Lora, Task::Full}) {
      INFO(m.id << " " << name_of(t));
      Scenario s;
      s.model = m.id;
      s.task = t;
      s.prompt = 1;
      s.explain = false;
      s.gpu = "h100-sxm";
      std::int64_t last = 0;
      for (std::int64_t ctx : {1, 512, 1000, 4096, 8192, 32768, 131072}) {
        s.context = ctx;
        const std::int64_t total = run(s).memory.total;
        CHECK(total >= last);
        last = total;
      }
      s.context = 2048;
      last = 0;
      for (std::int64_t n : {1, 2, 3, 8, 64}) {
        s.concurrency = n;
        s.batch = n;
        const std::int64_t total = run(s).memory.total;
        CHECK(total >= last);
        last = total;
      }
    }
  }
}

TEST_CASE("property: higher precision never needs less memory") {
  // Chains in which each format has fewer bits and keeps no more tensors at 16 bits than the one
  // before. (Across chains the order can flip: GGUF Q4_K_M quantises the embeddings too, so at
  // 4.83 bits it is smaller than INT4 at 4.25 bits with 16-bit embeddings.)
  const std::vector<std::vector<const char*>> chains = {
      {"fp32", "bf16", "fp8", "int8", "int4", "nf4"},
      {"fp32", "fp16", "q8_0", "q6_k", "q5_k_m", "q4_k_m", "q3_k_m", "q2_k"},
  };
  for (const Model& m : catalog().models) {
    INFO(m.id);
    for (const auto& chain : chains) {
      std::int64_t last = std::numeric_limits<std::int64_t>::max();
      for (const char* p : chain) {
        Scenario s;
        s.model = m.id;
        s.precision = p;
        s.gpu = "h100-sxm";
        s.explain = false;
        const Estimate e = run(s);
        INFO(p);
        CHECK(e.memory.weights <= last);
        last = e.memory.weights;
      }
    }
    // KV-cache precision too.
    std::int64_t last_kv = 0;
    for (const char* kv : {"int4", "fp8", "fp16"}) {
      Scenario s;
      s.model = m.id;
      s.kv_precision = kv;
      s.gpu = "h100-sxm";
      s.explain = false;
      const std::int64_t b = run(s).memory.kv_cache;
      CHECK(b >= last_kv);
      last_kv = b;
    }
  }
}

TEST_CASE("property: more cards never fewer bytes in total") {
  for (const char* model_id : {"qwen2.5-7b", "llama-3-70b", "deepseek-v3", "mixtral-8x7b"}) {
    for (Task t : {Task::Inference, Task::Lora, Task::Full}) {
      for (int stage : {0, 1, 2, 3}) {
        Scenario s;
        s.model = model_id;
        s.task = t;
        s.zero_stage = stage;
        Result<Resolved> r = resolve(catalog(), s);
        REQUIRE(r.ok());
        const Gpu& g = test::gpu("h100-sxm");
        double last = 0;
        for (int n : card_counts(g, 8)) {
          INFO(model_id << " " << name_of(t) << " ZeRO-" << stage << " on " << n);
          Layout l;
          if (t == Task::Inference) {
            auto li = inference_layout(r.value->model(), r.value->engine(), g, n);
            if (!li) continue;
            l = *li;
          } else {
            l.cards = n;
            l.data_parallel = n;
            l.zero_stage = stage;
          }
          const double total = static_cast<double>(memory_per_card(*r.value, &g, l, 4096, 1).total) * n;
          CHECK(total >= last);
          last = total;
        }
      }
    }
  }
}

TEST_CASE("one GPU, one count: what the planner asks") {
  Scenario s;
  s.model = "qwen2.5-14b";
  s.context = 8192;
  s.gpu = "a100-40g";
  s.cards = 1;
  s.explain = false;
  const Estimate e = run(s);
  REQUIRE(e.gpus.size() == 1);
  const GpuEstimate& g = e.gpus[0];
  CHECK(g.gpu == "a100-40g");
  CHECK(g.cards == 1);
  CHECK(g.fit != Fit::No);
  CHECK(g.per_card_bytes == e.memory.total);  // one card holds one replica
  CHECK(e.explain.empty());
}

TEST_CASE("warnings: precision support and layout") {
  auto warned = [](const GpuEstimate& g, const std::string& part) {
    for (const Message& w : g.warnings) {
      if (en(w).find(part) != std::string::npos) return true;
    }
    return false;
  };
  Scenario fp8;
  fp8.precision = "fp8";
  const Estimate e = run(fp8);
  CHECK(warned(test::on(e, "a100-80g"), "no FP8 tensor cores"));
  CHECK_FALSE(warned(test::on(e, "h100-sxm"), "no FP8 tensor cores"));
  CHECK(warned(test::on(e, "t4"), "no FP8 tensor cores"));
  const Estimate b = run(Scenario{});
  CHECK(warned(test::on(b, "v100-32g"), "no BF16 tensor cores"));
  CHECK(warned(test::on(b, "mi300x"), "a ROCm card, not CUDA"));
  Scenario split;
  split.model = "llama-3-70b";
  split.precision = "q4_k_m";
  split.engine = "llama.cpp";
  split.gpu = "rtx-4090";
  split.cards = 4;
  CHECK(warned(run(split).gpus[0], "splits layers across cards"));
  Scenario mla;
  mla.model = "deepseek-v2-lite";
  mla.gpu = "rtx-4090";
  mla.cards = 2;
  CHECK(warned(run(mla).gpus[0], "keeps the whole latent cache"));
  // DeepSeek-V4's latent is one KV head by design: the latent warning, not "TP > KV heads".
  Scenario v4;
  v4.model = "deepseek-v4-flash";
  v4.gpu = "h200";
  v4.cards = 2;
  const GpuEstimate v4_row = run(v4).gpus[0];
  CHECK(test::has_code(v4_row.warnings, "mla_replicated"));
  CHECK_FALSE(test::has_code(v4_row.warnings, "kv_replicated"));
  Scenario rep;
  rep.model = "qwen2.5-0.5b";  // 2 KV heads
  rep.gpu = "rtx-4090";
  rep.cards = 2;
  CHECK_FALSE(warned(run(rep).gpus[0], "KV head is replicated"));
}

TEST_CASE("training at real scale: 3D layouts instead of 'does not fit'") {
  // Llama 3.1 405B on 512 A100 80GB: model states alone are 6.5 TB, so data parallelism without
  // sharding could never fit; tensor x pipeline x ZeRO layouts spread them.
  Scenario s;
  s.model = "llama-3.1-405b";
  s.task = Task::Pretrain;
  s.gpu = "a100-80g";
  s.cards = 512;
  s.context = 4096;
  s.tokens = 1e12;
  const GpuEstimate g = run(s).gpus[0];
  REQUIRE(g.fit != Fit::No);
  CHECK(g.cards == 512);
  CHECK(g.tensor_parallel * g.pipeline_parallel * g.data_parallel == 512);
  CHECK(g.tensor_parallel <= 8);  // inside a node
  CHECK(g.per_card_bytes < g.usable_bytes);
  REQUIRE(g.gpu_hours);
  // Up to 100,000 cards are accepted, and more cards never take longer.
  s.cards = 100000;
  Result<Estimate> big = estimate(catalog(), s);
  REQUIRE(big.ok());
  s.cards = 1024;
  const GpuEstimate g1k = run(s).gpus[0];
  REQUIRE(g1k.train_hours);
  CHECK(*g1k.train_hours < *g.train_hours);
  s.cards = 100001;
  CHECK_FALSE(estimate(catalog(), s).ok());
}

TEST_CASE("pure BF16 AdamW, checkpointing on by default for LoRA/QLoRA, and the hint to turn it on") {
  // Pure BF16 (ms-swift / LLaMA-Factory pure_bf16): 2 + 2 + 2 x 2 = 8 bytes per parameter, against
  // 16 for mixed precision.
  Scenario full;
  full.model = "qwen2.5-7b";
  full.task = Task::Full;
  full.optimizer = Optimizer::AdamWBf16;
  const Estimate pure = run(full);
  const MemoryBreakdown& m = pure.memory;
  CHECK(static_cast<double>(m.weights + m.gradients + m.optimizer) ==
        Approx(8.0 * static_cast<double>(pure.params.total)).epsilon(1e-9));
  // LoRA/QLoRA recompute activations unless told otherwise (PEFT, LLaMA-Factory, unsloth):
  // 70B QLoRA at 2k tokens fits one A100 80GB.
  Scenario q;
  q.model = "llama-3-70b";
  q.task = Task::Qlora;
  q.context = 2048;
  q.gpu = "a100-80g";
  const GpuEstimate one = run(q).gpus[0];
  CHECK(one.cards == 1);
  CHECK(one.fit == Fit::Comfortable);
  Result<Resolved> r = resolve(catalog(), q);
  REQUIRE(r.ok());
  CHECK(r.value->checkpointing == Checkpointing::Full);
  q.checkpointing = Checkpointing::None;
  CHECK(run(q).gpus[0].cards > 1);
  // A training job that does not fit without checkpointing says how to make it fit.
  Scenario big;
  big.model = "llama-3-70b";
  big.task = Task::Full;
  big.context = 8192;
  big.gpu = "rtx-4090";
  big.cards = 8;
  const GpuEstimate none = run(big).gpus[0];
  REQUIRE(none.fit == Fit::No);
  CHECK(test::has_code(none.warnings, "try_checkpointing"));
}

TEST_CASE("ids in any case or as an alias give the catalog's ids in the result") {
  Scenario s;
  s.model = "Qwen2.5-7B";
  s.precision = "BF16";
  s.kv_precision = "FP8_E4M3";
  s.engine = "vLLM";
  s.gpu = "4090";
  const Estimate e = run(s);
  CHECK(e.model == "qwen2.5-7b");
  CHECK(e.precision == "bf16");
  CHECK(e.kv_precision == "fp8");
  REQUIRE(e.gpus.size() == 1);
  CHECK(e.gpus[0].gpu == "rtx-4090");
  Scenario canonical;
  canonical.model = "qwen2.5-7b";
  canonical.kv_precision = "fp8";
  canonical.gpu = "rtx-4090";
  CHECK(run(canonical).memory.total == e.memory.total);
}

TEST_CASE("an MFU below the plausibility floor is refused naming mfu, never a job of 1e302 hours") {
  // Issue 32: --mfu 1e-300 gave a finite job cost of ~1e302 CNY with exit 0.
  Scenario s;
  s.task = Task::Full;
  s.gpu = "h100-sxm";
  s.tokens = 1e15;
  for (double mfu : {1e-300, 1e-200, 0.009}) {
    s.mfu = mfu;
    const Result<Estimate> r = estimate(catalog(), s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.errors.at(0).field == "mfu");
  }
  s.mfu = 0.01;  // the floor: slow but real
  const Estimate slow = run(s);
  REQUIRE(slow.gpus.at(0).train_hours);
  CHECK(std::isfinite(*slow.gpus[0].train_hours));
}

TEST_CASE("training tokens are a whole count: a fraction would round the time to 0 hours") {
  Scenario s;
  s.task = Task::Full;
  s.gpu = "h100-sxm";
  s.tokens = 1e-300;
  const Result<Estimate> r = estimate(catalog(), s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.at(0).field == "tokens");
  s.tokens = 1;  // one token: a tiny time, but a time
  const Estimate one = run(s);
  REQUIRE(one.gpus.at(0).train_hours);
  CHECK(*one.gpus[0].train_hours > 0);
}
