// The summary: input errors (with the last good results kept), the "just enough" pick in
// one sentence, the memory breakdown as a stacked bar, and scenario-level warnings.
#include <imgui.h>

#include <array>
#include <string>

#include "format.hpp"
#include "labels.hpp"
#include "panels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

const ImVec4 kRed(0.75f, 0.15f, 0.15f, 1.0f);

struct Part {
  MsgId label;
  const char* explain;  // Explanation::key of its formula
  std::int64_t bytes;
  ImU32 colour;
};

void memory_bar(const App& app, const MemoryBreakdown& m) {
  const std::array<Part, 7> parts{{{MsgId::mem_weights, "weights", m.weights, IM_COL32(59, 111, 216, 255)},
                                   {MsgId::mem_kv_cache, "kv_cache", m.kv_cache, IM_COL32(46, 160, 120, 255)},
                                   {MsgId::mem_activations, "activations", m.activations, IM_COL32(230, 160, 40, 255)},
                                   {MsgId::mem_gradients, "model_states", m.gradients, IM_COL32(200, 80, 80, 255)},
                                   {MsgId::mem_optimizer, "model_states", m.optimizer, IM_COL32(140, 90, 200, 255)},
                                   {MsgId::mem_adapters, "adapters", m.adapters, IM_COL32(40, 170, 200, 255)},
                                   {MsgId::mem_overhead, "overhead", m.overhead, IM_COL32(150, 150, 160, 255)}}};
  ImGui::Text("%s %s", T(app, MsgId::sum_memory_total), format_bytes(static_cast<double>(m.total)).c_str());
  explain_tooltip(app, "total");
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetTextLineHeight() * 1.2f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  float x = origin.x;
  for (const Part& p : parts) {
    if (p.bytes <= 0 || m.total <= 0) continue;
    const float w = width * static_cast<float>(static_cast<double>(p.bytes) / static_cast<double>(m.total));
    draw->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + w, origin.y + height), p.colour);
    ImGui::SetCursorScreenPos(ImVec2(x, origin.y));
    ImGui::PushID(static_cast<int>(p.label));
    ImGui::InvisibleButton("##part", ImVec2(w > 1.0f ? w : 1.0f, height));
    ImGui::PopID();
    explain_tooltip(app, p.explain);
    x += w;
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + height + ImGui::GetStyle().ItemSpacing.y));
  // Legend: swatch + label, wrapped onto a new line when the next item would not fit.
  const float s = ImGui::GetTextLineHeight() * 0.7f;
  const float gap = ImGui::GetFontSize() * 1.2f;
  const float right = ImGui::GetCursorScreenPos().x + width;
  bool first = true;
  for (const Part& p : parts) {
    if (p.bytes <= 0) continue;
    const std::string label = std::string(T(app, p.label)) + " " + format_gb(static_cast<double>(p.bytes));
    const float item = s + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(label.c_str()).x;
    if (!first) {
      ImGui::SameLine(0, gap);
      if (ImGui::GetCursorScreenPos().x + item > right) ImGui::NewLine();
    }
    first = false;
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    draw->AddRectFilled(ImVec2(pos.x, pos.y + s * 0.25f), ImVec2(pos.x + s, pos.y + s * 1.25f), p.colour);
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine();
    ImGui::TextUnformatted(label.c_str());
    explain_tooltip(app, p.explain);
  }
}

}  // namespace

void panel_summary(App& app) {
  const Derived& d = app.derived;
  if (!app.state_notice.empty()) {
    ImGui::TextColored(ImVec4(0.75f, 0.50f, 0.05f, 1.0f), "%s", T(app, MsgId::sum_link_notice));
    for (const Issue& i : app.state_notice) ImGui::BulletText("%s", issue_text(app, i).c_str());
    if (ImGui::SmallButton(T(app, MsgId::sum_dismiss))) app.state_notice.clear();
    ImGui::Separator();
  }
  if (!d.errors.empty()) {
    ImGui::TextColored(kRed, "%s", T(app, MsgId::sum_input_error));
    for (const Issue& i : d.errors) ImGui::BulletText("%s", issue_text(app, i).c_str());
    ImGui::Separator();
  }
  if (!d.plan || !d.estimate) {
    ImGui::TextWrapped("%s", T(app, MsgId::sum_nothing_yet));
    return;
  }
  const Plan& p = *d.plan;
  if (p.pick) {
    ImGui::TextColored(ImVec4(0.10f, 0.45f, 0.20f, 1.0f), "%s", T(app, MsgId::sum_pick));
    ImGui::SameLine();
    ImGui::Text("%s x%d · %s · %s", p.pick->gpu_name.c_str(), p.pick->cards, R(app, p.pick->platform_name).c_str(),
                R(app, monthly_label(p.pick->monthly_cost, p.currency)).c_str());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(R(app, p.pick->reason).c_str());
    ImGui::PopTextWrapPos();
    explain_tooltip(app, "fit");
  } else {
    ImGui::TextColored(kRed, "%s", T(app, MsgId::sum_no_pick));
    for (const Alternative& a : p.alternatives) {
      ImGui::BulletText("%s: %s", R(app, a.change).c_str(), R(app, a.pick.reason).c_str());
    }
  }
  ImGui::Spacing();
  memory_bar(app, d.estimate->memory);
  for (const Message& w : d.estimate->warnings) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(0.75f, 0.50f, 0.05f, 1.0f), "! %s", R(app, w).c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace cardfit::ui
