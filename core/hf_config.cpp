// Custom models: Hugging Face config.json -> Model, and a bare parameter count -> an
// assumed Llama-like Model. Field names and defaults follow transformers' *Config classes.
#include "hf_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>

#include "catalog_fields.hpp"
#include "catalog_validate.hpp"
#include "json_text.hpp"
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
         std::vector<std::string>& notes)
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
      issues_.add(path(key), "is required for model_type '" + type_ + "' but missing");
      return 0;
    }
    return read(key, *v, allow_zero);
  }

  // An integer that transformers defaults; `why` says where the default comes from.
  i64 or_default(const char* key, i64 fallback, const std::string& why) {
    const json* v = get(key);
    if (v == nullptr) {
      if (!why.empty()) notes_.push_back(std::string(key) + " not in config: " + why);
      return fallback;
    }
    return read(key, *v, true);
  }

  bool flag(const char* key, bool fallback) {
    const json* v = get(key);
    if (v == nullptr) return fallback;
    if (!v->is_boolean()) {
      issues_.add(path(key), "must be true or false, got " + describe_json(*v));
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
      issues_.add(path(key), "must be an object, got " + describe_json(*v));
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
      issues_.add(path(key), "must be an integer, got " + describe_json(v));
      return 0;
    }
    if (x < (allow_zero ? 0 : 1) || x > static_cast<double>(kMaxConfigInt)) {
      issues_.add(path(key), std::string("must be ") + (allow_zero ? "a non-negative" : "a positive") +
                                 " integer of sane size, got " + describe_json(v));
      return 0;
    }
    return static_cast<i64>(x);
  }

  const json& obj_;
  std::string prefix_;
  std::string type_;
  IssueList& issues_;
  std::vector<std::string>& notes_;
};

int as_int(i64 v) { return static_cast<int>(std::min<i64>(v, 1'000'000'000)); }  // range-checked later

std::string number_text(i64 v) { return std::to_string(v); }

// [SECTION] Vision towers -> extra_params

// SigLIP vision encoder + Gemma 3's multimodal projector (Gemma3MultiModalProjector:
// mm_input_projection_weight vision_hidden x text_hidden, mm_soft_emb_norm RMSNorm).
i64 gemma3_vision_params(Config& v, i64 text_hidden) {
  const i64 h = v.need("hidden_size"), inter = v.need("intermediate_size"), layers = v.need("num_hidden_layers");
  const i64 image = v.need("image_size"), patch = v.need("patch_size");
  const i64 channels = v.or_default("num_channels", 3, "");
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
  const i64 channels = v.has("in_channels") ? v.or_default("in_channels", 3, "") : v.or_default("in_chans", 3, "");
  const i64 patch = v.or_default("patch_size", 14, "");
  const i64 temporal = v.or_default("temporal_patch_size", 2, "");
  const i64 merge = v.or_default("spatial_merge_size", 2, "");
  const i64 out = v.or_default("out_hidden_size", text_hidden, "");
  if (h == 0 || inter == 0 || depth == 0) return 0;
  const i64 patch_embed = channels * temporal * patch * patch * h;
  const i64 per_block = 2 * h + (h * 3 * h + 3 * h) + (h * h + h) + 2 * (h * inter + inter) + (inter * h + h);
  const i64 merged = h * merge * merge;
  const i64 merger = h + (merged * merged + merged) + (merged * out + out);  // ln_q, mlp.0, mlp.2
  return patch_embed + depth * per_block + merger;
}

// [SECTION] Families

const std::vector<std::string>& families() {
  static const std::vector<std::string> types{"llama",     "mistral",     "mixtral",     "qwen2",  "qwen2_moe",
                                              "qwen3",     "qwen3_moe",   "phi3",        "gemma2", "gemma3",
                                              "gemma3_text", "deepseek_v2", "deepseek_v3", "chatglm", "glm",
                                              "qwen2_5_vl"};
  return types;
}

void read_chatglm(Config& c, Model& m, std::vector<std::string>& notes) {
  m.family = "chatglm";
  m.num_layers = as_int(c.need("num_layers"));
  m.hidden_size = c.need("hidden_size");
  m.intermediate_size = c.need("ffn_hidden_size");
  m.num_attention_heads = as_int(c.need("num_attention_heads"));
  const bool mqa = c.flag("multi_query_attention", false);
  m.num_kv_heads = mqa ? as_int(c.need("multi_query_group_num")) : m.num_attention_heads;
  if (c.has("kv_channels")) {
    m.head_dim = as_int(c.need("kv_channels"));
  } else if (m.num_attention_heads > 0) {
    m.head_dim = as_int(m.hidden_size / m.num_attention_heads);
    notes.push_back("kv_channels not in config: head_dim = hidden_size / num_attention_heads");
  }
  m.vocab_size = c.need("padded_vocab_size");
  m.max_context = c.need("seq_length");
  m.qkv_bias = c.flag("add_qkv_bias", false);
  m.tie_embeddings = c.flag("tie_word_embeddings", false);
}

void read_standard(Config& c, const std::string& type, Model& m, std::vector<std::string>& notes) {
  const bool gemma = type == "gemma2" || type == "gemma3";
  const bool gemma3 = type == "gemma3";
  const bool qwen2_like = type == "qwen2" || type == "qwen2_moe" || type == "qwen2_5_vl";
  const bool qwen3_like = type == "qwen3" || type == "qwen3_moe";
  const bool deepseek = type == "deepseek_v2" || type == "deepseek_v3";

  m.family = type;
  m.num_layers = as_int(c.need("num_hidden_layers"));
  m.hidden_size = c.need("hidden_size");
  m.intermediate_size = c.need("intermediate_size");
  m.num_attention_heads = as_int(c.need("num_attention_heads"));
  m.num_kv_heads = as_int(c.or_default("num_key_value_heads", m.num_attention_heads,
                                       "transformers uses num_attention_heads (no GQA)"));
  m.vocab_size = gemma3 ? c.or_default("vocab_size", 262208, "Gemma3TextConfig default 262208") : c.need("vocab_size");
  m.max_context = gemma3 ? c.or_default("max_position_embeddings", 131072, "Gemma3TextConfig default 131072")
                         : c.need("max_position_embeddings");
  m.tie_embeddings = c.flag("tie_word_embeddings", gemma);  // Gemma configs default to tied
  // Qwen2 hard-codes q/k/v biases; GlmConfig defaults attention_bias to true.
  m.qkv_bias = qwen2_like ? true : c.flag("attention_bias", type == "glm");
  m.qk_norm = qwen3_like || gemma3;

  // MLA (DeepSeek): the query/key head is qk_nope + qk_rope wide.
  if (deepseek && c.has("kv_lora_rank")) {
    m.is_mla = true;
    m.mla.kv_lora_rank = as_int(c.need("kv_lora_rank"));
    m.mla.q_lora_rank = as_int(c.or_default("q_lora_rank", 0, ""));  // null: full-rank q_proj (V2-Lite)
    m.mla.qk_rope_head_dim = as_int(c.need("qk_rope_head_dim"));
    m.mla.qk_nope_head_dim = as_int(c.need("qk_nope_head_dim"));
    m.mla.v_head_dim = as_int(c.need("v_head_dim"));
    m.head_dim = m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim;
  } else if (c.has("head_dim")) {
    m.head_dim = as_int(c.need("head_dim"));
  } else if (m.num_attention_heads > 0) {
    m.head_dim = as_int(m.hidden_size / m.num_attention_heads);
    notes.push_back("head_dim not in config: hidden_size / num_attention_heads = " + number_text(m.head_dim) +
                    ", as transformers does");
  }

  // Sliding-window attention: which layers use it.
  const int n = m.num_layers;
  int sliding_layers = 0;
  i64 window = 0;
  if (const json* types = c.get("layer_types"); types != nullptr && types->is_array()) {
    for (const json& t : *types) sliding_layers += t.is_string() && t.get<std::string>() == "sliding_attention";
    if (sliding_layers > 0) window = c.need("sliding_window");
  } else if (type == "mistral" || type == "mixtral" || type == "phi3") {
    if (c.has("sliding_window")) {  // null: full attention
      window = c.need("sliding_window");
      sliding_layers = n;
    }
  } else if (qwen2_like || qwen3_like) {
    if (c.flag("use_sliding_window", false) && c.has("sliding_window")) {
      window = c.need("sliding_window");
      const i64 full = c.or_default("max_window_layers", 28, "Qwen2Config default 28");
      sliding_layers = std::max(0, n - as_int(full));  // layers from max_window_layers on slide
    }
  } else if (type == "gemma2") {
    window = c.or_default("sliding_window", 4096, "Gemma2Config default 4096");
    sliding_layers = (n + 1) / 2;  // even layers are local
  } else if (gemma3) {
    window = c.or_default("sliding_window", 4096, "Gemma3TextConfig default 4096");
    i64 pattern = c.or_default("sliding_window_pattern", 6, "Gemma3TextConfig default 6");
    if (pattern == 0) pattern = 6;
    sliding_layers = n - as_int(n / pattern);  // layer i is global when (i + 1) % pattern == 0
  }
  if (sliding_layers > 0 && window > 0) {
    m.has_sliding_window = true;
    m.sliding_window.window = window;
    m.sliding_window.layers = sliding_layers;
  }

  // Mixture of experts.
  if (type == "mixtral") {
    m.is_moe = true;
    m.moe.num_experts = as_int(c.need("num_local_experts"));
    m.moe.experts_per_token = as_int(c.need("num_experts_per_tok"));
    m.moe.expert_intermediate_size = m.intermediate_size;
  } else if (type == "qwen3_moe" || type == "qwen2_moe") {
    m.is_moe = true;
    m.moe.num_experts = as_int(c.need("num_experts"));
    m.moe.experts_per_token = as_int(c.need("num_experts_per_tok"));
    m.moe.expert_intermediate_size = c.need("moe_intermediate_size");
    if (type == "qwen2_moe") {
      m.moe.shared_expert_intermediate_size = c.need("shared_expert_intermediate_size", true);
      m.moe.num_shared_experts = m.moe.shared_expert_intermediate_size > 0 ? 1 : 0;
    }
    // Dense layers: listed in mlp_only_layers, or off the decoder_sparse_step grid.
    std::set<i64> dense;
    if (const json* only = c.get("mlp_only_layers"); only != nullptr && only->is_array()) {
      for (const json& l : *only) {
        if (l.is_number_integer() && l.get<i64>() >= 0 && l.get<i64>() < n) dense.insert(l.get<i64>());
      }
    }
    const i64 step = std::max<i64>(1, c.or_default("decoder_sparse_step", 1, ""));
    for (int i = 0; i < n; ++i) {
      if ((i + 1) % step != 0) dense.insert(i);
    }
    m.moe.dense_layers = static_cast<int>(dense.size());
  } else if (deepseek && c.has("n_routed_experts")) {
    m.is_moe = true;
    m.moe.num_experts = as_int(c.need("n_routed_experts"));
    m.moe.experts_per_token = as_int(c.need("num_experts_per_tok"));
    m.moe.expert_intermediate_size = c.need("moe_intermediate_size");
    m.moe.num_shared_experts = as_int(c.or_default("n_shared_experts", 0, ""));
    m.moe.shared_expert_intermediate_size = m.moe.num_shared_experts * m.moe.expert_intermediate_size;
    m.moe.dense_layers = as_int(c.or_default("first_k_dense_replace", 0, ""));
    if (c.or_default("moe_layer_freq", 1, "") != 1) {
      c.issues().add(c.path("moe_layer_freq"), "only 1 (every layer after first_k_dense_replace is MoE) is supported");
    }
  }
  if (m.is_moe && m.moe.dense_layers == 0 && m.intermediate_size != m.moe.expert_intermediate_size) {
    notes.push_back("no dense layers, so config intermediate_size " + number_text(m.intermediate_size) +
                    " is unused; intermediate_size set to the expert width");
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

// Field rules and cross-field rules of the catalog. as_of is the caller's to set, so a
// placeholder stands in for it while checking.
void check_model(Model m, const std::string& file, IssueList& issues) {
  if (m.as_of.empty()) m.as_of = "2000";
  detail::validate_model_into(m, file + ": model", issues);
}

}  // namespace

const std::vector<std::string>& supported_hf_model_types() { return families(); }

Result<Model> import_hf_config(std::string_view config_json_text, std::string_view id) {
  const std::string file = "config.json";
  IssueList issues;
  json root;
  if (!parse_json_text(config_json_text, file, root, issues)) return Result<Model>::failure(issues.take());
  if (!root.is_object()) return Result<Model>::failure(file, "must be a JSON object, got " + describe_json(root));

  Model m;
  std::vector<std::string> notes;
  const std::string id_text(id);
  if (auto e = fields::check_text(id_text, fields::Need::Required, fields::Text::Id)) issues.add("id", *e);
  m.id = id_text;

  auto type_it = root.find("model_type");
  if (type_it == root.end() || !type_it->is_string()) {
    issues.add(file + ": model_type", "is required (e.g. \"llama\"); supported: " + join(families(), ", "));
    return Result<Model>::failure(issues.take());
  }
  std::string type = type_it->get<std::string>();
  if (std::find(families().begin(), families().end(), type) == families().end()) {
    issues.add(file + ": model_type",
               "'" + type + "' is not supported; supported: " + join(families(), ", ") +
                   ". For other models give a parameter count instead (assumed Llama-like shape)");
    return Result<Model>::failure(issues.take());
  }

  // Multimodal configs keep the language model in text_config (Gemma 3 always; newer
  // Qwen2.5-VL exports too) and the vision tower in vision_config.
  Config top(root, file + ": ", type, issues, notes);
  const json* text = &root;
  std::string text_prefix = file + ": ";
  if (type == "gemma3" || (type == "qwen2_5_vl" && top.has("text_config"))) {
    text = top.object("text_config");
    text_prefix = file + ": text_config.";
    if (text == nullptr) {
      issues.add(file + ": text_config", "is required for model_type '" + type + "' but missing");
      return Result<Model>::failure(issues.take());
    }
  }
  if (type == "gemma3_text") type = "gemma3";
  Config c(*text, text_prefix, type, issues, notes);
  if (type == "chatglm") {
    read_chatglm(c, m, notes);
  } else {
    read_standard(c, type, m, notes);
  }

  if (const json* vision = top.object("vision_config"); vision != nullptr && (type == "gemma3" || type == "qwen2_5_vl")) {
    Config v(*vision, file + ": vision_config.", type, issues, notes);
    m.extra_params = type == "gemma3" ? gemma3_vision_params(v, m.hidden_size) : qwen25vl_vision_params(v, m.hidden_size);
    notes.push_back("extra_params = vision tower counted from vision_config");
  }

  const std::string repo = top.text("_name_or_path");
  if (repo.find('/') != std::string::npos && repo.front() != '/' && repo.front() != '.') m.hf_repo = repo;
  m.name = repo.empty() ? id_text : last_path_part(repo);
  m.source = "Hugging Face config.json" + (m.hf_repo.empty() ? std::string() : " of " + m.hf_repo);
  m.notes = join(notes, "; ");

  if (issues.empty()) check_model(m, file, issues);
  if (!issues.empty()) return Result<Model>::failure(issues.take());
  return Result<Model>::success(std::move(m));
}

// [SECTION] A bare parameter count

namespace {

struct Shape {
  const char* reference;  // the real model whose depth and width we borrow
  double params;          // its published parameter count
  int layers;
  i64 hidden;
};

constexpr Shape kShapes[] = {
    {"Qwen2.5-0.5B", 0.49e9, 24, 896},    {"Llama-3.2-1B", 1.24e9, 16, 2048},
    {"Llama-3.2-3B", 3.21e9, 28, 3072},   {"Llama-3.1-8B", 8.03e9, 32, 4096},
    {"Qwen2.5-14B", 14.7e9, 48, 5120},    {"Qwen2.5-32B", 32.8e9, 64, 5120},
    {"Llama-3.1-70B", 70.6e9, 80, 8192},  {"Llama-3.1-405B", 405.9e9, 126, 16384},
};

}  // namespace

Result<Model> model_from_param_count(double params, std::string_view id) {
  IssueList issues;
  const std::string id_text(id);
  if (auto e = fields::check_text(id_text, fields::Need::Required, fields::Text::Id)) issues.add("id", *e);
  if (!std::isfinite(params) || params < 1e7 || params > 1e13) {
    issues.add("params", "must be a parameter count from 1e7 to 1e13 (7e9 for a 7B model), got " +
                             fields::format_number(params));
  }
  if (!issues.empty()) return Result<Model>::failure(issues.take());

  const Shape* best = &kShapes[0];
  for (const Shape& s : kShapes) {
    if (std::fabs(std::log(params / s.params)) < std::fabs(std::log(params / best->params))) best = &s;
  }
  Model m;
  m.id = id_text;
  m.name = "Custom " + fields::format_number(std::round(params / 1e8) / 10) + "B";
  m.family = "llama";
  m.published_params_b = params / 1e9;
  m.num_layers = best->layers;
  m.hidden_size = best->hidden;
  m.head_dim = best->hidden < 2048 ? 64 : 128;
  m.num_attention_heads = static_cast<int>(best->hidden / m.head_dim);
  m.num_kv_heads = 1;
  for (int k = 8; k >= 1; --k) {
    if (m.num_attention_heads % k == 0) {
      m.num_kv_heads = k;
      break;
    }
  }
  m.vocab_size = 128256;
  m.max_context = 131072;
  m.tie_embeddings = best->hidden < 4096;
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
  m.source = "cardfit assumption: Llama-like shape from the parameter count";
  m.notes = "Assumed architecture: depth and width of " + std::string(best->reference) + " (" +
            std::to_string(m.num_layers) + " layers x " + std::to_string(m.hidden_size) + "), head_dim " +
            std::to_string(m.head_dim) + ", " + std::to_string(m.num_kv_heads) +
            " KV heads, vocab 128256, intermediate_size " + std::to_string(m.intermediate_size) + " so that the count is " +
            fields::format_number(static_cast<double>(total)) + " (asked " + fields::format_number(params) +
            "). KV-cache and speed figures are estimates; import the real config.json for exact ones.";
  if (wanted < lo || wanted > hi) {
    m.notes += " intermediate_size hit its limit, so the count differs from the one asked.";
  }
  check_model(m, "params", issues);
  if (!issues.empty()) return Result<Model>::failure(issues.take());
  return Result<Model>::success(std::move(m));
}

}  // namespace cardfit
