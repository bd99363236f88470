// Speed (docs/model.md §Speed). Decode: every step reads the weights and the KV cache at the
// engine's marginal bandwidth efficiency (HBM or GDDR) times the format's kernel efficiency,
// plus the engine's fixed per-step cost, MoE per-layer costs, tensor-parallel all-reduces and
// layer-split boundaries; compute bound at high concurrency. Prefill: 2 x N_active FLOPs per
// token plus attention at the dense tensor rate x the engine's fitted efficiency, chunked by the
// engine's batched tokens. Training: FLOPs at peak x MFU, the MFU fitted by architecture, model
// size, MoE and scale, with the pipeline bubble counted. Only dense tensor rates.
#pragma once

#include <cstdint>
#include <functional>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "hardware.hpp"
#include "memory.hpp"
#include "resolve.hpp"

namespace cardfit {

// Expected distinct routed experts one MoE layer reads for n tokens: E x (1 - (1 - k/E)^n).
double distinct_experts(int experts, int top_k, double tokens);

// Attention FLOPs per token over all layers at `context` positions (forward):
// 2 x heads x (d_qk + d_v) x positions per layer, sliding layers capped at their window, chunked
// layers at their chunk, DSA layers at the indexer's top_k (plus the indexer's 2 x index_heads x
// index_head_dim x context; indexer.dense_layers attend to all of it); a linear-attention layer costs 4 x value_heads x key_head_dim x
// value_head_dim (state update and read) + 2 x conv_dim x conv_kernel, whatever the context.
// DeepSeek-V4: 2 x heads x 2 x head_dim per attended latent (window on every layer, the indexer's
// top-k on ratio-4 layers, every compressed latent on ratio-128 layers) + the indexer's
// 2 x index_heads x index_head_dim per compressed position of each ratio-4 layer.
double attention_flops_per_token(const Model& model, double context);

// KV bytes one decode step reads for one sequence at `context` tokens: every cached token of the
// full layers (DSA: only the top_k tokens the indexer picks, plus the indexer's keys of every
// token; the indexer.dense_layers read every token), min(context, window) / min(context, chunk) tokens of windowed / chunked layers.
// The linear-attention state (state_bytes_per_sequence) is read on top of it. DeepSeek-V4: the
// latents attended (as in attention_flops_per_token) x 584 B + the indexer keys of every
// compressed position x 132 B, in vLLM's fp8_ds_mla layout whatever kv_bits says.
double kv_read_bytes_per_sequence(const Model& model, double kv_bits, std::int64_t context);

// One tensor-parallel all-reduce of `bytes` per card: latency + ring traffic 2(t-1)/t x bytes
// over the card's link, seconds (0 on one card or with layer split).
double allreduce_seconds(const EngineProfile& engine, const Gpu& gpu, int tensor_parallel, double bytes);

// The engine's marginal bandwidth efficiency on this card (HBM or GDDR).
double bandwidth_efficiency(const EngineProfile& engine, const Gpu& gpu);

// Bytes/s one card reads in a decode step: datasheet x bandwidth_efficiency, capped at the card's
// measured achievable bandwidth when it has one.
double decode_bandwidth(const EngineProfile& engine, const Gpu& gpu);
// Decode efficiency of the bytes stored at the weight format's bits: FP4 formats by the card's FP4
// path (tensor cores or weight-only kernels) and the engine's kernels for it; other formats by the
// engine's kernels for that format (decode_efficiency_by_precision: TensorRT-LLM's INT4 AWQ), else
// the format's decode_efficiency. Kept 16-bit tensors (MXFP4's attention and dense layers) read at 1.
double quantized_efficiency(const Resolved& r, const Gpu& gpu);
// The engine's efficiency of the whole decode step on the card's generation
// (decode_efficiency_by_architecture; 1 where none is listed).
double architecture_decode_efficiency(const EngineProfile& engine, const Gpu& gpu);
// The engine's routed-expert efficiency on this GPU's memory (HBM or GDDR).
double expert_efficiency(const EngineProfile& engine, const Gpu& gpu);

// FLOP/s one card reaches in matmuls: the dense rate for the compute type (the FP16-accumulate
// rate for engines that accumulate in FP16; the matrix-unit rate for 16-bit matmuls of engines
// with kernels for the card's matrix units, fp16_matrix_units) x the engine's prefill efficiency
// for 16 or 8 bits (its prefill_efficiency_by_architecture entry for the card's generation, where
// one is listed).
struct MatmulRate {
  DenseRate dense;          // the datasheet rate taken
  double efficiency = 1;
  double flops_per_s = 0;   // dense x efficiency
};
MatmulRate matmul_rate(const EngineProfile& engine, const Gpu& gpu, ComputeType compute);

// The engine's fixed time per step on `gpu`: its step_ms_by_architecture entry for the card's
// generation, else step_ms, ms.
double step_ms_on(const EngineProfile& engine, const Gpu& gpu);

// The engine's fixed time per MoE layer per step on `gpu`: its moe_us_per_layer_by_compute_capability
// entry for the card's compute capability, else moe_us_per_layer, us.
double moe_us_per_layer_on(const EngineProfile& engine, const Gpu& gpu);

// The engine's fixed time per decode step on `model` with `sequences` in the batch:
// step_ms_on(gpu) + step_ms_per_layer x layers + step_ms_per_sequence x sequences, ms.
double step_fixed_ms(const EngineProfile& engine, const Gpu& gpu, const Model& model, double sequences);

struct DecodeSpeed {
  double per_sequence = 0;     // tokens/s seen by each sequence
  double aggregate = 0;        // tokens/s of all concurrent sequences
  double step_ms = 0;          // (max(memory_ms, compute_ms) + fixed_ms + moe_ms + indexer_ms + sync_ms + boundary_ms)
                               // / architecture_efficiency
  double memory_ms = 0;        // weights_ms + experts_ms + kv_ms
  double weights_ms = 0;       // dense weights / (TP x bandwidth x efficiency x kernel efficiency)
  double experts_ms = 0;       // routed experts read this step, x the engine's expert efficiency
  double kv_ms = 0;            // KV cache of every sequence
  double compute_ms = 0;       // concurrency x flops_per_token / (TP x rate)
  double fixed_ms = 0;         // step_fixed_ms at the concurrency
  double moe_ms = 0;           // MoE layers x (moe_us_per_layer + touched experts per card x moe_us_per_expert
                               // (_parallel across cards)) + expert-parallel all-to-alls
  double indexer_ms = 0;       // DSA: indexer layers x (indexer_us_per_layer + sequences x indexer_us_per_sequence)
  double sync_ms = 0;          // 2 all-reduces per layer when tensor parallel
  double boundary_ms = 0;      // (stages - 1) x boundary_ms
  double cpu_ms = 0;           // partial offload: cpu_bytes / host bandwidth (the CPU part of every step)
  double cpu_bytes = 0;        // weights and KV cache read from host memory per step
  double host_bandwidth = 0;   // effective bytes/s of host memory (0 without offload)
  double weight_bytes = 0;     // dense weights read per step, all cards
  double weight_bytes_quantized = 0;  // ... of which stored at the format's bits (read at kernel_efficiency)
  int host_layers = 0;         // partial offload: layers (or MoE layers' experts) computed from host memory
  double expert_bytes = 0;     // routed experts read per step, all cards
  double kv_bytes = 0;         // KV cache read per step, all cards
  double flops_per_token = 0;
  double bandwidth = 0;        // decode_bandwidth: effective bytes/s of one card
  double kernel_efficiency = 1;  // quantized_efficiency: the format's bytes through its kernels on this card
  double expert_efficiency = 1;  // routed-expert reads: 1 - (1 - expert_efficiency(e, g)) x top_k / touched experts
  double kv_efficiency = 1;      // KV-cache reads relative to the engine bandwidth: min(1, sequences x
                                 // the engine's kv_read_efficiency_one_sequence)
  double architecture_efficiency = 1;  // architecture_decode_efficiency: the engine's kernels on this generation
  MatmulRate rate;             // one card
  int tensor_parallel = 1;
  int expert_parallel = 1;
  int stages = 1;
  bool compute_bound = false;
};
DecodeSpeed decode_speed(const Resolved& r, const Gpu& gpu, const Layout& layout, std::int64_t context,
                         std::int64_t concurrency);

struct PrefillSpeed {
  double tokens_per_s = 0;     // prompt / ttft
  double ttft_ms = 0;          // passes x (max(compute, weight read) + fixed + sync + boundaries)
  double flops_per_token = 0;  // averaged over the prompt (causal: mean position prompt/2)
  double attention_flops_per_token = 0;  // ... of which attention, at the engine's attention_efficiency
  double passes = 1;           // ceil(prompt / batched tokens): chunked prefill reads the weights per pass
  double pipelined_passes = 1; // (passes + stages - 1) / stages: passes overlap across pipeline stages
  bool weight_bound = false;   // short prompt: reading the weights takes longer than the math
  double compute_ms = 0;       // all passes; routed-expert FLOPs at the engine's expert efficiency
  double weights_ms = 0;       // all passes
  double fixed_ms = 0;         // all passes: step_fixed_ms (one sequence) + prefill_ms_per_layer x layers + MoE
  double sync_ms = 0;          // all passes
  double boundary_ms = 0;      // all passes
  double pcie_ms = 0;          // partial offload: the host-memory weights cross PCIe once per pass
  double weight_bytes = 0;     // weights read per pass (MoE: the experts the chunk touches)
  double bandwidth = 0;        // decode_bandwidth x the format's kernel efficiency, one card
  MatmulRate rate;             // one card
  int tensor_parallel = 1;
};
PrefillSpeed prefill_speed(const Resolved& r, const Gpu& gpu, const Layout& layout, std::int64_t prompt);

// Steady-state serving at a fixed concurrency c (continuous batching with chunked prefill, as a
// serving benchmark runs it: fixed prompt and output lengths, a new request as soon as one ends;
// docs/model.md §Decode with prefill mixed in). Each request adds `prefill_ms` of work to the decode
// steps and takes `output` steps of `step_ms`. A slot's cycle is output x step + c x prefill (every
// slot's next prompt once, its own included); a request's decode span holds the other c - 1:
// TPOT = step + (c - 1) x prefill / output, output tokens/s = c x output x 1000 / (output x step + c x prefill).
MixedDecode mixed_decode(double step_ms, double prefill_ms, double concurrency, double output_tokens);

// One replica sized from traffic (docs/planner.md §Sizing from traffic): a full batch of B sequences
// in steady state, mixed_decode(step_ms(B), mixed_prefill_ms, B, output) at the largest B up to
// `max_batch` whose TPOT meets `max_tpot_ms` (0 = no limit; TPOT grows with B: bisection).
// requests/s = B x 1000 / (output x step + B x prefill). `ttft_ms` is kept for the queueing TTFT.
Serving serving_at(const std::function<double(std::int64_t)>& step_ms, double ttft_ms, double mixed_prefill_ms,
                   std::int64_t max_batch, double output_tokens, double max_tpot_ms);

// The work one prompt adds to the decode steps it is chunked into: its math and its all-reduces
// (PrefillSpeed::compute_ms + sync_ms). The weight reads, fixed and MoE per-step costs are the step's
// own, paid once for the decode and the chunk together.
double mixed_prefill_ms(const PrefillSpeed& prefill);

// Training FLOPs per token with forward F = 2N + A (A = attention at the sequence length):
// full/pretrain 3F (6N), + F with full recomputation (8N), + A with selective;
// LoRA/QLoRA 4N + 3A (no weight gradients for the frozen base), + F with full recomputation.
double training_flops_per_token(const Resolved& r, std::int64_t seq);

// The default MFU and its factors: architecture (datacenter cards) or GPU class, model size,
// MoE, and the loss per doubling beyond mfu_scale_cards.
struct MfuParts {
  double base = 0;
  double size = 1;
  double moe = 1;
  double scale = 1;
  double mfu = 0;  // the product
};
MfuParts default_mfu(const Defaults& defaults, const Gpu& gpu, const Model& model, const ParamCounts& params,
                     int cards);

struct TrainTime {
  double flops = 0;            // total for Scenario::tokens
  double tokens_per_s = 0;     // all cards
  double hours = 0;            // wall clock, run efficiency included
  double gpu_hours = 0;
  double mfu = 0;              // the scenario's, else default_mfu
  MfuParts parts;              // the default's factors (when the scenario gives none)
  double bubble = 0;           // pipeline bubble fraction
  double scaling = 1;          // multi-card link efficiency (1 on one card or over NVLink)
  double fp8_speedup = 1;      // FP8 training on FP8 tensor cores
  double run_efficiency = 1;   // pre-training: share of wall clock spent training
  double alltoall_s_per_token = 0;  // expert parallel: all-to-all time per token, all cards at once
  double offload_s_per_token = 0;   // optimizer offload: the host-memory optimizer step per token
  double peak_tflops = 0;      // per card, dense, 16-bit (FP8 training counts against it too)
  ComputeType peak_type = ComputeType::Bf16;
};
TrainTime train_time(const Resolved& r, const Gpu& gpu, const Layout& layout);

}  // namespace cardfit
