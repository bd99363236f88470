// Internal to core: the catalog's JSON format written down once. Each `*_fields` function
// lists one struct's JSON keys, types, units and ranges; the reader (catalog_load.cpp), the
// writer (catalog_write.cpp), the checker (catalog_validate.cpp) and the snapshot's reader walk
// them as tables recorded from these lists (field_table.hpp), the snapshot's writer walks the
// lists themselves, so none can disagree. docs/catalog.md documents the same fields for humans.
// NOTE: an Optional field's struct default must be zero / false / empty: the writer omits
// such values and the reader restores them by leaving the default.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "catalog.hpp"
#include "messages.hpp"

namespace cardfit::fields {

// [SECTION] Rules

enum class Need { Required, Optional };

struct Range {  // allowed numeric values; bounds are inclusive unless *_open
  double lo;
  double hi;
  bool lo_open = false;
  bool hi_open = false;
  double least_nonzero = 0;  // > 0: a value other than 0 must be at least this (0 = "none" stays allowed)
};

constexpr Range closed(double lo, double hi) { return Range{lo, hi, false, false}; }
constexpr Range above(double lo, double hi) { return Range{lo, hi, true, false}; }       // lo < v <= hi
constexpr Range between(double lo, double hi) { return Range{lo, hi, true, true}; }      // lo < v < hi
constexpr Range zero_or(double least, double hi) { return Range{0, hi, false, false, least}; }  // 0 or least..hi

constexpr Range kFraction = closed(0, 1);          // multipliers and shares
// Plausibility floors: a figure below them describes no real GPU or engine, and a tiny one
// (an overlay's 5e-324) would turn speeds and times into 0 or infinity instead of an error.
constexpr Range kPositiveFraction = closed(0.01, 1);  // efficiencies, MFU: at least 1%
constexpr Range kPrice = zero_or(0.01, 1e9);       // in the offer's currency; 0 = on inquiry / open-ended, else >= 0.01
constexpr Range kRate = zero_or(0.1, 100000);      // TFLOPS / TOPS; 0 = not supported, else >= 0.1
constexpr Range kRequiredRate = closed(0.1, 100000);  // TFLOPS every GPU has (FP16, FP32)
constexpr Range kBandwidth = closed(10, 100000);   // GB/s of card memory (a Jetson Nano has 25.6)
constexpr Range kLinkBandwidth = zero_or(1, 100000);  // GB/s of a fast link; 0 = none
constexpr Range kUsdCny = closed(0.01, 1000);     // CNY per USD (the input table's usd-cny reads these)

// `value` brought within `range` (its closed bounds): what the formulas use of a number the
// loader already checked against that range, so both state one bound.
constexpr double within(double value, const Range& range) {
  return value < range.lo ? range.lo : value > range.hi ? range.hi : value;
}

enum class TextRule {
  Any,       // any string (may be empty when Optional)
  Id,        // lowercase [a-z0-9][a-z0-9._-]*, at most 64 characters
  Date,      // YYYY, YYYY-MM or YYYY-MM-DD
  Currency,  // CNY | USD
  RepoId,    // a Hugging Face repository id, [owner/]name (huggingface_hub's grammar)
  WebUrl,    // http:// or https://, no spaces, quotes or angle brackets
};

// nullopt when fine, else the reason ("must be > 0 and < 100000, got 0").
std::optional<Message> check_number(double value, const Range& range, bool integer);
std::optional<Message> check_text(const std::string& value, Need need, TextRule rule);
std::string quote_for_message(const std::string& s);  // "abc" escaped, cut at 40 bytes

// [SECTION] Enumerations: JSON spellings come from EnumNames<E> (catalog.hpp).

template <class B>
struct FlagName {  // one member of a JSON list of words that maps onto a bool
  const char* name;
  B* flag;
};

// [SECTION] Field lists. V is the visitor; T may be const (writer, checker) or not (reader).

constexpr double kMaxTokens = 100'000'000;  // context lengths, windows, chunks (Llama 4 Scout: 10,485,760)

template <class V, class T>
void sliding_window_fields(V& v, T& w) {
  v.integer("window", w.window, Need::Required, closed(1, kMaxTokens));
  v.integer("layers", w.layers, Need::Required, closed(1, 10000));
  v.integer("num_kv_heads", w.num_kv_heads, Need::Optional, closed(0, 100000));
  v.integer("head_dim", w.head_dim, Need::Optional, closed(0, 100000));
}

template <class V, class T>
void chunked_attention_fields(V& v, T& c) {
  v.integer("chunk", c.chunk, Need::Required, closed(1, kMaxTokens));
  v.integer("layers", c.layers, Need::Required, closed(1, 10000));
}

template <class V, class T>
void linear_attention_fields(V& v, T& a) {
  v.integer("layers", a.layers, Need::Required, closed(1, 10000));
  v.integer("num_key_heads", a.num_key_heads, Need::Required, closed(1, 100000));
  v.integer("num_value_heads", a.num_value_heads, Need::Required, closed(1, 100000));
  v.integer("key_head_dim", a.key_head_dim, Need::Required, closed(1, 100000));
  v.integer("value_head_dim", a.value_head_dim, Need::Required, closed(1, 100000));
  v.integer("conv_kernel", a.conv_kernel, Need::Required, closed(1, 1000));
  v.integer("recurrent_bits", a.recurrent_bits, Need::Optional, closed(0, 64));
  v.text("kind", a.kind, Need::Optional, TextRule::Id);  // "" (Gated DeltaNet) or "mamba2": catalog_validate.cpp
}

template <class V, class T>
void indexer_fields(V& v, T& x) {
  v.integer("num_heads", x.num_heads, Need::Required, closed(1, 100000));
  v.integer("head_dim", x.head_dim, Need::Required, closed(1, 100000));
  v.integer("top_k", x.top_k, Need::Required, closed(1, kMaxTokens));
  v.number("key_bits", x.key_bits, Need::Required, above(1, 32));
  v.integer("layers", x.layers, Need::Optional, closed(0, 10000));
  v.integer("dense_layers", x.dense_layers, Need::Optional, closed(0, 10000));
  v.text("kind", x.kind, Need::Optional, TextRule::Id);  // "" (DSA) or "block_sparse": catalog_validate.cpp
}

template <class V, class T>
void compressed_attention_fields(V& v, T& c) {
  v.integer("window", c.window, Need::Required, closed(1, kMaxTokens));
  v.integer("ratio4_layers", c.ratio4_layers, Need::Required, closed(0, 10000));
  v.integer("ratio128_layers", c.ratio128_layers, Need::Required, closed(0, 10000));
  v.integer("q_lora_rank", c.q_lora_rank, Need::Required, closed(1, 100000));
  v.integer("rope_head_dim", c.rope_head_dim, Need::Required, closed(1, 100000));
  v.integer("o_groups", c.o_groups, Need::Required, closed(1, 100000));
  v.integer("o_lora_rank", c.o_lora_rank, Need::Required, closed(1, 100000));
  v.integer("hc_mult", c.hc_mult, Need::Optional, closed(0, 64));
  v.integer("index_heads", c.index_heads, Need::Required, closed(1, 100000));
  v.integer("index_head_dim", c.index_head_dim, Need::Required, closed(1, 100000));
  v.integer("index_topk", c.index_topk, Need::Optional, closed(0, kMaxTokens));
}

template <class V, class T>
void moe_fields(V& v, T& m) {
  v.integer("num_experts", m.num_experts, Need::Required, closed(1, 100000));
  v.integer("experts_per_token", m.experts_per_token, Need::Required, closed(1, 100000));
  v.integer("num_shared_experts", m.num_shared_experts, Need::Optional, closed(0, 100000));
  v.integer("expert_intermediate_size", m.expert_intermediate_size, Need::Required, closed(1, 10'000'000));
  v.integer("shared_expert_intermediate_size", m.shared_expert_intermediate_size, Need::Optional,
            closed(0, 10'000'000));
  v.integer("dense_layers", m.dense_layers, Need::Optional, closed(0, 10000));
  v.integer("latent_size", m.latent_size, Need::Optional, closed(0, 10'000'000));
  v.boolean("router_bias", m.router_bias, Need::Optional);
  v.boolean("latent_norm", m.latent_norm, Need::Optional);
}

template <class V, class T>
void mla_fields(V& v, T& m) {
  v.integer("kv_lora_rank", m.kv_lora_rank, Need::Required, closed(1, 100000));
  v.integer("q_lora_rank", m.q_lora_rank, Need::Optional, closed(0, 100000));
  v.integer("qk_rope_head_dim", m.qk_rope_head_dim, Need::Required, closed(1, 100000));
  v.integer("qk_nope_head_dim", m.qk_nope_head_dim, Need::Required, closed(1, 100000));
  v.integer("v_head_dim", m.v_head_dim, Need::Required, closed(1, 100000));
}

template <class V, class T>
void source_fields(V& v, T& e) {
  v.text("source", e.source, Need::Required, TextRule::Any);
  v.text("as_of", e.as_of, Need::Required, TextRule::Date);
}

template <class V, class T>
void gpu_fields(V& v, T& g) {
  v.text("id", g.id, Need::Required, TextRule::Id);
  v.strings("aliases", g.aliases, Need::Optional, TextRule::Id);
  v.text("name", g.name, Need::Required, TextRule::Any);
  v.text("vendor", g.vendor, Need::Required, TextRule::Any);
  v.choice("class", g.gpu_class, Need::Required);
  v.text("architecture", g.architecture, Need::Required, TextRule::Any);
  v.integer("memory_mib", g.memory_mib, Need::Required, closed(1, 10'000'000));
  v.choice("memory_mib_basis", g.memory_basis, Need::Required);
  v.number("unified_gpu_percent", g.unified_gpu_percent, Need::Optional, zero_or(1, 100));
  v.text("memory_type", g.memory_type, Need::Required, TextRule::Any);
  v.number("memory_bandwidth_gb_per_s", g.memory_bandwidth_gb_per_s, Need::Required, kBandwidth);
  v.number("achievable_bandwidth_gb_per_s", g.achievable_bandwidth_gb_per_s, Need::Optional, zero_or(10, 100000));
  v.number("fp16_dense_tflops", g.fp16_dense_tflops, Need::Required, kRequiredRate);
  v.number("fp16_acc16_dense_tflops", g.fp16_acc16_dense_tflops, Need::Required, kRequiredRate);
  v.number("fp16_matrix_dense_tflops", g.fp16_matrix_dense_tflops, Need::Optional, kRate);
  v.number("bf16_dense_tflops", g.bf16_dense_tflops, Need::Optional, kRate);
  v.number("fp8_dense_tflops", g.fp8_dense_tflops, Need::Optional, kRate);
  v.number("int8_dense_tops", g.int8_dense_tops, Need::Optional, kRate);
  v.number("fp4_dense_tflops", g.fp4_dense_tflops, Need::Optional, kRate);
  v.number("fp32_tflops", g.fp32_tflops, Need::Required, kRequiredRate);
  v.choice("interconnect", g.interconnect, Need::Required);
  v.number("nvlink_gb_per_s", g.nvlink_gb_per_s, Need::Optional, kLinkBandwidth);
  v.choice("runtime", g.runtime, Need::Required);
  v.number("compute_capability", g.compute_capability, Need::Optional, zero_or(1, 20));
  v.choice("fp8_path", g.fp8_path, Need::Required);
  v.choice("fp4_path", g.fp4_path, Need::Required);
  v.integer("pcie_gen", g.pcie_gen, Need::Required, closed(1, 9));
  v.integer("max_cards_per_node", g.max_cards_per_node, Need::Required, closed(1, 1024));
  v.number("tdp_w", g.tdp_w, Need::Required, closed(1, 10000));
  v.integer("mig_max_instances", g.mig_max_instances, Need::Required, closed(0, 64));
  v.boolean("ecc", g.ecc, Need::Required);
  v.number("street_price_low", g.street_price_low, Need::Optional, kPrice);
  v.number("street_price_high", g.street_price_high, Need::Optional, kPrice);
  v.text("street_price_currency", g.street_price_currency, Need::Optional, TextRule::Currency);
  v.text("street_price_condition", g.street_price_condition, Need::Optional, TextRule::Id);
  v.text("street_price_as_of", g.street_price_as_of, Need::Optional, TextRule::Date);
  v.text("street_price_source", g.street_price_source, Need::Optional, TextRule::Any);
  source_fields(v, g);
  v.text("notes", g.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void model_fields(V& v, T& m) {
  v.text("id", m.id, Need::Required, TextRule::Id);
  v.strings("aliases", m.aliases, Need::Optional, TextRule::Id);
  v.text("name", m.name, Need::Required, TextRule::Any);
  v.text("family", m.family, Need::Required, TextRule::Any);
  v.text("hf_repo", m.hf_repo, Need::Optional, TextRule::RepoId);
  v.text("gguf_repo", m.gguf_repo, Need::Optional, TextRule::RepoId);
  v.text("awq_repo", m.awq_repo, Need::Optional, TextRule::RepoId);
  v.text("fp8_repo", m.fp8_repo, Need::Optional, TextRule::RepoId);
  v.text("released_precision", m.released_precision, Need::Optional, TextRule::Id);
  v.list("release_parts", m.release_parts, Need::Optional, [](auto& vv, auto& x) {
    vv.text("precision", x.precision, Need::Required, TextRule::Id);
    using B = std::remove_reference_t<decltype((x.keep_attention_16bit))>;  // const bool in the writer
    vv.flags("unquantized", Need::Optional,
             std::array<FlagName<B>, 3>{{{"attention", &x.keep_attention_16bit},
                                         {"attention_inputs", &x.keep_attention_inputs_16bit},
                                         {"dense_mlp", &x.keep_dense_mlp_16bit}}});
    vv.flags("fp8_parts", Need::Optional,
             std::array<FlagName<B>, 2>{{{"attention", &x.fp8_attention}, {"dense_mlp", &x.fp8_dense_mlp}}});
    vv.integer("quantized_linear_layers", x.quantized_linear_layers, Need::Optional, closed(0, 10000));
    vv.text("source", x.source, Need::Required, TextRule::Any);
  });
  v.text("repos_source", m.repos_source, Need::Optional, TextRule::Any);
  v.number("published_params_b", m.published_params_b, Need::Optional, closed(0, 100000));
  v.integer("num_layers", m.num_layers, Need::Required, closed(1, 10000));
  v.integer("hidden_size", m.hidden_size, Need::Required, closed(1, 10'000'000));
  v.integer("intermediate_size", m.intermediate_size, Need::Required, closed(1, 10'000'000));
  v.integer("num_attention_heads", m.num_attention_heads, Need::Required, closed(1, 100000));
  v.integer("num_kv_heads", m.num_kv_heads, Need::Required, closed(1, 100000));
  v.integer("head_dim", m.head_dim, Need::Required, closed(1, 100000));
  v.integer("v_head_dim", m.v_head_dim, Need::Optional, closed(0, 100000));
  v.integer("norms_per_layer", m.norms_per_layer, Need::Required, closed(0, 16));
  v.integer("vocab_size", m.vocab_size, Need::Required, closed(1, 100'000'000));
  v.integer("max_context", m.max_context, Need::Required, closed(1, kMaxTokens));
  v.boolean("tie_embeddings", m.tie_embeddings, Need::Optional);
  v.boolean("qkv_bias", m.qkv_bias, Need::Optional);
  v.boolean("qk_norm", m.qk_norm, Need::Optional);
  v.boolean("attention_output_gate", m.attention_output_gate, Need::Optional);
  v.boolean("attention_k_eq_v", m.attention_k_eq_v, Need::Optional);
  v.boolean("ungated_mlp", m.ungated_mlp, Need::Optional);
  v.integer("no_attention_layers", m.no_attention_layers, Need::Optional, closed(0, 10000));
  v.integer("no_mlp_layers", m.no_mlp_layers, Need::Optional, closed(0, 10000));
  v.object("sliding_window", m.sliding_window, &m.has_sliding_window,
           [](auto& vv, auto& x) { sliding_window_fields(vv, x); });
  v.object("chunked_attention", m.chunked_attention, &m.has_chunked_attention,
           [](auto& vv, auto& x) { chunked_attention_fields(vv, x); });
  v.object("linear_attention", m.linear_attention, &m.has_linear_attention,
           [](auto& vv, auto& x) { linear_attention_fields(vv, x); });
  v.object("moe", m.moe, &m.is_moe, [](auto& vv, auto& x) { moe_fields(vv, x); });
  v.object("mla", m.mla, &m.is_mla, [](auto& vv, auto& x) { mla_fields(vv, x); });
  v.object("indexer", m.indexer, &m.has_indexer, [](auto& vv, auto& x) { indexer_fields(vv, x); });
  v.object("compressed_attention", m.compressed_attention, &m.has_compressed_attention,
           [](auto& vv, auto& x) { compressed_attention_fields(vv, x); });
  v.integer("extra_params", m.extra_params, Need::Optional, closed(0, 1e15));
  v.boolean("assumed_architecture", m.assumed_architecture, Need::Optional);
  source_fields(v, m);
  v.text("notes", m.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void weight_precision_fields(V& v, T& p) {
  v.text("id", p.id, Need::Required, TextRule::Id);
  v.strings("aliases", p.aliases, Need::Optional, TextRule::Id);
  v.text("name", p.name, Need::Required, TextRule::Any);
  v.number("bits_per_weight", p.bits_per_weight, Need::Required, above(1, 32));
  v.choice("family", p.family, Need::Required);
  v.choice("compute", p.compute, Need::Required);
  v.choice("requires", p.requires_capability, Need::Required);
  using B = std::remove_reference_t<decltype((p.keep_embeddings_16bit))>;  // const bool in the writer
  v.flags("unquantized", Need::Required,
          std::array<FlagName<B>, 6>{{{"embeddings", &p.keep_embeddings_16bit},
                                      {"lm_head", &p.keep_lm_head_16bit},
                                      {"norms", &p.keep_norms_16bit},
                                      {"router", &p.keep_router_16bit},
                                      {"attention", &p.keep_attention_16bit},
                                      {"dense_mlp", &p.keep_dense_mlp_16bit}}});
  v.flags("fp8_parts", Need::Optional,
          std::array<FlagName<B>, 2>{{{"attention", &p.fp8_attention}, {"dense_mlp", &p.fp8_dense_mlp}}});
  v.strings("engines", p.engines, Need::Required, TextRule::Id);
  v.list("support", p.support, Need::Optional, [](auto& vv, auto& x) {
    vv.text("engine", x.engine, Need::Required, TextRule::Id);
    vv.choice("runtime", x.runtime, Need::Required);
    vv.number("min_compute_capability", x.min_compute_capability, Need::Optional, closed(0, 20));
    vv.boolean("version_dependent", x.version_dependent, Need::Optional);
    vv.text("source", x.source, Need::Required, TextRule::Any);
  });
  v.number("decode_efficiency", p.decode_efficiency, Need::Required, kPositiveFraction);
  v.text("bits_formula", p.bits_formula, Need::Optional, TextRule::Any);
  v.text("accuracy_note_en", p.accuracy_note_en, Need::Optional, TextRule::Any);
  v.text("accuracy_note_zh", p.accuracy_note_zh, Need::Optional, TextRule::Any);
  source_fields(v, p);
  v.text("notes", p.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void kv_precision_fields(V& v, T& p) {
  v.text("id", p.id, Need::Required, TextRule::Id);
  v.strings("aliases", p.aliases, Need::Optional, TextRule::Id);
  v.text("name", p.name, Need::Required, TextRule::Any);
  v.number("bits", p.nominal_bits, Need::Required, above(1, 32));
  v.number("effective_bits", p.bits, Need::Required, above(1, 32));
  v.choice("requires", p.requires_capability, Need::Required);
  v.strings("engines", p.engines, Need::Required, TextRule::Id);
  v.text("note_en", p.note_en, Need::Optional, TextRule::Any);
  v.text("note_zh", p.note_zh, Need::Optional, TextRule::Any);
  source_fields(v, p);
  v.text("notes", p.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void price_range_fields(V& v, T& r) {
  v.number("low", r.low, Need::Required, closed(0, 1e9));
  v.number("high", r.high, Need::Required, closed(0, 1e9));
}

template <class V, class T>
void upgrade_fields(V& v, T& u) {
  v.text("id", u.id, Need::Required, TextRule::Id);
  v.text("name_zh", u.name_zh, Need::Required, TextRule::Any);
  v.text("name_en", u.name_en, Need::Required, TextRule::Any);
  v.number("cny_per_month", u.cny_per_month, Need::Required, kPrice);
  source_fields(v, u);
  v.text("notes", u.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void platform_fields(V& v, T& p) {
  v.text("id", p.id, Need::Required, TextRule::Id);
  v.strings("aliases", p.aliases, Need::Optional, TextRule::Id);
  v.text("name_zh", p.name_zh, Need::Required, TextRule::Any);
  v.text("name_en", p.name_en, Need::Required, TextRule::Any);
  v.choice("kind", p.kind, Need::Required);
  v.choice("isolation", p.isolation, Need::Required);
  v.number("sla_percent", p.sla_percent, Need::Required, closed(0, 100));
  v.object("extra_fees_cny_per_month", p.extra_fees_cny_per_month, nullptr,
           [](auto& vv, auto& x) { price_range_fields(vv, x); });
  v.boolean("hidden_fees", p.hidden_fees, Need::Required);
  v.boolean("per_second_billing", p.per_second_billing, Need::Required);
  v.boolean("long_term_discount", p.long_term_discount, Need::Required);
  v.number("student_multiplier", p.student_multiplier, Need::Required, kFraction);
  v.object("spot_multiplier", p.spot_multiplier, nullptr, [](auto& vv, auto& x) {
    vv.number("low", x.low, Need::Required, kFraction);
    vv.number("high", x.high, Need::Required, kFraction);
  });
  v.list("upgrades", p.upgrades, Need::Optional, [](auto& vv, auto& x) { upgrade_fields(vv, x); });
  v.text("no_price_reason_en", p.no_price_reason_en, Need::Optional, TextRule::Any);
  v.text("no_price_reason_zh", p.no_price_reason_zh, Need::Optional, TextRule::Any);
  source_fields(v, p);
  v.text("notes", p.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void offer_price_fields(V& v, T& p) {
  v.choice("term", p.term, Need::Required);
  v.number("low", p.price.low, Need::Required, kPrice);
  v.number("high", p.price.high, Need::Required, kPrice);
  v.boolean("on_inquiry", p.on_inquiry, Need::Optional);
}

template <class V, class T>
void offer_fields(V& v, T& o) {
  v.text("id", o.id, Need::Required, TextRule::Id);
  v.text("platform", o.platform, Need::Required, TextRule::Id);
  v.text("gpu", o.gpu, Need::Required, TextRule::Id);
  v.choice("unit", o.unit, Need::Required);
  v.integer("cards", o.cards, Need::Required, closed(1, 1024));
  v.integer("max_cards", o.max_cards, Need::Optional, closed(0, 1024));
  v.number("host_gb_per_card", o.host_gb_per_card, Need::Optional, closed(0, 100'000));
  v.number("slice_fraction", o.slice_fraction, Need::Required, closed(0.01, 1));
  v.text("currency", o.currency, Need::Required, TextRule::Currency);
  v.list("prices", o.prices, Need::Required, [](auto& vv, auto& x) { offer_price_fields(vv, x); });
  v.object("package_multipliers", o.package_multipliers, nullptr, [](auto& vv, auto& x) {
    vv.number("weekly", x.weekly, Need::Required, kFraction);
    vv.number("monthly", x.monthly, Need::Required, kFraction);
    vv.number("yearly", x.yearly, Need::Required, kFraction);
  });
  v.choice("isolation", o.isolation, Need::Required);
  v.choice("interconnect", o.interconnect, Need::Required);
  v.choice("stock", o.stock, Need::Required);
  v.text("includes", o.includes, Need::Optional, TextRule::Any);
  v.text("product_en", o.product_en, Need::Optional, TextRule::Any);
  v.text("product_zh", o.product_zh, Need::Optional, TextRule::Any);
  source_fields(v, o);
  v.text("notes", o.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void tier_fields(V& v, T& t) {
  v.text("id", t.id, Need::Required, TextRule::Id);
  v.number("low_cny_per_month", t.low_cny_per_month, Need::Required, kPrice);
  v.number("high_cny_per_month", t.high_cny_per_month, Need::Required, kPrice);
  v.text("name_zh", t.name_zh, Need::Required, TextRule::Any);
  v.text("name_en", t.name_en, Need::Required, TextRule::Any);
  v.choice("defined_by", t.defined_by, Need::Required);
  v.text("article_pick", t.article_pick, Need::Optional, TextRule::Any);
  v.list("picks", t.picks, Need::Optional, [](auto& vv, auto& x) {
    vv.text("offer", x.offer, Need::Required, TextRule::Id);
    vv.integer("units", x.units, Need::Required, closed(1, 1024));
  });
  source_fields(v, t);
  v.text("notes", t.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void engine_tier_fields(V& v, T& t) {
  v.integer("below_mib", t.below_mib, Need::Optional, closed(0, 10'000'000));
  v.integer("batched_tokens", t.batched_tokens, Need::Optional, closed(0, 10'000'000));
  v.integer("max_seqs", t.max_seqs, Need::Optional, closed(0, 1'000'000));
  v.number("reserve_mib", t.reserve_mib, Need::Optional, closed(0, 10'000'000));
  v.number("reserve_mib_tp4", t.reserve_mib_tp4, Need::Optional, closed(0, 10'000'000));
}

template <class V, class T>
void weight_padding_fields(V& v, T& w) {
  v.text("precision", w.precision, Need::Required, TextRule::Id);
  v.number("factor", w.factor, Need::Required, closed(1, 4));
}

template <class V, class T>
void kept_tensor_bits_fields(V& v, T& k) {
  v.text("precision", k.precision, Need::Required, TextRule::Id);
  v.number("bits", k.bits, Need::Required, above(1, 32));
}

template <class V, class T>
void architecture_efficiency_fields(V& v, T& a) {
  v.text("architecture", a.architecture, Need::Required, TextRule::Any);
  v.number("efficiency", a.efficiency, Need::Required, kPositiveFraction);
}

template <class V, class T>
void precision_efficiency_fields(V& v, T& p) {
  v.text("precision", p.precision, Need::Required, TextRule::Id);
  v.number("efficiency", p.efficiency, Need::Required, kPositiveFraction);
  v.number("compute_capability", p.compute_capability, Need::Optional, closed(0, 20));  // 0: every card
}

template <class V, class T>
void architecture_ms_fields(V& v, T& a) {
  v.text("architecture", a.architecture, Need::Required, TextRule::Any);
  v.number("ms", a.ms, Need::Required, closed(0, 10000));
}

template <class V, class T>
void capability_us_fields(V& v, T& a) {
  v.number("compute_capability", a.compute_capability, Need::Required, closed(1, 20));
  v.number("us", a.us, Need::Required, closed(0, 10000));
}

template <class V, class T>
void engine_fields(V& v, T& e) {
  constexpr Range kMib = closed(0, 1'000'000);
  constexpr Range kMs = closed(0, 10000);
  v.text("id", e.id, Need::Required, TextRule::Id);
  v.strings("aliases", e.aliases, Need::Optional, TextRule::Id);
  v.text("name", e.name, Need::Required, TextRule::Any);
  v.text("version", e.version, Need::Required, TextRule::Any);
  v.choice("multi_gpu", e.multi_gpu, Need::Required);
  v.choice("kv_pool", e.kv_pool, Need::Required);
  v.number("memory_utilization", e.memory_utilization, Need::Required, kPositiveFraction);
  v.strings("runtimes", e.runtimes, Need::Optional, TextRule::Id);
  v.text("runtimes_source", e.runtimes_source, Need::Optional, TextRule::Any);
  v.list("tiers", e.tiers, Need::Required, [](auto& vv, auto& x) { engine_tier_fields(vv, x); });
  v.strings("first_tier_gpus", e.first_tier_gpus, Need::Optional, TextRule::Id);
  v.number("non_torch_mib", e.non_torch_mib, Need::Required, kMib);
  v.number("non_torch_mib_per_extra_rank", e.non_torch_mib_per_extra_rank, Need::Optional, kMib);
  v.number("reserve_mib_per_rank", e.reserve_mib_per_rank, Need::Optional, kMib);
  v.number("logits_copies", e.logits_copies, Need::Required, closed(0, 16));
  v.number("fit_margin_mib", e.fit_margin_mib, Need::Optional, kMib);
  v.number("bandwidth_efficiency_hbm", e.bandwidth_efficiency_hbm, Need::Required, kPositiveFraction);
  v.number("bandwidth_efficiency_gddr", e.bandwidth_efficiency_gddr, Need::Required, kPositiveFraction);
  v.number("step_ms", e.step_ms, Need::Optional, kMs);
  v.number("step_ms_per_layer", e.step_ms_per_layer, Need::Optional, kMs);
  v.list("step_ms_by_architecture", e.step_ms_by_architecture, Need::Optional,
         [](auto& vv, auto& x) { architecture_ms_fields(vv, x); });
  v.number("step_ms_per_sequence", e.step_ms_per_sequence, Need::Optional, kMs);
  v.number("prefill_ms_per_layer", e.prefill_ms_per_layer, Need::Optional, kMs);
  v.number("expert_efficiency_hbm", e.expert_efficiency_hbm, Need::Required, kPositiveFraction);
  v.number("expert_efficiency_gddr", e.expert_efficiency_gddr, Need::Required, kPositiveFraction);
  v.number("expert_efficiency_prefill", e.expert_efficiency_prefill, Need::Required, kPositiveFraction);
  v.number("moe_us_per_layer", e.moe_us_per_layer, Need::Optional, kMs);
  v.list("moe_us_per_layer_by_compute_capability", e.moe_us_per_layer_by_compute_capability, Need::Optional,
         [](auto& vv, auto& x) { capability_us_fields(vv, x); });
  v.number("moe_us_per_expert", e.moe_us_per_expert, Need::Optional, kMs);
  v.number("moe_us_per_expert_parallel", e.moe_us_per_expert_parallel, Need::Optional, kMs);
  v.number("alltoall_us", e.alltoall_us, Need::Optional, closed(0, 1'000'000));
  v.number("indexer_us_per_layer", e.indexer_us_per_layer, Need::Optional, kMs);
  v.number("indexer_us_per_sequence", e.indexer_us_per_sequence, Need::Optional, kMs);
  v.number("fp4_efficiency_native", e.fp4_efficiency_native, Need::Optional, kFraction);
  v.number("fp4_efficiency_weight_only", e.fp4_efficiency_weight_only, Need::Optional, kFraction);
  v.list("fp4_efficiency_by_architecture", e.fp4_efficiency_by_architecture, Need::Optional,
         [](auto& vv, auto& x) { architecture_efficiency_fields(vv, x); });
  v.list("decode_efficiency_by_precision", e.decode_efficiency_by_precision, Need::Optional,
         [](auto& vv, auto& x) { precision_efficiency_fields(vv, x); });
  v.list("decode_efficiency_by_architecture", e.decode_efficiency_by_architecture, Need::Optional,
         [](auto& vv, auto& x) { architecture_efficiency_fields(vv, x); });
  v.number("attention_efficiency", e.attention_efficiency, Need::Optional, kPositiveFraction);
  v.number("kv_read_efficiency_one_sequence", e.kv_read_efficiency_one_sequence, Need::Optional, kPositiveFraction);
  v.number("offload_ms_per_layer", e.offload_ms_per_layer, Need::Optional, kMs);
  v.list("weight_padding", e.weight_padding, Need::Optional, [](auto& vv, auto& x) { weight_padding_fields(vv, x); });
  v.list("kept_tensor_bits", e.kept_tensor_bits, Need::Optional,
         [](auto& vv, auto& x) { kept_tensor_bits_fields(vv, x); });
  v.number("boundary_ms", e.boundary_ms, Need::Optional, kMs);
  v.number("allreduce_us_nvlink", e.allreduce_us_nvlink, Need::Optional, closed(0, 1'000'000));
  v.number("allreduce_us_pcie", e.allreduce_us_pcie, Need::Optional, closed(0, 1'000'000));
  v.number("prefill_efficiency_16bit", e.prefill_efficiency_16bit, Need::Required, kPositiveFraction);
  v.number("prefill_efficiency_8bit", e.prefill_efficiency_8bit, Need::Required, kPositiveFraction);
  v.list("prefill_efficiency_by_architecture", e.prefill_efficiency_by_architecture, Need::Optional,
         [](auto& vv, auto& x) { architecture_efficiency_fields(vv, x); });
  v.boolean("expert_offload", e.expert_offload, Need::Optional);
  v.boolean("fp16_accumulate", e.fp16_accumulate, Need::Optional);
  v.boolean("fp16_matrix_units", e.fp16_matrix_units, Need::Optional);
  source_fields(v, e);
  v.text("notes", e.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void thresholds_fields(V& v, T& t) {
  v.number("over_provisioned_use", t.over_provisioned_use, Need::Required, kFraction);
  v.number("round_the_clock_hours_per_day", t.round_the_clock_hours_per_day, Need::Required, closed(0, 24));
  v.number("long_job_hours", t.long_job_hours, Need::Required, closed(0, 1e6));
  v.number("pcie_two_card_speedup", t.pcie_two_card_speedup, Need::Required, closed(1, 2));
  v.number("oversold_loss", t.oversold_loss, Need::Required, kFraction);
  v.number("no_fast_link_slowdown", t.no_fast_link_slowdown, Need::Required, kFraction);
  v.integer("max_alternatives", t.max_alternatives, Need::Required, closed(0, 100));
  v.integer("stale_price_months", t.stale_price_months, Need::Required, closed(1, 120));
  v.number("price_spread_ratio", t.price_spread_ratio, Need::Required, closed(1, 100));
  v.number("serving_max_utilization", t.serving_max_utilization, Need::Required, kPositiveFraction);
  v.number("rank_cost_tolerance", t.rank_cost_tolerance, Need::Optional, closed(0, 0.5));
  v.number("max_job_weeks", t.max_job_weeks, Need::Optional, closed(0, 520));
}

template <class V, class T>
void source_entry_fields(V& v, T& s) {
  v.text("id", s.id, Need::Required, TextRule::Id);
  v.text("title", s.title, Need::Required, TextRule::Any);
  v.text("short_title", s.short_title, Need::Optional, TextRule::Any);
  v.text("publisher", s.publisher, Need::Required, TextRule::Any);
  v.text("url", s.url, Need::Optional, TextRule::WebUrl);
  v.text("date", s.date, Need::Required, TextRule::Date);
  v.choice("kind", s.kind, Need::Required);
  v.text("notes", s.notes, Need::Optional, TextRule::Any);
}

// The row shape of tests/calibration's rows, kept as is (docs/measurements.md); version, notes,
// outside_reason and tolerance are optional so that a user's own file needs none of them.
template <class V, class T>
void measurement_fields(V& v, T& m) {
  v.text("id", m.id, Need::Required, TextRule::Id);
  v.text("metric", m.metric, Need::Required, TextRule::Id);
  v.number("measured", m.measured, Need::Required, above(0, 1e12));
  v.number("tolerance", m.tolerance, Need::Optional, closed(0, 1));
  v.text("scenario", m.scenario, Need::Required, TextRule::Any);
  v.text("source", m.source, Need::Required, TextRule::Any);
  v.text("date", m.date, Need::Required, TextRule::Date);
  v.text("version", m.version, Need::Optional, TextRule::Any);
  v.text("notes", m.notes, Need::Optional, TextRule::Any);
  v.text("outside_reason", m.outside_reason, Need::Optional, TextRule::Any);
}

// A price of 0 is no price: every row states all three (docs/catalog.md "API prices").
template <class V, class T>
void api_price_fields(V& v, T& a) {
  v.text("id", a.id, Need::Required, TextRule::Id);
  v.text("model", a.model, Need::Required, TextRule::Id);
  v.text("provider", a.provider, Need::Required, TextRule::Any);
  v.text("currency", a.currency, Need::Required, TextRule::Currency);
  v.number("input_per_mtok", a.input_per_mtok, Need::Required, above(0, 1e6));
  v.number("cache_hit_per_mtok", a.cache_hit_per_mtok, Need::Required, closed(0, 1e6));
  v.number("output_per_mtok", a.output_per_mtok, Need::Required, above(0, 1e6));
  source_fields(v, a);
  v.text("notes", a.notes, Need::Optional, TextRule::Any);
}

template <class V, class T>
void defaults_fields(V& v, T& d) {  // usd_cny and usd_cny_source live at the document's top level
  v.number("headroom", d.headroom, Need::Required, closed(0, 10));
  v.number("tight_headroom", d.tight_headroom, Need::Required, closed(0, 10));
  v.number("driver_reserved_mib", d.driver_reserved_mib, Need::Required, closed(0, 100000));
  v.number("mfu_datacenter", d.mfu_datacenter, Need::Required, kPositiveFraction);
  v.number("mfu_workstation", d.mfu_workstation, Need::Required, kPositiveFraction);
  v.number("mfu_consumer", d.mfu_consumer, Need::Required, kPositiveFraction);
  v.number("mfu_laptop", d.mfu_laptop, Need::Required, kPositiveFraction);
  v.list("mfu_by_architecture", d.mfu_by_architecture, Need::Optional, [](auto& vv, auto& x) {
    vv.text("architecture", x.architecture, Need::Required, TextRule::Any);
    vv.number("mfu", x.mfu, Need::Required, kPositiveFraction);
  });
  v.list("mfu_by_model_size", d.mfu_by_model_size, Need::Optional, [](auto& vv, auto& x) {
    vv.number("below_params_b", x.below_params_b, Need::Required, above(0, 1e6));
    vv.number("factor", x.factor, Need::Required, kPositiveFraction);
  });
  v.number("mfu_moe", d.mfu_moe, Need::Required, kPositiveFraction);
  v.number("mfu_scale_cards", d.mfu_scale_cards, Need::Required, closed(1, 1e7));
  v.number("mfu_loss_per_doubling", d.mfu_loss_per_doubling, Need::Required, closed(0, 0.5));
  v.number("run_efficiency", d.run_efficiency, Need::Required, kPositiveFraction);
  v.number("fp8_training_speedup", d.fp8_training_speedup, Need::Required, closed(1, 4));
  v.number("global_batch_tokens", d.global_batch_tokens, Need::Required, closed(1, 1e12));
  v.number("microbatches_per_stage", d.microbatches_per_stage, Need::Required, closed(1, 1000));
  v.number("finetune_batch_sequences", d.finetune_batch_sequences, Need::Required, closed(1, 1e6));
  v.number("train_scaling_nvlink", d.train_scaling_nvlink, Need::Required, kPositiveFraction);
  v.number("train_scaling_pcie", d.train_scaling_pcie, Need::Required, kPositiveFraction);
  v.integer("max_nodes", d.max_nodes, Need::Required, closed(1, 1024));
  v.integer("max_training_nodes", d.max_training_nodes, Need::Required, closed(1, 100000));
  v.number("training_overhead_mib", d.training_overhead_mib, Need::Required, closed(0, 1'000'000));
  v.number("host_desktop_gb_per_s", d.host_desktop_gb_per_s, Need::Required, above(0, 100'000));
  v.number("host_server_gb_per_s", d.host_server_gb_per_s, Need::Required, above(0, 100'000));
  v.number("host_bandwidth_efficiency", d.host_bandwidth_efficiency, Need::Required, kPositiveFraction);
  v.number("pcie_x16_gen4_gb_per_s", d.pcie_x16_gen4_gb_per_s, Need::Required, above(0, 10'000));
  v.number("electricity_cny_per_kwh", d.electricity_cny_per_kwh, Need::Optional, zero_or(0.01, 100));
  v.number("rental_host_gb_per_card", d.rental_host_gb_per_card, Need::Required, above(0, 100'000));
  v.object("thresholds", d.thresholds, nullptr, [](auto& vv, auto& x) { thresholds_fields(vv, x); });
  source_fields(v, d);
}

template <class V, class T>
void custom_budget_fields(V& v, T& c) {
  v.text("id", c.id, Need::Required, TextRule::Id);
  v.text("name_zh", c.name_zh, Need::Required, TextRule::Any);
  v.text("name_en", c.name_en, Need::Required, TextRule::Any);
}

// [SECTION] Sections: JSON key, what one entry is called in messages, the vector, the fields

struct Section {
  const char* key;  // "gpus"
  MsgId noun;       // what one entry is called in messages: "GPU"
};

// Calls f(section, vector, fields) for every id-keyed section, in document order.
// C is Catalog or const Catalog.
template <class C, class F>
void for_each_section(C& c, F&& f) {
  f(Section{"gpus", MsgId::cat_noun_gpu}, c.gpus, [](auto& v, auto& x) { gpu_fields(v, x); });
  f(Section{"models", MsgId::cat_noun_model}, c.models, [](auto& v, auto& x) { model_fields(v, x); });
  f(Section{"weight_precisions", MsgId::cat_noun_weight_precision}, c.weight_precisions,
    [](auto& v, auto& x) { weight_precision_fields(v, x); });
  f(Section{"kv_precisions", MsgId::cat_noun_kv_precision}, c.kv_precisions,
    [](auto& v, auto& x) { kv_precision_fields(v, x); });
  f(Section{"engines", MsgId::cat_noun_engine}, c.engines, [](auto& v, auto& x) { engine_fields(v, x); });
  f(Section{"platforms", MsgId::cat_noun_platform}, c.platforms, [](auto& v, auto& x) { platform_fields(v, x); });
  f(Section{"offers", MsgId::cat_noun_offer}, c.offers, [](auto& v, auto& x) { offer_fields(v, x); });
  f(Section{"tiers", MsgId::cat_noun_tier}, c.budget_tiers, [](auto& v, auto& x) { tier_fields(v, x); });
  f(Section{"sources", MsgId::cat_noun_source}, c.sources, [](auto& v, auto& x) { source_entry_fields(v, x); });
  f(Section{"api_prices", MsgId::cat_noun_api_price}, c.api_prices, [](auto& v, auto& x) { api_price_fields(v, x); });
  f(Section{"measurements", MsgId::cat_noun_measurement}, c.measurements,
    [](auto& v, auto& x) { measurement_fields(v, x); });
}

// Schemas a document may declare. Any document may hold any section.
inline constexpr std::array<const char*, 10> kSchemas{
    "cardfit.catalog/1",      "cardfit.gpus/1",    "cardfit.models/1",  "cardfit.platforms/1",
    "cardfit.precisions/1",   "cardfit.budget_tiers/1", "cardfit.engines/1", "cardfit.sources/1",
    "cardfit.measurements/1", "cardfit.api_prices/1"};

}  // namespace cardfit::fields
