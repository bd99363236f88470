// Scenario + catalog -> validated, derived inputs shared by memory.cpp, fit.cpp, speed.cpp
// and explain.cpp. Every bad input becomes an Issue naming the Scenario field; doubtful
// but legal inputs become warnings.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "assert.hpp"
#include "catalog.hpp"
#include "message.hpp"
#include "params.hpp"
#include "result.hpp"
#include "scenario.hpp"

namespace cardfit {

struct Resolved {
  // The entries the scenario names; never null after a successful resolve() (asserted).
  const Catalog& catalog() const { return must(catalog_ptr); }
  const Scenario& scenario() const { return must(scenario_ptr); }
  const Model& model() const { return must(model_ptr); }                     // catalog entry or custom
  // Weights as stored (QLoRA: NF4), with the parts the model's release keeps out of the format.
  const WeightPrecision& precision() const { return release ? *release : must(precision_ptr); }
  const EngineProfile& engine() const { return must(engine_ptr); }          // inference engine

  const Catalog* catalog_ptr = nullptr;
  const Scenario* scenario_ptr = nullptr;
  const Model* model_ptr = nullptr;
  const WeightPrecision* precision_ptr = nullptr;
  const EngineProfile* engine_ptr = nullptr;
  std::optional<WeightPrecision> release;  // *precision_ptr plus the model's release_parts (set by derive)

  ComputeType compute = ComputeType::Bf16; // matmul type (QLoRA: the 16-bit compute dtype)
  std::string kv_id;                       // catalog id or "auto-16" / "auto-32"
  double kv_bits = 16;                     // effective bits per cached value
  double state_bits = 16;                  // linear-attention state: the model's dtype (vLLM mamba cache "auto")
  Capability kv_requires = Capability::None;
  Task task = Task::Inference;
  ParamCounts params;
  std::int64_t adapter_params = 0;         // LoRA/QLoRA
  std::optional<int> zero_stage;           // the scenario's; nullopt = automatic (the lowest that fits)
  Checkpointing checkpointing = Checkpointing::None;  // Scenario's, Auto resolved (full for LoRA/QLoRA)
  bool fp8_training = false;               // full/pre-training with FP8 matmuls (Transformer Engine style)
  double headroom = 0;
  double tight_headroom = 0;
  double weight_bytes = 0;                 // all stored weights
  double decode_weight_bytes = 0;          // read per decoded token, dense part (non-expert)
  double decode_weight_bytes_quantized = 0;  // ... the part stored at the format's bits (the rest stays 16-bit)
  double weight_padding = 0;               // inference: bytes the engine adds when it lays out the quantised
                                           // weights (EngineProfile::weight_padding); in weight_bytes
  double expert_bytes = 0;                 // one routed expert, stored precision (0 = dense model)
  double training_bytes_per_param = 2;     // 16-bit weights/gradients (4 when training in FP32)
  bool fp32_training = false;
  std::vector<const Gpu*> gpus;            // scenario.gpu or every catalog GPU
  std::vector<Message> warnings;

 private:
  template <class T>
  static const T& must(const T* p) {
    CARDFIT_ASSERT(p != nullptr, "Resolved used before a successful resolve()");
    return *p;
  }
};

// Errors: model, precision, kv_precision, task, context, prompt, concurrency, batch, lora_rank,
// lora_targets, zero_stage, tensor_parallel, tokens, engine, gpu, cards, headroom, mfu and
// model.* for a custom model's shapes (checked by the catalog's validate_model).
Result<Resolved> resolve(const Catalog& catalog, const Scenario& scenario);

}  // namespace cardfit
