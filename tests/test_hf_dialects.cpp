// The config reader's dialect table (core/estimate/hf_config.cpp): every supported model_type
// has a row that reads it, the repository's config.json files import under their own row, and
// an attention or model type with no row or no formula is refused at the key that names it.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

#include <set>
#include <string>

#include "hf_config.hpp"

namespace cardfit::embedded {
std::string_view hf_configs_2026();  // tests/fixtures/hf-configs-2026.json
}

using namespace cardfit;
using cardfit::test::en;

namespace {

// The decoder keys every dialect reads, from the bundled Llama-3.1-8B entry (not a copy of
// its config.json): a config any row can start from.
nlohmann::json llama_keys() {
  const Model* m = test::catalog().find_model("llama-3.1-8b");
  REQUIRE(m != nullptr);
  return {{"num_hidden_layers", m->num_layers},          {"hidden_size", m->hidden_size},
          {"intermediate_size", m->intermediate_size},   {"num_attention_heads", m->num_attention_heads},
          {"num_key_value_heads", m->num_kv_heads},      {"head_dim", m->head_dim},
          {"vocab_size", m->vocab_size},                 {"max_position_embeddings", m->max_context}};
}

nlohmann::json with_type(nlohmann::json keys, const std::string& type) {
  keys["model_type"] = type;
  return keys;
}

bool names_field(const std::vector<Issue>& errors, const std::string& field, const std::string& words) {
  for (const Issue& e : errors) {
    if (e.field == field && en(e.message).find(words) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("every supported model_type has a reader", "[hf_config][dialects]") {
  const std::vector<std::string>& types = supported_hf_model_types();
  CHECK(std::set<std::string>(types.begin(), types.end()).size() == types.size());  // one row each
  for (const std::string& type : types) {
    INFO(type);
    // The keys at the top and again in text_config: a row reads one of the two places.
    nlohmann::json config = with_type(llama_keys(), type);
    config["text_config"] = llama_keys();
    const Result<ImportedModel> r = import_hf_config(config.dump(), "x");
    INFO(test::all_errors(r.errors));
    for (const Issue& e : r.errors) CHECK(e.field != "config.json: model_type");  // the type itself is read
    if (r.ok()) {
      // A Llama-shaped config reads as its own family (gemma3_text is Gemma 3's text-only export).
      CHECK(r.value->model.family == (type == "gemma3_text" ? std::string("gemma3") : type));
    } else {
      // Refused only at a key the row needs (chatglm's num_layers, llama4's num_local_experts, ...).
      for (const Issue& e : r.errors) CHECK(e.field.rfind("config.json: ", 0) == 0);
    }
  }
  // Rows that need nothing beyond the decoder keys import it.
  for (const char* type : {"llama", "mistral", "qwen2", "qwen3", "phi3", "gemma2", "glm", "seed_oss", "gemma3_text"}) {
    INFO(type);
    CHECK(import_hf_config(with_type(llama_keys(), type).dump(), "x").ok());
  }
}

TEST_CASE("each config.json of the 2026 fixture imports under its own row, or is refused at model_type",
          "[hf_config][dialects]") {
  const nlohmann::json all = nlohmann::json::parse(embedded::hf_configs_2026());
  const std::vector<std::string>& types = supported_hf_model_types();
  int imported = 0, refused = 0;
  for (const auto& [key, config] : all.items()) {
    if (!config.is_object()) continue;  // _comment
    INFO(key);
    const std::string type = config.value("model_type", std::string());
    const Result<ImportedModel> r = import_hf_config(config.dump(), "x");
    INFO(test::all_errors(r.errors));
    if (std::find(types.begin(), types.end(), type) != types.end()) {
      REQUIRE(r.ok());
      CHECK(r.value->model.family == type);
      ++imported;
    } else {  // none since Kimi-K3 (kimi_k3) was modelled; a new one is refused at model_type
      CHECK(names_field(r.errors, "config.json: model_type", "'" + type + "' is not supported"));
      ++refused;
    }
  }
  CHECK(imported > 0);
  CHECK(refused == 0);
}

TEST_CASE("an unknown attention or model type is refused, naming the field", "[hf_config][dialects][errors]") {
  const struct {
    const char* type;
    nlohmann::json extra;  // keys added to the Llama-shaped config
    const char* field;
    const char* words;
  } rows[] = {
      {"llama", {{"layer_types", {"full_attention", "lightning_attention"}}, {"sliding_window", 4096}},
       "config.json: layer_types", "attention type 'lightning_attention' is not modelled"},
      // linear_attention is a kind only for the Gated DeltaNet rows
      {"llama", {{"layer_types", {"full_attention", "linear_attention"}}}, "config.json: layer_types",
       "attention type 'linear_attention' is not modelled"},
      {"qwen3_next", {{"layer_types", {"linear_attention", "mamba"}}}, "config.json: layer_types",
       "attention type 'mamba' is not modelled"},
      {"mimo_v2_flash", {{"hybrid_layer_pattern", {0, 2}}}, "config.json: hybrid_layer_pattern",
       "attention type '2' is not modelled"},
      {"minimax_m2", {{"attn_type_list", {1, 0}}}, "config.json: attn_type_list",
       "attention type 'attn_type_list 0' is not modelled"},
      {"llama", {{"index_n_heads", 64}, {"index_head_dim", 128}, {"index_topk", 2048}, {"indexer_types", {"full", "sparse"}}},
       "config.json: indexer_types", "attention type 'indexer sparse' is not modelled"},
      {"nemotron_h", {{"hybrid_override_pattern", "M*X"}}, "config.json: hybrid_override_pattern",
       "attention type 'block 'X'' is not modelled"},
      {"kimi_linear", {}, "config.json: model_type", "'kimi_linear' is not supported"},
      {"kimi_k3", {}, "config.json: text_config", "'kimi_k3'"},  // its decoder is in text_config
      {"llama4_text", {}, "config.json: model_type", "'llama4_text' is not supported"},
  };
  for (const auto& row : rows) {
    nlohmann::json config = with_type(llama_keys(), row.type);
    if (row.extra.is_object()) config.update(row.extra);
    INFO(config.dump());
    const Result<ImportedModel> r = import_hf_config(config.dump(), "x");
    INFO(test::all_errors(r.errors));
    REQUIRE_FALSE(r.ok());
    CHECK(names_field(r.errors, row.field, row.words));
  }
}

// Found by the dialect table's identity harness (a mutated Kimi K2.5 config): a
// quantization_config value of the wrong JSON type aborted the import (nlohmann's value()
// without exceptions); it now reads as "not stated".
TEST_CASE("a quantization_config of the wrong types reads as no released precision", "[hf_config][errors]") {
  for (const nlohmann::json& q : {nlohmann::json{{"quant_method", 8}},
                                  nlohmann::json{{"quant_method", "modelopt"}, {"quant_algo", 4}},
                                  nlohmann::json{{"quant_method", "compressed-tensors"},
                                                 {"config_groups", {{"group_0", {{"weights", {{"num_bits", "4"}, {"type", 3}}}}}}}},
                                  nlohmann::json{{"quant_method", "compressed-tensors"},
                                                 {"config_groups", {{"group_0", {{"weights", {{"num_bits", 4}, {"type", "float"}, {"group_size", "32"}}}}}}}}}) {
    INFO(q.dump());
    for (const char* type : {"llama", "gpt_oss"}) {
      nlohmann::json config = with_type(llama_keys(), type);
      config["quantization_config"] = q;
      config["num_local_experts"] = 8;
      config["num_experts_per_tok"] = 2;
      const Result<ImportedModel> r = import_hf_config(config.dump(), "x");
      INFO(test::all_errors(r.errors));
      REQUIRE(r.ok());
      CHECK(r.value->model.released_precision.empty());
    }
  }
}
