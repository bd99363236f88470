// The summary: the "just enough" pick in one sentence, or why nothing qualifies and the
// changes that would (one click each); the memory breakdown as a stacked bar; scenario-level
// warnings.
#include <imgui.h>

#include <array>
#include <optional>
#include <string>

#include "card.hpp"
#include "cardfit_version.hpp"
#include "format.hpp"
#include "option_text.hpp"
#include "panels.hpp"
#include "platform.hpp"
#include "measured.hpp"
#include "api_words.hpp"
#include "result_text.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

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
  wrapped(std::string(T(app, MsgId::sum_memory_total)) + " " + format_bytes(static_cast<double>(m.total)));
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

// "RTX 4090 24GB x1 · Zhixingyun · 1,026 CNY/month"
std::string headline(const App& app, const Plan& p, const Option& o) {
  const OptionText t = option_text(app, p, o);
  return t.gpu + " · " + t.platform + " · " + t.cost;
}

void pick_block(App& app, const Plan& p) {
  const Option& o = *p.pick;
  ImGui::TextColored(kGreen, "%s", T(app, MsgId::sum_pick));
  ImGui::SameLine();
  ImGui::BeginGroup();
  wrapped(headline(app, p, o));
  ImGui::EndGroup();
  wrapped(R(app, o.reason));
  // A public (or your) measurement of this configuration, under the speed figures (docs/measurements.md).
  for (const MeasuredFigure& m : o.measured) wrapped_disabled(R(app, measured_message(m, m.source_id)));
  // "Compare with API prices": the model's API prices against the pick, or that it has none.
  for (const Message& m : api_compare_lines(p, &o)) wrapped_disabled(R(app, m));
  // ... and buying its consumer cards instead (their dated street price, or that there is none).
  for (const Message& m : buy_compare_lines(p, &o)) wrapped_disabled(R(app, m));
  explain_tooltip(app, "fit");
}

void no_pick_block(App& app, const Plan& p) {
  wrapped(T(app, MsgId::sum_no_pick), kRed);
  wrapped(R(app, p.no_pick_reason));
  if (p.alternatives.empty()) return;
  ImGui::Spacing();
  wrapped(T(app, MsgId::opt_alternatives));
  const Alternative* chosen = nullptr;
  for (const Alternative& a : p.alternatives) {
    ImGui::PushID(&a);
    bullet(R(app, a.change) + ": " + headline(app, p, a.pick));
    if (ImGui::IsItemHovered()) tooltip_lines({R(app, a.pick.reason)});
    if (!a.set.empty() && button_inline(T(app, MsgId::ui_apply))) chosen = &a;
    ImGui::PopID();
  }
  if (chosen) apply_changes(app, KeyValues(chosen->set.begin(), chosen->set.end()));
}

// The result card of what is on screen (core/io/card.hpp), with the link that reopens it in the
// reader's language: on a vendor kit's page_url, else the page's own address on the web,
// kDefaultPageUrl in the desktop app (as `cardfit card`).
Card result_card(const App& app, const Plan& p) {
  CardInput in;
  in.catalog = &app.catalog;
  in.request = &app.state.request;
  in.plan = &p;
  in.lang = app.state.lang;
  in.version = kVersion;
  in.vendor = app.vendor;
  in.accent = app.vendor.empty() ? std::string() : app.accent;
  if (!app.vendor.empty()) {  // the kit's logo, as `cardfit card --vendor` draws it (an SVG card's data: <image>)
    in.logo_kind = app.vendor_logo_kind;
    in.logo = app.vendor_logo;
  }
  // A vendor kit's page first (its copy of this page, also from the offline file); else this
  // page's address; "" in the desktop app.
  const std::string page = app.vendor_page.empty() ? platform::share_link("") : app.vendor_page;
  in.link = card_link(app.catalog, page.empty() ? kDefaultPageUrl : page, app.state.request);
  return card_layout(in);
}

// "Save card" / "Copy card": the picture an article can show (issue 29), beside the result.
void card_buttons(App& app, const Plan& p) {
  ImGui::Spacing();
  std::optional<platform::CardAction> action;
  if (ImGui::SmallButton(T(app, MsgId::ui_card_save))) action = platform::CardAction::Save;
  if (platform::can_copy_card() && button_inline(T(app, MsgId::ui_card_copy))) action = platform::CardAction::Copy;
  if (!action) return;
  const Message shown = platform::deliver_card(result_card(app, p), *action);
  if (shown.id != MsgId::none) flash(app, R(app, shown), 8.0);
}

}  // namespace

void panel_summary(App& app) {
  const Derived& d = app.derived;
  if (!d.plan || !d.estimate) {
    if (d.errors.empty()) wrapped(T(app, MsgId::sum_nothing_yet));
    return;
  }
  const Plan& p = *d.plan;
  wrapped_disabled(scenario_line(app, p));
  if (app.narrow && app.page_scroll && button_inline(T(app, MsgId::ui_edit_inputs))) app.scroll_to = app.inputs_y;
  ImGui::Spacing();
  if (p.pick) {
    pick_block(app, p);
  } else {
    no_pick_block(app, p);
  }
  ImGui::Spacing();
  memory_bar(app, d.estimate->memory);
  for (const Message& w : d.estimate->warnings) bullet(R(app, w), &kAmber);
  card_buttons(app, p);
}

}  // namespace cardfit::ui
