// core/estimate/explain.hpp: every figure has a formula, the numbers substituted and its
// sources, in both languages; each substituted text ends in the very figure the Estimate reports.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

#include "explain.hpp"
#include "format.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::catalog;
using cardfit::test::en;
using cardfit::test::run;
using cardfit::test::zh;

namespace {

const Explanation& find(const Estimate& e, const std::string& key) {
  for (const Explanation& x : e.explain) {
    if (x.key == key) return x;
  }
  FAIL("no explanation '" << key << "'");
  return e.explain.front();
}

bool has(const Estimate& e, const std::string& key) {
  for (const Explanation& x : e.explain) {
    if (x.key == key) return true;
  }
  return false;
}

bool has_cjk(const std::string& s) {
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0xE4 && c <= 0xE9) return true;  // lead byte of U+4E00..U+9FFF in UTF-8
  }
  return false;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string cites(const Explanation& x) {
  std::string s;
  for (const std::string& ref : x.sources) s += en(cite(catalog(), ref)) + "; ";
  return s;
}

// The figure each explanation must end in, read off the Estimate independently.
std::map<std::string, std::string> figures(const Estimate& e) {
  std::map<std::string, std::string> f;
  const MemoryBreakdown& m = e.memory;
  f["params_total"] = format_grouped(static_cast<double>(e.params.total));
  f["params_active"] = format_grouped(static_cast<double>(e.params.active));
  f["weights"] = format_bytes(static_cast<double>(m.weights));
  f["kv_cache_per_token"] = format_grouped(static_cast<double>(e.kv_cache_bytes_per_token)) + " B";
  f["kv_cache"] = format_bytes(static_cast<double>(m.kv_cache));
  f["activations"] = format_bytes(static_cast<double>(m.activations));
  f["adapters"] = format_bytes(static_cast<double>(m.adapters + m.gradients + m.optimizer));
  f["model_states"] = format_bytes(static_cast<double>(m.weights + m.gradients + m.optimizer));
  f["overhead"] = format_bytes(static_cast<double>(m.overhead));
  f["total"] = format_bytes(static_cast<double>(m.total));
  f["train_flops"] = format_count(e.train_flops) + "FLOP";
  for (const GpuEstimate& g : e.gpus) {
    if (g.gpu != e.explained_gpu) continue;
    f["fit"] = std::string(name_of(g.fit));
    f["cards"] = std::to_string(g.cards);
    if (g.kv_pool_bytes) f["kv_pool"] = format_bytes(static_cast<double>(*g.kv_pool_bytes));
    f["decode_tokens_per_s"] = format_rate(g.aggregate_tokens_per_s) + " t/s";
    f["prefill_tokens_per_s"] = format_rate(g.prefill_tokens_per_s) + " t/s";
    f["max_context"] = format_grouped(static_cast<double>(g.max_context));
    f["max_concurrency"] = format_grouped(static_cast<double>(g.max_concurrency));
    if (g.gpu_hours) f["train_hours"] = format_fixed(*g.gpu_hours, 1) + " GPU-h";
  }
  return f;
}

void check_every_explanation(const Estimate& e) {
  const std::map<std::string, std::string> expected = figures(e);
  for (const Explanation& x : e.explain) {
    INFO(x.key << ": " << en(x.substituted));
    CHECK_FALSE(en(x.quantity).empty());
    CHECK(has_cjk(zh(x.quantity)));
    CHECK(has_cjk(zh(x.formula)));
    CHECK_FALSE(x.sources.empty());
    for (const std::string& ref : x.sources) {
      INFO(ref);
      CHECK(en(cite(catalog(), ref)) != ref);  // every source id resolves
    }
    const auto want = expected.find(x.key);
    REQUIRE(want != expected.end());
    CHECK(x.figure == want->second);
    for (Lang lang : {Lang::En, Lang::Zh}) CHECK(ends_with(render(x.substituted, lang), want->second));
  }
}

}  // namespace

TEST_CASE("inference: the figures users see are all explained, each ending in its figure") {
  Scenario s;
  s.model = "llama-3-8b";
  s.gpu = "rtx-4090";
  const Estimate e = run(s);
  std::set<std::string> keys;
  for (const Explanation& x : e.explain) keys.insert(x.key);
  for (const char* k : {"params_total", "weights", "kv_cache_per_token", "kv_cache", "activations", "overhead", "total",
                        "fit", "cards", "decode_tokens_per_s", "prefill_tokens_per_s", "max_context",
                        "max_concurrency"}) {
    INFO(k);
    CHECK(keys.count(k) == 1);
  }
  CHECK(e.explained_gpu == "rtx-4090");
  check_every_explanation(e);
  // The numbers in the text are the result's numbers.
  CHECK(en(find(e, "kv_cache_per_token").substituted) == "2 × 32 × 8 × 128 × 2 B = 131,072 B");
  CHECK(en(find(e, "params_total").substituted).find("8,030,261,248") != std::string::npos);
  CHECK(cites(find(e, "kv_cache_per_token")).find("PagedAttention") != std::string::npos);
}

TEST_CASE("MLA and MoE get their own formulas") {
  Scenario s;
  s.model = "deepseek-v3";
  s.precision = "fp8";
  const Estimate e = run(s);
  CHECK(en(find(e, "kv_cache_per_token").substituted) == "(512 + 64) × 61 × 2 B = 70,272 B");
  CHECK(cites(find(e, "kv_cache_per_token")).find("DeepSeek-V2") != std::string::npos);
  CHECK(has(e, "params_active"));
  check_every_explanation(e);
}

TEST_CASE("training: ZeRO, Korthikanti, LoRA and FLOPs with their sources") {
  Scenario s;
  s.model = "llama-2-7b";
  s.task = Task::Full;
  s.tokens = 1e9;
  const Estimate full = run(s);
  CHECK(cites(find(full, "model_states")).find("ZeRO") != std::string::npos);
  CHECK(en(find(full, "model_states").substituted).find("(2 + 2 + 12) B × Ψ = 16 B × Ψ") != std::string::npos);
  CHECK(cites(find(full, "activations")).find("Korthikanti") != std::string::npos);
  CHECK(cites(find(full, "train_flops")).find("Transformer Math 101") != std::string::npos);
  CHECK_FALSE(has(full, "kv_cache"));
  CHECK(has(full, "train_hours"));
  check_every_explanation(full);
  s.task = Task::Qlora;
  s.precision = "nf4";
  const Estimate q = run(s);
  CHECK(cites(find(q, "adapters")).find("QLoRA") != std::string::npos);
  CHECK(en(find(q, "train_flops").formula).find("4N + 3A") != std::string::npos);
  check_every_explanation(q);
}

TEST_CASE("explanations end in their figures across models, tasks and GPUs") {
  for (const char* model : {"qwen2.5-7b", "mixtral-8x7b", "gemma-2-9b", "deepseek-v3"}) {
    for (Task task : {Task::Inference, Task::Lora, Task::Full}) {
      Scenario s;
      s.model = model;
      s.task = task;
      s.tokens = task == Task::Inference ? 0 : 1e9;
      s.checkpointing = task == Task::Full ? Checkpointing::Full : Checkpointing::None;
      s.concurrency = 4;
      INFO(model << " " << name_of(task));
      check_every_explanation(run(s));
    }
  }
}

TEST_CASE("nothing fits: model-level explanations only") {
  Scenario s;
  s.model = "llama-3.1-405b";
  s.gpu = "rtx-4050-laptop";
  const Estimate e = run(s);
  CHECK(has(e, "weights"));
  CHECK_FALSE(has(e, "decode_tokens_per_s"));
  CHECK(has(e, "fit"));  // --gpu given: its verdict is explained
  check_every_explanation(e);
}

TEST_CASE("DeepSeek-V4: the KV-per-token numbers are the pool's when another group is the widest", "[models2026]") {
  // memory.cpp deepseek_v4_cache "The shared pool" (vllm-project/vllm@4253bd44
  // vllm/v1/core/kv_cache_planning.py _get_kv_cache_bytes_per_block): V4-Flash's latents are its
  // widest group, so the numbers are its layers' pages; without ratio-4 layers (20 ratio-128 of
  // 43) the window group, 43 x 37,440 = 1,609,920 B, sets every block: 1,609,920 / 256 = 6,289 B.
  Scenario s;
  s.model = "deepseek-v4-flash";
  s.gpu = "h200";
  CHECK(en(find(run(s), "kv_cache_per_token").substituted) == "21 × 180.00 B + 20 × 6.75 B = 3,915 B");
  Model wide = *catalog().find_model("deepseek-v4-flash");
  wide.compressed_attention.ratio4_layers = 0;
  wide.compressed_attention.ratio128_layers = 20;
  s.custom_model = wide;
  CHECK(en(find(run(s), "kv_cache_per_token").substituted) == "1 × 1,609,920 B / 256 = 6,289 B");
}
