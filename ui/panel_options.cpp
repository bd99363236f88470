// Every rentable option the planner found (GPU x cards x offer x term), cheapest first,
// with cost, budget, fit, speed and the articles' warnings in a tooltip.
#include <imgui.h>

#include <string>

#include "format.hpp"
#include "labels.hpp"
#include "panels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

void option_row(App& app, const Plan& p, const Option& o, bool is_pick) {
  ImGui::TableNextRow();
  if (is_pick) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(220, 240, 225, 255));
  ImGui::TableNextColumn();
  const Gpu* gpu = app.catalog.find_gpu(o.gpu);
  ImGui::Text("%s%s x%d", is_pick ? "✓ " : "", gpu ? gpu_short_name(*gpu).c_str() : o.gpu.c_str(), o.cards);
  if (o.unit == OfferUnit::Slice && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s %.0f%%", T(app, MsgId::opt_slice), o.slice_fraction * 100.0);
  }
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(R(app, o.platform_name).c_str());
  ImGui::TableNextColumn();
  std::string term = T(app, label_of(o.term));
  if (o.spot) term += std::string(" · ") + T(app, MsgId::opt_spot);
  ImGui::TextUnformatted(term.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(R(app, money_label(o.monthly_cost, p.currency)).c_str());
  if (o.price_on_inquiry || o.price_derived) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", o.price_on_inquiry ? "≈" : "*");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T(app, o.price_on_inquiry ? MsgId::opt_on_inquiry : MsgId::opt_derived));
  }
  ImGui::TableNextColumn();
  if (p.budget.set) {
    ImGui::TextColored(o.within_budget ? ImVec4(0.1f, 0.55f, 0.25f, 1) : ImVec4(0.75f, 0.15f, 0.15f, 1), "%s",
                       T(app, o.within_budget ? MsgId::opt_within : MsgId::opt_over));
  } else {
    ImGui::TextDisabled("-");
  }
  ImGui::TableNextColumn();
  fit_label(app, o.fit);
  ImGui::TableNextColumn();
  if (o.job_cost) {
    ImGui::Text("%s h · %s", format_rate(*o.job_hours).c_str(), R(app, money_label(*o.job_cost, p.currency)).c_str());
  } else if (o.decode_tokens_per_s > 0) {
    ImGui::Text("%s t/s", format_rate(o.decode_tokens_per_s).c_str());
    if (o.cost_per_million_tokens) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s/M", amount_range(*o.cost_per_million_tokens).c_str());
    }
  } else {
    ImGui::TextDisabled("-");
  }
  ImGui::TableNextColumn();
  if (!o.warnings.empty()) {
    ImGui::TextColored(ImVec4(0.75f, 0.50f, 0.05f, 1.0f), "! %zu", o.warnings.size());
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
      for (const Message& w : o.warnings) ImGui::BulletText("%s", R(app, w).c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
}

}  // namespace

void panel_options(App& app) {
  if (!app.derived.plan) return;
  const Plan& p = *app.derived.plan;
  ImGui::Text("%s %zu / %zu", T(app, MsgId::opt_count), p.options.size(), p.options_total);
  if (p.budget.set) {
    ImGui::SameLine();
    ImGui::TextDisabled("· %s %s", T(app, MsgId::opt_budget), R(app, p.budget.label).c_str());
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  const float height = ImGui::GetContentRegionAvail().y - (p.alternatives.empty() ? 0 : ImGui::GetTextLineHeightWithSpacing() * 6);
  if (ImGui::BeginTable("options", 8, flags, ImVec2(0, height > 100 ? height : 100))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (MsgId column : {MsgId::col_gpu, MsgId::col_platform, MsgId::col_term, MsgId::col_monthly, MsgId::col_budget,
                         MsgId::col_fit, MsgId::col_speed_or_job, MsgId::col_warnings}) {
      ImGui::TableSetupColumn(T(app, column));
    }
    ImGui::TableHeadersRow();
    for (const Option& o : p.options) {
      ImGui::PushID(&o);
      option_row(app, p, o, p.pick && p.pick->offer == o.offer && p.pick->term == o.term && p.pick->cards == o.cards &&
                                p.pick->spot == o.spot);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (!p.alternatives.empty()) {
    ImGui::TextUnformatted(T(app, MsgId::opt_alternatives));
    for (const Alternative& a : p.alternatives) ImGui::BulletText("%s", R(app, a.pick.reason).c_str());
  }
}

}  // namespace cardfit::ui
