// The web driver: a WebGL2 canvas driven by requestAnimationFrame, with the browser's input
// read by web/library_cardfit.js (pointer, touch, wheel, keys, IME text, paste) and fed to
// ImGui one button or key change per frame (ImGui 1.86 reads input state once per frame, so a
// quick tap is a move, a press and a release in three frames). The canvas backing store is
// its CSS size x devicePixelRatio; fonts are rebuilt for the ratio. Under node (the Embind
// tests) there is no document: main() returns and only the bindings are used.
#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app.hpp"
#include "messages.hpp"
#include "vendor.hpp"
#include "web_input.hpp"
#include "web_js.hpp"
#include "web_state.hpp"

namespace {

using namespace cardfit::web;  // the input table: Event, Mods

struct Driver {
  cardfit::ui::App app;
  float dpr = 1.0f;
  int width = 0, height = 0;   // framebuffer pixels
  long long ticks = 0;         // requestAnimationFrame callbacks (frameCount)
  double last_activity = 0;    // seconds; frames are drawn while the user is active
  double last_frame = 0;       // seconds, when the last frame was drawn
  std::string clipboard;       // ImGui's clipboard: the last text pasted or copied
  ImVec2 ime{0, 0};            // where ImGui's text cursor is (the IME's candidate window goes there)
  bool first_frame_sent = false;
  bool gl_lost = false;        // the WebGL context is lost: no frame until it is restored
};

Driver* g_driver = nullptr;  // NOTE: the one global: Emscripten's main loop owns the driver.

const char* get_clipboard(void* user) { return static_cast<Driver*>(user)->clipboard.c_str(); }

void set_clipboard(void* user, const char* text) {
  static_cast<Driver*>(user)->clipboard = text;
  cardfit_js_copy(text);
}

void ime_position(int x, int y) {
  if (g_driver) g_driver->ime = ImVec2(static_cast<float>(x), static_cast<float>(y));
}

void set_mods(ImGuiIO& io, int mods) {
  io.KeyCtrl = (mods & kCtrl) != 0;
  io.KeyShift = (mods & kShift) != 0;
  io.KeyAlt = (mods & kAlt) != 0;
  io.KeySuper = (mods & kSuper) != 0;
}

// Applies queued browser events, at most one button or key change per frame. True when
// anything arrived (the frame is drawn).
bool pump_events(Driver& d) {
  ImGuiIO& io = ImGui::GetIO();
  bool any = false;
  bool changed_state = false;  // a button or key went down or up this frame
  int ints[4];
  float f[4];
  io.MouseWheel = 0;
  io.MouseWheelH = 0;
  while (true) {
    // NOTE: peeked by type first: a state change that must wait for the next frame stays queued.
    const int type = cardfit_js_next_event(ints, f);
    if (type == 0) break;
    any = true;
    const ImVec2 pos(f[0] * d.dpr, f[1] * d.dpr);
    switch (type) {
      case kMove: io.MousePos = pos; break;
      case kButton:
        io.MousePos = pos;
        if (ints[1] >= 0 && ints[1] < 5) io.MouseDown[ints[1]] = ints[2] != 0;
        set_mods(io, ints[3]);
        changed_state = true;
        break;
      case kWheel: {
        // Browser pixels to ImGui's wheel steps (5 lines of text each): a 100 px notch scrolls
        // 100 px, the way the page would; DOM deltas are positive downwards, ImGui's upwards.
        const float step = 5.0f * ImGui::GetFontSize();
        io.MousePos = pos;
        io.MouseWheelH -= f[2] * d.dpr / step;
        io.MouseWheel -= f[3] * d.dpr / step;
        break;
      }
      case kKey:
        set_mods(io, ints[3]);
        if (ints[1] >= 0 && ints[1] < 512) io.KeysDown[ints[1]] = ints[2] != 0;
        changed_state = true;
        break;
      case kText: io.AddInputCharactersUTF8(take_js_string(cardfit_js_event_text()).c_str()); break;
      case kClip: d.clipboard = take_js_string(cardfit_js_event_text()); break;
      case kPaste: cardfit::ui::app_paste(d.app, take_js_string(cardfit_js_event_text())); break;
      case kPopState: cardfit::ui::app_open_link(d.app, take_js_string(cardfit_js_event_text())); break;
      case kPointer: d.app.touch_input = ints[1] != 0; break;
      case kBlur:
        for (bool& k : io.KeysDown) k = false;
        for (bool& b : io.MouseDown) b = false;
        set_mods(io, 0);
        break;
      case kLeave: io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX); break;
      case kFrame: return true;
      default: break;
    }
    if (changed_state) break;  // the next change waits for the next frame
  }
  return any;
}

void rescale(Driver& d, float dpr) {
  d.dpr = dpr;
  cardfit::ui::app_rescale(d.app, dpr);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

void after_frame(Driver& d) {
  const ImGuiIO& io = ImGui::GetIO();
  const cardfit::ui::App& app = d.app;
  std::vector<float> rects;
  rects.reserve(app.text_fields.size() * 4);
  for (const cardfit::ui::Rect& r : app.text_fields) rects.insert(rects.end(), {r.x, r.y, r.w, r.h});
  cardfit_js_set_text_fields(rects.data(), static_cast<int>(app.text_fields.size()));
  const int cursor = ImGui::GetMouseCursor();
  cardfit_js_after_frame(io.WantTextInput ? 1 : 0, d.ime.x, d.ime.y, app.page_height,
                         ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId) ? 1 : 0,
                         cursor >= 0 && cursor < 9 ? cursor : 0, app.scroll_to);
}

void frame(void* arg) {
  Driver& d = *static_cast<Driver*>(arg);
  ++d.ticks;
  if (d.gl_lost) return;
  int w = 0, h = 0;
  float dpr = 1.0f, scroll = 0.0f;
  cardfit_js_fit_canvas(&w, &h, &dpr, &scroll);
  if (dpr > 0.0f && std::fabs(dpr - d.dpr) > 0.01f) rescale(d, dpr);
  const bool resized = w != d.width || h != d.height;
  d.width = w;
  d.height = h;
  const float scroll_px = scroll * d.dpr;
  const bool scrolled = scroll_px != d.app.scroll_y;
  d.app.scroll_y = scroll_px;
  ImGuiIO& io = ImGui::GetIO();
  const double now = emscripten_get_now() / 1000.0;
  const bool input = pump_events(d);
  if (input || resized || scrolled || d.app.dirty) d.last_activity = now;
  // Idle: nothing to draw (the canvas keeps its last image); a slow tick keeps the text
  // cursor blinking and late results (tooltips) coming.
  const bool active = now - d.last_activity < 0.75 || io.WantTextInput || d.app.frame_count < 3;
  if (!active && d.ticks % 20 != 0) return;
  if (w <= 0 || h <= 0) return;
  io.DeltaTime = d.last_frame > 0 && now > d.last_frame ? static_cast<float>(now - d.last_frame) : 1.0f / 60.0f;
  d.last_frame = now;
  io.DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  cardfit::ui::app_frame(d.app);
  ImGui::Render();
  glViewport(0, 0, w, h);
  glClearColor(0.96f, 0.97f, 0.98f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  cardfit_web_items_frame_done();
  after_frame(d);
  if (!d.first_frame_sent) {
    d.first_frame_sent = true;
    cardfit_js_mark("first-frame");
    cardfit_js_notify("first-frame", "");
  }
}

// ImGui's keys are indices into io.KeysDown: the browser side sends ImGuiKey_ values directly.
void map_keys(ImGuiIO& io) {
  for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;
}

// A lost WebGL context (GPU reset, WEBGL_lose_context): frames stop and the page shows its HTML
// view (index.html); restored, the renderer's objects are made again in the new context.
EM_BOOL context_lost(int, const void*, void* arg) {
  static_cast<Driver*>(arg)->gl_lost = true;
  cardfit_js_notify("context-lost", "");
  return EM_TRUE;  // preventDefault: the browser may restore it
}

EM_BOOL context_restored(int, const void*, void* arg) {
  Driver& d = *static_cast<Driver*>(arg);
  // The renderer anew: its objects and the buffer sizes it keeps belong to the lost context (the
  // browser warns once per object deleted; they are gone already).
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplOpenGL3_Init("#version 300 es");
  ImGui_ImplOpenGL3_CreateDeviceObjects();
  d.gl_lost = false;
  d.last_activity = emscripten_get_now() / 1000.0;
  d.app.dirty = true;
  cardfit_web_logo_lost();
  cardfit_js_notify("context-restored", "");
  return EM_TRUE;
}

// The second half of the start-up, once the browser has painted the first result as text:
// the WebGL2 context (slow on a software GPU), the renderer, the fonts with the browser-drawn
// glyphs, then the first frame and the main loop.
void start_canvas(void* arg) {
  Driver& driver = *static_cast<Driver*>(arg);
  EmscriptenWebGLContextAttributes attrs;
  emscripten_webgl_init_context_attributes(&attrs);
  attrs.majorVersion = 2;
  attrs.minorVersion = 0;
  attrs.alpha = EM_FALSE;
  attrs.antialias = EM_FALSE;
  attrs.depth = EM_FALSE;
  attrs.stencil = EM_FALSE;
  const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl = emscripten_webgl_create_context("#canvas", &attrs);
  if (gl <= 0) {
    cardfit_js_notify("fatal", "WebGL2 context could not be created");
    return;
  }
  emscripten_webgl_make_context_current(gl);
  cardfit_js_mark("webgl");  // the context (SwiftShader makes it slowly without a GPU)
  ImGui_ImplOpenGL3_Init("#version 300 es");
  cardfit_js_mark("imgui");
  cardfit::ui::app_rescale(driver.app, driver.dpr);
  cardfit_js_mark("glyphs");  // the font atlas for this devicePixelRatio, the Chinese glyphs drawn by the browser
  ImGui_ImplOpenGL3_CreateDeviceObjects();
  cardfit_js_mark("fonts");  // the atlas uploaded
  emscripten_set_webglcontextlost_callback("#canvas", &driver, EM_FALSE, context_lost);
  emscripten_set_webglcontextrestored_callback("#canvas", &driver, EM_FALSE, context_restored);
  frame(&driver);            // the first frame now, not one animation frame later
  emscripten_set_main_loop_arg(frame, &driver, 0, false);
}

// After the next paint: a task queued from an animation frame runs once that frame is drawn,
// and once the page's UI code (cardfit.deferred.wasm, split off by tools/split_wasm.mjs) is compiled.
EM_BOOL after_paint(double, void* arg) {
  cardfit_js_mark("result-frame");  // the animation frame whose paint shows the result
  cardfit_js_when_ui_code(start_canvas, arg);
  return EM_FALSE;
}

}  // namespace

long long cardfit_web_frame_count() { return g_driver ? g_driver->ticks : 0; }
const cardfit::ui::App* cardfit_web_app() { return g_driver ? &g_driver->app : nullptr; }
cardfit::ui::App* cardfit_web_app_mut() { return g_driver ? &g_driver->app : nullptr; }
void cardfit_web_wake() {
  if (g_driver) g_driver->last_activity = emscripten_get_now() / 1000.0;
}
std::string cardfit_web_state_query() { return g_driver ? g_driver->app.published_state : std::string(); }

// The first half: the catalog, the link, the first estimate and plan, and the result as text
// in the loading skeleton; no GL yet.
int main() {
  if (!cardfit_js_in_browser()) return 0;
  cardfit_js_mark("wasm");  // fetched, compiled, instantiated, runtime started
  static Driver driver;
  g_driver = &driver;
  const bool mac = cardfit_js_init(input_table_json().c_str()) != 0;
  int w = 0, h = 0;
  float dpr = 1.0f, scroll = 0.0f;
  cardfit_js_fit_canvas(&w, &h, &dpr, &scroll);
  driver.dpr = dpr > 0.0f ? dpr : 1.0f;

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.BackendPlatformName = "cardfit_web";
  io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
  io.ConfigMacOSXBehaviors = mac;
  io.GetClipboardTextFn = get_clipboard;
  io.SetClipboardTextFn = set_clipboard;
  io.ClipboardUserData = &driver;
  io.ImeSetInputScreenPosFn = ime_position;
  map_keys(io);

  cardfit::ui::AppOptions options;
  options.dpi_scale = driver.dpr;
  options.embed = take_js_string(cardfit_js_query_param("embed")) == "1";
  options.page_scroll = true;
  options.lang = take_js_string(cardfit_js_query_param("lang"));
  options.accent = take_js_string(cardfit_js_query_param("accent"));  // a vendor's "#RRGGBB
  // A vendor kit's defaults (make vendor-kit): checked as `cardfit card --vendor` checks
  // vendor.json; a query parameter still wins. A block that does not check is ignored whole,
  // and the page says so with the link's notices, each problem naming its field.
  const std::string vendor_text = take_js_string(cardfit_js_page_data("cardfit-vendor"));
  std::vector<cardfit::Issue> vendor_problems;
  if (!vendor_text.empty()) {
    cardfit::Result<cardfit::Vendor> vendor = cardfit::parse_vendor(vendor_text, "cardfit-vendor");
    if (vendor.ok()) {
      if (options.accent.empty()) options.accent = vendor.value->accent;
      options.vendor = vendor.value->name;
      options.vendor_page = vendor.value->page_url;
      options.platform_first = vendor.value->platform;
    } else {
      vendor_problems.push_back({"cardfit-vendor", cardfit::msg::web_vendor_not_used()});
      for (cardfit::Issue& i : vendor.errors) vendor_problems.push_back(std::move(i));
    }
  }
  options.state = take_js_string(cardfit_js_location_query());  // no length limit but the browser's
  cardfit::ui::app_init(driver.app, options);
  std::vector<cardfit::Issue>& notices = driver.app.state_notice;  // before an overlay's (bindings.cpp overlay_to)
  notices.insert(notices.end(), vendor_problems.begin(), vendor_problems.end());
  cardfit_web_overlay_to_app(driver.app);
  cardfit_js_mark("catalog");  // the catalog (its binary snapshot) and the link
  cardfit::ui::app_compute(driver.app);
  cardfit_js_mark("estimate");
  cardfit_web_publish_preview(driver.app);
  cardfit_js_mark("result");  // the result as text in the skeleton (shown at the next paint)
  emscripten_request_animation_frame(after_paint, &driver);
  return 0;
}
