// Parameter counts from a model's architecture (never from its marketing name): GQA,
// head_dim from the config, q/k/v biases, q/k norms, tied or untied output layer, MoE
// (routed + shared experts + router, leading dense layers), MLA (q/kv low-rank), the DSA
// indexer, output-gated queries and linear-attention (Gated DeltaNet) layers.
// Model::published_params_b is only used to check these counts (tests/test_params.cpp).
#pragma once

#include <cstdint>

#include "catalog.hpp"

namespace cardfit {

struct ParamCounts {
  std::int64_t total = 0;       // every stored parameter: decoder + embeddings + head + extra
  std::int64_t active = 0;      // used per token (MoE: top-k routed + shared experts), incl. embedding
                                // and head, excl. extra (a vision tower does not run per text token);
                                // the "A3B"/"37B activated" convention
  std::int64_t matmul_active = 0;  // per token in matrix multiplies = active minus the input-embedding
                                   // lookup (a gather, not a matmul) when untied: the FLOP/byte basis
  // Breakdown of `total` (sums to total):
  std::int64_t embedding = 0;   // vocab x hidden input table (it is also the output layer when tied)
  std::int64_t lm_head = 0;     // untied output layer vocab x hidden; 0 when tied
  std::int64_t attention = 0;   // all layers: projection matrices (q, k, v, o; MLA q_a/q_b/kv_a/kv_b/o)
  std::int64_t attention_output = 0;  // of `attention`: the output projections (o_proj; out_proj of
                                      // linear layers; DeepSeek-V4's wo_a + wo_b)
  std::int64_t mlp = 0;         // all layers: dense MLPs + every routed expert + shared experts
  std::int64_t router = 0;      // MoE gate matrices
  std::int64_t vectors = 0;     // biases and norm weights (layer norms, q/k norms, MLA norms, final norm)
  std::int64_t extra = 0;       // outside the decoder, e.g. a vision tower (Model::extra_params)
  // Matrices a 4/8-bit format quantises (attention + mlp), in total and per token:
  std::int64_t linear = 0;
  std::int64_t linear_active = 0;
  // Shapes behind the sums:
  std::int64_t attention_per_layer = 0;   // matrices only (MLA and the DSA indexer included)
  std::int64_t linear_attention_per_layer = 0;  // a linear-attention (Gated DeltaNet) layer's matrices
  std::int64_t linear_attention_output_per_layer = 0;  // of it: the output projection (out_proj / o_proj)
  int linear_attention_layers = 0;        // layers with linear attention instead of attention_per_layer
  std::int64_t dense_mlp_per_layer = 0;   // 3 x hidden x intermediate (gated MLP)
  std::int64_t expert_params = 0;         // one routed expert: 3 x hidden x expert_intermediate
  std::int64_t shared_expert_params = 0;  // all shared experts of one layer together
  int dense_layers = 0;                   // layers with a dense MLP
  int moe_layers = 0;                     // layers with routed experts
  std::int64_t mlp_active_width = 0;      // intermediate width a token passes through (activations)
};

ParamCounts count_params(const Model& model);

}  // namespace cardfit
