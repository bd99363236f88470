// Decode, prefill and training-time formulas (docs/model.md §Speed). Every division guarded.
#include "speed.hpp"

#include <algorithm>
#include <cmath>

#include "catalog_fields.hpp"

namespace cardfit {
namespace {

double safe_div(double a, double b) { return b > 0 && std::isfinite(a) ? a / b : 0; }

bool eight_bit(ComputeType c) { return c == ComputeType::Fp8 || c == ComputeType::Int8; }

int tensor_parallel_of(const EngineProfile& e, const Layout& l) {
  return e.multi_gpu == MultiGpu::Tensor ? std::max(1, l.tensor_parallel) : 1;
}

// The MoE layers' fixed time per step: a cost per layer plus one per routed expert the tokens touch
// (every card holds a slice of every expert under tensor parallelism, its own experts under expert
// parallelism), not one per expert the model has.
double moe_ms(const EngineProfile& e, const Gpu& g, const Model& m, const ParamCounts& p, int tp, int ep, double tokens) {
  if (!m.is_moe || p.moe_layers <= 0) return 0;
  const double per_expert = std::max(0.0, tp > 1 || ep > 1 ? e.moe_us_per_expert_parallel : e.moe_us_per_expert);
  const double touched = distinct_experts(m.moe.num_experts, m.moe.experts_per_token, tokens) / std::max(1, ep);
  return p.moe_layers * (moe_us_per_layer_on(e, g) + per_expert * touched) / 1000;
}

// Expert parallelism: two all-to-alls per MoE layer (dispatch and combine), each moving the
// tokens' hidden states to the cards that hold their experts: latency + (ep - 1)/ep x tokens x top_k
// x hidden x 2 B over the card's link, ms. Only when the expert group is wider than the tensor-parallel
// group: inside it every rank already holds every token's hidden state (attention is tensor parallel,
// not data parallel), runs the experts it holds, and the MoE output is summed by the all-reduce the
// layer does anyway. vLLM takes its all-to-all kernels only with data-parallel attention
// (fused_moe/config.py: use_all2all_kernels = dp_size > 1 and use_ep); SGLang's default
// --moe-a2a-backend is "none" (server_args.py). Training (Megatron) puts experts across data-parallel
// ranks and pays the all-to-all (train_time).
double alltoall_ms(const EngineProfile& e, const Gpu& g, const Model& m, const ParamCounts& p, int tp, int ep,
                   double tokens) {
  if (ep <= std::max(1, tp) || !m.is_moe) return 0;
  const double bytes = tokens * std::max(0, m.moe.experts_per_token) * static_cast<double>(m.hidden_size) * 2;
  const double one = std::max(0.0, e.alltoall_us) * 1e-6 + safe_div((ep - 1.0) / ep * bytes, link_bytes_per_s(g));
  return 2.0 * p.moe_layers * one * 1000;
}

// DeepSeek Sparse Attention at decode: every indexer layer runs the lightning indexer before its
// attention, a chain of small kernels that reads little (the keys are priced in kv_read_bytes) but
// costs time whatever the batch: SGLang's nsa_indexer.py (sgl-project/sglang@bf606193, decode path:
// q/k projections, rope, FP8 quantisation and the index-key cache write, then DeepGEMM
// fp8_paged_mqa_logits over every cached key and fast_topk_v2 over the logits), run on every TP rank
// for all heads (the indexer is replicated, not split). SGLang's own benchmark of the last two kernels
// (python/sglang/srt/layers/attention/nsa/hisa/benchmarks/_results/2026-04-20_h200.md@bf606193, H200,
// 64 heads, 4k-16k context) takes 0.098 ms at 1 sequence and ~0.21 ms at 64 per layer: the engine's
// indexer_us_per_layer and indexer_us_per_sequence (docs/model.md §7). Decode only.
double indexer_ms(const EngineProfile& e, const Model& m, double sequences) {
  if (!m.has_indexer || m.has_compressed_attention) return 0;
  const KvShape ks = kv_shape(m, 16);  // only the layer count is used
  return ks.indexer_layers *
         (std::max(0.0, e.indexer_us_per_layer) + std::max(0.0, e.indexer_us_per_sequence) * std::max(1.0, sequences)) /
         1000;
}

// DeepSeek-V4 at decode (vLLM's deepseek_v4_attention.py, sparse_swa.py, the indexer in
// deepseek_v4.py): every layer attends to its window of uncompressed latents; a ratio-4 layer also
// to the index_topk compressed latents its lightning indexer picks, after the indexer scored every
// compressed position; a ratio-128 layer to every compressed latent. Complete groups only:
// floor(context / ratio) compressed positions.
struct V4Positions {
  double latents = 0;        // latent entries attended, all layers
  double index_keys = 0;     // indexer keys scored, all ratio-4 layers
};

V4Positions v4_positions(const Model& m, double ctx) {
  const CompressedAttention& a = m.compressed_attention;
  const int layers = std::max(0, m.num_layers);
  const int c4 = std::clamp(a.ratio4_layers, 0, layers);
  const int c128 = std::clamp(a.ratio128_layers, 0, layers - c4);
  const double by4 = std::floor(ctx / 4);
  const double picked = a.index_topk > 0 ? std::min(by4, static_cast<double>(a.index_topk)) : by4;
  V4Positions p;
  p.latents = layers * std::min(ctx, static_cast<double>(std::max(0, a.window))) + c4 * picked +
              c128 * std::floor(ctx / 128);
  p.index_keys = c4 * by4;
  return p;
}

// One shared latent of head_dim serves as K and V: 2 x heads x (d + d) per attended latent; the
// indexer 2 x index_heads x index_head_dim per scored key.
double v4_attention_flops(const Model& m, double ctx) {
  const V4Positions p = v4_positions(m, ctx);
  const CompressedAttention& a = m.compressed_attention;
  return 2.0 * m.num_attention_heads * (2.0 * m.head_dim) * p.latents +
         2.0 * a.index_heads * a.index_head_dim * p.index_keys;
}

// vLLM keeps V4's cache in fp8_ds_mla whatever --kv-cache-dtype says: the latent and key sizes are
// the layout's (deepseek_v4_cache), not kv_bits.
double v4_read_bytes(const Model& m, double ctx) {
  const V4Positions p = v4_positions(m, ctx);
  const DeepseekV4Cache c = deepseek_v4_cache(m);
  return p.latents * c.token_bytes + p.index_keys * c.index_token_bytes;
}

}  // namespace

double distinct_experts(int experts, int top_k, double tokens) {
  if (experts <= 0 || top_k <= 0) return 0;
  const double e = experts;
  const double p = std::min(1.0, top_k / e);
  if (p >= 1) return e;
  return e * (1 - std::pow(1 - p, std::max(1.0, tokens)));
}

double attention_flops_per_token(const Model& m, double context) {
  if (m.has_compressed_attention) return v4_attention_flops(m, std::max(0.0, context));
  const KvShape ks = kv_shape(m, 16);  // only the layer counts and caps are used
  const double heads = m.num_attention_heads;
  const double d_qk = m.is_mla ? m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim : m.head_dim;
  const double d_v = m.is_mla ? m.mla.v_head_dim : m.head_dim;
  const double per_position = 2 * heads * (d_qk + d_v);
  const double ctx = std::max(0.0, context);
  auto capped = [ctx](std::int64_t cap) { return cap > 0 ? std::min(ctx, static_cast<double>(cap)) : ctx; };
  // DSA: the main attention reads only the indexer's top_k tokens; the indexer scores every one.
  // Dense layers (indexer.dense_layers) have no indexer and attend to the whole context.
  const double full_positions = m.has_indexer ? capped(m.indexer.top_k) : ctx;
  double flops = per_position * ((ks.full_layers - ks.dense_layers) * full_positions + ks.dense_layers * ctx +
                                 ks.window_layers * capped(ks.window) + ks.chunk_layers * capped(ks.chunk));
  if (m.has_indexer) flops += 2.0 * m.indexer.num_heads * m.indexer.head_dim * ctx * ks.indexer_layers;
  if (m.has_linear_attention) {  // Gated DeltaNet: state update and read, plus the short convolution
    const LinearAttention& la = m.linear_attention;
    const LinearState st = linear_state(m, 16);
    const double conv_dim = 2.0 * la.num_key_heads * la.key_head_dim + 1.0 * la.num_value_heads * la.value_head_dim;
    flops += st.layers * (4 * st.recurrent_values + 2 * conv_dim * std::max(0, la.conv_kernel));
  }
  return flops;
}

double kv_read_bytes_per_sequence(const Model& m, double kv_bits, std::int64_t context) {
  const double ctx = static_cast<double>(std::max<std::int64_t>(0, context));
  if (m.has_compressed_attention) return v4_read_bytes(m, ctx);
  const KvShape ks = kv_shape(m, kv_bits);
  auto capped = [ctx](std::int64_t cap) { return cap > 0 ? std::min(ctx, static_cast<double>(cap)) : ctx; };
  const double full_positions = m.has_indexer ? capped(m.indexer.top_k) : ctx;
  return ks.per_layer * ((ks.full_layers - ks.dense_layers) * full_positions + ks.dense_layers * ctx +
                         ks.window_layers * capped(ks.window) + ks.chunk_layers * capped(ks.chunk)) +
         ks.indexer_per_layer * ks.indexer_layers * ctx;
}

double allreduce_seconds(const EngineProfile& e, const Gpu& g, int tp, double bytes) {
  if (tp <= 1 || e.multi_gpu != MultiGpu::Tensor) return 0;
  const double us = has_fast_link(g) ? e.allreduce_us_nvlink : e.allreduce_us_pcie;
  const double traffic = 2.0 * (tp - 1) / tp * std::max(0.0, bytes);
  return std::max(0.0, us) * 1e-6 + safe_div(traffic, link_bytes_per_s(g));
}

double bandwidth_efficiency(const EngineProfile& e, const Gpu& g) {
  return fields::within(has_hbm(g) ? e.bandwidth_efficiency_hbm : e.bandwidth_efficiency_gddr, fields::kPositiveFraction);
}

// Routed experts are small matrices read at small batch: HBM, which needs far more bytes in
// flight than one expert holds, loses more of its bandwidth on them than GDDR does.
double expert_efficiency(const EngineProfile& e, const Gpu& g) {
  return fields::within(has_hbm(g) ? e.expert_efficiency_hbm : e.expert_efficiency_gddr, fields::kPositiveFraction);
}

// The kernel path of the quantised bytes: FP4 formats by the card's FP4 path (native tensor cores,
// weight-only kernels, or the generation's own figure); other formats by the engine's own kernels
// for the format (decode_efficiency_by_precision, by compute capability first); else the format's
// decode_efficiency.
double quantized_efficiency(const Resolved& r, const Gpu& g) {
  const WeightPrecision& w = r.precision();
  if (r.task != Task::Inference) return fields::within(w.decode_efficiency, fields::kPositiveFraction);
  const EngineProfile& e = r.engine();
  if (w.requires_capability == Capability::Fp4) {
    for (const ArchitectureEfficiency& a : e.fp4_efficiency_by_architecture) {
      if (a.architecture == g.architecture) return fields::within(a.efficiency, fields::kPositiveFraction);
    }
    const double path = g.fp4_path == Fp4Path::Native ? e.fp4_efficiency_native : e.fp4_efficiency_weight_only;
    if (path > 0) return fields::within(path, fields::kFraction);
  }
  // An entry for the card's compute capability first (vLLM's Marlin INT4 on 12.0: docs/model.md §7,
  // nineteenth pass), then the engine's entry for every card, then the format's default.
  const PrecisionEfficiency* any_card = nullptr;
  for (const PrecisionEfficiency& p : e.decode_efficiency_by_precision) {
    if (p.precision != w.id) continue;
    if (p.compute_capability <= 0) {
      if (any_card == nullptr) any_card = &p;
    } else if (g.compute_capability > 0 && std::abs(p.compute_capability - g.compute_capability) < 1e-6) {
      return fields::within(p.efficiency, fields::kPositiveFraction);
    }
  }
  if (any_card != nullptr) return fields::within(any_card->efficiency, fields::kPositiveFraction);
  return fields::within(w.decode_efficiency, fields::kPositiveFraction);
}

double architecture_decode_efficiency(const EngineProfile& e, const Gpu& g) {
  for (const ArchitectureEfficiency& a : e.decode_efficiency_by_architecture) {
    if (a.architecture == g.architecture) return fields::within(a.efficiency, fields::kPositiveFraction);
  }
  return 1;
}

double decode_bandwidth(const EngineProfile& e, const Gpu& g) {
  const double bw = g.memory_bandwidth_gb_per_s * 1e9 * bandwidth_efficiency(e, g);
  return g.achievable_bandwidth_gb_per_s > 0 ? std::min(bw, g.achievable_bandwidth_gb_per_s * 1e9) : bw;
}

MatmulRate matmul_rate(const EngineProfile& e, const Gpu& g, ComputeType compute) {
  MatmulRate out;
  out.dense = dense_rate(g, compute);
  if (e.fp16_accumulate && out.dense.used == ComputeType::Fp16 && g.fp16_acc16_dense_tflops > out.dense.tflops) {
    out.dense.tflops = g.fp16_acc16_dense_tflops;
  }
  // NOTE: the matrix units (M5 Neural Accelerators) serve only kernels written for them, so the
  // engine says whether it has such kernels and the card what they reach; both FP16 and BF16.
  const bool sixteen_bit = out.dense.used == ComputeType::Fp16 || out.dense.used == ComputeType::Bf16;
  if (e.fp16_matrix_units && sixteen_bit && g.fp16_matrix_dense_tflops > out.dense.tflops) {
    out.dense.tflops = g.fp16_matrix_dense_tflops;
  }
  out.efficiency = fields::within(eight_bit(out.dense.used) ? e.prefill_efficiency_8bit : e.prefill_efficiency_16bit, fields::kPositiveFraction);
  for (const ArchitectureEfficiency& a : e.prefill_efficiency_by_architecture) {
    if (a.architecture == g.architecture) out.efficiency = fields::within(a.efficiency, fields::kPositiveFraction);
  }
  out.flops_per_s = out.dense.tflops * 1e12 * out.efficiency;
  return out;
}

double step_ms_on(const EngineProfile& e, const Gpu& g) {
  for (const ArchitectureMs& a : e.step_ms_by_architecture) {
    if (a.architecture == g.architecture) return std::max(0.0, a.ms);
  }
  return std::max(0.0, e.step_ms);
}

// The per-MoE-layer cost on this card: the engine's figure for the card's compute capability where it
// lists one (vLLM on consumer / workstation Blackwell, 12.0: docs/model.md §7, seventeenth pass), else
// moe_us_per_layer.
double moe_us_per_layer_on(const EngineProfile& e, const Gpu& g) {
  for (const CapabilityUs& c : e.moe_us_per_layer_by_compute_capability) {
    if (g.compute_capability > 0 && std::abs(c.compute_capability - g.compute_capability) < 1e-6) return std::max(0.0, c.us);
  }
  return std::max(0.0, e.moe_us_per_layer);
}

double step_fixed_ms(const EngineProfile& e, const Gpu& g, const Model& m, double sequences) {
  return step_ms_on(e, g) + std::max(0.0, e.step_ms_per_layer) * std::max(0, m.num_layers) +
         std::max(0.0, e.step_ms_per_sequence) * std::max(1.0, sequences);
}

DecodeSpeed decode_speed(const Resolved& r, const Gpu& g, const Layout& l, std::int64_t context,
                         std::int64_t concurrency) {
  DecodeSpeed out;
  const EngineProfile& e = r.engine();
  const Model& m = r.model();
  // --max-num-seqs caps the sequences decoded at once (the rest wait).
  const std::int64_t seqs = r.scenario().max_num_seqs ? std::min(concurrency, *r.scenario().max_num_seqs) : concurrency;
  const double c = static_cast<double>(std::max<std::int64_t>(1, seqs));
  const int tp = tensor_parallel_of(e, l);
  out.stages = std::max(1, l.pipeline_parallel);
  const int ep = std::max(1, l.expert_parallel);
  out.tensor_parallel = tp;
  out.expert_parallel = ep;
  out.bandwidth = decode_bandwidth(e, g);
  out.kernel_efficiency = quantized_efficiency(r, g);
  const double card_bw = tp * out.bandwidth;                     // every TP rank reads its share at once
  const double expert_bw = std::max(tp, ep) * out.bandwidth;     // experts: split over TP or EP ranks
  const double experts = m.is_moe ? distinct_experts(m.moe.num_experts, m.moe.experts_per_token, c) : 0;
  const OffloadSplit split = offload_split(r, l);
  const double dense_read = r.decode_weight_bytes;
  const double experts_read = r.expert_bytes * r.params.moe_layers * experts;
  const double kv_read = c * (kv_read_bytes_per_sequence(m, r.kv_bits, context) * kv_replication(m, tp) +
                              state_bytes_per_sequence(m, r.state_bits));
  out.weight_bytes = dense_read * split.layer_share;
  out.expert_bytes = experts_read * split.expert_share;
  out.kv_bytes = kv_read * split.layer_share;
  if (split.active) {
    out.cpu_bytes = (dense_read + kv_read) * (1 - split.layer_share) + experts_read * (1 - split.expert_share);
    out.host_bandwidth = host_bandwidth(r, g).effective;
    out.cpu_ms = safe_div(out.cpu_bytes, out.host_bandwidth) * 1000;
    // Every layer computed in host memory hands the hidden state over and back (llama.cpp graph splits).
    out.host_layers = (split.total_layers - split.gpu_layers) + split.experts_on_cpu;
    out.cpu_ms += out.host_layers * std::max(0.0, e.offload_ms_per_layer);
  }
  // Only the bytes stored at the format's bits go through its kernels; kept 16-bit tensors read at full speed.
  const double quantized_share = dense_read > 0 ? std::clamp(r.decode_weight_bytes_quantized / dense_read, 0.0, 1.0) : 0;
  out.weight_bytes_quantized = out.weight_bytes * quantized_share;
  out.weights_ms = (safe_div(out.weight_bytes - out.weight_bytes_quantized, card_bw) +
                    safe_div(out.weight_bytes_quantized, card_bw * out.kernel_efficiency)) * 1000;
  // Small-batch expert reads lose bandwidth (few small matrices in flight); with many distinct experts
  // per layer the grouped GEMM keeps the memory busy: the loss shrinks as top_k / touched experts.
  const double x = expert_efficiency(e, g);
  out.expert_efficiency = experts > 0 ? 1 - (1 - x) * std::min(1.0, std::max(0, m.moe.experts_per_token) / experts) : x;
  out.experts_ms = safe_div(out.expert_bytes, expert_bw * out.kernel_efficiency * out.expert_efficiency) * 1000;
  // One sequence's decode attention (its KV heads x KV splits of work) reads its cache at a fraction of the
  // bandwidth; a batch reads at the bandwidth, but no faster than one of its sequences alone:
  // max(KV / B, KV_one / (B x e_1)) = KV / (B x min(1, c x e_1)) (docs/model.md §7, fifteenth pass).
  out.kv_efficiency = std::min(1.0, c * fields::within(e.kv_read_efficiency_one_sequence, fields::kPositiveFraction));
  out.kv_ms = safe_div(out.kv_bytes, card_bw * out.kv_efficiency) * 1000;
  out.memory_ms = out.weights_ms + out.experts_ms + out.kv_ms;
  out.flops_per_token = 2 * static_cast<double>(r.params.matmul_active) +
                        attention_flops_per_token(m, static_cast<double>(context));
  out.rate = matmul_rate(e, g, r.compute);
  if (!(out.memory_ms + out.cpu_ms > 0)) return out;  // no bandwidth figure: no speed
  out.compute_ms = safe_div(c * out.flops_per_token, tp * out.rate.flops_per_s) * 1000;
  out.compute_bound = out.compute_ms > out.memory_ms;
  out.fixed_ms = step_fixed_ms(e, g, m, c);
  out.moe_ms = moe_ms(e, g, m, r.params, tp, ep, c) + alltoall_ms(e, g, m, r.params, tp, ep, c);
  out.indexer_ms = indexer_ms(e, m, c);
  out.sync_ms = 2.0 * std::max(0, m.num_layers) *
                allreduce_seconds(e, g, tp, c * static_cast<double>(m.hidden_size) * 2) * 1000;
  out.boundary_ms = (out.stages - 1) * std::max(0.0, e.boundary_ms);
  // NOTE: the whole step, not only its bytes: SGLang on CDNA 3 is about twice as slow as its bytes and
  // fixed costs say at 1 sequence and at 64 alike (docs/model.md §7), so no one term carries it.
  out.architecture_efficiency = architecture_decode_efficiency(e, g);
  out.step_ms = (std::max(out.memory_ms, out.compute_ms) + out.cpu_ms + out.fixed_ms + out.moe_ms + out.indexer_ms +
                 out.sync_ms +
                 out.boundary_ms) / out.architecture_efficiency;
  out.per_sequence = safe_div(1000, out.step_ms);
  out.aggregate = out.per_sequence * c;
  return out;
}

PrefillSpeed prefill_speed(const Resolved& r, const Gpu& g, const Layout& l, std::int64_t prompt) {
  PrefillSpeed out;
  const EngineProfile& e = r.engine();
  const Model& m = r.model();
  const double p = static_cast<double>(std::max<std::int64_t>(1, prompt));
  const int tp = tensor_parallel_of(e, l);
  const int ep = std::max(1, l.expert_parallel);
  out.tensor_parallel = tp;
  const double chunk_max = static_cast<double>(batched_tokens(r, g));
  out.passes = chunk_max > 0 ? std::ceil(p / chunk_max) : 1;
  const double chunk = p / out.passes;
  out.attention_flops_per_token = attention_flops_per_token(m, p / 2);
  out.flops_per_token = 2 * static_cast<double>(r.params.matmul_active) + out.attention_flops_per_token;
  out.rate = matmul_rate(e, g, r.compute);
  const double experts = m.is_moe ? distinct_experts(m.moe.num_experts, m.moe.experts_per_token, chunk) : 0;
  out.weight_bytes = r.decode_weight_bytes + r.expert_bytes * r.params.moe_layers * experts;
  out.bandwidth = decode_bandwidth(e, g) * quantized_efficiency(r, g);
  // Routed experts see few tokens each: their matmuls run at the engine's prefill expert efficiency.
  const double expert_flops = 2 * static_cast<double>(r.params.moe_layers) * std::max(0, m.moe.experts_per_token) *
                              static_cast<double>(r.params.expert_params);
  // Attention (flash-attention kernels over the causal context) runs at the engine's attention efficiency.
  const double dense_flops = std::max(0.0, out.flops_per_token - expert_flops - out.attention_flops_per_token);
  const double expert_rate = out.rate.flops_per_s * fields::within(e.expert_efficiency_prefill, fields::kPositiveFraction);
  const double attention_rate = out.rate.flops_per_s * fields::within(e.attention_efficiency, fields::kPositiveFraction);
  const int expert_ranks = std::max(tp, ep);
  const double compute_pass = (safe_div(chunk * dense_flops, tp * out.rate.flops_per_s) +
                               safe_div(chunk * out.attention_flops_per_token, tp * attention_rate) +
                               (expert_flops > 0 ? safe_div(chunk * expert_flops, expert_ranks * expert_rate) : 0)) *
                              1000;
  const double weights_pass = safe_div(out.weight_bytes, expert_ranks * out.bandwidth) * 1000;
  if (!(compute_pass > 0)) return out;  // no compute figure: no speed
  out.weight_bound = weights_pass > compute_pass;
  // With pipeline stages the passes overlap: stage k works on pass i while stage k + 1 works on
  // pass i - 1, so P passes over S stages take (P + S - 1) / S pass times (GPipe).
  const double stages = std::max(1, l.pipeline_parallel);
  out.pipelined_passes = (out.passes + stages - 1) / stages;
  out.compute_ms = compute_pass * out.pipelined_passes;
  out.weights_ms = weights_pass * out.pipelined_passes;
  out.fixed_ms = (step_fixed_ms(e, g, m, 1) + std::max(0.0, e.prefill_ms_per_layer) * std::max(0, m.num_layers) +
                  moe_ms(e, g, m, r.params, tp, ep, chunk) + alltoall_ms(e, g, m, r.params, tp, ep, chunk)) *
                 out.pipelined_passes;
  out.sync_ms = 2.0 * std::max(0, m.num_layers) *
                allreduce_seconds(e, g, tp, chunk * static_cast<double>(m.hidden_size) * 2) * 1000 *
                out.pipelined_passes;
  out.boundary_ms = (stages - 1) * std::max(0.0, e.boundary_ms) * out.pipelined_passes;
  const OffloadSplit split = offload_split(r, l);
  if (split.active) {
    out.pcie_ms = safe_div(split.cpu_weight_bytes, pcie_bandwidth(r.catalog().defaults, g)) * 1000 * out.passes;
  }
  out.ttft_ms = std::max(out.compute_ms, out.weights_ms) + out.pcie_ms + out.fixed_ms + out.sync_ms + out.boundary_ms;
  out.tokens_per_s = safe_div(p * 1000, out.ttft_ms);
  return out;
}

MixedDecode mixed_decode(double step_ms, double prefill_ms, double concurrency, double output_tokens) {
  MixedDecode out;
  out.concurrency = std::max(1.0, concurrency);
  out.step_ms = std::max(0.0, step_ms);
  out.prefill_ms = std::max(0.0, prefill_ms);
  const double o = std::max(1.0, output_tokens);
  out.tpot_ms = out.step_ms + (out.concurrency - 1) * out.prefill_ms / o;
  out.tokens_per_s = safe_div(out.concurrency * o * 1000, o * out.step_ms + out.concurrency * out.prefill_ms);
  return out;
}

Serving serving_at(const std::function<double(std::int64_t)>& step_ms, double ttft_ms, double mixed_prefill_ms,
                   std::int64_t max_batch, double output_tokens, double max_tpot_ms) {
  Serving s;
  s.prefill_ms = ttft_ms;
  s.mixed_prefill_ms = std::max(0.0, mixed_prefill_ms);
  auto at = [&](std::int64_t b) { return mixed_decode(step_ms(b), s.mixed_prefill_ms, static_cast<double>(b), output_tokens); };
  const std::int64_t most = std::max<std::int64_t>(1, max_batch);
  s.batch = most;
  if (max_tpot_ms > 0) {
    if (at(1).tpot_ms > max_tpot_ms) {
      s.limited_by = ServingLimit::Tpot;
      s.batch = 0;
      return s;
    }
    std::int64_t lo = 1, hi = most;  // tpot(lo) within the limit; tpot grows with the batch
    if (at(hi).tpot_ms > max_tpot_ms) {
      while (hi - lo > 1) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        (at(mid).tpot_ms <= max_tpot_ms ? lo : hi) = mid;
      }
      s.batch = lo;
      s.limited_by = ServingLimit::Tpot;
    }
  }
  s.feasible = true;
  const MixedDecode m = at(s.batch);
  s.step_ms = m.step_ms;
  s.tpot_ms = m.tpot_ms;
  s.requests_per_s = output_tokens > 0 ? m.tokens_per_s / std::max(1.0, output_tokens) : 0;
  return s;
}

double mixed_prefill_ms(const PrefillSpeed& p) { return std::max(0.0, p.compute_ms) + std::max(0.0, p.sync_ms); }

double training_flops_per_token(const Resolved& r, std::int64_t seq) {
  const double n = static_cast<double>(r.params.matmul_active);
  const double a = attention_flops_per_token(r.model(), static_cast<double>(std::max<std::int64_t>(1, seq)));
  const double forward = 2 * n + a;
  double f = is_lora(r.task) ? 4 * n + 3 * a : 3 * forward;
  if (r.checkpointing == Checkpointing::Full) f += forward;
  if (r.checkpointing == Checkpointing::Selective) f += a;
  return f;
}

MfuParts default_mfu(const Defaults& d, const Gpu& g, const Model& m, const ParamCounts& params, int cards) {
  MfuParts out;
  switch (g.gpu_class) {
    case GpuClass::Datacenter: {
      out.base = d.mfu_datacenter;
      for (const ArchitectureMfu& a : d.mfu_by_architecture) {
        if (a.architecture == g.architecture) out.base = a.mfu;
      }
      break;
    }
    case GpuClass::Workstation: out.base = d.mfu_workstation; break;
    case GpuClass::Consumer: out.base = d.mfu_consumer; break;
    case GpuClass::Laptop: out.base = d.mfu_laptop; break;
  }
  const double billions = static_cast<double>(params.active) / 1e9;
  for (const SizeMfu& s : d.mfu_by_model_size) {
    if (billions < s.below_params_b) {
      out.size = s.factor;
      break;
    }
  }
  out.moe = m.is_moe ? d.mfu_moe : 1;
  if (d.mfu_scale_cards > 0 && cards > d.mfu_scale_cards) {
    out.scale = std::pow(1 - std::clamp(d.mfu_loss_per_doubling, 0.0, 0.5), std::log2(cards / d.mfu_scale_cards));
  }
  out.mfu = out.base * out.size * out.moe * out.scale;
  return out;
}

TrainTime train_time(const Resolved& r, const Gpu& g, const Layout& l) {
  TrainTime out;
  const Defaults& d = r.catalog().defaults;
  const int cards = std::max(1, l.cards);
  out.parts = default_mfu(d, g, r.model(), r.params, cards);
  out.mfu = r.scenario().mfu.value_or(out.parts.mfu);
  out.bubble = pipeline_bubble(l);
  out.scaling = cards > 1 ? fields::within(has_fast_link(g) ? d.train_scaling_nvlink : d.train_scaling_pcie, fields::kPositiveFraction) : 1.0;
  const DenseRate peak = dense_rate(g, r.fp8_training ? ComputeType::Bf16 : r.compute);
  out.peak_tflops = peak.tflops;
  out.peak_type = peak.used;
  out.fp8_speedup = r.fp8_training && g.fp8_dense_tflops > 0 ? std::max(1.0, d.fp8_training_speedup) : 1.0;
  out.run_efficiency = r.task == Task::Pretrain ? fields::within(d.run_efficiency, fields::kPositiveFraction) : 1.0;
  const double per_token = training_flops_per_token(r, r.scenario().context);
  const double rate = cards * out.peak_tflops * 1e12 * out.mfu * (1 - out.bubble) * out.scaling * out.fp8_speedup;
  // Seconds per token on top of the math, every card at once: expert-parallel all-to-alls (forward
  // and backward: 4 per MoE layer, each moving top_k x hidden x 2 B per token of a card) and the
  // optimizer step in host memory (per step, spread over the step's tokens).
  const Model& m = r.model();
  const int ep = m.is_moe ? std::max(1, l.expert_parallel) : 1;
  if (ep > 1) {
    const double bytes = 2.0 * std::max(0, m.moe.experts_per_token) * static_cast<double>(m.hidden_size) * 2;
    const double token_s = 4.0 * r.params.moe_layers * safe_div((ep - 1.0) / ep * bytes, link_bytes_per_s(g));
    out.alltoall_s_per_token = token_s / cards;  // each card moves its own tokens, all cards at once
  }
  if (r.scenario().optimizer_offload) {
    // ZeRO-Offload: each card's share of the parameters crosses PCIe twice (gradients down, weights
    // up, 2 B each) and the CPU reads and writes their FP32 optimizer states once per step.
    const double params_card = static_cast<double>(r.params.total) / cards;
    const double host = host_bandwidth(r, g).effective;
    const double step_s = params_card * 4 / std::max(1.0, pcie_bandwidth(d, g)) +
                          params_card * 2 * optimizer_bytes_per_param(r.scenario().optimizer, r.fp32_training) /
                              std::max(1.0, host);
    out.offload_s_per_token = step_s / std::max(1.0, step_tokens(r));
  }
  const double seconds_per_token = safe_div(per_token, rate) + out.alltoall_s_per_token + out.offload_s_per_token;
  out.tokens_per_s = safe_div(1.0, seconds_per_token);
  out.flops = per_token * r.scenario().tokens;
  out.hours = seconds_per_token * r.scenario().tokens / 3600 / out.run_efficiency;
  out.gpu_hours = out.hours * cards;
  return out;
}

}  // namespace cardfit
