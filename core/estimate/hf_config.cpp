// Custom models: Hugging Face config.json -> Model, and a bare parameter count -> an
// assumed Llama-like Model. Field names and defaults follow transformers' *Config classes.
#include "hf_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>

#include "catalog_fields.hpp"
#include "catalog_validate.hpp"
#include "inputs.hpp"
#include "format.hpp"
#include "json_text.hpp"
#include "messages.hpp"
#include "params.hpp"

namespace cardfit {
namespace {

using nlohmann::json;
using i64 = std::int64_t;

constexpr i64 kMaxConfigInt = 1'000'000'000'000;  // larger than any real shape; keeps casts safe

// [SECTION] Reading config keys

class Config {
 public:
  Config(const json& obj, std::string prefix, std::string model_type, IssueList& issues,
         std::vector<Message>& notes)
      : obj_(obj), prefix_(std::move(prefix)), type_(std::move(model_type)), issues_(issues), notes_(notes) {}

  // The value, or nullptr when the key is absent or null.
  const json* get(const char* key) const {
    auto it = obj_.find(key);
    return it == obj_.end() || it->is_null() ? nullptr : &*it;
  }
  bool has(const char* key) const { return get(key) != nullptr; }

  // A required integer > 0 (or >= 0 when `allow_zero`).
  i64 need(const char* key, bool allow_zero = false) {
    const json* v = get(key);
    if (v == nullptr) {
      issues_.add(path(key), msg::imp_missing(type_));
      return 0;
    }
    return read(key, *v, allow_zero);
  }

  // An integer that transformers defaults; `why` (if any) says where the default comes from.
  i64 or_default(const char* key, i64 fallback, Message why = Message()) {
    const json* v = get(key);
    if (v == nullptr) {
      if (!why.empty()) notes_.push_back(msg::imp_default_note(key, std::move(why)));
      return fallback;
    }
    return read(key, *v, true);
  }

  // An integer, or a per-layer list with one value for every layer (Hunyuan's moe_topk,
  // moe_intermediate_size, num_shared_expert): the list's value. An uneven list is an error.
  i64 uniform(const char* key, bool allow_zero = false) {
    const json* v = get(key);
    if (v == nullptr || !v->is_array()) return need(key, allow_zero);
    if (v->empty()) {
      issues_.add(path(key), msg::imp_missing(type_));
      return 0;
    }
    const i64 first = read(key, v->front(), allow_zero);
    for (const json& e : *v) {
      if (read(key, e, allow_zero) != first) {
        issues_.add(path(key), msg::imp_list_uneven(v->dump()));
        return 0;
      }
    }
    return first;
  }

  bool flag(const char* key, bool fallback) {
    const json* v = get(key);
    if (v == nullptr) return fallback;
    if (!v->is_boolean()) {
      issues_.add(path(key), msg::cat_type_bool(describe_json(*v)));
      return fallback;
    }
    return v->get<bool>();
  }

  std::string text(const char* key) const {
    const json* v = get(key);
    return v != nullptr && v->is_string() ? v->get<std::string>() : std::string();
  }

  const json* object(const char* key) {
    const json* v = get(key);
    if (v != nullptr && !v->is_object()) {
      issues_.add(path(key), msg::cat_type_object(describe_json(*v)));
      return nullptr;
    }
    return v;
  }

  std::string path(const char* key) const { return prefix_ + key; }
  const std::string& model_type() const { return type_; }
  IssueList& issues() { return issues_; }

 private:
  i64 read(const char* key, const json& v, bool allow_zero) {
    double x = 0;
    if (v.is_number_integer() && !(v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(kMaxConfigInt))) {
      x = static_cast<double>(v.get<i64>());
    } else if (v.is_number_float() && std::isfinite(v.get<double>()) && v.get<double>() == std::floor(v.get<double>())) {
      x = v.get<double>();  // 4096.0 from some exporters
    } else {
      issues_.add(path(key), msg::cat_type_integer(describe_json(v)));
      return 0;
    }
    if (x < (allow_zero ? 0 : 1) || x > static_cast<double>(kMaxConfigInt)) {
      issues_.add(path(key), msg::cat_rule_int_range(allow_zero ? "0" : "1", format_shortest(static_cast<double>(kMaxConfigInt)),
                                                     describe_json(v)));
      return 0;
    }
    return static_cast<i64>(x);
  }

  const json& obj_;
  std::string prefix_;
  std::string type_;
  IssueList& issues_;
  std::vector<Message>& notes_;
};

int as_int(i64 v) { return static_cast<int>(std::min<i64>(v, 1'000'000'000)); }  // range-checked later


// [SECTION] Vision towers -> extra_params

// SigLIP vision encoder + Gemma 3's multimodal projector (Gemma3MultiModalProjector:
// mm_input_projection_weight vision_hidden x text_hidden, mm_soft_emb_norm RMSNorm).
i64 gemma3_vision_params(Config& v, i64 text_hidden) {
  const i64 h = v.need("hidden_size"), inter = v.need("intermediate_size"), layers = v.need("num_hidden_layers");
  const i64 image = v.need("image_size"), patch = v.need("patch_size");
  const i64 channels = v.or_default("num_channels", 3);
  if (h == 0 || inter == 0 || layers == 0 || image == 0 || patch == 0) return 0;
  const i64 positions = (image / patch) * (image / patch);
  const i64 patch_embed = channels * patch * patch * h + h;  // Conv2d with bias
  const i64 per_layer = 2 * h                                  // layer_norm1
                        + 4 * (h * h + h)                      // q, k, v, out_proj with bias
                        + 2 * h                                // layer_norm2
                        + (h * inter + inter) + (inter * h + h);  // fc1, fc2 with bias
  const i64 tower = patch_embed + positions * h + layers * per_layer + 2 * h;  // + post_layernorm
  return tower + h * text_hidden + h;
}

// Qwen2.5-VL ViT: Conv3d patch embed (no bias), blocks with RMSNorm, fused qkv + proj
// (biased), gated SiLU MLP (biased), then the 2x2 patch merger to the text width.
i64 qwen25vl_vision_params(Config& v, i64 text_hidden) {
  const i64 h = v.need("hidden_size"), inter = v.need("intermediate_size"), depth = v.need("depth");
  const i64 channels = v.has("in_channels") ? v.or_default("in_channels", 3) : v.or_default("in_chans", 3);
  const i64 patch = v.or_default("patch_size", 14);
  const i64 temporal = v.or_default("temporal_patch_size", 2);
  const i64 merge = v.or_default("spatial_merge_size", 2);
  const i64 out = v.or_default("out_hidden_size", text_hidden);
  if (h == 0 || inter == 0 || depth == 0) return 0;
  const i64 patch_embed = channels * temporal * patch * patch * h;
  const i64 per_block = 2 * h + (h * 3 * h + 3 * h) + (h * h + h) + 2 * (h * inter + inter) + (inter * h + h);
  const i64 merged = h * merge * merge;
  const i64 merger = h + (merged * merged + merged) + (merged * out + out);  // ln_q, mlp.0, mlp.2
  return patch_embed + depth * per_block + merger;
}

// Qwen3-VL / Qwen3.5 / 3.6 ViT (Qwen3VLVisionModel; Qwen3_5VisionModel is the same layout without
// deepstack): Conv3d patch embed with bias, a learned position table, blocks with LayerNorm
// (weight + bias), fused qkv + proj and a two-matrix GELU MLP (all biased), then the patch merger
// (LayerNorm on the per-patch width, fc1 merged x merged, fc2 merged x out, biased). With
// `deepstack` (Qwen3-VL), one more merger per deepstack_visual_indexes entry, its LayerNorm on
// the merged width (use_postshuffle_norm); their outputs are added to the first decoder layers'
// hidden states, so they change neither the decoder's shapes nor its cache.
i64 qwen3_vision_params(Config& v, i64 text_hidden, bool deepstack) {
  const i64 h = v.need("hidden_size"), inter = v.need("intermediate_size"), depth = v.need("depth");
  const i64 channels = v.or_default("in_channels", 3);
  const i64 patch = v.need("patch_size");
  const i64 temporal = v.or_default("temporal_patch_size", 2);
  const i64 merge = v.or_default("spatial_merge_size", 2);
  const i64 positions = v.or_default("num_position_embeddings", 0);
  const i64 out = v.or_default("out_hidden_size", text_hidden);
  if (h == 0 || inter == 0 || depth == 0 || patch == 0) return 0;
  i64 deepstack_mergers = 0;
  if (const json* deep = v.get("deepstack_visual_indexes"); deep != nullptr && deep->is_array() && !deep->empty()) {
    if (!deepstack) {
      v.issues().add(v.path("deepstack_visual_indexes"), msg::imp_attention_unmodelled("deepstack", "[]"));
      return 0;
    }
    deepstack_mergers = static_cast<i64>(deep->size());
  }
  const i64 patch_embed = channels * temporal * patch * patch * h + h;
  const i64 per_block = 2 * (2 * h) + (h * 3 * h + 3 * h) + (h * h + h) + (h * inter + inter) + (inter * h + h);
  const i64 merged = h * merge * merge;
  const i64 mlp = (merged * merged + merged) + (merged * out + out);
  const i64 merger = 2 * h + mlp;
  const i64 deepstack_merger = 2 * merged + mlp;
  return patch_embed + positions * h + depth * per_block + merger + deepstack_mergers * deepstack_merger;
}
i64 qwen35_vision_params(Config& v, i64 text_hidden) { return qwen3_vision_params(v, text_hidden, false); }
i64 qwen3vl_vision_params(Config& v, i64 text_hidden) { return qwen3_vision_params(v, text_hidden, true); }

// Bits of a dtype named in a config ("float32" -> 32); 0 and an issue for an unknown name.
int dtype_bits(Config& c, const char* key) {
  const std::string name = c.text(key);
  if (name == "float32" || name == "fp32") return 32;
  if (name == "bfloat16" || name == "float16" || name == "bf16" || name == "fp16") return 16;
  c.issues().add(c.path(key), msg::imp_dtype_unknown(name));
  return 0;
}

// A key's text, or "" when absent or not a string; a key's integer, or -1. (nlohmann's
// value() aborts on a type mismatch in a build without exceptions.)
std::string text_at(const json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}
i64 int_at(const json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_number_integer() ? it->get<i64>() : -1;
}

// The weight precision id of the checkpoint as released, from quantization_config: "fp8"
// (quant_method fp8, block-scaled), "mxfp4", "nvfp4" (modelopt quant_algo NVFP4), "int4"
// (compressed-tensors 4-bit int groups), "mxfp4" (compressed-tensors 4-bit float groups of
// 32); none: "bf16" when the config names bfloat16. "" when it is mixed or not stated.
std::string released_precision(const json* q, const std::string& dtype) {
  if (q == nullptr || !q->is_object()) return dtype == "bfloat16" ? "bf16" : "";
  const std::string method = text_at(*q, "quant_method");
  if (method == "fp8" || method == "mxfp4") return method;
  if (method == "modelopt") return text_at(*q, "quant_algo") == "NVFP4" ? "nvfp4" : "";
  if (method == "compressed-tensors") {
    auto groups = q->find("config_groups");
    if (groups == q->end() || !groups->is_object() || groups->size() != 1) return "";
    const json& g = groups->begin().value();
    if (!g.is_object()) return "";
    auto w = g.find("weights");
    if (w == g.end() || !w->is_object() || int_at(*w, "num_bits") != 4) return "";
    const std::string kind = text_at(*w, "type");
    if (kind == "int") return "int4";
    if (kind == "float" && int_at(*w, "group_size") == 32) return "mxfp4";
  }
  return "";
}

// [SECTION] Special readers

// head_dim when the config gives none: hidden / heads as transformers does, but only when it divides.
void derive_head_dim(Config& c, Model& m, std::vector<Message>& notes, const char* head_dim_key) {
  if (m.num_attention_heads <= 0 || m.hidden_size <= 0) return;  // already reported
  if (m.hidden_size % m.num_attention_heads != 0) {
    c.issues().add(c.path(head_dim_key), msg::imp_head_dim_underivable(format_grouped(static_cast<double>(m.hidden_size)),
                                                                     std::to_string(m.num_attention_heads)));
    return;
  }
  m.head_dim = as_int(m.hidden_size / m.num_attention_heads);
  notes.push_back(msg::imp_head_dim_note(head_dim_key, std::to_string(m.head_dim)));
}

struct Dialect;

void read_chatglm(Config& c, const Dialect&, Model& m, std::vector<Message>& notes) {
  m.family = "chatglm";
  m.num_layers = as_int(c.need("num_layers"));
  m.hidden_size = c.need("hidden_size");
  m.intermediate_size = c.need("ffn_hidden_size");
  m.num_attention_heads = as_int(c.need("num_attention_heads"));
  const bool mqa = c.flag("multi_query_attention", false);
  m.num_kv_heads = mqa ? as_int(c.need("multi_query_group_num")) : m.num_attention_heads;
  if (c.has("kv_channels")) {
    m.head_dim = as_int(c.need("kv_channels"));
  } else {
    derive_head_dim(c, m, notes, "kv_channels");
  }
  m.vocab_size = c.need("padded_vocab_size");
  m.max_context = c.need("seq_length");
  m.qkv_bias = c.flag("add_qkv_bias", false);
  m.tie_embeddings = c.flag("tie_word_embeddings", false);
}

// The block pattern, one letter a block, and the key it came from (hybrid_override_pattern, or
// layers_block_type's words turned into letters); false after an issue.
bool nemotron_pattern(Config& c, std::string& pattern, const char*& pattern_key) {
  pattern_key = "hybrid_override_pattern";
  if (const json* p = c.get("hybrid_override_pattern"); p != nullptr && p->is_string()) {
    pattern = p->get<std::string>();
  } else if (const json* list = c.get("layers_block_type"); list != nullptr && list->is_array()) {
    pattern_key = "layers_block_type";
    for (const json& b : *list) {
      const std::string kind = b.is_string() ? b.get<std::string>() : b.dump();
      const char ch = kind == "mamba" ? 'M' : kind == "attention" ? '*' : kind == "moe" ? 'E' : kind == "mlp" ? '-' : '?';
      if (ch == '?') {
        c.issues().add(c.path(pattern_key), msg::imp_attention_unmodelled(kind, "mamba, attention, moe, mlp"));
        return false;
      }
      pattern += ch;
    }
  } else {
    c.issues().add(c.path("hybrid_override_pattern"), msg::imp_missing(c.model_type()));
    return false;
  }
  return true;
}

// How many blocks of each kind the pattern has; false after an issue (an unknown letter).
struct NemotronBlocks {
  int mamba = 0, attention = 0, moe = 0, mlp = 0;
};
bool nemotron_blocks(Config& c, const std::string& pattern, const char* pattern_key, NemotronBlocks& k) {
  for (const char ch : pattern) {
    switch (ch) {
      case 'M': ++k.mamba; break;
      case '*': ++k.attention; break;
      case 'E': ++k.moe; break;
      case '-': ++k.mlp; break;
      default:
        c.issues().add(c.path(pattern_key), msg::imp_attention_unmodelled(std::string("block '") + ch + "'", "M, *, E, -"));
        return false;
    }
  }
  return true;
}

// The attention blocks' shapes, the vocabulary and the context.
void nemotron_attention(Config& c, Model& m, std::vector<Message>& notes) {
  m.hidden_size = c.need("hidden_size");
  m.intermediate_size = c.need("intermediate_size");
  m.num_attention_heads = as_int(c.need("num_attention_heads"));
  m.num_kv_heads = as_int(c.or_default("num_key_value_heads", m.num_attention_heads, msg::imp_why_no_gqa()));
  if (c.has("head_dim")) {
    m.head_dim = as_int(c.need("head_dim"));
  } else {
    derive_head_dim(c, m, notes, "head_dim");
  }
  m.qkv_bias = c.flag("attention_bias", false);
  m.vocab_size = c.need("vocab_size");
  m.max_context = c.need("max_position_embeddings");
  m.tie_embeddings = c.flag("tie_word_embeddings", false);
}

// The Mamba-2 blocks' state. vLLM nemotron_h.py builds MambaMixer2 with intermediate_size =
// mamba_num_heads x mamba_head_dim.
void nemotron_mamba(Config& c, Model& m, int mamba) {
  m.has_linear_attention = true;
  LinearAttention& la = m.linear_attention;
  la.kind = "mamba2";
  la.layers = mamba;
  la.num_value_heads = as_int(c.need("mamba_num_heads"));
  la.value_head_dim = as_int(c.need("mamba_head_dim"));
  la.num_key_heads = as_int(c.need("n_groups"));
  la.key_head_dim = as_int(c.need("ssm_state_size"));
  la.conv_kernel = as_int(c.need("conv_kernel"));
  // vLLM's NemotronHForCausalLMConfig takes the SSM cache dtype from config.json
  // (model_executor/models/config.py); the conv state stays in the model's dtype.
  if (c.has("mamba_ssm_cache_dtype")) la.recurrent_bits = dtype_bits(c, "mamba_ssm_cache_dtype");
}

// The MoE blocks' experts ("-" blocks: a dense MLP of intermediate_size).
void nemotron_moe(Config& c, Model& m, std::vector<Message>& notes, int mlp) {
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need("n_routed_experts"));
  m.moe.experts_per_token = as_int(c.need("num_experts_per_tok"));
  m.moe.expert_intermediate_size = c.need("moe_intermediate_size");
  m.moe.num_shared_experts = as_int(c.or_default("n_shared_experts", 0));
  m.moe.shared_expert_intermediate_size =
      m.moe.num_shared_experts > 0 ? m.moe.num_shared_experts * c.need("moe_shared_expert_intermediate_size") : 0;
  m.moe.latent_size = c.or_default("moe_latent_size", 0);  // null / absent: experts read the hidden size
  m.moe.dense_layers = mlp;
  if (mlp == 0 && m.intermediate_size != m.moe.expert_intermediate_size) {
    notes.push_back(msg::imp_unused_intermediate(std::to_string(m.intermediate_size)));
    m.intermediate_size = m.moe.expert_intermediate_size;
  }
}

// Nemotron-H / Nemotron-3 (transformers NemotronHConfig): a stack of blocks with one mixer
// each, named by hybrid_override_pattern ("M" Mamba-2, "*" attention, "E" MoE, "-" MLP) or by
// layers_block_type (Ultra: "mamba", "attention", "moe", "mlp"). One norm per block; the MLP
// and the experts are up -> relu2 -> down (ungated). The MTP block (mtp_*) is not counted.
void read_nemotron_h(Config& c, const Dialect&, Model& m, std::vector<Message>& notes) {
  m.family = "nemotron_h";
  std::string pattern;
  const char* pattern_key = nullptr;
  NemotronBlocks k;
  if (!nemotron_pattern(c, pattern, pattern_key) || !nemotron_blocks(c, pattern, pattern_key, k)) return;
  const int n = static_cast<int>(pattern.size());
  if (c.has("num_hidden_layers") && c.need("num_hidden_layers") != n) {
    c.issues().add(c.path("num_hidden_layers"),
                   msg::imp_list_uneven(std::to_string(c.need("num_hidden_layers")) + " vs " + std::to_string(n) +
                                        " blocks in " + pattern_key));
    return;
  }
  m.num_layers = n;
  m.norms_per_layer = 1;
  m.ungated_mlp = true;
  m.no_attention_layers = k.moe + k.mlp;
  m.no_mlp_layers = k.mamba + k.attention;
  nemotron_attention(c, m, notes);
  if (c.has("sliding_window")) {  // null in every Nemotron-3 config: attention layers are full
    c.issues().add(c.path("sliding_window"), msg::imp_attention_unmodelled("sliding window on Nemotron-H attention", "null"));
    return;
  }
  if (k.mamba > 0) nemotron_mamba(c, m, k.mamba);
  notes.push_back(msg::imp_mamba2_note(std::to_string(k.mamba), std::to_string(n),
                                       std::to_string(m.linear_attention.recurrent_bits > 0 ? m.linear_attention.recurrent_bits : 16),
                                       std::to_string(k.attention), std::to_string(k.moe + k.mlp)));
  if (k.moe > 0) nemotron_moe(c, m, notes, k.mlp);
}

void routed_experts(Config& c, Model& m, const char* count_key);  // [SECTION] Quirks

// DeepSeek-V4 (model_type deepseek_v4; vLLM model_executor/models/deepseek_v4.py): one shared
// latent per token of head_dim, a sliding window on every layer and, per layer, compress_ratios
// 0 (window only), 4 (compressed latent + lightning indexer) or 128 (compressed latent). Any other
// ratio, or more than one KV head, is refused at its key (vLLM's _layer_type_for raises too).
void read_deepseek_v4(Config& c, const Dialect&, Model& m, std::vector<Message>& notes) {
  m.family = "deepseek_v4";
  m.norms_per_layer = 2;  // attn_norm, ffn_norm
  m.num_layers = as_int(c.need("num_hidden_layers"));
  m.hidden_size = c.need("hidden_size");
  m.num_attention_heads = as_int(c.need("num_attention_heads"));
  m.num_kv_heads = as_int(c.need("num_key_value_heads"));
  m.head_dim = as_int(c.need("head_dim"));
  m.vocab_size = c.need("vocab_size");
  m.max_context = c.need("max_position_embeddings");
  m.tie_embeddings = c.flag("tie_word_embeddings", false);
  if (m.num_kv_heads != 1) {
    c.issues().add(c.path("num_key_value_heads"),
                   msg::imp_attention_unmodelled("deepseek_v4 with " + std::to_string(m.num_kv_heads) + " KV heads", "1"));
    return;
  }
  CompressedAttention& a = m.compressed_attention;
  m.has_compressed_attention = true;
  a.window = as_int(c.need("sliding_window"));
  a.q_lora_rank = as_int(c.need("q_lora_rank"));
  a.rope_head_dim = as_int(c.need("qk_rope_head_dim"));
  a.o_groups = as_int(c.need("o_groups"));
  a.o_lora_rank = as_int(c.need("o_lora_rank"));
  a.hc_mult = as_int(c.or_default("hc_mult", 0));
  a.index_heads = as_int(c.need("index_n_heads"));
  a.index_head_dim = as_int(c.need("index_head_dim"));
  a.index_topk = as_int(c.need("index_topk"));
  const json* ratios = c.get("compress_ratios");
  if (ratios == nullptr || !ratios->is_array() || static_cast<i64>(ratios->size()) < m.num_layers) {
    c.issues().add(c.path("compress_ratios"), msg::imp_missing("deepseek_v4"));
    return;
  }
  int window_only = 0;
  for (int i = 0; i < m.num_layers; ++i) {
    const json& r = (*ratios)[static_cast<std::size_t>(i)];
    const i64 v = r.is_number_integer() ? r.get<i64>() : -1;
    if (v == 0 || v == 1) {
      ++window_only;
    } else if (v == 4) {
      ++a.ratio4_layers;
    } else if (v == 128) {
      ++a.ratio128_layers;
    } else {
      c.issues().add(c.path("compress_ratios"),
                     msg::imp_attention_unmodelled("compress ratio " + r.dump(), "0 (window only), 4, 128"));
      return;
    }
  }
  routed_experts(c, m, "n_routed_experts");
  m.intermediate_size = m.moe.expert_intermediate_size;  // no dense layers
  notes.push_back(msg::imp_deepseek_v4_note(std::to_string(a.ratio4_layers), std::to_string(a.ratio128_layers),
                                            std::to_string(window_only), std::to_string(a.window),
                                            std::to_string(c.or_default("num_hash_layers", 0))));
}

// [SECTION] Quirks: the small steps in which model_types differ
// Each is named for what it reads; the dialect table below says which model_type uses which.

void read_standard(Config& c, const Dialect& d, Model& m, std::vector<Message>& notes);

// Sliding-window layers and their window, as a sliding quirk finds them.
struct Window {
  int layers = 0;
  i64 size = 0;
};
// After an attention quirk: read on, skip to the experts (the indexer is not read), or stop
// (the config was refused at a key).
enum class Flow { Next, Experts, Stop };
// Where the language model's keys are: at the top, always in text_config, or in text_config
// when the config has one (newer Qwen2.5-VL exports).
enum class Text { Top, Nested, NestedIfPresent };

i64 intermediate_required(Config& c) { return c.need("intermediate_size"); }
// Qwen3.5's MoE configs carry no dense width: every layer is MoE (set from the experts).
i64 intermediate_optional(Config& c) { return c.or_default("intermediate_size", 0); }

void sizes_required(Config& c, Model& m) {
  m.vocab_size = c.need("vocab_size");
  m.max_context = c.need("max_position_embeddings");
}
void sizes_gemma3(Config& c, Model& m) {
  m.vocab_size = c.or_default("vocab_size", 262208, msg::imp_why_default("Gemma3TextConfig", "262208"));
  m.max_context = c.or_default("max_position_embeddings", 131072, msg::imp_why_default("Gemma3TextConfig", "131072"));
}

// q/k/v biases: attention_bias (default false; true for GlmConfig and GptOssConfig), always
// (Qwen2 hard-codes them), or ERNIE 4.5's use_bias.
bool bias_attention_bias(Config& c) { return c.flag("attention_bias", false); }
bool bias_attention_bias_on(Config& c) { return c.flag("attention_bias", true); }
bool bias_always(Config&) { return true; }
bool bias_use_bias(Config& c) { return c.flag("use_bias", false); }

bool qk_norm_none(Config&, std::vector<Message>&) { return false; }
bool qk_norm_always(Config&, std::vector<Message>&) { return true; }
bool qk_norm_if_flag(Config& c, std::vector<Message>&) { return c.flag("use_qk_norm", false); }
// Llama 4's use_qk_norm is a weightless L2 norm: no parameters, a note.
bool qk_l2_note(Config& c, std::vector<Message>& notes) {
  if (c.flag("use_qk_norm", false)) notes.push_back(msg::imp_qk_l2_note());
  return false;
}

void head_standard(Config& c, Model& m, std::vector<Message>& notes) {
  if (c.has("head_dim")) {
    m.head_dim = as_int(c.need("head_dim"));
  } else {
    derive_head_dim(c, m, notes, "head_dim");
  }
}
// MLA (DeepSeek): the query/key head is qk_nope + qk_rope wide.
void head_mla(Config& c, Model& m, std::vector<Message>& notes) {
  if (!c.has("kv_lora_rank")) return head_standard(c, m, notes);
  m.is_mla = true;
  m.mla.kv_lora_rank = as_int(c.need("kv_lora_rank"));
  m.mla.q_lora_rank = as_int(c.or_default("q_lora_rank", 0));  // null: full-rank q_proj (V2-Lite)
  m.mla.qk_rope_head_dim = as_int(c.need("qk_rope_head_dim"));
  m.mla.qk_nope_head_dim = as_int(c.need("qk_nope_head_dim"));
  m.mla.v_head_dim = as_int(c.need("v_head_dim"));
  m.head_dim = m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim;
}
void head_hunyuan(Config& c, Model& m, std::vector<Message>& notes) {
  if (!c.has("head_dim") && c.has("attention_head_dim")) {
    m.head_dim = as_int(c.need("attention_head_dim"));
  } else {
    head_standard(c, m, notes);
  }
}

// Sliding layers when the config has no layer_types list.
bool sliding_none(Config&, const Model&, Window&) { return true; }
bool sliding_every_layer(Config& c, const Model& m, Window& w) {  // Mistral, Mixtral, Phi-3
  if (c.has("sliding_window")) {  // null: full attention
    w.size = c.need("sliding_window");
    w.layers = m.num_layers;
  }
  return true;
}
bool sliding_qwen(Config& c, const Model& m, Window& w) {
  if (c.flag("use_sliding_window", false) && c.has("sliding_window")) {
    w.size = c.need("sliding_window");
    const i64 full = c.or_default("max_window_layers", 28, msg::imp_why_default("Qwen2Config", "28"));
    w.layers = std::max(0, m.num_layers - as_int(full));  // layers from max_window_layers on slide
  }
  return true;
}
bool sliding_gemma2(Config& c, const Model& m, Window& w) {
  w.size = c.or_default("sliding_window", 4096, msg::imp_why_default("Gemma2Config", "4096"));
  w.layers = (m.num_layers + 1) / 2;  // even layers are local
  return true;
}
bool sliding_gemma3(Config& c, const Model& m, Window& w) {
  w.size = c.or_default("sliding_window", 4096, msg::imp_why_default("Gemma3TextConfig", "4096"));
  i64 pattern = c.or_default("sliding_window_pattern", 6, msg::imp_why_default("Gemma3TextConfig", "6"));
  if (pattern == 0) pattern = 6;
  w.layers = m.num_layers - as_int(m.num_layers / pattern);  // layer i is global when (i + 1) % pattern == 0
  return true;
}
bool sliding_mimo(Config& c, const Model&, Window& w) {  // hybrid_layer_pattern: 0 = full, 1 = sliding
  const json* pattern = c.get("hybrid_layer_pattern");
  if (pattern == nullptr || !pattern->is_array()) {
    c.issues().add(c.path("hybrid_layer_pattern"), msg::imp_missing(c.model_type()));
    return false;
  }
  for (const json& p : *pattern) {
    if (p.is_number_integer() && p.get<i64>() == 1) {
      ++w.layers;
    } else if (!(p.is_number_integer() && p.get<i64>() == 0)) {
      c.issues().add(c.path("hybrid_layer_pattern"), msg::imp_attention_unmodelled(p.dump(), "0 (full), 1 (sliding)"));
      return false;
    }
  }
  w.size = c.need("sliding_window");
  return true;
}

// layer_types, when the config lists it: every kind named must be one of `known` (the
// dialect's layer_kinds); an unknown one is refused, never counted as full attention.
bool sliding_from_layer_types(Config& c, const json& types, const char* known, Window& w) {
  const auto listed = [known](const std::string& kind) {
    for (std::string_view rest = known; !rest.empty();) {
      const std::size_t comma = rest.find(", ");
      if (rest.substr(0, comma) == kind) return true;
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 2);
    }
    return false;
  };
  for (const json& t : types) {
    const std::string kind = t.is_string() ? t.get<std::string>() : t.dump();
    if (kind == "sliding_attention") {
      ++w.layers;
    } else if (!listed(kind)) {
      c.issues().add(c.path("layer_types"), msg::imp_attention_unmodelled(kind, known));
      return false;
    }
  }
  if (w.layers > 0) w.size = c.need("sliding_window");
  return true;
}

// Attention kinds beyond full and sliding, read after the window.
Flow attention_none(Config&, Model&, std::vector<Message>&, const Window&) { return Flow::Next; }

// MiMo-V2: values narrower than keys; sliding layers with their own KV heads.
Flow attention_mimo(Config& c, Model& m, std::vector<Message>&, const Window&) {
  const i64 v_dim = c.need("v_head_dim");
  if (v_dim != m.head_dim) m.v_head_dim = as_int(v_dim);
  if (!m.has_sliding_window) return Flow::Next;
  const i64 swa_kv = c.need("swa_num_key_value_heads");
  if (swa_kv != m.num_kv_heads) m.sliding_window.num_kv_heads = as_int(swa_kv);
  // Sliding layers with other query heads or head sizes have no formula here.
  const char* same[][2] = {{"swa_num_attention_heads", "num_attention_heads"}, {"swa_head_dim", "head_dim"},
                           {"swa_v_head_dim", "v_head_dim"}};
  for (const auto& pair : same) {
    if (c.has(pair[0]) && c.need(pair[0]) != c.need(pair[1])) {
      c.issues().add(c.path(pair[0]), msg::imp_attention_unmodelled(std::string("sliding window with its own ") + pair[1],
                                                                    pair[1]));
      return Flow::Stop;
    }
  }
  return Flow::Next;
}

// Gemma 4 (transformers Gemma4TextConfig): global layers have their own head size
// (global_head_dim) and KV heads (num_global_key_value_heads), and with attention_k_eq_v
// no v_proj; sliding layers keep head_dim and num_key_value_heads. Shapes with no formula
// here are refused at their key.
Flow attention_gemma4(Config& c, Model& m, std::vector<Message>& notes, const Window& w) {
  for (const char* key : {"num_kv_shared_layers", "hidden_size_per_layer_input"}) {
    if (c.or_default(key, 0) != 0) {
      c.issues().add(c.path(key), msg::imp_attention_unmodelled(key, "0"));
      return Flow::Stop;
    }
  }
  if (c.flag("use_double_wide_mlp", false)) {
    c.issues().add(c.path("use_double_wide_mlp"), msg::imp_attention_unmodelled("use_double_wide_mlp", "false"));
    return Flow::Stop;
  }
  const int sliding_dim = m.head_dim;
  const int sliding_kv = m.num_kv_heads;
  m.head_dim = as_int(c.or_default("global_head_dim", sliding_dim));
  m.num_kv_heads = as_int(c.or_default("num_global_key_value_heads", sliding_kv));
  m.attention_k_eq_v = c.flag("attention_k_eq_v", false);
  if (m.has_sliding_window) {
    if (sliding_dim != m.head_dim) m.sliding_window.head_dim = sliding_dim;
    if (sliding_kv != m.num_kv_heads) m.sliding_window.num_kv_heads = sliding_kv;
  }
  notes.push_back(msg::imp_gemma4_note(std::to_string(m.num_layers - w.layers), std::to_string(m.num_kv_heads),
                                       std::to_string(m.head_dim), m.attention_k_eq_v ? ", V from K's projection" : "",
                                       std::to_string(w.layers), std::to_string(sliding_kv), std::to_string(sliding_dim)));
  return Flow::Next;
}

// Qwen3-Next / Qwen3.5: linear (Gated DeltaNet) layers and gated queries.
Flow attention_gated_deltanet(Config& c, Model& m, std::vector<Message>& notes, const Window&) {
  const int n = m.num_layers;
  int linear = 0;
  if (const json* types = c.get("layer_types"); types != nullptr && types->is_array()) {
    for (const json& t : *types) linear += t.is_string() && t.get<std::string>() == "linear_attention";
  } else {  // layer i is full attention when (i + 1) % interval == 0
    const i64 interval = std::max<i64>(1, c.need("full_attention_interval"));
    linear = n - as_int(n / interval);
  }
  if (linear > 0) {
    m.has_linear_attention = true;
    m.linear_attention.layers = linear;
    m.linear_attention.num_key_heads = as_int(c.need("linear_num_key_heads"));
    m.linear_attention.num_value_heads = as_int(c.need("linear_num_value_heads"));
    m.linear_attention.key_head_dim = as_int(c.need("linear_key_head_dim"));
    m.linear_attention.value_head_dim = as_int(c.need("linear_value_head_dim"));
    m.linear_attention.conv_kernel = as_int(c.need("linear_conv_kernel_dim"));
    notes.push_back(msg::imp_linear_note(std::to_string(linear), std::to_string(n), std::to_string(n - linear)));
    if (c.has("mamba_ssm_dtype")) {
      m.linear_attention.recurrent_bits = dtype_bits(c, "mamba_ssm_dtype");
      notes.push_back(
          msg::imp_recurrent_dtype_note(c.text("mamba_ssm_dtype"), std::to_string(m.linear_attention.recurrent_bits)));
    }
  }
  m.attention_output_gate = c.flag("attn_output_gate", true);
  if (m.attention_output_gate) notes.push_back(msg::imp_output_gate_note());
  return Flow::Next;
}

// Kimi-K3 (vLLM vllm/models/kimi_k3/nvidia/model.py KimiDecoderLayer, kda.py
// KimiK3DeltaAttention, mla.py MultiHeadLatentAttention): the layers
// linear_attn_config.kda_layers lists run KDA with a full-rank gate, the others (full_attn_layers)
// MLA; the KDA state is Gated DeltaNet's shape with key heads = value heads = num_heads and
// key = value = head_dim (mamba_utils.py kda_state_shape), its recurrent part in FP32
// (kda_state_dtype). mla_use_output_gate adds g_proj; attn_res_block_size adds the AttnRes
// norms and 1-wide projections (model.py). Shapes with no formula here are refused at their key.
Flow attention_kda(Config& c, Model& m, std::vector<Message>& notes, const Window&) {
  const json* lin = c.object("linear_attn_config");
  if (lin == nullptr) {
    c.issues().add(c.path("linear_attn_config"), msg::imp_missing(c.model_type()));
    return Flow::Stop;
  }
  Config k(*lin, c.path("linear_attn_config."), c.model_type(), c.issues(), notes);
  if (!k.flag("use_full_rank_gate", false)) {  // Kimi-Linear's low-rank f_a/f_b, g_a/g_b gates: no formula
    k.issues().add(k.path("use_full_rank_gate"), msg::imp_attention_unmodelled("use_full_rank_gate false", "true"));
    return Flow::Stop;
  }
  const json* kda = k.get("kda_layers");
  const json* full = k.get("full_attn_layers");
  const int n = m.num_layers;
  if (kda == nullptr || !kda->is_array() || full == nullptr || !full->is_array() ||
      static_cast<i64>(kda->size() + full->size()) != n) {
    k.issues().add(k.path("kda_layers"), msg::imp_attention_unmodelled("kda_layers + full_attn_layers != num_hidden_layers",
                                                                       "one entry per layer"));
    return Flow::Stop;
  }
  const int linear = static_cast<int>(kda->size());
  if (linear > 0) {
    m.has_linear_attention = true;
    LinearAttention& la = m.linear_attention;
    la.kind = "kda";
    la.layers = linear;
    la.num_key_heads = la.num_value_heads = as_int(k.need("num_heads"));
    la.key_head_dim = la.value_head_dim = as_int(k.need("head_dim"));
    la.conv_kernel = as_int(k.need("short_conv_kernel_size"));
    la.recurrent_bits = 32;  // MambaStateDtypeCalculator.kda_state_dtype: recurrent state torch.float32
    notes.push_back(msg::imp_kda_note(std::to_string(linear), std::to_string(n), std::to_string(la.num_value_heads),
                                      std::to_string(la.value_head_dim), std::to_string(n - linear)));
  }
  m.attention_output_gate = c.flag("mla_use_output_gate", false);
  if (m.attention_output_gate) notes.push_back(msg::imp_mla_output_gate_note());
  if (c.has("attn_res_block_size")) {
    const i64 block = c.need("attn_res_block_size");
    // Per layer self_attention_res_norm, mlp_res_norm (RMSNorm hidden) and self_attention_res_proj,
    // mlp_res_proj (hidden x 1) beside input_layernorm and post_attention_layernorm; before the
    // head output_attn_res_norm and output_attn_res_proj.
    m.norms_per_layer = 6;
    m.extra_params = 2 * m.hidden_size;
    notes.push_back(msg::imp_attn_res_note(std::to_string(block), std::to_string(m.extra_params)));
  }
  return Flow::Next;
}

// Llama 4: chunked attention on the RoPE layers (no_rope_layers, or 3 of 4).
Flow attention_chunked(Config& c, Model& m, std::vector<Message>& notes, const Window&) {
  if (!c.has("attention_chunk_size")) return Flow::Next;
  const int n = m.num_layers;
  int chunked = 0;
  if (const json* rope = c.get("no_rope_layers"); rope != nullptr && rope->is_array() && !rope->empty()) {
    for (const json& r : *rope) chunked += r.is_number_integer() && r.get<i64>() != 0;  // 1 = RoPE, chunked
  } else {  // every no_rope_layer_interval-th layer is NoPE and global (Llama4TextConfig default 4)
    const i64 interval = std::max<i64>(1, c.or_default("no_rope_layer_interval", 4));
    chunked = n - as_int(n / interval);
  }
  if (chunked > 0) {
    m.has_chunked_attention = true;
    m.chunked_attention.chunk = c.need("attention_chunk_size");
    m.chunked_attention.layers = chunked;
    notes.push_back(
        msg::imp_chunked_note(std::to_string(chunked), std::to_string(n), std::to_string(m.chunked_attention.chunk)));
  }
  return Flow::Next;
}

// MiniMax: attn_type_list 1 = softmax attention on that layer; 0 = lightning (linear)
// attention, which is not modelled.
Flow attention_softmax_only(Config& c, Model&, std::vector<Message>&, const Window&) {
  if (const json* kinds = c.get("attn_type_list"); kinds != nullptr && kinds->is_array()) {
    for (const json& k : *kinds) {
      if (!(k.is_number_integer() && k.get<i64>() == 1)) {
        c.issues().add(c.path("attn_type_list"), msg::imp_attention_unmodelled("attn_type_list " + k.dump(), "1"));
        return Flow::Experts;
      }
    }
  }
  return Flow::Next;
}

// MiniMax-M3 (vLLM vllm/models/minimax_m3/nvidia/model.py, common/indexer.py,
// common/sparse_attention.py): the layers sparse_attention_config.sparse_attention_freq marks run
// block-sparse GQA over the sparse_topk_blocks blocks of sparse_block_size tokens a lightning
// indexer picks. Each keeps its full K/V (FullAttentionSpec) and one index key of
// sparse_index_dim per token (MiniMaxM3IndexerCache: key-only MLAAttentionSpec, num_kv_heads=1,
// BF16 by default, vllm/config/attention.py indexer_kv_dtype); the other layers are full
// attention. Index value/output projections (sparse_disable_index_value 0) and index heads other
// than num_key_value_heads (MinimaxM3QKVParallelLinearWithIndexer requires them equal) are refused.
Flow attention_minimax_m3(Config& c, Model& m, std::vector<Message>& notes, const Window&) {
  if (c.flag("attention_output_gate", false)) {
    c.issues().add(c.path("attention_output_gate"), msg::imp_attention_unmodelled("attention_output_gate", "false"));
    return Flow::Stop;
  }
  const json* cfg = c.object("sparse_attention_config");
  if (cfg == nullptr) return Flow::Experts;
  Config s(*cfg, c.path("sparse_attention_config."), c.model_type(), c.issues(), notes);
  if (!s.flag("use_sparse_attention", true)) return Flow::Experts;
  const int n = m.num_layers;
  const json* freq = s.get("sparse_attention_freq");
  const json* no_value = s.get("sparse_disable_index_value");
  if (freq == nullptr) return Flow::Experts;  // vLLM _sparse_attention_layer_ids: no list, no sparse layer
  if (!freq->is_array() || static_cast<i64>(freq->size()) != n) {
    c.issues().add(s.path("sparse_attention_freq"),
                   msg::imp_attention_unmodelled(
                       "sparse_attention_freq " + (freq->is_array() ? std::to_string(freq->size()) + " entries" : freq->dump()),
                       std::to_string(n) + " entries of 0 or 1"));
    return Flow::Stop;
  }
  int sparse = 0;
  for (std::size_t i = 0; i < freq->size(); ++i) {
    const json& f = (*freq)[i];
    if (!f.is_number_integer() || (f.get<i64>() != 0 && f.get<i64>() != 1)) {
      c.issues().add(s.path("sparse_attention_freq"), msg::imp_attention_unmodelled("sparse_attention_freq " + f.dump(), "0, 1"));
      return Flow::Stop;
    }
    if (f.get<i64>() == 0) continue;
    ++sparse;
    const bool disabled = no_value != nullptr && no_value->is_array() && i < no_value->size() &&
                          (*no_value)[i].is_number_integer() && (*no_value)[i].get<i64>() == 1;
    if (!disabled) {
      c.issues().add(s.path("sparse_disable_index_value"),
                     msg::imp_attention_unmodelled("index value/output projections", "sparse_disable_index_value 1"));
      return Flow::Stop;
    }
  }
  if (sparse == 0) return Flow::Experts;
  const i64 heads = s.need("sparse_num_index_heads");
  if (heads != m.num_kv_heads) {
    c.issues().add(s.path("sparse_num_index_heads"),
                   msg::imp_attention_unmodelled("sparse_num_index_heads " + std::to_string(heads), "num_key_value_heads"));
    return Flow::Stop;
  }
  const i64 blocks = s.need("sparse_topk_blocks");
  const i64 block = s.need("sparse_block_size");
  m.has_indexer = true;
  m.indexer.num_heads = as_int(heads);
  m.indexer.head_dim = as_int(s.need("sparse_index_dim"));
  m.indexer.top_k = blocks * block;
  m.indexer.key_bits = 16;  // BF16 index keys, no scales
  m.indexer.layers = sparse;
  m.indexer.dense_layers = n - sparse;  // MiniMaxM3Attention: no indexer, the whole context
  m.indexer.kind = "block_sparse";      // index_q / index_k fused into qkv_proj, no weights_proj
  notes.push_back(msg::imp_minimax_m3_note(std::to_string(sparse), std::to_string(n), std::to_string(m.indexer.top_k),
                                           std::to_string(blocks), std::to_string(block), std::to_string(heads),
                                           std::to_string(m.indexer.head_dim), std::to_string(n - sparse)));
  return Flow::Experts;
}

// DeepSeek-V3.2's sparse-attention indexer, read for every standard dialect whose config has
// index_n_heads; GLM-5.2: "full" layers run the indexer and cache keys, "shared" ones reuse its top-k.
void read_indexer(Config& c, Model& m, std::vector<Message>& notes) {
  if (!c.has("index_n_heads")) return;
  m.has_indexer = true;
  m.indexer.num_heads = as_int(c.need("index_n_heads"));
  m.indexer.head_dim = as_int(c.need("index_head_dim"));
  m.indexer.top_k = c.need("index_topk");
  m.indexer.key_bits = 8.25;  // FP8 key + one FP32 scale per 128 values
  notes.push_back(msg::imp_indexer_note(std::to_string(m.indexer.num_heads), std::to_string(m.indexer.head_dim),
                                        std::to_string(m.indexer.top_k)));
  if (const json* kinds = c.get("indexer_types"); kinds != nullptr && kinds->is_array()) {
    int full = 0;
    for (const json& k : *kinds) {
      const std::string kind = k.is_string() ? k.get<std::string>() : k.dump();
      if (kind == "full") {
        ++full;
      } else if (kind != "shared") {
        c.issues().add(c.path("indexer_types"), msg::imp_attention_unmodelled("indexer " + kind, "full, shared"));
        return;
      }
    }
    m.indexer.layers = full;
    const int n = m.num_layers;
    notes.push_back(msg::imp_shared_indexer_note(std::to_string(full), std::to_string(n), std::to_string(n - full)));
  }
}

// Mixture of experts: the field names each dialect uses, and which layers stay dense.
void experts_none(Config&, Model&) {}

// Experts as wide as intermediate_size, counted in num_local_experts.
void local_experts(Config& c, Model& m, const char* per_token_key) {
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need("num_local_experts"));
  m.moe.experts_per_token = as_int(c.need(per_token_key));
  m.moe.expert_intermediate_size = m.intermediate_size;
}
void experts_mixtral(Config& c, Model& m) { local_experts(c, m, "num_experts_per_tok"); }
void experts_gpt_oss(Config& c, Model& m) {
  local_experts(c, m, c.has("num_experts_per_tok") ? "num_experts_per_tok" : "experts_per_token");
}
void experts_minimax(Config& c, Model& m) {
  local_experts(c, m, "num_experts_per_tok");
  m.moe.shared_expert_intermediate_size = c.or_default("shared_intermediate_size", 0);
  m.moe.num_shared_experts = m.moe.shared_expert_intermediate_size > 0 ? 1 : 0;
}
// MiniMax-M3 (vLLM nvidia/model.py MiniMaxM3MoE, MiniMaxM3MLP): moe_layer_freq 0 = a dense MLP of
// dense_intermediate_size, else routed experts of intermediate_size plus n_shared_experts x
// intermediate_size shared; no moe_layer_freq = every layer MoE.
void experts_minimax_m3(Config& c, Model& m) {
  local_experts(c, m, "num_experts_per_tok");
  m.moe.num_shared_experts = as_int(c.or_default("n_shared_experts", 0));
  m.moe.shared_expert_intermediate_size = m.moe.num_shared_experts * m.moe.expert_intermediate_size;
  int dense = 0;
  if (const json* freq = c.get("moe_layer_freq"); freq != nullptr && freq->is_array()) {
    for (const json& f : *freq) dense += f.is_number() && f.get<double>() == 0;
  }
  m.moe.dense_layers = dense;
  if (dense > 0) m.intermediate_size = c.need("dense_intermediate_size");
}
void experts_llama4(Config& c, Model& m) {  // one shared expert as wide as the routed ones; MoE on every step-th layer
  local_experts(c, m, "num_experts_per_tok");
  m.moe.num_shared_experts = 1;
  m.moe.shared_expert_intermediate_size = m.intermediate_size;
  const i64 step = std::max<i64>(1, c.or_default("interleave_moe_layer_step", 1));
  m.moe.dense_layers = m.num_layers - as_int(m.num_layers / step);
  if (m.moe.dense_layers > 0) m.intermediate_size = c.need("intermediate_size_mlp");
}
void experts_ernie(Config& c, Model& m) {
  const int n = m.num_layers;
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need("moe_num_experts"));
  m.moe.experts_per_token = as_int(c.need("moe_k"));
  m.moe.expert_intermediate_size = c.need("moe_intermediate_size");
  m.moe.num_shared_experts = as_int(c.or_default("moe_num_shared_experts", 0));
  m.moe.shared_expert_intermediate_size = m.moe.num_shared_experts * m.moe.expert_intermediate_size;
  // Layer i is MoE when (i + 1) % interval == 0 and start <= i <= end (end -1 = the last layer).
  const i64 start = c.or_default("moe_layer_start_index", 0);
  const i64 end_key = c.has("moe_layer_end_index") && c.get("moe_layer_end_index")->is_number_integer() &&
                              c.get("moe_layer_end_index")->get<i64>() < 0
                          ? n - 1
                          : c.or_default("moe_layer_end_index", n - 1);
  const i64 interval = std::max<i64>(1, c.or_default("moe_layer_interval", 1));
  int dense = 0;
  for (int i = 0; i < n; ++i) dense += !((i + 1) % interval == 0 && i >= start && i <= end_key);
  m.moe.dense_layers = dense;
}
void experts_hunyuan(Config& c, Model& m) {
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need("num_experts"));
  m.moe.experts_per_token = as_int(c.uniform("moe_topk"));
  m.moe.expert_intermediate_size = c.uniform("moe_intermediate_size");
  if (c.flag("use_mixed_mlp_moe", false)) {  // shared MLP of intermediate_size x num_shared_expert
    m.moe.num_shared_experts = as_int(c.uniform("num_shared_expert"));
    m.moe.shared_expert_intermediate_size = m.moe.num_shared_experts * m.intermediate_size;
  }
}
// Gemma 4: every layer runs its dense MLP (intermediate_size) beside the routed experts,
// summed: counted as one always-active shared expert of that width.
void experts_gemma4(Config& c, Model& m) {
  if (!c.flag("enable_moe_block", false)) return;
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need("num_experts"));
  m.moe.experts_per_token = as_int(c.need("top_k_experts"));
  m.moe.expert_intermediate_size =
      c.has("moe_intermediate_size") ? c.need("moe_intermediate_size") : c.need("expert_intermediate_size");
  m.moe.num_shared_experts = 1;
  m.moe.shared_expert_intermediate_size = m.intermediate_size;
}
// DeepSeek-style keys: n_routed_experts, n_shared_experts as wide as the routed ones.
void routed_experts(Config& c, Model& m, const char* count_key) {
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need(count_key));
  m.moe.experts_per_token = as_int(c.need("num_experts_per_tok"));
  m.moe.expert_intermediate_size = c.need("moe_intermediate_size");
  m.moe.num_shared_experts = as_int(c.or_default("n_shared_experts", 0));  // null: none
  m.moe.shared_expert_intermediate_size = m.moe.num_shared_experts * m.moe.expert_intermediate_size;
}
void experts_mimo(Config& c, Model& m) {  // MiMo-V2: dense layers where moe_layer_freq is 0
  routed_experts(c, m, "n_routed_experts");
  int dense = 0;
  if (const json* freq = c.get("moe_layer_freq"); freq != nullptr && freq->is_array()) {
    for (const json& f : *freq) dense += f.is_number_integer() && f.get<i64>() == 0;
  }
  m.moe.dense_layers = dense;
}
void experts_step(Config& c, Model& m) {  // Step 3.x: DeepSeek-style layout with its own key names
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need("num_experts"));
  m.moe.experts_per_token = as_int(c.need("num_experts_per_tok"));
  m.moe.expert_intermediate_size = c.need("moe_intermediate_size");
  m.moe.num_shared_experts = as_int(c.or_default("n_shared_experts", 0));
  m.moe.shared_expert_intermediate_size = m.moe.num_shared_experts * c.or_default("share_expert_dim", 0);
  m.moe.dense_layers = as_int(c.or_default("first_k_dense_replace", 0));
}
void experts_deepseek(Config& c, Model& m) {
  if (!c.has("n_routed_experts")) return;  // a dense config of the family
  routed_experts(c, m, "n_routed_experts");
  m.moe.dense_layers = as_int(c.or_default("first_k_dense_replace", 0));
  if (c.or_default("moe_layer_freq", 1) != 1) c.issues().add(c.path("moe_layer_freq"), msg::imp_moe_layer_freq());
}
// Kimi-K3 (vLLM vllm/models/kimi_k3/nvidia/model.py KimiMoE): routed experts in the
// routed_expert_hidden_size latent behind routed_expert_down_proj / routed_expert_up_proj
// (LatentMoE), num_shared_experts x moe_intermediate_size shared width on the hidden size,
// first_k_dense_replace dense layers.
void experts_kimi_k3(Config& c, Model& m) {
  if (!c.has("num_experts")) return;
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need("num_experts"));
  m.moe.experts_per_token = as_int(c.need("num_experts_per_token"));
  m.moe.expert_intermediate_size = c.need("moe_intermediate_size");
  m.moe.num_shared_experts = as_int(c.or_default("num_shared_experts", 0));  // null: none
  m.moe.shared_expert_intermediate_size = m.moe.num_shared_experts * m.moe.expert_intermediate_size;
  m.moe.dense_layers = as_int(c.or_default("first_k_dense_replace", 0));
  m.moe.latent_size = c.or_default("routed_expert_hidden_size", 0);  // null: experts read the hidden size
  // KimiMoE always makes gate.e_score_correction_bias (num_experts, FP32); routed_expert_norm
  // (RMSNorm over the latent) only with latent_moe_use_norm and a latent.
  m.moe.router_bias = true;
  m.moe.latent_norm = m.moe.latent_size > 0 && c.flag("latent_moe_use_norm", false);
  if (c.or_default("moe_layer_freq", 1) != 1) c.issues().add(c.path("moe_layer_freq"), msg::imp_moe_layer_freq());
}
// Qwen MoE: dense layers listed in mlp_only_layers, or off the decoder_sparse_step grid.
void qwen_dense_layers(Config& c, Model& m) {
  const int n = m.num_layers;
  std::set<i64> dense;
  if (const json* only = c.get("mlp_only_layers"); only != nullptr && only->is_array()) {
    for (const json& l : *only) {
      if (l.is_number_integer() && l.get<i64>() >= 0 && l.get<i64>() < n) dense.insert(l.get<i64>());
    }
  }
  const i64 step = std::max<i64>(1, c.or_default("decoder_sparse_step", 1));
  for (int i = 0; i < n; ++i) {
    if ((i + 1) % step != 0) dense.insert(i);
  }
  m.moe.dense_layers = static_cast<int>(dense.size());
}
void qwen_routed(Config& c, Model& m) {
  m.is_moe = true;
  m.moe.num_experts = as_int(c.need("num_experts"));
  m.moe.experts_per_token = as_int(c.need("num_experts_per_tok"));
  m.moe.expert_intermediate_size = c.need("moe_intermediate_size");
}
void experts_qwen(Config& c, Model& m) {
  qwen_routed(c, m);
  qwen_dense_layers(c, m);
}
void experts_qwen_shared(Config& c, Model& m) {  // one shared expert of shared_expert_intermediate_size
  qwen_routed(c, m);
  m.moe.shared_expert_intermediate_size = c.need("shared_expert_intermediate_size", true);
  m.moe.num_shared_experts = m.moe.shared_expert_intermediate_size > 0 ? 1 : 0;
  qwen_dense_layers(c, m);
}

// After the reader, on the whole file (`top`) and the language model's keys (`c`).
using FileHook = void (*)(Config& top, Config& c, Model& m, std::vector<Message>& notes);
void note_mxfp4(Config& top, Config&, Model&, std::vector<Message>& notes) {  // gpt-oss
  if (const json* q = top.get("quantization_config");
      q != nullptr && q->is_object() && text_at(*q, "quant_method") == "mxfp4") {
    notes.push_back(msg::imp_mxfp4_note());
  }
}
// DeepSeek-V4: FP8 block-scaled linears with experts in expert_dtype (vLLM DeepseekV4FP8Config:
// "fp4" = MXFP4 experts, the default; "fp8" = FP8 block experts).
void precision_expert_dtype(Config&, Config& c, Model& m, std::vector<Message>&) {
  if (m.released_precision != "fp8") return;
  const std::string experts = c.text("expert_dtype");
  if (experts.empty() || experts == "fp4") m.released_precision = "mxfp4-fp8";
}

// [SECTION] The dialect table: one row per supported model_type

using Reader = void (*)(Config& c, const Dialect& d, Model& m, std::vector<Message>& notes);

struct Dialect {
  const char* model_type = "";
  const char* family = nullptr;  // Model::family and the name in messages; nullptr: model_type
  Text text = Text::Top;
  Reader reader = read_standard;  // read_standard applies the quirks below; a special reader ignores them
  int norms_per_layer = 2;        // Gemma 2/3/4: pre- and post-norm around attention and MLP (4)
  i64 (*intermediate)(Config&) = intermediate_required;
  void (*sizes)(Config&, Model&) = sizes_required;
  bool tied_by_default = false;  // tie_word_embeddings when absent (Gemma, ERNIE 4.5)
  bool (*qkv_bias)(Config&) = bias_attention_bias;
  bool (*qk_norm)(Config&, std::vector<Message>&) = qk_norm_none;
  void (*head)(Config&, Model&, std::vector<Message>&) = head_standard;
  const char* layer_kinds = "full_attention, sliding_attention";  // kinds layer_types may name
  bool (*sliding)(Config&, const Model&, Window&) = sliding_none;  // without layer_types
  Flow (*attention)(Config&, Model&, std::vector<Message>&, const Window&) = attention_none;
  void (*experts)(Config&, Model&) = experts_none;
  i64 (*vision)(Config&, i64 text_hidden) = nullptr;  // nullptr: a vision_config is not counted
  FileHook after_read = nullptr;
  FileHook precision = nullptr;

  // Builder steps: D("qwen3_moe").qk(qk_norm_always).moe(experts_qwen)
  Dialect& as(const char* t) { model_type = t; return *this; }
  Dialect& named(const char* f) { family = f; return *this; }
  Dialect& in(Text t) { text = t; return *this; }
  Dialect& read_by(Reader r) { reader = r; return *this; }
  Dialect& norms(int n) { norms_per_layer = n; return *this; }
  Dialect& width(i64 (*f)(Config&)) { intermediate = f; return *this; }
  Dialect& vocab(void (*f)(Config&, Model&)) { sizes = f; return *this; }
  Dialect& tied() { tied_by_default = true; return *this; }
  Dialect& bias(bool (*f)(Config&)) { qkv_bias = f; return *this; }
  Dialect& qk(bool (*f)(Config&, std::vector<Message>&)) { qk_norm = f; return *this; }
  Dialect& heads(void (*f)(Config&, Model&, std::vector<Message>&)) { head = f; return *this; }
  Dialect& kinds(const char* k) { layer_kinds = k; return *this; }
  Dialect& window(bool (*f)(Config&, const Model&, Window&)) { sliding = f; return *this; }
  Dialect& attn(Flow (*f)(Config&, Model&, std::vector<Message>&, const Window&)) { attention = f; return *this; }
  Dialect& moe(void (*f)(Config&, Model&)) { experts = f; return *this; }
  Dialect& tower(i64 (*f)(Config&, i64)) { vision = f; return *this; }
  Dialect& after(FileHook h) { after_read = h; return *this; }
  Dialect& released(FileHook h) { precision = h; return *this; }
  const char* family_name() const { return family != nullptr ? family : model_type; }
};

Dialect D(const char* model_type) {
  Dialect d;
  d.model_type = model_type;
  return d;
}

// The order of the rows is the order messages list the supported types in.
const std::vector<Dialect>& dialects() {
  const char* const with_linear = "full_attention, sliding_attention, linear_attention";
  const Dialect mistral = D("mistral").window(sliding_every_layer);
  const Dialect gemma3 = D("gemma3").in(Text::Nested).norms(4).vocab(sizes_gemma3).tied().qk(qk_norm_always)
                             .window(sliding_gemma3).tower(gemma3_vision_params);
  const Dialect deepseek = D("deepseek_v3").heads(head_mla).moe(experts_deepseek);
  const Dialect qwen3_next = D("qwen3_next").qk(qk_norm_always).kinds(with_linear).window(sliding_qwen)
                                 .attn(attention_gated_deltanet).moe(experts_qwen_shared);
  const Dialect qwen3_5 = D("qwen3_5").in(Text::Nested).qk(qk_norm_always).kinds(with_linear).window(sliding_qwen)
                              .attn(attention_gated_deltanet).tower(qwen35_vision_params);
  const Dialect hunyuan = D("hunyuan").qk(qk_norm_if_flag).heads(head_hunyuan).moe(experts_hunyuan);
  static const std::vector<Dialect> rows{
      D("llama"),
      mistral,
      D("mixtral").window(sliding_every_layer).moe(experts_mixtral),
      D("qwen2").bias(bias_always).window(sliding_qwen),
      D("qwen2_moe").bias(bias_always).window(sliding_qwen).moe(experts_qwen_shared),
      D("qwen3").qk(qk_norm_always).window(sliding_qwen),
      D("qwen3_moe").qk(qk_norm_always).window(sliding_qwen).moe(experts_qwen),
      // Qwen3-VL: a Qwen3 / Qwen3-MoE decoder in text_config, the ViT with deepstack mergers
      D("qwen3_vl").in(Text::Nested).qk(qk_norm_always).window(sliding_qwen).tower(qwen3vl_vision_params),
      D("qwen3_vl_moe").in(Text::Nested).qk(qk_norm_always).window(sliding_qwen).moe(experts_qwen).tower(qwen3vl_vision_params),
      qwen3_next,
      D("phi3").window(sliding_every_layer),
      D("gemma2").norms(4).tied().window(sliding_gemma2),
      gemma3,
      Dialect(gemma3).as("gemma3_text").named("gemma3").in(Text::Top),
      Dialect(deepseek).as("deepseek_v2"),
      deepseek,
      Dialect(deepseek).as("deepseek_v32"),
      Dialect(deepseek).as("kimi_k2"),
      D("chatglm").read_by(read_chatglm),
      D("glm").bias(bias_attention_bias_on),
      D("glm4_moe").qk(qk_norm_if_flag).moe(experts_deepseek),
      D("qwen2_5_vl").in(Text::NestedIfPresent).bias(bias_always).window(sliding_qwen).tower(qwen25vl_vision_params),
      D("gpt_oss").bias(bias_attention_bias_on).moe(experts_gpt_oss).after(note_mxfp4),
      D("llama4").in(Text::Nested).qk(qk_l2_note).attn(attention_chunked).moe(experts_llama4),
      Dialect(mistral).as("mistral3").in(Text::Nested),  // Mistral Small 3.x: a Mistral decoder in text_config
      D("ernie4_5_moe").tied().bias(bias_use_bias).moe(experts_ernie),
      D("minimax_m2").qk(qk_norm_if_flag).attn(attention_softmax_only).moe(experts_minimax),
      D("minimax_m3").qk(qk_norm_if_flag).attn(attention_minimax_m3).moe(experts_minimax_m3),
      hunyuan,
      Dialect(hunyuan).as("hunyuan_v1_moe"),
      D("seed_oss"),
      qwen3_5,
      Dialect(qwen3_5).as("qwen3_5_moe").width(intermediate_optional).moe(experts_qwen_shared),
      Dialect(deepseek).as("glm_moe_dsa"),
      Dialect(deepseek).as("kimi_k25").in(Text::Nested),  // Kimi K2.5 / K2.6: a Kimi K2 decoder in text_config
      D("step3p7").moe(experts_step),
      D("mimo_v2_flash").window(sliding_mimo).attn(attention_mimo).moe(experts_mimo),
      D("nemotron_h").read_by(read_nemotron_h),
      D("gemma4").in(Text::Nested).norms(4).tied().qk(qk_norm_always).attn(attention_gemma4).moe(experts_gemma4),
      D("deepseek_v4").read_by(read_deepseek_v4).released(precision_expert_dtype),
      D("kimi_k3").in(Text::Nested).heads(head_mla).attn(attention_kda).moe(experts_kimi_k3),  // KDA + MLA
  };
  return rows;
}

const Dialect* find_dialect(const std::string& model_type) {
  for (const Dialect& d : dialects()) {
    if (model_type == d.model_type) return &d;
  }
  return nullptr;
}

const std::vector<std::string>& families() {
  static const std::vector<std::string> types = [] {
    std::vector<std::string> out;
    for (const Dialect& d : dialects()) out.emplace_back(d.model_type);
    return out;
  }();
  return types;
}

// The generic reader: the keys every decoder has, then the dialect's quirks in a fixed order
// (head size, sliding window, other attention kinds, indexer, experts).
void read_standard(Config& c, const Dialect& d, Model& m, std::vector<Message>& notes) {
  m.family = d.family_name();
  m.norms_per_layer = d.norms_per_layer;
  m.num_layers = as_int(c.need("num_hidden_layers"));
  m.hidden_size = c.need("hidden_size");
  m.intermediate_size = d.intermediate(c);
  m.num_attention_heads = as_int(c.need("num_attention_heads"));
  m.num_kv_heads = as_int(c.or_default("num_key_value_heads", m.num_attention_heads, msg::imp_why_no_gqa()));
  d.sizes(c, m);
  m.tie_embeddings = c.flag("tie_word_embeddings", d.tied_by_default);
  m.qkv_bias = d.qkv_bias(c);
  m.qk_norm = d.qk_norm(c, notes);
  d.head(c, m, notes);

  Window w;
  const json* types = c.get("layer_types");
  const bool read = types != nullptr && types->is_array() ? sliding_from_layer_types(c, *types, d.layer_kinds, w)
                                                          : d.sliding(c, m, w);
  if (!read) return;
  if (w.layers > 0 && w.size > 0) {
    m.has_sliding_window = true;
    m.sliding_window.window = w.size;
    m.sliding_window.layers = w.layers;
  }
  const Flow flow = d.attention(c, m, notes, w);
  if (flow == Flow::Stop) return;
  if (flow == Flow::Next) read_indexer(c, m, notes);

  d.experts(c, m);
  if (m.is_moe && m.moe.dense_layers == 0 && m.intermediate_size != m.moe.expert_intermediate_size) {
    if (m.intermediate_size > 0) notes.push_back(msg::imp_unused_intermediate(std::to_string(m.intermediate_size)));
    m.intermediate_size = m.moe.expert_intermediate_size;
  }
}

std::string last_path_part(const std::string& s) {
  const std::size_t slash = s.find_last_of('/');
  return slash == std::string::npos ? s : s.substr(slash + 1);
}

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

// Field rules and cross-field rules of the catalog (as_of is the caller's to set).
void check_model(const Model& m, const std::string& file, IssueList& issues) {
  for (Issue& i : validate_model(m, file + ": model", false)) issues.add(std::move(i.field), std::move(i.message));
}

// A family with no importer whose attention cardfit cannot account for: the field that says so
// is named too, beside model_type (Kimi-K3: KDA linear attention on the layers
// text_config.linear_attn_config.kda_layers lists; vLLM vllm/models/kimi_k3/nvidia/kda.py).
void name_unmodelled_attention(const json& root, const std::string& file, IssueList& issues) {
  const auto t = root.find("text_config");
  const bool nested = t != root.end() && t->is_object();
  const json& text = nested ? *t : root;
  const auto lin = text.find("linear_attn_config");
  if (lin != text.end() && lin->is_object() && lin->find("kda_layers") != lin->end()) {
    issues.add(file + (nested ? ": text_config." : ": ") + "linear_attn_config.kda_layers",
               msg::imp_attention_unmodelled("KDA (Kimi Delta Attention)",
                                             "full, sliding, chunked, MLA, DSA, Gated DeltaNet, Mamba-2"));
  }
}

}  // namespace

const std::vector<std::string>& supported_hf_model_types() { return families(); }

namespace {

// The dialect of config.json's model_type; nullptr after an issue (missing or unsupported, with
// the unmodelled attention it names).
const Dialect* import_dialect(const json& root, const std::string& file, IssueList& issues) {
  auto type_it = root.find("model_type");
  if (type_it == root.end() || !type_it->is_string()) {
    issues.add(file + ": model_type", msg::imp_model_type_missing(join(families(), ", ")));
    return nullptr;
  }
  const std::string type = type_it->get<std::string>();
  const Dialect* dialect = find_dialect(type);
  if (dialect == nullptr) {
    issues.add(file + ": model_type", msg::imp_model_type_unsupported(type, join(families(), ", ")));
    name_unmodelled_attention(root, file, issues);
  }
  return dialect;
}

// The object holding the language model and its issue-path prefix. Multimodal configs keep it in
// text_config (Gemma 3 always; newer Qwen2.5-VL exports too) and the vision tower in vision_config.
// nullptr after an issue (text_config missing).
const json* import_text(const json& root, Config& top, const Dialect& d, const std::string& file,
                        const std::string& type, IssueList& issues, std::string& text_prefix) {
  const json* text = &root;
  text_prefix = file + ": ";
  if (d.text == Text::Nested || (d.text == Text::NestedIfPresent && top.has("text_config"))) {
    text = top.object("text_config");
    text_prefix = file + ": text_config.";
    if (text == nullptr) issues.add(file + ": text_config", msg::imp_missing(type));
  }
  return text;
}

// vision_config: the vision tower's parameters where the dialect counts them, else a note.
void import_vision(Config& top, const Dialect& d, const std::string& file, IssueList& issues, Model& m,
                   std::vector<Message>& notes) {
  const json* vision = top.object("vision_config");
  if (vision == nullptr) return;
  if (d.vision != nullptr) {
    Config v(*vision, file + ": vision_config.", d.family_name(), issues, notes);
    m.extra_params = d.vision(v, m.hidden_size);
    notes.push_back(msg::imp_vision_note());
  } else {
    // NOTE: extra_params may already hold text-side parameters (Kimi-K3's Attention Residuals,
    // 2 x hidden): say the figure kept, not 0.
    notes.push_back(msg::imp_vision_not_counted(std::to_string(m.extra_params)));
  }
}

// The released precision: quantization_config and the dtype, then the dialect's own reading.
void import_precision(Config& top, Config& c, bool nested, const Dialect& d, Model& m, std::vector<Message>& notes) {
  const json* q = top.get("quantization_config");
  if (q == nullptr && nested) q = c.get("quantization_config");  // Kimi K2.5: inside text_config
  std::string dtype = top.text("torch_dtype").empty() ? top.text("dtype") : top.text("torch_dtype");
  if (dtype.empty()) dtype = c.text("dtype").empty() ? c.text("torch_dtype") : c.text("dtype");
  m.released_precision = released_precision(q, dtype);
  if (d.precision != nullptr) d.precision(top, c, m, notes);
}

// The model's repository, name and source from _name_or_path. "owner/name" goes into launch
// commands, so it must be a repository id by Hugging Face's grammar; a bare name or a local path
// (/..., ./..., ~/..., C:\...) names no repository.
Source import_source(Config& top, const std::string& id_text, const std::string& file, IssueList& issues, Model& m) {
  const std::string repo = top.text("_name_or_path");
  const bool local_path = !repo.empty() && (repo.front() == '/' || repo.front() == '.' || repo.front() == '~' ||
                                            repo.find('\\') != std::string::npos || repo.find(':') != std::string::npos);
  if (repo.find('/') != std::string::npos && !local_path) {
    if (auto e = fields::check_text(repo, fields::Need::Optional, fields::TextRule::RepoId)) {
      issues.add(file + ": _name_or_path", *e);
    } else {
      m.hf_repo = repo;
    }
  }
  m.name = repo.empty() ? id_text : last_path_part(repo);
  Source source;
  source.id = "config-" + id_text;
  source.title = m.hf_repo.empty() ? "config.json (no repository named in it)" : m.hf_repo + " config.json";
  source.publisher = m.hf_repo.empty() ? "the user" : m.hf_repo.substr(0, m.hf_repo.find('/'));
  if (!m.hf_repo.empty()) source.url = "https://huggingface.co/" + m.hf_repo;
  source.kind = SourceKind::Config;
  m.source = source.id;
  return source;
}

}  // namespace

Result<ImportedModel> import_hf_config(std::string_view config_json_text, std::string_view id) {
  const std::string file = "config.json";
  IssueList issues;
  json root;
  if (!parse_json_text(config_json_text, file, root, issues)) return Result<ImportedModel>::failure(issues.take());
  if (!root.is_object()) return Result<ImportedModel>::failure(file, msg::cat_type_object(describe_json(root)));

  Model m;
  std::vector<Message> notes;
  const std::string id_text(id);
  if (auto e = fields::check_text(id_text, fields::Need::Required, fields::TextRule::Id)) issues.add("id", *e);
  m.id = id_text;

  const Dialect* dialect = import_dialect(root, file, issues);
  if (dialect == nullptr) return Result<ImportedModel>::failure(issues.take());
  const Dialect& d = *dialect;
  const std::string type = root.find("model_type")->get<std::string>();

  Config top(root, file + ": ", type, issues, notes);
  std::string text_prefix;
  const json* text = import_text(root, top, d, file, type, issues, text_prefix);
  if (text == nullptr) return Result<ImportedModel>::failure(issues.take());
  Config c(*text, text_prefix, d.family_name(), issues, notes);
  d.reader(c, d, m, notes);
  if (d.after_read != nullptr) d.after_read(top, c, m, notes);
  import_vision(top, d, file, issues, m, notes);
  import_precision(top, c, text != &root, d, m, notes);
  Source source = import_source(top, id_text, file, issues, m);

  if (issues.empty()) check_model(m, file, issues);
  if (!issues.empty()) return Result<ImportedModel>::failure(issues.take());
  return Result<ImportedModel>::success(ImportedModel{std::move(m), std::move(notes), std::move(source)});
}

// [SECTION] A bare parameter count

namespace {

i64 assumed_head_dim(i64 hidden) { return hidden < 2048 ? 64 : 128; }

// A catalog model whose depth and width a bare count can borrow: dense, text only, full
// attention, a published count, and a width the assumed head size divides.
bool is_shape_reference(const Model& r) {
  return !r.is_moe && r.extra_params == 0 && r.published_params_b > 0 && r.num_layers > 0 && r.hidden_size > 0 &&
         !r.has_sliding_window && !r.has_linear_attention && !r.has_chunked_attention && !r.has_compressed_attention &&
         !r.is_mla && r.hidden_size % assumed_head_dim(r.hidden_size) == 0;
}

}  // namespace

Result<ImportedModel> model_from_param_count(double params, std::string_view id, const std::vector<Model>& references) {
  IssueList issues;
  const std::string id_text(id);
  if (auto e = fields::check_text(id_text, fields::Need::Required, fields::TextRule::Id)) issues.add("id", *e);
  const InputSpec& bounds = input_spec(Input::Params);  // the input table's row
  if (!std::isfinite(params) || params < bounds.min || params > bounds.max) {
    issues.add("params", msg::imp_params_range(format_shortest(bounds.min), format_shortest(bounds.max),
                                               format_shortest(params)));
  }
  const Model* best = nullptr;
  const auto distance = [params](const Model& r) { return std::fabs(std::log(params / (r.published_params_b * 1e9))); };
  for (const Model& r : references) {
    if (is_shape_reference(r) && (best == nullptr || distance(r) < distance(*best))) best = &r;
  }
  if (best == nullptr && issues.empty()) issues.add("params", msg::imp_no_reference_model());
  if (!issues.empty()) return Result<ImportedModel>::failure(issues.take());

  Model m;
  m.id = id_text;
  m.name = format_trimmed(params / 1e9, 1) + "B";
  m.family = "llama";
  m.published_params_b = params / 1e9;
  m.num_layers = best->num_layers;
  m.hidden_size = best->hidden_size;
  m.head_dim = as_int(assumed_head_dim(best->hidden_size));
  m.num_attention_heads = as_int(best->hidden_size / m.head_dim);
  m.num_kv_heads = 1;
  for (int k = 8; k >= 1; --k) {
    if (m.num_attention_heads % k == 0) {
      m.num_kv_heads = k;
      break;
    }
  }
  m.vocab_size = 128256;
  m.max_context = 131072;
  m.tie_embeddings = best->hidden_size < 4096;
  m.assumed_architecture = true;

  // count_params is linear in intermediate_size: solve for the requested total.
  m.intermediate_size = m.hidden_size;
  const i64 at_hidden = count_params(m).total;
  m.intermediate_size = 2 * m.hidden_size;
  const double per_unit = static_cast<double>(count_params(m).total - at_hidden) / static_cast<double>(m.hidden_size);
  const double wanted = static_cast<double>(m.hidden_size) + (params - static_cast<double>(at_hidden)) / per_unit;
  const double lo = static_cast<double>(m.hidden_size), hi = 8.0 * static_cast<double>(m.hidden_size);
  const double clamped = std::clamp(std::round(wanted / 256) * 256, lo, hi);
  m.intermediate_size = static_cast<i64>(clamped);

  const i64 total = count_params(m).total;
  m.source = "cardfit (assumed shape)";
  std::vector<Message> notes{msg::imp_assumed_note(best->name, std::to_string(m.num_layers),
                                                   std::to_string(m.hidden_size), std::to_string(m.head_dim),
                                                   std::to_string(m.num_kv_heads), std::to_string(m.intermediate_size),
                                                   format_grouped(static_cast<double>(total)), format_grouped(params))};
  if (wanted < lo || wanted > hi) notes.push_back(msg::imp_limit_note());
  check_model(m, "params", issues);
  if (!issues.empty()) return Result<ImportedModel>::failure(issues.take());
  return Result<ImportedModel>::success(ImportedModel{std::move(m), std::move(notes), Source{}});
}

}  // namespace cardfit
