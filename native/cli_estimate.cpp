// `cardfit estimate`: the estimation core on the command line. --json prints the contract of
// docs/cli.md; otherwise a readable table; --explain adds every formula in --lang.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include "cli.hpp"
#include "cli_scenario.hpp"
#include "estimate.hpp"
#include "numbers.hpp"

namespace cardfit::cli {
namespace {

using nlohmann::json;

struct EstimateOptions {
  ScenarioFlags flags;
  bool json = false;
  bool explain = false;
};

const char* compute_name(ComputeType c) {
  switch (c) {
    case ComputeType::Fp32: return "fp32";
    case ComputeType::Fp16: return "fp16";
    case ComputeType::Bf16: return "bf16";
    case ComputeType::Fp8: return "fp8";
    case ComputeType::Int8: return "int8";
  }
  return "fp16";
}

// [SECTION] JSON

json memory_json(const MemoryBreakdown& m) {
  return json{{"weights", m.weights},     {"kv_cache", m.kv_cache}, {"activations", m.activations},
              {"gradients", m.gradients}, {"optimizer", m.optimizer}, {"adapters", m.adapters},
              {"overhead", m.overhead},   {"total", m.total}};
}

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

json to_json(const Estimate& e, const Catalog& catalog, Lang lang) {
  json gpus = json::array();
  for (const GpuEstimate& g : e.gpus) {
    json warnings = json::array();
    for (const Text& w : g.warnings) warnings.push_back(w.in(lang));
    const Gpu* gpu = catalog.find_gpu(g.gpu);
    gpus.push_back(json{
        {"gpu", g.gpu},
        {"name", gpu ? gpu->name : g.gpu},
        {"cards", g.cards},
        {"fit", std::string(to_string(g.fit))},
        {"per_card_bytes", g.per_card_bytes},
        {"card_memory_bytes", g.card_memory_bytes},
        {"usable_bytes", g.usable_bytes},
        {"spare_fraction", g.spare_fraction},
        {"min_cards_tight", g.min_cards_tight},
        {"max_cards_tried", g.max_cards_tried},
        {"tensor_parallel", g.tensor_parallel},
        {"pipeline_parallel", g.pipeline_parallel},
        {"data_parallel", g.data_parallel},
        {"zero_stage", g.zero_stage},
        {"per_card_memory_bytes", memory_json(g.per_card)},
        {"compute", compute_name(g.compute)},
        {"dense_tflops", g.dense_tflops},
        {"decode_tokens_per_s", g.decode_tokens_per_s},
        {"aggregate_tokens_per_s", g.aggregate_tokens_per_s},
        {"decode_compute_bound", g.decode_compute_bound},
        {"prefill_tokens_per_s", g.prefill_tokens_per_s},
        {"ttft_ms", g.ttft_ms},
        {"max_context", g.max_context},
        {"max_concurrency", g.max_concurrency},
        {"train_hours", optional_number(g.train_hours)},
        {"gpu_hours", optional_number(g.gpu_hours)},
        {"train_tokens_per_s", g.train_tokens_per_s},
        {"mfu", g.mfu},
        {"warnings", warnings},
    });
  }
  json explain = json::array();
  for (const Explanation& x : e.explain) {
    explain.push_back(json{{"key", x.key},
                           {"quantity", x.quantity.in(lang)},
                           {"formula", x.formula.in(lang)},
                           {"substituted", x.substituted},
                           {"source", x.source}});
  }
  json warnings = json::array();
  for (const Text& w : e.warnings) warnings.push_back(w.in(lang));
  return json{
      {"ok", true},
      {"model", e.model},
      {"precision", e.precision},
      {"kv_precision", e.kv_precision},
      {"task", std::string(to_string(e.task))},
      {"params",
       {{"total", e.params.total},
        {"active", e.params.active},
        {"matmul_active", e.params.matmul_active},
        {"embedding", e.params.embedding},
        {"lm_head", e.params.lm_head},
        {"adapters", e.adapter_params}}},
      {"kv_cache_bytes_per_token", e.kv_cache_bytes_per_token},
      {"kv_cache_bytes_per_sequence", e.kv_cache_bytes_per_sequence},
      {"weight_bytes_per_token", e.weight_bytes_per_token},
      {"train_flops", e.train_flops},
      {"memory_bytes", memory_json(e.memory)},
      {"gpus", gpus},
      {"warnings", warnings},
      {"explained_gpu", e.explained_gpu},
      {"explain", explain},
  };
}

// [SECTION] Text

std::size_t display_width(const std::string& s) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    width += len >= 3 ? 2 : 1;  // CJK (3-byte UTF-8) takes two columns
    i += len;
  }
  return width;
}

void print_table(const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
  std::vector<std::size_t> widths;
  for (const auto& r : rows) {
    widths.resize(std::max(widths.size(), r.size()), 0);
    for (std::size_t c = 0; c < r.size(); ++c) widths[c] = std::max(widths[c], display_width(r[c]));
  }
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t c = 0; c < r.size(); ++c) {
      line += r[c];
      if (c + 1 < r.size()) line += std::string(widths[c] - display_width(r[c]) + 2, ' ');
    }
    out << line << "\n";
  }
}

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
  std::vector<Issue> problems = unknown_arguments(app->remaining());
  if (!problems.empty()) {
    print_errors(problems, opts.json, std::cout);
    return 1;
  }
  std::optional<Catalog> catalog = load_catalog_or_report(common, opts.json, std::cout);
  if (!catalog) return 1;
  Result<Scenario> scenario = make_scenario(opts.flags, *catalog);
  if (!scenario.ok()) {
    print_errors(scenario.errors, opts.json, std::cout);
    return 1;
  }
  Scenario s = *scenario.value;
  s.explain = opts.json || opts.explain;
  Result<Estimate> e = estimate(*catalog, s);
  if (!e.ok()) {
    print_errors(e.errors, opts.json, std::cout);
    return 1;
  }
  if (opts.json) {
    std::cout << to_json(*e.value, *catalog, s.lang).dump(2, ' ', false, json::error_handler_t::replace) << "\n";
  } else {
    print_text(*e.value, *catalog, s, opts.explain, std::cout);
  }
  return 0;
}

}  // namespace

void add_estimate_command(CLI::App& app, CommonOptions& common, int& exit_code) {
  auto opts = std::make_shared<EstimateOptions>();
  CLI::App* sub = app.add_subcommand(
      "estimate", "Memory, fit and card count, speed and training time of a model on every GPU (docs/cli.md)");
  sub->allow_extras();  // unknown flags are reported by us, as JSON with --json
  add_scenario_flags(sub, opts->flags);
  add_catalog_flag(sub, common);
  sub->add_flag("--explain", opts->explain, "Print every formula with the numbers substituted and its source (in --lang)");
  sub->add_flag("--json", opts->json, "Print one JSON object (the contract in docs/cli.md)");
  sub->callback([opts, sub, &common, &exit_code] { exit_code = run_estimate(*opts, sub, common); });
}

}  // namespace cardfit::cli
