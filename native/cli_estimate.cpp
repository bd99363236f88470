// `cardfit estimate`: the estimation core on the command line. --json prints the contract of
// docs/cli.md; otherwise a readable table; --explain adds every formula in --lang.

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include "cli.hpp"
#include "cli_scenario.hpp"
#include "cli_table.hpp"
#include "estimate.hpp"
#include "estimate_json.hpp"
#include "numbers.hpp"

namespace cardfit::cli {
namespace {


struct EstimateOptions {
  RequestFlags flags;
  bool json = false;
  bool explain = false;
};

// [SECTION] Text

std::string gb(std::int64_t bytes) { return format_gb(static_cast<double>(bytes)); }

const char* fit_text(Fit f, Lang lang) {
  const bool zh = lang == Lang::Zh;
  switch (f) {
    case Fit::Comfortable: return zh ? "宽裕" : "comfortable";
    case Fit::Tight: return zh ? "紧张" : "tight";
    case Fit::No: return zh ? "装不下" : "no";
  }
  return "";
}

void print_text(const Estimate& e, const Catalog& catalog, const Scenario& s, bool explain, std::ostream& out) {
  const Lang lang = s.lang;
  const bool zh = lang == Lang::Zh;
  const bool training = is_training(e.task);
  out << (zh ? "模型 " : "Model ") << e.model << ": " << format_count(static_cast<double>(e.params.total))
      << (zh ? " 参数" : " parameters");
  if (e.params.active != e.params.total) {
    out << ", " << format_count(static_cast<double>(e.params.active)) << (zh ? " 每 token 激活" : " active per token");
  }
  out << "; " << e.precision << ", " << to_string(e.task);
  if (!training) out << ", KV " << e.kv_precision << ", " << format_grouped(static_cast<double>(e.kv_cache_bytes_per_token)) << " B/token";
  out << "\n";
  const MemoryBreakdown& m = e.memory;
  out << (zh ? "显存（单卡一份，GB = 10^9 字节）：" : "Memory for one replica on one card (GB = 1e9 bytes): ")
      << (zh ? "权重 " : "weights ") << gb(m.weights);
  if (!training) out << (zh ? "，KV 缓存 " : ", KV cache ") << gb(m.kv_cache);
  out << (zh ? "，激活 " : ", activations ") << gb(m.activations);
  if (training) {
    if (m.adapters > 0) out << (zh ? "，适配器 " : ", adapters ") << gb(m.adapters);
    out << (zh ? "，梯度 " : ", gradients ") << gb(m.gradients) << (zh ? "，优化器 " : ", optimizer ") << gb(m.optimizer);
  }
  out << (zh ? "，开销 " : ", overhead ") << gb(m.overhead) << (zh ? "，合计 " : ", total ") << format_bytes(static_cast<double>(m.total))
      << "\n\n";

  std::vector<std::vector<std::string>> rows;
  if (training) {
    rows.push_back(zh ? std::vector<std::string>{"GPU", "卡数", "能否装下", "每卡需要", "每卡可用", "ZeRO", "最大序列", "最大微批", "训练小时", "GPU 小时"}
                      : std::vector<std::string>{"GPU", "cards", "fit", "per card", "usable", "ZeRO", "max seq", "max batch", "train h", "GPU-h"});
  } else {
    rows.push_back(zh ? std::vector<std::string>{"GPU", "卡数", "能否装下", "每卡需要", "每卡可用", "解码 t/s", "总吞吐 t/s", "首 token ms", "最大上下文", "最大并发"}
                      : std::vector<std::string>{"GPU", "cards", "fit", "per card", "usable", "decode t/s", "aggregate t/s", "TTFT ms", "max context", "max conc."});
  }
  for (const GpuEstimate& g : e.gpus) {
    const std::string cards = g.cards > 0 ? std::to_string(g.cards) : (zh ? "-" : "-");
    const bool fits = g.cards > 0;
    if (training) {
      rows.push_back({g.gpu, cards, fit_text(g.fit, lang), gb(g.per_card_bytes), gb(g.usable_bytes),
                      fits ? std::to_string(g.zero_stage) : "-", format_grouped(static_cast<double>(g.max_context)),
                      format_grouped(static_cast<double>(g.max_concurrency)),
                      g.train_hours ? format_fixed(*g.train_hours, 1) : "-", g.gpu_hours ? format_fixed(*g.gpu_hours, 1) : "-"});
    } else {
      rows.push_back({g.gpu, cards, fit_text(g.fit, lang), gb(g.per_card_bytes), gb(g.usable_bytes),
                      fits ? format_rate(g.decode_tokens_per_s) : "-", fits ? format_rate(g.aggregate_tokens_per_s) : "-",
                      fits ? format_fixed(g.ttft_ms, 0) : "-", format_grouped(static_cast<double>(g.max_context)),
                      format_grouped(static_cast<double>(g.max_concurrency))});
    }
  }
  print_table(rows, out);

  bool any = false;
  for (const Text& w : e.warnings) {
    if (!any) out << "\n" << (zh ? "提示：" : "Notes:") << "\n";
    any = true;
    out << "  - " << w.in(lang) << "\n";
  }
  for (const GpuEstimate& g : e.gpus) {
    for (const Text& w : g.warnings) {
      if (!any) out << "\n" << (zh ? "提示：" : "Notes:") << "\n";
      any = true;
      out << "  - " << g.gpu << ": " << w.in(lang) << "\n";
    }
  }
  if (explain) {
    out << "\n" << (zh ? "公式与来源" : "Formulas and sources");
    if (!e.explained_gpu.empty()) {
      const Gpu* gpu = catalog.find_gpu(e.explained_gpu);
      out << (zh ? "（按卡计算的数值取 " : " (per-card figures for ") << (gpu ? gpu->name : e.explained_gpu)
          << (zh ? "；用 --gpu 指定其他卡）" : "; choose another with --gpu)");
    }
    out << "\n";
    for (const Explanation& x : e.explain) {
      out << "\n" << x.quantity.in(lang) << "\n"
          << "  " << (zh ? "公式：" : "formula: ") << x.formula.in(lang) << "\n"
          << "  " << (zh ? "代入：" : "numbers: ") << x.substituted << "\n"
          << "  " << (zh ? "来源：" : "source:  ") << x.source << "\n";
    }
  }
}

int run_estimate(const EstimateOptions& opts, CLI::App* app, const CommonOptions& common) {
  std::optional<Prepared> in = prepare(opts.flags, app->remaining(), common, opts.json, std::cout);
  if (!in) return 1;
  const Catalog& catalog = in->catalog;
  Scenario s = in->request.scenario;
  s.explain = opts.json || opts.explain;
  Result<Estimate> e = estimate(catalog, s);
  if (!e.ok()) {
    print_errors(e.errors, opts.json, std::cout);
    return 1;
  }
  if (opts.json) {
    std::cout << estimate_to_json(*e.value, catalog, s.lang) << "\n";
  } else {
    print_text(*e.value, catalog, s, opts.explain, std::cout);
  }
  return 0;
}

}  // namespace

void add_estimate_command(CLI::App& app, CommonOptions& common, int& exit_code) {
  auto opts = std::make_shared<EstimateOptions>();
  CLI::App* sub = app.add_subcommand(
      "estimate", "Memory, fit and card count, speed and training time of a model on every GPU (docs/cli.md)");
  sub->allow_extras();  // unknown flags are reported by us, as JSON with --json
  add_request_flags(sub, opts->flags, FlagSet::Scenario);
  add_catalog_flag(sub, common);
  sub->add_flag("--explain", opts->explain, "Print every formula with the numbers substituted and its source (in --lang)");
  sub->add_flag("--json", opts->json, "Print one JSON object (the contract in docs/cli.md)");
  sub->callback([opts, sub, &common, &exit_code] { exit_code = run_estimate(*opts, sub, common); });
}

}  // namespace cardfit::cli
