// `cardfit plan`: the estimate flags plus budget, currency, billing and platform choices ->
// the "just enough" pick, every option, and alternatives (docs/cli.md "plan", docs/planner.md).
// Parsing is here; planning and the JSON are the core's (core/plan.hpp, core/plan_json.hpp).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "native_files.hpp"
#include "cli_scenario.hpp"
#include "cli_table.hpp"
#include "format.hpp"
#include "labels.hpp"
#include "measured.hpp"
#include "api_words.hpp"
#include "messages.hpp"
#include "plan.hpp"
#include "plan_json.hpp"
#include "plan_rows.hpp"

namespace cardfit::cli {
namespace {

struct PlanFlags {
  RequestFlags request;  // the estimate flags plus budget, billing and platform choices
  Format format;         // --json, --pretty, --wide
};

// [SECTION] The readable report

void print_option_lines(const Option& o, Lang lang, std::ostream& out) {
  out << "  " << render(o.reason, lang) << "\n";
  for (const Message& w : o.warnings) out << "  ! " << render(w, lang) << "\n";
}

void print_report(const Plan& p, int width, bool wide, std::ostream& out) {
  const Lang lang = p.lang;
  auto say = [lang](const Message& m) { return render(m, lang); };
  auto word = [lang](MsgId id) { return std::string(text(id, lang)); };
  const std::string cur(name_of(p.currency));
  out << say(msg::cli_plan_header(p.model_name, precision_label(p.precision), format_gb(static_cast<double>(p.memory_bytes)),
                                  p.budget.set ? msg::cli_plan_budget(p.budget.label) : Message(),
                                  word(label_of(p.term))))
      << "\n\n";

  if (p.pick) {
    out << say(msg::cli_plan_pick(p.pick->gpu_name, std::to_string(p.pick->cards), p.pick->platform_name, p.pick->offer,
                                  word(label_of(p.pick->term))))
        << "\n";
    print_option_lines(*p.pick, lang, out);
    if (p.budget_best) {
      const Option& b = *p.budget_best;
      const Message speed = b.job_hours ? msg::cli_plan_speed_job(format_rate(*b.job_hours))
                                        : msg::cli_plan_speed_tokens(format_rate(b.aggregate_tokens_per_s));
      out << say(msg::cli_plan_budget_best(b.gpu_name, std::to_string(b.cards), b.platform_name, b.offer,
                                           word(label_of(b.term)), monthly_label(b.monthly_cost, p.currency), speed))
          << "\n";
    }
  } else {
    out << word(MsgId::cli_plan_nothing) << "\n  " << say(p.no_pick_reason) << "\n";  // why
  }
  out << "\n";

  // The cells CSV and Markdown print too (core/io/plan_rows.hpp). Provenance columns (price
  // source, overlay file) with --wide; the platform names an overlay anyway.
  const PlanRows rows = plan_rows(p, lang);
  std::vector<Column> columns;
  for (const PlanColumnHead& h : rows.columns) {
    if (wide || !h.detail) columns.push_back({h.header, h.drop, h.shorten});
  }
  Table table(std::move(columns));
  for (const PlanRow& r : rows.rows) {
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
      if (wide || !rows.columns[i].detail) cells.push_back(r.cells[i].words);
    }
    table.add(std::move(cells));
  }
  table.print(out, width, lang);
  if (p.options_total > p.options.size()) {
    out << say(msg::cli_plan_more(std::to_string(p.options.size()), std::to_string(p.options_total))) << "\n";
  }
  out << word(MsgId::cli_plan_legend) << "\n";
  // Measurements of an option's configuration, once per GPU and card count (docs/measurements.md).
  std::vector<std::string> shown;
  for (const Option& o : p.options) {
    const std::string key = o.gpu + "x" + std::to_string(o.cards);
    if (o.measured.empty() || std::find(shown.begin(), shown.end(), key) != shown.end()) continue;
    if (shown.empty()) out << "\n" << word(MsgId::est_measured_title) << "\n";
    shown.push_back(key);
    for (const MeasuredFigure& m : o.measured) {
      out << "  " << o.gpu_name << " x" << o.cards << ": " << say(measured_message(m, m.source_id)) << "\n";
    }
  }

  // --compare-api: the model's API prices against the pick (docs/cli.md "Rent or pay per token").
  if (p.api_compare) {
    out << "\n" << word(MsgId::plan_api_title) << "\n";
    for (const Message& m : api_compare_lines(p, p.pick ? &*p.pick : nullptr)) out << "  " << say(m) << "\n";
    const std::vector<Message> buy = buy_compare_lines(p, p.pick ? &*p.pick : nullptr);
    if (!buy.empty()) out << "\n" << word(MsgId::plan_buy_title) << "\n";
    for (const Message& m : buy) out << "  " << say(m) << "\n";
  }

  if (!p.alternatives.empty()) {
    out << "\n" << word(MsgId::cli_plan_alternatives) << "\n";
    for (const Alternative& a : p.alternatives) {
      out << "- " << say(a.change) << ": " << a.pick.gpu_name << " x" << a.pick.cards << " @ " << say(platform_with_product(a.pick.platform_name, a.pick.product))
          << ", " << say(monthly_label(a.pick.monthly_cost, p.currency)) << "\n";
      print_option_lines(a.pick, lang, out);
    }
  }
  if (!p.quote_only.empty()) {
    out << "\n" << word(MsgId::cli_plan_quote_only) << "\n";
    for (const QuoteOnly& q : p.quote_only) out << "- " << q.gpu << " x" << q.cards << " @ " << q.offer << "\n";
  }
  for (const Message& w : p.warnings) out << "! " << say(w) << "\n";
}

int run_plan(PlanFlags& flags, const CommonOptions& common, Output& io) {
  Format& f = flags.format;
  f.lang = flags_lang(flags.request);
  if (!apply_format(f, io)) return kInvalid;
  std::optional<Prepared> in = prepare(flags.request, common, f, io);
  if (!in) return kInvalid;
  f.lang = in->request.lang;  // --lang, or the language of a --link
  if (in->request.today.empty()) in->request.today = native::today();  // how old each price is
  Result<Plan> p = plan(in->catalog, in->request);
  if (!p.ok()) {
    print_errors(p.errors, f, io);
    return kInvalid;
  }
  if (f.json) {
    io.out << plan_to_json(*p.value, f.style()) << "\n";
  } else if (is_paste_format(f.table)) {
    io.out << render_table(plan_table(*p.value, p.value->lang), f.table);
  } else {
    print_report(*p.value, f.wide ? 0 : io.width, f.wide, io.out);
  }
  return kOk;
}

}  // namespace

void add_plan_command(CLI::App& app, Command& cmd) {
  auto flags = std::make_shared<PlanFlags>();
  flags->format.schema = kPlanSchema;
  CLI::App* sub = app.add_subcommand(
      "plan", "What to rent, where and for how much: the cheapest option that fits your model, task and budget");
  add_request_flags(sub, flags->request, FlagSet::ScenarioAndPlan, help_catalog());
  add_link_flag(sub, flags->request);
  add_catalog_flag(sub, cmd.common);
  sub->add_flag("--json", flags->format.json,
                "Print {\"schema\", \"ok\": true, \"pick\", \"options\", \"alternatives\", ...} (docs/cli.md)");
  add_format_flags(sub, flags->format, true);
  add_export_flag(sub, flags->format);
  cmd.runners[sub] = [flags, &cmd] { return run_plan(*flags, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
