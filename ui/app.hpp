// The application, shared by both front ends: one frame function, two drivers.
// native/gui_main.cpp and web/web_main.cpp own the window, GL context and ImGui backends;
// they call app_init once (ImGui context current, before the first NewFrame), app_frame
// between NewFrame and Render, and app_rescale when the monitor's DPI changes.
#pragma once

#include <string>
#include <vector>

#include "catalog.hpp"
#include "result.hpp"
#include "strings.hpp"
#include "ui_state.hpp"

namespace cardfit::ui {

struct AppOptions {
  float dpi_scale = 1.0f;  // monitor content scale (devicePixelRatio on the web)
  bool embed = false;      // ?embed=1: hide the app chrome (header, language switch)
  std::string lang;        // "zh" | "en" | "" (= saved setting, else zh)
};

struct App {
  UiState state;                      // only what the user chose
  Catalog catalog;                    // bundled catalog (empty if it failed to load)
  std::vector<Issue> catalog_errors;  // shown instead of the UI when the catalog is bad
  Strings strings;
  float dpi_scale = 1.0f;
  bool embed = false;
  long long frame_count = 0;
};

void app_init(App& app, const AppOptions& options);
void app_frame(App& app);
void app_rescale(App& app, float dpi_scale);

}  // namespace cardfit::ui
