// How each figure is computed: the formula, the same formula with the user's numbers, and
// its source, for the model and for one GPU (the pick's, or the row clicked in the GPU tab).
#include <imgui.h>

#include "explain.hpp"
#include "labels.hpp"
#include "measured.hpp"
#include "panels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

void panel_explain(App& app) {
  if (!app.derived.focus) {
    wrapped(T(app, MsgId::explain_none));
    return;
  }
  const Estimate& e = *app.derived.focus;
  Items gpus{{"", T(app, MsgId::explain_pick_gpu)}};
  for (const Gpu& g : app.catalog.gpus) gpus.emplace_back(g.id, gpu_short_name(g));
  row_label(app, T(app, MsgId::explain_gpu));
  if (id_combo(app, "##explain_gpu", app.state.explain_gpu, gpus, true)) app.dirty = true;
  ImGui::Separator();
  // The one-column layout scrolls the page; the wide one scrolls this pane.
  const bool child = !app.narrow;
  if (child) ImGui::BeginChild("explain", ImVec2(0, 0));
  for (const Explanation& x : e.explain) {
    ImGui::PushID(x.key.c_str());
    wrapped(R(app, x.quantity), kBlue);
    wrapped(R(app, x.formula));
    wrapped(R(app, x.substituted));
    for (const std::string& ref : x.sources) {
      wrapped_disabled(std::string(T(app, MsgId::explain_source)) + " " + R(app, cite(app.catalog, ref)));
    }
    ImGui::Spacing();
    ImGui::PopID();
  }
  // Measured beside estimated: the rows of the explained GPU's configuration, and the rule.
  for (const GpuEstimate& g : e.gpus) {
    if (g.gpu != e.explained_gpu || g.measured.empty()) continue;
    wrapped(T(app, MsgId::est_measured_title), kBlue);
    for (const MeasuredFigure& m : g.measured) {
      wrapped(R(app, measured_message(m, measured_source(app.catalog, m))));
    }
    wrapped_disabled(T(app, MsgId::est_measured_explain));
  }
  if (child) ImGui::EndChild();
}

}  // namespace cardfit::ui
