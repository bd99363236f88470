// The application, shared by both front ends: one frame function, two drivers.
// native/gui_main.cpp and web/web_main.cpp own the window, GL context and ImGui backends;
// they call app_init once (ImGui context current, before the first NewFrame), app_frame
// between NewFrame and Render, and app_rescale when the monitor's DPI changes.
#pragma once

#include <string>
#include <vector>

#include "catalog.hpp"
#include "derived.hpp"
#include "result.hpp"
#include "ui_state.hpp"

namespace cardfit::ui {

struct AppOptions {
  float dpi_scale = 1.0f;  // monitor content scale (devicePixelRatio on the web)
  bool embed = false;      // ?embed=1: hide the app chrome (header, language switch)
  std::string lang;        // "zh" | "en" | "" (= the link's, else the saved setting, else zh)
  std::string state;       // a saved or shared scenario, "v=1&model=..." (core/url_state.hpp)
};

struct App {
  UiState state;                      // only what the user chose
  Catalog catalog;                    // bundled catalog (empty if it failed to load)
  std::vector<Issue> catalog_errors;  // shown instead of the UI when the catalog is bad
  std::vector<Issue> state_notice;    // why (part of) the link/saved state was not used
  std::string published_state;        // the query last given to platform::remember_state
  Derived derived;                    // what the core computed from `state`
  bool dirty = true;                  // state changed since `derived` was computed
  bool select_tab = false;            // state.tab was set in code: select it in the next frame
  float dpi_scale = 1.0f;
  bool embed = false;
  long long frame_count = 0;
};

void app_init(App& app, const AppOptions& options);
void app_frame(App& app);
void app_rescale(App& app, float dpi_scale);

}  // namespace cardfit::ui
