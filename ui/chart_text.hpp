// The charts' figures as text in the interface language: the hover tooltips of
// ui/panel_charts.cpp and the web page's text view (one small table per chart) print them, so
// both read the same. The points themselves come from the core (context_curve, pareto).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app.hpp"
#include "table_export.hpp"

namespace cardfit::ui {

// "RTX 4090 24GB ×1" (the GPU's short name and the cards a line or a bar is drawn for).
std::string gpu_cards(const App& app, const std::string& gpu, int cards);
// "RTX 4090 24GB ×1: fits up to 40k" (or "no context fits").
std::string curve_label(const App& app, const ContextCurve& curve);

// An option's lines on hover: GPU and platform, billing, cost, tokens/s, best value / the pick.
std::vector<std::string> option_lines(const App& app, const Plan& plan, const Option& option, bool frontier);

// The GPU whose cards the per-card chart shows: the one explained (the pick's by default).
const GpuEstimate* charted_layout(const App& app);
// "RTX 4090 24GB: 4 cards, tensor parallel 2 × pipeline stages 2 × data parallel 1".
std::string layout_line(const App& app, const GpuEstimate& g);
// Pipeline stage (1-based) of card `k` (0-based): tensor ranks fill a stage first.
int stage_of(const GpuEstimate& g, int k);
// One card's lines on hover: "card 3, stage 2", then each part, the total and the usable memory.
std::vector<std::string> card_lines(const App& app, const GpuEstimate& g, int k);

// The rent-or-API chart's words (Derived::api, api_chart.hpp), in the plan's currency:
// "Renting the pick: 3,000 CNY a month, serves up to 35M tokens a day".
std::string api_rent_label(const App& app, const Plan& plan, const ApiChart& chart);
// "DeepSeek API: 4.2 CNY per million tokens" (quote `i` of Plan::api_compare).
std::string api_price_label(const App& app, const Plan& plan, std::size_t i);
// "DeepSeek API: break-even at 24M tokens a day (3,000 CNY a month)" (or a range, as the rent's).
std::string api_break_even_label(const App& app, const Plan& plan, const ApiChart& chart, std::size_t line);
// The legend's line for `line`: "DeepSeek API: 4.2 CNY per million tokens; break-even at 24M tokens a day".
std::string api_legend_label(const App& app, const Plan& plan, const ApiChart& chart, std::size_t line);
// "20M tokens a day: 2,500 CNY a month".
std::string api_point_label(const App& app, const Plan& plan, double tokens_per_day, const Money& monthly);

// The buy-or-rent chart's words (Derived::buy, buy_chart.hpp), in the plan's currency:
// "Buying 1 x RTX 4090 24GB: 15,400 CNY up front (used, as of 2026-02, ...), then electricity 158 CNY a month (...)".
std::string buy_buying_label(const App& app, const Plan& plan, const BuyChart& chart);
// "Renting them on AutoDL: 1,400 CNY a month (the cheapest offer for these cards)".
std::string buy_renting_label(const App& app, const Plan& plan, const BuyChart& chart);
// "Break-even after 12.6 months (17,400 CNY spent either way)", or that buying never pays off.
std::string buy_break_even_label(const App& app, const Plan& plan, const BuyChart& chart);
// "Amortised over 24 months: buying 800 CNY a month against renting 1,400 CNY a month".
std::string buy_amortised_label(const App& app, const Plan& plan, const BuyChart& chart);
// "Month 6: buying 16,350 CNY in total, renting 8,400 CNY" (point `k` of the chart).
std::string buy_point_label(const App& app, const Plan& plan, const BuyChart& chart, std::size_t k);

// Bars drawn at most (the rest of a large layout is the same figure).
inline constexpr int kMaxBars = 16;

struct ChartTable {
  std::string title;
  std::string caption;
  TextTable table;
};
// The charts as tables (charts with nothing to show are left out).
std::vector<ChartTable> chart_tables(const App& app);

}  // namespace cardfit::ui
