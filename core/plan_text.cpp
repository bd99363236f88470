// The planner's words: warnings, reasons, labels (see plan_text.hpp). Sources of each
// warning's rule are quoted in the text itself (seed article and section).
#include "plan_text.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "numbers.hpp"

namespace cardfit::plan_text {

// [SECTION] Numbers and names

namespace {

std::string trim_zeros(std::string s) {
  if (s.find('.') == std::string::npos) return s;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

std::string percent(double fraction) { return format_fixed(fraction * 100.0, 0); }

std::string gb(double bytes) { return trim_zeros(format_fixed(bytes / 1e9, 1)); }

const char* cur_en(Currency c) { return c == Currency::Usd ? "USD" : "CNY"; }
const char* cur_zh(Currency c) { return c == Currency::Usd ? "美元" : "元"; }

Text t(std::string en, std::string zh) { return Text{std::move(en), std::move(zh)}; }

std::string int_text(int n) { return std::to_string(n); }

}  // namespace

// Rounded to a whole number with ',' thousands separators; like format_grouped without printf
// (this runs for every option shown, so it is on the planner's hot path).
std::string grouped_integer(double value) {
  if (!(std::fabs(value) < 1e15)) return format_grouped(value);
  long long n = std::llround(value);
  const bool negative = n < 0;
  unsigned long long u = negative ? 0ULL - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  char buf[32];
  int pos = sizeof buf;
  int digits = 0;
  do {
    if (digits > 0 && digits % 3 == 0) buf[--pos] = ',';
    buf[--pos] = static_cast<char>('0' + u % 10);
    u /= 10;
    ++digits;
  } while (u > 0);
  if (negative) buf[--pos] = '-';
  return std::string(buf + pos, static_cast<std::size_t>(static_cast<int>(sizeof buf) - pos));
}

std::string amount(double value) {
  if (!std::isfinite(value)) return "n/a";
  const double a = std::fabs(value);
  if (a >= 100) return grouped_integer(value);
  if (a >= 1) return trim_zeros(format_fixed(value, 2));
  if (a == 0) return "0";
  return trim_zeros(format_fixed(value, 4));
}

std::string amount_range(const Money& m, const char* dash) {
  std::string low = amount(m.low);
  if (m.low == m.high) return low;
  std::string high = amount(m.high);
  if (low == high) return low;
  return low + dash + high;
}

std::string gpu_short_name(const Gpu& gpu) {
  std::string name = gpu.name.empty() ? gpu.id : gpu.name;
  for (const char* prefix : {"NVIDIA ", "GeForce ", "Tesla "}) {
    const std::string p = prefix;
    if (name.compare(0, p.size(), p) == 0) name.erase(0, p.size());
  }
  return name;
}

std::string precision_label(const std::string& id) {
  std::string out = id;
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string kv_label(const std::string& id) {
  if (id.empty() || id == "auto-16") return "16-bit";
  if (id == "auto-32") return "32-bit";
  return precision_label(id);
}

Text task_label(Task task) {
  switch (task) {
    case Task::Inference: return t("inference", "推理");
    case Task::Lora: return t("LoRA fine-tuning", "LoRA 微调");
    case Task::Qlora: return t("QLoRA fine-tuning", "QLoRA 微调");
    case Task::Full: return t("full fine-tuning", "全参微调");
    case Task::Pretrain: return t("pre-training", "预训练");
  }
  return t("inference", "推理");
}

std::string tokens_label(std::int64_t tokens) {
  if (tokens >= 1024 && tokens % 1024 == 0) return std::to_string(tokens / 1024) + "k";
  return format_grouped(static_cast<double>(tokens));
}

// [SECTION] Budget labels

Text tier_label(const BudgetTier& tier) {
  std::string en;
  if (tier.high_cny_per_month <= 0) {
    en = format_grouped(tier.low_cny_per_month) + "+ CNY/month";
  } else if (tier.low_cny_per_month <= 0) {
    en = "under " + format_grouped(tier.high_cny_per_month) + " CNY/month";
  } else {
    en = format_grouped(tier.low_cny_per_month) + "-" + format_grouped(tier.high_cny_per_month) + " CNY/month";
  }
  std::string zh = tier.name_zh.empty() ? en : tier.name_zh;
  return t(en, zh);
}

Text custom_budget_label(double value, Currency currency) {
  return t(amount(value) + " " + cur_en(currency) + "/month", std::string("月预算 ") + amount(value) + " " + cur_zh(currency));
}

// [SECTION] Warnings

namespace {

bool nvlink_gpu(const Gpu& gpu) { return gpu.interconnect == Interconnect::NvLink; }

void add(std::vector<PlanWarning>& out, const char* code, Text text) {
  out.push_back(PlanWarning{code, std::move(text)});
}

Isolation effective_isolation(const Sources& src) {
  if (src.offer->isolation != Isolation::Unknown) return src.offer->isolation;
  return src.platform->isolation;
}

}  // namespace

std::vector<PlanWarning> option_warnings(const Context& ctx, const Option& o, const Sources& src) {
  std::vector<PlanWarning> w;
  const Gpu& gpu = *src.gpu;
  const Offer& offer = *src.offer;
  const Platform& platform = *src.platform;
  const Task task = ctx.scenario->task;
  const std::string g = gpu_short_name(gpu);

  if (o.fit == Fit::Tight) {
    add(w, "tight_fit",
        t("Tight: " + percent(o.spare_fraction) + "% spare, below the " + percent(ctx.headroom) +
              "% headroom; it may run out of memory under load (seed 002 pitfall 1).",
          "显存偏紧：只余 " + percent(o.spare_fraction) + "%，低于 " + percent(ctx.headroom) +
              "% 的余量，高负载时可能爆显存（文章 002 坑一）。"));
  }

  // Over-provisioned: memory in use vs memory rented (whole cards paid for, or the slice).
  const double rented_bytes = o.unit == OfferUnit::Slice
                                  ? o.usable_bytes
                                  : static_cast<double>(src.estimate->card_memory_bytes) * o.cards_rented;
  const double used_bytes = o.need_bytes * o.cards;
  if (rented_bytes > 0 && used_bytes < kOverProvisionedUse * rented_bytes) {
    const std::string share = percent(used_bytes / rented_bytes);
    add(w, "over_provisioned",
        t("Over-provisioned: the estimate uses " + gb(used_bytes) + " GB of the " + gb(rented_bytes) +
              " GB rented (" + share + "%); under 40% a smaller card does the job (seed 002 §7.4).",
          "配置过剩：预计只用 " + gb(used_bytes) + " GB，租了 " + gb(rented_bytes) + " GB（" + share +
              "%）；低于 40% 就该换小卡（文章 002 §7.4）。"));
  }
  if (o.unit == OfferUnit::Machine && o.cards_rented > o.cards) {
    add(w, "unused_cards",
        t("Pays for " + int_text(o.cards_rented) + " cards and uses " + int_text(o.cards) + ".",
          "按 " + int_text(o.cards_rented) + " 张卡付费，只用 " + int_text(o.cards) + " 张。"));
  }
  // More than one machine: a machine offer rented twice or more, or more cards than fit a node.
  const int per_node = gpu.max_cards_per_node > 0 ? gpu.max_cards_per_node : 8;
  const int machines = o.unit == OfferUnit::Machine ? o.units : (o.cards + per_node - 1) / per_node;
  if (machines > 1) {
    add(w, "multi_machine",
        t("Spans " + int_text(machines) + " machines: between them the cards talk over the network, not NVLink "
              "or PCIe.",
          "跨 " + int_text(machines) + " 台机器：机器之间走网络，不是 NVLink 或 PCIe。"));
  }

  if (is_training(task) && o.cards > 1) {
    if (!nvlink_gpu(gpu)) {
      add(w, "no_nvlink_training",
          t("Multi-card training without NVLink: the " + g +
                " cards talk over PCIe, and cards without NVLink rarely pass 1.7x on 2 cards (seed 004 §2.3).",
            "多卡训练但没有 NVLink：" + g + " 之间走 PCIe，无 NVLink 的卡双卡加速很难超过 1.7 倍（文章 004 §2.3）。"));
    } else if (offer.interconnect != "nvlink") {
      add(w, "nvlink_not_stated",
          t("Multi-card training: the offer does not state NVLink between the cards; ask, or expect PCIe "
            "scaling (seed 003 Q2: about 15% slower).",
            "多卡训练：该报价没有写明卡间 NVLink；请向商家确认，否则按 PCIe 估算（文章 003 Q2：约慢 15%）。"));
    }
  }
  if (is_training(task) && (gpu.gpu_class == GpuClass::Consumer || gpu.gpu_class == GpuClass::Laptop) &&
      (ctx.hours_per_day >= kRoundTheClockHoursPerDay || (o.job_hours && *o.job_hours >= kLongJobHours))) {
    add(w, "consumer_24x7",
        t("Consumer card for round-the-clock training: built for games, it drops out more often under "
          "7x24 full load (seed 002 §1.3).",
          "消费级卡做 7×24 训练：为游戏设计，长期满载更容易掉卡（文章 002 §1.3）。"));
  }
  if (o.unit == OfferUnit::Slice && is_training(task)) {
    add(w, "slice_training",
        t("Slices suit inference, not training: training memory peaks can overflow a fixed slice (seed 004 §4.1).",
          "切片适合推理，不适合训练：训练显存峰值可能超出固定切片（文章 004 §4.1）。"));
  }

  const Isolation iso = effective_isolation(src);
  if (iso == Isolation::Shared) {
    add(w, "shared_isolation",
        t("Shared or oversold capacity: neighbours can take up to 30% of the performance (seed 000 §3.2).",
          "共享或超售资源：邻居抢占可能损失多达 30% 的性能（文章 000 §3.2）。"));
  } else if (iso == Isolation::Unknown && platform.kind != PlatformKind::Market) {
    add(w, "isolation_unknown",
        t("Isolation not stated: ask whether the card is physically dedicated (oversold cards lose up to "
          "30%, seed 000 §3.2).",
          "未说明是否独享：请确认是物理独享卡（超售可能损失多达 30%，文章 000 §3.2）。"));
  }

  if (o.price_on_inquiry) {
    add(w, "price_on_inquiry",
        t("Price on inquiry: the figure is indicative, ask the vendor for a quote.",
          "价格需咨询：数字仅供参考，以商家报价为准。"));
  }
  if (o.price_derived) {
    add(w, "price_derived",
        t("Price worked out from a package rule of the source (e.g. 30-day package at 60% of hourly), not a "
          "published price.",
          "价格按来源的套餐规则推算（如 30 天套餐 6 折），不是公开标价。"));
  }
  if (platform.kind == PlatformKind::Market) {
    add(w, "market_reference",
        t("A market reference price from an article, not a vendor's offer: shown for comparison, the pick "
          "only when you filter to this platform.",
          "文章给出的市场参考价，不是具体商家的报价：仅供对比，只有专门筛选该平台时才会被推荐。"));
  }
  if (offer.stock == Stock::QueueWeeks) {
    add(w, "stock_queue",
        t("Scarce card: expect to queue for weeks before it starts (seed 000 §3.3).",
          "紧俏卡型：可能要排队数周才能开机（文章 000 §3.3）。"));
  } else if (offer.stock == Stock::Limited) {
    add(w, "stock_limited", t("Limited stock: few instances to rent.", "库存有限：可租实例不多。"));
  }

  const WeightPrecision* p = ctx.catalog->find_weight_precision(ctx.estimate->precision);
  const bool fp8 = p && (p->compute == ComputeType::Fp8 || p->requires_capability == Capability::Fp8);
  if (fp8 && !(gpu.fp8_dense_tflops > 0)) {
    // Pre-Ampere cards (no BF16 either) have no FP8 weight-only kernels at all (see estimate.cpp).
    add(w, "fp8_unsupported",
        gpu.bf16_dense_tflops > 0
            ? t("FP8 requested, but the " + g + " has no FP8 tensor cores: matrix maths runs at 16-bit speed.",
                "选择了 FP8，但 " + g + " 没有 FP8 张量核心：矩阵运算只能按 16 位的速度跑。")
            : t("FP8 requested, but the " + g + " has no FP8 tensor cores and predates Ampere: no common engine runs "
                "FP8 weights on it; use FP16, INT8 or INT4.",
                "选择了 FP8，但 " + g + " 没有 FP8 张量核心且早于 Ampere 架构：主流引擎无法在其上运行 FP8 权重；"
                "请改用 FP16、INT8 或 INT4。"));
  }

  if (o.spot) {
    add(w, "spot_risk",
        t("Spot/preemptible price (30-70% of on-demand): the instance can be reclaimed at any time (seed 000 §5).",
          "竞价实例价格（按需价的 30%-70%）：实例随时可能被回收（文章 000 §5）。"));
  }
  if (o.commitment) {
    add(w, "commitment",
        t("Yearly contract: the monthly figure needs a year's commitment; check refund and downgrade terms "
          "first (seed 002 pitfall 5).",
          "年付合约：月均价需要签一年；付款前确认退订和降配条款（文章 002 坑五）。"));
  }
  if (o.extra_fees.high > 0) {
    const std::string fees = amount_range(o.extra_fees, "-");
    add(w, "extra_fees",
        t("Includes " + fees + " " + cur_en(ctx.currency) +
              "/month of extra fees (bandwidth, IPs, snapshots; seed 003 §2.2).",
          "已含每月 " + amount_range(o.extra_fees, "–") + " " + cur_zh(ctx.currency) +
              " 附加费（带宽、IP、快照；文章 003 §2.2）。"));
  }

  if (!o.meets_targets) {
    const PlanRequest& r = *ctx.request;
    std::string en = "Misses your target:";
    std::string zh = "未达目标：";
    if (r.min_tokens_per_s > 0 && o.decode_tokens_per_s < r.min_tokens_per_s) {
      en += " " + format_rate(o.decode_tokens_per_s) + " tokens/s per sequence (target " +
            format_rate(r.min_tokens_per_s) + ")";
      zh += "每路 " + format_rate(o.decode_tokens_per_s) + " tokens/s（目标 " + format_rate(r.min_tokens_per_s) +
            "）";
    }
    if (r.max_ttft_ms > 0 && !(o.ttft_ms > 0 && o.ttft_ms <= r.max_ttft_ms)) {
      en += " first token after " + format_rate(o.ttft_ms) + " ms (target " + format_rate(r.max_ttft_ms) + ")";
      zh += " 首 token " + format_rate(o.ttft_ms) + " ms（目标 " + format_rate(r.max_ttft_ms) + "）";
    }
    add(w, "misses_target", t(en + ".", zh + "。"));
  }

  // The estimate's per-GPU warnings, minus the ones said above in the planner's words (the
  // estimate has no codes: its English wording is matched, tests/test_plan.cpp pins it).
  for (const Text& e : src.estimate->warnings) {
    const char* code = "estimate";
    if (e.en.compare(0, 5, "Tight") == 0) code = "tight_fit";
    else if (e.en.find("NVLink") != std::string::npos && is_training(task)) code = "no_nvlink_training";
    else if (e.en.find("FP8 tensor cores") != std::string::npos) code = "fp8_unsupported";
    bool said = false;
    for (const PlanWarning& x : w) said = said || x.code == code;
    if (std::string(code) == "no_nvlink_training") {
      for (const PlanWarning& x : w) said = said || x.code == "nvlink_not_stated";
    }
    if (!said) add(w, code, e);
  }
  return w;
}

// [SECTION] Reasons

namespace {

Text hardware(const Option& o, const Gpu& gpu) {
  const std::string g = gpu_short_name(gpu);
  if (o.unit == OfferUnit::Slice) {
    const double inv = o.slice_fraction > 0 ? 1.0 / o.slice_fraction : 0;
    const std::string frac = std::fabs(inv - std::round(inv)) < 1e-6 ? "1/" + format_fixed(inv, 0)
                                                                      : percent(o.slice_fraction) + "%";
    return t("a " + frac + " slice of an " + g, g + " 的 " + frac + " 切片");
  }
  if (o.unit == OfferUnit::Machine && o.cards_rented > 1) {
    const std::string per = int_text(o.cards_rented / (o.units > 0 ? o.units : 1));
    if (o.cards_rented == o.cards) {
      if (o.units == 1) return t("one " + per + "x " + g + " machine", "一台 " + per + " 卡 " + g + " 整机");
      return t(int_text(o.units) + " " + per + "x " + g + " machines",
               int_text(o.units) + " 台 " + per + " 卡 " + g + " 整机");
    }
    if (o.units == 1) {
      return t("one " + per + "x " + g + " machine (using " + int_text(o.cards) + " cards)",
               "一台 " + per + " 卡 " + g + " 整机（用其中 " + int_text(o.cards) + " 张）");
    }
    return t(int_text(o.units) + " " + per + "x " + g + " machines (using " + int_text(o.cards) + " cards)",
             int_text(o.units) + " 台 " + per + " 卡 " + g + " 整机（用其中 " + int_text(o.cards) + " 张）");
  }
  if (o.cards == 1) return t("one " + g, "一张 " + g);
  return t(int_text(o.cards) + "x " + g, int_text(o.cards) + " 张 " + g);
}

Text workload(const Context& ctx) {
  const Scenario& s = *ctx.scenario;
  const std::string ctx_len = tokens_label(s.context);
  if (s.task == Task::Inference) {
    std::string en = "with " + ctx_len + " context";
    std::string zh = "上下文 " + ctx_len;
    if (s.concurrency > 1) {
      en += " x " + std::to_string(s.concurrency) + " sequences";
      zh += "、并发 " + std::to_string(s.concurrency) + " 路";
    }
    return t(en, zh);
  }
  const Text task = task_label(s.task);
  return t("for " + task.en + " at " + ctx_len + " tokens per sequence", task.zh + "、序列长度 " + ctx_len);
}

Text price_clause(const Context& ctx, const Option& o) {
  const std::string cost_en = amount_range(o.monthly_cost, "-");
  const std::string cost_zh = amount_range(o.monthly_cost, "–");
  std::string en = cost_en + " " + cur_en(ctx.currency) + "/month";
  std::string zh = "月租 " + cost_zh + " " + cur_zh(ctx.currency);
  switch (o.term) {
    case Term::Hourly:
      en += " at " + amount(ctx.hours_per_day) + " h/day, billed hourly";
      zh += "（按小时计费，每天 " + amount(ctx.hours_per_day) + " 小时）";
      break;
    case Term::Weekly:
      en += " in 7-day packages";
      zh += "（7 天套餐）";
      break;
    case Term::Monthly: break;
    case Term::Yearly:
      en += " on a yearly contract";
      zh += "（年付）";
      break;
  }
  if (o.spot) {
    en += " as a spot instance";
    zh += "（竞价实例）";
  }
  if (o.student) {
    en += " with the student discount";
    zh += "（学生折扣）";
  }
  if (o.price_on_inquiry) {
    en += " (indicative, ask the vendor)";
    zh += "（约数，需咨询）";
  }
  return t(en, zh);
}

// "200M", "1.5B", "50,000": a token count as people write it.
std::string count_label(double n) {
  const struct {
    double scale;
    const char* suffix;
  } units[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}};
  for (const auto& u : units) {
    if (n >= u.scale) return trim_zeros(format_fixed(n / u.scale, 2)) + u.suffix;
  }
  return format_grouped(n);
}

Text job_clause(const Context& ctx, const Option& o) {
  if (!o.job_hours || !o.job_cost) return t("", "");
  const std::string hours = format_rate(*o.job_hours);
  const std::string tokens = count_label(ctx.scenario->tokens);
  return t("; the " + tokens + "-token job takes " + hours + " h and costs " + amount_range(*o.job_cost, "-") + " " +
               cur_en(ctx.currency),
           "；训练 " + tokens + " tokens 需 " + hours + " 小时，共 " + amount_range(*o.job_cost, "–") + " " +
               cur_zh(ctx.currency));
}

Text scope(const Context& ctx) {
  const PlanRequest& r = *ctx.request;
  std::string en;
  std::string zh;
  const std::string kind_en = ctx.single_machine ? "single-machine option" : "option";
  const std::string kind_zh = ctx.single_machine ? "单机方案" : "选择";
  if (ctx.budget->set) {
    en = "the cheapest " + (ctx.single_machine ? kind_en + " " : std::string()) + "within your budget (" +
         ctx.budget->label.en + ")";
    zh = "是" + ctx.budget->label.zh + "内最便宜的" + kind_zh;
  } else {
    en = "the cheapest " + kind_en + " that fits comfortably";
    zh = "是显存余量充足的" + kind_zh + "中最便宜的";
  }
  if (is_training(ctx.scenario->task) || (r.min_tokens_per_s <= 0 && r.max_ttft_ms <= 0)) return t(en, zh);
  std::string target_en;
  std::string target_zh;
  if (r.min_tokens_per_s > 0) {
    target_en = format_rate(r.min_tokens_per_s) + " tokens/s";
    target_zh = format_rate(r.min_tokens_per_s) + " tokens/s";
  }
  if (r.max_ttft_ms > 0) {
    if (!target_en.empty()) {
      target_en += " and ";
      target_zh += "、";
    }
    target_en += format_rate(r.max_ttft_ms) + " ms first-token";
    target_zh += "首 token " + format_rate(r.max_ttft_ms) + " ms";
  }
  en += " that meets your " + target_en + " target";
  zh = "满足 " + target_zh + " 目标，且" + zh;
  return t(en, zh);
}

}  // namespace

Text pick_reason(const Context& ctx, const Option& o) {
  const Gpu* gpu = ctx.catalog->find_gpu(o.gpu);
  const Model* model = ctx.scenario->custom_model ? &*ctx.scenario->custom_model
                                                  : ctx.catalog->find_model(ctx.estimate->model);
  const std::string model_name = model && !model->name.empty() ? model->name : ctx.estimate->model;
  const std::string prec = precision_label(ctx.estimate->precision);
  const std::string need = gb(static_cast<double>(ctx.estimate->memory.total));
  const Text work = workload(ctx);
  const Text hw = gpu ? hardware(o, *gpu) : t(o.gpu, o.gpu);
  const Text price = price_clause(ctx, o);
  const Text job = job_clause(ctx, o);
  const Text sc = scope(ctx);
  const std::string spare = percent(o.spare_fraction);
  Text r;
  r.en = model_name + " in " + prec + " needs " + need + " GB " + work.en + "; " + hw.en + " fits it with " + spare +
         "% to spare; " + o.platform_name.en + " rents it for " + price.en + job.en + ", " + sc.en + ".";
  r.zh = model_name + " 以 " + prec + " 运行（" + work.zh + "）需要 " + need + " GB 显存；" + hw.zh + " 装得下，还余 " +
         spare + "%；" + o.platform_name.zh + price.zh + job.zh + "，" + sc.zh + "。";
  return r;
}

Text other_reason(const Context& ctx, const Option& o, const Option* pick) {
  const Money& cost = ctx.job && o.job_cost ? *o.job_cost : o.monthly_cost;
  const std::string unit_en = ctx.job ? std::string(cur_en(ctx.currency)) + " for the job"
                                      : std::string(cur_en(ctx.currency)) + "/month";
  const std::string unit_zh = ctx.job ? std::string(cur_zh(ctx.currency)) + "（整个训练）"
                                      : std::string(cur_zh(ctx.currency)) + "/月";
  const std::string c_en = amount_range(cost, "-") + " " + unit_en;
  const std::string c_zh = amount_range(cost, "–") + " " + unit_zh;
  if (!o.pickable) {
    return t(c_en + ": a market reference price, shown for comparison.", c_zh + "：市场参考价，仅供对比。");
  }
  if (o.fit == Fit::Tight) {
    return t(c_en + ", but only " + percent(o.spare_fraction) + "% memory to spare (below the " +
                 percent(ctx.headroom) + "% headroom).",
             c_zh + "，但显存只余 " + percent(o.spare_fraction) + "%（低于 " + percent(ctx.headroom) + "% 余量）。");
  }
  if (!o.meets_targets) {
    return t(c_en + ", but it misses your speed target.", c_zh + "，但达不到你的速度目标。");
  }
  if (!o.within_budget) {
    return t(c_en + ": over your budget (" + ctx.budget->label.en + ").",
             c_zh + "：超出" + ctx.budget->label.zh + "。");
  }
  if (pick) {
    const Money& pc = ctx.job && pick->job_cost ? *pick->job_cost : pick->monthly_cost;
    const double more = cost.high - pc.high;
    if (more > 0) {
      return t(c_en + ": fits, " + amount(more) + " " + cur_en(ctx.currency) + " more than the pick.",
               c_zh + "：装得下，比推荐方案贵 " + amount(more) + " " + cur_zh(ctx.currency) + "。");
    }
    return t(c_en + ": fits, as cheap as the pick; the pick has fewer cards or dedicated isolation.",
             c_zh + "：装得下，与推荐方案同价；推荐方案卡更少或为独享。");
  }
  return t(c_en + ": fits comfortably.", c_zh + "：显存余量充足。");
}

Text budget_change(const Context& ctx, const Option& pick) {
  const Money& cost = pick.budget_cost;
  if (!pick.tier.empty()) {
    if (const BudgetTier* tier = ctx.catalog->find_budget_tier(pick.tier)) {
      const Text l = tier_label(*tier);
      return t("a budget of " + l.en + " instead of " + ctx.budget->label.en,
               "预算提高到" + l.zh + "（原" + ctx.budget->label.zh + "）");
    }
  }
  return t("a budget of at least " + amount(cost.high) + " " + cur_en(ctx.currency) + "/month instead of " +
               ctx.budget->label.en,
           "月预算至少 " + amount(cost.high) + " " + cur_zh(ctx.currency) + "（原" + ctx.budget->label.zh + "）");
}

}  // namespace cardfit::plan_text
