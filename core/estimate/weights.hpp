// What the weights take and how many parameters a LoRA adapter adds (docs/model.md §Memory):
// the two memory facts resolve() needs, apart from memory.hpp (which reads Resolved), so that
// resolve and memory do not include each other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "params.hpp"

namespace cardfit {

// [SECTION] Weights

struct WeightBytes {
  double stored = 0;      // every parameter at its format's bits (kept tensors at 16 bits)
  double read_dense = 0;  // read per decoded token, everything but routed experts (the output
                          // layer's matrix included, the input-embedding lookup excluded)
  double expert = 0;      // one routed expert (0 for dense models)
  double read_dense_quantized = 0;  // the part of read_dense stored at the format's bits (the rest: kept 16-bit)
  double stored_quantized = 0;      // the part of stored at the format's bits (MXFP4: the routed experts)
};
// Quantised formats store linear layers at bits_per_weight and keep the tensors the precision
// lists as "unquantized" (embeddings, lm_head, norms, router, attention, dense MLPs and shared
// experts) at 16 bits; a vision tower stays at 16 bits (32 for FP32). MXFP4 (gpt-oss) quantises
// only the routed experts. kept_tensor_bits: the bits of those kept tensors in the engine's files
// when they are not 16 (llama.cpp's MXFP4_MOE GGUF: Q8_0, 8.5; EngineProfile::kept_tensor_bits).
WeightBytes weight_bytes(const ParamCounts& params, const WeightPrecision& precision, double kept_tensor_bits = 16);

// The attention parameters a format (with a release's parts) keeps at the kept bits: all of
// `attention` ("attention"), or all but the output projections ("attention_inputs"), less the
// projections of the `quantized_linear_layers` linear-attention layers left in the format.
double kept_attention_params(const ParamCounts& params, const WeightPrecision& precision);

// The format as this model's release of it stores the weights: the format's own 'unquantized' and
// 'fp8_parts' plus the parts the model's release_parts entry for it names (NVIDIA's NVFP4 exports
// keep attention and shared experts in BF16). No entry: the format unchanged.
WeightPrecision release_precision(const WeightPrecision& precision, const Model& model);

// Trainable adapter parameters: r x (d_in + d_out) per targeted matrix, per layer (every routed
// and shared expert counts). Targets: q k v o gate up down; groups all-linear, attention, mlp.
std::int64_t lora_adapter_params(const Model& model, int rank, const std::vector<std::string>& targets);

}  // namespace cardfit
