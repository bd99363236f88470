// Weight bytes and LoRA adapter parameters (weights.hpp).
#include "weights.hpp"

#include <algorithm>
#include <cmath>

#include "units.hpp"

namespace cardfit {
namespace {

double kept_bits(double bits, double kept) { return std::max(bits, kept > 0 ? kept : 16); }

}  // namespace

double kept_attention_params(const ParamCounts& p, const WeightPrecision& w) {
  const double all = static_cast<double>(p.attention);
  const double linear_layers = std::clamp(w.quantized_linear_layers, 0, p.linear_attention_layers);
  const double linear = static_cast<double>(p.linear_attention_per_layer);
  const double linear_out = static_cast<double>(p.linear_attention_output_per_layer);
  if (w.keep_attention_16bit) return std::max(0.0, all - linear_layers * linear);
  if (w.keep_attention_inputs_16bit) {
    return std::max(0.0, all - static_cast<double>(p.attention_output) - linear_layers * (linear - linear_out));
  }
  return 0;
}

// [SECTION] Weights

WeightBytes weight_bytes(const ParamCounts& p, const WeightPrecision& w, double kept_tensor_bits) {
  const double bits = w.bits_per_weight > 0 ? w.bits_per_weight : 16;
  const double keep = kept_bits(bits, kept_tensor_bits);
  const double b_linear = bits / 8;
  // fp8_parts (DeepSeek-V4): attention and dense MLPs / shared experts in FP8, 8 bits (the
  // 128x128 block scales add 8/16384 bit), the routed experts in this format.
  const double fp8 = std::max(bits, 8.0);
  // Attention: the kept part (all of it, or all but the output projections, less the linear
  // layers a release leaves in the format) at the kept bits, the rest in FP8 or the format.
  const double b_attention_rest = (w.fp8_attention ? fp8 : bits) / 8;
  const double attention_kept = kept_attention_params(p, w);
  const double b_dense_mlp = (w.keep_dense_mlp_16bit ? keep : w.fp8_dense_mlp ? fp8 : bits) / 8;
  const double b_router = (w.keep_router_16bit ? keep : bits) / 8;
  const double b_vectors = (w.keep_norms_16bit ? keep : bits) / 8;
  const double b_embedding = (w.keep_embeddings_16bit || (p.lm_head == 0 && w.keep_lm_head_16bit) ? keep : bits) / 8;
  const double b_head = (w.keep_lm_head_16bit ? keep : bits) / 8;
  const double b_extra = kept_bits(bits, 16) / 8;  // a vision tower: 16-bit whatever the file

  // The MLP split: dense MLPs and shared experts (read for every token) and routed experts.
  const double attention_rest = static_cast<double>(p.attention) - attention_kept;
  const double attention_bytes = attention_kept * keep / 8 + attention_rest * b_attention_rest;
  const double dense_mlp = static_cast<double>(p.dense_layers) * static_cast<double>(p.dense_mlp_per_layer) +
                           static_cast<double>(p.moe_layers) * static_cast<double>(p.shared_expert_params);
  const double routed = std::max(0.0, static_cast<double>(p.mlp) - dense_mlp);

  WeightBytes out;
  out.stored = attention_bytes + dense_mlp * b_dense_mlp + routed * b_linear +
               static_cast<double>(p.router) * b_router + static_cast<double>(p.vectors) * b_vectors +
               static_cast<double>(p.embedding) * b_embedding + static_cast<double>(p.lm_head) * b_head +
               static_cast<double>(p.extra) * b_extra;
  // The matrix that does the output matmul: the untied head, or the tied embedding.
  const double head = p.lm_head > 0 ? static_cast<double>(p.lm_head) * b_head
                                    : static_cast<double>(p.embedding) * b_embedding;
  out.expert = static_cast<double>(p.expert_params) * b_linear;
  out.read_dense = attention_bytes + dense_mlp * b_dense_mlp + static_cast<double>(p.router) * b_router +
                   static_cast<double>(p.vectors) * b_vectors + head;
  // What is stored at the format's bits (a 16-bit format: everything, at full kernel efficiency anyway).
  auto quantized = [b_linear](double params, double bytes_per) { return bytes_per == b_linear ? params * bytes_per : 0.0; };
  const double head_params = static_cast<double>(p.lm_head > 0 ? p.lm_head : p.embedding);
  out.read_dense_quantized = quantized(attention_rest, b_attention_rest) + quantized(dense_mlp, b_dense_mlp) +
                             quantized(static_cast<double>(p.router), b_router) +
                             quantized(static_cast<double>(p.vectors), b_vectors) +
                             quantized(head_params, p.lm_head > 0 ? b_head : b_embedding);
  out.stored_quantized = routed * b_linear + quantized(attention_rest, b_attention_rest) + quantized(dense_mlp, b_dense_mlp) +
                         quantized(static_cast<double>(p.router), b_router) +
                         quantized(static_cast<double>(p.vectors), b_vectors) +
                         quantized(static_cast<double>(p.embedding), b_embedding) +
                         quantized(static_cast<double>(p.lm_head), b_head);
  return out;
}

WeightPrecision release_precision(const WeightPrecision& w, const Model& m) {
  WeightPrecision out = w;
  for (const ReleaseParts& parts : m.release_parts) {
    if (parts.precision != w.id) continue;
    out.keep_attention_16bit = out.keep_attention_16bit || parts.keep_attention_16bit;
    out.keep_dense_mlp_16bit = out.keep_dense_mlp_16bit || parts.keep_dense_mlp_16bit;
    out.keep_attention_inputs_16bit = out.keep_attention_inputs_16bit || parts.keep_attention_inputs_16bit;
    out.quantized_linear_layers = std::max(out.quantized_linear_layers, parts.quantized_linear_layers);
    out.fp8_attention = out.fp8_attention || parts.fp8_attention;
    out.fp8_dense_mlp = out.fp8_dense_mlp || parts.fp8_dense_mlp;
  }
  return out;
}

std::int64_t lora_adapter_params(const Model& m, int rank, const std::vector<std::string>& targets) {
  bool q = false, k = false, v = false, o = false, gate = false, up = false, down = false;
  for (const std::string& t : targets) {
    const bool all = t == "all-linear";
    const bool attn = all || t == "attention";
    const bool mlp = all || t == "mlp";
    q = q || attn || t == "q";
    k = k || attn || t == "k";
    v = v || attn || t == "v";
    o = o || attn || t == "o";
    gate = gate || mlp || t == "gate";
    up = up || mlp || t == "up";
    down = down || mlp || t == "down";
  }
  // NOTE: in double, so that an absurd custom shape saturates instead of overflowing int64.
  using num = double;
  const num r = std::max(0, rank);
  const num h = static_cast<num>(m.hidden_size);
  const num heads = m.num_attention_heads;
  num attn = 0;
  if (m.is_mla) {
    const num q_head = m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim;
    const num q_lora = m.mla.q_lora_rank;
    if (q) attn += q_lora > 0 ? r * (h + q_lora) + r * (q_lora + heads * q_head) : r * (h + heads * q_head);
    if (k) attn += r * (h + m.mla.kv_lora_rank + m.mla.qk_rope_head_dim);  // kv_a_proj_with_mqa
    if (v) attn += r * (m.mla.kv_lora_rank + heads * (m.mla.qk_nope_head_dim + m.mla.v_head_dim));  // kv_b_proj
    if (o) attn += r * (heads * m.mla.v_head_dim + h);
  } else {
    const num q_out = heads * m.head_dim;
    const num kv_out = static_cast<num>(m.num_kv_heads) * m.head_dim;
    if (q) attn += r * (h + q_out);
    if (k) attn += r * (h + kv_out);
    if (v) attn += r * (h + static_cast<num>(m.num_kv_heads) * (m.v_head_dim > 0 ? m.v_head_dim : m.head_dim));
    if (o) attn += r * (q_out + h);
  }
  auto mlp_adapters = [&](std::int64_t width_i) {
    const num width = static_cast<num>(width_i);
    if (width <= 0) return 0.0;
    return (gate ? r * (h + width) : 0) + (up ? r * (h + width) : 0) + (down ? r * (width + h) : 0);
  };
  const num layers = std::max(0, m.num_layers);
  num mlp = 0;
  if (m.is_moe) {
    const num dense = std::clamp<num>(m.moe.dense_layers, 0, layers);
    mlp = dense * mlp_adapters(m.intermediate_size) +
          (layers - dense) * (std::max(0, m.moe.num_experts) * mlp_adapters(m.moe.expert_intermediate_size) +
                              mlp_adapters(m.moe.shared_expert_intermediate_size));
  } else {
    mlp = layers * mlp_adapters(m.intermediate_size);
  }
  return to_bytes(layers * attn + mlp);  // a count; to_bytes rounds and saturates
}

}  // namespace cardfit
