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
#include "explain.hpp"
#include "format.hpp"
#include "messages.hpp"

namespace cardfit::cli {
namespace {

struct EstimateOptions {
  RequestFlags flags;
  bool json = false;
  bool explain = false;
};

// [SECTION] Text

std::string gb(std::int64_t bytes) { return format_gb(static_cast<double>(bytes)); }

void print_text(const Estimate& e, const Catalog& catalog, const Scenario& s, bool explain, std::ostream& out) {
  const Lang lang = s.lang;
  auto say = [lang](const Message& m) { return render(m, lang); };
  auto word = [lang](MsgId id) { return std::string(text(id, lang)); };
  const bool training = is_training(e.task);
  out << say(msg::cli_est_model(e.model, format_count(static_cast<double>(e.params.total))));
  if (e.params.active != e.params.total) {
    out << say(msg::cli_est_active(format_count(static_cast<double>(e.params.active))));
  }
  out << "; " << e.precision << ", " << name_of(e.task);
  if (!training) {
    out << ", KV " << e.kv_precision << ", " << format_grouped(static_cast<double>(e.kv_cache_bytes_per_token)) << " B/token";
  }
  out << "\n";
  const MemoryBreakdown& m = e.memory;
  out << say(msg::cli_est_memory(gb(m.weights), training ? Message() : msg::cli_est_memory_kv(gb(m.kv_cache)),
                                 gb(m.activations),
                                 training ? msg::cli_est_memory_training(gb(m.adapters), gb(m.gradients), gb(m.optimizer))
                                          : Message(),
                                 gb(m.overhead), format_bytes(static_cast<double>(m.total))))
      << "\n\n";

  std::vector<std::vector<std::string>> rows;
  if (training) {
    rows.push_back({"GPU", word(MsgId::cli_col_cards), word(MsgId::cli_col_fit), word(MsgId::cli_col_per_card),
                    word(MsgId::cli_col_usable), "ZeRO", word(MsgId::cli_col_max_seq), word(MsgId::cli_col_max_batch),
                    word(MsgId::cli_col_train_h), word(MsgId::cli_col_gpu_h)});
  } else {
    rows.push_back({"GPU", word(MsgId::cli_col_cards), word(MsgId::cli_col_fit), word(MsgId::cli_col_per_card),
                    word(MsgId::cli_col_usable), word(MsgId::cli_col_decode), word(MsgId::cli_col_aggregate),
                    word(MsgId::cli_col_ttft), word(MsgId::cli_col_max_context), word(MsgId::cli_col_max_conc)});
  }
  for (const GpuEstimate& g : e.gpus) {
    const std::string cards = g.cards > 0 ? std::to_string(g.cards) : "-";
    const bool fits = g.cards > 0;
    const std::string fit = word(label_of(g.fit));
    if (training) {
      rows.push_back({g.gpu, cards, fit, gb(g.per_card_bytes), gb(g.usable_bytes),
                      fits ? std::to_string(g.zero_stage) : "-", format_grouped(static_cast<double>(g.max_context)),
                      format_grouped(static_cast<double>(g.max_concurrency)),
                      g.train_hours ? format_fixed(*g.train_hours, 1) : "-", g.gpu_hours ? format_fixed(*g.gpu_hours, 1) : "-"});
    } else {
      rows.push_back({g.gpu, cards, fit, gb(g.per_card_bytes), gb(g.usable_bytes),
                      fits ? format_rate(g.decode_tokens_per_s) : "-", fits ? format_rate(g.aggregate_tokens_per_s) : "-",
                      fits ? format_fixed(g.ttft_ms, 0) : "-", format_grouped(static_cast<double>(g.max_context)),
                      format_grouped(static_cast<double>(g.max_concurrency))});
    }
  }
  print_table(rows, out);

  bool any = false;
  for (const Message& w : e.warnings) {
    if (!any) out << "\n" << word(MsgId::cli_notes) << "\n";
    any = true;
    out << "  - " << say(w) << "\n";
  }
  for (const GpuEstimate& g : e.gpus) {
    for (const Message& w : g.warnings) {
      if (!any) out << "\n" << word(MsgId::cli_notes) << "\n";
      any = true;
      out << "  - " << g.gpu << ": " << say(w) << "\n";
    }
  }
  if (explain) {
    const Gpu* gpu = e.explained_gpu.empty() ? nullptr : catalog.find_gpu(e.explained_gpu);
    out << "\n"
        << say(gpu ? msg::cli_est_formulas_for(gpu->name) : msg::cli_est_formulas()) << "\n";
    for (const Explanation& x : e.explain) {
      out << "\n" << say(x.quantity) << "\n"
          << "  " << say(msg::cli_est_formula(x.formula)) << "\n"
          << "  " << say(msg::cli_est_numbers(x.substituted)) << "\n";
      for (const std::string& ref : x.sources) out << "  " << say(msg::cli_est_source(cite(catalog, ref))) << "\n";
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
    print_errors(e.errors, opts.json, s.lang, std::cout);
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
  add_request_flags(sub, opts->flags, FlagSet::Scenario, help_catalog());
  add_catalog_flag(sub, common);
  sub->add_flag("--explain", opts->explain, "Print every formula with the numbers substituted and its source (in --lang)");
  sub->add_flag("--json", opts->json, "Print one JSON object (the contract in docs/cli.md)");
  sub->callback([opts, sub, &common, &exit_code] { exit_code = run_estimate(*opts, sub, common); });
}

}  // namespace cardfit::cli
