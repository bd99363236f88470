// The text behind every figure: formulas in both languages, numbers substituted, sources.
#include "explain.hpp"

#include <algorithm>
#include <cmath>

#include "fit.hpp"
#include "numbers.hpp"
#include "speed.hpp"

namespace cardfit {
namespace {

using std::string;

Explanation item(string key, string q_en, string q_zh, string f_en, string f_zh, string substituted, string source) {
  return Explanation{std::move(key), Text{std::move(q_en), std::move(q_zh)}, Text{std::move(f_en), std::move(f_zh)},
                     std::move(substituted), std::move(source)};
}

string num(double v) { return format_grouped(v); }
string i64s(std::int64_t v) { return format_grouped(static_cast<double>(v)); }
string bytes(double v) { return format_bytes(v); }
string bytes(std::int64_t v) { return format_bytes(static_cast<double>(v)); }
string fixed(double v, int d) { return format_fixed(v, d); }
// Up to 3 decimals, trailing zeros dropped: 16, 4.25, 4.127.
string bits(double v) {
  string s = format_fixed(v, 3);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

const char* compute_name(ComputeType c) {
  switch (c) {
    case ComputeType::Fp32: return "FP32";
    case ComputeType::Fp16: return "FP16";
    case ComputeType::Bf16: return "BF16";
    case ComputeType::Fp8: return "FP8";
    case ComputeType::Int8: return "INT8";
  }
  return "FP16";
}

Layout layout_of(const GpuEstimate& g) {
  Layout l;
  l.cards = std::max(1, g.cards);
  l.tensor_parallel = g.tensor_parallel;
  l.pipeline_parallel = g.pipeline_parallel;
  l.data_parallel = g.data_parallel;
  l.zero_stage = g.zero_stage;
  return l;
}

}  // namespace

std::vector<Explanation> explain_model(const Resolved& r, const Estimate& e) {
  std::vector<Explanation> out;
  const Model& m = *r.model;
  const ParamCounts& p = e.params;
  const Scenario& sc = *r.scenario;
  const WeightPrecision& w = *r.precision;

  // Parameters.
  {
    string sub = "embedding " + format_count(static_cast<double>(p.embedding)) + " + lm_head " +
                 format_count(static_cast<double>(p.lm_head)) + (m.tie_embeddings ? " (tied)" : "") + " + attention " +
                 std::to_string(m.num_layers) + " × " + format_count(static_cast<double>(p.attention_per_layer)) +
                 " + MLP " + format_count(static_cast<double>(p.mlp)) + " + router " +
                 format_count(static_cast<double>(p.router)) + " + norms/biases " +
                 format_count(static_cast<double>(p.vectors)) + " + extra " + format_count(static_cast<double>(p.extra)) +
                 " = " + i64s(p.total);
    if (m.published_params_b > 0) sub += " (published " + fixed(m.published_params_b, 2) + " B)";
    string f_en = "N = vocab·h (embedding) + [untied] vocab·h (output layer) + L·(h·H·d + 2·h·K·d + H·d·h) + MLP 3·h·i per "
                  "layer (MoE: experts·3·h·i_e + shared + router h·experts) + norms + extra";
    string f_zh = "N = 词表·h（嵌入）+ [不共享时] 词表·h（输出层）+ L·(h·H·d + 2·h·K·d + H·d·h) + 每层 MLP 3·h·i"
                  "（MoE：专家数·3·h·i_e + 共享专家 + 路由 h·专家数）+ 归一化 + 额外参数";
    if (m.is_mla) {
      f_en += "; MLA attention: h·q_lora + q_lora·H·(d_nope+d_rope) + h·(kv_lora+d_rope) + kv_lora·H·(d_nope+d_v) + H·d_v·h";
      f_zh += "；MLA 注意力：h·q_lora + q_lora·H·(d_nope+d_rope) + h·(kv_lora+d_rope) + kv_lora·H·(d_nope+d_v) + H·d_v·h";
    }
    out.push_back(item("params_total", "Parameters (total)", "参数量（总）", f_en, f_zh, sub,
                       "config.json shapes; " + string(kSrcTransformerMath)));
  }
  if (m.is_moe) {
    string sub = format_count(static_cast<double>(p.total)) + " − " + std::to_string(p.moe_layers) + " × (" +
                 std::to_string(m.moe.num_experts) + " − " + std::to_string(m.moe.experts_per_token) + ") × " +
                 format_count(static_cast<double>(p.expert_params)) + " − " + format_count(static_cast<double>(p.extra)) +
                 " = " + i64s(p.active);
    out.push_back(item("params_active", "Parameters used per token (MoE)", "每 token 激活参数（MoE）",
                       "N_active = N − MoE_layers·(experts − top_k)·3·h·i_e − extra (speed and FLOPs use N_active)",
                       "N_active = N − MoE层数·(专家数 − top_k)·3·h·i_e − 额外参数（速度与算力按 N_active）", sub,
                       "config.json (num_experts, num_experts_per_tok); " + string(kSrcTransformerMath)));
  }

  // Weights.
  {
    const double keep = w.bits_per_weight < 16 ? 16 : w.bits_per_weight;
    string sub = "linear " + format_count(static_cast<double>(p.linear)) + " × " + bits(w.bits_per_weight) + "/8";
    auto kept = [&](const char* what, std::int64_t n, bool flag) {
      if (n <= 0) return;
      sub += string(" + ") + what + " " + format_count(static_cast<double>(n)) + " × " +
             bits(flag ? keep : w.bits_per_weight) + "/8";
    };
    kept("embedding", p.embedding, w.keep_embeddings_16bit);
    kept("lm_head", p.lm_head, w.keep_lm_head_16bit);
    kept("router", p.router, w.keep_router_16bit);
    kept("norms/biases", p.vectors, w.keep_norms_16bit);
    if (p.extra > 0) sub += " + extra " + format_count(static_cast<double>(p.extra)) + " × " + fixed(keep, 0) + "/8";
    sub += " = " + bytes(r.weight_bytes);
    out.push_back(item("weights", "Weights", "权重",
                       "weights = Σ params × bits/8; " + w.name + " stores linear layers at " +
                           bits(w.bits_per_weight) + " bits (scales included) and keeps the tensors it does not "
                                                         "quantise at 16 bits",
                       "权重 = Σ 参数量 × 位宽/8；" + w.name + " 的线性层按 " + bits(w.bits_per_weight) +
                           " 位（含缩放因子）存储，不量化的张量保留 16 位",
                       sub, string(kSrcTransformerMath) + "; precisions.json \"" + w.id + "\" (bits incl. scales; sources there)"));
  }

  if (r.task == Task::Inference) {
    // KV cache per token.
    {
      string sub;
      const double b = r.kv_bits / 8;
      if (m.is_mla) {
        sub = "(" + std::to_string(m.mla.kv_lora_rank) + " + " + std::to_string(m.mla.qk_rope_head_dim) + ") × " +
              std::to_string(m.num_layers) + " × " + bits(b) + " B = " + i64s(e.kv_cache_bytes_per_token) + " B";
        out.push_back(item("kv_cache_per_token", "KV cache per token (MLA)", "每 token KV 缓存（MLA）",
                           "per token = (kv_lora_rank + qk_rope_head_dim) × layers × bytes: MLA caches the compressed "
                           "latent and the shared rotary key, not per-head K and V",
                           "每 token = (kv_lora_rank + qk_rope_head_dim) × 层数 × 字节：MLA 只缓存压缩潜向量与共享的旋转位置键，"
                           "不缓存逐头的 K 和 V",
                           sub, kSrcMla));
      } else {
        sub = "2 × " + std::to_string(m.num_layers) + " × " + std::to_string(m.num_kv_heads) + " × " +
              std::to_string(m.head_dim) + " × " + bits(b) + " B = " + i64s(e.kv_cache_bytes_per_token) + " B";
        out.push_back(item("kv_cache_per_token", "KV cache per token", "每 token KV 缓存",
                           "per token = 2 (K and V) × layers × kv_heads × head_dim × bytes; GQA: kv_heads < heads; "
                           "head_dim read from config.json",
                           "每 token = 2（K 与 V）× 层数 × KV 头数 × head_dim × 字节；GQA：KV 头数 < 注意力头数；head_dim 取自 config.json",
                           sub, kSrcVllm));
      }
    }
    // KV cache total.
    {
      const KvShape ks = kv_shape(m, r.kv_bits);
      string sub = i64s(sc.concurrency) + " × (" + num(ks.full_bytes_per_token) + " B × " + i64s(sc.context);
      if (ks.window > 0) {
        sub += " + " + num(ks.window_bytes_per_token) + " B × min(" + i64s(sc.context) + ", " + i64s(ks.window) + ")";
      }
      sub += ") = " + bytes(e.memory.kv_cache);
      out.push_back(item("kv_cache", "KV cache", "KV 缓存",
                         "KV = concurrency × (full-attention bytes/token × context + sliding-layer bytes/token × "
                         "min(context, window))",
                         "KV = 并发数 × (全注意力层每 token 字节 × 上下文 + 滑动窗口层每 token 字节 × min(上下文, 窗口))", sub,
                         kSrcVllm));
    }
    // Activations (engine workspace).
    {
      const EngineProfile& eng = *r.engine;
      const double tokens = eng.max_batched_tokens > 0 ? static_cast<double>(eng.max_batched_tokens)
                                                       : static_cast<double>(sc.prompt * sc.concurrency);
      const double ab = w.bits_per_weight > 16 ? 4 : 2;
      string sub = num(tokens) + " × " + fixed(ab, 0) + " B × (4 × " + i64s(m.hidden_size) + " + 2 × " +
                   i64s(p.mlp_active_width) + ") + " + i64s(sc.concurrency) + " × " + i64s(m.vocab_size) + " × 4 B = " +
                   bytes(e.memory.activations);
      out.push_back(item("activations", "Activations / workspace", "激活 / 工作区",
                         "peak of one forward pass: tokens_per_pass × bytes × (4h + 2 × MLP width) + sequences × vocab × 4 "
                         "(FP32 logits); tokens_per_pass = the engine's max batched tokens (" + eng.name + ")",
                         "单次前向峰值：每次前向 token 数 × 字节 × (4h + 2 × MLP 宽度) + 序列数 × 词表 × 4（FP32 logits）；"
                         "每次前向 token 数取引擎的最大批处理 token 数（" + eng.name + "）",
                         sub, string(kSrcVllm) + "; engines.json \"" + eng.id + "\" (sources there)"));
    }
  } else {
    // Training states.
    const double K = optimizer_bytes_per_param(sc.optimizer, r.fp32_training);
    const double tb = r.training_bytes_per_param;
    const bool lora = r.task == Task::Lora || r.task == Task::Qlora;
    if (lora) {
      string sub = "r = " + std::to_string(sc.lora_rank) + ": " + i64s(e.adapter_params) + " × (" + fixed(tb, 0) +
                   " + " + fixed(tb, 0) + " + " + fixed(K, 0) + ") B = " +
                   bytes(static_cast<double>(e.adapter_params) * (2 * tb + K));
      out.push_back(item("adapters", "LoRA adapters, gradients, optimizer", "LoRA 适配器、梯度与优化器状态",
                         "adapter params = Σ_targets r × (d_in + d_out) per layer; bytes = params × (weights + gradients + K), "
                         "K = optimizer bytes/param; the frozen base needs no gradients or optimizer states",
                         "适配器参数 = 每层 Σ r × (d_in + d_out)；字节 = 参数 × (权重 + 梯度 + K)，K 为每参数优化器字节；"
                         "冻结的基座没有梯度和优化器状态",
                         sub, kSrcQlora));
    } else {
      string sub = "Ψ = " + i64s(p.total) + ": (" + fixed(tb, 0) + " + " + fixed(tb, 0) + " + " + fixed(K, 0) +
                   ") B × Ψ = " + fixed(2 * tb + K, 0) + " B × Ψ = " + bytes(static_cast<double>(p.total) * (2 * tb + K));
      out.push_back(item("model_states", "Weights, gradients, optimizer (model states)", "权重、梯度、优化器状态",
                         "mixed-precision AdamW: 2Ψ + 2Ψ + 12Ψ = 16 bytes/param (FP32 master, momentum, variance = 12); "
                         "8-bit AdamW K = 6; SGD with momentum K = 8; ZeRO-1 shards K·Ψ, ZeRO-2 also gradients, ZeRO-3 also weights",
                         "混合精度 AdamW：2Ψ + 2Ψ + 12Ψ = 每参数 16 字节（FP32 主权重、一阶、二阶矩共 12）；8-bit AdamW K = 6；"
                         "带动量 SGD K = 8；ZeRO-1 切分 K·Ψ，ZeRO-2 再切梯度，ZeRO-3 再切权重",
                         sub, kSrcZero));
    }
    {
      const double s = static_cast<double>(sc.context);
      const double b = static_cast<double>(sc.batch);
      string f_en, f_zh;
      switch (sc.checkpointing) {
        case Checkpointing::None:
          f_en = sc.flash_attention ? "L × 34·s·b·h (FlashAttention: the 5·a·s/h score term is not stored) + 4·s·b·v FP32 logits"
                                    : "L × s·b·h·(34 + 5·a·s/h) + 4·s·b·v FP32 logits";
          f_zh = sc.flash_attention ? "L × 34·s·b·h（FlashAttention 不保存 5·a·s/h 注意力分数项）+ 4·s·b·v FP32 logits"
                                    : "L × s·b·h·(34 + 5·a·s/h) + 4·s·b·v FP32 logits";
          break;
        case Checkpointing::Selective:
          f_en = "selective recomputation: L × 34·s·b·h + 4·s·b·v";
          f_zh = "选择性重计算：L × 34·s·b·h + 4·s·b·v";
          break;
        case Checkpointing::Full:
          f_en = "full recomputation: L × 2·s·b·h (layer inputs) + one layer's 34·s·b·h while it is recomputed + 4·s·b·v";
          f_zh = "完全重计算：L × 2·s·b·h（各层输入）+ 正在重算的一层 34·s·b·h + 4·s·b·v";
          break;
      }
      string sub = "s = " + i64s(sc.context) + ", b = " + i64s(sc.batch) + ", h = " + i64s(m.hidden_size) + ", a = " +
                   std::to_string(m.num_attention_heads) + ", L = " + std::to_string(m.num_layers) + ", v = " +
                   i64s(m.vocab_size) + ": " + std::to_string(m.num_layers) + " × " +
                   bytes(activation_bytes_per_layer(s, b, static_cast<double>(m.hidden_size), m.num_attention_heads, 1,
                                                    sc.checkpointing, sc.flash_attention)) +
                   " + " + bytes(logits_bytes(s, b, static_cast<double>(m.vocab_size), 1)) + " → " +
                   bytes(e.memory.activations);
      out.push_back(item("activations", "Activations (training)", "激活（训练）", f_en, f_zh, sub, kSrcKorthikanti));
    }
  }

  // Overhead and total.
  {
    const bool inference = r.task == Task::Inference;
    const double mib = inference ? r.engine->overhead_mib : r.catalog->defaults.training_overhead_mib;
    out.push_back(item("overhead", "Per-card overhead", "每卡额外开销",
                       inference ? "CUDA context + engine workspace (CUDA graphs, sampler) per card, from the engine profile"
                                 : "CUDA context + NCCL/cuBLAS workspaces + allocator slack per card",
                       inference ? "每卡 CUDA 上下文 + 引擎工作区（CUDA Graph、采样器），取自引擎配置"
                                 : "每卡 CUDA 上下文 + NCCL/cuBLAS 工作区 + 显存分配器余量",
                       fixed(mib, 0) + " MiB × 2^20 = " + bytes(e.memory.overhead),
                       inference ? "engines.json \"" + r.engine->id + "\" (sources there)"
                                 : string("engines.json \"defaults\" (sources there)")));
    const MemoryBreakdown& mb = e.memory;
    string sub = bytes(mb.weights) + " + " + bytes(mb.kv_cache) + " + " + bytes(mb.activations) + " + " +
                 bytes(mb.gradients) + " + " + bytes(mb.optimizer) + " + " + bytes(mb.adapters) + " + " +
                 bytes(mb.overhead) + " = " + bytes(mb.total);
    out.push_back(item("total", "Total on one card (no sharding)", "单卡合计（不切分）",
                       "total = weights + KV cache + activations + gradients + optimizer + adapters + overhead "
                       "(GB = 10^9 bytes, GiB = 2^30 bytes)",
                       "合计 = 权重 + KV 缓存 + 激活 + 梯度 + 优化器 + 适配器 + 开销（GB = 10^9 字节，GiB = 2^30 字节）", sub,
                       kSrcTransformerMath));
  }

  if (is_training(r.task) && e.train_flops > 0) {
    const double a = attention_flops_per_token(m, static_cast<double>(sc.context));
    const bool lora = r.task == Task::Lora || r.task == Task::Qlora;
    string f_en = lora ? "C = D × (4N + 3A): forward 2N + A, backward only through activations (2N + 2A), no weight "
                         "gradients for the frozen base"
                       : "C = D × 3 × (2N + A) = D × (6N + 12·L·H·d·s): forward + backward (2 × forward)";
    string f_zh = lora ? "C = D × (4N + 3A)：前向 2N + A，反向只算激活梯度（2N + 2A），冻结基座没有权重梯度"
                       : "C = D × 3 × (2N + A) = D × (6N + 12·L·H·d·s)：前向 + 反向（2 倍前向）";
    if (sc.checkpointing == Checkpointing::Full) {
      f_en += "; full recomputation adds one forward (8N)";
      f_zh += "；完全重计算再加一次前向（8N）";
    } else if (sc.checkpointing == Checkpointing::Selective) {
      f_en += "; selective recomputation adds the attention A";
      f_zh += "；选择性重计算再加注意力 A";
    }
    string sub = "N = " + i64s(p.matmul_active) + ", A = " + format_count(a) + " (s = " + i64s(sc.context) +
                 "), D = " + format_count(sc.tokens) + ": C = " + format_count(e.train_flops) + "FLOP";
    out.push_back(item("train_flops", "Training compute", "训练计算量", f_en, f_zh, sub,
                       string(kSrcTransformerMath) + "; " + kSrcPalm));
  }
  return out;
}

std::vector<Explanation> explain_gpu(const Resolved& r, const Estimate& e, const GpuEstimate& g, const Gpu& gpu) {
  std::vector<Explanation> out;
  const Scenario& sc = *r.scenario;
  const Layout l = layout_of(g);
  const bool inference = r.task == Task::Inference;
  const double util = inference ? r.engine->memory_utilization : 1.0;
  const string on = " (" + gpu.name + ")";

  {
    const double with_headroom = static_cast<double>(g.per_card_bytes) * (1 + r.headroom);
    string sub = i64s(gpu.memory_mib) + " MiB × 2^20 × " + fixed(util, 2) + " = " + bytes(g.usable_bytes) + "; " +
                 bytes(g.per_card_bytes) + " × (1 + " + fixed(r.headroom, 2) + ") = " + bytes(with_headroom) +
                 (with_headroom <= static_cast<double>(g.usable_bytes) ? " ≤ " : " > ") + format_gb(static_cast<double>(g.usable_bytes)) +
                 " → " + string(to_string(g.fit));
    out.push_back(item("fit", "Fit" + on, "能否装下" + on,
                       "usable = memory × memory_utilization; comfortable if need × (1 + headroom) ≤ usable, tight if "
                       "need ≤ usable, else no",
                       "可用 = 显存 × memory_utilization；需求 × (1 + 余量) ≤ 可用为宽裕，需求 ≤ 可用为紧张，否则装不下",
                       sub,
                       "seed 002 pitfall 1 ('fits + 20% margin'); " +
                           string(inference ? "vLLM gpu_memory_utilization" : "training uses the whole card")));
  }
  {
    string sub;
    if (g.cards > 0) {
      sub = "TP " + std::to_string(g.tensor_parallel) + " × " +
            (inference ? "PP " + std::to_string(g.pipeline_parallel)
                       : "DP " + std::to_string(g.data_parallel) + " (ZeRO-" + std::to_string(g.zero_stage) + ")") +
            " = " + std::to_string(g.cards) + "; H = " + std::to_string(r.model->num_attention_heads) + ", K = " +
            std::to_string(r.model->num_kv_heads);
    } else {
      sub = "1 … " + std::to_string(g.max_cards_tried) + ": → no";
    }
    out.push_back(item("cards", "Card count" + on, "卡数" + on,
                       "smallest of 1, 2, 4, 8 per node, then whole nodes, that fits comfortably (else tightly); a "
                       "tensor-parallel degree must divide the attention heads and divide or be a multiple of the KV heads",
                       "在每节点 1、2、4、8 张、再按整节点递增中，取第一个宽裕装下（否则紧张装下）的卡数；张量并行度须整除注意力头数，"
                       "并整除 KV 头数或是其倍数",
                       sub, "Megatron-LM tensor parallelism (Shoeybi et al. 2019); " + string(kSrcVllm)));
  }
  if (inference && g.cards > 0) {
    const DecodeSpeed d = decode_speed(r, gpu, l, sc.context, sc.concurrency);
    const double s = tp_speedup(*r.engine, gpu, l.tensor_parallel);
    const double bw = gpu.memory_bandwidth_gb_per_s * 1e9 * r.engine->decode_bandwidth_efficiency * s;
    const double rate = g.dense_tflops * 1e12 * r.engine->prefill_compute_efficiency * s;
    const double c = static_cast<double>(sc.concurrency);
    string sub = "max(" + format_gb(d.bytes_per_step) + " / (" + fixed(gpu.memory_bandwidth_gb_per_s, 0) + " GB/s × " +
                 fixed(r.engine->decode_bandwidth_efficiency, 2) + " × " + fixed(s, 2) + "), " + i64s(sc.concurrency) +
                 " × " + format_count(d.flops_per_token) + "FLOP / (" + fixed(g.dense_tflops, 1) + " TFLOPS " +
                 compute_name(g.compute) + " × " + fixed(r.engine->prefill_compute_efficiency, 2) + " × " + fixed(s, 2) +
                 ")) = max(" + fixed(bw > 0 ? d.bytes_per_step / bw * 1000 : 0, 2) + " ms, " +
                 fixed(rate > 0 ? c * d.flops_per_token / rate * 1000 : 0, 2) + " ms)" +
                 (d.sync_ms > 0 ? " + 2 × " + std::to_string(r.model->num_layers) + " × " +
                                      fixed(d.sync_ms * 1000 / (2.0 * r.model->num_layers), 0) + " µs"
                                : string()) +
                 " + " + fixed(r.engine->decode_overhead_ms, 2) + " ms = " + fixed(d.step_ms, 2) + " ms → " +
                 format_rate(g.decode_tokens_per_s) + " t/s; × " + i64s(sc.concurrency) + " = " +
                 format_rate(g.aggregate_tokens_per_s) + " t/s";
    out.push_back(item("decode_tokens_per_s", "Decode speed" + on, "解码速度" + on,
                       "step = max(bytes read / (bandwidth × efficiency × TP speed-up), concurrency × FLOPs/token / "
                       "(dense TFLOPS × efficiency × TP speed-up)) + TP all-reduces (2 per layer) + per-step overhead; bytes = active weights (MoE: "
                       "experts touched by the batch) + KV of every sequence; TP speed-up = 1 + (TP − 1) × scaling; "
                       "layer split and pipeline stages add no decode speed",
                       "每步 = max(读取字节 / (带宽 × 效率 × TP 加速), 并发 × 每 token FLOPs / (稠密算力 × 效率 × TP 加速)) + "
                       "TP 同步（每层 2 次 all-reduce）+ 每步固定开销；读取字节 = 激活权重（MoE：本批触及的专家）+ 各序列 KV；TP 加速 = 1 + (TP − 1) × 扩展效率；"
                       "按层切分与流水线不提高解码速度",
                       sub, "memory-bandwidth roofline; engines.json \"" + r.engine->id + "\" efficiencies (calibration sources there)"));
    const PrefillSpeed pf = prefill_speed(r, gpu, l, sc.prompt);
    string sub2 = fixed(g.dense_tflops, 1) + " TFLOPS " + compute_name(g.compute) + " × " +
                  fixed(r.engine->prefill_compute_efficiency, 2) + " × " + fixed(s, 2) + " / (2 × " +
                  format_count(static_cast<double>(e.params.matmul_active)) + " + " +
                  format_count(pf.flops_per_token - 2 * static_cast<double>(e.params.matmul_active)) + ") FLOP = " +
                  format_rate(pf.compute_tokens_per_s) + " t/s; max(" + i64s(sc.prompt) + " / " +
                  format_rate(pf.compute_tokens_per_s) + " t/s, " + format_gb(pf.weight_bytes) + " / (" +
                  fixed(gpu.memory_bandwidth_gb_per_s, 0) + " GB/s × " + fixed(r.engine->decode_bandwidth_efficiency, 2) +
                  " × " + fixed(s, 2) + ")) + " + fixed(r.engine->decode_overhead_ms, 2) + " ms = " + fixed(g.ttft_ms, 1) +
                  " ms → " + format_rate(g.prefill_tokens_per_s) + " t/s";
    out.push_back(item("prefill_tokens_per_s", "Prefill and time to first token" + on, "预填充与首 token 时间" + on,
                       "prefill tokens/s = dense tensor TFLOPS (for the precision; never sparse or non-tensor) × efficiency "
                       "× TP speed-up / (2 × N_active + attention FLOPs at mean position prompt/2); TTFT = prompt / rate "
                       "(or one read of the weights if longer) + overhead",
                       "预填充 token/s = 稠密张量算力（按精度；不用稀疏或非张量算力）× 效率 × TP 加速 / (2 × N_active + 平均位置 "
                       "prompt/2 处的注意力 FLOPs)；首 token 时间 = prompt / 速率（若更长则取读一遍权重的时间）+ 固定开销",
                       sub2, string(kSrcTransformerMath) + "; engines.json \"" + r.engine->id + "\" efficiencies"));
  }
  {
    string sub = "max_context = " + i64s(g.max_context) + " (" + (inference ? "concurrency " : "batch ") +
                 i64s(inference ? sc.concurrency : sc.batch) + "); " + (inference ? "max_concurrency = " : "max_batch = ") +
                 i64s(g.max_concurrency) + " (context " + i64s(sc.context) + "); ≤ " + bytes(g.usable_bytes);
    out.push_back(item("max_context", "Largest context and concurrency" + on, "最大上下文与并发" + on,
                       inference ? "largest value for which weights + KV + workspace + overhead ≤ usable memory (no headroom)"
                                 : "largest sequence length / micro-batch for which model states + activations + overhead ≤ usable",
                       inference ? "权重 + KV + 工作区 + 开销 ≤ 可用显存（不含余量）时的最大值"
                                 : "模型状态 + 激活 + 开销 ≤ 可用显存时的最大序列长度 / 微批大小",
                       sub, inference ? kSrcVllm : kSrcKorthikanti));
  }
  if (!inference && g.train_hours) {
    const TrainTime t = train_time(r, gpu, l);
    string sub = format_count(t.flops) + "FLOP / (" + std::to_string(l.cards) + " × " + fixed(t.peak_tflops, 1) +
                 " TFLOPS " + compute_name(g.compute) + " × " + fixed(t.mfu, 2) + " × " + fixed(t.scaling, 2) +
                 ") / 3600 = " + fixed(*g.train_hours, 1) + " h; × " + std::to_string(l.cards) + " = " +
                 fixed(*g.gpu_hours, 1) + " GPU-h";
    out.push_back(item("train_hours", "Training time" + on, "训练时长" + on,
                       "hours = C / (cards × peak dense TFLOPS × MFU × multi-card scaling) / 3600; scaling 1 on one card, "
                       "else the NVLink or PCIe figure",
                       "小时 = C / (卡数 × 稠密峰值算力 × MFU × 多卡扩展效率) / 3600；单卡扩展效率为 1，多卡按 NVLink 或 PCIe 取值",
                       sub, string(kSrcTransformerMath) + "; MFU and scaling defaults: engines.json \"defaults\" (sources there)"));
  }
  return out;
}

}  // namespace cardfit
