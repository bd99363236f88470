// Every GPU in the catalog: smallest card count that fits, verdict, memory per card,
// decode and prefill speed, largest context/concurrency, training time. Clicking a row
// shows that GPU's formulas in the Explain tab.
#include <imgui.h>

#include "panels.hpp"
#include "plan_text.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

void panel_gpus(App& app) {
  if (!app.derived.estimate) return;
  const Estimate& e = *app.derived.estimate;
  const bool training = is_training(e.task);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  ImGui::TextDisabled("%s", T(app, "gpus.hint"));
  if (!ImGui::BeginTable("gpus", 8, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(T(app, "col.gpu"));
  ImGui::TableSetupColumn(T(app, "col.cards"));
  ImGui::TableSetupColumn(T(app, "col.fit"));
  ImGui::TableSetupColumn(T(app, "col.per_card"));
  ImGui::TableSetupColumn(T(app, training ? "col.train_time" : "col.decode"));
  ImGui::TableSetupColumn(T(app, training ? "col.train_tps" : "col.ttft"));
  ImGui::TableSetupColumn(T(app, training ? "col.max_seq" : "col.max_context"));
  ImGui::TableSetupColumn(T(app, training ? "col.max_batch" : "col.max_concurrency"));
  ImGui::TableHeadersRow();
  for (const GpuEstimate& g : e.gpus) {
    const Gpu* gpu = app.catalog.find_gpu(g.gpu);
    if (!gpu) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable(plan_text::gpu_short_name(*gpu).c_str(), app.state.explain_gpu == g.gpu,
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
    ImGui::TextUnformatted(plan_text::tokens_label(g.max_context).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%lld", static_cast<long long>(g.max_concurrency));
    if (!g.warnings.empty() && ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      for (const Text& w : g.warnings) ImGui::BulletText("%s", w.in(app.state.lang).c_str());
      ImGui::EndTooltip();
    }
  }
  ImGui::EndTable();
}

}  // namespace cardfit::ui
