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
#include "cli_scenario.hpp"
#include "cli_table.hpp"
#include "numbers.hpp"
#include "plan.hpp"
#include "plan_json.hpp"

namespace cardfit::cli {
namespace {

struct PlanFlags {
  RequestFlags request;  // the estimate flags plus budget, billing and platform choices
  bool json = false;     // --json
};

// [SECTION] The readable report

std::string amount(double v) { return v >= 100 ? format_grouped(v) : format_rate(v); }

std::string money_text(const Money& m) {
  const std::string low = amount(m.low);
  const std::string high = amount(m.high);
  return low == high ? low : low + "-" + high;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

void print_option_lines(const Option& o, Lang lang, std::ostream& out) {
  out << "  " << o.reason.in(lang) << "\n";
  for (const PlanWarning& w : o.warnings) out << "  ! " << w.text.in(lang) << "\n";
}

void print_report(const Plan& p, std::ostream& out) {
  const Lang lang = p.lang;
  const bool zh = lang == Lang::Zh;
  const std::string cur = currency_code(p.currency);
  out << p.model_name << " · " << upper(p.precision) << " · "
      << format_gb(static_cast<double>(p.memory_bytes)) << (zh ? " 显存" : " of memory");
  if (p.budget.set) out << " · " << (zh ? "预算 " : "budget ") << p.budget.label.in(lang);
  out << " · " << (zh ? "计费 " : "term ") << to_string(p.term) << "\n\n";

  if (p.pick) {
    out << (zh ? "推荐" : "Pick") << ": " << p.pick->gpu << " x" << p.pick->cards << " @ " << p.pick->platform_name.in(lang)
        << " (" << p.pick->offer << ", " << term_name(p.pick->term) << ")\n";
    print_option_lines(*p.pick, lang, out);
  } else {
    out << (zh ? "在你的条件下没有合适的方案。" : "Nothing qualifies under your conditions.") << "\n";
  }
  out << "\n";

  std::vector<std::vector<std::string>> rows;
  rows.push_back({"", "gpu", "cards", "platform", "offer", "term", cur + "/month", "fit", "spare", "tok/s",
                  p.job ? "job h" : "ttft ms", p.job ? "job " + cur : cur + "/Mtok", "budget"});
  for (const Option& o : p.options) {
    const bool is_pick = p.pick && o.offer == p.pick->offer && o.cards == p.pick->cards && o.term == p.pick->term;
    std::string cards = std::to_string(o.cards);
    if (o.unit == OfferUnit::Slice) cards = "1/" + format_fixed(1 / o.slice_fraction, 0);
    if (o.cards_rented > o.cards) cards += " (" + std::to_string(o.cards_rented) + ")";
    std::string term(term_name(o.term));
    if (o.spot) term += "/spot";
    std::string cost = money_text(o.monthly_cost) + (o.price_on_inquiry ? "?" : "");
    rows.push_back({is_pick ? "*" : (o.pickable ? "" : "ref"), o.gpu, cards, o.platform, o.offer, term, cost,
                    std::string(to_string(o.fit)), format_fixed(o.spare_fraction * 100, 0) + "%",
                    o.decode_tokens_per_s > 0 ? format_rate(o.decode_tokens_per_s) : "-",
                    p.job ? (o.job_hours ? format_rate(*o.job_hours) : "-") : (o.ttft_ms > 0 ? format_rate(o.ttft_ms) : "-"),
                    p.job ? (o.job_cost ? money_text(*o.job_cost) : "-")
                          : (o.cost_per_million_tokens ? money_text(*o.cost_per_million_tokens) : "-"),
                    o.within_budget ? (zh ? "内" : "within") : (zh ? "超" : "over")});
  }
  print_table(rows, out);
  if (p.options_total > p.options.size()) {
    out << "(" << p.options.size() << (zh ? " / 共 " : " of ") << p.options_total
        << (zh ? " 个方案；--top N 显示更多)" : " options; --top N shows more)") << "\n";
  }
  out << (zh ? "* 推荐；ref 市场参考价；? 需咨询的参考价" : "* pick; ref market reference price; ? price on inquiry")
      << "\n";

  if (!p.alternatives.empty()) {
    out << "\n" << (zh ? "可行的改动（最便宜的在前）：" : "Changes that work (cheapest first):") << "\n";
    for (const Alternative& a : p.alternatives) {
      out << "- " << a.change.in(lang) << ": " << a.pick.gpu << " x" << a.pick.cards << " @ "
          << a.pick.platform_name.in(lang) << ", " << money_text(a.pick.monthly_cost) << " " << cur
          << (zh ? "/月" : "/month") << "\n";
      print_option_lines(a.pick, lang, out);
    }
  }
  if (!p.quote_only.empty()) {
    out << "\n" << (zh ? "装得下，但该计费方式没有报价（或需询价）：" : "Would fit, but no price for the term (or quote only):")
        << "\n";
    for (const QuoteOnly& q : p.quote_only) out << "- " << q.gpu << " x" << q.cards << " @ " << q.offer << "\n";
  }
  for (const Text& w : p.warnings) out << "! " << w.in(lang) << "\n";
}

int run_plan(const PlanFlags& flags, const CommonOptions& common, const std::vector<std::string>& extras) {
  std::optional<Prepared> in = prepare(flags.request, extras, common, flags.json, std::cout);
  if (!in) return 1;
  Result<Plan> p = plan(in->catalog, in->request);
  if (!p.ok()) {
    print_errors(p.errors, flags.json, std::cout);
    return 1;
  }
  if (flags.json) {
    std::cout << plan_to_json(*p.value) << "\n";
  } else {
    print_report(*p.value, std::cout);
  }
  return 0;
}

}  // namespace

void add_plan_command(CLI::App& app, CommonOptions& common, int& exit_code) {
  auto flags = std::make_shared<PlanFlags>();
  CLI::App* sub = app.add_subcommand(
      "plan", "What to rent, where and for how much: the cheapest option that fits your model, task and budget");
  add_request_flags(sub, flags->request, FlagSet::ScenarioAndPlan);
  add_catalog_flag(sub, common);
  sub->add_flag("--json", flags->json, "Print {\"ok\": true, \"pick\", \"options\", \"alternatives\", ...} (docs/cli.md)");
  sub->allow_extras();
  sub->callback([flags, sub, &common, &exit_code] { exit_code = run_plan(*flags, common, sub->remaining()); });
}

}  // namespace cardfit::cli
