#include "verify.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "format.hpp"
#include "messages.hpp"

namespace cardfit {
namespace {

// The prompt and output lengths a serving benchmark sends: the scenario's prompt and output
// tokens (kVerifyGenTokens when --output-tokens is not given), within the context the server was
// started with (--max-model-len / --context-length), at least one token each.
struct Lengths {
  std::int64_t input = 1;
  std::int64_t output = 1;
};
Lengths serving_lengths(const Scenario& sc) {
  const std::int64_t context = std::max<std::int64_t>(2, sc.context);
  Lengths l;
  l.input = std::clamp<std::int64_t>(sc.prompt, 1, context - 1);
  l.output = std::clamp<std::int64_t>(sc.output_tokens > 0 ? sc.output_tokens : kVerifyGenTokens, 1, context - l.input);
  return l;
}

void add_compare(VerifyCommand& v, std::string field, std::string select, std::string figure, double predicted,
                 std::string unit) {
  if (!(predicted > 0) || !std::isfinite(predicted)) return;  // no figure to compare with
  v.compare.push_back({std::move(field), std::move(select), std::move(figure), predicted, std::move(unit)});
}

VerifyCommand finish(VerifyTool tool, LaunchKind kind, Argv a) {
  VerifyCommand v;
  v.tool = tool;
  v.launch = kind;
  v.text = render_sh(a.words);
  v.argv = std::move(a.words);
  return v;
}

// llama-bench with the server's model, -ngl, MoE offload, split and cache types: a prompt of
// `prompt` tokens at depth 0 (prefill) and kVerifyGenTokens generated at depth 0 and at
// context - kVerifyGenTokens (decode with the KV cache as full as the scenario's context).
VerifyCommand llama_bench(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  const std::int64_t context = std::max<std::int64_t>(1, sc.context);
  const std::int64_t gen = std::min(kVerifyGenTokens, context);
  const std::int64_t depth = context - gen;
  const std::int64_t prompt = std::clamp<std::int64_t>(sc.prompt, 1, context);
  const std::string hf = gguf_hf_spec(m, sc.precision);
  Argv a;
  a.add("llama-bench");
  if (hf.empty()) a.add("-m", gguf_file(m, sc.precision));
  else a.add("-hf", hf);
  a.add("-ngl", llamacpp_gpu_layers(m, g));
  if (g.offload && g.offload->n_cpu_moe > 0) a.add("--n-cpu-moe", g.offload->n_cpu_moe);
  if (g.cards > 1) {
    std::string split;  // llama-bench separates a list's values by ',' (one test each): '/' within one
    for (int i = 0; i < g.cards; ++i) split += (i ? "/1" : "1");
    a.add("-ts", split);
  }
  const std::string cache = llamacpp_cache_type(sc.kv_precision);
  if (!cache.empty() && cache != "f16") a.add("-ctk", cache).add("-ctv", cache).add("-fa", "on");
  a.add("-p", prompt).add("-n", gen);
  a.add("-d", depth > 0 ? "0," + std::to_string(depth) : std::string("0"));
  a.add("-o", "json");
  VerifyCommand v = finish(VerifyTool::LlamaBench, LaunchKind::LlamaServer, std::move(a));
  add_compare(v, "avg_ts", "n_prompt=" + std::to_string(prompt) + " n_gen=0 n_depth=0", "prefill_tokens_per_s",
              g.prefill_tokens_per_s, "tok/s");
  add_compare(v, "avg_ts", "n_prompt=0 n_gen=" + std::to_string(gen) + " n_depth=" + std::to_string(depth),
              "decode_tokens_per_s", g.decode_tokens_per_s, "tok/s");
  return v;
}

std::int64_t num_prompts(std::int64_t concurrency) {
  return std::max(kVerifyMinPrompts, concurrency * kVerifyPromptsPerSequence);
}

// What both serving benchmarks measure, in the field names both write (vLLM's BenchmarkMetrics,
// SGLang's result dict): mean time to first token, mean time per output token, output tokens/s.
void serving_compare(VerifyCommand& v, const GpuEstimate& g) {
  add_compare(v, "mean_ttft_ms", "", "ttft_ms", g.ttft_ms, "ms");
  add_compare(v, "mean_tpot_ms", "", "tpot_ms", g.decode_tokens_per_s > 0 ? 1000.0 / g.decode_tokens_per_s : 0, "ms");
  add_compare(v, "output_throughput", "", "aggregate_tokens_per_s", g.aggregate_tokens_per_s, "tok/s");
}

// vllm bench serve against the `vllm serve` of the launch command (its default port 8000); random
// prompts of fixed lengths (--random-range-ratio defaults to 0 there), EOS ignored so every
// request generates its output length; the result saved as JSON to send back.
VerifyCommand vllm_bench(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  const Lengths l = serving_lengths(sc);
  const std::int64_t c = std::max<std::int64_t>(1, sc.concurrency);
  Argv a;
  a.add("vllm").add("bench").add("serve").add("--model", serving_repo(m, sc.precision));
  a.add("--dataset-name", "random").add("--random-input-len", l.input).add("--random-output-len", l.output);
  a.add("--num-prompts", num_prompts(c)).add("--max-concurrency", c);
  a.add("--ignore-eos").add("--save-result").add("--result-filename", "cardfit-verify.json");
  VerifyCommand v = finish(VerifyTool::VllmBenchServe, LaunchKind::Vllm, std::move(a));
  serving_compare(v, g);
  return v;
}

// The launch command's words after its first `skip` (the engine's flags, the model included for
// SGLang's --model-path), copied as they are: the benchmark runs the engine as the server does.
void add_engine_flags(Argv& a, const LaunchCommand& launch, std::size_t skip) {
  for (std::size_t i = skip; i < launch.argv.size(); ++i) a.words.push_back(launch.argv[i]);
}

VerifyRun run_of(VerifyTool tool, Argv a) {
  VerifyRun r;
  r.tool = tool;
  r.text = render_sh(a.words);
  r.argv = std::move(a.words);
  return r;
}

void add_compare(VerifyRun& r, std::string field, std::string figure, double predicted, std::string unit) {
  if (!(predicted > 0) || !std::isfinite(predicted)) return;
  r.compare.push_back({std::move(field), "", std::move(figure), predicted, std::move(unit)});
}

// vllm bench latency (vllm-project/vllm@00cae0753b8d50118a960888a6aff57f9b098ac6
// vllm/benchmarks/latency.py): the engine flags of `vllm serve` (EngineArgs, with --model for the
// positional model), one batch of --batch-size prompts of --input-len random tokens generating
// --output-len each (ignore_eos), timed end to end: `Avg latency: X seconds`, avg_latency in
// --output-json. cardfit's time for that batch: its prompts at the prefill rate, then --output-len
// steps at the per-sequence decode rate of --batch-size sequences.
VerifyRun vllm_latency(const Model& m, const Scenario& sc, const GpuEstimate& g, const LaunchCommand& launch) {
  const Lengths l = serving_lengths(sc);
  const std::int64_t b = std::max<std::int64_t>(1, sc.concurrency);
  Argv a;
  a.add("vllm").add("bench").add("latency").add("--model", serving_repo(m, sc.precision));
  add_engine_flags(a, launch, 3);  // after "vllm serve REPO"
  a.add("--input-len", l.input).add("--output-len", l.output).add("--batch-size", b);
  a.add("--output-json", "cardfit-verify-latency.json");
  VerifyRun r = run_of(VerifyTool::VllmBenchLatency, std::move(a));
  if (g.prefill_tokens_per_s > 0 && g.decode_tokens_per_s > 0) {
    const double seconds = static_cast<double>(b * l.input) / g.prefill_tokens_per_s +
                           static_cast<double>(l.output) / g.decode_tokens_per_s;
    add_compare(r, "avg_latency", "batch_latency_s", seconds, "s");
  }
  return r;
}

// python -m sglang.bench_one_batch (sgl-project/sglang@009441505062411de64a6e06e346779899eb53dc
// python/sglang/bench_one_batch.py): the server's arguments (ServerArgs, --model-path included),
// one static batch of --batch-size random prompts of --input-len, --output-len decode steps; it
// prints `Decode.  median latency: ... median throughput: X token/s` and appends
// median_decode_throughput (batch_size / median step time: all sequences together) and
// prefill_throughput to --result-filename.
VerifyRun sglang_one_batch(const Scenario& sc, const GpuEstimate& g, const LaunchCommand& launch) {
  const Lengths l = serving_lengths(sc);
  const std::int64_t b = std::max<std::int64_t>(1, sc.concurrency);
  Argv a;
  a.add("python").add("-m").add("sglang.bench_one_batch");
  add_engine_flags(a, launch, 3);  // after "python -m sglang.launch_server"
  a.add("--batch-size", b).add("--input-len", l.input).add("--output-len", l.output);
  a.add("--run-name", "cardfit").add("--result-filename", "cardfit-verify-one-batch.jsonl");
  VerifyRun r = run_of(VerifyTool::SglangBenchOneBatch, std::move(a));
  add_compare(r, "median_decode_throughput", "aggregate_tokens_per_s", g.aggregate_tokens_per_s, "tok/s");
  // A batch of several prompts is prefilled together: compare the one-prompt rate only at batch 1.
  if (b == 1) add_compare(r, "prefill_throughput", "prefill_tokens_per_s", g.prefill_tokens_per_s, "tok/s");
  return r;
}

// Whether `launch` is the engine's own server command with its `prefix` words (so its words after
// them are the engine's flags).
bool starts_with(const LaunchCommand& launch, std::initializer_list<const char*> prefix) {
  if (launch.argv.size() < prefix.size()) return false;
  std::size_t i = 0;
  for (const char* w : prefix) {
    if (launch.argv[i].variable || launch.argv[i].text != w) return false;
    ++i;
  }
  return true;
}

// sglang.bench_serving against the launch command's server (its default port 30000); in its
// random dataset a range ratio of 1 samples every length as given.
VerifyCommand sglang_bench(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  const Lengths l = serving_lengths(sc);
  const std::int64_t c = std::max<std::int64_t>(1, sc.concurrency);
  Argv a;
  a.add("python").add("-m").add("sglang.bench_serving").add("--backend", "sglang");
  a.add("--model", serving_repo(m, sc.precision));
  a.add("--dataset-name", "random").add("--random-input-len", l.input).add("--random-output-len", l.output);
  a.add("--random-range-ratio", "1");
  a.add("--num-prompts", num_prompts(c)).add("--max-concurrency", c);
  a.add("--output-file", "cardfit-verify.jsonl");
  VerifyCommand v = finish(VerifyTool::SglangBenchServing, LaunchKind::Sglang, std::move(a));
  serving_compare(v, g);
  return v;
}

// mlx_lm.benchmark (ml-explore/mlx-lm@d78bf58e217c904ec282ed8da9b947491f78c022 and
// @a4c64703906f709a493341508ac31af4085d2638 mlx_lm/benchmark.py: --model, -p/--prompt-tokens,
// -g/--generation-tokens; -b 1 and -n 5 trials by default): it loads the model itself, warms up,
// then runs one sequence of a random -p-token prompt generating -g tokens (EOS ignored), five
// times, and prints `Averages: prompt_tps=X, generation_tps=Y, peak_memory=Z` (the mean of
// stream_generate's prompt and generation tokens/s; peak memory in GB). The lengths are the
// serving benchmarks': the scenario's prompt and output within its context. At one sequence it
// is what cardfit's MLX profile is calibrated on (docs/model.md §7: -p 2048 -g 128). At the
// scenario's concurrency B above 1 it runs -b B: B random prompts through batch_generate, whose
// generation_tps is all B sequences' tokens over the generation time (generate.py BatchStats), so
// it is compared with aggregate_tokens_per_s; their batched prompt_tps is not the one-prompt rate
// and is not compared (as sglang_one_batch). batch_generate decodes at most kMlxDecodeConcurrency
// at once and the benchmark has no flag to raise it: above that nothing is compared.
VerifyCommand mlx_benchmark(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  const Lengths l = serving_lengths(sc);
  const std::int64_t b = std::max<std::int64_t>(1, sc.concurrency);
  Argv a;
  a.add("mlx_lm.benchmark").add("--model", mlx_model_path(m, sc.precision));
  a.add("-p", l.input).add("-g", l.output);
  if (b > 1) a.add("-b", b);
  VerifyCommand v = finish(VerifyTool::MlxBenchmark, LaunchKind::MlxServer, std::move(a));
  if (b == 1) {
    add_compare(v, "prompt_tps", "", "prefill_tokens_per_s", g.prefill_tokens_per_s, "tok/s");
    add_compare(v, "generation_tps", "", "decode_tokens_per_s", g.decode_tokens_per_s, "tok/s");
  } else if (b <= kMlxDecodeConcurrency) {
    add_compare(v, "generation_tps", "", "aggregate_tokens_per_s", g.aggregate_tokens_per_s, "tok/s");
  }
  return v;
}

}  // namespace

std::optional<VerifyCommand> verify_command(const Catalog& catalog, const Scenario& sc, const GpuEstimate& g,
                                            const LaunchCommand& launch) {
  if (!launch.file.empty() || launch.argv.empty() || sc.task != Task::Inference) return std::nullopt;
  const Model* m = launch_model(catalog, sc);
  if (!m) return std::nullopt;
  switch (launch.kind) {
    case LaunchKind::LlamaServer: return llama_bench(*m, sc, g);
    case LaunchKind::Vllm: {
      VerifyCommand v = vllm_bench(*m, sc, g);
      if (starts_with(launch, {"vllm", "serve"})) v.also.push_back(vllm_latency(*m, sc, g, launch));
      return v;
    }
    case LaunchKind::Sglang: {
      VerifyCommand v = sglang_bench(*m, sc, g);
      if (starts_with(launch, {"python", "-m", "sglang.launch_server"})) v.also.push_back(sglang_one_batch(sc, g, launch));
      return v;
    }
    case LaunchKind::MlxServer: return mlx_benchmark(*m, sc, g);
    default: return std::nullopt;
  }
}

Message compare_message(const VerifyCompare& c) {
  const std::string predicted = format_rate(c.predicted);
  if (c.select.empty()) return msg::verify_compare(c.field, c.figure, predicted, c.unit);
  return msg::verify_compare_select(c.field, c.select, c.figure, predicted, c.unit);
}

std::optional<VerifyCommand> verify_for(const Catalog& catalog, const Scenario& sc, const GpuEstimate& g,
                                        const std::vector<LaunchCommand>& launch) {
  for (const LaunchCommand& l : launch) {
    if (std::optional<VerifyCommand> v = verify_command(catalog, sc, g, l)) return v;
  }
  return std::nullopt;
}

}  // namespace cardfit
