// Memory formulas (docs/model.md §Memory). All in double bytes, rounded once at the end.
#include "memory.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "catalog_fields.hpp"

namespace cardfit {
namespace {

int v_dim(const Model& m) { return m.v_head_dim > 0 ? m.v_head_dim : m.head_dim; }

}  // namespace

// [SECTION] KV cache and per-sequence state

namespace {

// DeepSeek-V4's cache geometry (deepseek_v4_cache, below, gives the sources).
constexpr double kV4Align = 576;       // every page is rounded up to this alignment (bytes)
constexpr double kV4Block = 256;       // main cache block (tokens)
constexpr double kV4WindowBlock = 64;  // DeepseekV4SWACache block (tokens)

double v4_page(double bytes) { return std::ceil(bytes / kV4Align) * kV4Align; }
double v4_cdiv(double a, double b) { return std::ceil(a / b); }

// One compressor's state: (cdiv(coff x ratio, block) + 1) blocks of block x state_dim x 4 bytes.
double v4_state(double ratio, double dim) {
  const double coff = ratio == 4 ? 2 : 1;
  const double block = ratio == 4 ? 4 : 8;
  return (v4_cdiv(coff * ratio, block) + 1) * v4_page(block * 2 * coff * dim * 4);
}

// One block's page of a compressor state (block x state_dim x 4 bytes, aligned).
double v4_state_page(double ratio, double dim) {
  const double coff = ratio == 4 ? 2 : 1;
  return v4_page((ratio == 4 ? 4 : 8) * 2 * coff * dim * 4);
}

// Each cache on pages of its own: the entry sizes and the per-token, per-window and per-state bytes.
void v4_entry_sizes(const Model& m, DeepseekV4Cache& c) {
  const CompressedAttention& a = m.compressed_attention;
  const double d = std::max(0, m.head_dim);
  const double nope = std::max(0.0, d - std::max(0, a.rope_head_dim));
  c.token_bytes = nope + 2.0 * std::max(0, a.rope_head_dim) + std::floor(nope / 64) + 1;
  c.index_token_bytes = std::max(0, a.index_head_dim) + std::floor(std::max(0, a.index_head_dim) / 128.0) * 4;
  c.ratio4_per_token =
      (v4_page(kV4Block / 4 * c.token_bytes) + v4_page(kV4Block / 4 * c.index_token_bytes)) / kV4Block;
  c.ratio128_per_token = v4_page(kV4Block / 128 * c.token_bytes) / kV4Block;
  const double window = std::max(0, a.window);
  c.window_per_layer = (v4_cdiv(window, kV4WindowBlock) + 1) * v4_page(kV4WindowBlock * c.token_bytes);
  c.ratio4_state = v4_state(4, d) + v4_state(4, std::max(0, a.index_head_dim));
  c.ratio128_state = v4_state(128, d);
}

// [SECTION] The shared pool (vllm-project/vllm@4253bd44 vllm/v1/core/kv_cache_planning.py)
// One bucket per token-slot kind (UniformTypeKVCacheSpecs.is_uniform_type: same block size and
// window), its layers counted per page size (page_size_layers).
using V4Bucket = std::vector<std::pair<double, int>>;  // (page bytes, layers)
using V4Buckets = std::array<V4Bucket, 4>;  // latents + indexer keys, window, ratio-4 states, ratio-128 states

// A bucket of the given (page bytes, layers): empty pages left out, equal page sizes merged.
V4Bucket v4_bucket(std::initializer_list<std::pair<double, int>> pages) {
  V4Bucket b;
  for (const std::pair<double, int>& p : pages) {
    if (p.second <= 0) continue;
    auto same = std::find_if(b.begin(), b.end(), [&](const auto& x) { return x.first == p.first; });
    if (same != b.end()) same->second += p.second;
    else b.push_back(p);
  }
  return b;
}

// The four buckets of the model's layers, in the order of V4Buckets.
V4Buckets v4_buckets(const Model& m, const DeepseekV4Cache& c) {
  const CompressedAttention& a = m.compressed_attention;
  const double d = std::max(0, m.head_dim);
  const int layers = std::max(0, m.num_layers);
  const int c4 = std::clamp(a.ratio4_layers, 0, layers);
  const int c128 = std::clamp(a.ratio128_layers, 0, layers - c4);
  const double idim = std::max(0, a.index_head_dim);
  return {
      v4_bucket({{v4_page(kV4Block / 4 * c.token_bytes), c4}, {v4_page(kV4Block / 4 * c.index_token_bytes), c4},
                 {v4_page(kV4Block / 128 * c.token_bytes), c128}}),
      v4_bucket({{v4_page(kV4WindowBlock * c.token_bytes), layers}}),
      v4_bucket({{v4_state_page(4, d), c4}, {v4_state_page(4, idim), c4}}),
      v4_bucket({{v4_state_page(128, d), c128}}),
  };
}

// The most layers of one page size in the bucket.
int v4_most(const V4Bucket& b) {
  int n = 0;
  for (const auto& p : b) n = std::max(n, p.second);
  return n;
}

// Whether every page size of the bucket has as many layers.
bool v4_balanced(const V4Bucket& b) {
  return !b.empty() && std::all_of(b.begin(), b.end(), [&](const auto& p) { return p.second == b.front().second; });
}

// Layer-pattern repeats per group (0 = no bucket is split). Balanced buckets of several page sizes
// stay whole: the largest sets the floor of the repeats. _approximate_gcd: the d in [floor, max]
// with the least upward padding, ties to the larger d.
int v4_repeats(const V4Buckets& buckets) {
  int floor_repeats = 0;
  for (const V4Bucket& b : buckets) {
    if (v4_balanced(b) && b.size() > 1) floor_repeats = std::max(floor_repeats, v4_most(b));
  }
  if (floor_repeats <= 0) return 0;
  int top = 0;
  for (const V4Bucket& b : buckets) {
    if (v4_balanced(b)) top = std::max(top, v4_most(b));
  }
  long best_pad = -1;
  int repeats = floor_repeats;
  for (int r = floor_repeats; r <= top; ++r) {
    long pad = 0;
    for (const V4Bucket& b : buckets) {
      if (v4_balanced(b)) pad += (r - v4_most(b) % r) % r;
    }
    if (best_pad < 0 || pad <= best_pad) {
      best_pad = pad;
      repeats = r;
    }
  }
  return repeats;
}

// Each bucket's groups (a balanced one split by c.repeats, else one) and the pool's block: the
// widest group's pages.
void v4_groups(const V4Buckets& buckets, DeepseekV4Cache& c) {
  std::array<int, 4> groups = {0, 0, 0, 0};
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    const V4Bucket& b = buckets[i];
    if (b.empty()) continue;
    const int n = v4_balanced(b) && c.repeats > 0 ? (v4_most(b) + c.repeats - 1) / c.repeats : 1;
    groups[i] = n;
    double widest = 0;  // widest_group_bytes: cdiv(layers, n) pages of each size
    for (const auto& [page_bytes, count] : b) widest += std::ceil(static_cast<double>(count) / n) * page_bytes;
    c.block_bytes = std::max(c.block_bytes, widest);
  }
  c.latent_groups = groups[0];
  c.window_groups = groups[1];
  c.ratio4_state_groups = groups[2];
  c.ratio128_state_groups = groups[3];
}

}  // namespace

// DeepSeek-V4 in vLLM (read at vllm-project/vllm main, Dec 2026):
// - model_executor/layers/deepseek_v4_attention.py: one latent per token in the fp8_ds_mla
//   layout, head_bytes = nope (FP8) + 2 x rope (BF16) + nope / 64 (UE8M0 scales) + 1 pad = 584
//   at head_dim 512, rope 64; every layer has a DeepseekV4SWACache; layers with compress_ratio > 1
//   an MLAAttentionSpec(compress_ratio, alignment=576); only ratio-4 layers have the indexer,
//   whose DeepseekV4IndexerCache keeps index_head_dim FP8 + one FP32 scale per 128 (132 bytes)
//   per compressed token, MLAAttentionSpec(compress_ratio, alignment=576).
// - v1/kv_cache_interface.py: MLAAttentionSpec / SlidingWindowMLASpec storage_block_size =
//   block_size / compress_ratio; real page = storage_block_size x 584 (deepseek_v4) or
//   x head_size x dtype size; _apply_alignment_padding rounds the page up to the alignment;
//   SlidingWindowSpec.max_admission_blocks_per_request = cdiv(window - 1 + new tokens,
//   block_size) + 1 (taken at one new token: a decoding sequence).
// - v1/attention/backends/mla/sparse_swa.py: DeepseekV4SWACache block_size 64, 584 B per token,
//   alignment 576; DeepseekSparseSWABackend.get_preferred_block_size = 256 (the main cache's block).
// - model_executor/layers/deepseek_compressor.py: CompressorStateCache, FP32, state_dim =
//   2 x coff x head_dim (coff = 2 at ratio 4, else 1), block_size 4 (ratio 4) or 8 (ratio 128),
//   sliding_window = coff x ratio, alignment 576; one per compressed layer at head_dim and one in
//   each indexer at index_head_dim.
DeepseekV4Cache deepseek_v4_cache(const Model& m) {
  DeepseekV4Cache c;
  if (!m.has_compressed_attention) return c;
  v4_entry_sizes(m, c);
  const V4Buckets buckets = v4_buckets(m, c);
  c.repeats = v4_repeats(buckets);
  v4_groups(buckets, c);
  // Blocks a decoding sequence holds: the window's cdiv(window - 1 + 1, 64) + 1
  // (SlidingWindowSpec.max_admission_blocks_per_request), a compressor's cdiv(coff x ratio, block) + 1.
  c.window_blocks = v4_cdiv(std::max(0, m.compressed_attention.window), kV4WindowBlock) + 1;
  c.ratio4_state_blocks = v4_cdiv(2 * 4, 4) + 1;
  c.ratio128_state_blocks = v4_cdiv(128, 8) + 1;
  c.pool_per_token = c.latent_groups * c.block_bytes / kV4Block;
  c.pool_fixed = (c.window_groups * c.window_blocks + c.ratio4_state_groups * c.ratio4_state_blocks +
                  c.ratio128_state_groups * c.ratio128_state_blocks) * c.block_bytes;
  return c;
}

KvShape kv_shape(const Model& m, double kv_bits) {
  KvShape s;
  if (m.has_compressed_attention) {
    const DeepseekV4Cache c = deepseek_v4_cache(m);
    const int layers = std::max(0, m.num_layers);
    const int c4 = std::clamp(m.compressed_attention.ratio4_layers, 0, layers);
    const int c128 = std::clamp(m.compressed_attention.ratio128_layers, 0, layers - c4);
    s.full_layers = c4 + c128;
    // As the shared pool charges them (deepseek_v4_cache, "The shared pool"): the latent groups'
    // blocks per token, and the window and compressor-state groups' blocks, each a whole block.
    s.full_bytes_per_token = c.pool_per_token;
    s.fixed_bytes_per_sequence = c.pool_fixed;
    return s;
  }
  const double bytes = kv_bits / 8;
  double per_layer = 0;
  if (m.is_mla) {
    per_layer = static_cast<double>(m.mla.kv_lora_rank + m.mla.qk_rope_head_dim) * bytes;
  } else {  // K and V: vLLM FullAttentionSpec, num_kv_heads x (head_size + head_size_v)
    per_layer = static_cast<double>(m.num_kv_heads) * (m.head_dim + v_dim(m)) * bytes;
  }
  s.per_layer = std::max(0.0, per_layer);
  s.window_per_layer = s.per_layer;
  // Sliding layers with their own KV heads (MiMo-V2) or head size (Gemma 4: 256 vs 512 on the
  // global layers): vLLM gives each layer its own SlidingWindowSpec from its own attention shape.
  if (!m.is_mla && m.has_sliding_window && (m.sliding_window.num_kv_heads > 0 || m.sliding_window.head_dim > 0)) {
    const double heads = m.sliding_window.num_kv_heads > 0 ? m.sliding_window.num_kv_heads : m.num_kv_heads;
    const double k_dim = m.sliding_window.head_dim > 0 ? m.sliding_window.head_dim : m.head_dim;
    const double v_w = m.sliding_window.head_dim > 0 ? m.sliding_window.head_dim : v_dim(m);
    s.window_per_layer = std::max(0.0, heads * (k_dim + v_w) * bytes);
  }
  const int layers = std::max(0, m.num_layers);
  int left = layers;
  auto take = [&left](bool present, int n) {
    const int k = present ? std::clamp(n, 0, left) : 0;
    left -= k;
    return k;
  };
  // Nemotron-H MLP / MoE blocks: no attention, nothing cached.
  const int mixerless = take(m.no_attention_layers > 0, m.no_attention_layers);
  const int linear = take(m.has_linear_attention, m.linear_attention.layers);
  s.window_layers = take(m.has_sliding_window && m.sliding_window.window > 0, m.sliding_window.layers);
  s.chunk_layers = take(m.has_chunked_attention && m.chunked_attention.chunk > 0, m.chunked_attention.layers);
  s.full_layers = left;
  s.window = s.window_layers > 0 ? m.sliding_window.window : 0;
  s.chunk = s.chunk_layers > 0 ? m.chunked_attention.chunk : 0;
  if (m.has_indexer) {
    // Dense layers (MiniMax-M3's full-attention layers) hold no indexer and read everything.
    s.dense_layers = std::clamp(m.indexer.dense_layers, 0, s.full_layers);
    const int attention_layers = layers - mixerless - linear - s.dense_layers;
    s.indexer_layers = m.indexer.layers > 0 ? std::min(m.indexer.layers, attention_layers) : attention_layers;
    s.indexer_per_layer = std::max(0.0, static_cast<double>(m.indexer.head_dim) * m.indexer.key_bits / 8);
  }
  s.full_bytes_per_token = s.per_layer * s.full_layers + s.indexer_per_layer * s.indexer_layers;
  s.window_bytes_per_token = s.window_per_layer * s.window_layers;
  s.chunk_bytes_per_token = s.per_layer * s.chunk_layers;
  return s;
}

std::int64_t kv_cache_bytes_per_token(const Model& m, double kv_bits) {
  const KvShape s = kv_shape(m, kv_bits);
  return to_bytes(s.full_bytes_per_token + s.window_bytes_per_token + s.chunk_bytes_per_token);
}

double kv_cache_bytes_per_sequence(const Model& m, double kv_bits, std::int64_t context) {
  const KvShape s = kv_shape(m, kv_bits);
  const double ctx = static_cast<double>(std::max<std::int64_t>(0, context));
  const double windowed = s.window > 0 ? std::min(ctx, static_cast<double>(s.window)) : ctx;
  const double chunked = s.chunk > 0 ? std::min(ctx, static_cast<double>(s.chunk)) : ctx;
  return s.full_bytes_per_token * ctx + s.window_bytes_per_token * windowed + s.chunk_bytes_per_token * chunked +
         (ctx > 0 ? s.fixed_bytes_per_sequence : 0);
}

double kv_replication(const Model& m, int tp) {
  if (tp <= 1) return 1;
  if (m.is_mla || m.has_compressed_attention) return tp;  // one latent, on every rank
  if (m.num_kv_heads > 0 && tp > m.num_kv_heads) return static_cast<double>(tp) / m.num_kv_heads;
  return 1;
}

KvGroups vllm_kv_groups(const Model& m) {
  const KvShape kv = kv_shape(m, 16);
  const int linear = m.has_linear_attention ? std::clamp(m.linear_attention.layers, 0, std::max(0, m.num_layers)) : 0;
  const int counts[] = {kv.full_layers, kv.window_layers, kv.chunk_layers, linear};
  int smallest = 0;
  int largest = 0;
  for (int n : counts) {
    if (n <= 0) continue;
    smallest = smallest == 0 ? n : std::min(smallest, n);
    largest = std::max(largest, n);
  }
  KvGroups g;
  if (largest == 0) return g;
  g.group_size = largest < 1.5 * smallest ? largest : smallest;
  auto groups = [&g](int n) {
    if (n <= 0) return 0;
    const int k = (n + g.group_size - 1) / g.group_size;
    g.padding_layers += k * g.group_size - n;
    return k;
  };
  g.full_groups = groups(kv.full_layers);
  g.window_groups = groups(kv.window_layers);
  g.chunk_groups = groups(kv.chunk_layers);
  g.linear_groups = groups(linear);
  return g;
}

LinearState linear_state(const Model& m, double state_bits) {
  LinearState s;
  if (!m.has_linear_attention) return s;
  const LinearAttention& la = m.linear_attention;
  const double key_dim = static_cast<double>(std::max(0, la.num_key_heads)) * std::max(0, la.key_head_dim);
  const double value_dim = static_cast<double>(std::max(0, la.num_value_heads)) * std::max(0, la.value_head_dim);
  s.layers = std::clamp(la.layers, 0, std::max(0, m.num_layers));
  s.conv_values = std::max(0, la.conv_kernel - 1) * (2 * key_dim + value_dim);
  s.recurrent_values = static_cast<double>(std::max(0, la.num_value_heads)) * std::max(0, la.key_head_dim) *
                       std::max(0, la.value_head_dim);
  s.bytes_per_value = state_bits / 8;
  s.recurrent_bytes_per_value = la.recurrent_bits > 0 ? la.recurrent_bits / 8.0 : s.bytes_per_value;
  s.bytes = s.layers * (s.conv_values * s.bytes_per_value + s.recurrent_values * s.recurrent_bytes_per_value);
  return s;
}

double state_bytes_per_sequence(const Model& m, double state_bits) { return linear_state(m, state_bits).bytes; }

// [SECTION] Training states

double step_tokens(const Resolved& r) {
  const Defaults& d = r.catalog().defaults;
  if (r.task == Task::Pretrain) return d.global_batch_tokens;
  return d.finetune_batch_sequences * static_cast<double>(std::max<std::int64_t>(1, r.scenario().context));
}

double optimizer_bytes_per_param(Optimizer o, bool fp32_training) {
  switch (o) {
    case Optimizer::AdamW: return fp32_training ? 8 : 12;
    case Optimizer::AdamW8bit: return fp32_training ? 2 : 6;
    case Optimizer::AdamWBf16: return fp32_training ? 8 : 4;  // m and v in BF16, no master copy
    case Optimizer::Sgd: return fp32_training ? 4 : 8;
  }
  return 12;
}

ModelStates zero_model_states(double params, Optimizer optimizer, int stage, int dp, double bytes_per_value,
                              bool fp32_training) {
  const double n = std::max(1, dp);
  ModelStates s;
  s.weights = params * bytes_per_value / (stage >= 3 ? n : 1.0);
  s.gradients = params * bytes_per_value / (stage >= 2 ? n : 1.0);
  s.optimizer = params * optimizer_bytes_per_param(optimizer, fp32_training) / (stage >= 1 ? n : 1.0);
  return s;
}

// [SECTION] Activations

double activation_bytes_per_layer(double s, double b, double h, double a, int tp, Checkpointing ckpt, bool flash) {
  const double t = std::max(1, tp);
  const double sbh = s * b * h;
  if (ckpt == Checkpointing::Full) return 2 * sbh / t;
  const double scores = (ckpt == Checkpointing::Selective || flash) ? 0.0 : 5 * a * s / (h * t);
  return sbh * (34 / t + (h > 0 ? scores : 0.0));
}

double logits_bytes(double s, double b, double vocab, int tp) { return 4 * s * b * vocab / std::max(1, tp); }

// [SECTION] Layouts

double pipeline_bubble(const Layout& l) {
  const double p = std::max(1, l.pipeline_parallel);
  return (p - 1) / (std::max(1.0, l.microbatches) + p - 1);
}

// [SECTION] Inference: memory as the engine accounts it

double visible_bytes(const Gpu& gpu, const Defaults& d) {
  const double mib = gpu_memory_mib(gpu) - std::max(0.0, d.driver_reserved_mib);
  return std::max(0.0, mib) * kMiB;
}

const EngineTier& engine_tier(const EngineProfile& e, const Gpu& gpu) {
  static const EngineTier kNone{};
  if (e.tiers.empty()) return kNone;
  if (std::find(e.first_tier_gpus.begin(), e.first_tier_gpus.end(), gpu.id) != e.first_tier_gpus.end()) {
    return e.tiers.front();
  }
  for (const EngineTier& t : e.tiers) {
    if (t.below_mib == 0 || gpu_memory_mib(gpu) < static_cast<double>(t.below_mib)) return t;
  }
  return e.tiers.back();
}

EngineTier effective_tier(const Resolved& r, const Gpu* gpu) {
  const EngineProfile& e = r.engine();
  EngineTier t = gpu ? engine_tier(e, *gpu) : (e.tiers.empty() ? EngineTier{} : e.tiers.front());
  const Scenario& sc = r.scenario();
  if (sc.max_num_batched_tokens) t.batched_tokens = *sc.max_num_batched_tokens;
  if (sc.max_num_seqs) t.max_seqs = *sc.max_num_seqs;
  return t;
}

double batched_tokens(const Resolved& r, const Gpu& gpu) {
  return static_cast<double>(effective_tier(r, &gpu).batched_tokens);
}

double memory_utilization(const Resolved& r) {
  return fields::within(r.scenario().gpu_memory_utilization.value_or(r.engine().memory_utilization),
                        fields::kPositiveFraction);
}

InferenceActivation inference_activation(const Resolved& r, const EngineTier& tier, int tp, std::int64_t prompt,
                                         std::int64_t concurrency) {
  const Model& m = r.model();
  InferenceActivation a;
  const double c = static_cast<double>(std::max<std::int64_t>(1, concurrency));
  a.tokens_per_pass = tier.batched_tokens > 0 ? static_cast<double>(tier.batched_tokens)
                                              : static_cast<double>(std::max<std::int64_t>(1, prompt)) * c;
  a.rows = tier.max_seqs > 0 ? std::min(static_cast<double>(tier.max_seqs), a.tokens_per_pass) : c;
  a.bytes_per_value = r.precision().bits_per_weight > 16 ? 4 : 2;
  a.hidden = static_cast<double>(m.hidden_size);
  a.mlp_width = static_cast<double>(r.params.mlp_active_width);
  a.tensor_parallel = std::max(1, tp);
  a.vocab = static_cast<double>(m.vocab_size);
  a.logits_copies = std::max(0.0, r.engine().logits_copies);
  a.bytes = a.tokens_per_pass * a.bytes_per_value * (4 * a.hidden + 3 * a.mlp_width / a.tensor_parallel) +
            a.rows * a.vocab * 4 * a.logits_copies;
  return a;
}

EngineMemory engine_memory(const Resolved& r, const Gpu* gpu, const Layout& l, std::int64_t prompt,
                           std::int64_t concurrency) {
  const EngineProfile& e = r.engine();
  const EngineTier tier = effective_tier(r, gpu);
  const int tp = std::max(1, l.tensor_parallel);
  const int stages = std::max(1, l.pipeline_parallel);
  EngineMemory out;
  out.visible = gpu ? visible_bytes(*gpu, r.catalog().defaults) : 0;
  out.weights = offload_split(r, l).gpu_weight_bytes / std::max(1, l.cards);
  out.non_torch = (std::max(0.0, e.non_torch_mib) + std::max(0.0, e.non_torch_mib_per_extra_rank) * (tp - 1)) * kMiB;
  const bool fraction_given = r.scenario().gpu_memory_utilization.has_value();
  if (e.kv_pool == KvPool::Reserve && !fraction_given) {
    out.reserve = ((tp >= 4 ? tier.reserve_mib_tp4 : tier.reserve_mib) +
                   std::max(0.0, e.reserve_mib_per_rank) * tp * stages) * kMiB;
  } else if (e.kv_pool != KvPool::Reserve) {
    out.activation = inference_activation(r, tier, tp, prompt, concurrency);
  }
  out.non_kv = out.weights + out.activation.bytes + out.reserve + out.non_torch;
  const double util = memory_utilization(r);
  switch (e.kv_pool) {
    case KvPool::Budget: out.budget = util * out.visible; break;
    // SGLang's --mem-fraction-static given: weights and KV pool share that fraction of the card; the
    // rest is its reserve (activations, CUDA graphs).
    case KvPool::Reserve: out.budget = fraction_given ? util * out.visible : out.visible; break;
    case KvPool::Dynamic: out.budget = out.visible; break;
    case KvPool::Free: out.budget = out.non_kv + util * std::max(0.0, out.visible - out.non_kv); break;
    case KvPool::Context: out.budget = std::max(0.0, out.visible - std::max(0.0, e.fit_margin_mib) * kMiB); break;
  }
  out.has_pool = e.kv_pool == KvPool::Budget || e.kv_pool == KvPool::Reserve || e.kv_pool == KvPool::Free;
  out.kv_pool = out.budget - out.non_kv;
  return out;
}

// [SECTION] Partial offload

OffloadSplit offload_split(const Resolved& r, const Layout& l) {
  OffloadSplit out;
  const int layers = std::max(1, r.model().num_layers);
  out.total_layers = layers;
  out.gpu_layers = layers;
  out.gpu_weight_bytes = r.weight_bytes;
  if (l.gpu_layers < 0 || r.task != Task::Inference) return out;
  const int g = std::min(l.gpu_layers, layers);
  const int moe = std::clamp(r.params.moe_layers, 0, layers);
  const int moe_on_gpu = std::min(g, moe);
  const int x = std::clamp(l.experts_on_cpu, 0, moe_on_gpu);
  const double expert_layer = r.expert_bytes * std::max(0, r.model().moe.num_experts);
  const double non_expert_layer = std::max(0.0, r.weight_bytes - expert_layer * moe) / layers;
  out.gpu_layers = g;
  out.experts_on_cpu = x;
  out.gpu_weight_bytes = std::min(r.weight_bytes, g * non_expert_layer + (moe_on_gpu - x) * expert_layer);
  out.cpu_weight_bytes = std::max(0.0, r.weight_bytes - out.gpu_weight_bytes);
  out.layer_share = static_cast<double>(g) / layers;
  out.expert_share = moe > 0 ? static_cast<double>(moe_on_gpu - x) / moe : 1;
  out.active = g < layers || x > 0;
  return out;
}

HostBandwidth host_bandwidth(const Resolved& r, const Gpu& gpu) {
  const Defaults& d = r.catalog().defaults;
  HostBandwidth out;
  const std::optional<double> given = r.scenario().host_bandwidth;
  out.datasheet = (given                                       ? *given
                   : gpu.gpu_class == GpuClass::Datacenter ? d.host_server_gb_per_s
                                                           : d.host_desktop_gb_per_s) * 1e9;
  out.efficiency = fields::within(d.host_bandwidth_efficiency, fields::kPositiveFraction);
  out.effective = out.datasheet * out.efficiency;
  return out;
}

double pcie_bandwidth(const Defaults& d, const Gpu& gpu) {
  return std::max(0.0, d.pcie_x16_gen4_gb_per_s) * 1e9 * std::pow(2.0, std::clamp(gpu.pcie_gen, 1, 8) - 4);
}

// [SECTION] LoRA

// [SECTION] Per card

MemoryBreakdown sum_total(MemoryBreakdown m) {
  m.total = m.weights + m.kv_cache + m.activations + m.gradients + m.optimizer + m.adapters + m.overhead;
  return m;
}

namespace {

MemoryBreakdown inference_per_card(const Resolved& r, const Gpu* gpu, const Layout& l, std::int64_t context,
                                   std::int64_t concurrency) {
  const Model& m = r.model();
  const double c = static_cast<double>(std::max<std::int64_t>(1, concurrency));
  const EngineMemory em = engine_memory(r, gpu, l, std::min(r.scenario().prompt, context), concurrency);
  MemoryBreakdown out;
  out.weights = to_bytes(em.weights);
  out.kv_cache = to_bytes(c * (kv_cache_bytes_per_sequence(m, r.kv_bits, context) * kv_replication(m, l.tensor_parallel) +
                               state_bytes_per_sequence(m, r.state_bits)) *
                          offload_split(r, l).layer_share / std::max(1, l.cards));
  out.activations = to_bytes(em.activation.bytes + em.reserve);
  out.overhead = to_bytes(em.non_torch);
  return sum_total(out);
}

MemoryBreakdown training_per_card(const Resolved& r, const Layout& l, std::int64_t seq, std::int64_t batch) {
  const Scenario& sc = r.scenario();
  const double mp = static_cast<double>(std::max(1, l.tensor_parallel)) * std::max(1, l.pipeline_parallel);
  const double dp = std::max(1, l.data_parallel);
  const int stage = std::clamp(l.zero_stage, 0, 3);
  const double tb = r.training_bytes_per_param;
  MemoryBreakdown out;
  if (is_lora(r.task)) {
    const ModelStates a = zero_model_states(static_cast<double>(r.adapter_params), sc.optimizer, stage,
                                            l.data_parallel, tb, r.fp32_training);
    out.weights = to_bytes(r.weight_bytes / mp / (stage >= 3 ? dp : 1.0));  // frozen base
    out.adapters = to_bytes(a.weights / mp);
    out.gradients = to_bytes(a.gradients / mp);
    out.optimizer = to_bytes(a.optimizer / mp);
  } else {
    // Expert parallelism: the routed experts (weights, gradients, optimizer states) split over `ep`
    // cards and the pipeline stages; their ZeRO shards over the expert-data-parallel group
    // (TP x DP / EP cards); the rest follows TP x PP as before (Megatron-Core's EP with ZeRO-1).
    const int ep = r.model().is_moe ? std::max(1, l.expert_parallel) : 1;
    const double routed = ep > 1 ? static_cast<double>(r.params.moe_layers) * std::max(0, r.model().moe.num_experts) *
                                       static_cast<double>(r.params.expert_params)
                                 : 0.0;
    const double rest = std::max(0.0, static_cast<double>(r.params.total) - routed);
    const ModelStates s = zero_model_states(rest, sc.optimizer, stage, l.data_parallel, tb, r.fp32_training);
    const int edp = std::max(1, std::max(1, l.tensor_parallel) * l.data_parallel / ep);
    const ModelStates x = zero_model_states(routed, sc.optimizer, stage, edp, tb, r.fp32_training);
    const double ep_pp = static_cast<double>(ep) * std::max(1, l.pipeline_parallel);
    out.weights = to_bytes(s.weights / mp + x.weights / ep_pp);
    out.gradients = to_bytes(s.gradients / mp + x.gradients / ep_pp);
    out.optimizer = to_bytes(s.optimizer / mp + x.optimizer / ep_pp);
  }
  if (sc.optimizer_offload) out.optimizer = 0;  // ZeRO-Offload: the optimizer states live in host memory
  out.activations = to_bytes(training_activation(r, l, seq, batch).bytes);
  out.overhead = to_bytes(r.catalog().defaults.training_overhead_mib * kMiB);
  return sum_total(out);
}

}  // namespace

TrainingActivation training_activation(const Resolved& r, const Layout& l, std::int64_t seq, std::int64_t batch) {
  const Model& m = r.model();
  const double s = static_cast<double>(std::max<std::int64_t>(1, seq));
  const double b = static_cast<double>(std::max<std::int64_t>(1, batch));
  const double h = static_cast<double>(m.hidden_size);
  const double heads = m.num_attention_heads;
  const int tp = std::max(1, l.tensor_parallel);
  const double stages = std::max(1, l.pipeline_parallel);
  const Checkpointing ckpt = r.checkpointing;
  TrainingActivation a;
  // First stage: its layers x the micro-batches in flight (1F1B: up to one per stage).
  a.layers = static_cast<double>(std::max(0, m.num_layers)) / stages * std::min(stages, std::max(1.0, l.microbatches));
  a.per_layer = activation_bytes_per_layer(s, b, h, heads, tp, ckpt, r.scenario().flash_attention);
  if (ckpt == Checkpointing::Full) {
    // The layer being recomputed holds its full activations during its backward pass.
    a.recompute = activation_bytes_per_layer(s, b, h, heads, tp, Checkpointing::None, r.scenario().flash_attention);
  }
  a.logits = logits_bytes(s, b, static_cast<double>(m.vocab_size), tp);
  a.fp32 = r.fp32_training;
  a.bytes = (a.layers * a.per_layer + a.recompute + a.logits) * (a.fp32 ? 2 : 1);
  return a;
}

MemoryBreakdown memory_per_card(const Resolved& r, const Gpu* gpu, const Layout& layout, std::int64_t context,
                                std::int64_t batch_or_concurrency) {
  if (r.task == Task::Inference) return inference_per_card(r, gpu, layout, context, batch_or_concurrency);
  return training_per_card(r, layout, context, batch_or_concurrency);
}

double usable_per_card(const Resolved& r, const Gpu& gpu, const Layout& layout, std::int64_t context,
                       std::int64_t batch_or_concurrency) {
  if (r.task != Task::Inference) return visible_bytes(gpu, r.catalog().defaults);
  return engine_memory(r, &gpu, layout, std::min(r.scenario().prompt, context), batch_or_concurrency).budget;
}

double held_back_per_card(const Resolved& r, const Gpu& gpu, const Layout& layout, std::int64_t context,
                          std::int64_t batch_or_concurrency) {
  if (r.task != Task::Inference) return 0;
  const EngineMemory em = engine_memory(r, &gpu, layout, std::min(r.scenario().prompt, context), batch_or_concurrency);
  return std::max(0.0, em.visible - em.budget) + std::max(0.0, em.reserve);
}

}  // namespace cardfit
