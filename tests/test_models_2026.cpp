// The late-2026 open models (issue 26): their config.json files (tests/fixtures/
// hf-configs-2026.json, compiled in) imported and compared with the bundled catalog entries,
// the attention types the engines allocate for them with bytes worked out by hand from the
// engines' allocation code, and the shapes cardfit refuses rather than miscount.
#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

#include "catalog_load.hpp"
#include "catalog_write.hpp"
#include "hf_config.hpp"
#include "estimate.hpp"
#include "launch.hpp"
#include "memory.hpp"
#include "params.hpp"
#include "speed.hpp"
#include "url_state.hpp"
#include "weights.hpp"

namespace cardfit::embedded {
std::string_view hf_configs_2026();  // tests/fixtures/hf-configs-2026.json
}

using namespace cardfit;

namespace {

// One config.json from the fixture, as text (the file name in ai-dynamo/aiconfigurator's
// model_configs/ is the key).
std::string config_text(const char* key) {
  static const nlohmann::json all = nlohmann::json::parse(embedded::hf_configs_2026());
  REQUIRE(all.contains(key));
  return all.at(key).dump();
}

const Model& bundled(const char* id) {
  const Model* m = test::catalog().find_model(id);
  REQUIRE(m != nullptr);
  return *m;
}

Model imported(const char* key, const char* id) {
  const Result<ImportedModel> r = import_hf_config(config_text(key), id);
  INFO(key << ": " << test::all_errors(r.errors));
  REQUIRE(r.ok());
  return r.value->model;
}

}  // namespace

// [SECTION] One test per attention type, bytes from the engine's allocation code

TEST_CASE("full attention (GQA): vLLM FullAttentionSpec page bytes", "[models2026]") {
  // vllm/v1/kv_cache_interface.py FullAttentionSpec.real_page_size_bytes = block_size x
  // num_kv_heads x (head_size + head_size_v) x dtype size. MiniMax-M2.5: 8 KV heads x
  // (128 + 128) x 2 B = 4,096 B per token per layer, x 62 layers = 253,952 B.
  const Model& m = bundled("minimax-m2.5");
  CHECK(kv_cache_bytes_per_token(m, 16) == 253952);
  CHECK(kv_cache_bytes_per_token(m, 8) == 126976);  // FP8 cache: 1 B per value
  CHECK(state_bytes_per_sequence(m, 16) == 0);
  const KvGroups g = vllm_kv_groups(m);  // one attention type: one group of all 62 layers
  CHECK(g.group_size == 62);
  CHECK(g.full_groups == 1);
  CHECK(g.padding_layers == 0);
}

TEST_CASE("sliding window: vLLM SlidingWindowSpec keeps the window, groups pad", "[models2026]") {
  // SlidingWindowSpec.max_memory_usage_bytes caps a sliding layer at the window (plus the
  // tokens being scheduled); cardfit keeps min(context, window). Step-3.7-Flash: 12 full + 33
  // sliding layers (window 512), 8 KV heads x (128 + 128) x 2 B = 4,096 B per token per layer.
  const Model& m = bundled("step-3.7-flash");
  CHECK(kv_cache_bytes_per_token(m, 16) == 45 * 4096);
  // 131,072 tokens: 12 x 4,096 x 131,072 + 33 x 4,096 x 512 = 6,442,450,944 + 69,206,016.
  CHECK(kv_cache_bytes_per_sequence(m, 16, 131072) == Approx(6511656960.0));
  // _get_kv_cache_groups_uniform_page_size: group_size = min(12, 33) = 12 (33 >= 1.5 x 12);
  // full: 1 group; sliding: ceil(33 / 12) = 3 groups, 36 slots, 3 padding slots.
  const KvGroups g = vllm_kv_groups(m);
  CHECK(g.group_size == 12);
  CHECK(g.full_groups == 1);
  CHECK(g.window_groups == 3);
  CHECK(g.padding_layers == 3);
}

TEST_CASE("MLA: vLLM MLAAttentionSpec caches one latent vector", "[models2026]") {
  // MLAAttentionSpec.real_page_size_bytes = block_size x num_kv_heads (1) x head_size x dtype
  // size, head_size = kv_lora_rank + qk_rope_head_dim = 512 + 64 = 576. Kimi-K2.5:
  // 576 x 2 B = 1,152 B per layer x 61 layers = 70,272 B per token.
  const Model& m = bundled("kimi-k2.5");
  CHECK(kv_cache_bytes_per_token(m, 16) == 70272);
}

TEST_CASE("DSA indexer keys, and GLM-5.2's shared indexer", "[models2026]") {
  // vllm/model_executor/models/deepseek_v2.py DeepseekV32IndexerCache: an MLAAttentionSpec of
  // head_size = index_head_dim + index_head_dim / quant_block_size (128) x 4 = 132 uint8 bytes
  // per token per layer (FP8 key + one FP32 scale). GLM-5: MLA 1,152 B + indexer 132 B on
  // each of 78 layers = 89,856 + 10,296 = 100,152 B per token.
  const Model& glm5 = bundled("glm-5");
  CHECK(kv_cache_bytes_per_token(glm5, 16) == 100152);
  // GLM-5.2 caches indexer keys on the 21 "full" indexer layers only: 89,856 + 21 x 132.
  const Model& glm52 = bundled("glm-5.2");
  CHECK(glm52.indexer.layers == 21);
  CHECK(kv_cache_bytes_per_token(glm52, 16) == 89856 + 21 * 132);
  CHECK(kv_shape(glm52, 16).indexer_layers == 21);
  // The 57 shared layers hold no indexer weights: GLM-5.2 counts 57 indexers fewer than GLM-5
  // (wq_b 2048 x 32 x 128 + wk 6144 x 128 + weights_proj 6144 x 32 + k_norm 2 x 128 each).
  const double per_indexer = 2048.0 * 32 * 128 + 6144.0 * 128 + 6144.0 * 32 + 2 * 128;
  CHECK(static_cast<double>(count_params(glm5).total - count_params(glm52).total) == Approx(57 * per_indexer));
}

TEST_CASE("linear attention: Gated DeltaNet state with a float32 recurrent part", "[models2026]") {
  // vLLM MambaSpec.page_size_bytes = sum(prod(shape) x dtype size) over the state tensors;
  // Gated DeltaNet (mamba_utils.py): conv (conv_kernel - 1, 2 x key_dim + value_dim) in the
  // model dtype and the temporal state (value heads, key_head_dim, value_head_dim) in
  // mamba_ssm_cache_dtype (MambaStateDtypeCalculator._mamba_state_dtype). Qwen3.5-397B-A17B:
  // conv 3 x (2 x 16 x 128 + 64 x 128) = 36,864 values x 2 B = 73,728 B; temporal
  // 64 x 128 x 128 = 1,048,576 values x 4 B = 4,194,304 B; 4,268,032 B x 45 layers.
  const Model& m = bundled("qwen3.5-397b-a17b");
  CHECK(m.linear_attention.recurrent_bits == 32);
  const LinearState st = linear_state(m, 16);
  CHECK(st.layers == 45);
  CHECK(st.conv_values == 36864);
  CHECK(st.recurrent_values == 1048576);
  CHECK(st.bytes == Approx(45.0 * (36864 * 2 + 1048576 * 4)));
  CHECK(state_bytes_per_sequence(m, 16) == Approx(192061440.0));
  // 15 full-attention layers: 2 KV heads x (256 + 256) x 2 B = 2,048 B per token each.
  CHECK(kv_cache_bytes_per_token(m, 16) == 15 * 2048);
  const KvGroups g = vllm_kv_groups(m);  // 15 full, 45 linear: group_size 15, 1 + 3 groups
  CHECK(g.group_size == 15);
  CHECK(g.full_groups == 1);
  CHECK(g.linear_groups == 3);
  CHECK(g.padding_layers == 0);
}

TEST_CASE("Kimi Delta Attention: KDA state in vLLM's shapes and dtypes, MLA cache on the other layers (Kimi-K3)", "[models2026]") {
  // vLLM vllm/model_executor/layers/mamba/mamba_utils.py (read at
  // 2afe1e8573cf51b73569ae1d35f59078a2032a91), as vllm/models/kimi_k3/nvidia/kda.py (at
  // 055e47c28003156421365af985d676fc921cb075) calls it: kda_state_shape gives three conv
  // states (q, k, v) of (kernel - 1) x heads x head_dim and the recurrent state heads x
  // head_dim x head_dim; kda_state_dtype keeps the conv states in the model dtype and the
  // recurrent state in torch.float32. MambaSpec.page_size_bytes sums prod(shape) x dtype size.
  // Kimi-K3 (linear_attn_config: 96 heads x 128, short_conv_kernel_size 4):
  //   conv 3 x (3 x 96 x 128) = 110,592 values x 2 B (BF16) = 221,184 B
  //   recurrent 96 x 128 x 128 = 1,572,864 values x 4 B = 6,291,456 B
  //   6,512,640 B per KDA layer x 69 kda_layers = 449,372,160 B per sequence.
  const Model& m = bundled("kimi-k3");
  CHECK(m.linear_attention.kind == "kda");
  const LinearState st = linear_state(m, 16);
  CHECK(st.layers == 69);
  CHECK(st.conv_values == 3.0 * (3 * 96 * 128));
  CHECK(st.recurrent_values == 96.0 * 128 * 128);
  const double by_hand = 69.0 * (3 * (3 * 96 * 128) * 2 + 96 * 128 * 128 * 4);
  CHECK(by_hand == 449372160.0);
  CHECK(state_bytes_per_sequence(m, 16) == Approx(by_hand));
  // The recurrent part stays FP32 whatever the KV cache dtype; only the conv part follows it.
  CHECK(state_bytes_per_sequence(m, 8) == Approx(69.0 * (3 * (3 * 96 * 128) * 1 + 96 * 128 * 128 * 4)));
  // The 24 full_attn_layers are MLA (mla.py MultiHeadLatentAttention, read at
  // 01b867e884625778a017f9edf5cab0311af29a8b): head_size kv_lora_rank + qk_rope_head_dim =
  // 512 + 64 = 576 (the NoPE model keeps the rope slice), 576 x 2 B = 1,152 B per layer per token.
  CHECK(kv_cache_bytes_per_token(m, 16) == 24 * 1152);
  CHECK(kv_cache_bytes_per_sequence(m, 16, 1000) == Approx(24.0 * 1152 * 1000));  // the state is apart
}

TEST_CASE("Kimi-K3 parameters by hand from vLLM's layers, against the published 2.8T / 104B", "[models2026]") {
  // vllm/models/kimi_k3/nvidia/model.py (read at 006193b5a9a7957c11bc6472588f951e778072b5),
  // kda.py (055e47c28003156421365af985d676fc921cb075), mla.py (01b867e884625778a017f9edf5cab0311af29a8b),
  // with Kimi-K3's config.json (h 7168, vocab 163,840, 93 layers, KDA 96 x 128, MLA 96 heads).
  const Model& k3 = bundled("kimi-k3");
  const double h = 7168, p = 96 * 128, d = 128, heads = 96;
  // KDA: in_proj_qkvgfab h -> 4p + d + heads; f_b_proj d -> p; o_proj p -> h; conv1d 3p x 4,
  // dt_bias p, A_log heads, o_norm d.
  const double kda = h * (4 * p + d + heads) + d * p + p * h + 3 * p * 4 + p + heads + d;
  // MLA: q_a 1536, q_b 1536 -> 96 x 192, kv_a h -> 512 + 64, kv_b 512 -> 96 x (128 + 128),
  // g_proj h -> 96 x 128 (mla_use_output_gate), o_proj; q_a_layernorm 1536, kv_a_layernorm 512.
  const double mla = h * 1536 + 1536 * heads * 192 + h * 576 + 512 * heads * 256 + h * heads * 128 +
                     heads * 128 * h + 1536 + 512;
  // KimiMoE (92 layers): 896 experts gate/up/down 3584 <-> 3072 (latent), shared KimiMLP of
  // 2 x 3072 on h, routed_expert_down_proj h -> 3584, routed_expert_up_proj 3584 -> h, gate h x 896.
  const double moe = 896 * (3 * 3584 * 3072.0) + 3 * h * 6144 + 2 * h * 3584 + h * 896;
  const double dense = 3 * h * 33792;  // layer 0 (first_k_dense_replace 1)
  // Per layer input_layernorm, post_attention_layernorm and AttnRes self_attention_res_norm,
  // mlp_res_norm, self_attention_res_proj (h x 1), mlp_res_proj; the final norm,
  // output_attn_res_norm and output_attn_res_proj; embed_tokens and lm_head (untied).
  // Each of the 92 KimiMoE layers (model.py at 006193b5, KimiMoE.__init__) also holds
  // gate.e_score_correction_bias = nn.Parameter(torch.empty(num_experts, dtype=torch.float32)),
  // 896 values, and routed_expert_norm = RMSNorm(moe_hidden_size) (latent_moe_use_norm true in
  // config.json), 3,584: 92 x (896 + 3,584) = 92 x 4,480 = 412,160.
  const double moe_vectors = 92 * (896 + 3584.0);
  CHECK(moe_vectors == 412160);
  const double vectors = 93 * 6 * h + 3 * h + moe_vectors;
  const double total = 2 * 163840 * h + 69 * kda + 24 * mla + 92 * moe + dense + vectors;
  // 2,779,484,063,840 before these vectors were counted, + 412,160:
  CHECK(total == 2779484476000.0);
  const ParamCounts c = count_params(k3);
  CHECK(static_cast<double>(c.total) == Approx(total).epsilon(1e-12));
  CHECK(static_cast<double>(c.linear_attention_per_layer) == Approx(h * (4 * p + d + heads) + d * p + p * h));
  // NeMo AutoModel's Kimi K3 page (source nemo-automodel-kimi-k3): 2.8T total, 104B activated.
  // The count is 0.73% under 2.8T (the published figure is rounded; the MoonViT tower is not counted).
  CHECK(k3.published_params_b == 2800);
  CHECK(static_cast<double>(c.total) == Approx(k3.published_params_b * 1e9).epsilon(0.01));
  const double active = 2 * 163840 * h + 69 * kda + 24 * mla + 92 * (16 * 3 * 3584 * 3072.0 + 3 * h * 6144 +
                        2 * h * 3584 + h * 896) + dense + vectors;
  // extra_params (here output_attn_res_norm and output_attn_res_proj, 2 x 7,168) are outside
  // cardfit's active count, as a vision tower is.
  CHECK(static_cast<double>(c.active) == Approx(active - 2 * h).epsilon(1e-12));
  CHECK(static_cast<double>(c.active) == Approx(104e9).epsilon(0.015));
  // Without the two MoE vectors the count is 412,160 smaller: the fields count exactly them.
  Model plain = k3;
  plain.moe.router_bias = false;
  plain.moe.latent_norm = false;
  CHECK(static_cast<double>(c.total - count_params(plain).total) == moe_vectors);
  CHECK(static_cast<double>(c.vectors - count_params(plain).vectors) == moe_vectors);
  // Without g_proj (mla_use_output_gate false) each MLA layer is h x 96 x 128 smaller.
  Model ungated = k3;
  ungated.attention_output_gate = false;
  CHECK(static_cast<double>(c.total - count_params(ungated).total) == 24 * h * heads * 128);
}

TEST_CASE("Kimi-K3 import: extra_params and the MoE vectors as the catalog has them, and the notes say so", "[models2026]") {
  // ai-dynamo/aiconfigurator@095f58a aic-core/src/aiconfigurator_core/model_configs/
  // moonshotai--Kimi-K3_config.json (the copy in tests/fixtures/hf-configs-2026.json):
  // text_config.attn_res_block_size 12 and a top-level vision_config (MoonViT, no formula).
  // The Attention Residuals give 2 hidden-wide vectors before the head (output_attn_res_norm,
  // output_attn_res_proj in vLLM model.py at 006193b5): extra_params = 2 x 7,168 = 14,336. The
  // vision note used to say "extra_params = 0" after that figure was set; it now names it.
  const Result<ImportedModel> r = import_hf_config(config_text("moonshotai--Kimi-K3_config.json"), "kimi-k3");
  REQUIRE(r.ok());
  const Model& k3 = bundled("kimi-k3");
  CHECK(r.value->model.extra_params == 2 * 7168);
  CHECK(r.value->model.extra_params == k3.extra_params);
  // text_config.latent_moe_use_norm true: routed_expert_norm; KimiMoE always has the router bias.
  CHECK(r.value->model.moe.router_bias);
  CHECK(r.value->model.moe.latent_norm);
  CHECK(r.value->model.moe.router_bias == k3.moe.router_bias);
  CHECK(r.value->model.moe.latent_norm == k3.moe.latent_norm);
  CHECK(count_params(r.value->model).total == count_params(k3).total);
  std::string notes;
  for (const Message& n : r.value->notes) notes += test::en(n) + "; ";
  INFO(notes);
  CHECK(notes.find("extra_params = 0") == std::string::npos);
  CHECK(notes.find("(extra_params 14336)") != std::string::npos);
  CHECK(notes.find("extra_params = 14336, without the tower") != std::string::npos);
  // latent_moe_use_norm false: no routed_expert_norm, 92 x 3,584 fewer.
  nlohmann::json cfg = nlohmann::json::parse(config_text("moonshotai--Kimi-K3_config.json"));
  cfg["text_config"]["latent_moe_use_norm"] = false;
  const Result<ImportedModel> no_norm = import_hf_config(cfg.dump(), "x");
  REQUIRE(no_norm.ok());
  CHECK_FALSE(no_norm.value->model.moe.latent_norm);
  CHECK(count_params(k3).total - count_params(no_norm.value->model).total == 92 * 3584);
}

TEST_CASE("sliding layers with their own KV heads, values narrower than keys (MiMo-V2-Flash)", "[models2026]") {
  // FullAttentionSpec.real_page_size_bytes = block x num_kv_heads x (head_size + head_size_v)
  // x dtype size: full layers 4 x (192 + 128) x 2 = 2,560 B, sliding layers (8 KV heads,
  // swa_num_key_value_heads) 8 x 320 x 2 = 5,120 B per token. 9 full + 39 sliding layers.
  const Model& m = bundled("mimo-v2-flash");
  CHECK(m.v_head_dim == 128);
  CHECK(m.sliding_window.num_kv_heads == 8);
  CHECK(kv_cache_bytes_per_token(m, 16) == 9 * 2560 + 39 * 5120);
  // 131,072 tokens: 9 x 2,560 x 131,072 + 39 x 5,120 x 128 (window 128).
  CHECK(kv_cache_bytes_per_sequence(m, 16, 131072) == Approx(3019898880.0 + 25559040.0));
  // vLLM groups: group size 9 (39 >= 1.5 x 9); 1 full group, ceil(39 / 9) = 5 sliding groups,
  // 45 - 39 = 6 padding slots (unify_kv_cache_spec_page_size doubles the full layers' block
  // size so both kinds have the same page).
  const KvGroups g = vllm_kv_groups(m);
  CHECK(g.group_size == 9);
  CHECK(g.full_groups == 1);
  CHECK(g.window_groups == 5);
  CHECK(g.padding_layers == 6);
  // Attention weights: full layers q 4096 x 64 x 192 + k 4096 x 4 x 192 + v 4096 x 4 x 128 +
  // o 64 x 128 x 4096 = 89,128,960; sliding layers with 8 KV heads 94,371,840.
  CHECK(count_params(m).attention == 9LL * 89128960 + 39LL * 94371840);
}

// [SECTION] One test per new model, from its config.json

TEST_CASE("Mamba-2 layers: vLLM MambaSpec conv + SSM state, attention only on the '*' blocks (Nemotron-3)", "[models2026]") {
  // vllm/model_executor/layers/mamba/mamba_utils.py MambaStateShapeCalculator.mamba2_state_shape:
  // conv (conv_kernel - 1, d_inner + 2 x n_groups x d_state), temporal (n_heads, head_dim, d_state);
  // d_inner = mamba_num_heads x mamba_head_dim (nemotron_h.py). Conv in the model dtype (BF16),
  // SSM state in mamba_ssm_cache_dtype float32 (vllm/model_executor/models/config.py
  // NemotronHForCausalLMConfig takes it from config.json).
  // Nano: 3 x (4,096 + 2 x 8 x 128) x 2 B = 36,864 B + 64 x 64 x 128 x 4 B = 2,097,152 B
  // = 2,134,016 B per Mamba-2 layer, x 23 = 49,082,368 B per sequence.
  const Model& nano = bundled("nemotron-3-nano-30b-a3b");
  CHECK(state_bytes_per_sequence(nano, 16) == Approx(49082368.0));
  // KV only on the 6 attention blocks: 2 KV heads x (128 + 128) x 2 B x 6 = 6,144 B per token.
  CHECK(kv_cache_bytes_per_token(nano, 16) == 6144);
  // Super: 40 x (3 x 10,240 x 2 + 128 x 64 x 128 x 4) = 170,229,760 B; KV 8 x 1,024 = 8,192 B.
  const Model& super = bundled("nemotron-3-super-120b-a12b");
  CHECK(state_bytes_per_sequence(super, 16) == Approx(170229760.0));
  CHECK(kv_cache_bytes_per_token(super, 16) == 8192);
  // Ultra: 48 x (3 x 18,432 x 2 + 256 x 64 x 128 x 4) = 407,961,600 B; KV 12 x 1,024 = 12,288 B.
  const Model& ultra = bundled("nemotron-3-ultra-550b-a55b");
  CHECK(state_bytes_per_sequence(ultra, 16) == Approx(407961600.0));
  CHECK(kv_cache_bytes_per_token(ultra, 16) == 12288);
  // Nemotron-3.5-Lightning: the Nano's blocks (layers_block_type words), so the Nano's bytes;
  // only the context differs (1,048,576 tokens: 6,144 B x 2^20 of KV at 16 bit).
  const Model& lightning = bundled("nemotron-3.5-lightning-30b-a3b");
  CHECK(state_bytes_per_sequence(lightning, 16) == Approx(49082368.0));
  CHECK(kv_cache_bytes_per_token(lightning, 16) == 6144);
  CHECK(kv_cache_bytes_per_sequence(lightning, 16, 1048576) == Approx(6144.0 * 1048576));
}

TEST_CASE("Qwen3-VL: the ViT with its DeepStack mergers counted into extra_params", "[models2026]") {
  // transformers models/qwen3_vl/modeling_qwen3_vl.py Qwen3VLVisionModel: Conv3d patch embed
  // (3 x 2 x 16 x 16 x 1152 + bias), a learned position table (2,304 x 1152), 27 blocks
  // (LayerNorm x 2 with bias, qkv 1152 -> 3456 and proj with bias, MLP 1152 -> 4304 -> 1152 with
  // bias), the merger (LayerNorm 1152, fc1 4608 x 4608, fc2 4608 -> out, biased) and one
  // deepstack merger per deepstack_visual_indexes entry (use_postshuffle_norm: LayerNorm 4608).
  const double h = 1152, inter = 4304, merged = 4 * h;
  const double block = 2 * (2 * h) + (h * 3 * h + 3 * h) + (h * h + h) + (h * inter + inter) + (inter * h + h);
  const auto tower = [&](double out) {
    const double mlp = (merged * merged + merged) + (merged * out + out);
    return (3 * 2 * 16 * 16 * h + h) + 2304 * h + 27 * block + (2 * h + mlp) + 3 * (2 * merged + mlp);
  };
  CHECK(static_cast<double>(bundled("qwen3-vl-8b").extra_params) == tower(4096));  // 576,388,336
  CHECK(static_cast<double>(bundled("qwen3-vl-32b").extra_params) == tower(5120));
  CHECK(static_cast<double>(bundled("qwen3-vl-30b-a3b").extra_params) == tower(2048));
  CHECK(static_cast<double>(bundled("qwen3-vl-235b-a22b").extra_params) == tower(4096));
  // 2B and 4B: a smaller tower (24 blocks of 1024, MLP 4096; deepstack 5, 11, 17), the same layout.
  const auto small_tower = [](double out) {
    const double hs = 1024, is = 4096, ms = 4 * hs;
    const double b = 2 * (2 * hs) + (hs * 3 * hs + 3 * hs) + (hs * hs + hs) + (hs * is + is) + (is * hs + hs);
    const double mlp = (ms * ms + ms) + (ms * out + out);
    return (3 * 2 * 16 * 16 * hs + hs) + 2304 * hs + 24 * b + (2 * hs + mlp) + 3 * (2 * ms + mlp);
  };
  CHECK(static_cast<double>(bundled("qwen3-vl-2b").extra_params) == small_tower(2048));  // 406,957,056
  CHECK(static_cast<double>(bundled("qwen3-vl-4b").extra_params) == small_tower(2560));  // 415,347,712
  // Tied embeddings: 4B = 36 x (2560 x 4096 x 2 + 2 x 2560 x 1024 + 3 x 2560 x 9728 + 2 x 2560 + 2 x 128)
  // + 151,936 x 2560 + 2560 + the tower = 4,437,815,808 (the publisher's 4.44B).
  CHECK(count_params(bundled("qwen3-vl-4b")).total == 4437815808);
  CHECK(count_params(bundled("qwen3-vl-2b")).total == 2127532032);
  // The decoder is Qwen3's: 8B's KV is 36 layers x 8 heads x (128 + 128) x 2 B = 147,456 B.
  CHECK(kv_cache_bytes_per_token(bundled("qwen3-vl-8b"), 16) == 147456);
  // Qwen3.5's tower has no deepstack: a deepstack list there is still refused, naming the key.
  nlohmann::json q35 = nlohmann::json::parse(config_text("Qwen--Qwen3.5-27B_config.json"));
  q35["vision_config"]["deepstack_visual_indexes"] = {8, 16, 24};
  const Result<ImportedModel> r = import_hf_config(q35.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: vision_config.deepstack_visual_indexes");
}

TEST_CASE("Gemma 4: global layers with their own head size and KV heads, K and V both cached", "[models2026]") {
  // vLLM gives each layer its own spec from its attention shape (FullAttentionSpec /
  // SlidingWindowSpec: num_kv_heads x (head_size + head_size_v) x dtype); with attention_k_eq_v
  // the global layers have no v_proj but K and V are still cached apart (ai-dynamo/aiconfigurator
  // sdk/models/gemma4.py get_kvcache_elements_per_token). 26B-A4B: 5 global x 2 x (512 + 512) x 2 B
  // = 20,480 B per token, 25 sliding x 8 x (256 + 256) x 2 B = 204,800 B per token up to 1,024 tokens.
  const Model& m = bundled("gemma-4-26b-a4b");
  CHECK(kv_cache_bytes_per_token(m, 16) == 20480 + 204800);
  CHECK(kv_cache_bytes_per_sequence(m, 16, 131072) == Approx(20480.0 * 131072 + 204800.0 * 1024));
  CHECK(state_bytes_per_sequence(m, 16) == 0);
  // 31B: 10 x 4 x 1,024 x 2 = 81,920 B; 50 x 16 x 512 x 2 = 819,200 B.
  CHECK(kv_cache_bytes_per_token(bundled("gemma-4-31b"), 16) == 81920 + 819200);
}

TEST_CASE("late-2026 config.json files import to the bundled entries", "[models2026]") {
  const struct {
    const char* key;
    const char* id;
    const char* released;  // weights as released, from quantization_config / dtype ("" = not read)
  } rows[] = {
      {"Qwen--Qwen3.5-397B-A17B_config.json", "qwen3.5-397b-a17b", "bf16"},
      {"Qwen--Qwen3.5-122B-A10B_config.json", "qwen3.5-122b-a10b", "bf16"},
      {"Qwen--Qwen3.5-35B-A3B_config.json", "qwen3.5-35b-a3b", "bf16"},
      {"Qwen--Qwen3.5-27B_config.json", "qwen3.5-27b", "bf16"},
      {"nvidia--Qwen3.6-27B-NVFP4_config.json", "qwen3.6-27b", ""},      // NVIDIA's mixed export
      {"nvidia--Qwen3.6-35B-A3B-NVFP4_config.json", "qwen3.6-35b-a3b", ""},
      {"zai-org--GLM-5_config.json", "glm-5", "bf16"},
      {"zai-org--GLM-5.1_config.json", "glm-5.1", "bf16"},
      {"zai-org--GLM-5.2_config.json", "glm-5.2", "bf16"},
      {"moonshotai--Kimi-K2.5_config.json", "kimi-k2.5", "int4"},
      {"nvidia--Kimi-K2.6-NVFP4_config.json", "kimi-k2.6", "nvfp4"},  // NVIDIA's export
      {"MiniMaxAI--MiniMax-M2.5_config.json", "minimax-m2.5", "fp8"},
      {"MiniMaxAI--MiniMax-M2.7_config.json", "minimax-m2.7", "fp8"},
      {"MiniMaxAI--MiniMax-M3_config.json", "minimax-m3", "bf16"},  // no quantization_config
      {"stepfun-ai--Step-3.7-Flash_config.json", "step-3.7-flash", "bf16"},
      {"XiaomiMiMo--MiMo-V2-Flash_config.json", "mimo-v2-flash", "fp8"},
      {"nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16_config.json", "nemotron-3-nano-30b-a3b", "bf16"},
      // FP8 as released (hf_quant_config.json quant_algo FP8), but config.json has no
      // quantization_config: the import reads its dtype, bfloat16.
      {"nvidia--NVIDIA-Nemotron-3-Super-120B-A12B-FP8_config.json", "nemotron-3-super-120b-a12b", "bf16"},
      {"nvidia--NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16_config.json", "nemotron-3-ultra-550b-a55b", "bf16"},
      {"google--gemma-4-26B-A4B_config.json", "gemma-4-26b-a4b", "bf16"},
      {"nvidia--Gemma-4-31B-IT-NVFP4_config.json", "gemma-4-31b", "nvfp4"},  // NVIDIA's export
      // text_config.quantization_config: compressed-tensors mxfp4-pack-quantized (routed experts)
      {"moonshotai--Kimi-K3_config.json", "kimi-k3", "mxfp4"},
      {"nvidia--Kimi-K2.7-Code-NVFP4_config.json", "kimi-k2.7-code", "nvfp4"},  // NVIDIA's export
      // Mixed NVFP4 / FP8 / BF16 in hf_quant_config.json; config.json has no quantization_config.
      {"nvidia--NVIDIA-Nemotron-3.5-Lightning-30B-A3B-NVFP4_config.json", "nemotron-3.5-lightning-30b-a3b", "bf16"},
      {"Qwen--Qwen3-VL-8B-Instruct_config.json", "qwen3-vl-8b", "bf16"},
      {"Qwen--Qwen3-VL-32B-Instruct_config.json", "qwen3-vl-32b", "bf16"},
      {"Qwen--Qwen3-VL-30B-A3B-Instruct_config.json", "qwen3-vl-30b-a3b", "bf16"},
      {"Qwen--Qwen3-VL-235B-A22B-Instruct_config.json", "qwen3-vl-235b-a22b", "bf16"},
      {"Qwen--Qwen3-VL-2B-Instruct_config.json", "qwen3-vl-2b", "bf16"},
      {"Qwen--Qwen3-VL-4B-Instruct_config.json", "qwen3-vl-4b", "bf16"},
  };
  for (const auto& row : rows) {
    INFO(row.id);
    const Model got = imported(row.key, row.id);
    const Model& want = bundled(row.id);
    test::check_same_architecture(got, want);
    CHECK(got.released_precision == row.released);
    CHECK(kv_cache_bytes_per_token(got, 16) == kv_cache_bytes_per_token(want, 16));
    CHECK(state_bytes_per_sequence(got, 16) == Approx(state_bytes_per_sequence(want, 16)));
  }
}

TEST_CASE("late-2026 counts against the published sizes", "[models2026]") {
  // Total from the config by count_params, within 1.5% of the card's figure (models.json
  // published_params_b and its source). Active against the card's figure: some cards leave the
  // embedding table and output head out of "active" (MiniMax: 11.03B - 1.23B = 9.80B; GLM-5:
  // 41.79B - 1.90B = 39.88B), others keep them (Kimi: 32.86B); names such as "A3B" round.
  const struct {
    const char* id;
    double active_b;        // the card's active figure
    bool without_embedding; // the card counts neither the embedding table nor the head
    double tolerance;
  } rows[] = {
      {"qwen3.5-397b-a17b", 17, false, 0.03}, {"qwen3.5-122b-a10b", 10, false, 0.03},
      {"qwen3.5-35b-a3b", 3, false, 0.16},    {"glm-5", 40, true, 0.01},
      {"kimi-k2.5", 32.6, false, 0.01},       {"minimax-m2.5", 9.8, true, 0.01},
      {"step-3.7-flash", 11, false, 0.02},    {"mimo-v2-flash", 15, false, 0.03},
      // Nemotron 3 Nano report (arXiv 2512.20848): 31.6B total, 3.6B active with embeddings.
      {"nemotron-3-nano-30b-a3b", 3.6, false, 0.01}, {"nemotron-3-super-120b-a12b", 12, false, 0.07},
      {"nemotron-3-ultra-550b-a55b", 55, false, 0.02}, {"gemma-4-26b-a4b", 4, false, 0.05},
      // Megatron Bridge's MiniMax-M3 page: 428B total, ~23B active (without the embedding and head).
      {"minimax-m3", 23, true, 0.03},
      // NeMo AutoModel's Kimi K3 page: 2.8T total, 104B activated.
      {"kimi-k3", 104, false, 0.015},
      // Kimi-K2.7-Code: the K2.5 network (32.6B active); Nemotron-3.5-Lightning: the Nano network
      // (3.6B active); Qwen3-VL-235B-A22B: "A22B" (22.19B computed, with the vision tower).
      {"kimi-k2.7-code", 32.6, false, 0.01}, {"nemotron-3.5-lightning-30b-a3b", 3.6, false, 0.01},
      {"qwen3-vl-235b-a22b", 22, false, 0.01},
  };
  for (const auto& row : rows) {
    INFO(row.id);
    const Model& m = bundled(row.id);
    const ParamCounts p = count_params(m);
    CHECK(std::fabs(static_cast<double>(p.total) / 1e9 - m.published_params_b) / m.published_params_b < 0.015);
    const double active = static_cast<double>(row.without_embedding ? p.active - p.embedding - p.lm_head : p.active);
    CHECK(std::fabs(active / 1e9 - row.active_b) / row.active_b < row.tolerance);
  }
}

TEST_CASE("DeepSeek-V4: compressed latents, indexer keys, window and compressor state as vLLM pages them", "[models2026]") {
  // By hand from vLLM (source vllm-deepseek-v4-code):
  // - layers/deepseek_v4_attention.py head_bytes = nope 448 (FP8) + rope 64 x 2 (BF16) + 448 / 64
  //   scales + 1 pad = 584 B per latent; MLAAttentionSpec(compress_ratio, alignment=576).
  // - kv_cache_interface.py: storage_block_size = block_size / compress_ratio, page = that x 584,
  //   rounded up to 576 (_apply_alignment_padding); main block 256 tokens (sparse_swa.py
  //   get_preferred_block_size). Ratio 4: 64 x 584 = 37,376 -> 37,440; indexer keys 128 FP8 + one
  //   FP32 scale = 132 B, 64 x 132 = 8,448 -> 8,640; (37,440 + 8,640) / 256 = 180 B per token.
  //   Ratio 128: 2 x 584 = 1,168 -> 1,728; / 256 = 6.75 B per token.
  // - sparse_swa.py DeepseekV4SWACache: 64-token blocks of 584 B -> 37,440 B per page; a decoding
  //   sequence holds cdiv(128 - 1 + 1, 64) + 1 = 3 pages (SlidingWindowSpec
  //   max_admission_blocks_per_request) = 112,320 B per layer, every layer.
  // - deepseek_compressor.py CompressorStateCache, FP32, state_dim 2 x coff x dim:
  //   ratio 4 (coff 2, block 4, window 8): 4 x 2048 x 4 = 32,768 -> 32,832 B, cdiv(8, 4) + 1 = 3
  //   pages = 98,496; its indexer's (dim 128): 4 x 512 x 4 = 8,192 -> 8,640, 3 pages = 25,920;
  //   together 124,416 B per ratio-4 layer. Ratio 128 (coff 1, block 8, window 128): 8 x 1024 x 4 =
  //   32,768 -> 32,832, cdiv(128, 8) + 1 = 17 pages = 558,144 B.
  const DeepseekV4Cache c = deepseek_v4_cache(bundled("deepseek-v4-flash"));
  CHECK(c.token_bytes == 584);
  CHECK(c.ratio4_per_token == 180);
  CHECK(c.ratio128_per_token == 6.75);
  CHECK(c.window_per_layer == 112320);
  CHECK(c.ratio4_state == 124416);
  CHECK(c.ratio128_state == 558144);
  // Those are each cache on pages of its own; the pool packs them (next test). DeepSeek-V4-Flash:
  // 21 ratio-4 + 20 ratio-128 layers (2 window-only), 43 layers in all.
  const Model& flash = bundled("deepseek-v4-flash");
  CHECK(kv_cache_bytes_per_token(flash, 16) == 21 * 180 + 135);  // 3,915
  CHECK(kv_cache_bytes_per_token(flash, 8) == 3915);              // fp8_ds_mla whatever the KV choice
  // Own pages: 43 x 112,320 + 21 x 124,416 + 20 x 558,144 = 18,605,376; the pool holds more.
  CHECK(43 * c.window_per_layer + 21 * c.ratio4_state + 20 * c.ratio128_state == 18605376);
  CHECK(kv_cache_bytes_per_sequence(flash, 16, 0) == 0);
  CHECK(kv_replication(flash, 8) == 8);  // one latent, replicated on every tensor-parallel rank
  const KvGroups g = vllm_kv_groups(flash);
  CHECK(g.padding_layers == 0);
}

TEST_CASE("DeepSeek-V4: vLLM packs the caches into one block pool, every block as wide as the widest group", "[models2026]") {
  // vllm-project/vllm@4253bd44243c89bb62c1898399f69236b2b5c721 vllm/v1/core/kv_cache_planning.py:
  // - _get_packed_kv_cache_groups: layers go into buckets UniformTypeKVCacheSpecs.is_uniform_type
  //   accepts (same block size; SlidingWindowMLASpec also the same window): the latents and
  //   indexer keys (block 256), the window cache (64, window 128), ratio-4 compressor states (4,
  //   window 8), ratio-128 states (8, window 128). A bucket is "balanced" when each of its page
  //   sizes has as many layers; balanced buckets of several page sizes stay whole and the largest
  //   sets the floor of repeats_per_group = _approximate_gcd(balanced buckets' layer counts); a
  //   balanced bucket splits into cdiv(layers, repeats) groups, any other stays one group.
  // - _get_kv_cache_bytes_per_block: bytes_per_block = max over groups of the group's page bytes;
  //   num_blocks = available_memory // bytes_per_block, every group's block costs that.
  // - _max_memory_usage_bytes_from_groups: a request takes the sum of its groups' blocks.
  // Flash (pages from the previous test):
  //   latents  {37,440 x 21 C4A, 8,640 x 21 C4I, 1,728 x 20 C128A}: 21/21/20, not balanced,
  //            one group of 786,240 + 181,440 + 34,560 = 1,002,240 B
  //   window   {37,440 x 43}: balanced
  //   ratio-4  {32,832 x 21 (4 x 2 x 2 x 512 x 4 B = 32,768 -> 32,832), 8,640 x 21}: balanced,
  //            two page sizes -> floor 21
  //   ratio-128 {32,832 x 20}: balanced
  //   _approximate_gcd([43, 21, 20], lower_bound 21): padding at d = 21: 20 + 0 + 1 = 21;
  //   d = 22: 1 + 1 + 2 = 4; d = 23: 3 + 2 + 3 = 8; above 22 it grows (4d - 84): repeats 22.
  //   window: cdiv(43, 22) = 2 groups, the wider 22 x 37,440 = 823,680 B; ratio-4: 1 group,
  //   21 x 32,832 + 21 x 8,640 = 870,912 B; ratio-128: 1 group, 20 x 32,832 = 656,640 B.
  //   bytes_per_block = max(1,002,240, 823,680, 870,912, 656,640) = 1,002,240 B.
  const DeepseekV4Cache f = deepseek_v4_cache(bundled("deepseek-v4-flash"));
  CHECK(f.repeats == 22);
  CHECK(f.latent_groups == 1);
  CHECK(f.window_groups == 2);
  CHECK(f.ratio4_state_groups == 1);
  CHECK(f.ratio128_state_groups == 1);
  CHECK(f.block_bytes == 1002240);
  // Per token: one latent group, 1,002,240 / 256 = 3,915 B, the sum of the layers' own pages
  // (the latent group is the widest, so packing adds nothing per token).
  CHECK(f.pool_per_token == 3915);
  // Per decoding sequence: 2 window groups x 3 blocks + 3 ratio-4 state blocks (cdiv(8, 4) + 1)
  // + 17 ratio-128 state blocks (cdiv(128, 8) + 1) = 26 blocks x 1,002,240 = 26,058,240 B,
  // 7,452,864 B (40%) more than the own-page 18,605,376.
  CHECK(f.window_blocks == 3);
  CHECK(f.ratio4_state_blocks == 3);
  CHECK(f.ratio128_state_blocks == 17);
  CHECK(f.pool_fixed == 26 * 1002240.0);
  const Model& flash = bundled("deepseek-v4-flash");
  CHECK(kv_cache_bytes_per_sequence(flash, 16, 32768) == Approx(3915.0 * 32768 + 26058240));  // 154,344,960
  CHECK(kv_cache_bytes_per_sequence(flash, 16, 131072) == Approx(3915.0 * 131072 + 26058240));
  // Pro (30 ratio-4, 31 ratio-128, 61 layers): latents 30/30/31 not balanced, one group of
  // 30 x 37,440 + 30 x 8,640 + 31 x 1,728 = 1,435,968 B; _approximate_gcd([61, 30, 31], 30):
  // d = 30: 29 + 0 + 29 = 58; d = 31: 1 + 1 + 0 = 2; d = 32: 3 + 2 + 1 = 6: repeats 31. Window
  // 2 groups (31 x 37,440 = 1,160,640), ratio-4 30 x 32,832 + 30 x 8,640 = 1,244,160, ratio-128
  // 31 x 32,832 = 1,017,792: bytes_per_block 1,435,968; 5,609.25 B per token; 26 blocks per
  // sequence = 37,335,168 B (own pages: 27,886,464).
  const DeepseekV4Cache p = deepseek_v4_cache(bundled("deepseek-v4-pro"));
  CHECK(p.repeats == 31);
  CHECK(p.window_groups == 2);
  CHECK(p.block_bytes == 1435968);
  CHECK(p.pool_per_token == 5609.25);
  CHECK(p.pool_fixed == 26 * 1435968.0);
  const Model& pro = bundled("deepseek-v4-pro");
  CHECK(kv_cache_bytes_per_sequence(pro, 16, 1048576) == Approx(5609.25 * 1048576 + 37335168));
  // A shape whose widest group is not the latents: no ratio-4 layer (20 ratio-128 of 43). No
  // balanced bucket has two page sizes, so nothing is split (floor 0): latents {1,728 x 20}
  // = 34,560 B, window {37,440 x 43} = 1,609,920 B, ratio-128 states {32,832 x 20} = 656,640 B.
  // Every block, a latent block too, costs 1,609,920 B: 1,609,920 / 256 = 6,288.75 B per token
  // where the latents' own pages are 20 x 6.75 = 135 B; 3 + 17 = 20 blocks a sequence.
  Model wide = flash;
  wide.compressed_attention.ratio4_layers = 0;
  wide.compressed_attention.ratio128_layers = 20;
  const DeepseekV4Cache w = deepseek_v4_cache(wide);
  CHECK(w.repeats == 0);
  CHECK(w.latent_groups == 1);
  CHECK(w.window_groups == 1);
  CHECK(w.ratio4_state_groups == 0);
  CHECK(w.block_bytes == 43 * 37440.0);
  CHECK(w.pool_per_token == 6288.75);
  CHECK(w.pool_fixed == 20 * 1609920.0);
  CHECK(kv_cache_bytes_per_token(wide, 16) == 6289);  // rounded once, to whole bytes
}

TEST_CASE("DeepSeek-V4 decode reads the window, the indexer's top-k and every ratio-128 latent", "[models2026]") {
  // By hand from vLLM (source vllm-deepseek-v4-code): layers/deepseek_v4_attention.py attends, on
  // every layer, to the 128-token window of uncompressed latents; a ratio-4 layer adds the
  // index_topk compressed latents its lightning indexer picks (config.json: Flash 512, Pro 1024)
  // after scoring every compressed position's 132-byte key; a ratio-128 layer attends to every
  // compressed latent. Latents are 584 B in fp8_ds_mla, whatever the KV precision asked for.
  const Model& flash = bundled("deepseek-v4-flash");
  CHECK(flash.compressed_attention.index_topk == 512);
  CHECK(bundled("deepseek-v4-pro").compressed_attention.index_topk == 1024);
  CHECK(deepseek_v4_cache(flash).index_token_bytes == 132);
  // Flash at 32,768 tokens: 43 x 128 + 21 x min(8,192, 512) + 20 x 256 = 21,376 latents x 584 B
  // = 12,483,584 B, plus 21 x 8,192 keys x 132 B = 22,708,224 B.
  CHECK(kv_read_bytes_per_sequence(flash, 16, 32768) == Approx(35191808.0));
  CHECK(kv_read_bytes_per_sequence(flash, 8, 32768) == kv_read_bytes_per_sequence(flash, 16, 32768));
  // At 1,048,576: 5,504 + 10,752 + 20 x 8,192 = 180,096 latents x 584 = 105,176,064 B, plus
  // 21 x 262,144 x 132 = 726,663,168 B: past ~100k tokens the indexer's keys dominate.
  CHECK(kv_read_bytes_per_sequence(flash, 16, 1048576) == Approx(831839232.0));
  // Only complete groups are compressed: at 100 tokens 43 x 100 + 21 x 25 + 20 x 0 latents.
  CHECK(kv_read_bytes_per_sequence(flash, 16, 100) == Approx((43 * 100 + 21 * 25) * 584.0 + 21 * 25 * 132.0));
  // Pro at 131,072 (61 layers: 30 ratio-4, 31 ratio-128): 61 x 128 + 30 x 1,024 + 31 x 1,024 =
  // 70,272 latents, plus 30 x 32,768 indexer keys.
  const Model& pro = bundled("deepseek-v4-pro");
  CHECK(kv_read_bytes_per_sequence(pro, 16, 131072) == Approx(70272 * 584.0 + 30 * 32768 * 132.0));
  // FLOPs: one latent is K and V, 2 x 64 heads x (512 + 512) = 131,072 per latent; the indexer
  // 2 x 64 index heads x 128 per key.
  CHECK(attention_flops_per_token(flash, 32768) == Approx(131072.0 * 21376 + 2.0 * 64 * 128 * 8192 * 21));
  // Without the top-k the ratio-4 layers would read all 8,192 compressed latents each.
  Model dense_index = flash;
  dense_index.compressed_attention.index_topk = 0;
  CHECK(kv_read_bytes_per_sequence(dense_index, 16, 32768) ==
        Approx(kv_read_bytes_per_sequence(flash, 16, 32768) + 21 * (8192 - 512) * 584.0));

  // The cache has one layout: the estimate names it, warns that a KV precision asked for is not
  // used, and the launch commands carry no --kv-cache-dtype.
  Scenario s;
  s.model = "deepseek-v4-flash";
  s.context = 32768;
  s.kv_precision = "fp8";
  s.gpu = "h200";
  s.explain = false;
  const Estimate e = test::run(s);
  CHECK(e.kv_precision == "fp8_ds_mla");
  CHECK(test::has_code(e.warnings, "kv_layout_fixed"));
  REQUIRE(e.gpus.size() == 1);
  for (const LaunchCommand& l : launch_commands(test::catalog(), e.scenario, e.gpus[0])) {
    CHECK(l.text.find("--kv-cache-dtype") == std::string::npos);
  }
  s.kv_precision.clear();
  CHECK_FALSE(test::has_code(test::run(s).warnings, "kv_layout_fixed"));
  // A single stream decodes slower at 1M tokens than at 32k: each step reads the indexer's keys.
  const double at32k = test::run(s).gpus[0].decode_tokens_per_s;
  s.context = 1048576;
  const double at1m = test::run(s).gpus[0].decode_tokens_per_s;
  CHECK(at32k > 0);
  CHECK(at1m < at32k);
}

TEST_CASE("DeepSeek-V4 config.json files import to the bundled entries, weights as released", "[models2026]") {
  for (const auto& row : {std::pair<const char*, const char*>{"deepseek-ai--DeepSeek-V4-Flash_config.json", "deepseek-v4-flash"},
                          {"deepseek-ai--DeepSeek-V4-Pro_config.json", "deepseek-v4-pro"}}) {
    INFO(row.second);
    const Model got = imported(row.first, row.second);
    const Model& want = bundled(row.second);
    test::check_same_architecture(got, want);
    CHECK(got.moe.num_experts == want.moe.num_experts);
    CHECK(got.moe.shared_expert_intermediate_size == want.moe.shared_expert_intermediate_size);
    // quantization_config fp8 with expert_dtype fp4: MXFP4 routed experts, FP8 elsewhere.
    CHECK(got.released_precision == "mxfp4-fp8");
    CHECK(kv_cache_bytes_per_sequence(got, 16, 4096) == Approx(kv_cache_bytes_per_sequence(want, 16, 4096)));
    CHECK(count_params(got).total == count_params(want).total);
  }
  // expert_dtype fp8 (the -Base checkpoints in vLLM's DeepseekV4FP8Config): plain FP8.
  nlohmann::json base = nlohmann::json::parse(config_text("deepseek-ai--DeepSeek-V4-Flash_config.json"));
  base["expert_dtype"] = "fp8";
  const Result<ImportedModel> r = import_hf_config(base.dump(), "x");
  REQUIRE(r.ok());
  CHECK(r.value->model.released_precision == "fp8");
}

TEST_CASE("DeepSeek-V4 parameter counts against the release", "[models2026]") {
  // Release: V4-Flash 284B total / 13B active, V4-Pro 1.6T / 49B (source deepseek-v4-release).
  // Counted from the shapes (params.cpp): Flash 284.33B, Pro 1,573.0B (1.6T is two digits).
  const ParamCounts flash = count_params(bundled("deepseek-v4-flash"));
  CHECK(std::fabs(flash.total / 1e9 - 284) / 284 < 0.005);
  CHECK(std::fabs((flash.active - flash.embedding - flash.lm_head) / 1e9 - 13) / 13 < 0.03);
  const ParamCounts pro = count_params(bundled("deepseek-v4-pro"));
  CHECK(std::fabs(pro.total / 1e9 - 1600) / 1600 < 0.02);
  CHECK(std::fabs(pro.active / 1e9 - 49) / 49 < 0.03);
  // Weights as released: experts at 4.25 bits, attention and the shared expert at 8, embeddings
  // and head at 16. Flash: 43 x 256 x 3 x 4096 x 2048 routed = 276.96B x 4.25 / 8 = 147.1 GB.
  const WeightPrecision* w = test::catalog().find_weight_precision("mxfp4-fp8");
  REQUIRE(w != nullptr);
  const WeightBytes b = weight_bytes(flash, *w, 0);
  const double routed = 43.0 * 256 * 3 * 4096 * 2048;
  CHECK(b.expert == Approx(flash.expert_params * 4.25 / 8));
  CHECK(b.stored > routed * 4.25 / 8 + flash.attention * 1.0 + 2 * 129280.0 * 4096 * 2 - 1);
  CHECK(b.stored < 160e9);
}

TEST_CASE("DeepSeek-V4 shapes vLLM does not allocate are refused, naming the field", "[models2026]") {
  nlohmann::json v4 = nlohmann::json::parse(config_text("deepseek-ai--DeepSeek-V4-Flash_config.json"));
  v4["compress_ratios"][5] = 16;  // vLLM _layer_type_for raises on a ratio other than 1, 4, 128
  Result<ImportedModel> r = import_hf_config(v4.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: compress_ratios");
  CHECK(test::all_errors(r.errors).find("not modelled") != std::string::npos);
  v4 = nlohmann::json::parse(config_text("deepseek-ai--DeepSeek-V4-Flash_config.json"));
  v4["num_key_value_heads"] = 8;
  r = import_hf_config(v4.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: num_key_value_heads");
  v4 = nlohmann::json::parse(config_text("deepseek-ai--DeepSeek-V4-Flash_config.json"));
  v4.erase("compress_ratios");
  r = import_hf_config(v4.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: compress_ratios");
}

// [SECTION] MiniMax-M3: block-sparse GQA with a BF16 index-key cache

TEST_CASE("MiniMax-M3: full K/V on every layer, BF16 index keys on the sparse layers", "[models2026]") {
  // vllm/models/minimax_m3/nvidia/model.py (read at 0443308): a layer in
  // sparse_attention_config.sparse_attention_freq is a MiniMaxM3SparseAttention whose
  // get_kv_cache_spec is FullAttentionSpec(num_kv_heads, head_size = head_size_v = head_dim):
  // 4 x (128 + 128) x 2 B = 2,048 B per token at BF16, the same as the full layers
  // (MiniMaxM3Attention, a plain Attention). Its indexer owns a MiniMaxM3IndexerCache
  // (common/indexer.py, read at 0484480): MLAAttentionSpec(num_kv_heads=1,
  // head_size=sparse_index_dim, dtype bf16 by default), key only: 128 x 2 = 256 B per token.
  // 60 x 2,048 + 57 x 256 = 122,880 + 14,592 = 137,472 B per token.
  const Model& m3 = bundled("minimax-m3");
  CHECK(m3.indexer.layers == 57);
  CHECK(m3.indexer.dense_layers == 3);
  CHECK(kv_cache_bytes_per_token(m3, 16) == 60 * 2048 + 57 * 256);
  CHECK(kv_shape(m3, 16).indexer_layers == 57);
  // The index keys stay BF16 under an FP8 KV cache (indexer_kv_dtype is its own setting):
  // 60 x 4 x 256 x 1 + 57 x 256.
  CHECK(kv_cache_bytes_per_token(m3, 8) == 60 * 1024 + 57 * 256);
  CHECK(state_bytes_per_sequence(m3, 16) == 0);
  // top-k: sparse_topk_blocks 16 of sparse_block_size 128 tokens.
  CHECK(m3.indexer.top_k == 16 * 128);
}

TEST_CASE("MiniMax-M3 parameters: index projections fused into qkv_proj, no weights_proj", "[models2026]") {
  // vllm/models/minimax_m3/nvidia/model.py (read at 0443308aa3e9e621c911ac891cac4f3170a83af5):
  // MiniMaxM3SparseAttention's one MinimaxM3QKVParallelLinearWithIndexer emits q, k, v,
  // index_q (sparse_num_index_heads 4 x sparse_index_dim 128) and index_k (one head of 128);
  // index_q_norm and index_k_norm are Gemma RMSNorms of 128; there is no weights_proj (DSA's
  // per-head weights, hidden x index heads). MiniMaxM3Attention (layers 0-2) has no index
  // branch. MiniMaxM3MLP of dense_intermediate_size 12288 on layers 0-2; MiniMaxM3MoE 128
  // experts of 3072 + 1 shared of 3072, router 6144 x 128. Worked by hand:
  const Model& m3 = bundled("minimax-m3");
  CHECK(m3.indexer.kind == "block_sparse");
  const double h = 6144;
  const double attn = h * 64 * 128 + 2 * h * 4 * 128 + 64 * 128 * h;
  const double index = h * 4 * 128 + h * 128;  // index_q, index_k
  const double expert = 3 * h * 3072;
  const double total = 2 * 200064 * h + 60 * attn + 57 * index + 3 * (3 * h * 12288) + 57 * (129 * expert) +
                       57 * h * 128 + 60 * (2 * 128 + 2 * h) + 57 * 2 * 128 + h;
  CHECK(total == 426174565632.0);
  CHECK(static_cast<double>(count_params(m3).total) == Approx(total).epsilon(1e-12));
  // The DSA layout would add weights_proj, 6,144 x 4 on each of the 57 indexer layers.
  Model dsa = m3;
  dsa.indexer.kind = "";
  CHECK(count_params(dsa).total - count_params(m3).total == 57 * 6144 * 4);
  // Megatron Bridge's MiniMax-M3 page (source megatron-bridge-minimax-m3): 428B total. The text
  // decoder counts 426.17B, 0.43% under it: the vision tower and the MTP module (num_mtp_modules
  // in config.json) are in the published figure and not in the count (models.json notes).
  const double published = m3.published_params_b * 1e9;
  CHECK(m3.published_params_b == 428);
  CHECK(static_cast<double>(count_params(m3).total) < published);
  CHECK(static_cast<double>(count_params(m3).total) == Approx(published).epsilon(0.005));
}

TEST_CASE("MiniMax-M3 decode: 3 dense layers read the whole context, 57 sparse layers the top 2,048", "[models2026]") {
  // vLLM, read at these commits:
  // - nvidia/model.py (0443308aa3e9e621c911ac891cac4f3170a83af5) MiniMaxM3DecoderLayer: the layers
  //   _sparse_attention_layer_ids gives (sparse_attention_freq != 0: 3..59) are
  //   MiniMaxM3SparseAttention, the others (0, 1, 2) MiniMaxM3Attention, a plain Attention that
  //   reads every cached token's K and V: 4 KV heads x (128 + 128) x 2 B = 2,048 B per token.
  // - common/sparse_attention.py (040e4601a1068271a771772f22bb2910a2633a72) MiniMaxM3SparseImpl:
  //   "Attend the queries to the indexer-selected blocks", sparse_topk_blocks 16 of 128 tokens
  //   = 2,048 tokens' K/V per layer (each index head = KV head picks its own blocks).
  // - common/ops/index_topk.py (030f10ea0cab5fffe370358860a028864eb94470): the local block is
  //   forced into those 16 (not added to them); the decode score kernel reads every index-key
  //   block: 128 x 2 B = 256 B per token per sparse layer.
  const Model& m3 = bundled("minimax-m3");
  CHECK(m3.indexer.dense_layers == 3);
  CHECK(kv_shape(m3, 16).dense_layers == 3);
  // 32,768 tokens: 3 x 2,048 x 32,768 + 57 x 2,048 x 2,048 + 57 x 256 x 32,768
  //              = 201,326,592 + 239,075,328 + 478,150,656 = 918,552,576 B.
  CHECK(kv_read_bytes_per_sequence(m3, 16, 32768) == Approx(918552576.0).epsilon(1e-12));
  // 1,048,576 tokens: 6,442,450,944 + 239,075,328 + 15,300,820,992 = 21,982,347,264 B.
  CHECK(kv_read_bytes_per_sequence(m3, 16, 1048576) == Approx(21982347264.0).epsilon(1e-12));
  // Below the top-k every layer reads everything: 1,000 x (60 x 2,048 + 57 x 256).
  CHECK(kv_read_bytes_per_sequence(m3, 16, 1000) == Approx(1000.0 * 137472));
  // Attention FLOPs per token: 2 x 64 heads x (128 + 128) per position read, plus the indexer's
  // 2 x 4 x 128 per index key on the 57 sparse layers.
  const double per_position = 2.0 * 64 * 256;
  CHECK(attention_flops_per_token(m3, 32768) ==
        Approx(per_position * (3 * 32768.0 + 57 * 2048.0) + 2.0 * 4 * 128 * 32768 * 57));
  // GLM-5.2 keeps reading the top-k on all 78 layers (its 57 layers without an indexer reuse
  // the previous top-k): 78 x 1,152 x 2,048 + 21 x 132 x 32,768 = 184,025,088 + 90,832,896.
  const Model& glm52 = bundled("glm-5.2");
  CHECK(glm52.indexer.dense_layers == 0);
  CHECK(kv_read_bytes_per_sequence(glm52, 16, 32768) == Approx(274857984.0).epsilon(1e-12));
}

TEST_CASE("MiniMax-M3 shapes vLLM does not build are refused, naming the field", "[models2026]") {
  nlohmann::json m3 = nlohmann::json::parse(config_text("MiniMaxAI--MiniMax-M3_config.json"));
  m3["sparse_attention_config"]["sparse_attention_freq"][7] = 2;
  Result<ImportedModel> r = import_hf_config(m3.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: sparse_attention_config.sparse_attention_freq");
  CHECK(test::all_errors(r.errors).find("not modelled") != std::string::npos);
  // Index value/output projections on a sparse layer: no formula.
  m3 = nlohmann::json::parse(config_text("MiniMaxAI--MiniMax-M3_config.json"));
  m3["sparse_attention_config"]["sparse_disable_index_value"][10] = 0;
  r = import_hf_config(m3.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: sparse_attention_config.sparse_disable_index_value");
  // MinimaxM3QKVParallelLinearWithIndexer requires index heads == KV heads.
  m3 = nlohmann::json::parse(config_text("MiniMaxAI--MiniMax-M3_config.json"));
  m3["sparse_attention_config"]["sparse_num_index_heads"] = 8;
  r = import_hf_config(m3.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: sparse_attention_config.sparse_num_index_heads");
  m3 = nlohmann::json::parse(config_text("MiniMaxAI--MiniMax-M3_config.json"));
  m3["attention_output_gate"] = true;
  r = import_hf_config(m3.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: attention_output_gate");
  // Without sparse layers it is plain GQA: no index keys.
  m3 = nlohmann::json::parse(config_text("MiniMaxAI--MiniMax-M3_config.json"));
  m3["sparse_attention_config"]["use_sparse_attention"] = false;
  r = import_hf_config(m3.dump(), "x");
  REQUIRE(r.ok());
  CHECK_FALSE(r.value->model.has_indexer);
  CHECK(kv_cache_bytes_per_token(r.value->model, 16) == 60 * 2048);
}

// [SECTION] What cardfit refuses

TEST_CASE("configs with attention cardfit does not model are refused, naming the field", "[models2026]") {
  // New attention kinds come with new model_type values: refused by name, never read as full
  // attention. Kimi-Linear (model_type kimi_linear) has KDA with low-rank gates: no importer.
  nlohmann::json kimi = nlohmann::json::parse(config_text("moonshotai--Kimi-K3_config.json"));
  kimi["model_type"] = "kimi_linear";
  Result<ImportedModel> r = import_hf_config(kimi.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: model_type");
  // ... and the attention field it cannot account for is named beside it.
  REQUIRE(r.errors.size() == 2);
  CHECK(r.errors[1].field == "config.json: text_config.linear_attn_config.kda_layers");
  CHECK(test::all_errors(r.errors).find("attention type 'KDA (Kimi Delta Attention)' is not modelled") !=
        std::string::npos);
  // Kimi-K3 with Kimi-Linear's low-rank KDA gate (f_a/f_b, g_a/g_b): no formula, refused at the key.
  kimi = nlohmann::json::parse(config_text("moonshotai--Kimi-K3_config.json"));
  kimi["text_config"]["linear_attn_config"]["use_full_rank_gate"] = false;
  r = import_hf_config(kimi.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: text_config.linear_attn_config.use_full_rank_gate");
  CHECK(test::all_errors(r.errors).find("not modelled") != std::string::npos);
  // kda_layers and full_attn_layers that do not cover the layers: refused, never guessed.
  kimi = nlohmann::json::parse(config_text("moonshotai--Kimi-K3_config.json"));
  kimi["text_config"]["linear_attn_config"]["kda_layers"].erase(0);
  r = import_hf_config(kimi.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: text_config.linear_attn_config.kda_layers");
  // A supported family naming a layer kind it does not know: refused at layer_types.
  nlohmann::json step = nlohmann::json::parse(config_text("stepfun-ai--Step-3.7-Flash_config.json"));
  step["layer_types"][1] = "compressed_attention";
  r = import_hf_config(step.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: layer_types");
  CHECK(test::all_errors(r.errors).find("compressed_attention") != std::string::npos);
  CHECK(test::all_errors(r.errors).find("not modelled") != std::string::npos);
  // MiniMax's lightning (linear) attention layers: attn_type_list 0.
  nlohmann::json mm = nlohmann::json::parse(config_text("MiniMaxAI--MiniMax-M2.7_config.json"));
  mm["attn_type_list"][0] = 0;
  r = import_hf_config(mm.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: attn_type_list");
  // An indexer kind other than full / shared.
  nlohmann::json glm = nlohmann::json::parse(config_text("zai-org--GLM-5.2_config.json"));
  glm["indexer_types"][4] = "compressed";
  r = import_hf_config(glm.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: indexer_types");
  // MiMo-V2 sliding layers with a head size of their own: no formula, refused at the key.
  nlohmann::json mimo = nlohmann::json::parse(config_text("XiaomiMiMo--MiMo-V2-Flash_config.json"));
  mimo["swa_head_dim"] = 128;
  r = import_hf_config(mimo.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: swa_head_dim");
  // Nemotron-H: a block letter with no formula is refused at the pattern, never read as attention.
  nlohmann::json nem = nlohmann::json::parse(config_text("nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16_config.json"));
  std::string pattern = nem["hybrid_override_pattern"].get<std::string>();
  pattern[1] = 'X';
  nem["hybrid_override_pattern"] = pattern;
  r = import_hf_config(nem.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: hybrid_override_pattern");
  CHECK(test::all_errors(r.errors).find("not modelled") != std::string::npos);
  // Gemma 4 layers sharing another layer's KV (num_kv_shared_layers): no formula, refused.
  nlohmann::json g4 = nlohmann::json::parse(config_text("google--gemma-4-26B-A4B_config.json"));
  g4["text_config"]["num_kv_shared_layers"] = 10;
  r = import_hf_config(g4.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: text_config.num_kv_shared_layers");
  // A catalog linear-attention kind other than Gated DeltaNet / mamba2: refused at the field.
  {
    Catalog one;
    Model m = bundled("nemotron-3-nano-30b-a3b");
    m.id = "my-nemo";
    m.aliases.clear();
    m.linear_attention.kind = "mamba3";
    one.models.push_back(m);
    const Result<Catalog> bad = apply_overlay(test::catalog(), CatalogFile{"add.json", catalog_to_json(one)});
    REQUIRE_FALSE(bad.ok());
    CHECK(test::all_errors(bad.errors).find("linear_attention.kind") != std::string::npos);
    CHECK(test::all_errors(bad.errors).find("mamba3") != std::string::npos);
  }
  // An indexer kind other than DSA / block_sparse, or more indexer and dense layers than
  // layers: refused at the field.
  {
    Catalog one;
    Model m = bundled("minimax-m3");
    m.id = "my-m3";
    m.aliases.clear();
    m.indexer.kind = "hash_sparse";
    one.models.push_back(m);
    Result<Catalog> bad = apply_overlay(test::catalog(), CatalogFile{"add.json", catalog_to_json(one)});
    REQUIRE_FALSE(bad.ok());
    CHECK(test::all_errors(bad.errors).find("indexer.kind") != std::string::npos);
    CHECK(test::all_errors(bad.errors).find("hash_sparse") != std::string::npos);
    one.models.front().indexer.kind = "block_sparse";
    one.models.front().indexer.dense_layers = 4;  // 57 + 4 > 60
    bad = apply_overlay(test::catalog(), CatalogFile{"add.json", catalog_to_json(one)});
    REQUIRE_FALSE(bad.ok());
    CHECK(test::all_errors(bad.errors).find("indexer.dense_layers") != std::string::npos);
  }
  // A state dtype cardfit does not know.
  nlohmann::json qwen = nlohmann::json::parse(config_text("Qwen--Qwen3.5-27B_config.json"));
  qwen["text_config"]["mamba_ssm_dtype"] = "float8";
  r = import_hf_config(qwen.dump(), "x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "config.json: text_config.mamba_ssm_dtype");
}

TEST_CASE("the new fields travel in links", "[models2026]") {
  for (const char* id : {"glm-5.2", "qwen3.5-27b", "mimo-v2-flash", "nemotron-3-super-120b-a12b", "gemma-4-26b-a4b",
                         "deepseek-v4-pro", "minimax-m3", "kimi-k3"}) {
    INFO(id);
    const Model& m = bundled(id);
    const Result<Model> back = decode_shapes(encode_shapes(m), "arch");
    INFO(test::all_errors(back.errors));
    REQUIRE(back.ok());
    CHECK(back.value->indexer.layers == m.indexer.layers);
    CHECK(back.value->indexer.dense_layers == m.indexer.dense_layers);
    CHECK(back.value->indexer.kind == m.indexer.kind);
    CHECK(kv_read_bytes_per_sequence(*back.value, 16, 100000) == Approx(kv_read_bytes_per_sequence(m, 16, 100000)));
    CHECK(back.value->linear_attention.recurrent_bits == m.linear_attention.recurrent_bits);
    CHECK(back.value->linear_attention.kind == m.linear_attention.kind);
    CHECK(back.value->sliding_window.num_kv_heads == m.sliding_window.num_kv_heads);
    CHECK(back.value->v_head_dim == m.v_head_dim);
    CHECK(back.value->moe.router_bias == m.moe.router_bias);
    CHECK(back.value->moe.latent_norm == m.moe.latent_norm);
    CHECK(back.value->compressed_attention.index_topk == m.compressed_attention.index_topk);
    CHECK(kv_cache_bytes_per_token(*back.value, 16) == kv_cache_bytes_per_token(m, 16));
    CHECK(state_bytes_per_sequence(*back.value, 16) == Approx(state_bytes_per_sequence(m, 16)));
    CHECK(count_params(*back.value).total == count_params(m).total);
    CHECK(kv_cache_bytes_per_sequence(*back.value, 16, 1000) == Approx(kv_cache_bytes_per_sequence(m, 16, 1000)));
  }
}

TEST_CASE("an imported late-2026 model loads as an overlay, and released_precision must be a precision id", "[models2026]") {
  const Result<ImportedModel> r = import_hf_config(config_text("Qwen--Qwen3.5-35B-A3B_config.json"), "my-q35");
  REQUIRE(r.ok());
  Catalog one;
  Model m = r.value->model;
  m.as_of = "2026-12-02";
  Source s = r.value->source;
  s.date = "2026-12-02";
  one.models.push_back(m);
  one.sources.push_back(s);
  const Result<Catalog> merged = apply_overlay(test::catalog(), CatalogFile{"add.json", catalog_to_json(one)});
  INFO(test::all_errors(merged.errors));
  REQUIRE(merged.ok());
  const Model* loaded = merged.value->find_model("my-q35");
  REQUIRE(loaded != nullptr);
  CHECK(loaded->linear_attention.recurrent_bits == 32);
  CHECK(loaded->released_precision == "bf16");
  // A precision the catalog does not have is refused at the field.
  one.models[0].released_precision = "fp3";
  const Result<Catalog> refused = apply_overlay(test::catalog(), CatalogFile{"add.json", catalog_to_json(one)});
  REQUIRE_FALSE(refused.ok());
  CHECK(test::all_errors(refused.errors).find("released_precision") != std::string::npos);
  CHECK(test::all_errors(refused.errors).find("fp3") != std::string::npos);
}
