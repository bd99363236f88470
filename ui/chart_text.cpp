#include "chart_text.hpp"

#include <algorithm>
#include <cmath>

#include "format.hpp"
#include "labels.hpp"
#include "option_text.hpp"
#include "result_text.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

std::string gb(std::int64_t bytes) { return format_gb(static_cast<double>(bytes)); }

// "24M", or "20M-28M" when the rent is a price range.
std::string tokens_range(const Money& b) {
  const std::string low = count_label(b.low), high = count_label(b.high);
  return low == high ? low : low + "-" + high;
}

ChartTable context_table(const App& app) {
  ChartTable t{T(app, MsgId::chart_context_title), T(app, MsgId::chart_context_note), {}};
  const std::vector<ContextCurve>& curves = app.derived.curves;
  t.table.header.push_back(T(app, MsgId::chart_context));
  for (const ContextCurve& c : curves) {
    t.table.header.push_back(gpu_cards(app, c.gpu, c.cards) + " (" + T(app, MsgId::chart_gb_per_card) + ")");
  }
  for (std::size_t i = 0; i < curves.front().points.size(); ++i) {
    std::vector<std::string> row{tokens_label(curves.front().points[i].context)};
    for (const ContextCurve& c : curves) row.push_back(gb(c.points[i].memory.total));
    t.table.rows.push_back(std::move(row));
  }
  std::vector<std::string> usable{T(app, MsgId::chart_usable)}, longest{T(app, MsgId::col_max_context)};
  for (const ContextCurve& c : curves) {
    usable.push_back(gb(c.usable_bytes));
    longest.push_back(tokens_label(c.max_context));
  }
  t.table.rows.push_back(std::move(usable));
  t.table.rows.push_back(std::move(longest));
  return t;
}

ChartTable cost_table(const App& app, const Plan& p, const CostChart& chart) {
  ChartTable t{T(app, MsgId::chart_cost_title), T(app, MsgId::chart_cost_note), {}};
  t.table.header = {T(app, MsgId::col_gpu), T(app, MsgId::col_platform), T(app, MsgId::col_term),
                    T(app, MsgId::col_monthly), T(app, MsgId::chart_tokens_per_s), T(app, MsgId::chart_cost_frontier)};
  for (std::size_t k = 0; k < chart.options.size(); ++k) {
    const Option& o = p.options[chart.options[k]];
    const bool frontier = std::find(chart.frontier.begin(), chart.frontier.end(), k) != chart.frontier.end();
    if (!frontier && !is_pick(p, o)) continue;
    const OptionText ot = option_text(app, p, o);
    t.table.rows.push_back({(is_pick(p, o) ? "✓ " : "") + ot.gpu, ot.platform, ot.term, ot.cost,
                            format_rate(o.aggregate_tokens_per_s), frontier ? "✓" : ""});
  }
  return t;
}

// Rows at each decade of the chart's range, then the capacity and each break-even.
ChartTable api_table(const App& app, const Plan& p, const ApiChart& chart) {
  ChartTable t{T(app, MsgId::chart_api_title), T(app, MsgId::chart_api_note), {}};
  const Currency c = p.currency;
  t.table.header = {T(app, MsgId::chart_api_tokens_per_day), T(app, MsgId::chart_api_rent_col)};
  for (const ApiChartLine& l : chart.lines) t.table.header.push_back(p.api_compare->quotes[l.quote].provider + " API");
  auto rent_cell = [&](double x) {
    return x <= chart.capacity_tokens_per_day * (1 + 1e-9) ? R(app, money_label(chart.rent_monthly, c))
                                                           : std::string(T(app, MsgId::chart_api_over));
  };
  for (std::size_t k = 0; k < chart.tokens_per_day.size(); ++k) {
    const double x = chart.tokens_per_day[k];
    const double decade = std::pow(10.0, std::round(std::log10(x)));
    if (std::abs(x / decade - 1) > 1e-9) continue;  // 1, 10, 100 ...: one row a decade
    std::vector<std::string> row{count_label(x), rent_cell(x)};
    for (const ApiChartLine& l : chart.lines) row.push_back(R(app, money_label(Money{l.monthly[k], l.monthly[k]}, c)));
    t.table.rows.push_back(std::move(row));
  }
  // The capacity and the break-evens: a sentence in the first cell, the rest left empty.
  auto sentence = [&t](std::string text) {
    std::vector<std::string> row(t.table.header.size());
    row.front() = std::move(text);
    t.table.rows.push_back(std::move(row));
  };
  sentence(R(app, msg::chart_api_capacity(count_label(chart.capacity_tokens_per_day))));
  for (std::size_t i = 0; i < chart.lines.size(); ++i) sentence(api_break_even_label(app, p, chart, i));
  return t;
}

// One row every `step` months (at most about 13 rows) and the last month, then the break-even.
ChartTable buy_table(const App& app, const Plan& p, const BuyChart& chart) {
  ChartTable t{T(app, MsgId::chart_buy_title), buy_buying_label(app, p, chart) + " " + buy_renting_label(app, p, chart), {}};
  const Currency c = p.currency;
  t.table.header = {T(app, MsgId::chart_buy_month), T(app, MsgId::chart_buy_buy_col), T(app, MsgId::chart_buy_rent_col)};
  const int last = chart.months.back();
  const int step = std::max(1, (last + 11) / 12);
  for (std::size_t k = 0; k < chart.months.size(); ++k) {
    if (chart.months[k] % step != 0 && chart.months[k] != last) continue;
    t.table.rows.push_back({std::to_string(chart.months[k]), R(app, money_label(chart.buy_total[k], c)),
                            R(app, money_label(chart.rent_total[k], c))});
  }
  for (std::string line : {buy_break_even_label(app, p, chart), buy_amortised_label(app, p, chart)}) {
    std::vector<std::string> row(t.table.header.size());
    row.front() = std::move(line);
    t.table.rows.push_back(std::move(row));
  }
  return t;
}

ChartTable cards_table(const App& app, const GpuEstimate& g) {
  ChartTable t{T(app, MsgId::chart_cards_title), layout_line(app, g), {}};
  if (g.cards > 1) t.caption += std::string(" ") + T(app, MsgId::chart_cards_same);
  t.table.header.push_back(T(app, MsgId::chart_cards_x));
  const auto parts = memory_parts(g.per_card);
  for (const auto& [label, bytes] : parts) t.table.header.push_back(T(app, label));
  t.table.header.push_back(T(app, MsgId::chart_total));
  t.table.header.push_back(T(app, MsgId::chart_usable));
  const int n = std::min(std::max(1, g.cards), kMaxBars);
  for (int k = 0; k < n; ++k) {
    std::vector<std::string> row{R(app, msg::chart_cards_card(std::to_string(k + 1), std::to_string(stage_of(g, k))))};
    for (const auto& [label, bytes] : parts) row.push_back(gb(bytes));
    row.push_back(gb(g.per_card.total));
    row.push_back(gb(g.usable_bytes));
    t.table.rows.push_back(std::move(row));
  }
  return t;
}

}  // namespace

std::string gpu_cards(const App& app, const std::string& gpu, int cards) {
  const Gpu* g = app.catalog.find_gpu(gpu);
  return (g ? gpu_short_name(*g) : gpu) + " ×" + std::to_string(std::max(1, cards));
}

std::string curve_label(const App& app, const ContextCurve& c) {
  const Gpu* g = app.catalog.find_gpu(c.gpu);
  const std::string name = g ? gpu_short_name(*g) : c.gpu;
  const std::string cards = std::to_string(std::max(1, c.cards));
  return R(app, c.max_context > 0 ? msg::chart_context_fits_to(name, cards, tokens_label(c.max_context))
                                  : msg::chart_context_fits_none(name, cards));
}

std::vector<std::string> option_lines(const App& app, const Plan& p, const Option& o, bool frontier) {
  const OptionText t = option_text(app, p, o);
  std::vector<std::string> lines{t.gpu + " · " + t.platform, t.term, t.cost,
                                 format_rate(o.aggregate_tokens_per_s) + " " + T(app, MsgId::chart_tokens_per_s)};
  if (frontier) lines.push_back(T(app, MsgId::chart_cost_frontier));
  if (is_pick(p, o)) lines.push_back(T(app, MsgId::chart_cost_pick));
  return lines;
}

const GpuEstimate* charted_layout(const App& app) {
  if (!app.derived.focus) return nullptr;
  const Estimate& e = *app.derived.focus;
  for (const GpuEstimate& g : e.gpus) {
    if (g.gpu == e.explained_gpu || e.gpus.size() == 1) return &g;
  }
  return nullptr;
}

std::string layout_line(const App& app, const GpuEstimate& g) {
  const Gpu* gpu = app.catalog.find_gpu(g.gpu);
  return R(app, msg::chart_cards_layout(gpu ? gpu_short_name(*gpu) : g.gpu, std::to_string(std::max(1, g.cards)),
                                        std::to_string(g.tensor_parallel), std::to_string(g.pipeline_parallel),
                                        std::to_string(g.data_parallel)));
}

int stage_of(const GpuEstimate& g, int k) {
  return k / std::max(1, g.tensor_parallel) % std::max(1, g.pipeline_parallel) + 1;
}

std::vector<std::string> card_lines(const App& app, const GpuEstimate& g, int k) {
  std::vector<std::string> lines{R(app, msg::chart_cards_card(std::to_string(k + 1), std::to_string(stage_of(g, k))))};
  for (const auto& [label, bytes] : memory_parts(g.per_card)) lines.push_back(std::string(T(app, label)) + ": " + gb(bytes));
  lines.push_back(std::string(T(app, MsgId::chart_total)) + ": " + gb(g.per_card.total));
  lines.push_back(std::string(T(app, MsgId::chart_usable)) + ": " + gb(g.usable_bytes));
  return lines;
}

std::string api_rent_label(const App& app, const Plan& p, const ApiChart& chart) {
  return R(app, msg::chart_api_rent(money_label(chart.rent_monthly, p.currency), count_label(chart.capacity_tokens_per_day)));
}

std::string api_price_label(const App& app, const Plan& p, std::size_t i) {
  const ApiQuote& q = p.api_compare->quotes[i];
  return R(app, msg::chart_api_price(q.provider, money_label(Money{q.per_mtok, q.per_mtok}, p.currency)));
}

std::string api_break_even_label(const App& app, const Plan& p, const ApiChart& chart, std::size_t line) {
  const ApiChartLine& l = chart.lines[line];
  return R(app, msg::chart_api_break_even(p.api_compare->quotes[l.quote].provider, tokens_range(l.break_even_tokens_per_day),
                                          money_label(chart.rent_monthly, p.currency)));
}

std::string api_legend_label(const App& app, const Plan& p, const ApiChart& chart, std::size_t line) {
  const ApiChartLine& l = chart.lines[line];
  const ApiQuote& q = p.api_compare->quotes[l.quote];
  return R(app, msg::chart_api_legend(q.provider, money_label(Money{q.per_mtok, q.per_mtok}, p.currency),
                                      tokens_range(l.break_even_tokens_per_day)));
}

std::string api_point_label(const App& app, const Plan& p, double tokens_per_day, const Money& monthly) {
  return R(app, msg::chart_api_point(count_label(tokens_per_day), money_label(monthly, p.currency)));
}

std::string buy_buying_label(const App& app, const Plan& p, const BuyChart& chart) {
  const BuyBreakEven& b = chart.buy;
  const Currency c = p.currency;
  const Gpu* g = app.catalog.find_gpu(chart.gpu);
  const std::string name = g ? gpu_short_name(*g) : chart.gpu_name.empty() ? chart.gpu : gpu_short_name(chart.gpu_name);
  return R(app, msg::chart_buy_buying(std::to_string(chart.cards), name, money_label(b.purchase, c),
                                      b.condition == "used" ? msg::plan_buy_used() : msg::plan_buy_new(), b.as_of,
                                      b.source_title.empty() ? b.source : b.source_title,
                                      money_label(Money{b.electricity_monthly, b.electricity_monthly}, c),
                                      format_trimmed(b.power_w, 0), format_trimmed(b.hours_per_day, 2),
                                      money_label(Money{b.kwh_price, b.kwh_price}, c)));
}

std::string buy_renting_label(const App& app, const Plan& p, const BuyChart& chart) {
  const Option& o = p.options[chart.option];
  return R(app, msg::chart_buy_renting(platform_with_product(o.platform_name, o.product), money_label(chart.buy.rent_monthly, p.currency)));
}

std::string buy_break_even_label(const App& app, const Plan& p, const BuyChart& chart) {
  const BuyBreakEven& b = chart.buy;
  if (!b.break_even_months) return T(app, MsgId::chart_buy_never);
  const Money& m = *b.break_even_months;
  const std::string low = format_trimmed(m.low, 1), high = format_trimmed(m.high, 1);
  // Spent either way at the break-even: the rent for that long (the lines meet there).
  const Money spent{b.rent_monthly.low * m.low, b.rent_monthly.low * m.high};
  return R(app, msg::chart_buy_break_even(low == high ? low : low + "-" + high, money_label(spent, p.currency)));
}

std::string buy_amortised_label(const App& app, const Plan& p, const BuyChart& chart) {
  const BuyBreakEven& b = chart.buy;
  return R(app, msg::chart_buy_amortised(std::to_string(b.months), money_label(b.buy_monthly, p.currency),
                                         money_label(b.rent_monthly, p.currency)));
}

std::string buy_point_label(const App& app, const Plan& p, const BuyChart& chart, std::size_t k) {
  return R(app, msg::chart_buy_point(std::to_string(chart.months[k]), money_label(chart.buy_total[k], p.currency),
                                     money_label(chart.rent_total[k], p.currency)));
}

std::vector<ChartTable> chart_tables(const App& app) {
  std::vector<ChartTable> out;
  if (!app.derived.curves.empty()) out.push_back(context_table(app));
  if (app.derived.plan && !app.derived.cost.points.empty()) out.push_back(cost_table(app, *app.derived.plan, app.derived.cost));
  if (app.derived.plan && app.derived.api) out.push_back(api_table(app, *app.derived.plan, *app.derived.api));
  if (app.derived.plan && app.derived.buy && !app.derived.buy->unpriced) {
    out.push_back(buy_table(app, *app.derived.plan, *app.derived.buy));
  }
  if (const GpuEstimate* g = charted_layout(app)) out.push_back(cards_table(app, *g));
  return out;
}

}  // namespace cardfit::ui
