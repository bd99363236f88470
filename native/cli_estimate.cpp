// `cardfit estimate`: the estimation core on the command line. --json prints the contract of
// docs/cli.md; otherwise a readable table; --explain adds every formula in --lang.

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "cli.hpp"
#include "cli_scenario.hpp"
#include "cli_table.hpp"
#include "estimate.hpp"
#include "estimate_json.hpp"
#include "explain.hpp"
#include "format.hpp"
#include "launch.hpp"
#include "measured.hpp"
#include "messages.hpp"
#include "verify.hpp"

namespace cardfit::cli {
namespace {

struct EstimateOptions {
  RequestFlags flags;
  Format format;
  bool explain = false;
};

// [SECTION] Text

std::string gb(std::int64_t bytes) { return format_gb(static_cast<double>(bytes)); }

// Hours of a training job: tenths, but a short job is not printed as "0.0".
std::string hours_text(double h) { return h >= 0.05 || h <= 0 ? format_fixed(h, 1) : format_rate(h); }

void print_text(const Estimate& e, const Catalog& catalog, const Scenario& s, bool explain, int width,
                std::ostream& out) {
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

  // Column order is reading order; `drop` says which go first on a narrow terminal.
  Table table(training ? std::vector<Column>{{word(MsgId::cli_col_gpu)}, {word(MsgId::cli_col_cards)},
                                             {word(MsgId::cli_col_fit)}, {word(MsgId::cli_col_per_card), 3},
                                             {word(MsgId::cli_col_usable), 5}, {word(MsgId::cli_col_zero), 6},
                                             {word(MsgId::cli_col_max_seq), 4}, {word(MsgId::cli_col_max_batch), 4},
                                             {word(MsgId::cli_col_train_h), 1}, {word(MsgId::cli_col_gpu_h), 2}}
                       : std::vector<Column>{{word(MsgId::cli_col_gpu)}, {word(MsgId::cli_col_cards)},
                                             {word(MsgId::cli_col_fit)}, {word(MsgId::cli_col_per_card), 3},
                                             {word(MsgId::cli_col_usable), 5}, {word(MsgId::cli_col_decode), 1},
                                             {word(MsgId::cli_col_aggregate), 6}, {word(MsgId::cli_col_ttft), 2},
                                             {word(MsgId::cli_col_max_context), 4}, {word(MsgId::cli_col_max_conc), 4}});
  for (const GpuEstimate& g : e.gpus) {
    const std::string cards = g.cards > 0 ? std::to_string(g.cards) : "-";
    const bool fits = g.cards > 0;
    const std::string fit = word(label_of(g.fit));
    if (training) {
      table.add({g.gpu, cards, fit, gb(g.per_card_bytes), gb(g.usable_bytes),
                 fits ? std::to_string(g.zero_stage) : "-", format_grouped(static_cast<double>(g.max_context)),
                 format_grouped(static_cast<double>(g.max_concurrency)),
                 g.train_hours ? hours_text(*g.train_hours) : "-", g.gpu_hours ? hours_text(*g.gpu_hours) : "-"});
    } else {
      table.add({g.gpu, cards, fit, gb(g.per_card_bytes), gb(g.usable_bytes),
                 fits ? format_rate(g.decode_tokens_per_s) : "-", fits ? format_rate(g.aggregate_tokens_per_s) : "-",
                 fits ? format_fixed(g.ttft_ms, 0) : "-", format_grouped(static_cast<double>(g.max_context)),
                 format_grouped(static_cast<double>(g.max_concurrency))});
    }
  }
  table.print(out, width, lang);
  // Measurements of the same configuration, under the table (docs/measurements.md); none: nothing.
  bool measured = false;
  for (const GpuEstimate& g : e.gpus) {
    for (const MeasuredFigure& f : g.measured) {
      if (!measured) out << "\n" << word(MsgId::est_measured_title) << "\n";
      measured = true;
      out << "  " << g.gpu << ": " << say(measured_message(f, measured_source(catalog, f))) << "\n";
    }
  }

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
  // One GPU asked for (--gpu): what to type to start it.
  if (e.gpus.size() == 1) {
    const std::vector<LaunchCommand> launch = launch_commands(catalog, e.scenario, e.gpus.front());
    if (!launch.empty()) out << "\n" << word(MsgId::launch_title) << "\n";
    for (const LaunchCommand& c : launch) {
      out << "  # " << word(label_of(c.kind)) << "\n";
      std::string line;
      for (char ch : c.text + (c.text.back() == '\n' ? "" : "\n")) {
        line += ch;
        if (ch == '\n') {
          out << "  " << line;
          line.clear();
        }
      }
    }
    // The benchmark that checks these figures there (docs/verify.md).
    if (const std::optional<VerifyCommand> v = verify_for(catalog, e.scenario, e.gpus.front(), launch)) {
      out << "\n" << word(MsgId::verify_title) << "\n";
      out << "  # " << word(label_of(v->tool)) << "\n";
      out << "  " << v->text << "\n";
      for (const VerifyCompare& c : v->compare) out << "  - " << say(compare_message(c)) << "\n";
      for (const VerifyRun& r : v->also) {
        out << "  # " << word(label_of(r.tool)) << "\n";
        out << "  " << r.text << "\n";
        for (const VerifyCompare& c : r.compare) out << "  - " << say(compare_message(c)) << "\n";
      }
      out << "  " << word(MsgId::verify_how) << "\n";
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

int run_estimate(EstimateOptions& opts, const CommonOptions& common, Output& io) {
  Format& f = opts.format;
  f.lang = flags_lang(opts.flags);
  if (!apply_format(f, io)) return kInvalid;
  std::optional<Prepared> in = prepare(opts.flags, common, f, io);
  if (!in) return kInvalid;
  const Catalog& catalog = in->catalog;
  Scenario s = in->request.scenario;
  s.explain = f.json || opts.explain;
  Result<Estimate> e = estimate(catalog, s);
  if (!e.ok()) {
    print_errors(e.errors, f, io);
    return kInvalid;
  }
  if (f.json) {
    io.out << estimate_to_json(*e.value, catalog, s.lang, f.style()) << "\n";
  } else if (is_paste_format(f.table)) {
    io.out << render_table(estimate_table(*e.value, s.lang), f.table);
  } else {
    print_text(*e.value, catalog, s, opts.explain, f.wide ? 0 : io.width, io.out);
  }
  return kOk;
}

}  // namespace

void add_estimate_command(CLI::App& app, Command& cmd) {
  auto opts = std::make_shared<EstimateOptions>();
  opts->format.schema = kEstimateSchema;
  CLI::App* sub = app.add_subcommand(
      "estimate", "Memory, fit and card count, speed and training time of a model on every GPU (docs/cli.md)");
  add_request_flags(sub, opts->flags, FlagSet::Scenario, help_catalog());
  add_catalog_flag(sub, cmd.common);
  sub->add_flag("--explain", opts->explain, "Print every formula with the numbers substituted and its source (in --lang)");
  sub->add_flag("--json", opts->format.json, "Print one JSON object (the contract in docs/cli.md)");
  add_format_flags(sub, opts->format, true);
  add_export_flag(sub, opts->format);
  cmd.runners[sub] = [opts, &cmd] { return run_estimate(*opts, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
