#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>

#include "explain.hpp"
#include "numbers.hpp"

namespace cardfit::ui {
namespace {
const ImVec4 kGreen(0.10f, 0.55f, 0.25f, 1.0f);
const ImVec4 kAmber(0.75f, 0.50f, 0.05f, 1.0f);
const ImVec4 kRed(0.75f, 0.15f, 0.15f, 1.0f);

// Parses `text` for `input` (its kind's suffixes, its bounds); nullopt when fine.
std::optional<Issue> parse_input(const std::string& text, Input input, double& out) {
  const InputSpec& spec = input_spec(input);
  Result<double> r = parse_number(text, spec.field,
                                  spec.kind == InputKind::Tokens ? NumberStyle::Tokens : NumberStyle::Decimal);
  if (!r.ok()) return r.errors.front();
  const bool whole = spec.kind == InputKind::Integer || spec.kind == InputKind::Tokens;
  if (whole && *r.value != std::floor(*r.value)) {
    return Issue{spec.field, msg::err_number_not_whole(spec.field, text)};
  }
  if (std::optional<Issue> e = check_input(input, *r.value)) return e;
  out = *r.value;
  return std::nullopt;
}

bool number_row(const App& app, MsgId label, std::string& text, Input input, double& out) {
  row_label(app, T(app, label));
  ImGui::PushID(static_cast<int>(input));
  const bool edited = ImGui::InputText("##v", &text);
  ImGui::PopID();
  if (std::optional<Issue> e = parse_input(text, input, out)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kRed, "%s", R(app, e->message).c_str());
    ImGui::PopTextWrapPos();
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

const char* T(const App& app, MsgId id) { return text(id, app.state.lang); }

std::string R(const App& app, const Message& message) { return render(message, app.state.lang); }

std::string issue_text(const App& app, const Issue& issue) { return cardfit::issue_text(issue, app.state.lang); }

float label_width(const App& app) { return 150.0f * app.dpi_scale; }

bool number_input(const App& app, MsgId label, std::string& text, Input input, std::int64_t& value) {
  double v = static_cast<double>(value);
  if (!number_row(app, label, text, input, v)) return false;
  value = static_cast<std::int64_t>(v);
  return true;
}

bool number_input(const App& app, MsgId label, std::string& text, Input input, double& value) {
  return number_row(app, label, text, input, value);
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
    ImGui::TextUnformatted(R(app, x.quantity).c_str());
    ImGui::TextUnformatted(R(app, x.formula).c_str());
    ImGui::TextUnformatted(R(app, x.substituted).c_str());
    for (const std::string& ref : x.sources) ImGui::TextDisabled("%s", R(app, cite(app.catalog, ref)).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
    return;
  }
}

void fit_label(const App& app, Fit fit) {
  switch (fit) {
    case Fit::Comfortable: ImGui::TextColored(kGreen, "%s", T(app, MsgId::fit_comfortable)); break;
    case Fit::Tight: ImGui::TextColored(kAmber, "%s", T(app, MsgId::fit_tight)); break;
    case Fit::No: ImGui::TextColored(kRed, "%s", T(app, MsgId::fit_no)); break;
  }
}

}  // namespace cardfit::ui
