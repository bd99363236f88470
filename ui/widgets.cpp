#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>

namespace cardfit::ui {
namespace {
const ImVec4 kGreen(0.10f, 0.55f, 0.25f, 1.0f);
const ImVec4 kAmber(0.75f, 0.50f, 0.05f, 1.0f);
const ImVec4 kRed(0.75f, 0.15f, 0.15f, 1.0f);

template <class Parse>
bool number_row(const App& app, const char* label_key, std::string& text, Parse parse) {
  row_label(app, T(app, label_key));
  ImGui::PushID(label_key);
  const bool edited = ImGui::InputText("##v", &text);
  ImGui::PopID();
  auto result = parse(text);
  if (!result.ok()) {
    ImGui::TextColored(kRed, "%s", result.errors.front().message.c_str());
    return false;
  }
  return edited;
}
}  // namespace

void row_label(const App& app, const char* text) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  ImGui::SameLine(label_width(app));
  ImGui::SetNextItemWidth(-1);
}

const char* T(const App& app, std::string_view key) { return tr(app.strings, app.state.lang, key); }

std::string issue_text(const Issue& issue) {
  if (issue.field.empty() || issue.message.rfind(issue.field, 0) == 0) return issue.message;
  return issue.field + ": " + issue.message;
}

float label_width(const App& app) { return 150.0f * app.dpi_scale; }

bool number_input(const App& app, const char* label_key, std::string& text, std::string_view field,
                  std::int64_t& value, std::int64_t min, std::int64_t max, NumberStyle style) {
  return number_row(app, label_key, text, [&](const std::string& t) {
    auto r = parse_integer(t, field, min, max, style);
    if (r.ok()) value = *r.value;
    return r;
  });
}

bool number_input(const App& app, const char* label_key, std::string& text, std::string_view field, double& value,
                  double min, double max, NumberStyle style) {
  return number_row(app, label_key, text, [&](const std::string& t) {
    auto r = parse_number(t, field, style);
    if (r.ok() && (*r.value < min || *r.value > max)) {
      return Result<double>::failure(std::string(field), std::string(field) + ": must be between " +
                                                             format_grouped(min) + " and " + format_grouped(max));
    }
    if (r.ok()) value = *r.value;
    return r;
  });
}

bool id_combo(const char* label, std::string& id, const std::vector<std::pair<std::string, std::string>>& items) {
  const char* preview = id.c_str();
  for (const auto& [item_id, item_label] : items) {
    if (item_id == id) preview = item_label.c_str();
  }
  bool changed = false;
  if (ImGui::BeginCombo(label, preview)) {
    for (const auto& [item_id, item_label] : items) {
      const bool selected = item_id == id;
      if (ImGui::Selectable(item_label.c_str(), selected) && !selected) {
        id = item_id;
        changed = true;
      }
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  return changed;
}

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void explain_tooltip(const App& app, std::string_view key) {
  if (!ImGui::IsItemHovered() || !app.derived.focus) return;
  for (const Explanation& x : app.derived.focus->explain) {
    if (x.key != key) continue;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::TextUnformatted(x.quantity.in(app.state.lang).c_str());
    ImGui::TextUnformatted(x.formula.in(app.state.lang).c_str());
    ImGui::Text("= %s", x.substituted.c_str());
    ImGui::TextDisabled("%s", x.source.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
    return;
  }
}

void fit_label(const App& app, Fit fit) {
  switch (fit) {
    case Fit::Comfortable: ImGui::TextColored(kGreen, "%s", T(app, "fit.comfortable")); break;
    case Fit::Tight: ImGui::TextColored(kAmber, "%s", T(app, "fit.tight")); break;
    case Fit::No: ImGui::TextColored(kRed, "%s", T(app, "fit.no")); break;
  }
}

}  // namespace cardfit::ui
