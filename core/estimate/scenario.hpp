// What the user asks: a model, a precision, a task and the sizes around it. A plain struct;
// a default-constructed Scenario{} is valid (Qwen3.5-27B as released (BF16), inference with vLLM,
// 4096-token context, one sequence, every GPU, automatic card count, catalog headroom).
// Numbers are plain values here; the CLI/UI parse "8k"/"7B" with core/base/numbers.hpp first.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "message.hpp"

namespace cardfit {

enum class Task { Inference, Lora, Qlora, Full, Pretrain };
enum class Optimizer { AdamW, AdamW8bit, AdamWBf16, Sgd };
enum class Checkpointing { Auto, None, Selective, Full };  // Auto: full for LoRA/QLoRA, else none

// Scenario::offload: where a layer-split engine (llama.cpp -ngl, Ollama num_gpu) keeps the layers.
// A named state rather than a count with sentinels: "auto" is a choice of its own, not the default.
struct Offload {
  enum class Mode {
    None,    // every layer on the GPU (no host memory): the default
    Auto,    // as many as fit with the headroom; MoE: routed experts leave first
    Layers,  // `layers` layers on the GPU (-ngl N), the rest in host memory
  };
  Mode mode = Mode::None;
  int layers = 0;  // Mode::Layers only

  static Offload none() { return {}; }
  static Offload automatic() { return {Mode::Auto, 0}; }
  static Offload gpu_layers(int n) { return {Mode::Layers, n}; }
  bool any() const { return mode != Mode::None; }
  bool operator==(const Offload& o) const { return mode == o.mode && (mode != Mode::Layers || layers == o.layers); }
  bool operator!=(const Offload& o) const { return !(*this == o); }
};

// One rule for "not given": a field the user may leave out, whose absence is not a value the user
// could type, is a std::optional (nullopt: the default named beside it applies). "auto" that differs
// from the default is a named state (Offload, Checkpointing::Auto). A value the user types keeps its
// documented meaning: --cards 0 and --tp 0 are "automatic", --ep 0, --tokens 0, --output-tokens 0
// and --max-tpot-ms 0 are "none", and "" for precision, kv_precision and gpu is the empty choice a
// link carries (as released, follow the weights, every GPU).
struct Scenario {
  std::string model = "qwen3.5-27b";       // Model::id; ignored when custom_model is set (v=1 links: qwen2.5-7b)
  std::optional<Model> custom_model;       // from --params N (assumed shapes) or --config FILE
  std::string precision;                   // WeightPrecision::id of the stored weights; "" = as released
                                           // (default_precision: the checkpoint's own for inference)
  Task task = Task::Inference;
  std::string kv_precision;                // KvPrecision::id; "" = follow the weights (16-bit; fp32 weights: 32)
  std::int64_t context = 4096;             // tokens per sequence held in the KV cache (prompt + output);
                                           // training: the sequence length
  std::int64_t prompt = 1024;              // prompt tokens: prefill and time to first token (inference)
  std::int64_t concurrency = 1;            // sequences decoded at once (inference)
  std::int64_t batch = 1;                  // training micro-batch per data-parallel card
  int lora_rank = 16;                      // LoRA/QLoRA rank r
  std::vector<std::string> lora_targets = {"q", "k", "v", "o", "gate", "up", "down"};  // or "all-linear"/"attention"/"mlp"
  Optimizer optimizer = Optimizer::AdamW;
  std::optional<int> zero_stage;           // ZeRO stage 0-3; nullopt ("auto") = the lowest stage that fits, per card count
  Checkpointing checkpointing = Checkpointing::Auto;  // Auto: full for LoRA/QLoRA (PEFT, LLaMA-Factory), else none
  bool flash_attention = true;             // training: attention scores not stored (drops 5as/h)
  int tensor_parallel = 0;                 // training tensor-parallel degree; 0 = automatic layout (inference chooses its own)
  std::optional<int> max_tensor_parallel; // the widest tensor-parallel group: the cards one machine of the rented offer
                                           // holds (the planner sets it per offer; no flag or link); nullopt = the GPU's
                                           // node size
  double tokens = 0;                       // training tokens for the time estimate; 0 = no estimate
  std::optional<std::string> engine;       // EngineProfile::id (inference); nullopt = not named: default_engine()
                                           // (vLLM when the weights list it, else the first engine they list)
  std::string gpu;                         // Gpu::id; "" = every GPU in the catalog
  int cards = 0;                           // cards per GPU type; 0 = smallest count that fits
  std::optional<double> headroom;          // fraction kept free for "comfortable"; nullopt = the catalog's (defaults.headroom)
  std::optional<double> mfu;               // training model-FLOPs utilisation; nullopt = the default per GPU class
  Offload offload;                         // inference with llama.cpp/Ollama: none, auto or N layers on the GPU
  std::optional<double> host_bandwidth;    // GB/s of host memory for the offloaded part; nullopt = the catalog's
  std::optional<int> n_cpu_moe;            // llama.cpp --n-cpu-moe: MoE layers whose routed experts stay in host
                                           // memory; nullopt = not given (offload decides)
  std::optional<double> gpu_memory_utilization;  // vLLM --gpu-memory-utilization, SGLang --mem-fraction-static,
                                           // TensorRT-LLM/LMDeploy free fraction; nullopt = the engine's default
  std::optional<std::int64_t> max_num_batched_tokens;  // vLLM/SGLang tokens per forward pass; nullopt = the engine's
  std::optional<std::int64_t> max_num_seqs;  // vLLM/SGLang sequences per step; nullopt = the engine's default
  int expert_parallel = 0;                 // MoE experts split over this many cards (--ep); 0 = none
  bool optimizer_offload = false;          // training: optimizer states (and the step) in host memory (ZeRO-Offload)
  std::int64_t output_tokens = 0;          // tokens generated per request: serving capacity (inference); 0 = none
  double max_tpot_ms = 0;                  // serving: time per output token limit, ms; 0 = none
  Lang lang = Lang::En;                    // language of the report (both are always computed)
  bool explain = true;                     // fill Estimate::explain
};

template <>
struct EnumNames<Task> {
  static constexpr std::array<Name<Task>, 5> list{{{Task::Inference, "inference", MsgId::task_inference},
                                                   {Task::Lora, "lora", MsgId::task_lora},
                                                   {Task::Qlora, "qlora", MsgId::task_qlora},
                                                   {Task::Full, "full", MsgId::task_full},
                                                   {Task::Pretrain, "pretrain", MsgId::task_pretrain}}};
};
template <>
struct EnumNames<Optimizer> {
  static constexpr std::array<Name<Optimizer>, 5> list{{{Optimizer::AdamW, "adamw", MsgId::opt_adamw},
                                                        {Optimizer::AdamW8bit, "adamw-8bit", MsgId::opt_adamw8bit},
                                                        {Optimizer::AdamW8bit, "adamw8bit"},
                                                        {Optimizer::AdamWBf16, "adamw-bf16", MsgId::opt_adamw_bf16},
                                                        {Optimizer::Sgd, "sgd", MsgId::opt_sgd}}};
};
template <>
struct EnumNames<Checkpointing> {
  static constexpr std::array<Name<Checkpointing>, 4> list{{{Checkpointing::Auto, "auto", MsgId::ckpt_auto},
                                                            {Checkpointing::None, "none", MsgId::ckpt_none},
                                                            {Checkpointing::Selective, "selective", MsgId::ckpt_selective},
                                                            {Checkpointing::Full, "full", MsgId::ckpt_full}}};
};

bool is_training(Task task);  // everything but Inference
bool is_lora(Task task);      // LoRA or QLoRA

// Valid LoRA target names: q k v o gate up down, plus the groups all-linear, attention, mlp.
bool is_lora_target(std::string_view name);

// The scenario's ids as the catalog spells them (model, precision, kv_precision, engine, gpu):
// "Qwen2.5-7B" -> "qwen2.5-7b", "BF16" -> "bf16", "4090" -> "rtx-4090" (catalog.hpp
// match_entry). Text that names no entry stays as typed; estimate() then reports it.
Scenario with_catalog_ids(const Catalog& catalog, Scenario scenario);

// The weights "" stands for: for inference the checkpoint as released (the model's
// released_precision: DeepSeek-V3/R1 and Kimi-K2 in FP8, gpt-oss in MXFP4, Kimi-K2.5 in INT4),
// for QLoRA NF4, else (and for a model that states none) BF16.
std::string default_precision(const Catalog& catalog, const Scenario& scenario);

// The KV-cache layout the engine keeps for this model whatever kv_precision says, or "" when the
// KV precision applies: DeepSeek-V4 runs with vLLM's fp8_ds_mla only (deepseek_v4_attention.py;
// memory.cpp sizes it). resolve() uses it, the UI's KV-precision list shows it (labels.hpp).
std::string fixed_kv_layout(const Model& model);
// The model the scenario names: its custom model, else the catalog entry (any spelling), or null.
const Model* scenario_model(const Catalog& catalog, const Scenario& scenario);

// The engine a scenario that names none runs with (the one rule): the catalog's default engine
// (kDefaultEngine, vLLM) when the precision lists it or lists no engines, else the first engine
// the precision lists (GGUF: llama.cpp, MLX: mlx). `precision` is concrete (as_run).
inline constexpr const char* kDefaultEngine = "vllm";
// mlx_lm.server batches requests (ml-explore/mlx-lm PR 626, 2025-12-03, first in 0.28.4) and decodes
// at most this many at once by default: BatchGenerator's completion_batch_size, since PR 741
// (0.30.6) the server's --decode-concurrency (mlx-lm@d78bf58e217c904ec282ed8da9b947491f78c022
// mlx_lm/server.py and generate.py; --prompt-concurrency 8 prefills). mlx_lm.benchmark -b N runs
// batch_generate with the same default, so it too decodes at most this many at once.
inline constexpr std::int64_t kMlxDecodeConcurrency = 32;
std::string default_engine(const Catalog& catalog, const std::string& precision);
// The scenario's engine id: the one named, else default_engine() of its weights.
std::string engine_id(const Catalog& catalog, const Scenario& scenario);
// After the UI changes the precision: a named engine the new weights do not list is released
// (nullopt), so the engine follows the weights again; one they list stays.
Scenario with_engine_following(const Catalog& catalog, Scenario scenario);

// The scenario as estimate() and plan() run it: catalog ids, "" precision and an engine not named
// made concrete.
// The UI keeps "" in its state (its precision list offers "as released"), so links stay short.
Scenario as_run(const Catalog& catalog, Scenario scenario);

// The support table's engine for a scenario: the serving engine, or "training".
std::string support_engine(const Scenario& scenario);

// The engine has a build for the card and a kernel for the weights (the catalog's support
// table, hardware.hpp kernel_support): QLoRA also needs bitsandbytes' NF4 on the card, whatever
// the base precision is called. `scenario` as run (as_run). The planner never picks a card
// where this is false; estimate() says so and prints no launch command for it.
bool engine_runs(const Catalog& catalog, const Gpu& gpu, const Scenario& scenario);

}  // namespace cardfit
