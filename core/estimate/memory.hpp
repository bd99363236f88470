// Memory in bytes: weights by precision (what each format leaves in 16-bit), the KV cache
// (GQA, head_dim from the config, sliding and chunked windows, MLA latents, the DSA indexer's keys)
// and linear attention's fixed state, ZeRO-sharded model states,
// Korthikanti et al. activations, LoRA adapters, and the per-card totals for a layout.
// Sources: docs/model.md §Memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "params.hpp"
#include "resolve.hpp"
#include "scenario.hpp"
#include "units.hpp"
#include "weights.hpp"

namespace cardfit {

// [SECTION] KV cache and per-sequence state

// What the attention layers keep per token. Each layer has one kind of attention: full (every
// token cached), sliding window (the last `window` tokens), chunked (Llama 4: the tokens of the
// current chunk, at most `chunk`), or linear (Gated DeltaNet: no per-token cache, a fixed state
// per sequence instead). Engines cap windowed and chunked layers (vLLM's hybrid KV cache manager).
struct KvShape {
  double per_layer = 0;             // bytes per token per caching layer: MHA/GQA 2 x kv_heads x head_dim x bits/8
                                    // (K and V); MLA (kv_lora_rank + qk_rope_head_dim) x bits/8
  double window_per_layer = 0;      // the same for a sliding layer (its own KV heads when it has them)
  int full_layers = 0;              // layers that cache every token
  int window_layers = 0;            // sliding-window layers
  std::int64_t window = 0;          // tokens kept by a sliding layer (0 = none)
  int chunk_layers = 0;             // chunked-attention layers
  std::int64_t chunk = 0;           // tokens per chunk (0 = none)
  int indexer_layers = 0;           // DSA: layers whose indexer caches its own key per token
                                    // (indexer.layers when set: GLM-5.2's shared indexer)
  int dense_layers = 0;             // of full_layers, those with no sparse selection that read
                                    // every cached token (indexer.dense_layers: MiniMax-M3's 3)
  double indexer_per_layer = 0;     // its bytes per token per layer: head_dim x key_bits/8
  double full_bytes_per_token = 0;    // full_layers x per_layer + indexer_layers x indexer_per_layer
  double window_bytes_per_token = 0;  // window_layers x window_per_layer
  double chunk_bytes_per_token = 0;   // chunk_layers x per_layer
  // DeepSeek-V4: what one sequence holds whatever its length (every layer's sliding-window blocks
  // and the compressors' FP32 state blocks); kv_cache_bytes_per_sequence adds it once context > 0.
  double fixed_bytes_per_sequence = 0;
};
KvShape kv_shape(const Model& model, double kv_bits);
// DeepSeek-V4's cache as vLLM allocates it (memory.cpp, "DeepSeek-V4"); kv_bits does not apply:
// vLLM runs DeepSeek-V4 with its fp8_ds_mla layout only.
struct DeepseekV4Cache {
  double token_bytes = 0;          // one latent entry: NoPE FP8 + RoPE BF16 + scales + pad (584)
  double index_token_bytes = 0;    // one indexer key: index_head_dim FP8 + an FP32 scale per 128 (132)
  double ratio4_per_token = 0;     // a ratio-4 layer: compressed latent + indexer key, per token
  double ratio128_per_token = 0;   // a ratio-128 layer: compressed latent, per token
  double window_per_layer = 0;     // a layer's sliding-window blocks, per sequence
  double ratio4_state = 0;         // a ratio-4 layer's two compressor states, per sequence
  double ratio128_state = 0;       // a ratio-128 layer's compressor state, per sequence
  // The figures above are each cache on pages of its own. vLLM packs them into ONE block pool
  // (kv_cache_planning.py _get_packed_kv_cache_groups): four buckets of specs that need the same
  // token slots (the latents and indexer keys, 256 tokens a block; the window, 64; ratio-4
  // compressor states, 4; ratio-128 states, 8), a balanced bucket split into groups of `repeats`
  // layer-pattern repeats (_approximate_gcd), and every block of every group costs the widest
  // group's pages (_get_kv_cache_bytes_per_block).
  int repeats = 0;                 // layer-pattern repeats per group; 0 = no bucket is split
  int latent_groups = 0;           // groups of the latent + indexer-key bucket (256-token blocks)
  int window_groups = 0;           // groups of the sliding-window bucket
  int ratio4_state_groups = 0;     // groups of the ratio-4 compressor-state bucket
  int ratio128_state_groups = 0;   // groups of the ratio-128 compressor-state bucket
  double block_bytes = 0;          // one block of the pool, bytes: the widest group's pages
  double window_blocks = 0;        // blocks a decoding sequence holds per window group
  double ratio4_state_blocks = 0;  // ... per ratio-4 state group
  double ratio128_state_blocks = 0;  // ... per ratio-128 state group
  double pool_per_token = 0;       // latent_groups x block_bytes / 256: bytes of pool per token
  double pool_fixed = 0;           // bytes of pool a sequence holds whatever its length
};
DeepseekV4Cache deepseek_v4_cache(const Model& model);
// Layers that keep a per-token cache, one token, window and chunk caps not applied.
std::int64_t kv_cache_bytes_per_token(const Model& model, double kv_bits);
// One sequence at `context` tokens: full x context + window x min(context, window) + chunk x min(context, chunk)
// (+ fixed_bytes_per_sequence).
double kv_cache_bytes_per_sequence(const Model& model, double kv_bits, std::int64_t context);
// How many copies of the cache tensor parallelism makes: kv_heads < tp replicates KV heads
// (tp / kv_heads); MLA's single latent is replicated on every rank (tp).
double kv_replication(const Model& model, int tensor_parallel);

// vLLM's hybrid KV cache manager groups layers so that every group holds the same number of
// layers and all groups share one pool of equal-sized blocks (vllm/v1/core/kv_cache_utils.py,
// _get_kv_cache_groups_uniform_page_size and get_kv_cache_config_from_groups; the specs are
// FullAttentionSpec / MLAAttentionSpec, SlidingWindowSpec, ChunkedLocalAttentionSpec and
// MambaSpec in vllm/v1/kv_cache_interface.py). group_size is the smallest attention type's
// layer count, or the largest's when that is below 1.5 x the smallest; each type gets
// ceil(layers / group_size) groups, its last one padded with empty layer slots that still take
// their share of every block. A model with one attention type is one group, no padding.
struct KvGroups {
  int group_size = 0;     // layers per group (0: no caching layers)
  int full_groups = 0;    // full-attention (and MLA) layers
  int window_groups = 0;  // sliding-window layers
  int chunk_groups = 0;   // chunked-attention layers
  int linear_groups = 0;  // linear-attention (Mamba-style state) layers
  int padding_layers = 0; // empty layer slots added: group_size x groups - layers, summed
};
KvGroups vllm_kv_groups(const Model& model);

// Linear-attention layers' fixed state per sequence (Gated DeltaNet): a causal-convolution state of
// (conv_kernel - 1) x (2 x key_heads x key_head_dim + value_heads x value_head_dim) values and a
// recurrent state of value_heads x key_head_dim x value_head_dim values, per layer, whatever the context.
struct LinearState {
  int layers = 0;
  double conv_values = 0;       // per layer
  double recurrent_values = 0;  // per layer
  double bytes_per_value = 2;   // state_bits / 8 (the conv state, and the recurrent one unless below)
  double recurrent_bytes_per_value = 2;  // linear_attention.recurrent_bits / 8 when set, else bytes_per_value
  double bytes = 0;             // layers x (conv x bytes_per_value + recurrent x recurrent_bytes_per_value)
};
LinearState linear_state(const Model& model, double state_bits);
double state_bytes_per_sequence(const Model& model, double state_bits);

// [SECTION] Training states (ZeRO, Rajbhandari et al. 2020)

// Tokens per optimizer step: pre-training's global batch (`global_batch_tokens`, 4M as Llama 2);
// fine-tuning's is `finetune_batch_sequences` sequences of the context (128, as Stanford Alpaca
// and Tulu 3 SFT), never pre-training's 4M tokens for a LoRA run.
double step_tokens(const Resolved& r);

// Optimizer bytes per parameter K: mixed precision AdamW 12 (FP32 master + m + v), 8-bit AdamW
// 6 (FP32 master + two 8-bit moments), SGD with momentum 8 (FP32 master + momentum). Training
// in FP32 needs no master copy: 8, 2 and 4.
double optimizer_bytes_per_param(Optimizer optimizer, bool fp32_training);

struct ModelStates {
  double weights = 0;
  double gradients = 0;
  double optimizer = 0;
  double total() const { return weights + gradients + optimizer; }
};
// Per data-parallel card: stage 1 shards the optimizer, 2 also the gradients, 3 also the
// weights over `data_parallel` cards. bytes_per_value: 2 (16-bit) or 4 (FP32 training).
ModelStates zero_model_states(double params, Optimizer optimizer, int zero_stage, int data_parallel,
                              double bytes_per_value = 2, bool fp32_training = false);

// [SECTION] Activations (Korthikanti et al. 2022, 16-bit activations)

// One transformer layer, bytes, tensor parallel with sequence parallelism (Megatron-LM's default
// with TP, Korthikanti Table 2): no recomputation sbh(34/t + 5as/(ht)); FlashAttention drops the
// 5as/(ht) term (scores not stored), so does selective recomputation; full recomputation keeps
// only the layer input, 2sbh/t.
double activation_bytes_per_layer(double seq, double batch, double hidden, double heads, int tensor_parallel,
                                  Checkpointing checkpointing, bool flash_attention);
// FP32 logits kept for the cross-entropy loss: 4 s b v / t.
double logits_bytes(double seq, double batch, double vocab, int tensor_parallel);

// [SECTION] Layouts

struct Layout {
  int cards = 1;
  int tensor_parallel = 1;    // TP degree, inside a node
  int pipeline_parallel = 1;  // inference: layer-split stages; training: pipeline stages
  int data_parallel = 1;      // training: replicas (ZeRO shards over these)
  int zero_stage = 0;         // training
  double microbatches = 1;    // training: micro-batches per optimizer step (fills the pipeline)
  int gpu_layers = -1;        // inference, partial offload: layers whose weights and KV sit on the cards; -1 = all
  int experts_on_cpu = 0;     // ... MoE layers on the cards whose routed experts stay in host memory
  int expert_parallel = 1;    // routed experts split over this many cards (--ep); dense layers follow TP
};

// [SECTION] Partial offload (llama.cpp -ngl / --n-cpu-moe; docs/model.md §Partial offload)

// How the weights split between the cards and host memory for a layout. The non-expert weights
// spread evenly over the layers; routed experts sit in the last moe_layers layers. The GPU holds
// the last `gpu_layers` layers (llama.cpp offloads the last -ngl layers), minus the routed experts
// of `experts_on_cpu` of its MoE layers.
struct OffloadSplit {
  bool active = false;          // some weights in host memory
  int total_layers = 0;
  int gpu_layers = 0;
  int experts_on_cpu = 0;
  double gpu_weight_bytes = 0;  // stored weights on the cards (all cards together)
  double cpu_weight_bytes = 0;  // stored weights in host memory
  double layer_share = 1;       // gpu_layers / total_layers: the share of dense weights and KV cache on the cards
  double expert_share = 1;      // share of the routed experts on the cards
};
OffloadSplit offload_split(const Resolved& r, const Layout& layout);

// Host memory the CPU part reads at, effective bytes/s: the scenario's --host-bandwidth, else the
// catalog's desktop figure (server memory next to datacenter cards), x host_bandwidth_efficiency.
struct HostBandwidth {
  double datasheet = 0;   // bytes/s
  double efficiency = 1;
  double effective = 0;   // bytes/s
};
HostBandwidth host_bandwidth(const Resolved& r, const Gpu& gpu);
// One direction of the card's PCIe x16 link, bytes/s: the catalog's Gen4 figure x 2^(gen - 4).
double pcie_bandwidth(const Defaults& defaults, const Gpu& gpu);

// Pipeline bubble of the 1F1B schedule (Narayanan et al. 2021): (stages - 1) / (micro-batches + stages - 1).
double pipeline_bubble(const Layout& layout);

// [SECTION] Inference: memory as the engine accounts it (docs/model.md §Engine memory)

// Memory the framework sees: gpu_memory_mib (memory_mib, or its unified_gpu_percent share of
// unified memory) x 2^20 minus what the CUDA runtime keeps
// (defaults.driver_reserved_mib; torch.cuda.mem_get_info's total is below nvidia-smi's).
double visible_bytes(const Gpu& gpu, const Defaults& defaults);

// The engine's defaults for this card: the first tier whose below_mib exceeds the card's
// gpu_memory_mib (GPUs listed in first_tier_gpus always take the first tier).
const EngineTier& engine_tier(const EngineProfile& engine, const Gpu& gpu);
// The tier with the scenario's engine flags on top (--max-num-batched-tokens, --max-num-seqs).
EngineTier effective_tier(const Resolved& r, const Gpu* gpu);
// Tokens per forward pass (prefill chunk) and the memory share the engine is told to use
// (--gpu-memory-utilization, else the profile's memory_utilization).
double batched_tokens(const Resolved& r, const Gpu& gpu);
double memory_utilization(const Resolved& r);

// Peak activation of the engine's profile run (its largest forward pass), one card:
// tokens x bytes x (4h + 3 x mlp width / t) + rows x vocab x 4 B x logits copies.
// tokens: the tier's batched tokens (0: prompt x concurrency); rows: min(max_seqs, tokens)
// (max_seqs 0: the concurrency). Reserve pools keep this inside the reserve (0 here).
struct InferenceActivation {
  double tokens_per_pass = 0;
  double bytes_per_value = 2;  // 4 for FP32 weights
  double hidden = 0;
  double mlp_width = 0;        // active MLP width a token passes through (gate/up 2x + output 1x alive)
  int tensor_parallel = 1;
  double rows = 1;             // rows of FP32 logits
  double vocab = 0;
  double logits_copies = 1;
  double bytes = 0;            // the total
};
InferenceActivation inference_activation(const Resolved& r, const EngineTier& tier, int tensor_parallel,
                                         std::int64_t prompt, std::int64_t concurrency);

// What one card holds under the engine, before the KV cache, and what is left for it.
struct EngineMemory {
  double visible = 0;          // visible_bytes
  double budget = 0;           // what weights + KV + the rest may use (the "usable" memory)
  double weights = 0;
  InferenceActivation activation;
  double reserve = 0;          // Reserve pools: kept for activations and CUDA graphs
  double non_torch = 0;        // NCCL, cuBLAS, attention workspaces (+ CUDA context where counted)
  double non_kv = 0;           // weights + activations + reserve + non_torch
  double kv_pool = 0;          // budget - non_kv: the pool the engine fills with KV blocks
  bool has_pool = false;       // Budget, Reserve and Free pools; Context and Dynamic engines have none
};
// `gpu` null: the engine's first tier on an unnamed card (visible and budget 0).
EngineMemory engine_memory(const Resolved& r, const Gpu* gpu, const Layout& layout, std::int64_t prompt,
                           std::int64_t concurrency);

// [SECTION] LoRA (Hu et al. 2021; QLoRA, Dettmers et al. 2023)


// [SECTION] Per card, for a layout

// One card's need on `gpu` (null: no GPU named, the engine's first tier): inference at `context`
// tokens x `concurrency` sequences (prompt capped at the context); training at sequence length
// `context` x micro-batch `batch_or_concurrency`.
MemoryBreakdown memory_per_card(const Resolved& r, const Gpu* gpu, const Layout& layout, std::int64_t context,
                                std::int64_t batch_or_concurrency);

// What that need is compared with: the engine's budget (inference) or the visible memory
// (training), for the same context and concurrency.
double usable_per_card(const Resolved& r, const Gpu& gpu, const Layout& layout, std::int64_t context,
                       std::int64_t batch_or_concurrency);
// What the engine holds back on this card by design, outside `usable_per_card`'s budget or inside
// it as a reserve: the card's memory beyond its memory fraction (vLLM 1 - 0.9, TensorRT-LLM's free
// fraction) and SGLang's reserve for activations and CUDA graphs. The headroom counts it (fit.hpp
// verdict): a guide's "+20%" is spare on the card, not 20% more on top of the engine's own margin.
// Training and engines without a fraction: 0.
double held_back_per_card(const Resolved& r, const Gpu& gpu, const Layout& layout, std::int64_t context,
                          std::int64_t batch_or_concurrency);

MemoryBreakdown sum_total(MemoryBreakdown m);  // fills total

// Training activations on one card: its terms, which the explanation shows.
struct TrainingActivation {
  double per_layer = 0;  // activation_bytes_per_layer at the card's TP degree
  double layers = 0;     // layers on the first stage x micro-batches in flight
  double recompute = 0;  // full recomputation: the layer being recomputed, in full
  double logits = 0;
  bool fp32 = false;     // doubled for FP32 activations
  double bytes = 0;      // the total
};
// With pipeline stages (1F1B schedule) the first stage holds min(stages, micro-batches) micro-batches
// of its layers: about the whole model's activations, whatever the stage count (Korthikanti §4.2.3).
TrainingActivation training_activation(const Resolved& r, const Layout& layout, std::int64_t seq, std::int64_t batch);

}  // namespace cardfit
