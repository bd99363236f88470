// Custom models: a Hugging Face config.json text, or a bare parameter count, turned into a
// catalog Model. Shapes come from the config, never from the model's marketing name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "message.hpp"
#include "result.hpp"

namespace cardfit {

// A model read from a config.json or made from a parameter count, with what was assumed or
// derived on the way (shown next to the figures).
struct ImportedModel {
  Model model;
  std::vector<Message> notes;
  // What model.source cites: "config-<id>", the config.json read (repository, Hugging Face
  // address). Empty id for a model made from a parameter count (it cites "cardfit"). Its date
  // is EMPTY: the caller dates it with as_of. An overlay holding the model holds this too.
  Source source;
};

// model_type values import_hf_config understands (config.json "model_type").
const std::vector<std::string>& supported_hf_model_types();

// Reads a config.json: llama, mistral, mixtral, qwen2, qwen2_moe, qwen3, qwen3_moe, phi3,
// gemma2, gemma3 / gemma3_text (text_config nested), deepseek_v2, deepseek_v3, chatglm
// (ChatGLM3 / GLM-4: num_layers, ffn_hidden_size, multi_query_group_num, kv_channels,
// padded_vocab_size, seq_length, add_qkv_bias), glm, qwen2_5_vl, and the 2026 families:
// - gpt_oss: num_local_experts, num_experts_per_tok (or experts_per_token), layer_types for
//   the sliding layers; quantization_config mxfp4 is named in `notes`;
// - kimi_k2, deepseek_v32 (DeepSeek path; index_n_heads / index_head_dim / index_topk give
//   the sparse-attention indexer, its key FP8 + FP32 scale per 128 = 8.25 bits), glm4_moe
//   (DeepSeek-style MoE keys, use_qk_norm);
// - qwen3_next: linear_* keys and full_attention_interval (or layer_types) for the Gated
//   DeltaNet layers, attn_output_gate (default true), shared_expert_intermediate_size;
// - llama4 (text_config): interleave_moe_layer_step, intermediate_size_mlp for dense layers,
//   one shared expert, attention_chunk_size on the RoPE layers (no_rope_layers, or 3 of 4);
// - ernie4_5_moe (moe_num_experts, moe_k, moe_num_shared_experts, moe_layer_start_index /
//   end_index / interval), minimax_m2, minimax_m3 (sparse_attention_config: the block-sparse
//   layers' BF16 index keys as indexer.layers; moe_layer_freq, dense_intermediate_size), hunyuan / hunyuan_v1_moe (attention_head_dim;
//   per-layer lists moe_topk, moe_intermediate_size, num_shared_expert must be uniform),
//   seed_oss, mistral3 (text_config; the Pixtral tower is not counted, `notes` says so).
// - head_dim is read when present; otherwise hidden_size / num_attention_heads, as
//   transformers does (MLA: qk_nope_head_dim + qk_rope_head_dim), and an error when that
//   does not divide evenly. Said in `notes`.
// - Keys that transformers defaults (num_key_value_heads = heads, tie_word_embeddings,
//   Gemma 3's vocab_size / max_position_embeddings / sliding_window_pattern) take that
//   default, and `notes` says so. Any other missing key is an error naming it.
// - Vision towers (gemma3 SigLIP, qwen2_5_vl ViT + merger) are counted from vision_config
//   into extra_params.
// `id` must be a catalog id (lowercase [a-z0-9._-]). The model cites source "config-<id>"
// (ImportedModel::source) and has an EMPTY as_of: the caller fills in the dates (the core
// has no clock). Invalid JSON or UTF-8 is an error, never a crash.
Result<ImportedModel> import_hf_config(std::string_view config_json_text, std::string_view id);

// A model known only by its parameter count (e.g. 7e9 for "7B"), with an ASSUMED
// Llama-like architecture (assumed_architecture = true; notes explain it):
// - layers and hidden size from the nearest (in log params) of `references` (the catalog's
//   models: Catalog::models) that is a dense text model with a published parameter count,
//   full attention only and a hidden size the head size below divides; the first in
//   catalog order wins a tie. None: an error at "params";
// - head_dim 128 (64 below hidden 2048), heads = hidden / head_dim, GQA with the largest
//   divisor of heads <= 8 as KV heads, vocab 128256 (Llama 3), context 131072, no biases,
//   embeddings tied below hidden 4096 (as Llama 3.2 1B/3B);
// - intermediate_size solved so that count_params() matches `params` (rounded to a
//   multiple of 256, kept within [hidden, 8 x hidden]).
// `params` must be within the input table's bounds of "params" (a count, not billions). as_of is left empty.
Result<ImportedModel> model_from_param_count(double params, std::string_view id, const std::vector<Model>& references);

}  // namespace cardfit
