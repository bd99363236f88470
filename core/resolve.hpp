// Scenario + catalog -> validated, derived inputs shared by memory.cpp, fit.cpp, speed.cpp
// and explain.cpp. Every bad input becomes an Issue naming the Scenario field; doubtful
// but legal inputs become warnings.
#pragma once

#include <cstdint>
#include <vector>

#include "catalog.hpp"
#include "params.hpp"
#include "result.hpp"
#include "scenario.hpp"

namespace cardfit {

// Limits on user input (beyond them: an error, never a silly number).
inline constexpr std::int64_t kMaxContext = 10'000'000;      // tokens
inline constexpr std::int64_t kMaxConcurrency = 1'000'000;   // sequences
inline constexpr std::int64_t kMaxBatch = 1'000'000;         // micro-batch
inline constexpr double kMaxTokens = 1e16;                   // training tokens
inline constexpr double kMaxHeadroom = 4.0;                  // 400 %

struct Resolved {
  const Catalog* catalog = nullptr;
  const Scenario* scenario = nullptr;
  const Model* model = nullptr;            // catalog entry or scenario.custom_model
  const WeightPrecision* precision = nullptr;  // weights as stored (QLoRA: NF4)
  ComputeType compute = ComputeType::Bf16; // matmul type (QLoRA: the 16-bit compute dtype)
  std::string kv_id;                       // catalog id or "auto-16" / "auto-32"
  double kv_bits = 16;                     // effective bits per cached value
  Capability kv_requires = Capability::None;
  const EngineProfile* engine = nullptr;   // inference engine (also set for training, unused)
  Task task = Task::Inference;
  ParamCounts params;
  std::int64_t adapter_params = 0;         // LoRA/QLoRA
  int zero_stage = -1;                     // -1 = automatic
  double headroom = 0.2;
  double tight_headroom = 0;
  double weight_bytes = 0;                 // all stored weights
  double decode_weight_bytes = 0;          // read per decoded token, dense part (non-expert)
  double expert_bytes = 0;                 // one routed expert, stored precision (0 = dense model)
  double training_bytes_per_param = 2;     // 16-bit weights/gradients (4 when training in FP32)
  bool fp32_training = false;
  std::vector<const Gpu*> gpus;            // scenario.gpu or every catalog GPU
  std::vector<Text> warnings;
};

// Errors: model, precision, kv_precision, task, context, prompt, concurrency, batch, lora_rank,
// lora_targets, zero_stage, tensor_parallel, tokens, engine, gpu, cards, headroom, mfu and
// model.* for a custom model's shapes.
Result<Resolved> resolve(const Catalog& catalog, const Scenario& scenario);

// Checks a model's shapes (catalog or custom); `prefix` names the field ("model").
std::vector<Issue> validate_model(const Model& model, const std::string& prefix);

}  // namespace cardfit
