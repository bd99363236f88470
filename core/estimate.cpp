// estimate(): resolve the scenario, size the job, then per GPU choose cards and compute
// speed or training time, collect warnings, and explain the figures.
#include "estimate.hpp"

#include <algorithm>
#include <cmath>

#include "explain.hpp"
#include "fit.hpp"
#include "memory.hpp"
#include "numbers.hpp"
#include "resolve.hpp"
#include "speed.hpp"

namespace cardfit {
namespace {

double finite_or_zero(double v) { return std::isfinite(v) ? v : 0; }

void capability_warnings(const Resolved& r, const Gpu& g, std::vector<Text>& w) {
  const Capability need = r.precision->requires_capability;
  if (!capability_native(g, need)) {
    switch (need) {
      case Capability::Bf16:
        w.push_back({g.name + " has no BF16 tensor cores: load the weights as FP16 (same memory); speed uses the FP16 rate.",
                     g.name + " 没有 BF16 张量核心：请以 FP16 加载权重（显存相同）；速度按 FP16 速率计算。"});
        break;
      case Capability::Fp8:
        // NOTE: vLLM's FP8 weight-only (Marlin) kernels need Ampere or newer; BF16 tensor cores
        // arrived with Ampere, so a GPU without them (T4, V100) has no FP8 path at all.
        if (g.bf16_dense_tflops > 0) {
          w.push_back({g.name + " has no FP8 tensor cores: FP8 weights run weight-only (dequantised to 16-bit, e.g. vLLM "
                                "Marlin): FP8 memory, 16-bit compute rate.",
                       g.name + " 没有 FP8 张量核心：FP8 权重只能按仅权重量化运行（反量化为 16 位，如 vLLM Marlin）：显存按 FP8，"
                                "算力按 16 位。"});
        } else {
          w.push_back({g.name + " has no FP8 tensor cores and predates Ampere: no common engine runs FP8 weights on it "
                                "(vLLM's FP8 Marlin kernels need Ampere or newer); the figures assume an FP8 path it "
                                "does not have. Use FP16, INT8 or INT4 instead.",
                       g.name + " 没有 FP8 张量核心且早于 Ampere 架构：主流引擎无法在其上运行 FP8 权重（vLLM 的 FP8 Marlin 内核需要 Ampere "
                                "及以上）；以上数字假设了它并不具备的 FP8 路径。请改用 FP16、INT8 或 INT4。"});
        }
        break;
      case Capability::Int8:
        w.push_back({g.name + " has no INT8 tensor cores: INT8 (W8A8) computes at the 16-bit rate.",
                     g.name + " 没有 INT8 张量核心：INT8（W8A8）按 16 位速率计算。"});
        break;
      case Capability::Fp16:
        w.push_back({g.name + " has no FP16 tensor-core rate in the catalog: speed uses the FP32 rate.",
                     "目录中 " + g.name + " 没有 FP16 张量核心速率：速度按 FP32 计算。"});
        break;
      case Capability::None: break;
    }
  } else if (!dense_rate(g, r.compute).native) {
    w.push_back({g.name + " lacks the tensor type this job computes in; speed uses the next available rate.",
                 g.name + " 不支持该任务的计算精度；速度按可用的次一级速率计算。"});
  }
  if (r.task == Task::Inference && !capability_native(g, r.kv_requires)) {
    w.push_back({g.name + " cannot compute attention in the " + r.kv_id +
                     " KV-cache format natively: the engine stores it and dequantises (memory saving holds; support "
                     "varies by engine).",
                 g.name + " 不能原生以 " + r.kv_id + " KV 缓存格式计算注意力：引擎存储后反量化（省显存，支持程度因引擎而异）。"});
  }
  if (g.vendor != "NVIDIA") {
    w.push_back({g.name + " is not an NVIDIA GPU: it needs the engine's " + (g.vendor == "AMD" ? "ROCm" : "vendor") +
                     " build; speed factors are calibrated on NVIDIA GPUs.",
                 g.name + " 不是 NVIDIA GPU：需要引擎的 " + (g.vendor == "AMD" ? "ROCm" : "厂商") +
                     " 版本；速度系数按 NVIDIA GPU 校准。"});
  }
}

GpuEstimate evaluate(const Resolved& r, const Gpu& gpu) {
  const Scenario& sc = *r.scenario;
  const bool inference = r.task == Task::Inference;
  GpuEstimate g;
  g.gpu = gpu.id;
  const FitChoice fc = choose_cards(r, gpu);
  g.cards = fc.found ? fc.layout.cards : 0;
  g.max_cards_tried = fc.max_cards_tried;
  g.min_cards_tight = fc.min_cards_tight;
  g.tensor_parallel = fc.layout.tensor_parallel;
  g.pipeline_parallel = fc.layout.pipeline_parallel;
  g.data_parallel = fc.layout.data_parallel;
  g.zero_stage = fc.layout.zero_stage;
  g.fit = fc.fit;
  g.per_card = fc.per_card;
  g.per_card_bytes = fc.per_card.total;
  g.card_memory_bytes = to_bytes(static_cast<double>(gpu.memory_mib) * kMiB);
  g.usable_bytes = to_bytes(fc.usable);
  g.spare_fraction = fc.usable > 0 ? 1 - static_cast<double>(g.per_card_bytes) / fc.usable : -1;
  const DenseRate rate = dense_rate(gpu, r.compute);
  g.compute = rate.used;
  g.dense_tflops = rate.tflops;
  g.max_context = max_context(r, fc.layout, fc.usable);
  g.max_concurrency = max_concurrency(r, fc.layout, fc.usable);

  if (fc.found) {
    if (inference) {
      const DecodeSpeed d = decode_speed(r, gpu, fc.layout, sc.context, sc.concurrency);
      g.decode_tokens_per_s = finite_or_zero(d.per_sequence);
      g.aggregate_tokens_per_s = finite_or_zero(d.aggregate);
      g.decode_compute_bound = d.compute_bound;
      const PrefillSpeed p = prefill_speed(r, gpu, fc.layout, sc.prompt);
      g.prefill_tokens_per_s = finite_or_zero(p.tokens_per_s);
      g.ttft_ms = finite_or_zero(p.ttft_ms);
    } else {
      const TrainTime t = train_time(r, gpu, fc.layout);
      g.mfu = t.mfu;
      g.train_tokens_per_s = finite_or_zero(t.tokens_per_s);
      if (sc.tokens > 0 && t.tokens_per_s > 0) {
        g.train_hours = finite_or_zero(t.hours);
        g.gpu_hours = finite_or_zero(t.gpu_hours);
      }
    }
  }

  // Warnings.
  std::vector<Text>& w = g.warnings;
  capability_warnings(r, gpu, w);
  if (!fc.found) {
    const std::string need = format_bytes(static_cast<double>(g.per_card_bytes));
    const std::string usable = format_bytes(fc.usable);
    if (sc.cards > 0 || fc.max_cards_tried == 1) {
      const int n = std::max(1, sc.cards);
      w.push_back({"Does not fit on " + std::to_string(n) + (n == 1 ? " card" : " cards") + ": needs " + need +
                       " per card, " + usable + " usable.",
                   std::to_string(n) + " 张卡装不下：每卡需要 " + need + "，可用 " + usable + "。"});
    } else {
      const int per_node = std::max(1, gpu.max_cards_per_node);
      w.push_back({"Does not fit on any count up to " + std::to_string(fc.max_cards_tried) + " cards (" +
                       std::to_string(std::max(1, fc.max_cards_tried / per_node)) + " node(s) of " +
                       std::to_string(per_node) + "); on " + std::to_string(fc.layout.cards) + " card(s) it needs " +
                       need + " per card, " + usable + " usable.",
                   "在最多 " + std::to_string(fc.max_cards_tried) + " 张卡（" +
                       std::to_string(std::max(1, fc.max_cards_tried / per_node)) + " 个节点 × " +
                       std::to_string(per_node) + "）内都装不下；" + std::to_string(fc.layout.cards) + " 张卡时每卡需要 " +
                       need + "，可用 " + usable + "。"});
    }
    if (!inference && r.zero_stage == 0) {
      w.push_back({"With ZeRO stage 0 every data-parallel card holds all model states; ZeRO stages 1-3 shard them over the cards.",
                   "ZeRO-0 时每张数据并行卡都保存全部模型状态；ZeRO 1-3 阶段会把它们切分到各卡。"});
    }
  } else if (fc.fit == Fit::Tight) {
    w.push_back({"Tight: only " + format_fixed(g.spare_fraction * 100, 0) + "% of usable memory spare (headroom " +
                     format_fixed(r.headroom * 100, 0) + "%): longer inputs or load spikes may run out of memory.",
                 "紧张：可用显存只剩 " + format_fixed(g.spare_fraction * 100, 0) + "%（建议余量 " +
                     format_fixed(r.headroom * 100, 0) + "%）：更长输入或负载峰值可能爆显存。"});
  }
  if (fc.found && inference) {
    const Model& m = *r.model;
    const int tp = fc.layout.tensor_parallel;
    if (tp > 1 && m.is_mla) {
      w.push_back({"MLA: the latent KV cache is replicated on each of the " + std::to_string(tp) + " tensor-parallel cards.",
                   "MLA：潜向量 KV 缓存在 " + std::to_string(tp) + " 张张量并行卡上各存一份。"});
    } else if (tp > m.num_kv_heads && m.num_kv_heads > 0) {
      w.push_back({"TP " + std::to_string(tp) + " > " + std::to_string(m.num_kv_heads) + " KV heads: each KV head is replicated on " +
                       std::to_string(tp / m.num_kv_heads) + " cards, so the cache costs that much more in total.",
                   "TP " + std::to_string(tp) + " 大于 KV 头数 " + std::to_string(m.num_kv_heads) + "：每个 KV 头复制到 " +
                       std::to_string(tp / m.num_kv_heads) + " 张卡，KV 总量相应增加。"});
    }
    if (fc.layout.cards > 1 && r.engine->multi_gpu != "tensor") {
      w.push_back({r.engine->name + " splits layers across cards: more memory, but decoding is no faster than on one card.",
                   r.engine->name + " 按层切分到多卡：显存变多，但解码并不比单卡快。"});
    } else if (fc.layout.pipeline_parallel > 1) {
      w.push_back({"Pipeline over " + std::to_string(fc.layout.pipeline_parallel) +
                       " stages (TP limited by the head counts or the node size): single-sequence decode is not faster.",
                   "流水线 " + std::to_string(fc.layout.pipeline_parallel) + " 段（TP 受头数或节点大小限制）：单序列解码不会更快。"});
    }
  }
  if (fc.found && !inference && fc.layout.cards > 1 && !has_fast_link(gpu)) {
    w.push_back({"No NVLink: multi-card training over PCIe scales at about " +
                     format_fixed(r.catalog->defaults.train_scaling_pcie * 100, 0) + "% per card (seed 004 §2.3).",
                 "没有 NVLink：PCIe 多卡训练每卡扩展效率约 " + format_fixed(r.catalog->defaults.train_scaling_pcie * 100, 0) +
                     "%（文章 004 §2.3）。"});
  }
  return g;
}

}  // namespace

std::string_view to_string(Fit fit) {
  switch (fit) {
    case Fit::Comfortable: return "comfortable";
    case Fit::Tight: return "tight";
    case Fit::No: return "no";
  }
  return "no";
}

Result<Estimate> estimate(const Catalog& catalog, const Scenario& sc) {
  Result<Resolved> rr = resolve(catalog, sc);
  if (!rr.ok()) return Result<Estimate>::failure(std::move(rr.errors));
  const Resolved& r = *rr.value;

  Estimate e;
  e.model = r.model->id.empty() ? "custom" : r.model->id;
  e.precision = r.precision->id;
  e.kv_precision = r.kv_id;
  e.task = r.task;
  e.params = r.params;
  e.adapter_params = r.adapter_params;
  e.kv_cache_bytes_per_token = kv_cache_bytes_per_token(*r.model, r.kv_bits);
  e.kv_cache_bytes_per_sequence = to_bytes(kv_cache_bytes_per_sequence(*r.model, r.kv_bits, sc.context));
  e.weight_bytes_per_token = to_bytes(r.decode_weight_bytes + r.expert_bytes * r.params.moe_layers *
                                                                   static_cast<double>(r.model->moe.experts_per_token));
  const bool inference = r.task == Task::Inference;
  e.memory = memory_per_card(r, Layout{}, sc.context, inference ? sc.concurrency : sc.batch);
  if (!inference && sc.tokens > 0) e.train_flops = finite_or_zero(training_flops_per_token(r, sc.context) * sc.tokens);
  e.warnings = r.warnings;
  if (r.precision->bits_per_weight >= 32) {
    e.warnings.push_back({"FP32 matmuls run at the non-tensor FP32 rate (TF32 tensor cores are not modelled).",
                          "FP32 矩阵乘按非张量 FP32 速率计算（未计入 TF32 张量核心）。"});
  }

  e.gpus.reserve(r.gpus.size());
  for (const Gpu* g : r.gpus) e.gpus.push_back(evaluate(r, *g));

  if (sc.explain) {
    e.explain = explain_model(r, e);
    // The GPU explained: the one chosen with --gpu, else the "just enough" one: fits comfortably
    // (else tightly) on the fewest cards, then with the least usable memory.
    const GpuEstimate* focus = nullptr;
    auto better = [](const GpuEstimate& a, const GpuEstimate& b) {
      if ((a.fit == Fit::Comfortable) != (b.fit == Fit::Comfortable)) return a.fit == Fit::Comfortable;
      if (a.cards != b.cards) return a.cards < b.cards;
      return a.usable_bytes < b.usable_bytes;
    };
    for (const GpuEstimate& g : e.gpus) {
      if (g.fit != Fit::No && (!focus || better(g, *focus))) focus = &g;
    }
    if (!sc.gpu.empty() && !e.gpus.empty()) focus = &e.gpus.front();
    if (focus) {
      e.explained_gpu = focus->gpu;
      const Gpu* gpu = catalog.find_gpu(focus->gpu);
      if (gpu) {
        std::vector<Explanation> more = explain_gpu(r, e, *focus, *gpu);
        e.explain.insert(e.explain.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
      }
    }
  }
  return Result<Estimate>::success(std::move(e));
}

}  // namespace cardfit
