// Speed: decode is memory-bandwidth bound at low concurrency (bytes read per step / effective
// bandwidth) and compute bound at high concurrency; prefill is compute bound (2 x N_active FLOPs
// per token plus attention) at the dense tensor rate; training time from 6ND-style FLOP counts
// at peak x MFU x multi-card scaling. Only dense tensor rates (never sparse or non-tensor ones).
#pragma once

#include <cstdint>

#include "catalog.hpp"
#include "hardware.hpp"
#include "memory.hpp"
#include "resolve.hpp"

namespace cardfit {

// Speed-up of t tensor-parallel cards: 1 + (t - 1) x scaling (NVLink or PCIe figure of the engine).
double tp_speedup(const EngineProfile& engine, const Gpu& gpu, int tensor_parallel);

// Per decode step: 2 all-reduces per layer when tensor parallel (0 on one card or layer split), seconds.
double tp_sync_seconds(const EngineProfile& engine, const Gpu& gpu, const Model& model, int tensor_parallel);

// Expected distinct routed experts one MoE layer reads for n tokens: E x (1 - (1 - k/E)^n).
double distinct_experts(int experts, int top_k, double tokens);

// Attention FLOPs per token over all layers at `context` positions (forward):
// 2 x heads x (d_qk + d_v) x positions per layer, sliding layers capped at their window, chunked
// layers at their chunk, DSA layers at the indexer's top_k (plus the indexer's 2 x index_heads x
// index_head_dim x context); a linear-attention layer costs 4 x value_heads x key_head_dim x
// value_head_dim (state update and read) + 2 x conv_dim x conv_kernel, whatever the context.
double attention_flops_per_token(const Model& model, double context);

// KV bytes one decode step reads for one sequence at `context` tokens: every cached token of the
// full layers (DSA: only the top_k tokens the indexer picks, plus the indexer's keys of every
// token), min(context, window) / min(context, chunk) tokens of windowed / chunked layers.
// The linear-attention state (state_bytes_per_sequence) is read on top of it.
double kv_read_bytes_per_sequence(const Model& model, double kv_bits, std::int64_t context);

struct DecodeSpeed {
  double per_sequence = 0;     // tokens/s seen by each sequence
  double aggregate = 0;        // tokens/s of all concurrent sequences
  double step_ms = 0;          // one decode step: max(memory_ms, compute_ms) + sync_ms + overhead_ms
  double memory_ms = 0;        // bytes_per_step / bandwidth
  double compute_ms = 0;       // concurrency x flops_per_token / rate
  double sync_ms = 0;          // tensor-parallel all-reduces
  double overhead_ms = 0;      // the engine's fixed per-step cost
  double bytes_per_step = 0;   // weights + KV read per step (all cards)
  double flops_per_token = 0;
  double bandwidth = 0;        // effective bytes/s: datasheet x efficiency x TP speed-up
  double rate = 0;             // effective FLOP/s: dense rate x efficiency x TP speed-up
  double tp_speedup = 1;
  bool compute_bound = false;
};
DecodeSpeed decode_speed(const Resolved& r, const Gpu& gpu, const Layout& layout, std::int64_t context,
                         std::int64_t concurrency);

struct PrefillSpeed {
  double tokens_per_s = 0;
  double ttft_ms = 0;          // max(compute, one read of the weights) + overhead_ms
  double flops_per_token = 0;  // averaged over the prompt (causal: mean position prompt/2)
  bool weight_bound = false;   // short prompt: reading the weights once takes longer than the math
  double compute_tokens_per_s = 0;  // the compute roof alone
  double weight_bytes = 0;     // weights read once for the prompt (MoE: the experts it touches)
  double bandwidth = 0;        // effective bytes/s
  double rate = 0;             // effective FLOP/s
  double tp_speedup = 1;
  double overhead_ms = 0;
};
PrefillSpeed prefill_speed(const Resolved& r, const Gpu& gpu, const Layout& layout, std::int64_t prompt);

// Training FLOPs per token with forward F = 2N + A (A = attention at the sequence length):
// full/pretrain 3F (6N), + F with full recomputation (8N), + A with selective;
// LoRA/QLoRA 4N + 3A (no weight gradients for the frozen base), + F with full recomputation.
double training_flops_per_token(const Resolved& r, std::int64_t seq);

struct TrainTime {
  double flops = 0;            // total for Scenario::tokens
  double tokens_per_s = 0;     // all cards
  double hours = 0;
  double gpu_hours = 0;
  double mfu = 0;
  double scaling = 1;          // multi-card efficiency (1 on one card)
  double peak_tflops = 0;      // per card
};
TrainTime train_time(const Resolved& r, const Gpu& gpu, const Layout& layout);

double default_mfu(const Defaults& defaults, GpuClass gpu_class);

}  // namespace cardfit
