// The summary: input errors (with the last good results kept), the "just enough" pick in
// one sentence, the memory breakdown as a stacked bar, and scenario-level warnings.
#include <imgui.h>

#include <array>
#include <string>

#include "panels.hpp"
#include "plan_text.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

const ImVec4 kRed(0.75f, 0.15f, 0.15f, 1.0f);

struct Part {
  const char* key;      // strings.json label
  const char* explain;  // Explanation::key of its formula
  std::int64_t bytes;
  ImU32 colour;
};

void memory_bar(const App& app, const MemoryBreakdown& m) {
  const std::array<Part, 7> parts{{{"mem.weights", "weights", m.weights, IM_COL32(59, 111, 216, 255)},
                                   {"mem.kv_cache", "kv_cache", m.kv_cache, IM_COL32(46, 160, 120, 255)},
                                   {"mem.activations", "activations", m.activations, IM_COL32(230, 160, 40, 255)},
                                   {"mem.gradients", "model_states", m.gradients, IM_COL32(200, 80, 80, 255)},
                                   {"mem.optimizer", "model_states", m.optimizer, IM_COL32(140, 90, 200, 255)},
                                   {"mem.adapters", "adapters", m.adapters, IM_COL32(40, 170, 200, 255)},
                                   {"mem.overhead", "overhead", m.overhead, IM_COL32(150, 150, 160, 255)}}};
  ImGui::Text("%s %s", T(app, "sum.memory_total"), format_bytes(static_cast<double>(m.total)).c_str());
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
    ImGui::InvisibleButton(p.key, ImVec2(w > 1.0f ? w : 1.0f, height));
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
    const std::string label = std::string(T(app, p.key)) + " " + format_gb(static_cast<double>(p.bytes));
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
  const Lang lang = app.state.lang;
  if (!app.state_notice.empty()) {
    ImGui::TextColored(ImVec4(0.75f, 0.50f, 0.05f, 1.0f), "%s", T(app, "sum.link_notice"));
    for (const Issue& i : app.state_notice) ImGui::BulletText("%s", issue_text(i).c_str());
    if (ImGui::SmallButton(T(app, "sum.dismiss"))) app.state_notice.clear();
    ImGui::Separator();
  }
  if (!d.errors.empty()) {
    ImGui::TextColored(kRed, "%s", T(app, "sum.input_error"));
    for (const Issue& i : d.errors) ImGui::BulletText("%s", issue_text(i).c_str());
    ImGui::Separator();
  }
  if (!d.plan || !d.estimate) {
    ImGui::TextWrapped("%s", T(app, "sum.nothing_yet"));
    return;
  }
  const Plan& p = *d.plan;
  if (p.pick) {
    ImGui::TextColored(ImVec4(0.10f, 0.45f, 0.20f, 1.0f), "%s", T(app, "sum.pick"));
    ImGui::SameLine();
    ImGui::Text("%s x%d · %s · %s %s/%s", p.pick->gpu_name.c_str(), p.pick->cards, p.pick->platform_name.in(lang).c_str(),
                plan_text::amount_range(p.pick->monthly_cost, "-").c_str(), currency_code(p.currency),
                T(app, "sum.per_month"));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(p.pick->reason.in(lang).c_str());
    ImGui::PopTextWrapPos();
    explain_tooltip(app, "fit");
  } else {
    ImGui::TextColored(kRed, "%s", T(app, "sum.no_pick"));
    for (const Alternative& a : p.alternatives) {
      ImGui::BulletText("%s: %s", a.change.in(lang).c_str(), a.pick.reason.in(lang).c_str());
    }
  }
  ImGui::Spacing();
  memory_bar(app, d.estimate->memory);
  for (const Text& w : d.estimate->warnings) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(0.75f, 0.50f, 0.05f, 1.0f), "! %s", w.in(lang).c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace cardfit::ui
