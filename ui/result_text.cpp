#include "result_text.hpp"

#include "format.hpp"
#include "labels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

std::string scenario_line(const App& app, const Plan& p) {
  const Scenario& sc = app.state.request.scenario;
  std::string line = p.model_name + " · " + precision_label(p.precision) + " · ";
  for (const Name<Task>& n : EnumNames<Task>::list) {
    if (n.value == sc.task) line += T(app, n.label);
  }
  line += " · " + tokens_label(sc.context);
  line += " · " + (p.budget.set ? R(app, p.budget.label) : std::string(T(app, MsgId::budget_none)));
  return line;
}

std::string result_text(const App& app, const std::string& link) {
  if (!app.derived.plan || !app.derived.estimate) return "";
  const Plan& p = *app.derived.plan;
  const MemoryBreakdown& m = app.derived.estimate->memory;
  std::string out = std::string(T(app, MsgId::app_title)) + "\n" + scenario_line(app, p) + "\n\n";
  if (p.pick) {
    out += std::string(T(app, MsgId::sum_pick)) + " " + p.pick->gpu_name + " x" + std::to_string(p.pick->cards) + " · " +
           R(app, p.pick->platform_name) + " · " + R(app, monthly_label(p.pick->monthly_cost, p.currency)) + "\n" +
           R(app, p.pick->reason) + "\n";
  } else {
    out += std::string(T(app, MsgId::sum_no_pick)) + " " + R(app, p.no_pick_reason) + "\n";
    for (const Alternative& a : p.alternatives) out += "- " + R(app, a.change) + ": " + R(app, a.pick.reason) + "\n";
  }
  out += "\n" + std::string(T(app, MsgId::sum_memory_total)) + " " + format_bytes(static_cast<double>(m.total)) + "\n";
  const std::pair<MsgId, std::int64_t> parts[] = {{MsgId::mem_weights, m.weights},       {MsgId::mem_kv_cache, m.kv_cache},
                                                  {MsgId::mem_activations, m.activations}, {MsgId::mem_gradients, m.gradients},
                                                  {MsgId::mem_optimizer, m.optimizer},   {MsgId::mem_adapters, m.adapters},
                                                  {MsgId::mem_overhead, m.overhead}};
  for (const auto& [label, bytes] : parts) {
    if (bytes > 0) out += "  " + std::string(T(app, label)) + " " + format_gb(static_cast<double>(bytes)) + "\n";
  }
  if (!p.options.empty()) out += "\n" + std::string(T(app, MsgId::tab_plan)) + "\n";
  for (const Option& o : p.options) {
    out += "- " + o.gpu_name + " x" + std::to_string(o.cards) + " · " + R(app, o.platform_name) + " · " +
           T(app, label_of(o.term)) + " · " + R(app, monthly_label(o.monthly_cost, p.currency)) + " · " +
           T(app, o.fit == Fit::Comfortable ? MsgId::fit_comfortable : o.fit == Fit::Tight ? MsgId::fit_tight : MsgId::fit_no) +
           "\n";
  }
  for (const Message& w : app.derived.estimate->warnings) out += "! " + R(app, w) + "\n";
  if (!link.empty()) out += "\n" + link + "\n";
  return out;
}

}  // namespace cardfit::ui
