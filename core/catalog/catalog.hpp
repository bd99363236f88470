// Catalog types: GPUs, models, precisions, platforms/offers, budget tiers, engine
// profiles and estimation defaults. Plain structs mirroring assets/catalog/*.json
// (documented field by field in docs/catalog.md). Units are in the field names.
// NOTE: a rate of 0 means "not supported by this GPU" (JSON: key absent).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "names.hpp"
#include "result.hpp"

namespace cardfit {

// [SECTION] GPUs

enum class GpuClass { Datacenter, Workstation, Consumer, Laptop };
enum class Interconnect { NvLink, Pcie, Hccs, InfinityFabric };
enum class MemoryBasis { Driver, Derived };       // memory_mib read off nvidia-smi, or worked out from GB
enum class Runtime { Cuda, Rocm, Cann, Metal };    // the software stack engines need on the card
enum class Fp8Path { Native, WeightOnly, None };   // how engines run FP8 checkpoints on the card
enum class Fp4Path { Native, WeightOnly, None };   // how engines run FP4 (MXFP4, NVFP4) checkpoints on the card

struct Gpu {
  std::string id;                      // stable lowercase id, e.g. "a100-80g"
  std::vector<std::string> aliases;    // other names users type ("4090", "h100"); lowercase, unique
  std::string name;                    // "NVIDIA A100 80GB SXM4"
  std::string vendor;                  // "NVIDIA"
  GpuClass gpu_class = GpuClass::Datacenter;
  std::string architecture;            // "Ampere"
  std::int64_t memory_mib = 0;         // MiB as the driver reports it (see memory_basis); unified memory: the RAM
  double unified_gpu_percent = 0;      // unified memory: the share of memory_mib the GPU may use, %; 0 = dedicated
                                       // memory, all of it the card's (gpu_memory_mib)
  MemoryBasis memory_basis = MemoryBasis::Derived;
  std::string memory_type;             // "HBM2e"
  double memory_bandwidth_gb_per_s = 0;  // GB/s, 1e9 bytes/s, datasheet
  double achievable_bandwidth_gb_per_s = 0;  // measured decode bandwidth where the SMs cannot reach the
                                             // datasheet figure (H20: 78 SMs for 4 TB/s); 0 = none
  double fp16_dense_tflops = 0;        // tensor FP16, FP32 accumulate, dense
  double fp16_acc16_dense_tflops = 0;  // tensor FP16, FP16 accumulate, dense (GeForce: 2x)
  double fp16_matrix_dense_tflops = 0;  // matrix units only kernels written for them reach (Apple M5 GPU
                                        // Neural Accelerators, Metal 4 tensor ops), 16-bit, dense; 0 = none
  double bf16_dense_tflops = 0;        // 0 = no BF16 tensor cores
  double fp8_dense_tflops = 0;         // 0 = no FP8 tensor cores
  double int8_dense_tops = 0;          // 0 = no INT8 tensor cores
  double fp4_dense_tflops = 0;         // 0 = no FP4 tensor cores (Blackwell has them)
  double fp32_tflops = 0;              // non-tensor FP32
  Interconnect interconnect = Interconnect::Pcie;
  double nvlink_gb_per_s = 0;          // GB/s per GPU, bidirectional, over the fast link; 0 = none
  Runtime runtime = Runtime::Cuda;     // CUDA, ROCm, CANN or Metal builds of the engines
  double compute_capability = 0;       // CUDA compute capability (8.9); 0 = not CUDA or not stated
  Fp8Path fp8_path = Fp8Path::None;    // FP8 tensor cores, weight-only kernels (vLLM Marlin, Ampere+), or none
  Fp4Path fp4_path = Fp4Path::None;    // FP4 tensor cores, weight-only kernels (vLLM Marlin FP4, Ampere+), or none
  int pcie_gen = 4;
  int max_cards_per_node = 8;
  double tdp_w = 0;                    // W
  int mig_max_instances = 0;           // 0 = no MIG
  bool ecc = false;
  // A dated, sourced street price of one card (consumer cards; docs/catalog.md): buying against
  // renting (buy_compare.hpp). 0 = none in the catalog: no buy line, and the output says so.
  double street_price_low = 0;         // in street_price_currency, the cheapest quoted; 0 = none
  double street_price_high = 0;        // the dearest quoted (= low for one price)
  std::string street_price_currency;   // "CNY" or "USD"
  std::string street_price_condition;  // "new" or "used"
  std::string street_price_as_of;      // YYYY-MM(-DD): when the source quoted it
  std::string street_price_source;     // a sources.json id (with a note)
  std::string source;
  std::string overlay;  // the overlay file that added or last changed this entry; "" = bundled (not in JSON)
  std::string as_of;
  std::string notes;
};

// The memory the GPU works with, MiB: memory_mib for a card with its own memory; for unified
// memory (Apple silicon, Strix Halo, DGX Spark) the share unified_gpu_percent of the system RAM
// memory_mib that the GPU may use (macOS: recommendedMaxWorkingSetSize). Every fit reads this.
inline double gpu_memory_mib(const Gpu& g) {
  const double mib = static_cast<double>(g.memory_mib < 0 ? 0 : g.memory_mib);
  if (g.unified_gpu_percent <= 0) return mib;
  return mib * (g.unified_gpu_percent < 100 ? g.unified_gpu_percent : 100) / 100.0;
}
inline double gpu_memory_bytes(const Gpu& g) { return gpu_memory_mib(g) * 1024.0 * 1024.0; }
// The system memory left to the CPU beside the GPU, bytes: all of `ram_bytes` next to a card with its
// own memory; on unified memory what the GPU's share (gpu_memory_bytes) leaves of it, never below 0.
// What llama.cpp may offload into: on a Mac the offloaded layers live in the same memory.
inline std::int64_t host_memory_beside(const Gpu& g, std::int64_t ram_bytes) {
  if (g.unified_gpu_percent <= 0 || ram_bytes <= 0) return ram_bytes;
  const double left = static_cast<double>(ram_bytes) - gpu_memory_bytes(g);
  return left > 0 ? static_cast<std::int64_t>(left) : 0;
}

// [SECTION] Models

struct SlidingWindow {
  std::int64_t window = 0;  // tokens
  int layers = 0;           // how many of the model's layers use the window
  int num_kv_heads = 0;     // KV heads of the sliding layers when they differ (MiMo-V2: 8 vs 4); 0 = the model's
  int head_dim = 0;         // head size of the sliding layers when it differs (Gemma 4: 256 vs 512 global); 0 = the model's
};

struct ChunkedAttention {  // Llama 4: attention within fixed chunks of the sequence
  std::int64_t chunk = 0;   // tokens per chunk
  int layers = 0;           // how many of the model's layers use it
};

// Linear attention (Qwen3-Next's Gated DeltaNet): these layers keep a fixed recurrent state
// and a short convolution state per sequence instead of a per-token KV cache.
struct LinearAttention {
  int layers = 0;              // layers with linear attention (the others use the model's attention)
  int num_key_heads = 0;
  int num_value_heads = 0;
  int key_head_dim = 0;
  int value_head_dim = 0;
  int conv_kernel = 0;         // causal convolution width (the state keeps kernel - 1 steps)
  // Bits per value of the recurrent (temporal) state as the engine keeps it; 0 = the model's
  // dtype. Qwen3.5 / 3.6 name float32 in config.json "mamba_ssm_dtype" and vLLM keeps that
  // state in it while the conv state stays in the model's dtype
  // (vllm/model_executor/layers/mamba/mamba_utils.py, MambaStateDtypeCalculator._mamba_state_dtype).
  int recurrent_bits = 0;
  // "" = Gated DeltaNet (Qwen3-Next, Qwen3.5). "mamba2" = a Mamba-2 mixer (Nemotron-H), read as:
  // num_value_heads x value_head_dim = mamba_num_heads x mamba_head_dim (d_inner),
  // num_key_heads = n_groups, key_head_dim = ssm_state_size (d_state). Its state has the same
  // shape as Gated DeltaNet's (vLLM mamba_utils.py MambaStateShapeCalculator.mamba2_state_shape:
  // conv (kernel - 1) x (d_inner + 2 x n_groups x d_state), temporal n_heads x head_dim x d_state);
  // only the projections differ (params.cpp).
  std::string kind;
};

// A sparse-attention lightning indexer: per layer, its own per-token key cache and small heads
// that pick the top_k tokens the main attention reads. Two layouts (`kind`): DeepSeek Sparse
// Attention (DeepSeek-V3.2, GLM-5) and MiniMax-M3's block-sparse attention.
struct Indexer {
  int num_heads = 0;
  int head_dim = 0;            // cached key width per token per layer
  std::int64_t top_k = 0;      // tokens the main attention attends to per query
  double key_bits = 0;         // effective bits per cached key value, scales included
  // Layers that cache their own indexer keys; 0 = every attention layer. GLM-5.2 computes the
  // indexer on "full" layers only and the "shared" layers reuse its top-k (config.json
  // indexer_types), so only those layers keep indexer keys.
  int layers = 0;
  // Attention layers with no indexer and no sparse selection: they read the whole context
  // (MiniMax-M3's first 3, sparse_attention_freq 0). 0 = none: every attention layer reads
  // only the top_k (GLM-5.2's layers without an indexer reuse the previous one's top-k).
  int dense_layers = 0;
  // "" = DeepSeek Sparse Attention (inference/model.py Indexer: wq_b from q_lora or the hidden
  // state, wk, weights_proj, k_norm). "block_sparse" = MiniMax-M3 (vLLM MiniMaxM3SparseAttention:
  // index_q of num_heads x head_dim and index_k of head_dim fused into qkv_proj, per-head
  // index_q_norm / index_k_norm, no weights_proj).
  std::string kind;
};

// DeepSeek-V4 hybrid attention (config.json compress_ratios): every layer keeps a sliding window
// of `window` uncompressed latent tokens; "C4A" layers (ratio 4) also cache one compressed latent
// per 4 tokens plus a lightning indexer's keys at the same rate, and "C128A" layers (ratio 128) one
// compressed latent per 128 tokens; the remaining layers are window-only. One shared latent of
// head_dim (512: 448 NoPE + rope_head_dim RoPE) serves as both K and V. The projections: q through
// q_lora_rank, the output through o_groups groups of o_lora_rank; hc_mult residual streams
// (manifold hyper-connections). Cache sizes follow vLLM's DeepSeek-V4 specs (memory.cpp).
struct CompressedAttention {
  int window = 0;              // sliding_window: tokens every layer keeps uncompressed
  int ratio4_layers = 0;       // layers with compress ratio 4 (compressed latent + indexer keys)
  int ratio128_layers = 0;     // layers with compress ratio 128
  int q_lora_rank = 0;
  int rope_head_dim = 0;       // qk_rope_head_dim
  int o_groups = 0;
  int o_lora_rank = 0;
  int hc_mult = 0;             // residual streams; 0 = none
  int index_heads = 0;         // index_n_heads (on the ratio-4 layers)
  int index_head_dim = 0;
  int index_topk = 0;          // compressed latents a ratio-4 layer attends to (the indexer's top-k); 0 = all
};

struct MoeSpec {
  int num_experts = 0;                          // routed experts per MoE layer
  int experts_per_token = 0;                    // routed experts active per token
  int num_shared_experts = 0;
  std::int64_t expert_intermediate_size = 0;    // per routed expert
  std::int64_t shared_expert_intermediate_size = 0;  // all shared experts together
  int dense_layers = 0;                         // leading layers with a dense MLP (DeepSeek first_k_dense_replace)
  // Routed experts work in this narrower space (Nemotron-3 Super/Ultra LatentMoE, config.json
  // moe_latent_size): per MoE layer a hidden -> latent and a latent -> hidden projection, and
  // each expert latent -> width -> latent. 0 = the experts read the hidden size.
  std::int64_t latent_size = 0;
  // Vectors per MoE layer that no width gives (Kimi-K3 KimiMoE, vLLM
  // vllm/models/kimi_k3/nvidia/model.py): the router's e_score_correction_bias (num_experts, FP32)
  // and routed_expert_norm, an RMSNorm over the latent (config.json latent_moe_use_norm).
  bool router_bias = false;  // default false
  bool latent_norm = false;  // default false; only with latent_size
};

struct MlaSpec {  // DeepSeek multi-head latent attention
  int kv_lora_rank = 0;
  int q_lora_rank = 0;  // 0 = queries not compressed (V2-Lite)
  int qk_rope_head_dim = 0;
  int qk_nope_head_dim = 0;
  int v_head_dim = 0;
};

// The parts one format's release of this model keeps out of that format, on top of the format's own
// "unquantized" and "fp8_parts" (NVIDIA's ModelOpt NVFP4 exports list them in hf_quant_config.json
// exclude_modules: attention, shared experts, dense first layers). JSON "release_parts".
struct ReleaseParts {
  std::string precision;              // WeightPrecision::id ("nvfp4")
  bool keep_attention_16bit = false;  // "unquantized": "attention" (every attention projection, indexer)
  bool keep_dense_mlp_16bit = false;  // "unquantized": "dense_mlp" (dense layers' MLPs, shared experts)
  // "unquantized": "attention_inputs": every attention projection but the output one (o_proj /
  // out_proj stays in the format): DeepSeek-V3.1/V3.2 NVFP4 keep q_a/q_b/kv_a/kv_b and the indexer.
  bool keep_attention_inputs_16bit = false;
  // Linear-attention (Mamba-2, Gated DeltaNet, KDA) layers whose projections stay in the format
  // although the words above keep attention (Nemotron-3-Nano NVFP4 keeps 6 of its 23 Mamba
  // layers: 17). JSON "quantized_linear_layers"; 0 = none.
  int quantized_linear_layers = 0;
  bool fp8_attention = false;         // "fp8_parts": "attention"
  bool fp8_dense_mlp = false;         // "fp8_parts": "dense_mlp"
  std::string source;                 // the source id of the release's quantisation config
};

struct Model {
  std::string id;                  // "qwen2.5-7b"
  std::vector<std::string> aliases;  // other names users type ("qwen2.5-7b-instruct")
  std::string name;                // "Qwen2.5-7B"
  std::string family;              // HF model_type
  std::string hf_repo;
  std::string gguf_repo;           // a common GGUF repository ("Qwen/Qwen2.5-7B-Instruct-GGUF"); "" = none known
  std::string awq_repo;            // a common AWQ (INT4) repository ("Qwen/Qwen2.5-7B-Instruct-AWQ")
  std::string fp8_repo;            // a common FP8 repository ("Qwen/Qwen3-8B-FP8")
  std::string repos_source;        // where the three repositories are cited (source ids); required with any of them
  double published_params_b = 0;   // billions, as published (0 = unknown, custom)
  // Weight precision id of the checkpoint as released in hf_repo ("bf16", "fp8", "int4",
  // "mxfp4", "nvfp4"); "" = not stated. Read from config.json's quantization_config.
  std::string released_precision;
  std::vector<ReleaseParts> release_parts;  // per format: the parts its release keeps in 16 bit or FP8
  int num_layers = 0;
  std::int64_t hidden_size = 0;
  std::int64_t intermediate_size = 0;  // dense MLP width
  int num_attention_heads = 0;
  int num_kv_heads = 0;
  int head_dim = 0;                // read from config, never assumed hidden/heads
  int v_head_dim = 0;              // value head size when it differs from head_dim (MiMo-V2: 128 vs 192); 0 = head_dim
  int norms_per_layer = 2;         // norm weight vectors per decoder layer (Gemma 2/3: 4)
  std::int64_t vocab_size = 0;
  std::int64_t max_context = 0;    // tokens
  bool tie_embeddings = false;
  bool qkv_bias = false;
  bool qk_norm = false;
  bool attention_output_gate = false;  // the query projection also emits a sigmoid gate (Qwen3-Next): 2x wide
  // Global (non-sliding) attention layers derive V from the K projection (Gemma 4
  // attention_k_eq_v): no v_proj weights there; K and V are still cached apart.
  bool attention_k_eq_v = false;
  bool ungated_mlp = false;        // MLP and experts are up -> act -> down, 2 matrices (Nemotron-H relu2); false = gated, 3
  // Hybrid stacks whose blocks hold one mixer each (Nemotron-H hybrid_override_pattern): layers
  // with no attention of any kind (MLP / MoE blocks: no KV, no attention weights), and layers
  // with no MLP (Mamba-2 and attention blocks). 0 = every layer has both.
  int no_attention_layers = 0;
  int no_mlp_layers = 0;
  bool has_sliding_window = false;
  SlidingWindow sliding_window;
  bool has_chunked_attention = false;
  ChunkedAttention chunked_attention;
  bool has_linear_attention = false;
  LinearAttention linear_attention;
  bool is_moe = false;
  MoeSpec moe;
  bool is_mla = false;
  MlaSpec mla;
  bool has_indexer = false;
  Indexer indexer;
  bool has_compressed_attention = false;  // DeepSeek-V4 (replaces the attention above)
  CompressedAttention compressed_attention;
  std::int64_t extra_params = 0;   // outside the decoder (vision tower), counted in weights
  bool assumed_architecture = false;  // true for a bare parameter count: shapes are guessed
  std::string source;
  std::string overlay;  // the overlay file that added or last changed this entry; "" = bundled (not in JSON)
  std::string as_of;
  std::string notes;
};

// [SECTION] Precisions

enum class Capability { None, Fp16, Bf16, Fp8, Int8, Fp4 };  // what a GPU needs to run natively
enum class ComputeType { Fp32, Fp16, Bf16, Fp8, Int8, Fp4 };  // which tensor rate matmuls use
enum class PrecisionFamily { Float, Int, Gguf, Nf4 };

// One row of the support table (docs/catalog.md "support"): `engine` ("training": the
// fine-tuning stack, PEFT/bitsandbytes) has a kernel for the precision on cards of `runtime`
// from compute capability `min_compute_capability` (CUDA only; 0 = any). When a precision lists
// rows for an engine, only the cards a row matches run it; without rows the engine's
// precision list and the card's capability decide (hardware.hpp kernel_support).
struct KernelRow {
  std::string engine;                 // EngineProfile::id, or "training"
  Runtime runtime = Runtime::Cuda;
  double min_compute_capability = 0;  // CUDA: the lowest compute capability with the kernel
  bool version_dependent = false;     // holds only from some engine version: say so in a warning
  std::string source;
};

struct WeightPrecision {
  std::string id;                  // "int4"
  std::vector<std::string> aliases;  // other names users type ("awq", "bfloat16")
  std::string name;                // "INT4 (AWQ/GPTQ, group 128)"
  double bits_per_weight = 16;     // effective, scales included
  PrecisionFamily family = PrecisionFamily::Float;
  ComputeType compute = ComputeType::Bf16;
  Capability requires_capability = Capability::None;
  bool keep_embeddings_16bit = false;
  bool keep_lm_head_16bit = false;
  bool keep_norms_16bit = false;
  bool keep_router_16bit = false;
  bool keep_attention_16bit = false;  // attention projections stay 16-bit (MXFP4: only the experts are FP4)
  bool keep_dense_mlp_16bit = false;  // dense MLPs and shared experts stay 16-bit
  // Set only by a model's release_parts (release_precision): attention but its output projections
  // kept, and linear-attention layers left in the format although attention is kept.
  bool keep_attention_inputs_16bit = false;
  int quantized_linear_layers = 0;
  // Parts stored in FP8 (8 bits; DeepSeek-V4: attention and the shared experts are FP8 with 128x128
  // block scales, 8/16384 bit more) while the routed experts are in this format (JSON "fp8_parts").
  bool fp8_attention = false;
  bool fp8_dense_mlp = false;
  std::vector<std::string> engines;  // engine ids that support it
  std::vector<KernelRow> support;    // which cards each engine runs it on (empty: no restriction stated)
  double decode_efficiency = 1;      // decode kernels' bandwidth use relative to 16-bit/8-bit reads (K-quants < 1)
  std::string bits_formula;          // how bits_per_weight was derived (JSON "bits_formula")
  std::string accuracy_note_en;
  std::string accuracy_note_zh;
  std::string source;
  std::string overlay;  // the overlay file that added or last changed this entry; "" = bundled (not in JSON)
  std::string as_of;
  std::string notes;
};

struct KvPrecision {
  std::string id;     // "fp8"
  std::vector<std::string> aliases;  // other names users type ("fp8_e4m3")
  std::string name;
  double bits = 16;   // effective bits per cached element, scales included (JSON "effective_bits")
  double nominal_bits = 16;  // element width before scales (JSON "bits"): 8 for q8_0, bits 8.5
  Capability requires_capability = Capability::None;
  std::vector<std::string> engines;  // engine ids that support it
  std::string note_en;
  std::string note_zh;
  std::string source;
  std::string overlay;  // the overlay file that added or last changed this entry; "" = bundled (not in JSON)
  std::string as_of;
  std::string notes;
};

// [SECTION] Platforms and offers

enum class PlatformKind { Vertical, GeneralCloud, Overseas, Market };
enum class Isolation { Dedicated, Shared, Unknown };
enum class Term { Hourly, Weekly, Monthly, Yearly };
enum class OfferUnit { Card, Slice, Machine };
enum class Stock { Available, Limited, QueueWeeks, Unknown, Unavailable };  // Unavailable: never an option
enum class OfferLink { NvLink, Pcie, None };  // what the offer states between its cards

struct PriceRange {
  double low = 0;   // in the offer's currency
  double high = 0;  // == low when the article gives one figure
};

struct Upgrade {
  std::string id;
  std::string name_zh;
  std::string name_en;
  double cny_per_month = 0;
  std::string source;
  std::string as_of;
  std::string notes;
};

struct Platform {
  std::string id;       // "yiwan"
  std::vector<std::string> aliases;  // other names users type ("lambda")
  std::string name_zh;  // the Chinese name
  std::string name_en;
  PlatformKind kind = PlatformKind::Vertical;
  Isolation isolation = Isolation::Unknown;
  double sla_percent = 0;            // 0 = unknown
  PriceRange extra_fees_cny_per_month;  // bandwidth, snapshots, IPs, support
  bool hidden_fees = false;
  bool per_second_billing = false;
  bool long_term_discount = false;
  double student_multiplier = 0;     // 0 = no student discount, else e.g. 0.65
  PriceRange spot_multiplier;        // {0,0} = no spot; else fraction of on-demand
  std::vector<Upgrade> upgrades;
  std::string no_price_reason_en;    // why the catalog has no price for it ("" = it has prices)
  std::string no_price_reason_zh;
  std::string source;
  std::string overlay;  // the overlay file that added or last changed this entry; "" = bundled (not in JSON)
  std::string as_of;
  std::string notes;
};

struct OfferPrice {
  Term term = Term::Hourly;
  PriceRange price;         // per unit per period: hour, 7-day package, month; yearly = per month
  bool on_inquiry = false;  // quote on request: no number
};

struct PackageMultipliers {  // rules instead of prices; 0 = no rule
  double weekly = 0;         // x hourly*24*7
  double monthly = 0;        // x hourly*24*30
  double yearly = 0;         // x monthly
};

struct Offer {
  std::string id;
  std::string platform;      // Platform::id
  std::string gpu;           // Gpu::id
  OfferUnit unit = OfferUnit::Card;
  int cards = 1;             // cards per unit (8 for an 8-card machine)
  int max_cards = 0;         // card units: the most one machine (instance) of this offer holds, as
                             // its source states; 0 = one (a 1-card offer is not a multi-card node)
  double slice_fraction = 1; // fraction of one card per slice; 1 otherwise
  double host_gb_per_card = 0;  // host memory the rental gives per card, as its source states; 0 = the
                                // catalog's default (Defaults::rental_host_gb_per_card)
  std::string currency;      // "CNY" | "USD"
  std::vector<OfferPrice> prices;
  PackageMultipliers package_multipliers;
  Isolation isolation = Isolation::Unknown;
  OfferLink interconnect = OfferLink::None;
  Stock stock = Stock::Unknown;
  std::string includes;
  std::string product_en;    // the platform's name for the product this offer is sold in, where it sells
  std::string product_zh;    // one GPU more than one way (RunPod's "Secure Cloud"); "" = none (both or neither)
  std::string source;
  std::string overlay;  // the overlay file that added or last changed this entry; "" = bundled (not in JSON)
  std::string as_of;
  std::string notes;
};

struct TierPick {  // what the article buys in a tier: `units` x one offer
  std::string offer;  // Offer::id
  int units = 1;
};

enum class TierOrigin { Article, Cardfit };  // a buying guide's tier, or one cardfit adds to close a gap

struct BudgetTier {
  std::string id;                  // "2000-3000"
  double low_cny_per_month = 0;
  double high_cny_per_month = 0;   // 0 = open-ended
  std::string name_zh;
  std::string name_en;
  TierOrigin defined_by = TierOrigin::Article;
  std::string article_pick;
  std::vector<TierPick> picks;     // the article's pick as offers (may be empty)
  std::string source;
  std::string overlay;  // the overlay file that added or last changed this entry; "" = bundled (not in JSON)
  std::string as_of;
  std::string notes;
};

struct CustomBudget {  // the "custom amount" choice shown next to the tiers (JSON "custom")
  std::string id;      // "custom"; empty when no catalog file defines it
  std::string name_zh;
  std::string name_en;
};

// [SECTION] Engines and defaults (assets/catalog/engines.json; owned by the estimator)

enum class MultiGpu { Tensor, Layer };  // tensor parallel (bandwidth adds) | layer split (it does not)

// How an engine sizes the KV cache (docs/model.md §Engine memory).
enum class KvPool {
  Budget,   // vLLM: memory_utilization x visible memory holds everything; the KV pool gets the rest
  Reserve,  // SGLang: visible memory minus a reserve (activations, graphs) holds weights + the KV pool
  Free,     // TensorRT-LLM, LMDeploy: memory_utilization x the memory still free after loading
  Context,  // llama.cpp, Ollama: the KV cache for the requested context, allocated up front; no pool
  Dynamic,  // Transformers: memory grows with the cache actually used; no pool
};

// Engine defaults that depend on the card's visible memory (vLLM's and SGLang's own tables).
struct EngineTier {
  std::int64_t below_mib = 0;        // for cards with less visible memory; 0 = any card (the last tier)
  std::int64_t batched_tokens = 0;   // tokens per forward pass (profile run, prefill chunk); 0 = prompt x concurrency
  std::int64_t max_seqs = 0;         // sequences per step: rows of logits in the activation peak; 0 = concurrency
  double reserve_mib = 0;            // Reserve pools: memory kept out of the pool at TP < 4
  double reserve_mib_tp4 = 0;        // ... at TP >= 4 (larger CUDA-graph batch)
};

// Start-up: a quantisation method whose weights the engine lays out larger than the checkpoint
// (vLLM pads MXFP4 experts for its Marlin/Triton/FlashInfer kernels): the quantised bytes x factor.
struct WeightPadding {
  std::string precision;  // WeightPrecision::id
  double factor = 1;      // loaded / checkpoint bytes of the quantised tensors
};

// A format whose tensors kept out of the quantised format are stored at other bits in this engine's
// files: llama.cpp's MXFP4_MOE GGUFs hold attention, embeddings and the head in Q8_0 (8.5 bits),
// where the safetensors checkpoint vLLM loads keeps them in BF16.
struct KeptTensorBits {
  std::string precision;  // WeightPrecision::id
  double bits = 16;       // bits per weight of the tensors the format's 'unquantized' keeps
};

// The engine's own kernels for one weight format: the decode efficiency of that format's quantised
// bytes through this engine (TensorRT-LLM's W4A16 AWQ GEMV reads INT4 weights far closer to the
// bandwidth than vLLM's Marlin), in place of the format's decode_efficiency (the default).
// An entry may name a CUDA compute capability: it then holds on those cards only (vLLM's Marlin INT4 on
// consumer / workstation Blackwell, 12.0) and is taken before the entry without one.
struct PrecisionEfficiency {
  std::string precision;          // WeightPrecision::id ("int4")
  double efficiency = 1;          // 0..1 of the bandwidth the 16-bit bytes get
  double compute_capability = 0;  // Gpu::compute_capability, exact (12.0); 0 = every card
};

// A GPU generation on which this engine runs at its own efficiency: FP4 kernels (AMD CDNA 3 runs
// MXFP4 through its own weight-only kernels, not NVIDIA's Marlin) or the whole decode step (SGLang's
// ROCm kernels on CDNA 3).
struct ArchitectureEfficiency {
  std::string architecture;  // Gpu::architecture ("CDNA 3")
  double efficiency = 1;
};

// A fixed time that replaces an engine's figure on one GPU generation (Gpu::architecture).
struct ArchitectureMs {
  std::string architecture;  // Gpu::architecture ("Apple M3 GPU (Apple9)")
  double ms = 0;             // per step, ms (0..10,000); default 0
};

// A per-MoE-layer time that replaces an engine's figure on cards of one CUDA compute capability
// (Gpu::compute_capability): consumer / workstation Blackwell (12.0) runs the fused-MoE chain in less
// time than Hopper and datacenter Blackwell, which share the architecture name "Blackwell" with it.
struct CapabilityUs {
  double compute_capability = 0;  // Gpu::compute_capability, exact (12.0)
  double us = 0;                  // per MoE layer per step, us (0..10,000)
};

struct EngineProfile {
  std::string id;                    // "vllm"
  std::vector<std::string> aliases;  // other names users type ("trtllm")
  std::string name;
  std::string version;               // the release the figures describe ("0.11-0.24, V1 engine")
  MultiGpu multi_gpu = MultiGpu::Tensor;
  // Memory.
  KvPool kv_pool = KvPool::Budget;
  double memory_utilization = 0;   // Budget: of visible memory; Free: of the memory free after loading
  std::vector<std::string> runtimes; // Runtime names it has builds for ("cuda", "rocm", "cann"); empty = not stated
  std::string runtimes_source;
  std::vector<EngineTier> tiers;     // first tier whose below_mib exceeds the card's visible memory
  std::vector<std::string> first_tier_gpus;  // GPU ids that always take the first tier (vLLM: A100)
  double non_torch_mib = 0;          // per card: NCCL, cuBLAS and attention workspaces (plus the CUDA
                                     // context where the engine counts it)
  double non_torch_mib_per_extra_rank = 0;  // more per card for each further tensor-parallel rank
  double reserve_mib_per_rank = 0;   // Reserve pools: more reserve per card per rank (TP x PP)
  double logits_copies = 0;          // FP32 copies of the logits in the activation peak
  double fit_margin_mib = 0;         // Context pools: memory kept free per card (llama.cpp --fit-target)
  // Speed.
  double bandwidth_efficiency_hbm = 0;   // marginal achieved / datasheet bandwidth, HBM cards
  double bandwidth_efficiency_gddr = 0;  // ... GDDR (and other) cards
  double step_ms = 0;                // fixed time per decode step (launch, sampling, scheduling)
  double step_ms_per_layer = 0;      // ... plus this per layer (kernel launches and tails)
  // The fixed step cost (step_ms) on these generations instead (Metal: docs/model.md §7); none listed: step_ms.
  std::vector<ArchitectureMs> step_ms_by_architecture;
  double step_ms_per_sequence = 0;   // ... plus this per sequence in the batch (scheduling, sampling)
  double prefill_ms_per_layer = 0;   // prefill passes: more per layer (attention and launches outside CUDA graphs)
  double expert_efficiency_hbm = 0;   // routed-expert reads at small batch, relative to dense reads, HBM cards
  double expert_efficiency_gddr = 0;  // ... GDDR (and other) cards
  double expert_efficiency_prefill = 0;  // routed-expert matmuls in prefill, relative to the dense rate
  double moe_us_per_layer = 0;       // per MoE layer per step: routing, permutation and the grouped-GEMM
                                     // launches, whatever the batch (us)
  // The per-MoE-layer cost (moe_us_per_layer) on cards of these compute capabilities instead (docs/model.md §7).
  std::vector<CapabilityUs> moe_us_per_layer_by_compute_capability;
  double moe_us_per_expert = 0;      // ... plus this per routed expert the step touches on a card (us)
  double moe_us_per_expert_parallel = 0;  // ... instead, when the experts span cards (tensor/expert parallel)
  double alltoall_us = 0;            // expert parallel: latency of one all-to-all (2 per MoE layer per step)
  double indexer_us_per_layer = 0;   // DSA decode: the lightning indexer's logits and top-k kernels per indexer
                                     // layer per step, whatever the batch (us)
  double indexer_us_per_sequence = 0;  // ... plus this per sequence per indexer layer (us)
  double fp4_efficiency_native = 0;  // decode efficiency of FP4 bytes on FP4 tensor cores (Blackwell); 0 = the format's
  double fp4_efficiency_weight_only = 0;  // ... through weight-only kernels (Marlin/Triton on Hopper, Ampere)
  std::vector<ArchitectureEfficiency> fp4_efficiency_by_architecture;  // ... on these generations instead
  // Non-FP4 formats through this engine's kernels: replaces the format's decode_efficiency (none listed: the format's).
  std::vector<PrecisionEfficiency> decode_efficiency_by_precision;
  // The whole decode step on these generations: step time / efficiency (none listed: 1).
  std::vector<ArchitectureEfficiency> decode_efficiency_by_architecture;
  double attention_efficiency = 1;   // attention FLOPs (flash-attention kernels) relative to the matmul rate
  double kv_read_efficiency_one_sequence = 1;  // decode: one sequence's KV-cache read (its attention kernels alone)
                                              // relative to the engine's bandwidth; a batch reads at the bandwidth
  double offload_ms_per_layer = 0;   // partial offload: per layer computed in host memory per step (hand-over, sync)
  std::vector<WeightPadding> weight_padding;  // start-up: quantised weights as the engine lays them out
  std::vector<KeptTensorBits> kept_tensor_bits;  // the kept tensors' bits in this engine's files (GGUF: Q8_0)
  double boundary_ms = 0;            // per layer-split (pipeline) boundary per step
  double allreduce_us_nvlink = 0;    // latency of one tensor-parallel all-reduce over NVLink (2 per layer)
  double allreduce_us_pcie = 0;      // ... over PCIe
  double prefill_efficiency_16bit = 0;  // achieved / dense tensor rate, 16-bit (and FP32) matmuls
  double prefill_efficiency_8bit = 0;   // ... FP8 and INT8 matmuls
  // Matmuls on these generations instead, either width (llama.cpp on Apple GPUs, whose dense rate is
  // the ALU rate: no tensor units to fall short of).
  std::vector<ArchitectureEfficiency> prefill_efficiency_by_architecture;
  bool expert_offload = false;       // partial offload can keep routed MoE experts in host memory (llama.cpp --n-cpu-moe)
  bool fp16_accumulate = false;      // FP16 matmuls accumulate in FP16 (llama.cpp's cuBLAS path): the
                                     // fp16_acc16 rate (GeForce: 2x the FP32-accumulate rate)
  bool fp16_matrix_units = false;    // 16-bit matmuls run on the GPU's matrix units where it has them
                                     // (fp16_matrix_dense_tflops: MLX >= 0.30 on the M5's Neural Accelerators)
  std::string source;
  std::string overlay;  // the overlay file that added or last changed this entry; "" = bundled (not in JSON)
  std::string as_of;
  std::string notes;
};

// Numbers the planner's warnings judge by, each with its source in the catalog.
// NOTE: every required number here and in Defaults and EngineProfile is 0 until the catalog is
// read: the value is a fact of the catalog, never of the code (test_catalog_fields.cpp checks).
struct Thresholds {
  double over_provisioned_use = 0;       // memory used / rented below this: a smaller card does the job
  double round_the_clock_hours_per_day = 0;  // consumer cards for training at or above these h/day ...
  double long_job_hours = 0;              // ... or for a job at least this long
  double pcie_two_card_speedup = 0;      // what cards without NVLink rarely pass on 2 cards
  double oversold_loss = 0;              // performance shared or oversold capacity can lose
  double no_fast_link_slowdown = 0;     // distributed training without a fast link between cards
  int max_alternatives = 0;                // alternatives listed when nothing qualifies
  int stale_price_months = 0;              // an offer dated more than this many months before today is stale
  double price_spread_ratio = 0;           // market references for one GPU further apart than this: say so
  double serving_max_utilization = 0;    // traffic sizing: replicas run at most this busy (queueing margin)
  double max_job_weeks = 0;                // a training job longer than this many weeks: warn, naming a wider option (0 = never)
  double rank_cost_tolerance = 0;          // options within this fraction of a cheaper one rank by commitment, then speed per yuan
};

// Training MFU for one GPU architecture (datacenter cards), fitted on published runs.
struct ArchitectureMfu {
  std::string architecture;  // Gpu::architecture, e.g. "Hopper"
  double mfu = 0;
};

// MFU multiplier for models below a size (smaller matmuls reach less of the peak).
struct SizeMfu {
  double below_params_b = 0;  // billions of parameters
  double factor = 1;
};

struct Defaults {
  double headroom = 0;               // "comfortable": need x (1 + headroom) <= usable (a buying guide's rule)
  double tight_headroom = 0;         // below headroom but >= this: "tight"
  double driver_reserved_mib = 0;      // card memory the CUDA runtime never reports as total (nvidia-smi - torch)
  double mfu_datacenter = 0;         // training MFU per GPU class (datacenter: unless its architecture is listed)
  double mfu_workstation = 0;
  double mfu_consumer = 0;
  double mfu_laptop = 0;
  std::vector<ArchitectureMfu> mfu_by_architecture;  // datacenter cards of these architectures
  std::vector<SizeMfu> mfu_by_model_size;            // first entry whose bound exceeds the model
  double mfu_moe = 0;                  // MoE models: routing imbalance and all-to-all
  double mfu_scale_cards = 0;          // beyond this many cards ...
  double mfu_loss_per_doubling = 0;    // ... MFU falls by this fraction per doubling
  double run_efficiency = 0;           // pre-training: share of wall-clock time spent training (restarts, evals)
  double fp8_training_speedup = 0;     // tokens/s of FP8 training over BF16 on FP8 tensor cores
  double global_batch_tokens = 0;      // tokens per optimizer step: micro-batches that fill a pipeline ...
  double microbatches_per_stage = 0;   // ... but at least this many per pipeline stage (gradient accumulation)
  double finetune_batch_sequences = 0; // fine-tuning (LoRA, QLoRA, full): sequences per optimizer step
  double train_scaling_nvlink = 0;   // per-card efficiency in data parallel
  double train_scaling_pcie = 0;
  int max_nodes = 0;                   // card-count search limit: up to this many whole nodes
  int max_training_nodes = 0;          // training: whole nodes doubling up to this many
  double training_overhead_mib = 0; // per-card CUDA context, NCCL buffers, allocator slack (training)
  double host_desktop_gb_per_s = 0;    // partial offload: host memory of a desktop or laptop (DDR5-5600, 2 channels), GB/s
  double host_server_gb_per_s = 0;     // ... of a server next to datacenter cards (DDR5-4800, 8 channels), GB/s
  double host_bandwidth_efficiency = 0;  // share of that bandwidth the CPU part of a decode step reads at
  double pcie_x16_gen4_gb_per_s = 0;   // one direction of a PCIe 4.0 x16 link, GB/s (x2 per generation)
  double rental_host_gb_per_card = 0;  // host memory a rental gives per card when its offer does not say:
                                       // bounds what partial offload may leave in host memory
  double electricity_cny_per_kwh = 0;  // buying a card: electricity, CNY per kWh (buy_compare.hpp); 0 = none
  Thresholds thresholds;               // JSON "thresholds"
  double usd_cny = 0;                  // CNY per USD (JSON top-level "default_usd_cny"); 0 = none loaded
  std::string usd_cny_source;          // JSON top-level "usd_cny_source"
  std::string source;
  std::string as_of;
};

// [SECTION] Sources: what entries cite (by id) and explanations name

enum class SourceKind { Datasheet, Config, PricePage, Article, Paper, Code };

struct Source {
  std::string id;         // "transformer-math-101"
  std::string title;      // as published
  std::string short_title;  // how warnings cite it; "" = the title
  std::string publisher;  // "EleutherAI", "NVIDIA", a platform's name
  std::string url;        // "" when there is none (a printed article)
  std::string date;       // YYYY, YYYY-MM or YYYY-MM-DD
  SourceKind kind = SourceKind::Paper;
  std::string notes;
};

// [SECTION] Measurements: public figures measured on one configuration
//
// assets/catalog/measurements.json (docs/measurements.md): each row is a figure someone measured,
// the link query that reproduces its configuration, and where it was published. The same rows
// are the calibration the model is held to (tests/calibration). A user's own rows (`--measurements`,
// a file dropped on the app) are kept apart in Catalog::your_measurements.

struct Measurement {
  std::string id;              // "llamacpp-4090-llama2-7b-f16-tg128"; lowercase
  std::string metric;          // one of measurement_metrics(): "decode_tokens_per_s"
  double measured = 0;         // the figure, in the metric's unit (> 0)
  double tolerance = 0;        // calibration: |predicted / measured - 1| allowed; 0 = none stated
  std::string scenario;        // link query: "model=llama-2-7b&gpu=rtx-4090&cards=1&context=128&..."
  std::string source;          // a web address, or source ids ("; "-separated citations)
  std::string date;            // of the measurement: YYYY, YYYY-MM or YYYY-MM-DD
  std::string version;         // engine / software version measured; "" = not stated
  std::string notes;           // how the figure was read off its source
  std::string outside_reason;  // calibration: why the model misses it ("" = held to the tolerance)
};

// A metric a measurement may give: its name, its unit as JSON writes it, and the largest
// figure that is physically plausible (anything above is refused as a typo).
struct MeasurementMetric {
  const char* name;  // "decode_tokens_per_s"
  const char* unit;  // "tok/s"
  double max = 0;    // the largest plausible figure in `unit`
};
const std::vector<MeasurementMetric>& measurement_metrics();
const MeasurementMetric* find_measurement_metric(std::string_view name);

// The configuration keys of Measurement::scenario that matching and validation read; "" or 0 =
// not stated (matching then takes the link's default, core/estimate/measured.hpp).
struct MeasurementScenario {
  std::string model;         // "" = none (a training row sized by params)
  std::string gpu;
  std::string engine;
  std::string precision;
  std::string kv_precision;
  std::string task;
  std::int64_t cards = 0;
  std::int64_t context = 0;  // tokens per sequence
  std::int64_t prompt = 0;   // tokens
  std::int64_t concurrency = 0;
  std::int64_t output_tokens = 0;  // > 0: a serving benchmark at fixed prompt and output lengths
  std::int64_t tp = 0;
  std::int64_t ep = 0;
  bool special_layout = false;  // offload or n-cpu-moe given: never matched
  std::string bad_key;          // non-empty: this key's value is not a whole number >= 1
};
MeasurementScenario measurement_scenario(std::string_view query);

// [SECTION] API prices: what a public API charges per million tokens of a catalog model
//
// assets/catalog/api_prices.json (docs/catalog.md): one row per model and provider, prices as the
// provider's page states them (its currency, per 1,000,000 tokens), dated to the month. A model
// with no row has no API price: the planner says so instead of comparing with another model.

struct ApiPrice {
  std::string id;                  // "deepseek-v4-flash-deepseek"; lowercase
  std::string model;               // Model::id
  std::string provider;            // "DeepSeek", as the provider names itself
  std::string currency;            // "CNY" | "USD"
  double input_per_mtok = 0;       // input tokens, cache miss, per 1M tokens (> 0)
  double cache_hit_per_mtok = 0;   // input tokens served from the provider's cache, per 1M; <= input
  double output_per_mtok = 0;      // output tokens, per 1M (> 0)
  std::string source;              // source ids (citations)
  std::string as_of;               // YYYY-MM: the month the price was read
  std::string notes;               // tiers, discounts, what the row leaves out
};

// [SECTION] Citations: every entry's `source` names sources by id
//
// `source` holds one or more citations separated by "; ". A citation is a source id, then
// optionally a space and a locator (a section, table or remark of that source):
// "guide-yiwan-budget-2026 §4 #1; nvidia-h100-datasheet". A ';' inside parentheses belongs to
// the locator: "hf-qwen3-8b (text fields; vision_config)". catalog --validate checks that
// every id is in the catalog's sources (an overlay may add its own).
struct Citation {
  std::string id;       // Source::id
  std::string locator;  // "" or "§4 #1"
};
std::vector<Citation> parse_citations(std::string_view source);

// [SECTION] The catalog

struct Catalog {
  std::vector<Gpu> gpus;
  std::vector<Model> models;
  std::vector<WeightPrecision> weight_precisions;
  std::vector<KvPrecision> kv_precisions;
  std::vector<Platform> platforms;
  std::vector<Offer> offers;
  std::vector<BudgetTier> budget_tiers;
  std::vector<EngineProfile> engines;
  std::vector<Source> sources;
  std::vector<ApiPrice> api_prices;             // assets/catalog/api_prices.json
  std::vector<Measurement> measurements;       // bundled, public (assets/catalog/measurements.json)
  std::vector<Measurement> your_measurements;  // the user's own (--measurements); never written or
                                               // snapshotted, never merged into `measurements`
  Defaults defaults;
  CustomBudget custom_budget;

  // Lookups by id; nullptr when absent.
  const Gpu* find_gpu(std::string_view id) const;
  const Model* find_model(std::string_view id) const;
  const WeightPrecision* find_weight_precision(std::string_view id) const;
  const KvPrecision* find_kv_precision(std::string_view id) const;
  const Platform* find_platform(std::string_view id) const;
  const Offer* find_offer(std::string_view id) const;
  const BudgetTier* find_budget_tier(std::string_view id) const;
  const EngineProfile* find_engine(std::string_view id) const;
  const Source* find_source(std::string_view id) const;
  const Measurement* find_measurement(std::string_view id) const;
  const ApiPrice* find_api_price(std::string_view id) const;
};

// [SECTION] Dates: as_of and source dates are YYYY, YYYY-MM or YYYY-MM-DD

struct CatalogDate {
  int year = 0;
  int month = 0;  // 0 = the text gives the year only ("2026": month not stated)
  int day = 0;    // 0 = not given
};
// nullopt unless `text` is one of the three forms with a year 1990-2100 (as the loader checks).
std::optional<CatalogDate> parse_catalog_date(std::string_view text);
// Whole months from `from` to `to` (2026-03 -> 2026-11 = 8), by calendar month; days are
// ignored. A year-only `from` counts from its December, the most recent month it can mean.
int months_between(const CatalogDate& from, const CatalogDate& to);

// How a reader sees an entry's `source`: each citation as its source's short title (else the
// title) and locator, "; "-separated ("NVIDIA H100 datasheet; <the Yiwan guide's short title>
// §4 #1"). A citation whose id the catalog lacks is kept as written ("config.json: REPO").
std::string citation_text(const Catalog& catalog, std::string_view source);

// "gpu: unknown GPU 'h10' (did you mean 'h100'?)": the one error for an id the catalog lacks.
// `noun` is one of the cat.noun.* messages.
template <class T>
std::vector<std::string> ids_of(const std::vector<T>& entries) {
  std::vector<std::string> ids;
  ids.reserve(entries.size());
  for (const T& e : entries) ids.push_back(e.id);
  return ids;
}
Issue unknown_id(const std::string& field, MsgId noun, const std::string& id, const std::vector<std::string>& known);

// [SECTION] Forgiving ids: what users type ("Qwen2.5-7B", "BF16", "4090") -> the entry

// Sections whose entries carry `aliases` (GPUs, models, precisions, engines, platforms).
template <class T, class = void>
struct HasAliases : std::false_type {};
template <class T>
struct HasAliases<T, std::void_t<decltype(std::declval<const T&>().aliases)>> : std::true_type {};

std::string ascii_lower(std::string_view text);  // "Q4_K_M" -> "q4_k_m"; other bytes unchanged

// The entry `text` names: its id exactly, else its id or one of its aliases ignoring ASCII
// case. nullptr when none does.
template <class T>
const T* match_entry(const std::vector<T>& entries, std::string_view text) {
  for (const T& e : entries) {
    if (e.id == text) return &e;
  }
  const std::string lower = ascii_lower(text);
  for (const T& e : entries) {
    if (e.id == lower) return &e;
    if constexpr (HasAliases<T>::value) {
      for (const std::string& a : e.aliases) {
        if (a == lower) return &e;
      }
    }
  }
  return nullptr;
}

// `text` as the catalog spells it: the id of match_entry, else `text` unchanged (so that the
// error for it quotes what the user typed).
template <class T>
std::string catalog_id(const std::vector<T>& entries, const std::string& text) {
  const T* e = match_entry(entries, text);
  return e ? e->id : text;
}

// unknown_id over names (ids and aliases), each with the id of its entry (`owners`, parallel).
Issue unknown_id_among(const std::string& field, MsgId noun, const std::string& text, const std::vector<std::string>& names,
                       const std::vector<const std::string*>& owners);

// unknown_id for a section: "did you mean" weighs ids and aliases, ignoring case, and names the id.
template <class T>
Issue unknown_entry(const std::string& field, MsgId noun, const std::string& text, const std::vector<T>& entries) {
  std::vector<std::string> names;
  std::vector<const std::string*> owners;
  for (const T& e : entries) {
    names.push_back(e.id);
    owners.push_back(&e.id);
    if constexpr (HasAliases<T>::value) {
      for (const std::string& a : e.aliases) {
        names.push_back(a);
        owners.push_back(&e.id);
      }
    }
  }
  return unknown_id_among(field, noun, text, names, owners);
}

// [SECTION] Names (JSON spelling, labels)

template <>
struct EnumNames<GpuClass> {
  static constexpr std::array<Name<GpuClass>, 4> list{{{GpuClass::Datacenter, "datacenter"},
                                                       {GpuClass::Workstation, "workstation"},
                                                       {GpuClass::Consumer, "consumer"},
                                                       {GpuClass::Laptop, "laptop"}}};
};
template <>
struct EnumNames<Interconnect> {
  static constexpr std::array<Name<Interconnect>, 4> list{
      {{Interconnect::NvLink, "nvlink", MsgId::link_nvlink},
       {Interconnect::Pcie, "pcie", MsgId::link_pcie},
       {Interconnect::Hccs, "hccs", MsgId::link_hccs},
       {Interconnect::InfinityFabric, "infinity-fabric", MsgId::link_infinity_fabric}}};
};
template <>
struct EnumNames<MemoryBasis> {
  static constexpr std::array<Name<MemoryBasis>, 2> list{{{MemoryBasis::Driver, "driver"}, {MemoryBasis::Derived, "derived"}}};
};
template <>
struct EnumNames<Runtime> {
  static constexpr std::array<Name<Runtime>, 4> list{
      {{Runtime::Cuda, "cuda", MsgId::runtime_cuda}, {Runtime::Rocm, "rocm", MsgId::runtime_rocm}, {Runtime::Cann, "cann", MsgId::runtime_cann},
       {Runtime::Metal, "metal", MsgId::runtime_metal}}};
};
template <>
struct EnumNames<Fp8Path> {
  static constexpr std::array<Name<Fp8Path>, 3> list{
      {{Fp8Path::Native, "native"}, {Fp8Path::WeightOnly, "weight-only"}, {Fp8Path::None, "none"}}};
};
template <>
struct EnumNames<Fp4Path> {
  static constexpr std::array<Name<Fp4Path>, 3> list{
      {{Fp4Path::Native, "native"}, {Fp4Path::WeightOnly, "weight-only"}, {Fp4Path::None, "none"}}};
};
template <>
struct EnumNames<Capability> {
  static constexpr std::array<Name<Capability>, 6> list{{{Capability::None, "none"},
                                                         {Capability::Fp16, "fp16"},
                                                         {Capability::Bf16, "bf16"},
                                                         {Capability::Fp8, "fp8"},
                                                         {Capability::Int8, "int8"},
                                                         {Capability::Fp4, "fp4"}}};
};
template <>
struct EnumNames<ComputeType> {
  static constexpr std::array<Name<ComputeType>, 6> list{{{ComputeType::Fp32, "fp32", MsgId::compute_fp32},
                                                          {ComputeType::Fp16, "fp16", MsgId::compute_fp16},
                                                          {ComputeType::Bf16, "bf16", MsgId::compute_bf16},
                                                          {ComputeType::Fp8, "fp8", MsgId::compute_fp8},
                                                          {ComputeType::Int8, "int8", MsgId::compute_int8},
                                                          {ComputeType::Fp4, "fp4", MsgId::compute_fp4}}};
};
template <>
struct EnumNames<PrecisionFamily> {
  static constexpr std::array<Name<PrecisionFamily>, 4> list{{{PrecisionFamily::Float, "float"},
                                                              {PrecisionFamily::Int, "int"},
                                                              {PrecisionFamily::Gguf, "gguf"},
                                                              {PrecisionFamily::Nf4, "nf4"}}};
};
template <>
struct EnumNames<PlatformKind> {
  static constexpr std::array<Name<PlatformKind>, 4> list{{{PlatformKind::Vertical, "vertical"},
                                                           {PlatformKind::GeneralCloud, "general-cloud"},
                                                           {PlatformKind::Overseas, "overseas"},
                                                           {PlatformKind::Market, "market"}}};
};
template <>
struct EnumNames<Isolation> {
  static constexpr std::array<Name<Isolation>, 3> list{{{Isolation::Dedicated, "dedicated"},
                                                        {Isolation::Shared, "shared"},
                                                        {Isolation::Unknown, "unknown"}}};
};
template <>
struct EnumNames<Term> {
  static constexpr std::array<Name<Term>, 4> list{{{Term::Hourly, "hourly", MsgId::term_hourly},
                                                   {Term::Weekly, "weekly", MsgId::term_weekly},
                                                   {Term::Monthly, "monthly", MsgId::term_monthly},
                                                   {Term::Yearly, "yearly", MsgId::term_yearly}}};
};
template <>
struct EnumNames<OfferUnit> {
  static constexpr std::array<Name<OfferUnit>, 3> list{
      {{OfferUnit::Card, "card"}, {OfferUnit::Slice, "slice"}, {OfferUnit::Machine, "machine"}}};
};
template <>
struct EnumNames<Stock> {
  static constexpr std::array<Name<Stock>, 5> list{{{Stock::Available, "available"},
                                                    {Stock::Limited, "limited"},
                                                    {Stock::QueueWeeks, "queue-weeks"},
                                                    {Stock::Unknown, "unknown"},
                                                    {Stock::Unavailable, "unavailable"}}};
};
template <>
struct EnumNames<OfferLink> {
  static constexpr std::array<Name<OfferLink>, 3> list{
      {{OfferLink::NvLink, "nvlink"}, {OfferLink::Pcie, "pcie"}, {OfferLink::None, "none"}}};
};
template <>
struct EnumNames<TierOrigin> {
  static constexpr std::array<Name<TierOrigin>, 2> list{
      {{TierOrigin::Article, "article"}, {TierOrigin::Cardfit, "cardfit"}}};
};
template <>
struct EnumNames<MultiGpu> {
  static constexpr std::array<Name<MultiGpu>, 2> list{{{MultiGpu::Tensor, "tensor"}, {MultiGpu::Layer, "layer"}}};
};
template <>
struct EnumNames<KvPool> {
  static constexpr std::array<Name<KvPool>, 5> list{{{KvPool::Budget, "budget"},
                                                     {KvPool::Reserve, "reserve"},
                                                     {KvPool::Free, "free"},
                                                     {KvPool::Context, "context"},
                                                     {KvPool::Dynamic, "dynamic"}}};
};
template <>
struct EnumNames<SourceKind> {
  static constexpr std::array<Name<SourceKind>, 6> list{{{SourceKind::Datasheet, "datasheet"},
                                                         {SourceKind::Config, "config"},
                                                         {SourceKind::PricePage, "price-page"},
                                                         {SourceKind::Article, "article"},
                                                         {SourceKind::Paper, "paper"},
                                                         {SourceKind::Code, "code"}}};
};

}  // namespace cardfit
