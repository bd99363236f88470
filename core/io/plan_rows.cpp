// The plan's options as rows of cells (plan_rows.hpp): every renderer reads these.
#include "plan_rows.hpp"

#include <algorithm>

#include "format.hpp"
#include "labels.hpp"
#include "measured.hpp"
#include "messages.hpp"

namespace cardfit {
namespace {

Cell text_cell(std::string words) {
  Cell c;
  c.words = std::move(words);
  return c;
}

Cell id_cell(std::string id, std::string words) {
  Cell c;
  c.kind = CellKind::Id;
  c.id = std::move(id);
  c.words = std::move(words);
  return c;
}

// A figure, or "-" when there is none.
Cell number_cell(bool known, double value, std::string unit) {
  Cell c;
  c.kind = CellKind::Number;
  c.known = known;
  c.value = known ? value : 0;
  c.unit = std::move(unit);
  c.words = known ? format_rate(value) : "-";
  return c;
}

Cell money_cell(const std::optional<Money>& m, std::string unit) {
  Cell c;
  c.kind = CellKind::Money;
  c.known = m.has_value();
  c.value = m ? m->low : 0;
  c.high = m ? m->high : 0;
  c.unit = std::move(unit);
  c.words = m ? amount_range(*m) : "-";
  return c;
}

std::string cards_words(const Option& o) {
  std::string cards = std::to_string(o.cards);
  if (o.unit == OfferUnit::Slice) cards = "1/" + format_fixed(1 / o.slice_fraction, 0);
  if (o.replicas > 1) cards = std::to_string(o.replicas) + "x" + std::to_string(o.cards / o.replicas);
  if (o.cards_rented > o.cards) cards += " (" + std::to_string(o.cards_rented) + ")";
  return cards;
}

std::string word(MsgId id, Lang lang) { return text(id, lang); }

// The words around an amount in `lang`: "CNY/month" (the message with no amount in it).
std::string unit_of(const Message& around_amount, Lang lang) {
  std::string s = render(around_amount, lang);
  while (!s.empty() && s.front() == ' ') s.erase(0, 1);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// Several measurements of one configuration (decode and TTFT, bundled and yours): each, joined.
std::string joined(const std::vector<MeasuredFigure>& list, Lang lang, Message (*line)(const MeasuredFigure&)) {
  std::string s;
  for (const MeasuredFigure& m : list) s += (s.empty() ? "" : "; ") + render(line(m), lang);
  return s;
}

Message cited_as_given(const MeasuredFigure& m) { return measured_cited(m, m.source_id); }

Cell cell_of(PlanColumn column, const Plan& p, const Option& o, Lang lang) {
  const std::string cur(name_of(p.currency));
  const bool usd = p.currency == Currency::Usd;
  switch (column) {
    case PlanColumn::Mark:
      // Not pickable: a market reference ("ref"), or a layout without a launch recipe ("-").
      return text_cell(is_pick(p, o) ? "*" : o.pickable ? "" : o.launch.empty() ? "-" : "ref");
    case PlanColumn::Gpu:
      return id_cell(o.gpu, gpu_short_name(o.gpu_name.empty() ? o.gpu : o.gpu_name));
    case PlanColumn::Cards: {
      Cell c = text_cell(cards_words(o));
      c.kind = CellKind::Number;
      c.value = o.cards;
      return c;
    }
    case PlanColumn::Platform:
      return id_cell(o.platform, render(platform_with_product(o.platform_name, o.product), lang) +
                                     (o.overlay.empty() ? "" : " (" + render(overlay_label(o.overlay), lang) + ")"));
    case PlanColumn::Offer:
      return id_cell(o.offer, o.offer);
    case PlanColumn::Term:
      return id_cell(std::string(name_of(o.term)) + (o.spot ? "/spot" : ""),
                     word(label_of(o.term), lang) + (o.spot ? " · " + word(MsgId::opt_spot, lang) : ""));
    case PlanColumn::Monthly: {
      Cell c = money_cell(o.monthly_cost, unit_of(usd ? msg::plan_monthly_usd("") : msg::plan_monthly_cny(""), lang));
      c.words += std::string(o.price_on_inquiry ? "?" : "") + (o.price_derived ? "*" : "");
      return c;
    }
    case PlanColumn::Fit:
      return id_cell(std::string(name_of(o.fit)), word(label_of(o.fit), lang));
    case PlanColumn::Headroom: {
      Cell c = text_cell(format_margin(o.margin_fraction, 0) + "%");
      c.kind = CellKind::Percent;
      c.value = o.margin_fraction;
      c.unit = "%";
      return c;
    }
    case PlanColumn::Speed:
      return number_cell(o.decode_tokens_per_s > 0, o.decode_tokens_per_s, word(MsgId::cli_col_tokens_per_s, lang));
    case PlanColumn::Measured: {
      Cell c = text_cell(joined(o.measured, lang, measured_short));
      c.kind = CellKind::Number;
      c.known = !o.measured.empty();
      c.value = c.known ? o.measured.front().value : 0;
      c.unit = c.known ? o.measured.front().unit : "";
      return c;
    }
    case PlanColumn::Latency:
      return p.job ? number_cell(o.job_hours.has_value(), o.job_hours.value_or(0), "h")
                   : number_cell(o.ttft_ms > 0, o.ttft_ms, "ms");
    case PlanColumn::Cost:
      return p.job ? money_cell(o.job_cost, unit_of(usd ? msg::plan_money_usd("") : msg::plan_money_cny(""), lang))
                   : money_cell(o.cost_per_million_tokens, render(msg::cli_col_per_mtok(cur), lang));
    case PlanColumn::Budget:
      return id_cell(!o.within_budget ? "over" : o.below_budget ? "below" : "within",
                     word(!o.within_budget ? MsgId::opt_over : o.below_budget ? MsgId::ui_below_budget : MsgId::opt_within,
                          lang));
    case PlanColumn::AsOf: {
      Cell c = text_cell(o.as_of + (o.month_unknown ? " (" + word(MsgId::price_month_unknown_short, lang) + ")" : "") +
                         (o.price_stale ? " " + word(MsgId::price_stale_short, lang) : ""));
      c.id = o.as_of;
      return c;
    }
    case PlanColumn::Source:
      return text_cell(o.price_source);
    case PlanColumn::Overlay:
      return id_cell(o.overlay, o.overlay);
    case PlanColumn::MeasuredSource:
      return text_cell(joined(o.measured, lang, cited_as_given));
  }
  return {};
}

}  // namespace

bool is_pick(const Plan& p, const Option& o) {
  return p.pick && p.pick->offer == o.offer && p.pick->term == o.term && p.pick->cards == o.cards &&
         p.pick->spot == o.spot;
}

std::vector<PlanColumnHead> plan_columns(const Plan& p, Lang lang) {
  const std::string cur(name_of(p.currency));
  auto say = [lang](const Message& m) { return render(m, lang); };
  // drop: the order a narrow terminal leaves columns out (highest first); the offer id is long
  // and repeats platform and GPU, so it is the one shortened.
  std::vector<PlanColumnHead> c = {
      {PlanColumn::Mark, "", 0, false},
      {PlanColumn::Gpu, word(MsgId::cli_col_gpu, lang), 0, false},
      {PlanColumn::Cards, word(MsgId::cli_col_cards, lang), 0, false},
      {PlanColumn::Platform, word(MsgId::cli_col_platform, lang), 5, false},
      {PlanColumn::Offer, word(MsgId::cli_col_offer, lang), 0, true},
      {PlanColumn::Term, word(MsgId::cli_col_term, lang), 4, false},
      {PlanColumn::Monthly, say(msg::cli_col_per_month(cur)), 0, false},
      {PlanColumn::Fit, word(MsgId::cli_col_fit, lang), 3, false},
      {PlanColumn::Headroom, word(MsgId::cli_col_headroom, lang), 8, false},
      {PlanColumn::Speed, word(MsgId::cli_col_tokens_per_s, lang), 2, false},
      {PlanColumn::Latency, word(p.job ? MsgId::cli_col_job_h : MsgId::cli_col_ttft, lang), 7, false},
      {PlanColumn::Cost, p.job ? say(msg::cli_col_job_cost(cur)) : say(msg::cli_col_per_mtok(cur)), p.job ? 0 : 8,
       false},
  };
  // Measured beside estimated, right of the speed, and where and when at the end: only when some
  // option has a measurement (where nothing matches, nothing is shown).
  const bool measured = std::any_of(p.options.begin(), p.options.end(), [](const Option& o) { return !o.measured.empty(); });
  if (measured) {
    const auto speed = std::find_if(c.begin(), c.end(), [](const PlanColumnHead& h) { return h.column == PlanColumn::Speed; });
    c.insert(speed + 1, PlanColumnHead{PlanColumn::Measured, word(MsgId::cli_col_measured, lang), 6, true});
  }
  if (p.budget.set) c.push_back({PlanColumn::Budget, word(MsgId::cli_col_budget, lang), 1, false});
  c.push_back({PlanColumn::AsOf, word(MsgId::cli_col_as_of, lang), 9, false});
  c.push_back({PlanColumn::Source, word(MsgId::cli_col_price_source, lang), 11, true, true});
  c.push_back({PlanColumn::Overlay, word(MsgId::cli_col_overlay, lang), 10, false, true});
  if (measured) c.push_back({PlanColumn::MeasuredSource, word(MsgId::cli_col_measured_source, lang), 12, true, true});
  return c;
}

PlanRow plan_row(const Plan& p, const Option& o, Lang lang) {
  PlanRow row;
  for (const PlanColumnHead& h : plan_columns(p, lang)) row.cells.push_back(cell_of(h.column, p, o, lang));
  return row;
}

PlanRows plan_rows(const Plan& p, Lang lang) {
  PlanRows out;
  out.columns = plan_columns(p, lang);
  for (const Option& o : p.options) {
    PlanRow row;
    for (const PlanColumnHead& h : out.columns) row.cells.push_back(cell_of(h.column, p, o, lang));
    out.rows.push_back(std::move(row));
  }
  return out;
}

const Cell* PlanRows::cell(const PlanRow& row, PlanColumn column) const {
  for (std::size_t i = 0; i < columns.size() && i < row.cells.size(); ++i) {
    if (columns[i].column == column) return &row.cells[i];
  }
  return nullptr;
}

}  // namespace cardfit
