#include "option_text.hpp"

#include "format.hpp"
#include "labels.hpp"
#include "measured.hpp"
#include "messages.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

// The cells of the plan's row model (core/io/plan_rows.hpp), joined for the narrower UI table.
OptionText option_text(const App& app, const Plan& p, const Option& o) {
  const Lang lang = app.state.lang;
  const PlanRow row = plan_row(p, o, lang);
  const std::vector<PlanColumnHead> columns = plan_columns(p, lang);
  auto cell = [&](PlanColumn column) -> const Cell& {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (columns[i].column == column) return row.cells[i];
    }
    static const Cell none;
    return none;
  };
  OptionText t;
  t.gpu = cell(PlanColumn::Gpu).words + " x" + cell(PlanColumn::Cards).words;
  t.platform = cell(PlanColumn::Platform).words;  // "(from vendor.json)" after an overlay's: a vendor's data, marked
  t.term = cell(PlanColumn::Term).words;
  const Cell& monthly = cell(PlanColumn::Monthly);
  t.cost = monthly.words + " " + monthly.unit;  // the markers stick to the amount (a line never starts with one)
  if (p.budget.set) t.budget = cell(PlanColumn::Budget).words;
  t.fit = cell(PlanColumn::Fit).words;
  const Cell& speed = cell(PlanColumn::Speed);
  const Cell& latency = cell(PlanColumn::Latency);  // a training job: its hours
  const Cell& cost = cell(PlanColumn::Cost);        // a training job: its cost
  if (p.job && latency.known && cost.known) {
    t.speed = latency.words + " " + latency.unit + " · " + cost.words + " " + cost.unit;
  } else if (speed.known) {
    t.speed = speed.words + " " + speed.unit;
    if (cost.known) t.speed += " · " + cost.words + " " + cost.unit;
  } else {
    t.speed = "-";
  }
  // Measured beside estimated (core/estimate/measured.hpp: the core's match, carried by the option).
  const Cell& measured = cell(PlanColumn::Measured);
  if (!measured.words.empty()) t.measured = R(app, msg::opt_measured(measured.words));  // "" also: no such column
  for (const MeasuredFigure& m : o.measured) {
    t.measured_lines.push_back(R(app, measured_message(m, measured_source(app.catalog, m))));
  }
  if (o.capacity_requests_per_s && o.limited_by) {
    t.speed += " · " + R(app, msg::opt_replicas(std::to_string(o.replicas), format_rate(*o.capacity_requests_per_s),
                                                  Message(label_of(*o.limited_by))));
  }
  return t;
}

}  // namespace cardfit::ui
