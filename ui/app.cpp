// The whole UI: a header, then the panels (one per file, panel_*.cpp).
#include "app.hpp"

#include <imgui.h>

#include "embedded.hpp"
#include "fonts.hpp"
#include "platform.hpp"

namespace cardfit::ui {
namespace {

void apply_style(float dpi_scale) {
  ImGuiStyle style;
  ImGui::StyleColorsLight(&style);
  style.WindowRounding = 0.0f;
  style.FrameRounding = 4.0f;
  style.GrabRounding = 4.0f;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 6);
  style.CellPadding = ImVec2(6, 3);
  style.ScaleAllSizes(dpi_scale);
  ImGui::GetStyle() = style;
}

void draw_header(App& app) {
  const Lang lang = app.state.lang;
  ImGui::TextUnformatted(tr(app.strings, lang, "app.title"));
  ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(tr(app.strings, lang, "app.language")).x -
                  ImGui::GetStyle().FramePadding.x * 2 - ImGui::GetStyle().WindowPadding.x);
  if (ImGui::SmallButton(tr(app.strings, lang, "app.language"))) {
    app.state.lang = lang == Lang::Zh ? Lang::En : Lang::Zh;
    platform::save_setting("lang", app.state.lang == Lang::Zh ? "zh" : "en");
  }
  ImGui::TextDisabled("%s", tr(app.strings, lang, "app.tagline"));
  ImGui::Separator();
}

void draw_catalog_errors(const App& app) {
  ImGui::TextColored(ImVec4(0.7f, 0.1f, 0.1f, 1), "%s", tr(app.strings, app.state.lang, "app.catalog_error"));
  for (const auto& issue : app.catalog_errors) ImGui::BulletText("%s: %s", issue.field.c_str(), issue.message.c_str());
}

}  // namespace

void app_init(App& app, const AppOptions& options) {
  app.strings = load_strings(assets::ui_strings());
  auto catalog = assets::bundled_catalog();
  if (catalog.ok()) {
    app.catalog = std::move(*catalog.value);
  } else {
    app.catalog_errors = std::move(catalog.errors);
  }
  std::string lang = options.lang.empty() ? platform::load_setting("lang") : options.lang;
  app.state.lang = lang == "en" ? Lang::En : Lang::Zh;
  app.embed = options.embed;
  app_rescale(app, options.dpi_scale);
}

void app_rescale(App& app, float dpi_scale) {
  app.dpi_scale = dpi_scale;
  build_fonts(app, dpi_scale);
  apply_style(dpi_scale);
}

void app_frame(App& app) {
  ++app.frame_count;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("cardfit", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (!app.embed) draw_header(app);
  if (!app.catalog_errors.empty()) {
    draw_catalog_errors(app);
  }
  ImGui::End();
}

}  // namespace cardfit::ui
