// The web driver: Emscripten's GLFW on a WebGL2 canvas, one ui::app_frame per
// requestAnimationFrame. The canvas follows its CSS size times devicePixelRatio, so the
// page fills the window and stays sharp on high-DPI screens. Under node (the Embind
// tests) there is no document: main() returns and only the bindings are used.
#include <GLFW/glfw3.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "app.hpp"
#include "web_js.hpp"
#include "web_state.hpp"

namespace {

struct Driver {
  GLFWwindow* window = nullptr;
  cardfit::ui::App app;
  float dpi_scale = 1.0f;
};

Driver* g_driver = nullptr;  // NOTE: the one global: Emscripten's main loop owns the driver.

std::string query_param(const char* name) {
  char buf[64] = {0};
  cardfit_js_query_param(name, buf, static_cast<int>(sizeof buf));
  return buf;
}

void fit_canvas(Driver& d) {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  const auto dpr = static_cast<float>(emscripten_get_device_pixel_ratio());
  const int w = static_cast<int>(std::lround(css_w * dpr));
  const int h = static_cast<int>(std::lround(css_h * dpr));
  int cur_w = 0, cur_h = 0;
  glfwGetWindowSize(d.window, &cur_w, &cur_h);
  if (w > 0 && h > 0 && (w != cur_w || h != cur_h)) glfwSetWindowSize(d.window, w, h);
  if (dpr > 0.0f && std::fabs(dpr - d.dpi_scale) > 0.01f) {
    d.dpi_scale = dpr;
    cardfit::ui::app_rescale(d.app, dpr);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
}

void frame(void* arg) {
  auto& d = *static_cast<Driver*>(arg);
  fit_canvas(d);
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  cardfit::ui::app_frame(d.app);
  ImGui::Render();
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(d.window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(0.94f, 0.95f, 0.97f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (d.app.frame_count == 1) cardfit_js_notify("first-frame", "");
}

}  // namespace

long long cardfit_web_frame_count() { return g_driver ? g_driver->app.frame_count : 0; }
std::string cardfit_web_state_query() { return g_driver ? g_driver->app.published_state : std::string(); }

int main() {
  if (!cardfit_js_in_browser()) return 0;
  if (!glfwInit()) {
    cardfit_js_notify("fatal", "GLFW init failed");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  static Driver driver;
  g_driver = &driver;
  driver.dpi_scale = static_cast<float>(emscripten_get_device_pixel_ratio());
  driver.window = glfwCreateWindow(1280, 800, "cardfit", nullptr, nullptr);
  if (!driver.window) {
    cardfit_js_notify("fatal", "WebGL2 context could not be created");
    return 1;
  }
  glfwMakeContextCurrent(driver.window);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplGlfw_InitForOpenGL(driver.window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  cardfit::ui::AppOptions options;
  options.dpi_scale = driver.dpi_scale;
  options.embed = query_param("embed") == "1";
  options.lang = query_param("lang");
  char query[2048] = {0};
  cardfit_js_location_query(query, static_cast<int>(sizeof query));
  options.state = query;
  cardfit::ui::app_init(driver.app, options);
  fit_canvas(driver);
  emscripten_set_main_loop_arg(frame, &driver, 0, false);
  return 0;
}
