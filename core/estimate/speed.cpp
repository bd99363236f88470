// Decode, prefill and training-time formulas (docs/model.md §Speed). Every division guarded.
#include "speed.hpp"

#include <algorithm>
#include <cmath>

namespace cardfit {
namespace {

double safe_div(double a, double b) { return b > 0 && std::isfinite(a) ? a / b : 0; }

}  // namespace

double tp_speedup(const EngineProfile& e, const Gpu& g, int tp) {
  if (tp <= 1 || e.multi_gpu != MultiGpu::Tensor) return 1;
  const double s = has_fast_link(g) ? e.tp_scaling_nvlink : e.tp_scaling_pcie;
  return 1 + (tp - 1) * std::clamp(s, 0.0, 1.0);
}

double tp_sync_seconds(const EngineProfile& e, const Gpu& g, const Model& m, int tp) {
  if (tp <= 1 || e.multi_gpu != MultiGpu::Tensor) return 0;
  const double us = has_fast_link(g) ? e.tp_allreduce_us_nvlink : e.tp_allreduce_us_pcie;
  return 2.0 * std::max(0, m.num_layers) * std::max(0.0, us) * 1e-6;
}

double distinct_experts(int experts, int top_k, double tokens) {
  if (experts <= 0 || top_k <= 0) return 0;
  const double e = experts;
  const double p = std::min(1.0, top_k / e);
  if (p >= 1) return e;
  return e * (1 - std::pow(1 - p, std::max(1.0, tokens)));
}

double attention_flops_per_token(const Model& m, double context) {
  const KvShape ks = kv_shape(m, 16);  // only the layer counts and caps are used
  const double heads = m.num_attention_heads;
  const double d_qk = m.is_mla ? m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim : m.head_dim;
  const double d_v = m.is_mla ? m.mla.v_head_dim : m.head_dim;
  const double per_position = 2 * heads * (d_qk + d_v);
  const double ctx = std::max(0.0, context);
  auto capped = [ctx](std::int64_t cap) { return cap > 0 ? std::min(ctx, static_cast<double>(cap)) : ctx; };
  // DSA: the main attention reads only the indexer's top_k tokens; the indexer scores every one.
  const double full_positions = m.has_indexer ? capped(m.indexer.top_k) : ctx;
  double flops = per_position * (ks.full_layers * full_positions + ks.window_layers * capped(ks.window) +
                                 ks.chunk_layers * capped(ks.chunk));
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
  const KvShape ks = kv_shape(m, kv_bits);
  const double ctx = static_cast<double>(std::max<std::int64_t>(0, context));
  auto capped = [ctx](std::int64_t cap) { return cap > 0 ? std::min(ctx, static_cast<double>(cap)) : ctx; };
  const double full_positions = m.has_indexer ? capped(m.indexer.top_k) : ctx;
  return ks.per_layer * (ks.full_layers * full_positions + ks.window_layers * capped(ks.window) +
                         ks.chunk_layers * capped(ks.chunk)) +
         ks.indexer_per_layer * ks.indexer_layers * ctx;
}

DecodeSpeed decode_speed(const Resolved& r, const Gpu& g, const Layout& l, std::int64_t context,
                         std::int64_t concurrency) {
  DecodeSpeed out;
  const EngineProfile& e = r.engine();
  const Model& m = r.model();
  const double c = static_cast<double>(std::max<std::int64_t>(1, concurrency));
  out.tp_speedup = tp_speedup(e, g, l.tensor_parallel);
  out.bandwidth = g.memory_bandwidth_gb_per_s * 1e9 * std::clamp(e.decode_bandwidth_efficiency, 0.0, 1.0) * out.tp_speedup;
  const double experts = m.is_moe ? distinct_experts(m.moe.num_experts, m.moe.experts_per_token, c) : 0;
  const double weights = r.decode_weight_bytes + r.expert_bytes * r.params.moe_layers * experts;
  const double kv = c * (kv_read_bytes_per_sequence(m, r.kv_bits, context) * kv_replication(m, l.tensor_parallel) +
                         state_bytes_per_sequence(m, r.state_bits));
  out.bytes_per_step = weights + kv;
  out.flops_per_token = 2 * static_cast<double>(r.params.matmul_active) +
                        attention_flops_per_token(m, static_cast<double>(context));
  out.rate = dense_rate(g, r.compute).tflops * 1e12 * std::clamp(e.prefill_compute_efficiency, 0.0, 1.0) * out.tp_speedup;
  const double memory_s = safe_div(out.bytes_per_step, out.bandwidth);
  const double compute_s = safe_div(c * out.flops_per_token, out.rate);
  if (!(memory_s > 0)) return out;  // no bandwidth figure: no speed
  out.compute_bound = compute_s > memory_s;
  out.memory_ms = memory_s * 1000;
  out.compute_ms = compute_s * 1000;
  out.sync_ms = tp_sync_seconds(e, g, m, l.tensor_parallel) * 1000;
  out.overhead_ms = std::max(0.0, e.decode_overhead_ms);
  const double step_s = (std::max(out.memory_ms, out.compute_ms) + out.sync_ms + out.overhead_ms) / 1000;
  out.step_ms = step_s * 1000;
  out.per_sequence = safe_div(1, step_s);
  out.aggregate = safe_div(c, step_s);
  return out;
}

PrefillSpeed prefill_speed(const Resolved& r, const Gpu& g, const Layout& l, std::int64_t prompt) {
  PrefillSpeed out;
  const EngineProfile& e = r.engine();
  const Model& m = r.model();
  const double p = static_cast<double>(std::max<std::int64_t>(1, prompt));
  out.tp_speedup = tp_speedup(e, g, l.tensor_parallel);
  out.flops_per_token = 2 * static_cast<double>(r.params.matmul_active) + attention_flops_per_token(m, p / 2);
  out.rate = dense_rate(g, r.compute).tflops * 1e12 * std::clamp(e.prefill_compute_efficiency, 0.0, 1.0) * out.tp_speedup;
  out.bandwidth = g.memory_bandwidth_gb_per_s * 1e9 * std::clamp(e.decode_bandwidth_efficiency, 0.0, 1.0) * out.tp_speedup;
  const double experts = m.is_moe ? distinct_experts(m.moe.num_experts, m.moe.experts_per_token, p) : 0;
  out.weight_bytes = r.decode_weight_bytes + r.expert_bytes * r.params.moe_layers * experts;
  out.compute_tokens_per_s = safe_div(out.rate, out.flops_per_token);
  const double compute_s = safe_div(p * out.flops_per_token, out.rate);
  const double weights_s = safe_div(out.weight_bytes, out.bandwidth);
  if (!(compute_s > 0)) return out;  // no compute figure: no speed
  out.weight_bound = weights_s > compute_s;
  const double busy_s = std::max(compute_s, weights_s);
  out.tokens_per_s = safe_div(p, busy_s);
  out.overhead_ms = std::max(0.0, e.decode_overhead_ms);
  out.ttft_ms = busy_s * 1000 + out.overhead_ms;
  return out;
}

double training_flops_per_token(const Resolved& r, std::int64_t seq) {
  const double n = static_cast<double>(r.params.matmul_active);
  const double a = attention_flops_per_token(r.model(), static_cast<double>(std::max<std::int64_t>(1, seq)));
  const double forward = 2 * n + a;
  const Checkpointing ckpt = r.scenario().checkpointing;
  double f = 0;
  if (is_lora(r.task)) {
    f = 4 * n + 3 * a;
  } else {
    f = 3 * forward;
  }
  if (ckpt == Checkpointing::Full) f += forward;
  if (ckpt == Checkpointing::Selective) f += a;
  return f;
}

double default_mfu(const Defaults& d, GpuClass c) {
  switch (c) {
    case GpuClass::Datacenter: return d.mfu_datacenter;
    case GpuClass::Workstation: return d.mfu_workstation;
    case GpuClass::Consumer: return d.mfu_consumer;
    case GpuClass::Laptop: return d.mfu_laptop;
  }
  return d.mfu_datacenter;
}

TrainTime train_time(const Resolved& r, const Gpu& g, const Layout& l) {
  TrainTime out;
  const Defaults& d = r.catalog().defaults;
  const double cards = std::max(1, l.cards);
  out.mfu = r.scenario().mfu > 0 ? r.scenario().mfu : default_mfu(d, g.gpu_class);
  out.scaling = cards > 1 ? std::clamp(has_fast_link(g) ? d.train_scaling_nvlink : d.train_scaling_pcie, 0.0, 1.0) : 1.0;
  out.peak_tflops = dense_rate(g, r.compute).tflops;
  const double per_token = training_flops_per_token(r, r.scenario().context);
  const double rate = cards * out.peak_tflops * 1e12 * out.mfu * out.scaling;  // FLOP/s
  out.tokens_per_s = safe_div(rate, per_token);
  out.flops = per_token * r.scenario().tokens;
  const double seconds = safe_div(out.flops, rate);
  out.hours = seconds / 3600;
  out.gpu_hours = out.hours * cards;
  return out;
}

}  // namespace cardfit
