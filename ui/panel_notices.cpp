// What the user must know before the results: parts of a link that were not used, and why the
// current inputs cannot be computed, with one-click fixes (checked by the core to work). The
// results below stay, greyed, from the last inputs that worked.
#include <imgui.h>

#include "panels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

void apply_changes(App& app, const KeyValues& set) {
  const std::optional<PlanRequest> rq = changed_request(app.catalog, app.state.request, set);
  if (!rq) return;
  app.state = with_request(app.state, *rq);
  app.dirty = true;
  app.discrete = true;
}

void panel_notices(App& app) {
  if (!app.state_notice.empty()) {
    box_begin();
    wrapped(T(app, MsgId::sum_link_notice), kAmber);
    for (const Issue& i : app.state_notice) bullet(issue_text(app, i));
    const bool dismiss = ImGui::SmallButton(T(app, MsgId::sum_dismiss));
    box_end(ImVec4(1.0f, 0.97f, 0.88f, 1.0f), ImVec4(0.90f, 0.75f, 0.40f, 1.0f));
    if (dismiss) app.state_notice.clear();
    ImGui::Spacing();
  }
  if (!app.files_loaded.empty() || !app.file_errors.empty()) {
    // What the files dropped or picked loaded, and why any did not (core/io/user_file.hpp).
    box_begin();
    for (const Message& m : app.files_loaded) wrapped(R(app, m), kGreen);
    for (const Issue& i : app.file_errors) bullet(issue_text(app, i));
    const bool dismiss = ImGui::SmallButton(T(app, MsgId::sum_dismiss));
    if (app.file_errors.empty()) {
      box_end(ImVec4(0.92f, 0.98f, 0.93f, 1.0f), ImVec4(0.45f, 0.70f, 0.50f, 1.0f));
    } else {
      box_end(ImVec4(1.0f, 0.93f, 0.93f, 1.0f), ImVec4(0.85f, 0.45f, 0.45f, 1.0f));
    }
    if (dismiss) {
      app.files_loaded.clear();
      app.file_errors.clear();
      app.published = false;
    }
    ImGui::Spacing();
  }
  const Derived& d = app.derived;
  if (d.errors.empty()) return;
  box_begin();
  wrapped(T(app, d.plan ? MsgId::ui_fix_banner : MsgId::sum_nothing_yet), kRed);
  for (const Issue& i : d.errors) bullet(issue_text(app, i));
  const KeyValues* chosen = nullptr;
  for (std::size_t k = 0; k < d.fixes.size(); ++k) {
    ImGui::PushID(static_cast<int>(k));
    const std::string label = R(app, d.fixes[k].label);
    if (k == 0 ? ImGui::Button(label.c_str()) : button_inline(label.c_str())) chosen = &d.fixes[k].set;
    ImGui::PopID();
  }
  box_end(ImVec4(1.0f, 0.93f, 0.93f, 1.0f), ImVec4(0.85f, 0.45f, 0.45f, 1.0f));
  ImGui::Spacing();
  if (chosen) apply_changes(app, KeyValues(*chosen));  // a copy: `fixes` is recomputed
}

}  // namespace cardfit::ui
