// Parameter counting, layer by layer, from the config shapes: one function per kind of layer
// part (attention kinds, indexers, linear attention, MLP and experts), summed by count_params.
#include "params.hpp"

#include <algorithm>

namespace cardfit {
namespace {
// NOTE: arithmetic in double (exact for integers below 2^53, i.e. any real model) so that an
// absurd custom shape saturates instead of overflowing int64; converted once at the end. The
// sums keep one order of addition, so that the rounding of an absurd shape stays the same.
using num = double;

num clamp_nonneg(std::int64_t v) { return v < 0 ? 0.0 : static_cast<num>(v); }
num clamp_nonneg(int v) { return v < 0 ? 0.0 : v; }

std::int64_t to_count(num v) {
  if (!(v > 0)) return 0;
  if (v > 4e18) return static_cast<std::int64_t>(4e18);
  return static_cast<std::int64_t>(v + 0.5);
}

// [SECTION] Plain structs passed between the parts

struct Shapes {  // the model's sizes, negative ones read as 0
  num h = 0;      // hidden size
  num heads = 0;  // attention heads
  num kv = 0;     // KV heads
  num d = 0;      // head_dim
  num vocab = 0;
  int layers = 0;
};

Shapes shapes_of(const Model& m) {
  return {clamp_nonneg(m.hidden_size), clamp_nonneg(m.num_attention_heads), clamp_nonneg(m.num_kv_heads),
          clamp_nonneg(m.head_dim),    clamp_nonneg(m.vocab_size),          std::max(0, m.num_layers)};
}

struct Weights {  // of one part: matrices (a 4/8-bit format quantises them) and vectors (biases, norms)
  num mats = 0;
  num vecs = 0;
  num out = 0;  // of `mats`: the output projections (o_proj, out_proj), release_parts "attention_inputs"
};

Weights& operator+=(Weights& a, const Weights& b) {
  a.mats += b.mats;
  a.vecs += b.vecs;
  a.out += b.out;
  return a;
}

struct Layers {  // how many layers hold each kind of mixer
  int all = 0;
  int linear = 0;   // linear attention instead of attention
  int full = 0;     // attention (full, sliding or compressed); neither these nor `linear`: no mixer
  int indexer = 0;  // attention layers with their own lightning indexer
  int window = 0;   // attention layers with a sliding window
};

// Linear-attention layers (Gated DeltaNet) replace the attention on `linear_attention.layers`
// layers; Nemotron-H MLP / MoE blocks (`no_attention_layers`) carry no mixer at all. The
// DeepSeek-V3.2 indexer sits on every attention layer, or on indexer.layers of them (GLM-5.2's
// "full" indexer layers; "shared" ones hold none), never on indexer.dense_layers.
Layers layer_counts(const Model& m) {
  Layers n;
  n.all = std::max(0, m.num_layers);
  const int mixerless = std::clamp(m.no_attention_layers, 0, n.all);
  n.linear = m.has_linear_attention ? std::clamp(m.linear_attention.layers, 0, n.all - mixerless) : 0;
  n.full = n.all - mixerless - n.linear;
  const int sparse = n.full - (m.has_indexer ? std::clamp(m.indexer.dense_layers, 0, n.full) : 0);
  n.indexer = m.indexer.layers > 0 ? std::min(m.indexer.layers, sparse) : sparse;
  n.window = m.has_sliding_window ? std::clamp(m.sliding_window.layers, 0, n.full) : 0;
  return n;
}

// [SECTION] Attention: grouped-query (with sliding layers), MLA, DeepSeek-V4 compressed

// q, k, v, o of one grouped-query layer; `gate` 2 when q_proj also emits the output gate.
num gqa_matrices(const Shapes& s, num kv, num d, num dv, num gate, bool v_proj) {
  return s.h * s.heads * d * gate + s.h * kv * d + (v_proj ? s.h * kv * dv : 0) + s.heads * dv * s.h;
}

num qkv_bias_vectors(const Shapes& s, num kv, num d, num dv) { return s.heads * d + kv * d + kv * dv; }

num query_gate(const Model& m) { return m.attention_output_gate ? 2 : 1; }  // Qwen3-Next
num value_head_dim(const Model& m, const Shapes& s) {  // MiMo-V2: values narrower than keys
  return m.v_head_dim > 0 ? clamp_nonneg(m.v_head_dim) : s.d;
}

Weights gqa_attention(const Model& m, const Shapes& s) {
  const num dv = value_head_dim(m, s);
  // Gemma 4 attention_k_eq_v: the global layers have no v_proj (V comes from K's projection).
  Weights w{gqa_matrices(s, s.kv, s.d, dv, query_gate(m), !m.attention_k_eq_v), 0, s.heads * dv * s.h};
  if (m.qkv_bias) w.vecs += qkv_bias_vectors(s, s.kv, s.d, dv);
  if (m.qk_norm) w.vecs += 2 * s.d;
  return w;
}

// Sliding layers with their own KV heads (MiMo-V2) or head size (Gemma 4) have their own q, k,
// v, o: what one of them holds beyond a full layer (`full`), else nothing.
Weights sliding_window_delta(const Model& m, const Shapes& s, const Weights& full) {
  const SlidingWindow& w = m.sliding_window;
  if (!m.has_sliding_window || (w.num_kv_heads <= 0 && w.head_dim <= 0)) return {};
  const num dv = value_head_dim(m, s);
  const num kv_w = w.num_kv_heads > 0 ? clamp_nonneg(w.num_kv_heads) : s.kv;
  const num d_w = w.head_dim > 0 ? clamp_nonneg(w.head_dim) : s.d;
  const num dv_w = w.head_dim > 0 ? d_w : dv;
  Weights delta{gqa_matrices(s, kv_w, d_w, dv_w, query_gate(m), true) - full.mats, 0, s.heads * dv_w * s.h - full.out};
  if (m.qkv_bias) delta.vecs = qkv_bias_vectors(s, kv_w, d_w, dv_w) - qkv_bias_vectors(s, s.kv, s.d, dv);
  return delta;
}

// DeepSeek multi-head latent attention: q (low-rank or full), kv through a latent.
Weights mla_attention(const Model& m, const Shapes& s) {
  const num h = s.h, heads = s.heads;
  const num q_lora = clamp_nonneg(m.mla.q_lora_rank);
  const num kv_lora = clamp_nonneg(m.mla.kv_lora_rank);
  const num rope = clamp_nonneg(m.mla.qk_rope_head_dim);
  const num nope = clamp_nonneg(m.mla.qk_nope_head_dim);
  const num v_dim = clamp_nonneg(m.mla.v_head_dim);
  const num q_head = nope + rope;
  Weights w;
  w.mats += q_lora > 0 ? h * q_lora + q_lora * heads * q_head : h * heads * q_head;  // q (low-rank or full)
  w.mats += h * (kv_lora + rope);              // kv_a_proj_with_mqa: latent + shared rotary key
  w.mats += kv_lora * heads * (nope + v_dim);  // kv_b_proj: latent -> per-head k_nope and v
  w.mats += heads * v_dim * h;                 // o_proj
  w.out = heads * v_dim * h;
  if (m.attention_output_gate) w.mats += h * heads * v_dim;  // Kimi-K3 g_proj: sigmoid gate before o_proj
  w.vecs += q_lora + kv_lora;                  // q_a_layernorm, kv_a_layernorm
  return w;
}

// DeepSeek-V4 (vllm/model_executor/models/deepseek_v4.py, layers/deepseek_v4_attention.py,
// layers/deepseek_compressor.py): per layer fused wq_a + wkv (hidden -> q_lora + one latent of
// head_dim), wq_b (q_lora -> heads x head_dim), grouped output wo_a (o_groups x o_lora_rank x
// heads x head_dim / o_groups) and wo_b (o_groups x o_lora_rank -> hidden); vectors q_norm,
// kv_norm and one attention-sink logit per head. Compressors and indexers: compressed_extras.
Weights compressed_attention(const CompressedAttention& c, const Shapes& s) {
  const num ql = clamp_nonneg(c.q_lora_rank);
  const num og = clamp_nonneg(c.o_groups);
  const num ol = clamp_nonneg(c.o_lora_rank);
  return {s.h * (ql + s.d) + ql * s.heads * s.d + s.heads * s.d * ol + og * ol * s.h, ql + s.d + s.heads,
          s.heads * s.d * ol + og * ol * s.h};  // out: wo_a + wo_b
}

// A compressor (ratio r; coff = 2 when r = 4, the overlapping windows, else 1): fused_wkv_wgate
// hidden -> 2 x coff x dim, ape r x coff x dim, RMSNorm over dim.
Weights compressor(num h, num ratio, num dim) {
  const num coff = ratio == 4 ? 2 : 1;
  return {h * 2 * coff * dim, ratio * coff * dim + dim};
}

// The lightning indexer of DeepSeek-V4's ratio-4 layers: wq_b (q_lora -> index heads x index
// dim), weights_proj (hidden -> index heads), k_norm (LayerNorm, weight + bias); its own ratio-4
// compressor at the index dim is added by compressed_extras.
Weights compressed_indexer(const CompressedAttention& c, num h) {
  const num ih = clamp_nonneg(c.index_heads);
  return {clamp_nonneg(c.q_lora_rank) * ih * clamp_nonneg(c.index_head_dim) + h * ih,
          2 * clamp_nonneg(c.index_head_dim)};
}

// Manifold hyper-connections (hc_mult streams): per layer, for attention and for the MLP,
// fn (mix x hc_mult x hidden), base (mix) and scale (3), mix = (2 + hc_mult) x hc_mult;
// the head's (hc_mult x hc_mult x hidden, hc_mult, 1) once. All FP32 vectors.
// NOTE: layers x 2 in double, not int: an overlay's layer count near INT_MAX must not overflow.
num hyper_connection_vectors(const CompressedAttention& c, num h, int layers) {
  if (c.hc_mult <= 0) return 0;
  const num hc = c.hc_mult;
  const num mix = (2 + hc) * hc;
  return static_cast<num>(layers) * 2 * (mix * hc * h + mix + 3) + hc * hc * h + hc + 1;
}

// DeepSeek-V4's parts beside the per-layer attention, for all layers: the compressors of the
// ratio-4 and ratio-128 layers, the ratio-4 layers' indexers, the hyper-connections.
Weights compressed_extras(const CompressedAttention& c, const Shapes& s) {
  const int c4 = std::clamp(c.ratio4_layers, 0, s.layers);
  const int c128 = std::clamp(c.ratio128_layers, 0, s.layers - c4);
  Weights ratio4 = compressor(s.h, 4, s.d);
  const Weights ratio128 = compressor(s.h, 128, s.d);
  ratio4 += compressed_indexer(c, s.h);
  ratio4 += compressor(s.h, 4, clamp_nonneg(c.index_head_dim));
  Weights all{c4 * ratio4.mats + c128 * ratio128.mats, c4 * ratio4.vecs + c128 * ratio128.vecs};
  all.vecs += hyper_connection_vectors(c, s.h, s.layers);
  return all;
}

// [SECTION] Lightning indexers (DeepSeek-V4's own: compressed_indexer above)

// DeepSeek-V3.2 (inference/model.py Indexer): wq_b (q_lora or hidden -> index heads x dim),
// wk, weights_proj, and k_norm (LayerNorm, weight + bias). MiniMax-M3 (vLLM
// MinimaxM3QKVParallelLinearWithIndexer): index_q and index_k come out of qkv_proj; no
// weights_proj; its index_q_norm and index_k_norm (RMSNorm weights of head_dim each) count as
// many as DSA's k_norm.
Weights sparse_indexer(const Model& m, const Shapes& s) {
  const num ih = clamp_nonneg(m.indexer.num_heads);
  const num id = clamp_nonneg(m.indexer.head_dim);
  const num q_in = m.is_mla && m.mla.q_lora_rank > 0 ? clamp_nonneg(m.mla.q_lora_rank) : s.h;
  const bool weights_proj = m.indexer.kind != "block_sparse";
  return {q_in * ih * id + s.h * id + (weights_proj ? s.h * ih : 0), 2 * id};  // wq_b, wk, weights_proj
}


// [SECTION] Linear attention: Gated DeltaNet, Kimi Delta Attention, Mamba-2

// Mamba-2 mixer (transformers NemotronHMamba2Mixer, vLLM MambaMixer2): d_inner = heads x
// head_dim (value side), n_groups x d_state (key side); in_proj emits z, x, B, C and dt.
Weights mamba2_mixer(const LinearAttention& la, num h) {
  const num d_inner = clamp_nonneg(la.num_value_heads) * clamp_nonneg(la.value_head_dim);
  const num bc = 2 * clamp_nonneg(la.num_key_heads) * clamp_nonneg(la.key_head_dim);
  const num n_heads = clamp_nonneg(la.num_value_heads);
  const num conv_dim = d_inner + bc;
  return {h * (2 * d_inner + bc + n_heads)  // in_proj: z, x, B, C, dt
              + d_inner * h,                // out_proj
          conv_dim * clamp_nonneg(la.conv_kernel) + conv_dim  // depthwise conv1d, weight + bias
              + 3 * n_heads                                   // dt_bias, A_log, D
              + d_inner,                                      // gated RMSNorm over d_inner
          d_inner * h};                                       // out_proj
}

// Kimi Delta Attention with a full-rank gate (vLLM vllm/models/kimi_k3/nvidia/kda.py
// KimiK3DeltaAttention): in_proj_qkvgfab emits q, k, v, g (4 x heads x d), f_a (d) and
// beta (heads); f_b_proj d -> heads x d; o_proj heads x d -> hidden. conv1d (3 x heads x d,
// kernel wide, no bias), dt_bias (heads x d), A_log (heads), o_norm (d).
Weights kimi_delta_attention(const LinearAttention& la, num h) {
  const num heads_k = clamp_nonneg(la.num_value_heads);
  const num dk = clamp_nonneg(la.value_head_dim);
  const num proj = heads_k * dk;
  return {h * (4 * proj + dk + heads_k)  // in_proj_qkvgfab
              + dk * proj                // f_b_proj
              + proj * h,                // o_proj
          3 * proj * clamp_nonneg(la.conv_kernel)  // conv1d
              + proj + heads_k                     // dt_bias, A_log
              + dk,                                // o_norm (FusedRMSNormGated over head_dim)
          proj * h};                               // o_proj
}

// Gated DeltaNet (Qwen3-Next, Qwen3.5).
Weights gated_deltanet(const LinearAttention& la, num h) {
  const num key_dim = clamp_nonneg(la.num_key_heads) * clamp_nonneg(la.key_head_dim);
  const num value_dim = clamp_nonneg(la.num_value_heads) * clamp_nonneg(la.value_head_dim);
  const num v_heads = clamp_nonneg(la.num_value_heads);
  return {h * (2 * key_dim + 2 * value_dim)  // in_proj_qkvz
              + h * 2 * v_heads              // in_proj_ba
              + value_dim * h,               // out_proj
          (2 * key_dim + value_dim) * clamp_nonneg(la.conv_kernel)  // depthwise conv1d
              + 2 * v_heads                                         // dt_bias, A_log
              + clamp_nonneg(la.value_head_dim),                    // gated RMSNorm
          value_dim * h};                                           // out_proj
}

Weights linear_attention(const LinearAttention& la, num h) {
  if (la.kind == "mamba2") return mamba2_mixer(la, h);
  if (la.kind == "kda") return kimi_delta_attention(la, h);
  return gated_deltanet(la, h);
}

// [SECTION] All mixers of the model

struct Attention {
  Weights full;          // one attention layer: grouped-query, MLA or DeepSeek-V4's
  Weights window_delta;  // one sliding layer beyond `full` (its own KV heads or head size)
  Weights linear;        // one linear-attention layer
  Weights indexer;       // one lightning indexer
  Weights compressed;    // DeepSeek-V4's compressors, indexers and hyper-connections, all layers
};

Attention attention_of(const Model& m, const Shapes& s, const Layers& n) {
  Attention a;
  if (m.has_compressed_attention) {
    a.full = compressed_attention(m.compressed_attention, s);
    a.compressed = compressed_extras(m.compressed_attention, s);
  } else if (m.is_mla) {
    a.full = mla_attention(m, s);
  } else {
    a.full = gqa_attention(m, s);
    a.window_delta = sliding_window_delta(m, s, a.full);
  }
  if (m.has_indexer) a.indexer = sparse_indexer(m, s);
  if (n.linear > 0) a.linear = linear_attention(m.linear_attention, s.h);
  return a;
}

// The matrices (`part` = &Weights::mats) or vectors of every layer's mixer and indexer.
num all_mixers(const Layers& n, const Attention& a, num Weights::*part) {
  return n.full * (a.full.*part) + n.window * (a.window_delta.*part) + n.linear * (a.linear.*part) +
         n.indexer * (a.indexer.*part);
}

// [SECTION] MLP: dense, routed experts, shared experts, LatentMoE

struct Mlp {
  num per_dense_layer = 0;  // one dense MLP
  num expert = 0;           // one routed expert
  num shared = 0;           // a MoE layer's shared experts and latent projections
  num total = 0;            // every layer's MLP, every expert
  num active = 0;           // per token
  num router = 0;           // MoE gate matrices
  num vectors = 0;          // MoE layers' router bias (num_experts) and latent RMSNorm
  num active_width = 0;     // intermediate width a token passes through
  int dense_layers = 0;
  int moe_layers = 0;
};

// Gated (SwiGLU/GeGLU) = gate + up + down = 3 x hidden x width; ungated (Nemotron-H relu2) = up + down.
num mlp_matrices(const Model& m) { return m.ungated_mlp ? 2 : 3; }

// LatentMoE (Nemotron-3 Super/Ultra): experts run latent -> width -> latent, behind a hidden ->
// latent and a latent -> hidden projection per layer (counted with the shared part).
num routed_expert(const Model& m, num h) {
  const num latent = clamp_nonneg(m.moe.latent_size);
  const num expert_in = latent > 0 ? latent : h;
  return mlp_matrices(m) * expert_in * clamp_nonneg(m.moe.expert_intermediate_size);
}

num shared_experts(const Model& m, num h) {
  return mlp_matrices(m) * h * clamp_nonneg(m.moe.shared_expert_intermediate_size) +
         2 * h * clamp_nonneg(m.moe.latent_size);
}

// The MoE layers of `x` (a dense MLP on every one of `mlp_layers`): the leading
// moe.dense_layers keep it, the rest hold routed and shared experts and a router.
Mlp with_experts(const Model& m, num h, int mlp_layers, Mlp x) {
  x.dense_layers = std::clamp(m.moe.dense_layers, 0, mlp_layers);
  x.moe_layers = mlp_layers - x.dense_layers;
  const num experts = clamp_nonneg(m.moe.num_experts);
  const num top_k = std::clamp(clamp_nonneg(m.moe.experts_per_token), 0.0, experts);
  x.expert = routed_expert(m, h);
  x.shared = shared_experts(m, h);
  x.total = x.dense_layers * x.per_dense_layer + x.moe_layers * (experts * x.expert + x.shared);
  x.active = x.dense_layers * x.per_dense_layer + x.moe_layers * (top_k * x.expert + x.shared);
  x.router = x.moe_layers * h * experts;
  x.vectors = x.moe_layers * ((m.moe.router_bias ? experts : 0.0) +
                              (m.moe.latent_norm ? clamp_nonneg(m.moe.latent_size) : 0.0));
  const num moe_width = top_k * clamp_nonneg(m.moe.expert_intermediate_size) +
                        clamp_nonneg(m.moe.shared_expert_intermediate_size);
  x.active_width = x.dense_layers > 0 ? std::max(moe_width, x.active_width) : moe_width;
  return x;
}

// Layers without an MLP (Nemotron-H Mamba-2 / attention blocks) hold none.
Mlp mlp_of(const Model& m, const Shapes& s) {
  Mlp x;
  x.per_dense_layer = mlp_matrices(m) * s.h * clamp_nonneg(m.intermediate_size);
  x.active_width = clamp_nonneg(m.intermediate_size);
  const int mlp_layers = s.layers - std::clamp(m.no_mlp_layers, 0, s.layers);
  x.dense_layers = mlp_layers;
  if (m.is_moe) return with_experts(m, s.h, mlp_layers, x);
  x.total = mlp_layers * x.per_dense_layer;
  x.active = x.total;
  return x;
}

// [SECTION] Sums

struct Sums {  // every part over all layers
  num embedding = 0;
  num lm_head = 0;
  num attention = 0;
  num attention_output = 0;  // of `attention`: every output projection
  num vectors = 0;
  num extra = 0;
};

Sums sum_parts(const Model& m, const Shapes& s, const Layers& n, const Attention& a, const Mlp& mlp) {
  Sums t;
  t.embedding = s.vocab * s.h;
  t.lm_head = m.tie_embeddings ? 0 : s.vocab * s.h;
  t.attention = all_mixers(n, a, &Weights::mats) + a.compressed.mats;
  t.attention_output = all_mixers(n, a, &Weights::out);
  const num norms = clamp_nonneg(m.norms_per_layer) * s.h;
  t.vectors = all_mixers(n, a, &Weights::vecs) + n.all * norms + s.h + a.compressed.vecs +  // + final norm
              mlp.vectors;
  t.extra = clamp_nonneg(m.extra_params);  // e.g. a vision tower
  return t;
}

// The breakdown of ParamCounts: totals, per token, per part.
ParamCounts breakdown(const Model& m, const Sums& t, const Mlp& mlp) {
  const num active = t.embedding + t.lm_head + t.attention + mlp.active + mlp.router + t.vectors;
  ParamCounts p;
  p.total = to_count(t.embedding + t.lm_head + t.attention + mlp.total + mlp.router + t.vectors + t.extra);
  p.active = to_count(active);
  // Untied: the input table is only looked up; the output layer does the matmul.
  // Tied: the one matrix is the output layer's matmul.
  p.matmul_active = to_count(m.tie_embeddings ? active : active - t.embedding);
  p.embedding = to_count(t.embedding);
  p.lm_head = to_count(t.lm_head);
  p.attention = to_count(t.attention);
  p.attention_output = to_count(t.attention_output);
  p.mlp = to_count(mlp.total);
  p.router = to_count(mlp.router);
  p.vectors = to_count(t.vectors);
  p.extra = to_count(t.extra);
  p.linear = to_count(t.attention + mlp.total);
  p.linear_active = to_count(t.attention + mlp.active);
  return p;
}

// The shapes behind the sums.
ParamCounts with_shapes(ParamCounts p, const Layers& n, const Attention& a, const Mlp& mlp) {
  // With a shared indexer (fewer indexer layers than attention layers) this is the mean per
  // attention layer, so that layers x attention_per_layer stays the attention total.
  const num per_layer_extras = a.indexer.mats * n.indexer + a.window_delta.mats * n.window + a.compressed.mats;
  p.attention_per_layer =
      to_count(a.full.mats + (n.full > 0 ? per_layer_extras / static_cast<num>(n.full) : a.indexer.mats));
  p.linear_attention_per_layer = to_count(a.linear.mats);
  p.linear_attention_output_per_layer = to_count(a.linear.out);
  p.linear_attention_layers = n.linear;
  p.dense_mlp_per_layer = to_count(mlp.per_dense_layer);
  p.expert_params = to_count(mlp.expert);
  p.shared_expert_params = to_count(mlp.shared);
  p.dense_layers = mlp.dense_layers;
  p.moe_layers = mlp.moe_layers;
  p.mlp_active_width = to_count(mlp.active_width);
  return p;
}
}  // namespace

ParamCounts count_params(const Model& m) {
  const Shapes s = shapes_of(m);
  const Layers n = layer_counts(m);
  const Attention a = attention_of(m, s, n);
  const Mlp mlp = mlp_of(m, s);
  return with_shapes(breakdown(m, sum_parts(m, s, n, a, mlp), mlp), n, a, mlp);
}

}  // namespace cardfit
