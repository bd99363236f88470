// Custom models, the 2026 families: config.json texts imported and compared with the bundled
// catalog entry written from the same file. Each text is a verbatim copy of the file named in
// its comment (public GitHub copies of the Hugging Face config.json, with commit and path);
// two are built from the defaults a transformers config class documents, and say so.
#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <string>

#include "catalog_load.hpp"
#include "catalog_write.hpp"
#include "hf_config.hpp"
#include "memory.hpp"
#include "params.hpp"

using namespace cardfit;

namespace {

// [SECTION] Config texts

// openai/gpt-oss-20b config.json, verbatim copy in ai-dynamo/aiconfigurator @095f58a5
// aic-core/src/aiconfigurator_core/model_configs/openai--gpt-oss-20b_config.json
const char* const kGptOss20b = R"json({
  "architectures": [
    "GptOssForCausalLM"
  ],
  "attention_bias": true,
  "attention_dropout": 0.0,
  "eos_token_id": 200002,
  "experts_per_token": 4,
  "head_dim": 64,
  "hidden_act": "silu",
  "hidden_size": 2880,
  "initial_context_length": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 2880,
  "layer_types": [
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention"
  ],
  "max_position_embeddings": 131072,
  "model_type": "gpt_oss",
  "num_attention_heads": 64,
  "num_experts_per_tok": 4,
  "num_hidden_layers": 24,
  "num_key_value_heads": 8,
  "num_local_experts": 32,
  "output_router_logits": false,
  "pad_token_id": 199999,
  "quantization_config": {
    "modules_to_not_convert": [
      "model.layers.*.self_attn",
      "model.layers.*.mlp.router",
      "model.embed_tokens",
      "lm_head"
    ],
    "quant_method": "mxfp4"
  },
  "rms_norm_eps": 1e-05,
  "rope_scaling": {
    "beta_fast": 32.0,
    "beta_slow": 1.0,
    "factor": 32.0,
    "original_max_position_embeddings": 4096,
    "rope_type": "yarn",
    "truncate": false
  },
  "rope_theta": 150000,
  "router_aux_loss_coef": 0.9,
  "sliding_window": 128,
  "swiglu_limit": 7.0,
  "tie_word_embeddings": false,
  "transformers_version": "4.55.0.dev0",
  "use_cache": true,
  "vocab_size": 201088
})json";

// openai/gpt-oss-120b config.json, verbatim copy in ai-dynamo/aiconfigurator @095f58a5
// aic-core/src/aiconfigurator_core/model_configs/openai--gpt-oss-120b_config.json
const char* const kGptOss120b = R"json({
  "architectures": [
    "GptOssForCausalLM"
  ],
  "attention_bias": true,
  "attention_dropout": 0.0,
  "eos_token_id": 200002,
  "experts_per_token": 4,
  "head_dim": 64,
  "hidden_act": "silu",
  "hidden_size": 2880,
  "initial_context_length": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 2880,
  "layer_types": [
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention",
    "sliding_attention",
    "full_attention"
  ],
  "max_position_embeddings": 131072,
  "model_type": "gpt_oss",
  "num_attention_heads": 64,
  "num_experts_per_tok": 4,
  "num_hidden_layers": 36,
  "num_key_value_heads": 8,
  "num_local_experts": 128,
  "output_router_logits": false,
  "pad_token_id": 199999,
  "quantization_config": {
    "modules_to_not_convert": [
      "model.layers.*.self_attn",
      "model.layers.*.mlp.router",
      "model.embed_tokens",
      "lm_head"
    ],
    "quant_method": "mxfp4"
  },
  "rms_norm_eps": 1e-05,
  "rope_scaling": {
    "beta_fast": 32.0,
    "beta_slow": 1.0,
    "factor": 32.0,
    "original_max_position_embeddings": 4096,
    "rope_type": "yarn",
    "truncate": false
  },
  "rope_theta": 150000,
  "router_aux_loss_coef": 0.9,
  "sliding_window": 128,
  "swiglu_limit": 7.0,
  "tie_word_embeddings": false,
  "transformers_version": "4.55.0.dev0",
  "use_cache": true,
  "vocab_size": 201088
})json";

// moonshotai/Kimi-K2-Instruct config.json, verbatim copy in ai-dynamo/aiconfigurator @095f58a5
// aic-core/src/aiconfigurator_core/model_configs/moonshotai--Kimi-K2-Instruct_config.json
const char* const kKimiK2 = R"json({
  "architectures": [
    "DeepseekV3ForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "auto_map": {
    "AutoConfig": "configuration_deepseek.DeepseekV3Config",
    "AutoModel": "modeling_deepseek.DeepseekV3Model",
    "AutoModelForCausalLM": "modeling_deepseek.DeepseekV3ForCausalLM"
  },
  "aux_loss_alpha": 0.001,
  "bos_token_id": 163584,
  "eos_token_id": 163585,
  "first_k_dense_replace": 1,
  "hidden_act": "silu",
  "hidden_size": 7168,
  "initializer_range": 0.02,
  "intermediate_size": 18432,
  "kv_lora_rank": 512,
  "max_position_embeddings": 131072,
  "model_type": "kimi_k2",
  "moe_intermediate_size": 2048,
  "moe_layer_freq": 1,
  "n_group": 1,
  "n_routed_experts": 384,
  "n_shared_experts": 1,
  "norm_topk_prob": true,
  "num_attention_heads": 64,
  "num_experts_per_tok": 8,
  "num_hidden_layers": 61,
  "num_key_value_heads": 64,
  "num_nextn_predict_layers": 0,
  "pretraining_tp": 1,
  "q_lora_rank": 1536,
  "qk_nope_head_dim": 128,
  "qk_rope_head_dim": 64,
  "quantization_config": {
    "activation_scheme": "dynamic",
    "fmt": "e4m3",
    "quant_method": "fp8",
    "weight_block_size": [
      128,
      128
    ]
  },
  "rms_norm_eps": 1e-06,
  "rope_theta": 50000.0,
  "routed_scaling_factor": 2.827,
  "rope_scaling": {
    "beta_fast": 1.0,
    "beta_slow": 1.0,
    "factor": 32.0,
    "mscale": 1.0,
    "mscale_all_dim": 1.0,
    "original_max_position_embeddings": 4096,
    "type": "yarn"
  },
  "scoring_func": "sigmoid",
  "seq_aux": true,
  "tie_word_embeddings": false,
  "topk_group": 1,
  "topk_method": "noaux_tc",
  "torch_dtype": "bfloat16",
  "transformers_version": "4.48.3",
  "use_cache": true,
  "v_head_dim": 128,
  "vocab_size": 163840
})json";

// zai-org/GLM-4.5 config.json, verbatim copy in alibaba/rtp-llm @4b8d39cd
// rtp_llm/test/model_test/fake_test/testdata/glm45/tokenizer/config.json
const char* const kGlm45 = R"json({
  "architectures": [
    "Glm4MoeForCausalLM"
  ],
  "attention_bias": true,
  "attention_dropout": 0.0,
  "pad_token_id": 151329,
  "eos_token_id": [
    151329,
    151336,
    151338
  ],
  "head_dim": 128,
  "hidden_act": "silu",
  "hidden_size": 5120,
  "partial_rotary_factor": 0.5,
  "initializer_range": 0.02,
  "intermediate_size": 12288,
  "max_position_embeddings": 131072,
  "model_type": "glm4_moe",
  "moe_intermediate_size": 1536,
  "norm_topk_prob": true,
  "num_attention_heads": 96,
  "n_group": 1,
  "topk_group": 1,
  "n_routed_experts": 160,
  "n_shared_experts": 1,
  "routed_scaling_factor": 2.5,
  "num_experts_per_tok": 8,
  "first_k_dense_replace": 3,
  "num_hidden_layers": 92,
  "num_key_value_heads": 8,
  "rms_norm_eps": 1e-05,
  "rope_scaling": null,
  "rope_theta": 1000000,
  "num_nextn_predict_layers": 1,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.54.0",
  "use_cache": true,
  "use_qk_norm": true,
  "vocab_size": 151552
})json";

// Qwen/Qwen3-Coder-480B-A35B-Instruct config.json, verbatim copy in ai-dynamo/aiconfigurator @095f58a5
// aic-core/src/aiconfigurator_core/model_configs/Qwen--Qwen3-Coder-480B-A35B-Instruct_config.json
const char* const kQwen3Coder480b = R"json({
  "architectures": [
    "Qwen3MoeForCausalLM"
  ],
  "attention_dropout": 0.0,
  "decoder_sparse_step": 1,
  "eos_token_id": 151645,
  "head_dim": 128,
  "hidden_act": "silu",
  "hidden_size": 6144,
  "initializer_range": 0.02,
  "intermediate_size": 8192,
  "max_position_embeddings": 262144,
  "max_window_layers": 62,
  "mlp_only_layers": [],
  "model_type": "qwen3_moe",
  "moe_intermediate_size": 2560,
  "norm_topk_prob": true,
  "num_attention_heads": 96,
  "num_experts": 160,
  "num_experts_per_tok": 8,
  "num_hidden_layers": 62,
  "num_key_value_heads": 8,
  "output_router_logits": false,
  "qkv_bias": false,
  "rms_norm_eps": 1e-06,
  "rope_scaling": null,
  "rope_theta": 10000000,
  "router_aux_loss_coef": 0.0,
  "shared_expert_intermediate_size": 0,
  "sliding_window": null,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.51.0",
  "use_cache": true,
  "use_qk_norm": true,
  "use_sliding_window": false,
  "vocab_size": 151936
})json";

// meta-llama/Llama-4-Scout-17B-16E-Instruct config.json, copy in ai-dynamo/aiconfigurator @095f58a5
// (abridged there: text_config only, no vision_config, no no_rope_layers)
// aic-core/src/aiconfigurator_core/model_configs/meta-llama--Llama-4-Scout-17B-16E-Instruct_config.json
const char* const kLlama4Scout = R"json({
  "architectures": [
    "Llama4ForConditionalGeneration"
  ],
  "model_type": "llama4",
  "text_config": {
    "attention_bias": false,
    "attention_chunk_size": 8192,
    "attention_dropout": 0.0,
    "head_dim": 128,
    "hidden_act": "silu",
    "hidden_size": 5120,
    "interleave_moe_layer_step": 1,
    "intermediate_size": 8192,
    "intermediate_size_mlp": 16384,
    "max_position_embeddings": 10485760,
    "model_type": "llama4_text",
    "num_attention_heads": 40,
    "num_experts_per_tok": 1,
    "num_hidden_layers": 48,
    "num_key_value_heads": 8,
    "num_local_experts": 16,
    "output_router_logits": false,
    "rms_norm_eps": 1e-05,
    "rope_scaling": {
      "factor": 16.0,
      "high_freq_factor": 1.0,
      "low_freq_factor": 1.0,
      "original_max_position_embeddings": 8192,
      "rope_type": "llama3"
    },
    "rope_theta": 500000.0,
    "router_aux_loss_coef": 0.001,
    "torch_dtype": "bfloat16",
    "use_cache": true,
    "use_qk_norm": true,
    "vocab_size": 202048
  },
  "torch_dtype": "bfloat16",
  "transformers_version": "4.51.0.dev0"
})json";

// meta-llama/Llama-4-Maverick-17B-128E-Instruct config.json, copy in ai-dynamo/aiconfigurator @095f58a5 (abridged as Scout)
// aic-core/src/aiconfigurator_core/model_configs/meta-llama--Llama-4-Maverick-17B-128E-Instruct_config.json
const char* const kLlama4Maverick = R"json({
  "architectures": [
    "Llama4ForConditionalGeneration"
  ],
  "model_type": "llama4",
  "text_config": {
    "attention_bias": false,
    "attention_chunk_size": 8192,
    "attention_dropout": 0.0,
    "head_dim": 128,
    "hidden_act": "silu",
    "hidden_size": 5120,
    "interleave_moe_layer_step": 2,
    "intermediate_size": 8192,
    "intermediate_size_mlp": 16384,
    "max_position_embeddings": 1048576,
    "model_type": "llama4_text",
    "num_attention_heads": 40,
    "num_experts_per_tok": 1,
    "num_hidden_layers": 48,
    "num_key_value_heads": 8,
    "num_local_experts": 128,
    "output_router_logits": false,
    "rms_norm_eps": 1e-05,
    "rope_scaling": null,
    "rope_theta": 500000.0,
    "router_aux_loss_coef": 0.001,
    "torch_dtype": "bfloat16",
    "use_cache": true,
    "use_qk_norm": false,
    "vocab_size": 202048
  },
  "torch_dtype": "bfloat16",
  "transformers_version": "4.51.0.dev0"
})json";

// deepseek-ai/DeepSeek-V3.1 config.json, verbatim copy in bytedance/xpu-perf @71a12101
// projects/xpu_oj/llm_sim/model_zoo/deepseek-v3/DeepSeek-V3.1/config.json
const char* const kDeepseekV31 = R"json({
  "architectures": [
    "DeepseekV3ForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "auto_map": {
    "AutoConfig": "configuration_deepseek.DeepseekV3Config",
    "AutoModel": "modeling_deepseek.DeepseekV3Model",
    "AutoModelForCausalLM": "modeling_deepseek.DeepseekV3ForCausalLM"
  },
  "bos_token_id": 0,
  "eos_token_id": 1,
  "ep_size": 1,
  "first_k_dense_replace": 3,
  "hidden_act": "silu",
  "hidden_size": 7168,
  "initializer_range": 0.02,
  "intermediate_size": 18432,
  "kv_lora_rank": 512,
  "max_position_embeddings": 163840,
  "model_type": "deepseek_v3",
  "moe_intermediate_size": 2048,
  "moe_layer_freq": 1,
  "n_group": 8,
  "n_routed_experts": 256,
  "n_shared_experts": 1,
  "norm_topk_prob": true,
  "num_attention_heads": 128,
  "num_experts_per_tok": 8,
  "num_hidden_layers": 61,
  "num_key_value_heads": 128,
  "num_nextn_predict_layers": 1,
  "q_lora_rank": 1536,
  "qk_nope_head_dim": 128,
  "qk_rope_head_dim": 64,
  "quantization_config": {
    "activation_scheme": "dynamic",
    "fmt": "e4m3",
    "quant_method": "fp8",
    "weight_block_size": [
      128,
      128
    ],
    "scale_fmt": "ue8m0"
  },
  "rms_norm_eps": 1e-06,
  "rope_scaling": {
    "beta_fast": 32,
    "beta_slow": 1,
    "factor": 40,
    "mscale": 1.0,
    "mscale_all_dim": 1.0,
    "original_max_position_embeddings": 4096,
    "type": "yarn"
  },
  "rope_theta": 10000,
  "routed_scaling_factor": 2.5,
  "scoring_func": "sigmoid",
  "tie_word_embeddings": false,
  "topk_group": 4,
  "topk_method": "noaux_tc",
  "torch_dtype": "bfloat16",
  "transformers_version": "4.44.2",
  "use_cache": true,
  "v_head_dim": 128,
  "vocab_size": 129280
})json";

// deepseek-ai/DeepSeek-V3.2 config.json (model_type deepseek_v32, the V3.2-Exp network), verbatim copy in
// ai-dynamo/aiconfigurator @095f58a5 aic-core/src/aiconfigurator_core/model_configs/deepseek-ai--DeepSeek-V3.2_config.json
const char* const kDeepseekV32 = R"json({
  "architectures": [
    "DeepseekV32ForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "bos_token_id": 0,
  "eos_token_id": 1,
  "ep_size": 1,
  "first_k_dense_replace": 3,
  "hidden_act": "silu",
  "hidden_size": 7168,
  "index_head_dim": 128,
  "index_n_heads": 64,
  "index_topk": 2048,
  "initializer_range": 0.02,
  "intermediate_size": 18432,
  "kv_lora_rank": 512,
  "max_position_embeddings": 163840,
  "model_type": "deepseek_v32",
  "moe_intermediate_size": 2048,
  "moe_layer_freq": 1,
  "n_group": 8,
  "n_routed_experts": 256,
  "n_shared_experts": 1,
  "norm_topk_prob": true,
  "num_attention_heads": 128,
  "num_experts_per_tok": 8,
  "num_hidden_layers": 61,
  "num_key_value_heads": 128,
  "num_nextn_predict_layers": 1,
  "q_lora_rank": 1536,
  "qk_nope_head_dim": 128,
  "qk_rope_head_dim": 64,
  "quantization_config": {
    "activation_scheme": "dynamic",
    "fmt": "e4m3",
    "quant_method": "fp8",
    "scale_fmt": "ue8m0",
    "weight_block_size": [
      128,
      128
    ]
  },
  "rms_norm_eps": 1e-06,
  "rope_scaling": {
    "beta_fast": 32,
    "beta_slow": 1,
    "factor": 40,
    "mscale": 1.0,
    "mscale_all_dim": 1.0,
    "original_max_position_embeddings": 4096,
    "type": "yarn"
  },
  "rope_theta": 10000,
  "routed_scaling_factor": 2.5,
  "scoring_func": "sigmoid",
  "tie_word_embeddings": false,
  "topk_group": 4,
  "topk_method": "noaux_tc",
  "torch_dtype": "bfloat16",
  "transformers_version": "4.44.2",
  "use_cache": true,
  "v_head_dim": 128,
  "vocab_size": 129280
})json";

// ByteDance-Seed/Seed-OSS-36B-Instruct config.json, verbatim copy in bytedance/xpu-perf @71a12101
// projects/xpu_oj/llm_sim/model_zoo/seed_oss/seed-oss-36b/config.json
const char* const kSeedOss36b = R"json({
  "architectures": [
    "SeedOssForCausalLM"
  ],
  "attention_bias": true,
  "attention_dropout": 0.1,
  "attention_out_bias": false,
  "bos_token_id": 0,
  "pad_token_id": 1,
  "eos_token_id": 2,
  "head_dim": 128,
  "hidden_act": "silu",
  "hidden_size": 5120,
  "initializer_range": 0.02,
  "intermediate_size": 27648,
  "max_position_embeddings": 524288,
  "mlp_bias": false,
  "model_type": "seed_oss",
  "num_attention_heads": 80,
  "num_hidden_layers": 64,
  "num_key_value_heads": 8,
  "residual_dropout": 0.1,
  "rms_norm_eps": 1e-06,
  "rope_scaling": {
    "rope_type": "default"
  },
  "rope_theta": 10000000.0,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.55.0",
  "use_cache": true,
  "vocab_size": 155136
})json";

// Tencent-Hunyuan/Hunyuan-A13B @2798f3c8 models/config.json (the official repository's copy)
const char* const kHunyuanA13b = R"json({
  "add_classification_head": false,
  "anyres_pooling_size": 2,
  "anyres_vit_max_image_size": null,
  "anyres_vit_two_views": false,
  "architectures": [
    "HunYuanMoEV1ForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.1,
  "attention_head_dim": 128,
  "auto_map": {
    "AutoConfig": "configuration_hunyuan.HunYuanConfig",
    "AutoModel": "hunyuan.HunYuanModel",
    "AutoModelForCausalLM": "hunyuan.HunYuanMoEV1ForCausalLM"
  },
  "bos_token_id": 1,
  "cla_share_factor": 2,
  "class_num": 0,
  "dense_list": [
    4096,
    0
  ],
  "eod_token_id": 127967,
  "eos_token_id": 127960,
  "group_limited_greedy": false,
  "hidden_act": "silu",
  "hidden_size": 4096,
  "im_end_id": 6,
  "im_newline_id": 12,
  "im_start_id": 5,
  "image_token_id": 9,
  "initializer_range": 0.02,
  "intermediate_size": 3072,
  "kv_lora_rank": null,
  "mask_init_id": 13,
  "max_position_embeddings": 32768,
  "mlp_bias": false,
  "model_type": "hunyuan",
  "moe_drop_tokens": false,
  "moe_intermediate_size": [
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072,
    3072
  ],
  "moe_layer_num_skipped": 0,
  "moe_random_routing_dropped_token": false,
  "moe_topk": [
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8,
    8
  ],
  "n_group": null,
  "norm_topk_prob": true,
  "norm_type": "rms",
  "num_attention_heads": 32,
  "num_experts": 64,
  "num_hidden_layers": 32,
  "num_key_value_heads": 8,
  "num_media_embeds": 257,
  "num_shared_expert": [
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1
  ],
  "org_vocab_size": 128167,
  "pad_id": 127961,
  "pad_token_id": 127961,
  "pool_type": "last",
  "position_embedding_xdrope": false,
  "pretraining_tp": 1,
  "q_lora_rank": null,
  "qk_nope_head_dim": null,
  "qk_rope_head_dim": null,
  "rms_norm_eps": 1e-05,
  "rope_scaling": {
    "alpha": 1000.0,
    "beta_fast": 32,
    "beta_slow": 1,
    "factor": 1.0,
    "mscale": 1.0,
    "mscale_all_dim": 1.0,
    "type": "dynamic"
  },
  "rope_theta": 10000.0,
  "routed_scaling_factor": 1.0,
  "sep_token_id": 127962,
  "skip_cls_token": false,
  "text_end_id": 8,
  "text_start_id": 7,
  "tie_word_embeddings": true,
  "topk_group": null,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.41.2",
  "use_cache": true,
  "use_cla": false,
  "use_mixed_mlp_moe": true,
  "use_mla": false,
  "use_qk_norm": true,
  "use_rotary_pos_emb": true,
  "v_head_dim": null,
  "video_end_id": 11,
  "video_start_id": 10,
  "vit_add_patchemb_bias": false,
  "vit_input_resolution": 224,
  "vit_mapping_type": "resampler",
  "vit_norm_type": "fused",
  "vit_patch": 1,
  "vit_path": null,
  "vit_remove_prenorm": false,
  "vit_token": 64,
  "vit_type": null,
  "vit_used_rms_norm": false,
  "vocab_size": 128167,
  "xdrope_section": null
})json";

// Qwen/Qwen3-Next-80B-A3B-Instruct config.json as a Python dict in AI-Hypercomputer/maxtext @e591f30
// src/maxtext/checkpoint_conversion/utils/hf_model_configs.py (qwen3_next_80b_a3b_dict), turned into JSON, values unchanged
const char* const kQwen3Next80b = R"json({
  "architectures": [
    "Qwen3NextForCausalLM"
  ],
  "attention_dropout": 0.0,
  "bos_token_id": 151643,
  "decoder_sparse_step": 1,
  "eos_token_id": 151645,
  "full_attention_interval": 4,
  "head_dim": 256,
  "hidden_act": "silu",
  "hidden_size": 2048,
  "initializer_range": 0.02,
  "intermediate_size": 5120,
  "linear_conv_kernel_dim": 4,
  "linear_key_head_dim": 128,
  "linear_num_key_heads": 16,
  "linear_num_value_heads": 32,
  "linear_value_head_dim": 128,
  "max_position_embeddings": 262144,
  "mlp_only_layers": [],
  "model_type": "qwen3_next",
  "moe_intermediate_size": 512,
  "norm_topk_prob": true,
  "num_attention_heads": 16,
  "num_experts": 512,
  "num_experts_per_tok": 10,
  "num_hidden_layers": 48,
  "num_key_value_heads": 2,
  "output_router_logits": false,
  "partial_rotary_factor": 0.25,
  "rms_norm_eps": 1e-06,
  "rope_scaling": null,
  "rope_theta": 10000000,
  "router_aux_loss_coef": 0.001,
  "shared_expert_intermediate_size": 512,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.57.0.dev0",
  "use_cache": true,
  "vocab_size": 151936
})json";

// MiniMaxAI/MiniMax-M2.5 config.json, copy in ai-dynamo/aiconfigurator @095f58a5 (abridged there);
// M2 and M2.5 share one architecture (MiniMax-M2 README, Megatron-Bridge minimax_m2_bridge.py)
// aic-core/src/aiconfigurator_core/model_configs/MiniMaxAI--MiniMax-M2.5_config.json
const char* const kMinimaxM25 = R"json({
  "architectures": [
    "MiniMaxM2ForCausalLM"
  ],
  "model_type": "minimax_m2",
  "num_hidden_layers": 62,
  "hidden_size": 3072,
  "num_attention_heads": 48,
  "num_key_value_heads": 8,
  "head_dim": 128,
  "intermediate_size": 1536,
  "vocab_size": 200064,
  "num_experts_per_tok": 8,
  "num_local_experts": 256,
  "max_position_embeddings": 196608,
  "rope_theta": 5000000,
  "rotary_dim": 64,
  "hidden_act": "silu",
  "rms_norm_eps": 1e-06,
  "use_cache": true,
  "tie_word_embeddings": false,
  "use_qk_norm": true,
  "qk_norm_type": "per_layer",
  "use_routing_bias": true,
  "use_mtp": true,
  "mtp_transformer_layers": 1,
  "num_mtp_modules": 3,
  "shared_intermediate_size": 0,
  "scoring_func": "sigmoid",
  "quantization_config": {
    "quant_method": "fp8",
    "fmt": "float8_e4m3fn",
    "activation_scheme": "dynamic",
    "weight_block_size": [128, 128],
    "modules_to_not_convert": ["gate", "e_score_correction_bias", "lm_head"]
  },
  "auto_map": {
    "AutoConfig": "configuration_minimax_m2.MiniMaxM2Config",
    "AutoModelForCausalLM": "modeling_minimax_m2.MiniMaxM2ForCausalLM"
  },
  "transformers_version": "4.46.1"
})json";

// Built from the defaults of transformers' Ernie4_5_MoeConfig, which its docstring says describe
// baidu/ERNIE-4.5-21B-A3B-PT (huggingface/transformers @001f85b
// src/transformers/models/ernie4_5_moe/configuration_ernie4_5_moe.py). Not a copy of a file.
const char* const kErnie45_21b = R"json({
  "architectures": ["Ernie4_5_MoeForCausalLM"], "model_type": "ernie4_5_moe", "vocab_size": 103424,
  "hidden_size": 2560, "intermediate_size": 12288, "num_hidden_layers": 28, "num_attention_heads": 20,
  "num_key_value_heads": 4, "hidden_act": "silu", "max_position_embeddings": 131072, "rms_norm_eps": 1e-05,
  "use_cache": true, "tie_word_embeddings": true, "use_bias": false, "moe_intermediate_size": 1536,
  "moe_k": 6, "moe_num_experts": 64, "moe_num_shared_experts": 2, "moe_layer_start_index": 1,
  "moe_layer_end_index": -1, "moe_layer_interval": 1})json";

// Built from the defaults of transformers' Mistral3Config (text_config = the Mistral decoder it
// documents as Mistral-Small-3.1-24B-Instruct-2503; vision_config = its Pixtral defaults)
// (huggingface/transformers @0db25542 src/transformers/models/mistral3/configuration_mistral3.py).
const char* const kMistralSmall31 = R"json({
  "architectures": ["Mistral3ForConditionalGeneration"], "model_type": "mistral3",
  "text_config": {"attention_dropout": 0.0, "head_dim": 128, "hidden_act": "silu", "hidden_size": 5120,
    "initializer_range": 0.02, "intermediate_size": 32768, "max_position_embeddings": 131072,
    "model_type": "mistral", "num_attention_heads": 32, "num_hidden_layers": 40, "num_key_value_heads": 8,
    "rms_norm_eps": 1e-05, "rope_theta": 1000000000.0, "sliding_window": null, "use_cache": true,
    "vocab_size": 131072},
  "vision_config": {"intermediate_size": 4096, "hidden_size": 1024, "patch_size": 14, "image_size": 1540,
    "num_hidden_layers": 24, "num_attention_heads": 16, "vocab_size": 32000, "head_dim": 64, "hidden_act": "gelu"}})json";

bool has_error(const std::vector<Issue>& issues, const std::string& field, const std::string& part) {
  for (const Issue& i : issues) {
    if (i.field == field && test::en(i.message).find(part) != std::string::npos) return true;
  }
  return false;
}

std::string notes_of(const ImportedModel& r) {
  std::string s;
  for (const Message& n : r.notes) s += test::en(n) + "; ";
  return s;
}


}  // namespace

TEST_CASE("2026 config.json files import to the catalog's architecture", "[hf_config]") {
  const struct {
    const char* config;
    const char* catalog_id;
    bool same_extra;  // false: a vision tower cardfit does not count on import (Llama 4, Mistral 3)
  } rows[] = {
      {kGptOss20b, "gpt-oss-20b", true},
      {kGptOss120b, "gpt-oss-120b", true},
      {kKimiK2, "kimi-k2", true},
      {kGlm45, "glm-4.5", true},
      {kQwen3Coder480b, "qwen3-coder-480b-a35b", true},
      {kLlama4Scout, "llama-4-scout", false},
      {kLlama4Maverick, "llama-4-maverick", false},
      {kDeepseekV31, "deepseek-v3.1", true},
      {kDeepseekV32, "deepseek-v3.2-exp", true},
      {kDeepseekV32, "deepseek-v3.2", true},  // the final V3.2: the same config.json
      {kSeedOss36b, "seed-oss-36b", true},
      {kHunyuanA13b, "hunyuan-a13b", true},
      {kQwen3Next80b, "qwen3-next-80b-a3b", true},
      {kMinimaxM25, "minimax-m2", true},
      {kErnie45_21b, "ernie-4.5-21b-a3b", true},
      {kMistralSmall31, "mistral-small-3.1-24b", false},
  };
  for (const auto& row : rows) {
    INFO(row.catalog_id);
    const Result<ImportedModel> r = import_hf_config(row.config, row.catalog_id);
    INFO(test::all_errors(r.errors));
    REQUIRE(r.ok());
    const Model* want = test::catalog().find_model(row.catalog_id);
    REQUIRE(want != nullptr);
    test::check_same_architecture(r.value->model, *want, row.same_extra);
    CHECK(r.value->model.source == std::string("config-") + row.catalog_id);
    CHECK(r.value->source.id == r.value->model.source);
    CHECK(r.value->source.kind == SourceKind::Config);
    CHECK(r.value->source.date.empty());  // the caller dates it
  }
}

TEST_CASE("2026 imports say what they read", "[hf_config]") {
  const Result<ImportedModel> oss = import_hf_config(kGptOss20b, "oss");
  REQUIRE(oss.ok());
  CHECK(notes_of(*oss.value).find("MXFP4") != std::string::npos);
  CHECK(oss.value->source.url.empty());  // the copy names no repository (_name_or_path)

  const Result<ImportedModel> next = import_hf_config(kQwen3Next80b, "next");
  REQUIRE(next.ok());
  CHECK(notes_of(*next.value).find("36 of 48 layers are linear attention") != std::string::npos);
  CHECK(notes_of(*next.value).find("output gate") != std::string::npos);

  const Result<ImportedModel> scout = import_hf_config(kLlama4Scout, "scout");
  REQUIRE(scout.ok());
  CHECK(notes_of(*scout.value).find("36 of 48 layers use chunked attention (8192-token chunks") != std::string::npos);
  CHECK(notes_of(*scout.value).find("weightless L2 norm") != std::string::npos);
  CHECK(scout.value->model.max_context == 10485760);  // above the old 10,000,000 bound

  const Result<ImportedModel> v32 = import_hf_config(kDeepseekV32, "v32");
  REQUIRE(v32.ok());
  CHECK(notes_of(*v32.value).find("top 2048") != std::string::npos);

  const Result<ImportedModel> mistral = import_hf_config(kMistralSmall31, "m");
  REQUIRE(mistral.ok());
  CHECK(notes_of(*mistral.value).find("no formula for this vision tower") != std::string::npos);
  CHECK(mistral.value->source.title == "config.json (no repository named in it)");
}

TEST_CASE("Hunyuan's per-layer lists must hold one value", "[hf_config][errors]") {
  std::string config = kHunyuanA13b;
  const std::size_t at = config.find("\"moe_topk\"");
  REQUIRE(at != std::string::npos);
  const std::size_t first = config.find('8', at);
  config.replace(first, 1, "6");  // layer 0 routes to 6 experts, the others to 8
  const Result<ImportedModel> r = import_hf_config(config, "h");
  REQUIRE_FALSE(r.ok());
  CHECK(has_error(r.errors, "config.json: moe_topk", "per-layer values differ"));
}

TEST_CASE("an imported 2026 model and its source load as an overlay", "[hf_config]") {
  const Result<ImportedModel> r = import_hf_config(kQwen3Next80b, "my-next");
  REQUIRE(r.ok());
  Catalog one;
  Model m = r.value->model;
  m.as_of = "2026-11-30";
  Source s = r.value->source;
  s.date = "2026-11-30";
  one.models.push_back(m);
  one.sources.push_back(s);
  const Result<Catalog> merged = apply_overlay(test::catalog(), CatalogFile{"import.json", catalog_to_json(one)});
  INFO(test::all_errors(merged.errors));
  REQUIRE(merged.ok());
  // The hybrid model keeps a KV cache on 12 layers only, plus a fixed state per sequence.
  const Model* loaded = merged.value->find_model("my-next");
  REQUIRE(loaded != nullptr);
  CHECK(kv_shape(*loaded, 16).full_layers == 12);
  // Without its source the overlay is refused, naming the id.
  Catalog bare;
  bare.models.push_back(m);
  const Result<Catalog> refused = apply_overlay(test::catalog(), CatalogFile{"import.json", catalog_to_json(bare)});
  REQUIRE_FALSE(refused.ok());
  CHECK(has_error(refused.errors, "import.json: models[0].source", "unknown source 'config-my-next'"));
}
