// The text behind every figure: the formula (message table), the same with the user's numbers,
// and the sources (catalog ids). The numbers are the terms the formulas themselves return
// (memory.hpp, speed.hpp, fit.hpp), so the text cannot drift from the figure shown.
// NOTE: substituted expressions are numbers and symbols; words in them come from the table.
#include "explain.hpp"

#include <algorithm>
#include <cmath>

#include "fit.hpp"
#include "format.hpp"
#include "messages.hpp"
#include "speed.hpp"
#include "weights.hpp"

namespace cardfit {
namespace {

using std::string;

// Source ids in the catalog's sources table (assets/catalog/sources.json); "section/id" names a
// catalog entry whose own `source` backs the figure.
constexpr const char* kTransformerMath = "transformer-math-101";
constexpr const char* kKorthikanti = "korthikanti-2022";
constexpr const char* kZero = "zero-2019";
constexpr const char* kQlora = "qlora-2023";
constexpr const char* kLora = "lora-2021";
constexpr const char* kVllm = "vllm-pagedattention-2023";
constexpr const char* kMla = "deepseek-v2-2024";
constexpr const char* kGatedDeltaNet = "gated-deltanet-2024";
constexpr const char* kHybridCache = "vllm-hybrid-kv-cache";      // one cache per layer kind
constexpr const char* kStateDtype = "vllm-mamba-state-dtype";     // the state's dtype
constexpr const char* kDsaCode = "deepseek-v32-exp-code";         // DSA indexer and its FP8 key cache
constexpr const char* kMinimaxM3 = "vllm-minimax-m3-code";        // block-sparse indexer, BF16 index keys
constexpr const char* kLlama4 = "llama4-model-card";              // chunked attention
constexpr const char* kDeepseekV4 = "vllm-deepseek-v4-code";      // DeepSeek-V4 cache pages
constexpr const char* kPalm = "palm-2022";
constexpr const char* kMegatron = "megatron-lm-2019";
constexpr const char* kHeadroomRule = "guide-yiwan-budget-2026";

string entry(const char* section, const string& id) { return string(section) + "/" + id; }

// The indexer's own source: DeepSeek Sparse Attention's, or MiniMax-M3's block-sparse one.
bool block_sparse(const Model& m) { return m.has_indexer && m.indexer.kind == "block_sparse"; }
const char* indexer_source(const Model& m) { return block_sparse(m) ? kMinimaxM3 : kDsaCode; }

string count(double v) { return format_count(v); }
string count(std::int64_t v) { return format_count(static_cast<double>(v)); }
string grouped(double v) { return format_grouped(v); }
string grouped(std::int64_t v) { return format_grouped(static_cast<double>(v)); }
string bytes(double v) { return format_bytes(v); }
string bytes(std::int64_t v) { return format_bytes(static_cast<double>(v)); }
string fixed(double v, int d) { return format_fixed(v, d); }
string bits(double v) { return format_trimmed(v, 3); }  // 16, 4.25, 4.127
string trimmed(double v) { return format_trimmed(v, 2); }  // 1, 1.25
string compute_name(ComputeType c) { return render(Message(label_of(c)), Lang::En); }  // "BF16": a symbol

Explanation item(string key, Message quantity, Message formula, Message substituted, std::vector<string> sources,
                 string figure) {
  return Explanation{std::move(key), std::move(quantity), std::move(formula), std::move(substituted),
                     std::move(sources), std::move(figure)};
}

Layout layout_of(const GpuEstimate& g) {
  Layout l;
  l.cards = std::max(1, g.cards);
  l.tensor_parallel = g.tensor_parallel;
  l.pipeline_parallel = g.pipeline_parallel;
  l.data_parallel = g.data_parallel;
  l.zero_stage = g.zero_stage;
  l.microbatches = g.microbatches;
  return l;
}

// "embedding 1.09 B × 16/8": one term of the weights sum.
Message weight_term(Message name, std::int64_t params, double term_bits) {
  return msg::explain_weights_term(std::move(name), count(params), bits(term_bits));
}

// Layers that cache K and V per token: full, sliding-window and chunked.
string caching_layers(const KvShape& ks) { return std::to_string(ks.full_layers + ks.window_layers + ks.chunk_layers); }

// [SECTION] Model-level figures

void explain_params(const Resolved& r, const Estimate& e, std::vector<Explanation>& out) {
  const Model& m = r.model();
  const ParamCounts& p = e.params;
  const string total = grouped(p.total);
  Message published = m.published_params_b > 0 ? msg::explain_params_published(fixed(m.published_params_b, 2))
                                               : Message();
  // The architecture's extra terms, appended to the formula in the order they apply.
  Message extras;
  auto append = [&extras](bool on, Message more) {
    if (on) extras = extras.empty() ? std::move(more) : msg::explain_concat(std::move(extras), std::move(more));
  };
  append(m.is_mla, msg::explain_params_total_mla());
  append(m.attention_output_gate, msg::explain_params_total_gate());
  append(m.has_indexer && !block_sparse(m), msg::explain_params_total_indexer());
  append(block_sparse(m), msg::explain_params_total_indexer_block_sparse());
  append(p.linear_attention_layers > 0, msg::explain_params_total_linear());
  const Message linear = p.linear_attention_layers > 0
                             ? msg::explain_params_linear_term(std::to_string(p.linear_attention_layers),
                                                               count(p.linear_attention_per_layer))
                             : Message();
  out.push_back(item("params_total", msg::explain_params_total_quantity(), msg::explain_params_total_formula(extras),
                     msg::explain_params_total_sub(std::move(published), count(p.embedding), count(p.lm_head),
                                                   m.tie_embeddings ? msg::explain_params_tied() : Message(),
                                                   std::to_string(m.num_layers - p.linear_attention_layers),
                                                   count(p.attention_per_layer), linear, count(p.mlp), count(p.router),
                                                   count(p.vectors), count(p.extra), total),
                     {kTransformerMath}, total));
  if (m.is_moe) {
    const string active = grouped(p.active);
    out.push_back(item("params_active", msg::explain_params_active_quantity(), msg::explain_params_active_formula(),
                       msg::explain_params_active_sub(count(p.total), std::to_string(p.moe_layers),
                                                      std::to_string(m.moe.num_experts),
                                                      std::to_string(m.moe.experts_per_token), count(p.expert_params),
                                                      count(p.extra), active),
                       {kTransformerMath}, active));
  }
}

void explain_weights(const Resolved& r, const Estimate& e, std::vector<Explanation>& out) {
  const ParamCounts& p = e.params;
  const WeightPrecision& w = r.precision();
  const double keep = std::max(16.0, w.bits_per_weight);
  // Linear layers at the format's bits, except the parts the format keeps in 16 bits (MXFP4: all but the experts).
  const std::int64_t dense_mlp = static_cast<std::int64_t>(p.dense_layers) * p.dense_mlp_per_layer +
                                 static_cast<std::int64_t>(p.moe_layers) * p.shared_expert_params;
  const std::int64_t attention_kept = static_cast<std::int64_t>(kept_attention_params(p, w) + 0.5);
  const std::int64_t attention_fp8 = w.fp8_attention ? p.attention - attention_kept : 0;
  const bool dense_apart = w.keep_dense_mlp_16bit || w.fp8_dense_mlp;
  const std::int64_t quantised = p.linear - attention_kept - attention_fp8 - (dense_apart ? dense_mlp : 0);
  std::vector<Message> terms{weight_term(msg::explain_name_linear(), quantised, w.bits_per_weight)};
  auto kept = [&](Message name, std::int64_t n, bool flag) {
    if (n > 0) terms.push_back(weight_term(std::move(name), n, flag ? keep : w.bits_per_weight));
  };
  // fp8_parts (DeepSeek-V4): stored at 8 bits (weights.cpp).
  const double fp8 = std::max(8.0, w.bits_per_weight);
  kept(msg::explain_name_attention(), attention_kept, true);
  if (w.keep_dense_mlp_16bit) kept(msg::explain_name_dense_mlp(), dense_mlp, true);
  if (attention_fp8 > 0) terms.push_back(weight_term(msg::explain_name_attention(), attention_fp8, fp8));
  if (w.fp8_dense_mlp && !w.keep_dense_mlp_16bit && dense_mlp > 0) {
    terms.push_back(weight_term(msg::explain_name_dense_mlp(), dense_mlp, fp8));
  }
  kept(msg::explain_name_embedding(), p.embedding, w.keep_embeddings_16bit);
  kept(msg::explain_name_lm_head(), p.lm_head, w.keep_lm_head_16bit);
  kept(msg::explain_name_router(), p.router, w.keep_router_16bit);
  kept(msg::explain_name_vectors(), p.vectors, w.keep_norms_16bit);
  kept(msg::explain_name_extra(), p.extra, true);
  Message sum = std::move(terms.front());
  for (std::size_t i = 1; i < terms.size(); ++i) sum = msg::explain_plus(std::move(sum), std::move(terms[i]));
  const string figure = bytes(e.memory.weights);
  out.push_back(item("weights", msg::explain_weights_quantity(),
                     msg::explain_weights_formula(w.name, bits(w.bits_per_weight)),
                     msg::explain_equals(std::move(sum), figure), {kTransformerMath, entry("weight_precisions", w.id)},
                     figure));
}

// DSA or block-sparse indexer: its own key per token per layer, " + 128 × 61 × 8/8 B".
string kv_indexer_term(const Model& m, const KvShape& ks) {
  if (!m.has_indexer) return string();
  return " + " + std::to_string(m.indexer.head_dim) + " × " + std::to_string(ks.indexer_layers) + " × " +
         bits(m.indexer.key_bits) + "/8 B";
}

Message kv_indexer_note(const Model& m) {
  if (block_sparse(m)) return msg::explain_kv_token_indexer_block_sparse();
  if (m.has_indexer) return msg::explain_kv_token_indexer();
  return Message();
}

// The cache's own source, and the indexer's when the model has one.
std::vector<string> kv_token_sources(const Model& m, const char* cache_source) {
  if (m.has_indexer) return {cache_source, indexer_source(m)};
  return {cache_source};
}

// DeepSeek-V4: vLLM's fp8_ds_mla pages per ratio (memory.cpp deepseek_v4_cache).
Explanation kv_token_deepseek_v4(const Model& m, const string& per_token) {
  const DeepseekV4Cache c = deepseek_v4_cache(m);
  // The formula as numbers only (pages per 256-token block / 256), no new words. When a group
  // other than the latents' is the widest, every latent block costs its width (the pool).
  const double own = m.compressed_attention.ratio4_layers * c.ratio4_per_token +
                     m.compressed_attention.ratio128_layers * c.ratio128_per_token;
  const string numbers =
      own == c.pool_per_token
          ? std::to_string(m.compressed_attention.ratio4_layers) + " × " + fixed(c.ratio4_per_token, 2) + " B + " +
                std::to_string(m.compressed_attention.ratio128_layers) + " × " + fixed(c.ratio128_per_token, 2) +
                " B = " + per_token
          : std::to_string(c.latent_groups) + " × " + grouped(c.block_bytes) + " B / 256 = " + per_token;
  return item("kv_cache_per_token", msg::explain_kv_token_mla_quantity(),
              msg::common_verbatim(grouped(c.ratio4_per_token * 256) + " B / 256 = " + fixed(c.ratio4_per_token, 2) +
                                   " B; " + grouped(c.ratio128_per_token * 256) + " B / 256 = " +
                                   fixed(c.ratio128_per_token, 2) + " B"),
              msg::common_verbatim(numbers), {kDeepseekV4}, per_token);
}

// MLA: the compressed latent and the RoPE key, per caching layer.
Explanation kv_token_mla(const Model& m, const KvShape& ks, const string& b, const string& per_token) {
  return item("kv_cache_per_token", msg::explain_kv_token_mla_quantity(),
              msg::explain_kv_token_mla_formula(kv_indexer_note(m)),
              msg::common_verbatim("(" + std::to_string(m.mla.kv_lora_rank) + " + " +
                                   std::to_string(m.mla.qk_rope_head_dim) + ") × " + caching_layers(ks) + " × " + b +
                                   " B" + kv_indexer_term(m, ks) + " = " + per_token),
              kv_token_sources(m, kMla), per_token);
}

// K and V of different widths, or sliding layers with their own KV heads (MiMo-V2):
// each kind's layers x its KV heads x (head_dim + v_head_dim).
bool kv_token_per_layer_kind(const Model& m, const KvShape& ks) {
  return m.v_head_dim > 0 || (ks.window_layers > 0 && m.sliding_window.num_kv_heads > 0);
}

Explanation kv_token_by_layer_kind(const Model& m, const KvShape& ks, const string& b, const string& per_token) {
  const string width = "(" + std::to_string(m.head_dim) + " + " +
                       std::to_string(m.v_head_dim > 0 ? m.v_head_dim : m.head_dim) + ")";
  const int window_kv = m.sliding_window.num_kv_heads > 0 ? m.sliding_window.num_kv_heads : m.num_kv_heads;
  string expr = std::to_string(ks.full_layers + ks.chunk_layers) + " × " + std::to_string(m.num_kv_heads) + " × " +
                width + " × " + b + " B";
  if (ks.window_layers > 0) {
    expr += " + " + std::to_string(ks.window_layers) + " × " + std::to_string(window_kv) + " × " + width + " × " + b +
            " B";
  }
  return item("kv_cache_per_token", msg::explain_kv_token_quantity(), msg::explain_kv_token_formula(kv_indexer_note(m)),
              msg::common_verbatim(expr + kv_indexer_term(m, ks) + " = " + per_token), kv_token_sources(m, kVllm),
              per_token);
}

// Plain GQA: K and V of head_dim for every KV head of every caching layer.
Explanation kv_token_gqa(const Model& m, const KvShape& ks, const string& b, const string& per_token) {
  return item("kv_cache_per_token", msg::explain_kv_token_quantity(), msg::explain_kv_token_formula(kv_indexer_note(m)),
              msg::common_verbatim("2 × " + caching_layers(ks) + " × " + std::to_string(m.num_kv_heads) + " × " +
                                   std::to_string(m.head_dim) + " × " + b + " B" + kv_indexer_term(m, ks) + " = " +
                                   per_token),
              kv_token_sources(m, kVllm), per_token);
}

// The KV cache of one token, by the model's attention kind.
void explain_kv_per_token(const Resolved& r, const Estimate& e, const KvShape& ks, std::vector<Explanation>& out) {
  const Model& m = r.model();
  const string per_token = grouped(e.kv_cache_bytes_per_token) + " B";
  const string b = bits(r.kv_bits / 8);
  if (m.has_compressed_attention) {
    out.push_back(kv_token_deepseek_v4(m, per_token));
  } else if (m.is_mla) {
    out.push_back(kv_token_mla(m, ks, b, per_token));
  } else if (kv_token_per_layer_kind(m, ks)) {
    out.push_back(kv_token_by_layer_kind(m, ks, b, per_token));
  } else {
    out.push_back(kv_token_gqa(m, ks, b, per_token));
  }
}

// The whole KV cache: sequences x (full, windowed and chunked layers' tokens, fixed pages, linear state).
void explain_kv_cache(const Resolved& r, const Estimate& e, const KvShape& ks, std::vector<Explanation>& out) {
  const Model& m = r.model();
  const Scenario& sc = r.scenario();
  string expr = grouped(sc.concurrency) + " × (" + grouped(ks.full_bytes_per_token) + " B × " + grouped(sc.context);
  if (ks.window > 0) {
    expr += " + " + grouped(ks.window_bytes_per_token) + " B × min(" + grouped(sc.context) + ", " + grouped(ks.window) +
            ")";
  }
  if (ks.chunk > 0) {
    expr += " + " + grouped(ks.chunk_bytes_per_token) + " B × min(" + grouped(sc.context) + ", " + grouped(ks.chunk) +
            ")";
  }
  if (ks.fixed_bytes_per_sequence > 0) expr += " + " + grouped(ks.fixed_bytes_per_sequence) + " B";
  std::vector<string> sources{kVllm};
  if (ks.fixed_bytes_per_sequence > 0) sources.push_back(kDeepseekV4);
  if (ks.chunk > 0) sources.push_back(kLlama4);
  if (ks.indexer_layers > 0) sources.push_back(indexer_source(m));
  if (e.state_bytes_per_sequence > 0) {
    const LinearState st = linear_state(m, r.state_bits);
    expr += " + " + std::to_string(st.layers) + " × (" + grouped(st.conv_values) + " + " + grouped(st.recurrent_values) +
            ") × " + fixed(st.bytes_per_value, 0) + " B";
    sources.insert(sources.end(), {kGatedDeltaNet, kHybridCache, kStateDtype});
  }
  const string figure = bytes(e.memory.kv_cache);
  out.push_back(item("kv_cache", msg::explain_kv_quantity(), msg::explain_kv_formula(),
                     msg::common_verbatim(expr + ") = " + figure), std::move(sources), figure));
}

// Inference activations: the engine's fixed reserve (layer-split engines), or vLLM's start-up peak.
void explain_inference_activations(const Resolved& r, const Estimate& e, std::vector<Explanation>& out) {
  const Scenario& sc = r.scenario();
  const EngineProfile& eng = r.engine();
  const string figure = bytes(e.memory.activations);
  if (eng.kv_pool == KvPool::Reserve) {
    const EngineTier& t = eng.tiers.front();
    out.push_back(item("activations", msg::explain_act_inference_quantity(),
                       msg::explain_act_inference_formula_reserve(eng.name),
                       msg::common_verbatim(fixed(t.reserve_mib, 0) + " MiB + " + fixed(eng.reserve_mib_per_rank, 0) +
                                            " MiB × 1 × 1 = " + figure),
                       {entry("engines", eng.id)}, figure));
    return;
  }
  const EngineMemory em = engine_memory(r, nullptr, Layout{}, sc.prompt, sc.concurrency);
  const InferenceActivation& a = em.activation;
  out.push_back(item("activations", msg::explain_act_inference_quantity(), msg::explain_act_inference_formula(eng.name),
                     msg::common_verbatim(grouped(a.tokens_per_pass) + " × " + fixed(a.bytes_per_value, 0) +
                                          " B × (4 × " + grouped(a.hidden) + " + 3 × " + grouped(a.mlp_width) + ") + " +
                                          grouped(a.rows) + " × " + grouped(a.vocab) + " × 4 B × " +
                                          fixed(a.logits_copies, 0) + " = " + figure),
                     {kVllm, entry("engines", eng.id)}, figure));
}

void explain_inference_memory(const Resolved& r, const Estimate& e, std::vector<Explanation>& out) {
  const KvShape ks = kv_shape(r.model(), r.kv_bits);
  explain_kv_per_token(r, e, ks, out);
  explain_kv_cache(r, e, ks, out);
  explain_inference_activations(r, e, out);
}

void explain_training_memory(const Resolved& r, const Estimate& e, std::vector<Explanation>& out) {
  const Model& m = r.model();
  const Scenario& sc = r.scenario();
  const ParamCounts& p = e.params;
  const double k = optimizer_bytes_per_param(sc.optimizer, r.fp32_training);
  const double tb = r.training_bytes_per_param;
  const MemoryBreakdown& mb = e.memory;
  if (is_lora(r.task)) {
    const string figure = bytes(mb.adapters + mb.gradients + mb.optimizer);
    out.push_back(item("adapters", msg::explain_adapters_quantity(), msg::explain_adapters_formula(),
                       msg::common_verbatim("r = " + std::to_string(sc.lora_rank) + ": " + grouped(e.adapter_params) +
                                            " × (" + fixed(tb, 0) + " + " + fixed(tb, 0) + " + " + fixed(k, 0) +
                                            ") B = " + figure),
                       {kLora, kQlora}, figure));
  } else {
    const string figure = bytes(mb.weights + mb.gradients + mb.optimizer);
    out.push_back(item("model_states", msg::explain_states_quantity(), msg::explain_states_formula(),
                       msg::common_verbatim("Ψ = " + grouped(p.total) + ": (" + fixed(tb, 0) + " + " + fixed(tb, 0) +
                                            " + " + fixed(k, 0) + ") B × Ψ = " + fixed(2 * tb + k, 0) + " B × Ψ = " +
                                            figure),
                       {kZero}, figure));
  }
  const TrainingActivation a = training_activation(r, Layout{}, sc.context, sc.batch);
  Message formula;
  switch (r.checkpointing) {
    case Checkpointing::Auto:
    case Checkpointing::None:
      formula = sc.flash_attention ? msg::explain_act_train_formula_flash() : msg::explain_act_train_formula_plain();
      break;
    case Checkpointing::Selective: formula = msg::explain_act_train_formula_selective(); break;
    case Checkpointing::Full: formula = msg::explain_act_train_formula_full(); break;
  }
  string expr = "s = " + grouped(sc.context) + ", b = " + grouped(sc.batch) + ", h = " + grouped(m.hidden_size) +
                ", a = " + std::to_string(m.num_attention_heads) + ", L = " + std::to_string(m.num_layers) + ", v = " +
                grouped(m.vocab_size) + ": " + (a.fp32 ? "2 × (" : "") + trimmed(a.layers) + " × " +
                bytes(a.per_layer) + (a.recompute > 0 ? " + " + bytes(a.recompute) : string()) + " + " +
                bytes(a.logits) + (a.fp32 ? ")" : "");
  const string figure = bytes(mb.activations);
  out.push_back(item("activations", msg::explain_act_train_quantity(), std::move(formula),
                     msg::common_verbatim(expr + " = " + figure), {kKorthikanti}, figure));
}

void explain_totals(const Resolved& r, const Estimate& e, std::vector<Explanation>& out) {
  const bool inference = r.task == Task::Inference;
  const MemoryBreakdown& mb = e.memory;
  const string overhead = bytes(mb.overhead);
  if (inference) {
    const EngineProfile& eng = r.engine();
    const string expr = fixed(eng.non_torch_mib, 0) + " MiB + " + fixed(eng.non_torch_mib_per_extra_rank, 0) +
                        " MiB × (1 − 1)";
    out.push_back(item("overhead", msg::explain_overhead_quantity(), msg::explain_overhead_formula_inference(),
                       msg::common_verbatim(expr + " = " + overhead), {entry("engines", eng.id)}, overhead));
  } else {
    out.push_back(item("overhead", msg::explain_overhead_quantity(), msg::explain_overhead_formula_training(),
                       msg::common_verbatim(fixed(r.catalog().defaults.training_overhead_mib, 0) + " MiB × 2^20 = " +
                                            overhead),
                       {string("defaults/")}, overhead));
  }
  const string total = bytes(mb.total);
  out.push_back(item("total", msg::explain_total_quantity(), msg::explain_total_formula(),
                     msg::common_verbatim(bytes(mb.weights) + " + " + bytes(mb.kv_cache) + " + " +
                                          bytes(mb.activations) + " + " + bytes(mb.gradients) + " + " +
                                          bytes(mb.optimizer) + " + " + bytes(mb.adapters) + " + " + overhead +
                                          " = " + total),
                     {kTransformerMath}, total));
}

void explain_train_flops(const Resolved& r, const Estimate& e, std::vector<Explanation>& out) {
  if (!is_training(r.task) || !(e.train_flops > 0)) return;
  const Scenario& sc = r.scenario();
  const double a = attention_flops_per_token(r.model(), static_cast<double>(sc.context));
  Message extra;
  if (r.checkpointing == Checkpointing::Full) extra = msg::explain_flops_full_recompute();
  if (r.checkpointing == Checkpointing::Selective) extra = msg::explain_flops_selective_recompute();
  const string figure = count(e.train_flops) + "FLOP";
  out.push_back(item("train_flops", msg::explain_flops_quantity(),
                     is_lora(r.task) ? msg::explain_flops_formula_lora(std::move(extra))
                                     : msg::explain_flops_formula_full(std::move(extra)),
                     msg::common_verbatim("N = " + grouped(e.params.matmul_active) + ", A = " + count(a) + " (s = " +
                                          grouped(sc.context) + "), D = " + count(sc.tokens) + ": C = " + figure),
                     {kTransformerMath, kPalm}, figure));
}

// [SECTION] Per-GPU figures

Message budget_rule(KvPool kind) {
  switch (kind) {
    case KvPool::Budget: return msg::explain_rule_budget();
    case KvPool::Reserve: return msg::explain_rule_reserve();
    case KvPool::Free: return msg::explain_rule_free();
    case KvPool::Context: return msg::explain_rule_context();
    case KvPool::Dynamic: return msg::explain_rule_dynamic();
  }
  return msg::explain_rule_dynamic();
}

// "79.65 GiB − 448 MiB = 79.21 GiB; 0.90 × 79.21 GiB = 71.29 GiB" for the engine's kind.
string budget_expr(const Resolved& r, const Gpu& gpu, const EngineMemory& em) {
  const EngineProfile& eng = r.engine();
  const string card = gpu.unified_gpu_percent > 0
                          ? "(" + grouped(gpu.memory_mib) + " MiB × " + format_shortest(gpu.unified_gpu_percent) + "%)"
                          : grouped(gpu.memory_mib) + " MiB";
  string expr = card + " − " + fixed(r.catalog().defaults.driver_reserved_mib, 0) + " MiB = " + bytes(em.visible);
  if (r.task != Task::Inference) return expr;
  switch (eng.kv_pool) {
    case KvPool::Budget: expr += "; " + fixed(memory_utilization(r), 2) + " × " + bytes(em.visible); break;
    case KvPool::Free:
      expr += "; " + bytes(em.non_kv) + " + " + fixed(memory_utilization(r), 2) + " × (" + bytes(em.visible) + " − " +
              bytes(em.non_kv) + ")";
      break;
    case KvPool::Context: expr += " − " + fixed(eng.fit_margin_mib, 0) + " MiB"; break;
    case KvPool::Reserve:
      if (r.scenario().gpu_memory_utilization) expr += "; " + fixed(memory_utilization(r), 2) + " × " + bytes(em.visible);
      break;
    case KvPool::Dynamic: break;
  }
  return expr + " = " + bytes(em.budget);
}

// "3350 GB/s × 0.80 = 2.68 GB/s" (capped: "min(4000 GB/s × 0.80, 1550 GB/s) = ...").
string bandwidth_expr(const EngineProfile& eng, const Gpu& gpu, double effective) {
  string expr = fixed(gpu.memory_bandwidth_gb_per_s, 0) + " GB/s × " + fixed(bandwidth_efficiency(eng, gpu), 2);
  if (gpu.achievable_bandwidth_gb_per_s > 0) expr = "min(" + expr + ", " + fixed(gpu.achievable_bandwidth_gb_per_s, 0) + " GB/s)";
  return expr + " = " + format_gb(effective) + "/s";
}

// "989.4 TFLOPS BF16 × 0.60"
string rate_expr(const MatmulRate& rate) {
  return fixed(rate.dense.tflops, 1) + " TFLOPS " + compute_name(rate.dense.used) + " × " + fixed(rate.efficiency, 2);
}

void explain_decode(const Resolved& r, const GpuEstimate& g, const Gpu& gpu, const Layout& l,
                    std::vector<Explanation>& out) {
  const Scenario& sc = r.scenario();
  const EngineProfile& eng = r.engine();
  const DecodeSpeed d = decode_speed(r, gpu, l, sc.context, sc.concurrency);
  const string tp = std::to_string(d.tensor_parallel);
  const string bw = format_gb(d.bandwidth) + "/s";
  string memory = format_gb(d.weight_bytes - d.weight_bytes_quantized) + " / (" + tp + " × " + bw + ")";
  if (d.weight_bytes_quantized > 0) {
    memory += " + " + format_gb(d.weight_bytes_quantized) + " / (… × " + fixed(d.kernel_efficiency, 2) + ")";
  }
  if (d.expert_bytes > 0) {
    memory += " + " + format_gb(d.expert_bytes) + " / (" + std::to_string(std::max(d.tensor_parallel, d.expert_parallel)) +
              " × " + bw + " × " + fixed(d.kernel_efficiency, 2) + " × " + fixed(d.expert_efficiency, 2) + ")";
  }
  memory += " + " + format_gb(d.kv_bytes) + " / (" + tp + " × " + bw +
            (d.kv_efficiency < 1 ? " × " + fixed(d.kv_efficiency, 2) : string()) + ") = " + fixed(d.memory_ms, 2) + " ms";
  const bool by_architecture = d.architecture_efficiency < 1;
  string expr = bandwidth_expr(eng, gpu, d.bandwidth) + (by_architecture ? "; (max(" : "; max(") + memory + ", " +
                grouped(sc.concurrency) + " × " + count(d.flops_per_token) + "FLOP / (" + tp + " × " +
                rate_expr(d.rate) + ") = " + fixed(d.compute_ms, 2) + " ms) + " + fixed(d.fixed_ms, 2) + " ms";
  if (d.cpu_ms > 0) expr += " + " + fixed(d.cpu_ms, 2) + " ms";
  if (d.moe_ms > 0) expr += " + " + fixed(d.moe_ms, 2) + " ms";
  if (d.indexer_ms > 0) expr += " + " + fixed(d.indexer_ms, 2) + " ms";
  if (d.sync_ms > 0) expr += " + " + fixed(d.sync_ms, 2) + " ms";
  if (d.boundary_ms > 0) expr += " + " + fixed(d.boundary_ms, 2) + " ms";
  if (by_architecture) expr += ") / " + fixed(d.architecture_efficiency, 2) + " (" + gpu.architecture + ")";
  const string aggregate = format_rate(g.aggregate_tokens_per_s) + " t/s";
  expr += " = " + fixed(d.step_ms, 2) + " ms → " + format_rate(g.decode_tokens_per_s) + " t/s; × " +
          grouped(sc.concurrency) + " = " + aggregate;
  out.push_back(item("decode_tokens_per_s", msg::explain_decode_quantity(gpu.name), msg::explain_decode_formula(),
                     msg::common_verbatim(expr), {entry("engines", eng.id), entry("gpus", gpu.id)}, aggregate));
}

void explain_prefill(const Resolved& r, const Estimate& e, const GpuEstimate& g, const Gpu& gpu, const Layout& l,
                     std::vector<Explanation>& out) {
  const Scenario& sc = r.scenario();
  const EngineProfile& eng = r.engine();
  const PrefillSpeed pf = prefill_speed(r, gpu, l, sc.prompt);
  const double n = static_cast<double>(e.params.matmul_active);
  const string tp = std::to_string(pf.tensor_parallel);
  string expr = trimmed(pf.pipelined_passes) + " × max(" + grouped(sc.prompt) + " / " + fixed(pf.passes, 0) + " × (2 × " +
                count(n) + " + " + count(pf.flops_per_token - 2 * n) + ") FLOP / (" + tp + " × " + rate_expr(pf.rate) +
                "), " + format_gb(pf.weight_bytes) + " / (" + tp + " × " + format_gb(pf.bandwidth) + "/s)) = max(" +
                fixed(pf.compute_ms, 1) + " ms, " + fixed(pf.weights_ms, 1) + " ms) + " + fixed(pf.fixed_ms, 1) + " ms";
  if (pf.sync_ms > 0) expr += " + " + fixed(pf.sync_ms, 1) + " ms";
  if (pf.boundary_ms > 0) expr += " + " + fixed(pf.boundary_ms, 1) + " ms";
  const string prefill = format_rate(g.prefill_tokens_per_s) + " t/s";
  expr += " = " + fixed(g.ttft_ms, 1) + " ms → " + prefill;
  out.push_back(item("prefill_tokens_per_s", msg::explain_prefill_quantity(gpu.name), msg::explain_prefill_formula(),
                     msg::common_verbatim(expr), {kTransformerMath, entry("engines", eng.id)}, prefill));
}

// Whether the model fits one card of `gpu` with the headroom: the engine's budget, the need per card.
void explain_fit(const Resolved& r, const GpuEstimate& g, const Gpu& gpu, const EngineMemory& em,
                 std::vector<Explanation>& out) {
  const bool inference = r.task == Task::Inference;
  const double with_headroom = static_cast<double>(g.per_card_bytes) * (1 + r.headroom);
  const double card = static_cast<double>(g.usable_bytes + g.held_back_bytes);
  const string fit = string(name_of(g.fit));
  EngineMemory shown = em;
  if (!inference) shown.budget = static_cast<double>(g.usable_bytes);
  out.push_back(item("fit", msg::explain_fit_quantity(gpu.name),
                     inference ? msg::explain_fit_formula_inference(budget_rule(r.engine().kv_pool))
                               : msg::explain_fit_formula_training(),
                     msg::common_verbatim(budget_expr(r, gpu, shown) + "; " + bytes(g.per_card_bytes) + " × (1 + " +
                                          fixed(r.headroom, 2) + ") = " + bytes(with_headroom) +
                                          (with_headroom <= card ? " ≤ " : " > ") + bytes(g.usable_bytes) +
                                          (g.held_back_bytes > 0 ? " + " + bytes(g.held_back_bytes) : string()) +
                                          " → " + fit),
                     {kHeadroomRule, inference ? entry("engines", r.engine().id) : string("defaults/")}, fit));
}

// The engine's KV-cache pool: its memory budget less weights, activations and the rest.
void explain_kv_pool(const Resolved& r, const GpuEstimate& g, const Gpu& gpu, const EngineMemory& em,
                     std::vector<Explanation>& out) {
  if (!g.kv_pool_bytes) return;
  const string pool = bytes(*g.kv_pool_bytes);
  out.push_back(item("kv_pool", msg::explain_kv_pool_quantity(gpu.name), msg::explain_kv_pool_formula(),
                     msg::common_verbatim(bytes(em.budget) + " − " + bytes(em.weights) + " − " +
                                          bytes(em.activation.bytes + em.reserve) + " − " + bytes(em.non_torch) +
                                          " = " +
                                          (em.kv_pool < 0 ? "−" + bytes(-em.kv_pool) + " → " : string()) + pool),
                     {entry("engines", r.engine().id)}, pool));
}

// The card count: the layout found (TP x PP, and DP with its ZeRO stage for training), or the counts tried.
void explain_cards(const Resolved& r, const GpuEstimate& g, const Gpu& gpu, std::vector<Explanation>& out) {
  const bool inference = r.task == Task::Inference;
  const string cards = std::to_string(g.cards);
  string expr;
  if (g.cards > 0) {
    expr = "H = " + std::to_string(r.model().num_attention_heads) + ", K = " +
           std::to_string(r.model().num_kv_heads) + ": TP " + std::to_string(g.tensor_parallel) + " × PP " +
           std::to_string(g.pipeline_parallel) +
           (inference ? string() : " × DP " + std::to_string(g.data_parallel) + " (ZeRO-" +
                                       std::to_string(g.zero_stage) + ")") +
           " = " + cards;
  } else {
    expr = "1 … " + std::to_string(g.max_cards_tried) + " → " + cards;
  }
  out.push_back(item("cards", msg::explain_cards_quantity(gpu.name),
                     inference ? msg::explain_cards_formula() : msg::explain_cards_formula_training(),
                     msg::common_verbatim(expr), {kMegatron, kVllm}, cards));
}

// The longest context and the most sequences that fit the usable memory.
void explain_max(const Resolved& r, const GpuEstimate& g, const Gpu& gpu, std::vector<Explanation>& out) {
  const Scenario& sc = r.scenario();
  const bool inference = r.task == Task::Inference;
  // Two figures, two explanations: each ends in the figure its key names.
  const Message formula = inference ? msg::explain_max_formula_inference() : msg::explain_max_formula_training();
  const string max_context = grouped(g.max_context);
  out.push_back(item("max_context", msg::explain_max_context_quantity(gpu.name), formula,
                     msg::explain_max_context_sub(bytes(g.usable_bytes),
                                                  inference ? msg::explain_word_concurrency() : msg::explain_word_batch(),
                                                  grouped(inference ? sc.concurrency : sc.batch), max_context),
                     {inference ? kVllm : kKorthikanti}, max_context));
  const string max_concurrency = grouped(g.max_concurrency);
  out.push_back(item("max_concurrency", msg::explain_max_concurrency_quantity(gpu.name), formula,
                     msg::explain_max_concurrency_sub(bytes(g.usable_bytes), grouped(sc.context), max_concurrency),
                     {inference ? kVllm : kKorthikanti}, max_concurrency));
}

// Training: the job's hours and GPU-hours from its FLOPs, the peak, MFU, bubble and scaling.
void explain_train_time(const Resolved& r, const GpuEstimate& g, const Gpu& gpu, const Layout& l,
                        std::vector<Explanation>& out) {
  if (!g.train_hours || !g.gpu_hours) return;
  const Scenario& sc = r.scenario();
  const TrainTime t = train_time(r, gpu, l);
  const string gpu_hours = fixed(*g.gpu_hours, 1) + " GPU-h";
  const string mfu = sc.mfu ? fixed(t.mfu, 2)
                                : "(" + fixed(t.parts.base, 2) + " × " + fixed(t.parts.size, 2) + " × " +
                                      fixed(t.parts.moe, 2) + " × " + fixed(t.parts.scale, 3) + ")";
  out.push_back(item("train_hours", msg::explain_train_quantity(gpu.name),
                     msg::explain_train_formula(grouped(r.catalog().defaults.mfu_scale_cards)),
                     msg::common_verbatim(count(t.flops) + "FLOP / (" + grouped(static_cast<std::int64_t>(l.cards)) + " × " +
                                          fixed(t.peak_tflops, 1) + " TFLOPS " + compute_name(t.peak_type) + " × " +
                                          mfu + " × (1 − " + fixed(t.bubble, 3) + ") × " + fixed(t.scaling, 2) +
                                          " × " + fixed(t.fp8_speedup, 2) + ") / 3600 / " +
                                          fixed(t.run_efficiency, 2) + " = " + fixed(*g.train_hours, 1) + " h; × " +
                                          grouped(static_cast<std::int64_t>(l.cards)) + " = " + gpu_hours),
                     {kTransformerMath, kMegatron, "defaults/"}, gpu_hours));
}

}  // namespace

std::vector<Explanation> explain_model(const Resolved& r, const Estimate& e) {
  std::vector<Explanation> out;
  explain_params(r, e, out);
  explain_weights(r, e, out);
  if (r.task == Task::Inference) {
    explain_inference_memory(r, e, out);
  } else {
    explain_training_memory(r, e, out);
  }
  explain_totals(r, e, out);
  explain_train_flops(r, e, out);
  return out;
}

std::vector<Explanation> explain_gpu(const Resolved& r, const Estimate& e, const GpuEstimate& g, const Gpu& gpu) {
  std::vector<Explanation> out;
  const Scenario& sc = r.scenario();
  const Layout l = layout_of(g);
  const bool inference = r.task == Task::Inference;
  const EngineMemory em = engine_memory(r, &gpu, l, sc.prompt, sc.concurrency);
  explain_fit(r, g, gpu, em, out);
  if (inference) explain_kv_pool(r, g, gpu, em, out);
  explain_cards(r, g, gpu, out);
  if (inference && g.cards > 0) {
    explain_decode(r, g, gpu, l, out);
    explain_prefill(r, e, g, gpu, l, out);
  }
  explain_max(r, g, gpu, out);
  if (!inference) explain_train_time(r, g, gpu, l, out);
  return out;
}

// [SECTION] Citations

Message cite(const Catalog& catalog, const std::string& ref) {
  const std::size_t slash = ref.find('/');
  if (slash == std::string::npos) {
    const Source* s = catalog.find_source(ref);
    if (!s) return msg::common_verbatim(ref);
    return msg::explain_cite_source(s->title, s->publisher, s->date);
  }
  const string section = ref.substr(0, slash);
  const string id = ref.substr(slash + 1);
  if (id.empty()) return msg::explain_cite_defaults();
  return msg::explain_cite_entry(section, id);
}

}  // namespace cardfit
