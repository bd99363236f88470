// How each figure is computed: the formula, the same formula with the user's numbers, and
// its source, for the model and for one GPU (the pick's, or the row clicked in the GPU tab).
#include <imgui.h>

#include "explain.hpp"
#include "labels.hpp"
#include "panels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

void panel_explain(App& app) {
  if (!app.derived.focus) {
    ImGui::TextWrapped("%s", T(app, MsgId::explain_none));
    return;
  }
  const Estimate& e = *app.derived.focus;
  std::vector<std::pair<std::string, std::string>> gpus{{"", T(app, MsgId::explain_pick_gpu)}};
  for (const Gpu& g : app.catalog.gpus) gpus.emplace_back(g.id, gpu_short_name(g));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(app, MsgId::explain_gpu));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  if (id_combo("##explain_gpu", app.state.explain_gpu, gpus)) app.dirty = true;
  ImGui::Separator();
  ImGui::BeginChild("explain", ImVec2(0, 0));
  for (const Explanation& x : e.explain) {
    ImGui::PushID(x.key.c_str());
    ImGui::TextColored(ImVec4(0.23f, 0.43f, 0.85f, 1.0f), "%s", R(app, x.quantity).c_str());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(R(app, x.formula).c_str());
    ImGui::TextUnformatted(R(app, x.substituted).c_str());
    for (const std::string& ref : x.sources) {
      ImGui::TextDisabled("%s %s", T(app, MsgId::explain_source), R(app, cite(app.catalog, ref)).c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    ImGui::PopID();
  }
  ImGui::EndChild();
}

}  // namespace cardfit::ui
