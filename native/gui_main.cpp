// `cardfit-gui`: the desktop driver. Owns the GLFW window, the OpenGL 3 context and the
// ImGui backends; draws ui::app_frame. Sleeps in glfwWaitEvents when idle.
// --frames N --screenshot FILE render N frames, save the framebuffer as PNG and exit
// (used by the Xvfb smoke test and for the README screenshot).
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "app.hpp"
#include "cardfit_version.hpp"
#include "native_drop.hpp"
#include "native_settings.hpp"
#include "os.hpp"
#include "platform.hpp"

#if CARDFIT_HAVE_STB_WRITE
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#endif

namespace {

// This machine's GPU as OpenGL names it, read once the context is current, with the dedicated
// memory where the driver has GL_NVX_gpu_memory_info (NVIDIA; Mesa's radeonsi too), else the
// memory free where it has GL_ATI_meminfo (AMD: free, not total, so only a lower bound), the CPU's
// name and the system memory. The match is the core's, in ui/. $CARDFIT_GL_RENDERER replaces
// GL_RENDERER and drops what the driver said of vendor and memory (tests: the first start with a
// GPU found, under Xvfb's software renderer).
cardfit::DetectedHardware read_gl_hardware() {
  cardfit::DetectedHardware hw;
  auto text = [](GLenum name) {
    const GLubyte* s = glGetString(name);
    return s != nullptr ? std::string(reinterpret_cast<const char*>(s)) : std::string();
  };
  hw.gl_renderer = text(GL_RENDERER);
  hw.gl_vendor = text(GL_VENDOR);
  if (glfwExtensionSupported("GL_NVX_gpu_memory_info") == GLFW_TRUE) {
    constexpr GLenum kDedicatedVidmemNvx = 0x9047;  // GL_GPU_MEMORY_INFO_DEDICATED_VIDMEM_NVX, in KiB
    GLint kib = 0;
    glGetIntegerv(kDedicatedVidmemNvx, &kib);
    if (glGetError() == GL_NO_ERROR && kib > 0) hw.memory_mib = kib / 1024;
  }
  if (hw.memory_mib == 0 && glfwExtensionSupported("GL_ATI_meminfo") == GLFW_TRUE) {
    // param[0] is the total memory free in the texture pool, in KiB (then the largest free block
    // and the auxiliary pool's): what is free now, never the card's size.
    constexpr GLenum kTextureFreeMemoryAti = 0x87FC;  // GL_TEXTURE_FREE_MEMORY_ATI
    GLint kib[4] = {0, 0, 0, 0};
    glGetIntegerv(kTextureFreeMemoryAti, kib);
    if (glGetError() == GL_NO_ERROR && kib[0] > 0) hw.free_mib = kib[0] / 1024;
  }
  if (const char* pretend = std::getenv("CARDFIT_GL_RENDERER"); pretend != nullptr && *pretend != '\0') {
    hw.gl_renderer = std::string(pretend).substr(0, 256);
    hw.gl_vendor.clear();
    hw.memory_mib = 0;
    hw.free_mib = 0;
  }
  for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; ++i) {  // leave no error for ImGui's backend
  }
  // Apple silicon and Strix Halo: the chip the CPU's name names, its size told by the system memory.
  hw.cpu_name = cardfit::native::os::cpu_name();
  hw.ram_mib = cardfit::native::os::system_memory_bytes() / (1024 * 1024);
  return hw;
}


struct Driver {
  cardfit::ui::App app;
  float dpi_scale = 1.0f;
  std::vector<std::string> dropped;     // paths dropped since the last frame
  std::vector<std::string> overlays;    // overlays to reopen next time (the "overlays" setting)
  bool remember = true;                 // false for --fresh and --frames: the saved settings stay as they are
};

float content_scale(GLFWwindow* window) {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window, &x, &y);
  return x > 0.0f ? x : 1.0f;
}

bool save_screenshot(GLFWwindow* window, const std::string& path) {
#if CARDFIT_HAVE_STB_WRITE
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  if (w <= 0 || h <= 0) return false;
  const auto row = static_cast<size_t>(w) * 3;
  std::vector<unsigned char> pixels(row * static_cast<size_t>(h));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  return stbi_write_png(path.c_str(), w, h, 3, pixels.data(), static_cast<int>(row)) != 0;
#else
  (void)window;
  std::fprintf(stderr, "cardfit-gui: built without stb_image_write; cannot save %s\n", path.c_str());
  return false;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"cardfit-gui: the cardfit desktop app"};
  int frames = 0;
  std::string screenshot, lang, state;
  bool fresh = false;
  int width = 1280, height = 800;
  cli.add_option("--frames", frames, "Render this many frames, then exit (0 = run until closed)")->check(CLI::NonNegativeNumber);
  cli.add_option("--screenshot", screenshot, "With --frames: save the last frame as PNG");
  cli.add_option("--lang", lang, "Interface language")->check(CLI::IsMember({"zh", "en"}));
  cli.add_option("--state", state, "Scenario as in the web page's link, e.g. 'v=2&m=qwen2.5-14b&p=int4' (v=1 links are read too)");
  std::string tab;
  cli.add_option("--tab", tab, "Open on this tab (for screenshots)")->check(CLI::IsMember({"plan", "charts", "gpus", "explain", "sources"}));
  cli.add_flag("--fresh", fresh, "Start from the defaults instead of the last saved scenario");
  auto* width_opt = cli.add_option("--width", width, "Window width in screen coordinates (default: as last closed)")->check(CLI::Range(320, 7680));
  auto* height_opt = cli.add_option("--height", height, "Window height in screen coordinates (default: as last closed)")->check(CLI::Range(240, 4320));
  cli.set_version_flag("--version", std::string("cardfit-gui ") + cardfit::kVersion);
  // UTF-8 arguments on Windows too (a --screenshot path or --state with Chinese text; os.hpp).
  std::vector<std::string> args = cardfit::native::os::arguments(argc, argv);
  std::vector<char*> arg_ptrs;
  for (auto& a : args) arg_ptrs.push_back(a.data());
  arg_ptrs.push_back(nullptr);
  CLI11_PARSE(cli, static_cast<int>(args.size()), arg_ptrs.data());
  // Screenshots and smoke tests must not depend on what a previous session saved, nor change it.
  const bool remember = !fresh && frames == 0;
  if (remember && width_opt->count() == 0 && height_opt->count() == 0) {
    cardfit::native::window_size_from_setting(cardfit::ui::platform::load_setting("window"), width, height);
  }

  glfwSetErrorCallback([](int code, const char* text) { std::fprintf(stderr, "GLFW error %d: %s\n", code, text); });
  if (!glfwInit()) {
    std::fprintf(stderr, "cardfit-gui: cannot initialise GLFW (is a display available?)\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);  // required on macOS
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(width, height, "cardfit", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "cardfit-gui: cannot create an OpenGL 3.3 window\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // layout is fixed; settings go through ui::platform
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 150");

  Driver driver;
  driver.dpi_scale = content_scale(window);
  cardfit::ui::AppOptions options;
  options.dpi_scale = driver.dpi_scale;
  options.lang = lang;
  options.hardware = read_gl_hardware();
  // Screenshots and smoke tests must not depend on what a previous session saved.
  options.state = !state.empty() || fresh || frames > 0 ? state : cardfit::ui::platform::load_setting("state");
  // The first start: no scenario given (--state) and none saved (or, with --fresh or --frames, none
  // read): a GPU found for certain is taken at 1 card (ui::app_init); later starts keep the saved one.
  options.first_start = options.state.empty();
  cardfit::ui::app_init(driver.app, options);
  cardfit::ui::app_rescale(driver.app, options.dpi_scale);
  if (!tab.empty()) {
    using cardfit::ui::Tab;
    const std::pair<const char*, Tab> tabs[] = {
        {"plan", Tab::Plan}, {"charts", Tab::Charts}, {"gpus", Tab::Gpus}, {"explain", Tab::Explain}, {"sources", Tab::Sources}};
    for (const auto& [name, t] : tabs) {
      if (tab == name) driver.app.state.tab = t;
    }
    driver.app.select_tab = true;
  }
  driver.remember = remember;
  // A settings file that could not be read was set aside; the app starts with defaults and says so.
  if (const auto& problem = cardfit::native::app_settings().problem(); problem) {
    driver.app.files_loaded.insert(driver.app.files_loaded.begin(), *problem);
  }
  if (remember) {  // the overlays loaded in earlier sessions; any gone or now invalid is said and forgotten
    driver.overlays = cardfit::native::reopen_overlays(
        driver.app, cardfit::native::overlays_from_setting(cardfit::ui::platform::load_setting("overlays")));
    cardfit::ui::platform::save_setting("overlays", cardfit::native::overlays_setting(driver.overlays));
  }
  glfwSetWindowUserPointer(window, &driver);
  // Files dropped on the window: opened between frames (the callback only collects the paths).
  glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
    auto* d = static_cast<Driver*>(glfwGetWindowUserPointer(w));
    for (int i = 0; i < count; ++i) d->dropped.emplace_back(paths[i]);
  });
  glfwSetWindowContentScaleCallback(window, [](GLFWwindow* w, float x, float) {
    auto* d = static_cast<Driver*>(glfwGetWindowUserPointer(w));
    if (x > 0.0f && x != d->dpi_scale) {
      d->dpi_scale = x;
      cardfit::ui::app_rescale(d->app, x);
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
    }
  });

  int exit_code = 0;
  int rendered = 0;
  int busy_frames = 3;  // after any event, draw a few frames so ImGui settles, then sleep
  while (!glfwWindowShouldClose(window)) {
    if (frames > 0 || busy_frames > 0) {
      glfwPollEvents();
      --busy_frames;
    } else {
      glfwWaitEvents();
      busy_frames = 3;
    }
    if (!driver.dropped.empty()) {
      const std::vector<std::string> paths = std::move(driver.dropped);
      driver.dropped.clear();
      const auto outcomes = cardfit::native::open_paths(driver.app, paths);
      driver.overlays = cardfit::native::remember_overlays(driver.overlays, paths, outcomes);
      if (driver.remember) {
        cardfit::ui::platform::save_setting("overlays", cardfit::native::overlays_setting(driver.overlays));
      }
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    cardfit::ui::app_frame(driver.app);
    ImGui::Render();
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.94f, 0.95f, 0.97f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ++rendered;
    if (frames > 0 && rendered >= frames) {
      const bool ok = screenshot.empty() || save_screenshot(window, screenshot);
      if (!screenshot.empty()) std::printf("%s %s\n", ok ? "saved" : "FAILED to save", screenshot.c_str());
      exit_code = ok ? 0 : 1;
      break;
    }
    glfwSwapBuffers(window);
  }
  if (driver.remember) {
    int w = 0, h = 0;
    glfwGetWindowSize(window, &w, &h);
#if !defined(__APPLE__)
    // GLFW_SCALE_TO_MONITOR scales the size asked for by the content scale: saved unscaled.
    w = static_cast<int>(static_cast<float>(w) / driver.dpi_scale + 0.5f);
    h = static_cast<int>(static_cast<float>(h) / driver.dpi_scale + 0.5f);
#endif
    if (w > 0 && h > 0 && !glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
      cardfit::ui::platform::save_setting("window", cardfit::native::window_size_setting(w, h));
    }
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}
