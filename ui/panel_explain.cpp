// How each figure is computed: the formula, the same formula with the user's numbers, and
// its source, for the model and for one GPU (the pick's, or the row clicked in the GPU tab).
#include <imgui.h>

#include "panels.hpp"
#include "plan_text.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

void panel_explain(App& app) {
  if (!app.derived.focus) {
    ImGui::TextWrapped("%s", T(app, "explain.none"));
    return;
  }
  const Estimate& e = *app.derived.focus;
  const Lang lang = app.state.lang;
  std::vector<std::pair<std::string, std::string>> gpus{{"", T(app, "explain.pick_gpu")}};
  for (const Gpu& g : app.catalog.gpus) gpus.emplace_back(g.id, plan_text::gpu_short_name(g));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(app, "explain.gpu"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  if (id_combo("##explain_gpu", app.state.explain_gpu, gpus)) app.dirty = true;
  ImGui::Separator();
  ImGui::BeginChild("explain", ImVec2(0, 0));
  for (const Explanation& x : e.explain) {
    ImGui::PushID(x.key.c_str());
    ImGui::TextColored(ImVec4(0.23f, 0.43f, 0.85f, 1.0f), "%s", x.quantity.in(lang).c_str());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(x.formula.in(lang).c_str());
    ImGui::Text("= %s", x.substituted.c_str());
    ImGui::TextDisabled("%s %s", T(app, "explain.source"), x.source.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    ImGui::PopID();
  }
  ImGui::EndChild();
}

}  // namespace cardfit::ui
