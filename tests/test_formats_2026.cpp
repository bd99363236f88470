// The 2026 attention kinds and weight formats (issue 11), on the formula fixture: hybrid linear
// attention (Qwen3-Next), alternating sliding windows (gpt-oss), Gemma 3's 5:1 local/global,
// Llama 4's chunked attention, DeepSeek-V3.2's sparse-attention indexer, MXFP4 and NVFP4
// weights and which GPUs run FP4. Expected values are worked out by hand in the comments from
// the config.json shapes (models.json cites them).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "estimate_json.hpp"
#include "explain.hpp"
#include "format.hpp"
#include "hardware.hpp"
#include "memory.hpp"
#include "weights.hpp"
#include "params.hpp"
#include "speed.hpp"
#include "test_support.hpp"

#include <nlohmann/json.hpp>

using namespace cardfit;
using namespace cardfit::test::formula;
using cardfit::test::en;
using cardfit::test::zh;

namespace {

bool has_warning(const std::vector<Message>& warnings, MsgId id) {
  for (const Message& w : warnings) {
    if (w.id == id) return true;
  }
  return false;
}

const GpuEstimate& on_gpu(const Estimate& e, const std::string& id) { return test::on(e, id); }

}  // namespace

// [SECTION] Parameter counts

TEST_CASE("Qwen3-Next: 12 gated attention layers, 36 Gated DeltaNet layers, 512 experts", "[formats][params]") {
  const ParamCounts p = count_params(model("qwen3-next-80b-a3b"));
  // Gated attention (hidden 2048, 16 q heads x 256, 2 KV heads): q_proj 2 x wide for the gate.
  const std::int64_t attn = 2048LL * 16 * 256 * 2 + 2 * 2048LL * 2 * 256 + 16LL * 256 * 2048;  // 27,262,976
  // Gated DeltaNet (16 key heads x 128, 32 value heads x 128): in_proj_qkvz, in_proj_ba, out_proj.
  const std::int64_t lin = 2048LL * (2 * 2048 + 2 * 4096) + 2048LL * 2 * 32 + 4096LL * 2048;   // 33,685,504
  CHECK(p.attention_per_layer == attn);
  CHECK(p.linear_attention_per_layer == lin);
  CHECK(p.linear_attention_layers == 36);
  CHECK(p.attention == 12 * attn + 36 * lin);
  // Vectors: q/k norms on the 12 full layers; conv1d (8192 channels x 4), dt_bias, A_log, the
  // gated RMSNorm on the 36 linear layers; 2 norms per layer; the final norm.
  CHECK(p.vectors == 12 * 512 + 36 * (8192 * 4 + 64 + 128) + 48 * 2 * 2048 + 2048);
  // 48 MoE layers of 512 routed experts + 1 shared, each 3 x 2048 x 512; untied 151,936 vocab.
  const std::int64_t expert = 3LL * 2048 * 512;
  CHECK(p.mlp == 48 * (512 * expert + expert));
  CHECK(p.total == 2 * 151936LL * 2048 + 12 * attn + 36 * lin + 48 * (513 * expert) + 48LL * 2048 * 512 +
                       (12 * 512 + 36 * (8192 * 4 + 64 + 128) + 48 * 2 * 2048 + 2048));  // 79,674,292,992
  CHECK(p.total == 79674292992LL);  // "80B" (model card); 79.67B with every structure counted
}

TEST_CASE("DeepSeek-V3.2: the indexer adds its projections on every layer", "[formats][params]") {
  const ParamCounts v32 = count_params(model("deepseek-v3.2-exp"));
  const ParamCounts v3 = count_params(model("deepseek-v3"));
  // wq_b (q_lora 1536 -> 64 x 128), wk (7168 -> 128), weights_proj (7168 -> 64), k_norm (2 x 128).
  const std::int64_t indexer = 1536LL * 64 * 128 + 7168LL * 128 + 7168LL * 64 + 2 * 128;
  CHECK(v32.total - v3.total == 61 * indexer);  // ~0.85B: the notes' figure
  CHECK(61 * indexer == 851524864LL);
}

// [SECTION] KV cache: which layers keep one, and how much

TEST_CASE("gpt-oss: half the layers keep a 128-token window, sinks add no cached tokens", "[formats][kv]") {
  const Model& m = model("gpt-oss-120b");
  const KvShape ks = kv_shape(m, 16);
  CHECK(ks.per_layer == 2 * 8 * 64 * 2);  // K and V, 8 KV heads x 64, 2 bytes
  CHECK(ks.full_layers == 18);
  CHECK(ks.window_layers == 18);
  CHECK(ks.window == 128);
  CHECK(kv_cache_bytes_per_token(m, 16) == 36 * 2048);
  // 131,072 tokens: 18 layers cache all of them, 18 layers only the last 128.
  CHECK(kv_cache_bytes_per_sequence(m, 16, 131072) == Approx(18.0 * 2048 * 131072 + 18.0 * 2048 * 128));
  CHECK(kv_cache_bytes_per_sequence(m, 16, 100) == Approx(36.0 * 2048 * 100));  // below the window: all layers
  CHECK(kv_read_bytes_per_sequence(m, 16, 131072) == Approx(18.0 * 2048 * 131072 + 18.0 * 2048 * 128));
}

TEST_CASE("Gemma 3: 5 local layers (1024 tokens) per global layer", "[formats][kv]") {
  const Model& m = model("gemma-3-12b");
  const KvShape ks = kv_shape(m, 16);
  CHECK(ks.full_layers == 8);    // layers 6, 12, ..., 48
  CHECK(ks.window_layers == 40);
  CHECK(ks.window == 1024);
  const double per_layer = 2.0 * 8 * 256 * 2;
  CHECK(kv_cache_bytes_per_sequence(m, 16, 131072) == Approx(8 * per_layer * 131072 + 40 * per_layer * 1024));
}

TEST_CASE("Llama 4: chunked attention caps 3 of 4 layers at 8,192 tokens", "[formats][kv]") {
  const Model& m = model("llama-4-scout");
  const KvShape ks = kv_shape(m, 16);
  CHECK(ks.per_layer == 2 * 8 * 128 * 2);
  CHECK(ks.full_layers == 12);   // every 4th layer: NoPE, global
  CHECK(ks.chunk_layers == 36);
  CHECK(ks.chunk == 8192);
  CHECK(kv_cache_bytes_per_sequence(m, 16, 1000000) == Approx(12.0 * 4096 * 1e6 + 36.0 * 4096 * 8192));
  CHECK(kv_cache_bytes_per_sequence(m, 16, 4096) == Approx(48.0 * 4096 * 4096));  // within one chunk
  CHECK(m.max_context == 10485760);  // above the old 10,000,000 bound of max_context and --context
  // Attention FLOPs per token: chunked layers attend to at most 8,192 positions.
  const double per_position = 2.0 * 40 * (128 + 128);
  CHECK(attention_flops_per_token(m, 1e6) == Approx(per_position * (12 * 1e6 + 36 * 8192.0)));
}

TEST_CASE("DeepSeek-V3.2: MLA latent plus the indexer's FP8 key per layer, attention reads top 2048", "[formats][kv]") {
  const Model& m = model("deepseek-v3.2-exp");
  const KvShape ks = kv_shape(m, 16);
  CHECK(ks.per_layer == (512 + 64) * 2);
  CHECK(ks.indexer_layers == 61);
  CHECK(ks.indexer_per_layer == Approx(128 * 8.25 / 8));  // 132 B: FP8 + one FP32 scale per 128 values
  CHECK(kv_cache_bytes_per_token(m, 16) == 61 * 1152 + 61 * 132);  // 78,324 B
  // A decode step reads the top 2,048 latents per layer and every cached indexer key.
  CHECK(kv_read_bytes_per_sequence(m, 16, 100000) == Approx(61.0 * 1152 * 2048 + 61.0 * 132 * 100000));
  CHECK(kv_read_bytes_per_sequence(m, 16, 1000) == Approx(61.0 * (1152 + 132) * 1000));
  // Attention FLOPs: 2 x 128 heads x (192 + 128) per position over 2,048 positions, plus the
  // indexer's 2 x 64 heads x 128 per cached token.
  CHECK(attention_flops_per_token(m, 100000) ==
        Approx(2.0 * 128 * (192 + 128) * 61 * 2048 + 2.0 * 64 * 128 * 100000 * 61));
}

TEST_CASE("Qwen3-Next: 12 layers cache, 36 keep a fixed state per sequence", "[formats][kv]") {
  const Model& m = model("qwen3-next-80b-a3b");
  const KvShape ks = kv_shape(m, 16);
  CHECK(ks.full_layers == 12);
  CHECK(kv_cache_bytes_per_token(m, 16) == 12 * 2 * 2 * 256 * 2);  // 24,576 B
  const LinearState st = linear_state(m, 16);
  CHECK(st.layers == 36);
  CHECK(st.conv_values == (4 - 1) * (2 * 16 * 128 + 32 * 128));  // 24,576
  CHECK(st.recurrent_values == 32.0 * 128 * 128);                 // 524,288
  CHECK(state_bytes_per_sequence(m, 16) == Approx(36.0 * (24576 + 524288) * 2));  // 39,518,208 B
  CHECK(state_bytes_per_sequence(model("llama-3-8b"), 16) == 0);
  // The state costs the same at any context; FLOPs per token add 4 x the recurrent state and
  // the short convolution on the linear layers.
  const double per_position = 2.0 * 16 * (256 + 256);
  CHECK(attention_flops_per_token(m, 1000) ==
        Approx(per_position * 12 * 1000 + 36 * (4 * 524288.0 + 2 * 8192.0 * 4)));

  // In an estimate: KV cache = concurrency x (per-token cache x context + state).
  Scenario s;
  s.model = "qwen3-next-80b-a3b";
  s.precision = "bf16";
  s.context = 32768;
  s.prompt = 4096;
  s.concurrency = 4;
  s.explain = true;
  const Estimate e = run(s);
  CHECK(e.state_bytes_per_sequence == 39518208);
  CHECK(e.kv_cache_bytes_per_token == 24576);
  CHECK(static_cast<double>(e.memory.kv_cache) == Approx(4 * (24576.0 * 32768 + 39518208)).epsilon(1e-9));
  const nlohmann::json j = nlohmann::json::parse(estimate_to_json(e, catalog(), Lang::En));
  CHECK(j["state_bytes_per_sequence"] == 39518208);
  CHECK(j["kv_cache_bytes_per_token"] == 24576);
  // The explanation shows the state term and ends in the figure; cites Gated DeltaNet.
  for (const Explanation& x : e.explain) {
    if (x.key != "kv_cache") continue;
    CHECK(en(x.substituted).find("36 × (24,576 + 524,288) × 2 B") != std::string::npos);
    std::string cites;
    for (const std::string& ref : x.sources) cites += ref + " ";
    CHECK(cites.find("gated-deltanet-2024") != std::string::npos);
    CHECK(cites.find("vllm-mamba-state-dtype") != std::string::npos);
  }
}

// [SECTION] FP4 weights

TEST_CASE("MXFP4 (gpt-oss): routed experts at 4.25 bits, attention and the rest at 16", "[formats][weights]") {
  const WeightPrecision* mx = catalog().find_weight_precision("mxfp4");
  REQUIRE(mx != nullptr);
  CHECK(mx->bits_per_weight == Approx(4.25));  // E2M1 values + one E8M0 scale per 32 = 4 + 8/32
  CHECK(mx->keep_attention_16bit);
  CHECK(mx->keep_dense_mlp_16bit);
  const ParamCounts p = count_params(model("gpt-oss-120b"));
  const double routed = 36.0 * 128 * 3 * 2880 * 2880;  // no dense layers, no shared experts
  CHECK(static_cast<double>(p.mlp) == Approx(routed));
  const WeightBytes w = weight_bytes(p, *mx);
  CHECK(w.stored == Approx(routed * 4.25 / 8 + (static_cast<double>(p.total) - routed) * 2));  // ~65 GB
  CHECK(w.stored / 1e9 == Approx(65.2).margin(0.2));
  CHECK(w.expert == Approx(3.0 * 2880 * 2880 * 4.25 / 8));

  const WeightPrecision* nv = catalog().find_weight_precision("nvfp4");
  REQUIRE(nv != nullptr);
  CHECK(nv->bits_per_weight == Approx(4.5));  // E2M1 + one FP8 scale per 16 = 4 + 8/16
  CHECK(nv->compute == ComputeType::Fp4);
}

TEST_CASE("FP4 runs natively on Blackwell, weight-only on Ampere..Hopper, not at all on Volta/Turing", "[formats][hardware]") {
  CHECK(gpu("b200").fp4_path == Fp4Path::Native);
  CHECK(dense_rate(gpu("b200"), ComputeType::Fp4).tflops == Approx(9000));  // 144 PF sparse / 8 / 2
  CHECK(dense_rate(gpu("b200"), ComputeType::Fp4).native);
  CHECK(dense_rate(gpu("rtx-5090"), ComputeType::Fp4).tflops == Approx(1676));
  const DenseRate ada = dense_rate(gpu("rtx-4090"), ComputeType::Fp4);
  CHECK_FALSE(ada.native);
  CHECK(ada.tflops == Approx(gpu("rtx-4090").bf16_dense_tflops));
  CHECK(capability_native(gpu("rtx-5090"), Capability::Fp4));
  CHECK_FALSE(capability_native(gpu("h100-sxm"), Capability::Fp4));
  CHECK(runs_weights(gpu("a100-80g"), Capability::Fp4));   // Marlin FP4, weight-only
  CHECK(runs_weights(gpu("mi300x"), Capability::Fp4));     // vLLM's gpt-oss recipe runs MXFP4 on MI300x
  CHECK_FALSE(runs_weights(gpu("t4"), Capability::Fp4));
  CHECK_FALSE(runs_weights(gpu("v100-32g"), Capability::Fp4));

  Scenario s;
  s.model = "gpt-oss-20b";
  s.precision = "mxfp4";
  const Estimate e = run(s);
  CHECK(has_warning(on_gpu(e, "a100-80g").warnings, MsgId::est_warn_fp4_weight_only));
  CHECK(has_warning(on_gpu(e, "t4").warnings, MsgId::est_warn_fp4_no_path));
  CHECK_FALSE(has_warning(on_gpu(e, "b200").warnings, MsgId::est_warn_fp4_weight_only));
  CHECK_FALSE(has_warning(on_gpu(e, "rtx-5090").warnings, MsgId::est_warn_fp4_no_path));
  for (const Message& w : on_gpu(e, "t4").warnings) {
    if (w.id == MsgId::est_warn_fp4_no_path) CHECK(zh(w).find("FP4") != std::string::npos);
  }
}

// [SECTION] Explanations end in their figures for the 2026 models

TEST_CASE("explanations of the 2026 models end in the figures the estimate reports", "[formats][explain]") {
  struct Row {
    const char* model;
    const char* precision;
  };
  for (const Row& row : {Row{"gpt-oss-120b", "mxfp4"}, Row{"qwen3-next-80b-a3b", "bf16"}, Row{"llama-4-scout", "bf16"},
                         Row{"deepseek-v3.2-exp", "fp8"}, Row{"gemma-3-12b", "bf16"}}) {
    INFO(row.model);
    Scenario s;
    s.model = row.model;
    s.precision = row.precision;
    s.context = 65536;
    s.concurrency = 2;
    s.explain = true;
    const Estimate e = run(s);
    REQUIRE_FALSE(e.explain.empty());
    const std::string per_token = format_grouped(static_cast<double>(e.kv_cache_bytes_per_token)) + " B";
    const std::string kv = format_bytes(static_cast<double>(e.memory.kv_cache));
    const std::string weights = format_bytes(static_cast<double>(e.memory.weights));
    const std::string total = format_grouped(static_cast<double>(e.params.total));
    for (const Explanation& x : e.explain) {
      std::string want;
      if (x.key == "kv_cache_per_token") want = per_token;
      if (x.key == "kv_cache") want = kv;
      if (x.key == "weights") want = weights;
      if (x.key == "params_total") want = total;
      if (want.empty()) continue;
      INFO(x.key << ": " << en(x.substituted));
      CHECK(x.figure == want);
      for (Lang lang : {Lang::En, Lang::Zh}) {
        const std::string t = render(x.substituted, lang);
        CHECK(t.size() >= want.size());
        CHECK(t.compare(t.size() - want.size(), want.size(), want) == 0);
      }
      for (const std::string& ref : x.sources) {
        INFO(ref);
        CHECK(en(cite(catalog(), ref)) != ref);  // a source id or a catalog entry, resolved
      }
    }
  }
}

// [SECTION] Releases that keep parts out of the format (NVIDIA's NVFP4 exports)

// The bundled catalog's models (the fixture predates release_parts). Each hand count below is
// docs/model.md §1's table on the model's config.json shapes (models.json, cited there); the
// parts each export keeps are its hf_quant_config.json exclude_modules, read in
// ai-dynamo/aiconfigurator@095f58a51c4ca8e61b66ec108d86f223f8d559ce
// aic-core/src/aiconfigurator_core/model_configs/nvidia--<name>_hf_quant_config.json.
namespace {

struct ReleaseCase {
  const Model& m;
  ParamCounts p;
  WeightPrecision format;   // nvfp4 as precisions.json has it
  WeightPrecision release;  // ... with the model's release_parts
};

ReleaseCase release_case(const std::string& id) {
  const Model& m = test::model(id);
  const WeightPrecision* nv = test::catalog().find_weight_precision("nvfp4");
  REQUIRE(nv != nullptr);
  return {m, count_params(m), *nv, release_precision(*nv, m)};
}

Estimate nvfp4_on_b200(const std::string& id) {
  Scenario s;
  s.model = id;
  s.precision = "nvfp4";
  s.gpu = "b200";
  s.engine = "sglang";  // no weight padding for nvfp4 in any engine: the weights are the checkpoint's
  return test::run(s);
}

}  // namespace

TEST_CASE("NVFP4 export of MiniMax-M2.5 keeps attention in BF16 (release_parts)", "[formats][weights][release]") {
  const ReleaseCase c = release_case("minimax-m2.5");
  // nvidia--MiniMax-M2.5-NVFP4_hf_quant_config.json: quant_algo NVFP4; exclude_modules lm_head and, on all
  // 62 layers, self_attn* and block_sparse_moe.gate. config: hidden 3072, 48 q / 8 KV heads x 128,
  // 256 experts of 1536, vocab 200064, untied.
  const double attention = 62.0 * (2 * 3072.0 * 48 * 128 + 2 * 3072.0 * 8 * 128);  // q, o + k, v: 2,730,491,904
  const double routed = 62.0 * 256 * 3 * 3072 * 1536;                               // 224,680,476,672
  const double router = 62.0 * 3072 * 256;                                          // 48,758,784
  const double embeddings = 200064.0 * 3072;                                        // 614,596,608, twice (untied)
  CHECK(static_cast<double>(c.p.attention) == attention);
  CHECK(static_cast<double>(c.p.mlp) == routed);
  CHECK(static_cast<double>(c.p.router) == router);
  CHECK(static_cast<double>(c.p.lm_head) == embeddings);
  const double vectors = static_cast<double>(c.p.vectors);  // norms (0.8M): 16-bit in every format
  // BF16 (2 B): attention, router, embeddings, lm_head, norms; NVFP4 (4.5 bits): the routed experts.
  const double expected = (attention + router + 2 * embeddings + vectors) * 2 + routed * 4.5 / 8;  // 130.3 GB
  CHECK(c.release.keep_attention_16bit);
  CHECK_FALSE(c.release.keep_dense_mlp_16bit);
  CHECK(weight_bytes(c.p, c.release).stored == Approx(expected).epsilon(1e-12));
  // The format alone (before release_parts) counted attention at 4.5 bits: 3.93 GB less.
  CHECK(weight_bytes(c.p, c.format).stored == Approx(expected - attention * (2 - 4.5 / 8)).epsilon(1e-12));
  // Read per decoded token: the dense part (attention, router, norms, the head) in BF16 + 8 experts.
  const double read = (attention + router + vectors + embeddings) * 2 + 8 * 62.0 * 3 * 3072 * 1536 * 4.5 / 8;
  const Estimate e = nvfp4_on_b200("minimax-m2.5");
  CHECK(e.memory.weights == Approx(expected).epsilon(1e-9));
  CHECK(static_cast<double>(e.weight_bytes_per_token) == Approx(read).epsilon(1e-9));
}

TEST_CASE("NVFP4 export of Kimi-K2.7-Code keeps attention, layer 0 and the shared experts in BF16", "[formats][weights][release]") {
  const ReleaseCase c = release_case("kimi-k2.7-code");
  // nvidia--Kimi-K2.7-Code-NVFP4_hf_quant_config.json: exclude_modules lm_head, embed_tokens, layers.0*,
  // and self_attn* and mlp.shared_experts* of layers 1-60. config: hidden 7168, 61 layers, MLA (q_lora
  // 1536, kv_lora 512, 64 heads, nope 128 + rope 64, v 128), layer 0 dense (18432), 60 MoE layers of
  // 384 experts + 1 shared of 2048, vocab 163840, untied.
  const double mla = 7168.0 * 1536 + 1536.0 * 64 * (128 + 64) + 7168.0 * (512 + 64) + 512.0 * 64 * (128 + 128) +
                     64.0 * 128 * 7168;                // 101,122,048 per layer
  const double attention = 61 * mla;                   // 6,168,444,928
  const double dense = 3 * 7168.0 * 18432;             // layer 0's MLP: 396,361,728
  const double shared = 60 * 3 * 7168.0 * 2048;        // 2,642,411,520
  const double routed = 60 * 384 * 3 * 7168.0 * 2048;  // 1,014,686,023,680
  const double router = 60 * 7168.0 * 384;             // 165,150,720
  const double embeddings = 163840.0 * 7168;           // 1,174,405,120, twice
  CHECK(static_cast<double>(c.p.attention) == attention);
  CHECK(static_cast<double>(c.p.mlp) == dense + shared + routed);
  const double vectors = static_cast<double>(c.p.vectors);
  // Kept in BF16: 6.17 + 0.40 + 2.64 = 9.21B parameters besides the embeddings, router and norms.
  const double expected =
      (attention + dense + shared + router + 2 * embeddings + vectors) * 2 + routed * 4.5 / 8;  // 589.8 GB
  CHECK(weight_bytes(c.p, c.release).stored == Approx(expected).epsilon(1e-12));
  // Before: attention, layer 0 and the shared experts at 4.5 bits, 13.24 GB (2.2%) less.
  const double kept = attention + dense + shared;
  CHECK(weight_bytes(c.p, c.format).stored == Approx(expected - kept * (2 - 4.5 / 8)).epsilon(1e-12));
  CHECK(nvfp4_on_b200("kimi-k2.7-code").memory.weights == Approx(expected).epsilon(1e-9));
}

TEST_CASE("NVFP4 export of Qwen3.6-27B keeps attention in FP8 (fp8_parts)", "[formats][weights][release]") {
  const ReleaseCase c = release_case("qwen3.6-27b");
  // nvidia--Qwen3.6-27B-NVFP4_hf_quant_config.json: quant_algo MIXED_PRECISION; quantized_layers FP8 for
  // linear_attn in_proj_qkv / in_proj_z / out_proj (48 layers) and self_attn q/k/v/o_proj (16 layers),
  // W4A16_NVFP4 for the 64 MLPs and lm_head. config: hidden 5120; full attention 24 q (gated, q_proj
  // doubled) / 4 KV heads x 256; Gated DeltaNet 16 key / 48 value heads x 128; MLP 17408; vocab 248320.
  const double full = 5120.0 * 2 * 24 * 256 + 2 * 5120.0 * 4 * 256 + 24 * 256 * 5120.0;  // 104,857,600
  const double gdn = 5120.0 * (2 * 16 * 128 + 2 * 48 * 128) + 5120.0 * 2 * 48 + 48 * 128 * 5120.0;  // 115,834,880
  const double attention = 16 * full + 48 * gdn;  // 7,237,795,840 (in_proj_ba, 23.6M, is BF16 in the file: counted FP8)
  const double mlp = 64 * 3 * 5120.0 * 17408;     // 17,112,760,320
  const double embeddings = 248320.0 * 5120;      // 1,271,398,400, twice (untied)
  CHECK(static_cast<double>(c.p.attention) == attention);
  CHECK(static_cast<double>(c.p.mlp) == mlp);
  CHECK(c.release.fp8_attention);
  const double vectors = static_cast<double>(c.p.vectors);
  const double vision = static_cast<double>(c.p.extra);  // 460,730,096, BF16
  // NOTE: the file has lm_head in NVFP4 too; the nvfp4 format keeps it at 16 bits (0.7 GB more).
  const double expected = attention * 1 + mlp * 4.5 / 8 + (2 * embeddings + vectors + vision) * 2;  // 22.9 GB
  CHECK(weight_bytes(c.p, c.release).stored == Approx(expected).epsilon(1e-12));
  CHECK(weight_bytes(c.p, c.format).stored == Approx(expected - attention * (1 - 4.5 / 8)).epsilon(1e-12));
  CHECK(nvfp4_on_b200("qwen3.6-27b").memory.weights == Approx(expected).epsilon(1e-9));
}

TEST_CASE("NVFP4 export of DeepSeek-V3.2 keeps attention but o_proj in BF16 (attention_inputs)", "[formats][weights][release]") {
  const ReleaseCase c = release_case("deepseek-v3.2");
  // nvidia--DeepSeek-V3.2-NVFP4_hf_quant_config.json: exclude_modules lm_head, model.layers.61* (MTP),
  // and on all 61 layers q_a_proj, q_b_proj, kv_a_proj_with_mqa, kv_b_proj and indexer*; o_proj is
  // NVFP4. config: hidden 7168, 128 heads, q_lora 1536, kv_lora 512, nope 128 + rope 64, v 128;
  // indexer 64 heads x 128.
  const double inputs = 7168.0 * 1536 + 1536.0 * 128 * 192 + 7168.0 * 576 + 512.0 * 128 * 256;  // 69,664,768
  const double indexer = 1536.0 * 64 * 128 + 7168.0 * 128 + 7168.0 * 64;                       // 13,959,168
  const double o_proj = 128.0 * 128 * 7168;                                                     // 117,440,512
  CHECK(static_cast<double>(c.p.attention) == 61 * (inputs + indexer + o_proj));
  CHECK(static_cast<double>(c.p.attention_output) == 61 * o_proj);
  CHECK(c.release.keep_attention_inputs_16bit);
  CHECK_FALSE(c.release.keep_attention_16bit);
  const double kept = 61 * (inputs + indexer);  // 5,101,060,096 parameters in BF16
  CHECK(kept_attention_params(c.p, c.release) == kept);
  // The format alone counted them at 4.5 bits: 7.33 GB less.
  const double gap = kept * (2 - 4.5 / 8);
  CHECK(weight_bytes(c.p, c.release).stored - weight_bytes(c.p, c.format).stored == Approx(gap).epsilon(1e-9));
  CHECK(gap / 1e9 == Approx(7.333).epsilon(1e-3));
  // Read per decoded token: attention is read whole, so the same gap.
  CHECK(weight_bytes(c.p, c.release).read_dense - weight_bytes(c.p, c.format).read_dense == Approx(gap).epsilon(1e-9));
  CHECK(nvfp4_on_b200("deepseek-v3.2").memory.weights == Approx(weight_bytes(c.p, c.release).stored).epsilon(1e-9));
  // DeepSeek-V3.1's export (aic-deepseek-v3.1-nvfp4-quant): the same four projections, no indexer.
  const ReleaseCase v31 = release_case("deepseek-v3.1");
  CHECK(kept_attention_params(v31.p, v31.release) == 61 * inputs);  // 4,249,550,848: 6.11 GB more than the format
  CHECK(weight_bytes(v31.p, v31.release).stored - weight_bytes(v31.p, v31.format).stored ==
        Approx(61 * inputs * (2 - 4.5 / 8)).epsilon(1e-9));
}

TEST_CASE("NVFP4 export of Nemotron-3-Nano keeps the attention blocks and 6 of 23 Mamba-2 blocks in BF16", "[formats][weights][release]") {
  const ReleaseCase c = release_case("nemotron-3-nano-30b-a3b");
  // nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4_hf_quant_config.json: exclude_modules lm_head,
  // q/k/v/o_proj of the 6 attention blocks, in_proj and out_proj of 6 Mamba-2 blocks (4, 11, 18, 25,
  // 32, 41), conv1d of all 23 (a vector here, 16-bit in every format). config: hidden 2688; attention
  // 32 q / 2 KV heads x 128; Mamba-2 64 heads x 64 (d_inner 4096), 8 groups x 128.
  const double attention_block = 2688.0 * 4096 + 2 * 2688.0 * 256 + 4096.0 * 2688;  // 23,396,352
  const double mamba_block = 2688.0 * (2 * 4096 + 2 * 8 * 128 + 64) + 4096.0 * 2688;  // in_proj + out_proj: 38,707,200
  CHECK(static_cast<double>(c.p.attention) == 6 * attention_block + 23 * mamba_block);
  CHECK(static_cast<double>(c.p.linear_attention_per_layer) == mamba_block);
  CHECK(static_cast<double>(c.p.linear_attention_output_per_layer) == 4096.0 * 2688);
  CHECK(c.release.quantized_linear_layers == 17);
  const double kept = 6 * attention_block + 6 * mamba_block;  // 372,621,312
  CHECK(kept_attention_params(c.p, c.release) == kept);
  CHECK(weight_bytes(c.p, c.release).stored - weight_bytes(c.p, c.format).stored ==
        Approx(kept * (2 - 4.5 / 8)).epsilon(1e-9));  // 0.54 GB
  // "attention" alone would keep all 23 Mamba-2 blocks: 0.94 GB more than the export holds.
  WeightPrecision all = c.release;
  all.quantized_linear_layers = 0;
  CHECK(kept_attention_params(c.p, all) == 6 * attention_block + 23 * mamba_block);
  // A count beyond the model's linear layers leaves only the attention blocks kept.
  all.quantized_linear_layers = 1000;
  CHECK(kept_attention_params(c.p, all) == 6 * attention_block);
}

TEST_CASE("NVFP4 releases against published checkpoint sizes", "[formats][weights][release]") {
  // Kimi-K2.5's NVIDIA export keeps self_attn and lm_head in BF16 (config.json quantization_config
  // ignore, aic-kimi-k2.5-nvfp4); wafer-ai's Kimi-K2.6-NVFP4 (the same shapes, ModelOpt, the same
  // split: "lm_head, all *self_attn* projections (MLA), *vision_tower*, *mm_projector*" BF16) states
  // "Storage ~590 GB (550 GiB)" (https://huggingface.co/wafer-ai/Kimi-K2.6-NVFP4, stored copy
  // https://hf.kigml.com/wafer-ai/Kimi-K2.6-NVFP4, read 2026-12-06).
  // Its vision tower (~0.4B, 0.8 GB) is not counted; "~590" is rounded: within 1%.
  const double kimi = nvfp4_on_b200("kimi-k2.5").memory.weights;
  CHECK(kimi / 1e9 == Approx(590).epsilon(0.01));  // the format alone: 581.4 GB, 1.5% low
  // nvidia/Qwen3.6-27B-NVFP4: "MLP linears quantized to NVFP4 (W4A16), attention linears and KV cache
  // kept in FP8. ~22 GB on disk" (https://github.com/vllm-project/recipes/pull/606). cardfit keeps lm_head at 16 bits where
  // the file has it in NVFP4 (+0.72 GB): 22.9 GB, within 5% of ~22; the format alone, 19.7 GB, is 10% low.
  const double qwen = nvfp4_on_b200("qwen3.6-27b").memory.weights;
  CHECK(qwen / 1e9 == Approx(22).epsilon(0.05));
}

TEST_CASE("a release naming no parts for a format leaves the format as it is", "[formats][weights][release]") {
  // nvidia--Qwen3-235B-A22B-NVFP4_hf_quant_config.json excludes only the routers (mlp.gate) and
  // lm_head, which nvfp4 keeps anyway: no release_parts, the same bytes.
  const ReleaseCase c = release_case("qwen3-235b-a22b");
  CHECK(c.m.release_parts.empty());
  CHECK(weight_bytes(c.p, c.release).stored == weight_bytes(c.p, c.format).stored);
  // A release's parts apply to its own format only: Kimi-K2.7-Code in FP8 is FP8 throughout.
  const Model& kimi = test::model("kimi-k2.7-code");
  const WeightPrecision* fp8 = test::catalog().find_weight_precision("fp8");
  REQUIRE(fp8 != nullptr);
  CHECK_FALSE(release_precision(*fp8, kimi).keep_attention_16bit);
}
