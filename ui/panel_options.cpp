// Every rentable option the planner found (GPU x cards x offer x term), cheapest first, with
// cost, budget, fit, speed and the buying guides' warnings. A table where it fits; one card per
// option (every column as a line, the warnings written out) where it does not, e.g. a phone.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "format.hpp"
#include "labels.hpp"
#include "option_text.hpp"
#include "panels.hpp"
#include "platform.hpp"
#include "table_export.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

// Within / over / below the budget, in colour.
const ImVec4& budget_colour(const Option& o) { return o.within_budget ? kGreen : kRed; }

std::vector<std::string> warning_lines(const App& app, const Option& o) {
  std::vector<std::string> lines;
  for (const Message& w : o.warnings) lines.push_back(R(app, w));
  return lines;
}

// [SECTION] Launch commands

// Every command of an option as one text to paste: "# label (file)" then the command.
std::string launch_text(const App& app, const Option& o) {
  std::string s;
  for (const LaunchCommand& c : o.launch) {
    s += std::string("# ") + T(app, label_of(c.kind)) + "\n" + c.text;
    if (s.back() != '\n') s += "\n";
  }
  return s;
}

bool copy_launch_button(App& app, const Option& o) {
  if (o.launch.empty()) return false;
  if (!ImGui::SmallButton(T(app, MsgId::launch_copy))) return false;
  platform::copy_text(launch_text(app, o));
  flash(app, MsgId::launch_copied);
  return true;
}

// The commands written out, each with its own copy button (the option's card).
void launch_section(App& app, const Option& o) {
  if (o.launch.empty()) return;
  if (!ImGui::TreeNode("##launch", "%s", T(app, MsgId::launch_title))) return;
  for (const LaunchCommand& c : o.launch) {
    ImGui::PushID(static_cast<int>(c.kind));
    wrapped(T(app, label_of(c.kind)));
    ImGui::SameLine();
    if (ImGui::SmallButton(T(app, MsgId::launch_copy))) {
      platform::copy_text(c.text);
      flash(app, MsgId::launch_copied);
    }
    wrapped_disabled(c.text);
    ImGui::PopID();
  }
  ImGui::TreePop();
}

// [SECTION] The benchmark beside the launch command (core/plan/verify.hpp, docs/verify.md)

// The benchmark as one text to paste: "# label", the command, and what to compare as comments.
std::string verify_text(const App& app, const VerifyCommand& v) {
  std::string s = std::string("# ") + T(app, label_of(v.tool)) + "\n" + v.text + "\n";
  for (const VerifyCompare& c : v.compare) s += "# " + R(app, compare_message(c)) + "\n";
  for (const VerifyRun& r : v.also) {
    s += std::string("\n# ") + T(app, label_of(r.tool)) + "\n" + r.text + "\n";
    for (const VerifyCompare& c : r.compare) s += "# " + R(app, compare_message(c)) + "\n";
  }
  return s;
}

std::vector<std::string> verify_lines(const App& app, const VerifyCommand& v) {
  std::vector<std::string> lines{T(app, label_of(v.tool)), v.text};
  for (const VerifyCompare& c : v.compare) lines.push_back(R(app, compare_message(c)));
  for (const VerifyRun& r : v.also) {
    lines.push_back(T(app, label_of(r.tool)));
    lines.push_back(r.text);
    for (const VerifyCompare& c : r.compare) lines.push_back(R(app, compare_message(c)));
  }
  lines.push_back(T(app, MsgId::verify_how));
  return lines;
}

bool copy_verify_button(App& app, const Option& o) {
  if (!o.verify) return false;
  if (!ImGui::SmallButton(T(app, MsgId::verify_copy))) return false;
  platform::copy_text(verify_text(app, *o.verify));
  flash(app, MsgId::launch_copied);
  return true;
}

// The benchmark written out under the launch commands (the option's card), with its copy button.
void verify_section(App& app, const Option& o) {
  if (!o.verify) return;
  if (!ImGui::TreeNode("##verify", "%s", T(app, MsgId::verify_title))) return;
  const VerifyCommand& v = *o.verify;
  wrapped(T(app, label_of(v.tool)));
  ImGui::SameLine();
  copy_verify_button(app, o);
  wrapped_disabled(v.text);
  for (const VerifyCompare& c : v.compare) bullet(R(app, compare_message(c)));
  for (const VerifyRun& r : v.also) {
    wrapped(T(app, label_of(r.tool)));
    wrapped_disabled(r.text);
    for (const VerifyCompare& c : r.compare) bullet(R(app, compare_message(c)));
  }
  wrapped_disabled(T(app, MsgId::verify_how));
  ImGui::TreePop();
}

// [SECTION] Table

void option_row(App& app, const Plan& p, const Option& o) {
  ImGui::TableNextRow();
  const bool pick = is_pick(p, o);
  const OptionText t = option_text(app, p, o);
  if (pick) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(220, 240, 225, 255));
  ImGui::TableNextColumn();
  ImGui::BeginGroup();
  wrapped((pick ? "✓ " : "") + t.gpu);
  ImGui::EndGroup();
  if (ImGui::IsItemHovered()) tooltip_lines({R(app, o.reason)});  // why it is (not) the pick
  ImGui::TableNextColumn();
  wrapped(t.platform);
  ImGui::TableNextColumn();
  wrapped(t.term);
  ImGui::TableNextColumn();
  ImGui::BeginGroup();
  wrapped(t.cost);
  ImGui::EndGroup();
  if (ImGui::IsItemHovered() && (o.price_on_inquiry || o.price_derived)) {
    tooltip_lines({T(app, o.price_on_inquiry ? MsgId::opt_on_inquiry : MsgId::opt_derived)});
  }
  if (p.budget.set) {
    ImGui::TableNextColumn();
    wrapped(t.budget, budget_colour(o));
  }
  ImGui::TableNextColumn();
  fit_label(app, o.fit);
  ImGui::TableNextColumn();
  ImGui::BeginGroup();
  wrapped(t.speed);
  if (!t.measured.empty()) wrapped(t.measured, kBlue);  // measured beside estimated; source and date on hover
  ImGui::EndGroup();
  if (ImGui::IsItemHovered() && !t.measured_lines.empty()) tooltip_lines(t.measured_lines);
  ImGui::TableNextColumn();
  if (!o.warnings.empty()) {
    ImGui::TextColored(kAmber, "! %zu", o.warnings.size());
    if (ImGui::IsItemHovered()) tooltip_lines(warning_lines(app, o));
  }
  ImGui::TableNextColumn();
  copy_launch_button(app, o);
  if (ImGui::IsItemHovered() && !o.launch.empty()) tooltip_lines({launch_text(app, o)});
  copy_verify_button(app, o);
  if (ImGui::IsItemHovered() && o.verify) tooltip_lines(verify_lines(app, *o.verify));
}

void options_table(App& app, const Plan& p) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable;
  const int columns = p.budget.set ? 9 : 8;
  const float height = ImGui::GetContentRegionAvail().y;
  if (!ImGui::BeginTable("options", columns, flags, ImVec2(0, height > 100 ? height : 100))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  // Short words get exactly their width (never "Warnin…"); the sentences share the rest and wrap.
  const auto width = [&app](std::initializer_list<MsgId> ids) {
    float w = 0;
    for (MsgId id : ids) w = std::max(w, ImGui::CalcTextSize(T(app, id)).x);
    return w;
  };
  const ImGuiTableColumnFlags fixed_flags = ImGuiTableColumnFlags_WidthFixed;
  ImGui::TableSetupColumn(T(app, MsgId::col_gpu), ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::TableSetupColumn(T(app, MsgId::col_platform), ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn(T(app, MsgId::col_term), ImGuiTableColumnFlags_WidthStretch, 1.1f);
  ImGui::TableSetupColumn(T(app, MsgId::col_monthly), ImGuiTableColumnFlags_WidthStretch, 1.4f);
  if (p.budget.set) {
    ImGui::TableSetupColumn(T(app, MsgId::col_budget), fixed_flags,
                            width({MsgId::col_budget, MsgId::opt_within, MsgId::opt_over, MsgId::ui_below_budget}));
  }
  ImGui::TableSetupColumn(T(app, MsgId::col_fit), fixed_flags,
                          width({MsgId::col_fit, MsgId::fit_comfortable, MsgId::fit_tight, MsgId::fit_no}));
  ImGui::TableSetupColumn(T(app, MsgId::col_speed_or_job), ImGuiTableColumnFlags_WidthStretch, 1.3f);
  ImGui::TableSetupColumn(T(app, MsgId::col_warnings), fixed_flags, width({MsgId::col_warnings}));
  ImGui::TableSetupColumn(T(app, MsgId::launch_title), fixed_flags,
                          width({MsgId::launch_title, MsgId::launch_copy, MsgId::verify_copy}) +
                              ImGui::GetStyle().FramePadding.x * 2);
  ImGui::TableHeadersRow();
  for (const Option& o : p.options) {
    ImGui::PushID(&o);
    option_row(app, p, o);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// [SECTION] Cards

void option_card(App& app, const Plan& p, const Option& o) {
  const bool pick = is_pick(p, o);
  const OptionText t = option_text(app, p, o);
  if (pick) box_begin();
  wrapped((pick ? "✓ " : "") + t.gpu + " · " + t.platform, pick ? &kGreen : nullptr);
  wrapped(t.cost + " · " + t.term + " · " + t.speed);
  for (const std::string& line : t.measured_lines) wrapped(line, kBlue);  // measured beside estimated
  fit_label(app, o.fit);
  if (p.budget.set) {
    ImGui::SameLine();
    ImGui::TextColored(budget_colour(o), "· %s", t.budget.c_str());
  }
  wrapped_disabled(R(app, o.reason));
  if (!o.warnings.empty()) {
    const std::string title = o.warnings.size() == 1 ? std::string(T(app, MsgId::ui_warnings_one))
                                                     : R(app, msg::ui_warnings_count(std::to_string(o.warnings.size())));
    if (ImGui::TreeNode("##warnings", "%s", title.c_str())) {
      for (const std::string& w : warning_lines(app, o)) bullet(w, &kAmber);
      ImGui::TreePop();
    }
  }
  launch_section(app, o);
  verify_section(app, o);
  if (pick) box_end(ImVec4(0.90f, 0.97f, 0.92f, 1.0f), ImVec4(0.55f, 0.80f, 0.60f, 1.0f));
  ImGui::Separator();
}

}  // namespace

void panel_options(App& app) {
  if (!app.derived.plan) return;
  const Plan& p = *app.derived.plan;
  std::string head = std::string(T(app, MsgId::opt_count)) + " " + std::to_string(p.options.size()) + " / " +
                     std::to_string(p.options_total) + " · ";
  head += p.budget.set ? std::string(T(app, MsgId::opt_budget)) + " " + R(app, p.budget.label)
                       : std::string(T(app, MsgId::ui_no_budget));
  wrapped_disabled(head);
  if (p.options.empty()) {
    wrapped(T(app, MsgId::ui_options_none));
    return;
  }
  // The table to paste into a post or a spreadsheet (core/io/table_export.hpp).
  // Copied, or saved as a file without a dialog (downloaded on the web); the buttons wrap.
  struct Export {
    TableFormat format;
    MsgId copy, save;
    const char* extension;
    const char* mime;
  };
  bool first = true;
  auto button = [&first](const char* label) {
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2) ImGui::NewLine();
    }
    first = false;
    return ImGui::SmallButton(label);
  };
  for (const Export& e : {Export{TableFormat::Csv, MsgId::ui_copy_csv, MsgId::ui_download_csv, "csv", "text/csv"},
                          Export{TableFormat::Markdown, MsgId::ui_copy_markdown, MsgId::ui_download_markdown, "md",
                                 "text/markdown"}}) {
    ImGui::PushID(e.extension);
    if (button(T(app, e.copy))) {
      platform::copy_text(render_table(plan_table(p, app.state.lang), e.format));
      flash(app, MsgId::ui_copied_table);
    }
    if (button(T(app, e.save))) {
      // CSV with a byte-order mark: spreadsheets (Excel) then read the Chinese text as UTF-8.
      const std::string bom = e.format == TableFormat::Csv ? "\xEF\xBB\xBF" : "";
      const Message saved = platform::save_file("cardfit-options", e.extension, e.mime,
                                                bom + render_table(plan_table(p, app.state.lang), e.format));
      if (saved.id != MsgId::none) flash(app, R(app, saved), 8.0);
    }
    ImGui::PopID();
  }
  // An HTML table with inline styles, for an article editor (WeChat's, Zhihu's); the Markdown is
  // its plain text (platform.hpp copy_html).
  if (button(T(app, MsgId::ui_copy_html))) {
    const TextTable t = plan_table(p, app.state.lang);
    platform::copy_html(render_table(t, TableFormat::Html), render_table(t, TableFormat::Markdown));
    flash(app, MsgId::ui_copied_table);
  }
  // The table needs room for its eight columns; below that, one card per option.
  const bool table = !app.narrow && ImGui::GetContentRegionAvail().x >= ImGui::GetFontSize() * 44.0f;
  if (table) {
    options_table(app, p);
    return;
  }
  for (const Option& o : p.options) {
    ImGui::PushID(&o);
    option_card(app, p, o);
    ImGui::PopID();
  }
}

}  // namespace cardfit::ui
