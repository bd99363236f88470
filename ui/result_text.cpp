#include "result_text.hpp"

#include "format.hpp"
#include "labels.hpp"
#include "measured.hpp"
#include "option_text.hpp"
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

std::vector<std::pair<MsgId, std::int64_t>> memory_parts(const MemoryBreakdown& m) {
  std::vector<std::pair<MsgId, std::int64_t>> parts;
  for (const auto& part : {std::pair{MsgId::mem_weights, m.weights}, std::pair{MsgId::mem_kv_cache, m.kv_cache},
                           std::pair{MsgId::mem_activations, m.activations}, std::pair{MsgId::mem_gradients, m.gradients},
                           std::pair{MsgId::mem_optimizer, m.optimizer}, std::pair{MsgId::mem_adapters, m.adapters},
                           std::pair{MsgId::mem_overhead, m.overhead}}) {
    if (part.second > 0) parts.push_back(part);
  }
  return parts;
}

std::string result_text(const App& app, const std::string& link) {
  if (!app.derived.plan || !app.derived.estimate) return "";
  const Plan& p = *app.derived.plan;
  const MemoryBreakdown& m = app.derived.estimate->memory;
  std::string out = std::string(T(app, MsgId::app_title)) + "\n" + scenario_line(app, p) + "\n\n";
  auto line = [](const OptionText& t) { return t.gpu + " · " + t.platform + " · " + t.term + " · " + t.cost + " · " + t.fit; };
  if (p.pick) {
    const OptionText t = option_text(app, p, *p.pick);
    out += std::string(T(app, MsgId::sum_pick)) + " " + line(t) + "\n" + R(app, p.pick->reason) + "\n";
    // Measured beside estimated (core/estimate/measured.hpp), in full as the explanation shows it.
    for (const std::string& measured : t.measured_lines) out += measured + "\n";
  } else {
    out += std::string(T(app, MsgId::sum_no_pick)) + " " + R(app, p.no_pick_reason) + "\n";
    for (const Alternative& a : p.alternatives) out += "- " + R(app, a.change) + ": " + R(app, a.pick.reason) + "\n";
  }
  out += "\n" + std::string(T(app, MsgId::sum_memory_total)) + " " + format_bytes(static_cast<double>(m.total)) + "\n";
  for (const auto& [label, bytes] : memory_parts(m)) {
    out += "  " + std::string(T(app, label)) + " " + format_gb(static_cast<double>(bytes)) + "\n";
  }
  if (!p.options.empty()) out += "\n" + std::string(T(app, MsgId::tab_plan)) + "\n";
  for (const Option& o : p.options) {
    // The options table's short marker, then where and when each figure was measured.
    const OptionText t = option_text(app, p, o);
    out += "- " + line(t) + (t.measured.empty() ? "" : " · " + t.measured) + "\n";
    for (const MeasuredFigure& f : o.measured) out += "    " + R(app, measured_cited(f, measured_source(app.catalog, f))) + "\n";
  }
  for (const Message& w : app.derived.estimate->warnings) out += "! " + R(app, w) + "\n";
  if (!link.empty()) out += "\n" + link + "\n";
  return out;
}

}  // namespace cardfit::ui
