// The benchmark that checks cardfit's figures on the rented machine (issue 31, item 2): beside the
// launch command of a GPU row, the engine's own benchmark with the same model, layout, prompt,
// context and concurrency, and which field of its output to compare with which cardfit figure.
// llama.cpp: llama-bench (run instead of the server); vLLM: `vllm bench serve` and SGLang:
// `python -m sglang.bench_serving` (run against the server the launch command started), each with
// the engine's one-batch benchmark beside it (`vllm bench latency`, `python -m
// sglang.bench_one_batch`: the server's engine flags, the model loaded by the benchmark itself);
// MLX: mlx_lm.benchmark (run instead of mlx_lm.server, with the model the server loads).
// Built with launch.hpp's Argv and quoted by its render_sh(). docs/verify.md says how to run it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "launch.hpp"

namespace cardfit {

enum class VerifyTool {
  LlamaBench,
  VllmBenchServe,
  SglangBenchServing,
  VllmBenchLatency,
  SglangBenchOneBatch,
  MlxBenchmark
};
template <>
struct EnumNames<VerifyTool> {
  static constexpr std::array<Name<VerifyTool>, 6> list{
      {{VerifyTool::LlamaBench, "llama-bench", MsgId::verify_llama_bench},
       {VerifyTool::VllmBenchServe, "vllm-bench-serve", MsgId::verify_vllm_bench_serve},
       {VerifyTool::SglangBenchServing, "sglang-bench-serving", MsgId::verify_sglang_bench_serving},
       {VerifyTool::VllmBenchLatency, "vllm-bench-latency", MsgId::verify_vllm_bench_latency},
       {VerifyTool::SglangBenchOneBatch, "sglang-bench-one-batch", MsgId::verify_sglang_bench_one_batch},
       {VerifyTool::MlxBenchmark, "mlx-benchmark", MsgId::verify_mlx_benchmark}}};
};

// One figure to compare: `field` of the tool's JSON output (in the result row that `select`
// names, for llama-bench's array of tests) against cardfit's `figure` (a key of the estimate's GPU
// row; "tpot_ms" is 1000 / decode_tokens_per_s), predicted `predicted` in `unit`.
struct VerifyCompare {
  std::string field;      // "avg_ts", "mean_ttft_ms", "mean_tpot_ms", "output_throughput", "generation_tps"
  std::string select;     // llama-bench: "n_prompt=1024 n_gen=0 n_depth=0"; "" = the one result object
  std::string figure;     // "prefill_tokens_per_s", "decode_tokens_per_s", "ttft_ms", "tpot_ms", "aggregate_tokens_per_s", "batch_latency_s"
  double predicted = 0;   // cardfit's value, in `unit`
  std::string unit;       // "tok/s", "ms" or "s"
};

// A further benchmark with the same settings that loads the model itself (stop the server first):
// `vllm bench latency` beside `vllm bench serve`, `python -m sglang.bench_one_batch` beside
// `sglang.bench_serving`. One batch of `--batch-size` = the scenario's concurrency, no scheduler:
// the decode figures without the serving path's queueing.
struct VerifyRun {
  VerifyTool tool = VerifyTool::VllmBenchLatency;
  std::string text;  // render_sh(argv)
  std::vector<ShellWord> argv;
  std::vector<VerifyCompare> compare;
};

struct VerifyCommand {
  VerifyTool tool = VerifyTool::LlamaBench;
  LaunchKind launch = LaunchKind::LlamaServer;  // the launch command it goes with
  std::string text;                             // render_sh(argv)
  std::vector<ShellWord> argv;
  std::vector<VerifyCompare> compare;
  std::vector<VerifyRun> also;  // the engine's one-batch benchmark (vLLM, SGLang); none for llama-bench
};

// Tokens llama-bench generates per test, and each serving benchmark's request count per
// concurrent sequence (at least kVerifyMinPrompts): enough for a steady state, minutes not hours.
inline constexpr std::int64_t kVerifyGenTokens = 128;   // llama-bench's own default -n
inline constexpr std::int64_t kVerifyPromptsPerSequence = 4;
inline constexpr std::int64_t kVerifyMinPrompts = 16;

// The benchmark for one launch command of `gpu` (scenario and row as launch_commands() takes
// them); none for a file, a training job, or an engine with no benchmark here (TensorRT-LLM,
// LMDeploy, Ollama).
std::optional<VerifyCommand> verify_command(const Catalog& catalog, const Scenario& scenario, const GpuEstimate& gpu,
                                            const LaunchCommand& launch);

// One comparison as a sentence: "mean_ttft_ms in its output vs cardfit's ttft_ms: 152 ms" (the
// figure formatted by format_rate), with "of the result with n_prompt=..." for llama-bench.
Message compare_message(const VerifyCompare& compare);

// The benchmark beside the row's launch commands: the first that has one; none when the row has
// no launch command.
std::optional<VerifyCommand> verify_for(const Catalog& catalog, const Scenario& scenario, const GpuEstimate& gpu,
                                        const std::vector<LaunchCommand>& launch);

}  // namespace cardfit
