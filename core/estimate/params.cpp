// Parameter counting, layer by layer, from the config shapes.
#include "params.hpp"

#include <algorithm>

namespace cardfit {
namespace {
// NOTE: arithmetic in double (exact for integers below 2^53, i.e. any real model) so that an
// absurd custom shape saturates instead of overflowing int64; converted once at the end.
double clamp_nonneg(std::int64_t v) { return v < 0 ? 0.0 : static_cast<double>(v); }
double clamp_nonneg(int v) { return v < 0 ? 0.0 : v; }

std::int64_t to_count(double v) {
  if (!(v > 0)) return 0;
  if (v > 4e18) return static_cast<std::int64_t>(4e18);
  return static_cast<std::int64_t>(v + 0.5);
}
}  // namespace

ParamCounts count_params(const Model& m) {
  using num = double;
  const num h = clamp_nonneg(m.hidden_size);
  const num heads = clamp_nonneg(m.num_attention_heads);
  const num kv = clamp_nonneg(m.num_kv_heads);
  const num d = clamp_nonneg(m.head_dim);
  const num vocab = clamp_nonneg(m.vocab_size);
  const int layers = std::max(0, m.num_layers);

  // Attention projections (matrices) and their vectors (biases, q/k norms, MLA norms) per layer.
  num attn = 0;
  num vec = 0;
  num window_attn_delta = 0;  // per sliding layer, when its KV heads differ
  num window_vec_delta = 0;
  // DeepSeek-V4 (vllm/model_executor/models/deepseek_v4.py, layers/deepseek_v4_attention.py,
  // layers/deepseek_compressor.py): per layer fused wq_a + wkv (hidden -> q_lora + one latent of
  // head_dim), wq_b (q_lora -> heads x head_dim), grouped output wo_a (o_groups x o_lora_rank x
  // heads x head_dim / o_groups) and wo_b (o_groups x o_lora_rank -> hidden); vectors q_norm,
  // kv_norm and one attention-sink logit per head. The compressors and the indexer are added
  // below, per ratio.
  num v4_attn_total = 0;
  num v4_vec_total = 0;
  if (m.has_compressed_attention) {
    const CompressedAttention& c = m.compressed_attention;
    const num ql = clamp_nonneg(c.q_lora_rank);
    const num og = clamp_nonneg(c.o_groups);
    const num ol = clamp_nonneg(c.o_lora_rank);
    attn = h * (ql + d) + ql * heads * d + heads * d * ol + og * ol * h;
    vec = ql + d + heads;
    // A compressor (ratio r; coff = 2 when r = 4, the overlapping windows, else 1): fused_wkv_wgate
    // hidden -> 2 x coff x dim, ape r x coff x dim, RMSNorm over dim.
    auto compressor = [h](num ratio, num dim, num& mats, num& vecs) {
      const num coff = ratio == 4 ? 2 : 1;
      mats += h * 2 * coff * dim;
      vecs += ratio * coff * dim + dim;
    };
    const int all = layers;
    const int c4 = std::clamp(c.ratio4_layers, 0, all);
    const int c128 = std::clamp(c.ratio128_layers, 0, all - c4);
    num m4 = 0, v4 = 0, m128 = 0, v128 = 0;
    compressor(4, d, m4, v4);
    compressor(128, d, m128, v128);
    // Ratio-4 layers also run the lightning indexer: wq_b (q_lora -> index heads x index dim),
    // weights_proj (hidden -> index heads), k_norm (LayerNorm, weight + bias) and its own
    // ratio-4 compressor at the index dim.
    const num ih = clamp_nonneg(c.index_heads);
    const num idim = clamp_nonneg(c.index_head_dim);
    m4 += ql * ih * idim + h * ih;
    v4 += 2 * idim;
    compressor(4, idim, m4, v4);
    v4_attn_total = c4 * m4 + c128 * m128;
    v4_vec_total = c4 * v4 + c128 * v128;
    // Manifold hyper-connections (hc_mult streams): per layer, for attention and for the MLP,
    // fn (mix x hc_mult x hidden), base (mix) and scale (3), mix = (2 + hc_mult) x hc_mult;
    // the head's (hc_mult x hc_mult x hidden, hc_mult, 1) once. All FP32 vectors here.
    if (c.hc_mult > 0) {
      const num hc = c.hc_mult;
      const num mix = (2 + hc) * hc;
      v4_vec_total += layers * 2 * (mix * hc * h + mix + 3) + hc * hc * h + hc + 1;
    }
  } else if (m.is_mla) {
    const num q_lora = clamp_nonneg(m.mla.q_lora_rank);
    const num kv_lora = clamp_nonneg(m.mla.kv_lora_rank);
    const num rope = clamp_nonneg(m.mla.qk_rope_head_dim);
    const num nope = clamp_nonneg(m.mla.qk_nope_head_dim);
    const num v_dim = clamp_nonneg(m.mla.v_head_dim);
    const num q_head = nope + rope;
    attn += q_lora > 0 ? h * q_lora + q_lora * heads * q_head : h * heads * q_head;  // q (low-rank or full)
    attn += h * (kv_lora + rope);              // kv_a_proj_with_mqa: latent + shared rotary key
    attn += kv_lora * heads * (nope + v_dim);  // kv_b_proj: latent -> per-head k_nope and v
    attn += heads * v_dim * h;                 // o_proj
    if (m.attention_output_gate) attn += h * heads * v_dim;  // Kimi-K3 g_proj: sigmoid gate before o_proj
    vec += q_lora + kv_lora;                   // q_a_layernorm, kv_a_layernorm
  } else {
    const num gate = m.attention_output_gate ? 2 : 1;  // Qwen3-Next: q_proj also emits the output gate
    const num dv = m.v_head_dim > 0 ? clamp_nonneg(m.v_head_dim) : d;  // MiMo-V2: values narrower than keys
    // Gemma 4 attention_k_eq_v: the global layers have no v_proj (V comes from K's projection).
    const num v_proj = m.attention_k_eq_v ? 0 : h * kv * dv;
    attn = h * heads * d * gate + h * kv * d + v_proj + heads * dv * h;  // q, k, v, o
    if (m.has_sliding_window && (m.sliding_window.num_kv_heads > 0 || m.sliding_window.head_dim > 0)) {
      // Sliding layers with their own KV heads (MiMo-V2) or head size (Gemma 4): their own q, k, v, o.
      const num kv_w = m.sliding_window.num_kv_heads > 0 ? clamp_nonneg(m.sliding_window.num_kv_heads) : kv;
      const num d_w = m.sliding_window.head_dim > 0 ? clamp_nonneg(m.sliding_window.head_dim) : d;
      const num dv_w = m.sliding_window.head_dim > 0 ? d_w : dv;
      const num attn_w = h * heads * d_w * gate + h * kv_w * d_w + h * kv_w * dv_w + heads * dv_w * h;
      window_attn_delta = attn_w - attn;
      if (m.qkv_bias) window_vec_delta = (heads * d_w + kv_w * d_w + kv_w * dv_w) - (heads * d + kv * d + kv * dv);
    }
    if (m.qkv_bias) vec += heads * d + kv * d + kv * dv;
    if (m.qk_norm) vec += 2 * d;
  }
  // DeepSeek-V3.2 lightning indexer (inference/model.py Indexer): on every attention layer, or
  // on indexer.layers of them (GLM-5.2's "full" indexer layers; "shared" ones hold none), never
  // on indexer.dense_layers.
  num idx_attn = 0;
  num idx_vec = 0;
  if (m.has_indexer) {
    const num ih = clamp_nonneg(m.indexer.num_heads);
    const num id = clamp_nonneg(m.indexer.head_dim);
    const num q_in = m.is_mla && m.mla.q_lora_rank > 0 ? clamp_nonneg(m.mla.q_lora_rank) : h;
    // MiniMax-M3 (vLLM MinimaxM3QKVParallelLinearWithIndexer): index_q and index_k come out of
    // qkv_proj; no weights_proj. Its index_q_norm and index_k_norm (RMSNorm weights of head_dim
    // each) count as many as DSA's k_norm LayerNorm (weight + bias).
    const bool weights_proj = m.indexer.kind != "block_sparse";
    idx_attn = q_in * ih * id + h * id + (weights_proj ? h * ih : 0);  // wq_b, wk, weights_proj
    idx_vec = 2 * id;
  }
  // Linear-attention layers (Gated DeltaNet) replace the attention above on `layers` layers.
  // Nemotron-H MLP / MoE blocks carry no attention at all.
  const int mixerless_layers = std::clamp(m.no_attention_layers, 0, layers);
  const int linear_layers =
      m.has_linear_attention ? std::clamp(m.linear_attention.layers, 0, layers - mixerless_layers) : 0;
  num lin_attn = 0;
  num lin_vec = 0;
  if (linear_layers > 0 && m.linear_attention.kind == "mamba2") {
    // Mamba-2 mixer (transformers NemotronHMamba2Mixer, vLLM MambaMixer2): d_inner = heads x
    // head_dim (value side), n_groups x d_state (key side); in_proj emits z, x, B, C and dt.
    const LinearAttention& la = m.linear_attention;
    const num d_inner = clamp_nonneg(la.num_value_heads) * clamp_nonneg(la.value_head_dim);
    const num bc = 2 * clamp_nonneg(la.num_key_heads) * clamp_nonneg(la.key_head_dim);
    const num n_heads = clamp_nonneg(la.num_value_heads);
    const num conv_dim = d_inner + bc;
    lin_attn = h * (2 * d_inner + bc + n_heads)  // in_proj: z, x, B, C, dt
               + d_inner * h;                    // out_proj
    lin_vec = conv_dim * clamp_nonneg(la.conv_kernel) + conv_dim  // depthwise conv1d, weight + bias
              + 3 * n_heads                                      // dt_bias, A_log, D
              + d_inner;                                         // gated RMSNorm over d_inner
  } else if (linear_layers > 0 && m.linear_attention.kind == "kda") {
    // Kimi Delta Attention with a full-rank gate (vLLM vllm/models/kimi_k3/nvidia/kda.py
    // KimiK3DeltaAttention): in_proj_qkvgfab emits q, k, v, g (4 x heads x d), f_a (d) and
    // beta (heads); f_b_proj d -> heads x d; o_proj heads x d -> hidden. conv1d (3 x heads x d,
    // kernel wide, no bias), dt_bias (heads x d), A_log (heads), o_norm (d).
    const LinearAttention& la = m.linear_attention;
    const num heads_k = clamp_nonneg(la.num_value_heads);
    const num dk = clamp_nonneg(la.value_head_dim);
    const num proj = heads_k * dk;
    lin_attn = h * (4 * proj + dk + heads_k)  // in_proj_qkvgfab
               + dk * proj                    // f_b_proj
               + proj * h;                    // o_proj
    lin_vec = 3 * proj * clamp_nonneg(la.conv_kernel)  // conv1d
              + proj + heads_k                          // dt_bias, A_log
              + dk;                                     // o_norm (FusedRMSNormGated over head_dim)
  } else if (linear_layers > 0) {
    const LinearAttention& la = m.linear_attention;
    const num key_dim = clamp_nonneg(la.num_key_heads) * clamp_nonneg(la.key_head_dim);
    const num value_dim = clamp_nonneg(la.num_value_heads) * clamp_nonneg(la.value_head_dim);
    const num v_heads = clamp_nonneg(la.num_value_heads);
    lin_attn = h * (2 * key_dim + 2 * value_dim)  // in_proj_qkvz
               + h * 2 * v_heads                  // in_proj_ba
               + value_dim * h;                   // out_proj
    lin_vec = (2 * key_dim + value_dim) * clamp_nonneg(la.conv_kernel)  // depthwise conv1d
              + 2 * v_heads                                            // dt_bias, A_log
              + clamp_nonneg(la.value_head_dim);                       // gated RMSNorm
  }
  const num norms = clamp_nonneg(m.norms_per_layer) * h;

  // MLP: gated (SwiGLU/GeGLU) = gate + up + down = 3 x hidden x width; ungated (Nemotron-H
  // relu2) = up + down = 2. Layers without an MLP (Nemotron-H Mamba-2 / attention blocks) hold none.
  const num mats = m.ungated_mlp ? 2 : 3;
  const num dense_mlp = mats * h * clamp_nonneg(m.intermediate_size);
  const int mlp_layers = layers - std::clamp(m.no_mlp_layers, 0, layers);
  num mlp = 0;
  num mlp_active = 0;
  num router = 0;
  num moe_vec = 0;  // per MoE layer
  num expert = 0;
  num shared = 0;
  num active_width = clamp_nonneg(m.intermediate_size);
  int dense_layers = mlp_layers;
  int moe_layers = 0;
  if (m.is_moe) {
    dense_layers = std::clamp(m.moe.dense_layers, 0, mlp_layers);
    moe_layers = mlp_layers - dense_layers;
    const num experts = clamp_nonneg(m.moe.num_experts);
    const num top_k = std::clamp(clamp_nonneg(m.moe.experts_per_token), 0.0, experts);
    // LatentMoE (Nemotron-3 Super/Ultra): experts run latent -> width -> latent, behind a
    // hidden -> latent and a latent -> hidden projection per layer (counted with the shared part).
    const num latent = clamp_nonneg(m.moe.latent_size);
    const num expert_in = latent > 0 ? latent : h;
    expert = mats * expert_in * clamp_nonneg(m.moe.expert_intermediate_size);
    shared = mats * h * clamp_nonneg(m.moe.shared_expert_intermediate_size) + 2 * h * latent;
    mlp = dense_layers * dense_mlp + moe_layers * (experts * expert + shared);
    mlp_active = dense_layers * dense_mlp + moe_layers * (top_k * expert + shared);
    // Router bias (num_experts) and the latent RMSNorm: vectors of every MoE layer.
    moe_vec = (m.moe.router_bias ? experts : 0.0) + (m.moe.latent_norm ? latent : 0.0);
    router = moe_layers * h * experts;
    const num moe_width = top_k * clamp_nonneg(m.moe.expert_intermediate_size) +
                          clamp_nonneg(m.moe.shared_expert_intermediate_size);
    active_width = dense_layers > 0 ? std::max(moe_width, active_width) : moe_width;
  } else {
    mlp = mlp_layers * dense_mlp;
    mlp_active = mlp;
  }

  const num embedding = vocab * h;
  const num lm_head = m.tie_embeddings ? 0 : vocab * h;
  const int full_layers = layers - mixerless_layers - linear_layers;
  const int sparse_layers = full_layers - (m.has_indexer ? std::clamp(m.indexer.dense_layers, 0, full_layers) : 0);
  const int indexer_layers = m.indexer.layers > 0 ? std::min(m.indexer.layers, sparse_layers) : sparse_layers;
  const int window_layers = m.has_sliding_window ? std::clamp(m.sliding_window.layers, 0, full_layers) : 0;
  const num attention = full_layers * attn + window_layers * window_attn_delta + linear_layers * lin_attn +
                        indexer_layers * idx_attn + v4_attn_total;
  const num vectors = full_layers * vec + window_layers * window_vec_delta + linear_layers * lin_vec +
                      indexer_layers * idx_vec + layers * norms + h + v4_vec_total +  // + final norm
                      moe_layers * moe_vec;
  const num extra = clamp_nonneg(m.extra_params);
  const num active = embedding + lm_head + attention + mlp_active + router + vectors;

  ParamCounts p;
  p.total = to_count(embedding + lm_head + attention + mlp + router + vectors + extra);
  p.active = to_count(active);
  // Untied: the input table is only looked up; the output layer does the matmul.
  // Tied: the one matrix is the output layer's matmul.
  p.matmul_active = to_count(m.tie_embeddings ? active : active - embedding);
  p.embedding = to_count(embedding);
  p.lm_head = to_count(lm_head);
  p.attention = to_count(attention);
  p.mlp = to_count(mlp);
  p.router = to_count(router);
  p.vectors = to_count(vectors);
  p.extra = to_count(extra);
  p.linear = to_count(attention + mlp);
  p.linear_active = to_count(attention + mlp_active);
  // With a shared indexer (fewer indexer layers than attention layers) this is the mean per
  // attention layer, so that layers x attention_per_layer stays the attention total.
  p.attention_per_layer =
      to_count(attn + (full_layers > 0 ? (idx_attn * indexer_layers + window_attn_delta * window_layers +
                                          v4_attn_total) /
                                             static_cast<num>(full_layers)
                                       : idx_attn));
  p.linear_attention_per_layer = to_count(lin_attn);
  p.linear_attention_layers = linear_layers;
  p.dense_mlp_per_layer = to_count(dense_mlp);
  p.expert_params = to_count(expert);
  p.shared_expert_params = to_count(shared);
  p.dense_layers = dense_layers;
  p.moe_layers = moe_layers;
  p.mlp_active_width = to_count(active_width);
  return p;
}

}  // namespace cardfit
