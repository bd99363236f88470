// Pictures of the trade-offs, drawn with ImGui's draw lists: memory per card as the context
// grows (with each GPU's usable line and where it stops fitting), cost per month vs tokens/s
// (the best-value line and the pick), rent or pay per token and buy or rent (with --compare-api),
// and the memory on each card of the layout. Hover (a tap on a phone) shows the figures; the web page's
// text view lists them (chart_text.hpp).
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "api_words.hpp"
#include "chart_text.hpp"
#include "format.hpp"
#include "labels.hpp"
#include "option_text.hpp"
#include "panels.hpp"
#include "result_text.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

// [SECTION] Axes and plot area

struct Axis {
  double lo = 0, hi = 1;
  bool log = false;
  double frac(double v) const {
    if (log) return (std::log(std::max(v, lo)) - std::log(lo)) / (std::log(hi) - std::log(lo));
    return (v - lo) / (hi - lo);
  }
};

// A linear axis from 0, or a log one when the values span more than tenfold.
Axis axis_for(double lo, double hi, bool from_zero) {
  if (!from_zero && lo > 0 && hi / lo > 10) return Axis{lo / 1.3, hi * 1.3, true};
  return Axis{0, hi > 0 ? hi * 1.08 : 1, false};
}

using Ticks = std::vector<std::pair<double, std::string>>;

// 1, 2, 5 x 10^k steps, about four of them (linear) or every 1, 2, 5 x 10^k inside (log).
Ticks ticks_for(const Axis& a) {
  Ticks t;
  if (a.log) {
    for (double p = std::pow(10.0, std::floor(std::log10(a.lo))); p <= a.hi; p *= 10) {
      for (double m : {1.0, 2.0, 5.0}) {
        if (p * m >= a.lo && p * m <= a.hi) t.emplace_back(p * m, format_amount(p * m));
      }
    }
    return t;
  }
  const double raw = (a.hi - a.lo) / 4, mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
  for (double v = 0; v <= a.hi; v += step) t.emplace_back(v, format_amount(v));
  return t;
}

struct Hit {
  ImVec2 at;
  bool column = false;  // a bar: only the horizontal distance counts
  std::size_t series = 0, point = 0;  // what it is, for its figures (built only for the one hovered)
};

struct Plot {
  ImDrawList* dl = nullptr;
  ImVec2 a, b;  // the plot area's top-left and bottom-right (screen)
  Axis x, y;
  bool hovered = false;
  std::vector<Hit> hits;
  ImVec2 at(double vx, double vy) const {
    return ImVec2(a.x + static_cast<float>(x.frac(vx)) * (b.x - a.x), b.y - static_cast<float>(y.frac(vy)) * (b.y - a.y));
  }
};

const ImU32 kGrid = IM_COL32(225, 228, 234, 255);
const ImU32 kInk = IM_COL32(90, 95, 105, 255);

// The y label above, the plot area with its grid and tick labels, the x label under it.
Plot begin_plot(App& app, const char* id, const char* y_label, const char* x_label, Axis x, Axis y, const Ticks& xt) {
  wrapped_disabled(y_label);
  const float f = ImGui::GetFontSize();
  const Ticks yt = ticks_for(y);
  float left = 0;
  for (const auto& [v, s] : yt) left = std::max(left, ImGui::CalcTextSize(s.c_str()).x);
  left += f * 0.5f;
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = std::clamp(w * 0.55f, f * 10.0f, f * 17.0f);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, ImVec2(w, h + f * 1.6f));
  note_item(app, id + 2);  // "##chart-cost" -> "chart-cost" in the page's cardfit.items()
  Plot p;
  p.dl = ImGui::GetWindowDrawList();
  p.a = ImVec2(o.x + left, o.y + f * 0.5f);
  p.b = ImVec2(o.x + w - f * 0.8f, o.y + h);
  p.x = x;
  p.y = y;
  p.hovered = ImGui::IsItemHovered();
  p.dl->AddRectFilled(p.a, p.b, IM_COL32_WHITE);
  for (const auto& [v, s] : yt) {
    const float py = p.at(x.lo, v).y;
    p.dl->AddLine(ImVec2(p.a.x, py), ImVec2(p.b.x, py), kGrid);
    const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
    p.dl->AddText(ImVec2(p.a.x - ts.x - f * 0.3f, py - ts.y * 0.5f), kInk, s.c_str());
  }
  float right_edge = -1e9f;  // tick labels that would overlap the last one are left out
  for (const auto& [v, s] : xt) {
    const float px = p.at(v, y.lo).x;
    p.dl->AddLine(ImVec2(px, p.a.y), ImVec2(px, p.b.y), kGrid);
    const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
    const float lx = std::clamp(px - ts.x * 0.5f, o.x, o.x + w - ts.x);
    if (lx < right_edge + f * 0.4f) continue;
    p.dl->AddText(ImVec2(lx, p.b.y + f * 0.2f), kInk, s.c_str());
    right_edge = lx + ts.x;
  }
  p.dl->AddRect(p.a, p.b, kInk);
  const ImVec2 xs = ImGui::CalcTextSize(x_label);
  p.dl->AddText(ImVec2(std::max(o.x, p.b.x - xs.x), p.b.y + f * 1.35f), kInk, x_label);
  ImGui::Dummy(ImVec2(0, f * 0.6f));
  p.dl->PushClipRect(p.a, p.b, true);
  return p;
}

// Ends the drawing; the point (or bar) nearest the pointer, ringed, for its figures in a tooltip.
const Hit* end_plot(Plot& p) {
  p.dl->PopClipRect();
  if (!p.hovered) return nullptr;
  const ImVec2 m = ImGui::GetMousePos();
  const float reach = ImGui::GetFontSize() * 2.0f;
  const Hit* best = nullptr;
  float best_d = reach;
  for (const Hit& h : p.hits) {
    const float dx = h.at.x - m.x, dy = h.column ? 0 : h.at.y - m.y;
    const float d = std::sqrt(dx * dx + dy * dy);
    if (d < best_d) {
      best_d = d;
      best = &h;
    }
  }
  if (best && !best->column) p.dl->AddCircle(best->at, ImGui::GetFontSize() * 0.5f, kInk, 0, 1.5f);
  return best;
}

void dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float dash) {
  for (float x = a.x; x < b.x; x += dash * 2) dl->AddLine(ImVec2(x, a.y), ImVec2(std::min(x + dash * 0.5f, b.x), a.y), col, 2.0f);
}

// A coloured square, then the label beside it (wrapping under itself).
void legend(ImU32 col, const std::string& label) {
  const float s = ImGui::GetFontSize() * 0.7f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(o.x, o.y + s * 0.3f), ImVec2(o.x + s, o.y + s * 1.3f), col);
  ImGui::Dummy(ImVec2(s, s));
  ImGui::SameLine();
  ImGui::BeginGroup();
  wrapped(label);
  ImGui::EndGroup();
}

const ImU32 kSeries[] = {IM_COL32(41, 92, 199, 255), IM_COL32(214, 110, 20, 255), IM_COL32(26, 128, 56, 255),
                         IM_COL32(150, 60, 170, 255)};

void title(const App& app, MsgId heading, MsgId note) {
  wrapped(T(app, heading), kBlue);
  wrapped_disabled(T(app, note));
}

double gb(std::int64_t bytes) { return static_cast<double>(bytes) / 1e9; }

// [SECTION] Memory vs context

void context_chart(App& app) {
  const std::vector<ContextCurve>& curves = app.derived.curves;
  if (curves.empty() || curves.front().points.empty()) return;
  title(app, MsgId::chart_context_title, MsgId::chart_context_note);
  const std::vector<ContextPoint>& first = curves.front().points;
  const double x_lo = static_cast<double>(first.front().context), x_hi = static_cast<double>(first.back().context);
  // Up to twice the largest usable line: a curve that shoots past it is cut (its figures on hover).
  double top = 0, usable = 0;
  for (const ContextCurve& c : curves) {
    usable = std::max(usable, gb(c.usable_bytes));
    for (const ContextPoint& p : c.points) top = std::max(top, gb(p.memory.total));
  }
  Axis x{x_hi > x_lo ? x_lo : x_lo / 2, x_hi, true};
  Ticks xt;
  for (const ContextPoint& p : first) xt.emplace_back(static_cast<double>(p.context), tokens_label(p.context));
  Plot plot = begin_plot(app, "##chart-context", T(app, MsgId::chart_gb_per_card), T(app, MsgId::chart_context_x), x,
                         axis_for(0, std::max(usable * 1.05, std::min(top, usable * 2)), true), xt);
  const float f = ImGui::GetFontSize();
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const ContextCurve& c = curves[i];
    const ImU32 col = kSeries[i % 4];
    // Layouts with the same need draw the same line: the later ones thinner, on top, and their
    // dashes shifted, so that every colour shows.
    const float width = 2.0f + 2.0f * static_cast<float>(curves.size() - 1 - i);
    std::vector<ImVec2> line;
    for (const ContextPoint& p : c.points) {
      line.push_back(plot.at(static_cast<double>(p.context), gb(p.memory.total)));
      plot.dl->AddCircleFilled(line.back(), f * 0.18f, col);
      plot.hits.push_back({line.back(), false, i, static_cast<std::size_t>(&p - c.points.data())});
    }
    plot.dl->AddPolyline(line.data(), static_cast<int>(line.size()), col, 0, width);
    const float uy = plot.at(x.lo, gb(c.usable_bytes)).y;
    dashed(plot.dl, ImVec2(plot.a.x + f * 0.3f * static_cast<float>(i), uy), ImVec2(plot.b.x, uy), col, f * 0.6f);
    if (c.max_context > 0 && static_cast<double>(c.max_context) < x_hi) {
      const ImVec2 m = plot.at(static_cast<double>(c.max_context), gb(c.usable_bytes));
      plot.dl->AddCircleFilled(m, f * 0.35f, col);
      plot.dl->AddCircle(m, f * 0.35f, IM_COL32_WHITE, 0, 1.5f);
      plot.hits.push_back({m, false, i, c.points.size()});  // past the points: the marker
    }
  }
  if (const Hit* h = end_plot(plot)) {
    const ContextCurve& c = curves[h->series];
    if (h->point == c.points.size()) {
      tooltip_lines({curve_label(app, c)});
    } else {
      const ContextPoint& p = c.points[h->point];
      tooltip_lines({gpu_cards(app, c.gpu, c.cards),
                     R(app, msg::chart_context_point(tokens_label(p.context), format_gb(static_cast<double>(p.memory.total)),
                                                     format_gb(static_cast<double>(c.usable_bytes)))),
                     std::string(T(app, MsgId::mem_kv_cache)) + ": " + format_gb(static_cast<double>(p.memory.kv_cache))});
    }
  }
  for (std::size_t i = 0; i < curves.size(); ++i) legend(kSeries[i % 4], curve_label(app, curves[i]));
}

// [SECTION] Cost vs speed

void cost_chart(App& app) {
  if (!app.derived.plan) return;
  const Plan& p = *app.derived.plan;
  title(app, MsgId::chart_cost_title, MsgId::chart_cost_note);
  const CostChart& chart = app.derived.cost;
  if (chart.points.empty()) {
    wrapped_disabled(T(app, MsgId::chart_cost_none));
    return;
  }
  double s_lo = 1e300, s_hi = 0, c_lo = 1e300, c_hi = 0;
  for (const CostSpeed& cs : chart.points) {
    s_lo = std::min(s_lo, cs.speed), s_hi = std::max(s_hi, cs.speed);
    c_lo = std::min(c_lo, cs.cost), c_hi = std::max(c_hi, cs.cost);
  }
  const Axis x = axis_for(s_lo, s_hi, false);
  const std::string y_label = R(app, msg::cli_col_per_month(std::string(name_of(p.currency))));
  Plot plot = begin_plot(app, "##chart-cost", y_label.c_str(), T(app, MsgId::chart_cost_x), x, axis_for(c_lo, c_hi, false), ticks_for(x));
  const float f = ImGui::GetFontSize();
  const ImU32 frontier_col = IM_COL32(26, 128, 56, 255);
  std::vector<ImVec2> line;
  for (std::size_t k : chart.frontier) line.push_back(plot.at(chart.points[k].speed, chart.points[k].cost));
  plot.dl->AddPolyline(line.data(), static_cast<int>(line.size()), frontier_col, 0, 2.0f);
  for (std::size_t k = 0; k < chart.points.size(); ++k) {
    const Option& o = p.options[chart.options[k]];
    const bool frontier = std::find(chart.frontier.begin(), chart.frontier.end(), k) != chart.frontier.end();
    const ImVec2 at = plot.at(chart.points[k].speed, chart.points[k].cost);
    const ImU32 grey = IM_COL32(120, 130, 150, 200);
    if (chart.qualifying[k]) {
      plot.dl->AddCircleFilled(at, f * 0.25f, frontier ? frontier_col : grey);
    } else {
      plot.dl->AddCircle(at, f * 0.25f, grey, 0, 1.5f);  // hollow: not an option the pick is chosen from
    }
    if (is_pick(p, o)) plot.dl->AddCircle(at, f * 0.55f, frontier_col, 0, 3.0f);
    plot.hits.push_back({at, false, k, 0});
  }
  if (const Hit* h = end_plot(plot)) {
    const std::size_t k = h->series;
    const bool frontier = std::find(chart.frontier.begin(), chart.frontier.end(), k) != chart.frontier.end();
    tooltip_lines(option_lines(app, p, p.options[chart.options[k]], frontier));
  }
  legend(frontier_col, T(app, MsgId::chart_cost_frontier));
}

// [SECTION] Rent or pay per token

void vertical_dashed(ImDrawList* dl, ImVec2 top, float bottom, ImU32 col, float dash) {
  for (float y = top.y; y < bottom; y += dash * 2) dl->AddLine(ImVec2(top.x, y), ImVec2(top.x, std::min(y + dash, bottom)), col, 1.5f);
}

// Monthly cost against tokens a day (log-log: the API lines are straight): the pick's rent flat
// up to its capacity, each API price of the model rising, the break-evens marked (api_chart.hpp).
void api_cost_chart(App& app) {
  if (!app.derived.plan || !app.derived.plan->api_compare) return;
  const Plan& p = *app.derived.plan;
  wrapped(T(app, MsgId::chart_api_title), kBlue);
  if (p.api_compare->quotes.empty()) {  // "... has no public API price": the summary's words
    for (const Message& m : api_compare_lines(p, nullptr)) wrapped_disabled(R(app, m));
    return;
  }
  if (!app.derived.api) {
    wrapped_disabled(T(app, MsgId::chart_api_none));
    return;
  }
  wrapped_disabled(T(app, MsgId::chart_api_note));
  const ApiChart& chart = *app.derived.api;
  const std::vector<double>& xs = chart.tokens_per_day;
  const Axis x{xs.front(), xs.back(), true};
  Ticks xt;
  for (double v : xs) {
    if (std::abs(v / std::pow(10.0, std::round(std::log10(v))) - 1) < 1e-9) xt.emplace_back(v, count_label(v));
  }
  // About a decade and a half either side of the rent: the crossings in view, the far ends of the
  // API lines cut (their figures on hover and in the text view).
  const double rent_lo = std::max(chart.rent_monthly.low, chart.rent_monthly.high / 10);
  const Axis y{rent_lo / 30, chart.rent_monthly.high * 30, true};
  const std::string y_label = R(app, msg::cli_col_per_month(std::string(name_of(p.currency))));
  Plot plot = begin_plot(app, "##chart-api", y_label.c_str(), T(app, MsgId::chart_api_x), x, y, xt);
  const float f = ImGui::GetFontSize();
  const ImU32 rent_col = IM_COL32(26, 128, 56, 255);
  const double cap = std::min(chart.capacity_tokens_per_day, x.hi);
  // The rent: a band when the price is a range; solid up to the capacity, dashed past it.
  const ImVec2 band_a = plot.at(x.lo, chart.rent_monthly.high), band_b = plot.at(cap, chart.rent_monthly.low);
  if (band_b.y - band_a.y > 1) plot.dl->AddRectFilled(band_a, band_b, IM_COL32(26, 128, 56, 60));
  for (double m : {chart.rent_monthly.low, chart.rent_monthly.high}) {
    plot.dl->AddLine(plot.at(x.lo, m), plot.at(cap, m), rent_col, 2.5f);
    if (cap < x.hi) dashed(plot.dl, plot.at(cap, m), plot.at(x.hi, m), rent_col, f * 0.6f);
  }
  vertical_dashed(plot.dl, plot.at(cap, y.hi), plot.b.y, rent_col, f * 0.3f);
  const ImVec2 cap_at = plot.at(cap, chart.rent_monthly.low);
  plot.dl->AddRectFilled(ImVec2(cap_at.x - f * 0.25f, cap_at.y - f * 0.25f), ImVec2(cap_at.x + f * 0.25f, cap_at.y + f * 0.25f), rent_col);
  plot.hits.push_back({cap_at, false, 0, 0});
  for (std::size_t i = 0; i < chart.lines.size(); ++i) {
    const ApiChartLine& l = chart.lines[i];
    const ImU32 col = kSeries[i % 4];
    // Providers at the same price draw the same line: the earlier ones wider, so every colour shows.
    const float width = 2.0f + 2.0f * static_cast<float>(chart.lines.size() - 1 - i);
    std::vector<ImVec2> line;
    for (std::size_t k = 0; k < xs.size(); ++k) {
      if (l.monthly[k] < y.lo || l.monthly[k] <= 0) continue;
      // The line enters through the floor where it crosses it (the cost is linear in the volume).
      if (line.empty() && k > 0) line.push_back(plot.at(y.lo / (l.monthly[k] / xs[k]), y.lo));
      line.push_back(plot.at(xs[k], l.monthly[k]));
      plot.hits.push_back({line.back(), false, i + 1, k});
    }
    plot.dl->AddPolyline(line.data(), static_cast<int>(line.size()), col, 0, width);
    for (double be : {l.break_even_tokens_per_day.low, l.break_even_tokens_per_day.high}) {
      const ImVec2 at = plot.at(be, be == l.break_even_tokens_per_day.low ? chart.rent_monthly.low : chart.rent_monthly.high);
      if (l.rent_can_win) {
        plot.dl->AddCircleFilled(at, f * 0.35f, col);
        plot.dl->AddCircle(at, f * 0.35f, IM_COL32_WHITE, 0, 1.5f);
      } else {
        plot.dl->AddCircleFilled(at, f * 0.35f, IM_COL32_WHITE);  // past the capacity: hollow
        plot.dl->AddCircle(at, f * 0.35f, col, 0, 2.0f);
      }
      plot.hits.push_back({at, false, i + 1, xs.size()});  // past the points: the break-even
    }
  }
  if (const Hit* h = end_plot(plot)) {
    if (h->series == 0) {
      tooltip_lines({api_rent_label(app, p, chart), R(app, msg::chart_api_capacity(count_label(chart.capacity_tokens_per_day)))});
    } else {
      const std::size_t i = h->series - 1;
      const ApiChartLine& l = chart.lines[i];
      if (h->point == xs.size()) {
        tooltip_lines({api_break_even_label(app, p, chart, i)});
      } else {
        const double v = l.monthly[h->point];
        tooltip_lines({api_price_label(app, p, l.quote), api_point_label(app, p, xs[h->point], Money{v, v}),
                       api_rent_label(app, p, chart)});
      }
    }
  }
  legend(rent_col, api_rent_label(app, p, chart));
  for (std::size_t i = 0; i < chart.lines.size(); ++i) {
    legend(kSeries[i % 4], api_legend_label(app, p, chart, i));
  }
}

// [SECTION] Buy or rent

// A band between two lines (a price range), drawn as one quad per step.
void band(const Plot& plot, const std::vector<int>& xs, const std::vector<Money>& ys, ImU32 col) {
  for (std::size_t k = 1; k < xs.size(); ++k) {
    if (ys[k].high - ys[k].low <= 0) continue;
    plot.dl->AddQuadFilled(plot.at(xs[k - 1], ys[k - 1].high), plot.at(xs[k], ys[k].high), plot.at(xs[k], ys[k].low),
                           plot.at(xs[k - 1], ys[k - 1].low), col);
  }
}

// Total cost against months (buy_chart.hpp): buying starts at the street price and rises by the
// electricity, renting starts at zero and rises by the rent; the break-even where they meet, the
// end of the amortisation period dashed.
void buy_cost_chart(App& app) {
  const Plan& p = *app.derived.plan;
  const BuyChart& chart = *app.derived.buy;
  wrapped(T(app, MsgId::chart_buy_title), kBlue);
  if (chart.unpriced) {  // "... has no dated, sourced street price": the summary's words
    wrapped_disabled(R(app, msg::plan_buy_no_price(chart.gpu_name.empty() ? chart.gpu : chart.gpu_name)));
    return;
  }
  wrapped_disabled(T(app, MsgId::chart_buy_note));
  const std::vector<int>& xs = chart.months;
  const Axis x{0, static_cast<double>(xs.back()), false};
  const double top = std::max(chart.buy_total.back().high, chart.rent_total.back().high);
  const std::string y_label = R(app, msg::chart_buy_y(std::string(name_of(p.currency))));
  Plot plot = begin_plot(app, "##chart-buy", y_label.c_str(), T(app, MsgId::chart_buy_x), x, axis_for(0, top, true), ticks_for(x));
  const float f = ImGui::GetFontSize();
  const ImU32 buy_col = kSeries[0], rent_col = IM_COL32(26, 128, 56, 255);
  band(plot, xs, chart.buy_total, IM_COL32(41, 92, 199, 60));
  band(plot, xs, chart.rent_total, IM_COL32(26, 128, 56, 60));
  const BuyBreakEven& b = chart.buy;
  vertical_dashed(plot.dl, plot.at(b.months, plot.y.hi), plot.b.y, kInk, f * 0.3f);
  std::vector<ImVec2> buy_line, rent_line;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    buy_line.push_back(plot.at(xs[k], chart.buy_total[k].low));
    rent_line.push_back(plot.at(xs[k], chart.rent_total[k].low));
    plot.hits.push_back({buy_line.back(), false, 0, k});
    plot.hits.push_back({rent_line.back(), false, 1, k});
  }
  plot.dl->AddPolyline(rent_line.data(), static_cast<int>(rent_line.size()), rent_col, 0, 2.5f);
  plot.dl->AddPolyline(buy_line.data(), static_cast<int>(buy_line.size()), buy_col, 0, 2.5f);
  if (b.break_even_months) {
    for (double be : {b.break_even_months->low, b.break_even_months->high}) {
      if (be > x.hi) continue;  // past the chart (its figure in the legend)
      const ImVec2 at = plot.at(be, b.rent_monthly.low * be);
      plot.dl->AddCircleFilled(at, f * 0.4f, buy_col);
      plot.dl->AddCircle(at, f * 0.4f, IM_COL32_WHITE, 0, 1.5f);
      plot.hits.push_back({at, false, 2, 0});
    }
  }
  if (const Hit* h = end_plot(plot)) {
    if (h->series == 2) {
      tooltip_lines({buy_break_even_label(app, p, chart)});
    } else {
      tooltip_lines({buy_point_label(app, p, chart, h->point)});
    }
  }
  legend(buy_col, buy_buying_label(app, p, chart));
  legend(rent_col, buy_renting_label(app, p, chart));
  wrapped(buy_break_even_label(app, p, chart));
  wrapped_disabled(buy_amortised_label(app, p, chart));
}

// [SECTION] Memory on each card

ImU32 part_colour(MsgId part) {
  switch (part) {
    case MsgId::mem_weights: return IM_COL32(41, 92, 199, 255);
    case MsgId::mem_kv_cache: return IM_COL32(214, 110, 20, 255);
    case MsgId::mem_activations: return IM_COL32(26, 128, 56, 255);
    case MsgId::mem_gradients: return IM_COL32(150, 60, 170, 255);
    case MsgId::mem_optimizer: return IM_COL32(190, 50, 60, 255);
    case MsgId::mem_adapters: return IM_COL32(20, 150, 160, 255);
    default: return IM_COL32(140, 145, 155, 255);
  }
}

void cards_chart(App& app) {
  const GpuEstimate* g = charted_layout(app);
  if (!g) return;
  wrapped(T(app, MsgId::chart_cards_title), kBlue);
  wrapped_disabled(layout_line(app, *g));
  const int cards = std::max(1, g->cards), n = std::min(cards, kMaxBars);
  if (cards > 1) wrapped_disabled(T(app, MsgId::chart_cards_same));
  if (cards > n) wrapped_disabled(R(app, msg::chart_cards_more(std::to_string(n), std::to_string(cards))));
  Ticks xt;
  for (int k = 0; k < n; ++k) xt.emplace_back(k + 0.5, std::to_string(k + 1));
  const double top = std::max(gb(g->per_card.total), gb(g->usable_bytes));
  Plot plot = begin_plot(app, "##chart-cards", T(app, MsgId::chart_gb_per_card), T(app, MsgId::chart_cards_x), Axis{0, static_cast<double>(n)},
                         axis_for(0, top, true), xt);
  const auto parts = memory_parts(g->per_card);
  const float slot = (plot.b.x - plot.a.x) / static_cast<float>(n);
  const float gap = std::max(slot * 0.15f, (slot - ImGui::GetFontSize() * 4) * 0.5f);  // bars at most 4 em wide
  for (int k = 0; k < n; ++k) {
    double below = 0;
    for (const auto& [label, bytes] : parts) {
      const ImVec2 lo = plot.at(k, below), hi = plot.at(k + 1, below + gb(bytes));
      plot.dl->AddRectFilled(ImVec2(lo.x + gap, hi.y), ImVec2(hi.x - gap, lo.y), part_colour(label));
      below += gb(bytes);
    }
    plot.hits.push_back({plot.at(k + 0.5, below), true, static_cast<std::size_t>(k), 0});
  }
  for (int k = g->tensor_parallel; g->pipeline_parallel > 1 && k < n; k += g->tensor_parallel) {  // stage boundaries
    plot.dl->AddLine(plot.at(k, plot.y.lo), plot.at(k, plot.y.hi), kInk, 1.5f);
  }
  const float uy = plot.at(0, gb(g->usable_bytes)).y;
  dashed(plot.dl, ImVec2(plot.a.x, uy), ImVec2(plot.b.x, uy), kInk, ImGui::GetFontSize() * 0.4f);
  if (const Hit* h = end_plot(plot)) tooltip_lines(card_lines(app, *g, static_cast<int>(h->series)));
  for (const auto& [label, bytes] : parts) legend(part_colour(label), std::string(T(app, label)) + " " + format_gb(static_cast<double>(bytes)));
  legend(kInk, T(app, MsgId::chart_usable) + std::string(" ") + format_gb(static_cast<double>(g->usable_bytes)));
}

}  // namespace

void panel_charts(App& app) {
  context_chart(app);
  ImGui::Spacing();
  ImGui::Separator();
  cost_chart(app);
  if (app.derived.plan && app.derived.plan->api_compare) {
    ImGui::Spacing();
    ImGui::Separator();
    api_cost_chart(app);
  }
  if (app.derived.plan && app.derived.plan->api_compare && app.derived.buy) {
    ImGui::Spacing();
    ImGui::Separator();
    buy_cost_chart(app);
  }
  ImGui::Spacing();
  ImGui::Separator();
  cards_chart(app);
}

}  // namespace cardfit::ui
