// What this card can do (core/plan/capability.hpp): for the GPU chosen (else the pick's) at its
// cards, the one-sentence summary and every catalog model that fits, largest first. Computed
// only while this section is drawn and the request changed (ui/derived.hpp update_capability).
#include <imgui.h>

#include <algorithm>

#include "panels.hpp"
#include "platform.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

TextTable capability_rows(const App& app, const CardCapability& c) {
  // Model, precision, max context, max concurrency, tokens/s of capability_table's columns.
  static constexpr std::size_t kColumns[] = {0, 2, 4, 5, 6};
  const TextTable all = capability_table(c, app.catalog, app.state.lang);
  TextTable t;
  for (std::size_t k : kColumns) t.header.push_back(all.header[k]);
  for (const std::vector<std::string>& r : all.rows) {
    std::vector<std::string> row;
    for (std::size_t k : kColumns) row.push_back(r[k]);
    t.rows.push_back(std::move(row));
  }
  return t;
}

namespace {

// The sentence, then a table (desktop) or a line per model (a phone).
void draw_capability(App& app, const CardCapability& c) {
  wrapped(R(app, capability_summary(c, app.catalog)));
  const TextTable t = capability_rows(app, c);
  if (t.rows.empty()) return;
  if (app.narrow) {  // a phone: one line per model
    for (const std::vector<std::string>& r : t.rows) {
      std::string line = r[0] + ":";
      for (std::size_t k = 1; k < r.size(); ++k) line += (k > 1 ? " · " : " ") + t.header[k] + " " + r[k];
      bullet(line);
    }
    return;
  }
  // At most 12 rows high, scrolling inside, so the tabs below stay near.
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp |
                                ImGuiTableFlags_ScrollY;
  const float row = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
  const float height = row * static_cast<float>(std::min<std::size_t>(t.rows.size() + 1, 12)) + row * 0.5f;
  if (!ImGui::BeginTable("capability", static_cast<int>(t.header.size()), flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);  // the header stays
  for (std::size_t k = 0; k < t.header.size(); ++k) {
    ImGui::TableSetupColumn(t.header[k].c_str(), ImGuiTableColumnFlags_WidthStretch, k == 0 ? 1.8f : 1.0f);
  }
  ImGui::TableHeadersRow();
  for (const std::vector<std::string>& r : t.rows) {
    ImGui::TableNextRow();
    for (const std::string& cell : r) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(cell.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

// "This machine": the GPU the driver named, with a button to take it (or, in use, to go back to the
// choice it replaced); else why none was picked
// (a software renderer, an unknown or shared name): the user picks. Nothing when nothing was read,
// except on the page: a "Detect my GPU" button (the browser's WebGL renderer, read on the click).
void draw_this_machine(App& app) {
  const GpuMatch& m = app.machine;
  switch (m.kind) {
    case GpuMatchKind::Nothing:
      if (app.machine_asked) {
        wrapped(T(app, MsgId::tm_gui_hidden), &kAmber);
      } else if (platform::can_detect_gpu()) {
        if (ImGui::SmallButton(T(app, MsgId::tm_gui_detect))) {
          app.machine = match_gpu(app.catalog, platform::detect_gpu());
          app.machine_asked = true;
        }
      } else {
        return;
      }
      break;
    case GpuMatchKind::Found: {
      const Gpu* g = app.catalog.find_gpu(m.ids.front());
      if (g == nullptr) return;
      Scenario& sc = app.state.request.scenario;
      if (sc.gpu != g->id) {
        wrapped(R(app, msg::tm_gui_found(m.detected, g->name)));
        if (ImGui::SmallButton(T(app, MsgId::tm_gui_use))) {
          app.machine_before = GpuChoice{sc.gpu, sc.cards};
          sc.gpu = g->id;
          sc.cards = 1;
          app.dirty = true;
          app.discrete = true;
        }
        break;
      }
      // In use (taken at the first start, on "use", or saved so): said openly, with the way back.
      wrapped(R(app, msg::tm_gui_in_use(m.detected, g->name)), kGreen);
      if (app.machine_before && app.machine_before->gpu != g->id) {
        const Gpu* before = app.catalog.find_gpu(app.machine_before->gpu);
        const std::string label = before != nullptr ? R(app, msg::tm_gui_back_gpu(before->name))
                                                    : std::string(T(app, MsgId::tm_gui_back_pick));
        if (ImGui::SmallButton(label.c_str())) {
          sc.gpu = before != nullptr ? before->id : std::string();
          sc.cards = app.machine_before->cards;
          app.machine_before.reset();
          app.dirty = true;
          app.discrete = true;
        }
      }
      break;
    }
    case GpuMatchKind::Ambiguous: {
      std::string names;
      for (const std::string& id : m.ids) names += (names.empty() ? "" : ", ") + id;
      wrapped(R(app, msg::tm_gui_ambiguous(m.detected, names)), &kAmber);
      break;
    }
    case GpuMatchKind::Software: wrapped(R(app, msg::tm_gui_software(m.detected)), &kAmber); break;
    case GpuMatchKind::Unknown: wrapped(R(app, msg::tm_gui_unknown(m.detected)), &kAmber); break;
  }
  ImGui::Spacing();
}

void panel_capability(App& app) {
  draw_this_machine(app);
  // Not while a box is typed in or a slider dragged (every keystroke changes the request): the
  // last table stays, greyed, until the widget is let go.
  if (!ImGui::IsAnyItemActive() && update_capability(app.catalog, app.state, app.derived)) {
    app.published = false;  // the text view lists it
  }
  const CapabilityView& v = app.derived.capability;
  if (!capability_scenario(app.state, app.derived) && app.derived.errors.empty()) {
    wrapped(T(app, MsgId::cap_pick_gpu));
    return;
  }
  if (!v.value) {  // (when the state does not compute, its errors are shown above)
    for (const Issue& i : v.errors) wrapped(issue_text(app, i), kRed);
    return;
  }
  const bool stale = !current_capability(app.state, app.derived);
  ImGui::BeginDisabled(stale);
  draw_capability(app, *v.value);
  ImGui::EndDisabled();
}

}  // namespace cardfit::ui
