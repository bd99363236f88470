// What estimate() returns: the memory breakdown, per-GPU fit, speed and training time, and the
// explanations. Plain structs shared by the estimate's parts (memory, fit, speed, explain)
// and read by the planner, the JSON writers and the UI.
// Bytes everywhere (GB = 1e9 bytes, GiB = 2^30 bytes only when formatting). Never NaN or inf.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "message.hpp"
#include "names.hpp"
#include "params.hpp"
#include "scenario.hpp"

namespace cardfit {

enum class Fit {
  Comfortable,  // need x (1 + headroom) <= usable
  Tight,        // need x (1 + tight_headroom) <= usable
  No,           // does not fit
};
template <>
struct EnumNames<Fit> {
  static constexpr std::array<Name<Fit>, 3> list{{{Fit::Comfortable, "comfortable", MsgId::fit_comfortable},
                                                  {Fit::Tight, "tight", MsgId::fit_tight},
                                                  {Fit::No, "no", MsgId::fit_no}}};
};

struct MemoryBreakdown {  // bytes
  std::int64_t weights = 0;      // model weights (LoRA/QLoRA: the frozen base)
  std::int64_t kv_cache = 0;     // inference KV cache (and linear-attention state) for all concurrent sequences
  std::int64_t activations = 0;  // activations / engine workspace / logits
  std::int64_t gradients = 0;    // training: weight gradients (LoRA: adapter gradients)
  std::int64_t optimizer = 0;    // training: optimizer states incl. FP32 master weights
  std::int64_t adapters = 0;     // LoRA/QLoRA adapter weights
  std::int64_t overhead = 0;     // CUDA context, engine reservation workspace, NCCL buffers
  std::int64_t total = 0;        // sum of the above
};

struct Explanation {
  std::string key;                   // stable id: "weights", "kv_cache_per_token", "decode_tokens_per_s", ...
  Message quantity;                  // "Weights"
  Message formula;                   // symbols: "weights = Σ params_group × bits_group / 8"
  Message substituted;               // the user's numbers: "7,615,616,512 × 16 / 8 = 15.23 GB (14.19 GiB)"
  std::vector<std::string> sources;  // Source ids in the catalog (title, publisher, url there)
  std::string figure;                // the figure the explanation ends in, as the Estimate reports it
};

struct OffloadEstimate {               // partial offload (Scenario::offload.any())
  int gpu_layers = 0;                   // layers on the cards (llama.cpp -ngl)
  int total_layers = 0;
  int experts_on_cpu = 0;               // MoE layers on the cards whose routed experts stay in host memory
  int n_cpu_moe = 0;                    // llama.cpp --n-cpu-moe: the first layers whose experts stay (dense layers counted)
  std::int64_t cpu_bytes = 0;           // weights in host memory
  std::int64_t host_bytes = 0;          // host memory needed: those weights + the KV cache of their layers
  double host_bandwidth_gb_per_s = 0;   // effective (datasheet x efficiency)
};

enum class ServingLimit { Memory, Ttft, Tpot };  // what caps a replica's traffic
template <>
struct EnumNames<ServingLimit> {
  static constexpr std::array<Name<ServingLimit>, 3> list{{{ServingLimit::Memory, "memory", MsgId::serving_memory},
                                                           {ServingLimit::Ttft, "ttft", MsgId::serving_ttft},
                                                           {ServingLimit::Tpot, "tpot", MsgId::serving_tpot}}};
};

struct Serving {                        // one replica under continuous batching (Scenario::output_tokens > 0)
  bool feasible = false;                // false: even one sequence misses --max-tpot-ms
  std::int64_t batch = 0;               // sequences decoded together: the KV pool's (max_concurrency; --max-num-seqs
                                        // if smaller), capped by TPOT
  ServingLimit limited_by = ServingLimit::Memory;  // memory or tpot here; the planner may add ttft
  double prefill_ms = 0;                // one prompt alone (ttft_ms): the planner's queueing TTFT
  double mixed_prefill_ms = 0;          // the work one prompt adds to the decode steps (mixed_prefill_ms)
  double step_ms = 0;                   // one decode step at `batch`
  double tpot_ms = 0;                   // step + (batch - 1) x mixed prefill / output (mixed_decode)
  double requests_per_s = 0;            // batch x 1000 / (output x step + batch x mixed prefill), fully busy
};

struct MixedDecode {                     // the scenario's concurrency in steady state, every request's prompt
                                        // prefilled among the decode steps (Scenario::output_tokens > 0)
  double concurrency = 0;               // sequences decoding at once (--max-num-seqs applied)
  double prefill_ms = 0;                // one prompt's work added to the steps it is mixed into
  double step_ms = 0;                   // one decode step at `concurrency` (decode_speed)
  double tpot_ms = 0;                   // step + (concurrency - 1) x prefill / output
  double tokens_per_s = 0;              // output tokens/s: concurrency x output x 1000 / (output x step + concurrency x prefill)
};

// What a measurement is compared with (MeasuredFigure::compared_with).
enum class ComparedWith {
  Estimate,  // the row's own figure as the estimate shows it (speed: decode alone, no prefill mixed in)
  Serving,   // a serving benchmark (its scenario names output-tokens): the mixed TPOT or output rate at
             // the row's concurrency, prompt, context and output tokens, as the calibration evaluates it
};

// A measurement that matches a GPU row (core/estimate/measured.hpp; docs/measurements.md).
struct MeasuredFigure {
  std::string id;         // Measurement::id
  std::string figure;     // the metric measured: "decode_tokens_per_s"
  double value = 0;       // the measured figure, in `unit`
  std::string unit;       // "tok/s", "ms", "GiB"
  std::string source_id;  // Measurement::source: a web address or source ids
  std::string as_of;      // Measurement::date
  double estimate = 0;    // cardfit's figure for the same metric on this row
  double delta = 0;       // (estimate - measured) / measured: > 0 when cardfit says more
  std::string twin;       // "" = measured on this model; else the model measured, an architecture twin
  bool yours = false;     // from the user's own file (--measurements), not the bundled data
  ComparedWith compared_with = ComparedWith::Estimate;  // what `estimate` is
};

struct GpuEstimate {
  std::string gpu;                      // Gpu::id
  int cards = 0;                        // chosen card count; 0 = does not fit on any count tried
  int max_cards_tried = 0;              // the largest count searched (nodes x cards per node)
  int min_cards_tight = 0;              // smallest count that fits without headroom; 0 = none
  int tensor_parallel = 1;              // TP degree within a node
  int pipeline_parallel = 1;            // pipeline stages (inference: layer split, nodes)
  int expert_parallel = 1;              // MoE: routed experts split over this many cards (--ep)
  int data_parallel = 1;                // training: data-parallel replicas
  int zero_stage = 0;                   // training: ZeRO stage used
  double microbatches = 1;              // training: micro-batches per optimizer step
  double pipeline_bubble = 0;           // training: idle share of a pipelined step
  Fit fit = Fit::No;
  std::int64_t per_card_bytes = 0;      // need on each card at `cards` (or on 1 card when none fits)
  std::int64_t card_memory_bytes = 0;   // gpu_memory_mib x 2^20 (unified memory: the GPU's share)
  std::int64_t usable_bytes = 0;        // the engine's budget per card (training: visible memory)
  std::int64_t held_back_bytes = 0;     // what the engine keeps back by design; counts toward the headroom
  std::optional<std::int64_t> kv_pool_bytes;  // per card: what the engine leaves for KV blocks; none for
                                        // engines without a pool (llama.cpp, Ollama, Transformers)
  double spare_fraction = 0;            // 1 - per_card / usable (negative when it does not fit)
  MemoryBreakdown per_card;             // per_card_bytes broken down
  ComputeType compute = ComputeType::Bf16;  // tensor rate actually used
  double dense_tflops = 0;              // per card, dense, at `compute`
  double decode_tokens_per_s = 0;       // per sequence (inference; 0 otherwise)
  double aggregate_tokens_per_s = 0;    // all concurrent sequences together
  bool decode_compute_bound = false;    // aggregate capped by compute, not bandwidth
  double prefill_tokens_per_s = 0;
  double ttft_ms = 0;                   // time to first token for one `prompt`
  std::int64_t max_context = 0;         // largest context (tokens/sequence; training: sequence length) that
                                        // fits on `cards` (capped at the model's maximum); 0 = none
  std::int64_t max_concurrency = 0;     // largest concurrency (training: micro-batch) that fits at `context`
  std::optional<double> train_hours;    // wall clock for Scenario::tokens; nullopt when not training/no tokens
  std::optional<double> gpu_hours;      // train_hours x cards
  double train_tokens_per_s = 0;        // training throughput over all cards
  double mfu = 0;                       // training MFU used
  std::optional<OffloadEstimate> offload;  // set when the scenario asks for offload (and it is inference)
  std::optional<Serving> serving;       // set with Scenario::output_tokens (inference, fits)
  std::optional<MixedDecode> mixed;     // set with Scenario::output_tokens (inference, fits): decode at the
                                        // scenario's concurrency with each prompt's prefill mixed in
  std::vector<Message> warnings;        // codes: message_code(w.id)
  std::vector<MeasuredFigure> measured;  // measurements that match this row (inference); empty = none
};

struct Estimate {
  Scenario scenario;                    // what was estimated, ids as the catalog spells them (launch commands read it)
  std::string model;                    // Model::id (custom: its id or "custom")
  std::string precision;                // weights as stored (QLoRA: "nf4")
  std::string kv_precision;             // KvPrecision::id or "auto-16"/"auto-32"
  Task task = Task::Inference;
  ParamCounts params;
  std::int64_t adapter_params = 0;      // LoRA/QLoRA trainable parameters
  std::int64_t kv_cache_bytes_per_token = 0;     // layers that keep a per-token cache, one token, before window caps
  std::int64_t kv_cache_bytes_per_sequence = 0;  // at Scenario::context, sliding windows and chunks capped
  std::int64_t state_bytes_per_sequence = 0;     // linear attention's fixed state per sequence (0 = none)
  std::int64_t weight_bytes_per_token = 0;       // weights read per decoded token (active, matmul)
  double train_flops = 0;               // total training FLOPs for Scenario::tokens (0 = none)
  MemoryBreakdown memory;               // one complete replica on one card (no sharding), at the engine's
                                        // first (smallest-card) tier whatever GPU is named; per_card uses each GPU's
  double headroom = 0;                // fraction kept free for "comfortable" (scenario's or catalog's)
  double tight_headroom = 0;            // below headroom but at least this: "tight"
  std::vector<GpuEstimate> gpus;        // catalog order; one entry with --gpu
  std::string explained_gpu;            // GPU whose per-card figures `explain` covers ("" = none)
  std::vector<Explanation> explain;
  std::vector<Message> warnings;        // scenario-level
};

}  // namespace cardfit
