#include "option_text.hpp"

#include "format.hpp"
#include "labels.hpp"
#include "messages.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

bool is_pick(const Plan& p, const Option& o) {
  return p.pick && p.pick->offer == o.offer && p.pick->term == o.term && p.pick->cards == o.cards &&
         p.pick->spot == o.spot;
}

OptionText option_text(const App& app, const Plan& p, const Option& o) {
  OptionText t;
  const Gpu* gpu = app.catalog.find_gpu(o.gpu);
  t.gpu = (gpu ? gpu_short_name(*gpu) : o.gpu) + " x" + std::to_string(o.cards);
  t.platform = R(app, o.platform_name);
  if (!o.overlay.empty()) t.platform += " · " + R(app, overlay_label(o.overlay));  // a vendor's data, marked
  t.term = T(app, label_of(o.term));
  if (o.spot) t.term += std::string(" · ") + T(app, MsgId::opt_spot);
  if (o.unit == OfferUnit::Slice) {
    t.term += " · " + std::string(T(app, MsgId::opt_slice)) + " " + format_percent(o.slice_fraction) + "%";
  }
  // The markers stick to the amount (a line never starts with one).
  t.cost = (o.price_on_inquiry ? "≈" : "") + R(app, monthly_label(o.monthly_cost, p.currency));
  if (o.price_derived) t.cost += "*";
  if (p.budget.set) {
    t.budget = T(app, !o.within_budget ? MsgId::opt_over : o.below_budget ? MsgId::ui_below_budget : MsgId::opt_within);
  }
  t.fit = T(app, o.fit == Fit::Comfortable ? MsgId::fit_comfortable : o.fit == Fit::Tight ? MsgId::fit_tight : MsgId::fit_no);
  if (o.job_cost && o.job_hours) {
    t.speed = format_rate(*o.job_hours) + " h · " + R(app, money_label(*o.job_cost, p.currency));
  } else if (o.decode_tokens_per_s > 0) {
    t.speed = format_rate(o.decode_tokens_per_s) + " t/s";
    if (o.cost_per_million_tokens) t.speed += " · " + amount_range(*o.cost_per_million_tokens) + "/M";
  } else {
    t.speed = "-";
  }
  if (o.capacity_requests_per_s && o.limited_by) {
    t.speed += " · " + R(app, msg::opt_replicas(std::to_string(o.replicas), format_rate(*o.capacity_requests_per_s),
                                                  Message(label_of(*o.limited_by))));
  }
  return t;
}

}  // namespace cardfit::ui
