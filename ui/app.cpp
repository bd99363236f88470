// The whole UI: a header, the input panel on the left, the summary and four tabs on the
// right. Results are recomputed by the core whenever a panel marks the state dirty.
#include "app.hpp"

#include <imgui.h>

#include <algorithm>

#include "cardfit_version.hpp"
#include "embedded.hpp"
#include "fonts.hpp"
#include "panels.hpp"
#include "platform.hpp"
#include "url_state.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

void apply_style(float dpi_scale) {
  ImGuiStyle style;
  ImGui::StyleColorsLight(&style);
  style.WindowRounding = 0.0f;
  style.ChildRounding = 4.0f;
  style.FrameRounding = 4.0f;
  style.GrabRounding = 4.0f;
  style.FramePadding = ImVec2(8, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.CellPadding = ImVec2(6, 3);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.96f, 0.97f, 0.98f, 1.0f);
  style.Colors[ImGuiCol_ChildBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
  style.Colors[ImGuiCol_FrameBg] = ImVec4(0.89f, 0.91f, 0.95f, 1.0f);
  style.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.80f, 0.86f, 0.96f, 1.0f);
  style.ScaleAllSizes(dpi_scale);
  ImGui::GetStyle() = style;
}

void draw_header(App& app) {
  ImGui::TextUnformatted(T(app, MsgId::app_title));
  ImGui::SameLine();
  ImGui::TextDisabled("v%s", kVersion);  // the release this page or app is (CMake project(VERSION))
  const char* other = T(app, MsgId::app_language);
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(other).x -
                  ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::SmallButton(other)) {
    app.state.lang = app.state.lang == Lang::Zh ? Lang::En : Lang::Zh;
    app.state.request.lang = app.state.lang;
    app.state.request.scenario.lang = app.state.lang;
    platform::save_setting("lang", std::string(name_of(app.state.lang)));
    app.dirty = true;  // reasons and warnings are worded in the new language
  }
  ImGui::TextDisabled("%s", T(app, MsgId::app_tagline));
  ImGui::Separator();
}

// The scenario as a link query. The interface language is left out: it is the reader's
// preference (saved in the settings), and an embedding page sets it with its own lang=.
std::string state_query(const PlanRequest& request) {
  KeyValues pairs = request_to_pairs(request);
  pairs.erase(std::remove_if(pairs.begin(), pairs.end(), [](const auto& kv) { return kv.first == "lang"; }), pairs.end());
  return encode_query(pairs);
}

void draw_catalog_errors(const App& app) {
  ImGui::TextColored(ImVec4(0.7f, 0.1f, 0.1f, 1), "%s", T(app, MsgId::app_catalog_error));
  for (const auto& issue : app.catalog_errors) ImGui::BulletText("%s", issue_text(app, issue).c_str());
}

void draw_tabs(App& app) {
  if (!ImGui::BeginTabBar("tabs")) return;
  const std::pair<Tab, MsgId> tabs[] = {{Tab::Plan, MsgId::tab_plan},
                                        {Tab::Gpus, MsgId::tab_gpus},
                                        {Tab::Explain, MsgId::tab_explain},
                                        {Tab::Sources, MsgId::tab_sources}};
  for (const auto& [tab, key] : tabs) {
    // The tab chosen in code (e.g. a GPU row clicked) is selected once, then the user's clicks rule.
    const ImGuiTabItemFlags flags = app.state.tab == tab && app.select_tab ? ImGuiTabItemFlags_SetSelected : 0;
    if (ImGui::BeginTabItem(T(app, key), nullptr, flags)) {
      if (!app.select_tab) app.state.tab = tab;
      switch (tab) {
        case Tab::Plan: panel_options(app); break;
        case Tab::Gpus: panel_gpus(app); break;
        case Tab::Explain: panel_explain(app); break;
        case Tab::Sources: panel_sources(app); break;
      }
      ImGui::EndTabItem();
    }
  }
  app.select_tab = false;
  ImGui::EndTabBar();
}

}  // namespace

void app_init(App& app, const AppOptions& options) {
  auto catalog = assets::bundled_catalog();
  if (catalog.ok()) {
    app.catalog = std::move(*catalog.value);
  } else {
    app.catalog_errors = std::move(catalog.errors);
  }
  app.embed = options.embed;
  const KeyValues pairs = decode_query(options.state);
  DecodedState decoded = request_from_pairs(pairs);
  const bool link_has_lang = std::any_of(pairs.begin(), pairs.end(), [](const auto& kv) { return kv.first == "lang"; });
  std::string lang = options.lang;
  if (lang.empty()) lang = link_has_lang ? std::string(name_of(decoded.request.lang)) : platform::load_setting("lang");
  const Lang ui_lang = parse_name<Lang>(lang).value_or(Lang::Zh);
  app.state_notice = std::move(decoded.issues);
  // A link that names what the catalog lacks (an unknown model id, say) shows the defaults.
  if (app.catalog_errors.empty()) {
    const auto check = plan(app.catalog, decoded.request);
    if (!check.ok()) {
      app.state_notice.insert(app.state_notice.end(), check.errors.begin(), check.errors.end());
      decoded.request = PlanRequest{};
    }
    decoded.request = with_catalog_ids(app.catalog, std::move(decoded.request));  // "gpu=4090" -> rtx-4090
  }
  decoded.request.today = platform::today();  // how old each price is (never part of the link)
  app.state = make_ui_state(decoded.request, ui_lang);
  app.published_state = state_query(app.state.request);
  app_rescale(app, options.dpi_scale);
}

void app_rescale(App& app, float dpi_scale) {
  app.dpi_scale = dpi_scale;
  build_fonts(dpi_scale);
  apply_style(dpi_scale);
}

void app_frame(App& app) {
  ++app.frame_count;
  const Tab tab_before = app.state.tab;
  if (app.dirty && app.catalog_errors.empty()) {
    recompute(app.catalog, app.state, app.derived);
    app.dirty = false;
    std::string query = state_query(app.state.request);
    if (app.derived.errors.empty() && query != app.published_state) {
      platform::remember_state(query);
      app.published_state = std::move(query);
    }
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("cardfit", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (!app.embed) draw_header(app);
  if (!app.catalog_errors.empty()) {
    draw_catalog_errors(app);
  } else {
    const float left = ImGui::GetFontSize() * 24.0f;
    ImGui::BeginChild("inputs", ImVec2(left, 0), true);
    panel_inputs(app);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("results", ImVec2(0, 0), false);
    panel_summary(app);
    ImGui::Spacing();
    draw_tabs(app);
    ImGui::EndChild();
  }
  ImGui::End();
  if (app.state.tab != tab_before) app.select_tab = true;
}

}  // namespace cardfit::ui
