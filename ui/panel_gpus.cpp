// Every GPU in the catalog: smallest card count that fits, verdict, memory per card,
// decode and prefill speed, largest context/concurrency, training time. Clicking a row
// shows that GPU's formulas in the Explain tab.
#include <imgui.h>

#include "format.hpp"
#include "labels.hpp"
#include "panels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

void panel_gpus(App& app) {
  if (!app.derived.estimate) return;
  const Estimate& e = *app.derived.estimate;
  const bool training = is_training(e.task);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  ImGui::TextDisabled("%s", T(app, MsgId::gpus_hint));
  if (!ImGui::BeginTable("gpus", 8, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(T(app, MsgId::col_gpu));
  ImGui::TableSetupColumn(T(app, MsgId::col_cards));
  ImGui::TableSetupColumn(T(app, MsgId::col_fit));
  ImGui::TableSetupColumn(T(app, MsgId::col_per_card));
  ImGui::TableSetupColumn(T(app, training ? MsgId::col_train_time : MsgId::col_decode));
  ImGui::TableSetupColumn(T(app, training ? MsgId::col_train_tps : MsgId::col_ttft));
  ImGui::TableSetupColumn(T(app, training ? MsgId::col_max_seq : MsgId::col_max_context));
  ImGui::TableSetupColumn(T(app, training ? MsgId::col_max_batch : MsgId::col_max_concurrency));
  ImGui::TableHeadersRow();
  for (const GpuEstimate& g : e.gpus) {
    const Gpu* gpu = app.catalog.find_gpu(g.gpu);
    if (!gpu) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable(gpu_short_name(*gpu).c_str(), app.state.explain_gpu == g.gpu,
                          ImGuiSelectableFlags_SpanAllColumns)) {
      app.state.explain_gpu = g.gpu;
      app.state.tab = Tab::Explain;
      app.dirty = true;
    }
    ImGui::TableNextColumn();
    if (g.cards > 0) {
      ImGui::Text("%d", g.cards);
    } else {
      ImGui::TextDisabled("> %d", g.max_cards_tried);
    }
    ImGui::TableNextColumn();
    fit_label(app, g.fit);
    ImGui::TableNextColumn();
    ImGui::Text("%s / %s", format_gb(static_cast<double>(g.per_card_bytes)).c_str(),
                format_gb(static_cast<double>(g.card_memory_bytes)).c_str());
    ImGui::TableNextColumn();
    if (training) {
      if (g.train_hours) {
        ImGui::Text("%s h", format_rate(*g.train_hours).c_str());
      } else {
        ImGui::TextDisabled("-");
      }
    } else {
      ImGui::Text("%s t/s", format_rate(g.decode_tokens_per_s).c_str());
      if (g.aggregate_tokens_per_s > g.decode_tokens_per_s * 1.01) {
        ImGui::SameLine();
        ImGui::TextDisabled("(Σ %s)", format_rate(g.aggregate_tokens_per_s).c_str());
      }
    }
    ImGui::TableNextColumn();
    if (training) {
      ImGui::Text("%s t/s", format_rate(g.train_tokens_per_s).c_str());
    } else {
      ImGui::Text("%s ms", format_rate(g.ttft_ms).c_str());
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(tokens_label(g.max_context).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%lld", static_cast<long long>(g.max_concurrency));
    if (!g.warnings.empty() && ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      for (const Message& w : g.warnings) ImGui::BulletText("%s", R(app, w).c_str());
      ImGui::EndTooltip();
    }
  }
  ImGui::EndTable();
}

}  // namespace cardfit::ui
