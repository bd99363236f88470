// Every GPU in the catalog: smallest card count that fits, verdict, memory per card,
// decode and prefill speed, largest context/concurrency, training time. Clicking a row
// shows that GPU's formulas in the Explain tab. A table where it fits, else one line each.
#include <imgui.h>

#include "format.hpp"
#include "labels.hpp"
#include "panels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

std::string cards_text(const GpuEstimate& g) {
  return g.cards > 0 ? std::to_string(g.cards) : "> " + std::to_string(g.max_cards_tried);
}

std::string memory_text(const GpuEstimate& g) {
  return format_gb(static_cast<double>(g.per_card_bytes)) + " / " + format_gb(static_cast<double>(g.card_memory_bytes));
}

std::string speed_text(const GpuEstimate& g, bool training) {
  if (training) return g.train_hours ? format_rate(*g.train_hours) + " h" : "-";
  std::string s = format_rate(g.decode_tokens_per_s) + " t/s";
  if (g.aggregate_tokens_per_s > g.decode_tokens_per_s * 1.01) s += " (Σ " + format_rate(g.aggregate_tokens_per_s) + ")";
  return s;
}

std::string second_text(const GpuEstimate& g, bool training) {
  return training ? format_rate(g.train_tokens_per_s) + " t/s" : format_rate(g.ttft_ms) + " ms";
}

void choose(App& app, const GpuEstimate& g) {
  app.state.explain_gpu = g.gpu;
  app.state.tab = Tab::Explain;
  app.dirty = true;
}

void gpu_list(App& app, const Estimate& e, bool training) {
  for (const GpuEstimate& g : e.gpus) {
    const Gpu* gpu = app.catalog.find_gpu(g.gpu);
    if (!gpu) continue;
    ImGui::PushID(g.gpu.c_str());
    wrapped(gpu_short_name(*gpu) + " · " + cards_text(g) + " × · " + memory_text(g), kBlue);
    fit_label(app, g.fit);
    ImGui::SameLine();
    ImGui::BeginGroup();
    wrapped("· " + speed_text(g, training) + " · " + second_text(g, training) + " · " +
            T(app, training ? MsgId::col_max_seq : MsgId::col_max_context) + " " + tokens_label(g.max_context));
    ImGui::EndGroup();
    for (const Message& w : g.warnings) bullet(R(app, w), &kAmber);
    ImGui::Separator();
    ImGui::PopID();
  }
}

}  // namespace

void panel_gpus(App& app) {
  if (!app.derived.estimate) return;
  const Estimate& e = *app.derived.estimate;
  const bool training = is_training(e.task);
  if (app.narrow || ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 40.0f) {
    gpu_list(app, e, training);
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable;
  wrapped_disabled(T(app, MsgId::gpus_hint));
  if (!ImGui::BeginTable("gpus", 8, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(T(app, MsgId::col_gpu), ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn(T(app, MsgId::col_cards), ImGuiTableColumnFlags_WidthStretch, 0.5f);
  ImGui::TableSetupColumn(T(app, MsgId::col_fit), ImGuiTableColumnFlags_WidthStretch, 0.9f);
  ImGui::TableSetupColumn(T(app, MsgId::col_per_card), ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::TableSetupColumn(T(app, training ? MsgId::col_train_time : MsgId::col_decode), ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn(T(app, training ? MsgId::col_train_tps : MsgId::col_ttft), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(T(app, training ? MsgId::col_max_seq : MsgId::col_max_context), ImGuiTableColumnFlags_WidthStretch, 0.9f);
  ImGui::TableSetupColumn(T(app, training ? MsgId::col_max_batch : MsgId::col_max_concurrency), ImGuiTableColumnFlags_WidthStretch, 0.9f);
  ImGui::TableHeadersRow();
  for (const GpuEstimate& g : e.gpus) {
    const Gpu* gpu = app.catalog.find_gpu(g.gpu);
    if (!gpu) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable(gpu_short_name(*gpu).c_str(), app.state.explain_gpu == g.gpu,
                          ImGuiSelectableFlags_SpanAllColumns)) {
      choose(app, g);
    }
    if (!g.warnings.empty() && ImGui::IsItemHovered()) {
      std::vector<std::string> lines;
      for (const Message& w : g.warnings) lines.push_back(R(app, w));
      tooltip_lines(lines);
    }
    ImGui::TableNextColumn();
    if (g.cards > 0) {
      ImGui::TextUnformatted(cards_text(g).c_str());
    } else {
      ImGui::TextDisabled("%s", cards_text(g).c_str());
    }
    ImGui::TableNextColumn();
    fit_label(app, g.fit);
    ImGui::TableNextColumn();
    wrapped(memory_text(g));
    ImGui::TableNextColumn();
    wrapped(speed_text(g, training));
    ImGui::TableNextColumn();
    wrapped(second_text(g, training));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(tokens_label(g.max_context).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%lld", static_cast<long long>(g.max_concurrency));
  }
  ImGui::EndTable();
}

}  // namespace cardfit::ui
