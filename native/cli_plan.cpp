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
#include "messages.hpp"
#include "plan.hpp"
#include "plan_json.hpp"

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

void print_report(const Plan& p, int width, std::ostream& out) {
  const Lang lang = p.lang;
  auto say = [lang](const Message& m) { return render(m, lang); };
  auto word = [lang](MsgId id) { return std::string(text(id, lang)); };
  const std::string cur(name_of(p.currency));
  out << say(msg::cli_plan_header(p.model_name, precision_label(p.precision), format_gb(static_cast<double>(p.memory_bytes)),
                                  p.budget.set ? msg::cli_plan_budget(p.budget.label) : Message(),
                                  word(label_of(p.term))))
      << "\n\n";

  if (p.pick) {
    out << say(msg::cli_plan_pick(p.pick->gpu, std::to_string(p.pick->cards), p.pick->platform_name, p.pick->offer,
                                  word(label_of(p.pick->term))))
        << "\n";
    print_option_lines(*p.pick, lang, out);
    if (p.budget_best) {
      const Option& b = *p.budget_best;
      const Message speed = b.job_hours ? msg::cli_plan_speed_job(format_rate(*b.job_hours))
                                        : msg::cli_plan_speed_tokens(format_rate(b.aggregate_tokens_per_s));
      out << say(msg::cli_plan_budget_best(b.gpu, std::to_string(b.cards), b.platform_name, b.offer,
                                           word(label_of(b.term)), monthly_label(b.monthly_cost, p.currency), speed))
          << "\n";
    }
  } else {
    out << word(MsgId::cli_plan_nothing) << "\n  " << say(p.no_pick_reason) << "\n";  // why
  }
  out << "\n";

  // The offer id is long and repeats platform and GPU: it is the first to be shortened.
  Table table({{""}, {word(MsgId::cli_col_gpu)}, {word(MsgId::cli_col_cards)}, {word(MsgId::cli_col_platform), 5},
               {word(MsgId::cli_col_offer), 0, true}, {word(MsgId::cli_col_term), 4},
               {say(msg::cli_col_per_month(cur))}, {word(MsgId::cli_col_fit), 3}, {word(MsgId::cli_col_headroom), 8},
               {word(MsgId::cli_col_tokens_per_s), 2},
               {p.job ? word(MsgId::cli_col_job_h) : word(MsgId::cli_col_ttft), 7},
               {p.job ? say(msg::cli_col_job_cost(cur)) : say(msg::cli_col_per_mtok(cur)), p.job ? 0 : 8},
               {word(MsgId::cli_col_budget), 1}, {word(MsgId::cli_col_as_of), 9}});
  for (const Option& o : p.options) {
    const bool is_pick = p.pick && o.offer == p.pick->offer && o.cards == p.pick->cards && o.term == p.pick->term;
    std::string cards = std::to_string(o.cards);
    if (o.unit == OfferUnit::Slice) cards = "1/" + format_fixed(1 / o.slice_fraction, 0);
    if (o.replicas > 1) cards = std::to_string(o.replicas) + "x" + std::to_string(o.cards / o.replicas);  // replicas x cards
    if (o.cards_rented > o.cards) cards += " (" + std::to_string(o.cards_rented) + ")";
    std::string term = word(label_of(o.term));  // the term in the reader's language
    if (o.spot) term += "/spot";
    std::string cost = amount_range(o.monthly_cost) + (o.price_on_inquiry ? "?" : "");
    const std::string platform = o.overlay.empty() ? o.platform : o.platform + " (" + say(overlay_label(o.overlay)) + ")";
    // Not pickable: a market reference ("ref"), or a layout without a launch recipe ("-").
    table.add({is_pick ? "*" : (o.pickable ? "" : o.launch.empty() ? "-" : "ref"), o.gpu, cards, platform, o.offer, term, cost,
                    word(label_of(o.fit)), format_margin(o.margin_fraction, 0) + "%",
                    o.decode_tokens_per_s > 0 ? format_rate(o.decode_tokens_per_s) : "-",
                    p.job ? (o.job_hours ? format_rate(*o.job_hours) : "-") : (o.ttft_ms > 0 ? format_rate(o.ttft_ms) : "-"),
                    p.job ? (o.job_cost ? amount_range(*o.job_cost) : "-")
                          : (o.cost_per_million_tokens ? amount_range(*o.cost_per_million_tokens) : "-"),
                    word(o.within_budget ? MsgId::opt_within : MsgId::opt_over),
                    o.as_of + (o.month_unknown ? " (" + word(MsgId::price_month_unknown_short) + ")" : "") +
                        (o.price_stale ? " " + word(MsgId::price_stale_short) : "")});
  }
  table.print(out, width, lang);
  if (p.options_total > p.options.size()) {
    out << say(msg::cli_plan_more(std::to_string(p.options.size()), std::to_string(p.options_total))) << "\n";
  }
  out << word(MsgId::cli_plan_legend) << "\n";

  if (!p.alternatives.empty()) {
    out << "\n" << word(MsgId::cli_plan_alternatives) << "\n";
    for (const Alternative& a : p.alternatives) {
      out << "- " << say(a.change) << ": " << a.pick.gpu << " x" << a.pick.cards << " @ " << say(a.pick.platform_name)
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
  if (in->request.today.empty()) in->request.today = native::today();  // how old each price is
  Result<Plan> p = plan(in->catalog, in->request);
  if (!p.ok()) {
    print_errors(p.errors, f, io);
    return kInvalid;
  }
  if (f.json) {
    io.out << plan_to_json(*p.value, f.style()) << "\n";
  } else if (f.table == TableFormat::Csv || f.table == TableFormat::Markdown) {
    io.out << render_table(plan_table(*p.value, p.value->lang), f.table);
  } else {
    print_report(*p.value, f.wide ? 0 : io.width, io.out);
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
  add_catalog_flag(sub, cmd.common);
  sub->add_flag("--json", flags->format.json,
                "Print {\"schema\", \"ok\": true, \"pick\", \"options\", \"alternatives\", ...} (docs/cli.md)");
  add_format_flags(sub, flags->format, true);
  add_export_flag(sub, flags->format);
  cmd.runners[sub] = [flags, &cmd] { return run_plan(*flags, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
