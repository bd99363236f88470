// The application, shared by both front ends: one frame function, two drivers.
// native/gui_main.cpp and web/web_main.cpp own the window, GL context and ImGui backends;
// they call app_init once (ImGui context current, before the first NewFrame), app_rescale
// before the first frame and when the monitor's DPI changes, and app_frame between NewFrame
// and Render.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "card.hpp"
#include "catalog.hpp"
#include "derived.hpp"
#include "result.hpp"
#include "this_machine.hpp"
#include "ui_state.hpp"
#include "user_file.hpp"

namespace cardfit::ui {

struct AppOptions {
  float dpi_scale = 1.0f;    // monitor content scale (devicePixelRatio on the web)
  bool embed = false;        // ?embed=1: hide the app chrome (header, language switch)
  bool page_scroll = false;  // narrow layouts scroll the host page (the web), not an ImGui window
  std::string lang;          // "zh" | "en" | "" (= the link's, else the saved setting, else zh)
  std::string state;         // a saved or shared scenario, "v=2&m=..." (core/io/url_state.hpp)
  std::string accent;        // "#RRGGBB": the embedding vendor's colour for ImGui's blue ("" or bad = blue)
  std::string vendor;        // a vendor kit's name (core/io/vendor.hpp): in the header and on the card; "" = none
  std::string vendor_page;   // the vendor's page_url: the card's link and QR code open it; "" = this page's address
  std::string platform_first;  // a vendor kit's platform id, listed first when the link names no platform
  DetectedHardware hardware;  // what the native driver read from OpenGL at start-up; empty = nothing read
  bool first_start = false;   // the desktop app: no scenario saved and none given (--state): a GPU found
                              // for certain goes into the scenario at 1 card (gpu_at_first_start)
};

// The GPU choice this machine's GPU replaced (at the first start or on "use"), for the way back.
struct GpuChoice {
  std::string gpu;  // Scenario::gpu; "" = the plan's pick
  int cards = 0;
};

// A rectangle on screen, in framebuffer pixels.
struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

// A link's GPU or platform input that was not used only because the catalog in use lacked one of
// its ids: read again when a catalog (an overlay) brings them (app_catalog_changed).
struct WaitingInput {
  std::string key, value;     // the pair as the link has it ("pf", "example-cloud")
  std::vector<Issue> notices;  // what state_notice says about it (removed once it is read)
};

struct App {
  UiState state;                      // only what the user chose
  Catalog catalog;                    // bundled catalog (empty if it failed to load)
  std::vector<Issue> catalog_errors;  // shown instead of the UI when the catalog is bad
  std::vector<Issue> state_notice;    // why (part of) the link/saved state was not used
  std::string published_state;        // the query last given to platform::remember_state
  Derived derived;                    // what the core computed from `state`
  GpuMatch machine;                   // this machine's GPU (AppOptions::hardware matched); Nothing = not read
  bool machine_asked = false;         // the page: "Detect my GPU" was clicked (machine holds its answer)
  std::optional<GpuChoice> machine_before;  // what taking this machine's GPU replaced: "back" restores it
  bool show_machine = false;          // scroll "What this card can do" into view once (first start, GPU taken)
  bool dirty = true;                  // state changed since `derived` was computed
  bool discrete = false;              // the change was a choice (not typing): a new history entry
  bool select_tab = false;            // state.tab was set in code: select it in the next frame
  bool published = false;             // platform::publish_result saw the current result
  float dpi_scale = 1.0f;
  std::string accent;                 // AppOptions::accent
  std::string vendor;                 // AppOptions::vendor
  std::string vendor_page;            // AppOptions::vendor_page
  CardLogoKind vendor_logo_kind = CardLogoKind::None;  // the kit's logo on the card: set by the page once
  std::string vendor_logo;                             // the browser drew its bytes (platform::vendor_logo)
  std::string vendor_platform;        // AppOptions::platform_first until the catalog in use has it ("" = done)
  std::vector<WaitingInput> link_waiting;  // the link's GPU/platform inputs whose ids the catalog lacked
  bool embed = false;
  bool page_scroll = false;
  long long frame_count = 0;
  std::vector<Message> files_loaded;  // what the last files dropped or picked loaded (core/io/user_file.hpp)
  std::vector<Issue> file_errors;     // why some of them were not loaded (the state before stays)
  std::string flash;                  // a short confirmation ("link copied"), shown for a moment
  double flash_until = 0;             // ImGui time when `flash` disappears

  // Per frame, between the driver and the layout (framebuffer pixels).
  float scroll_y = 0;                 // in: how far the host page is scrolled (page_scroll layouts)
  float page_height = 0;              // out: the height the host page must scroll over; 0 = fixed
  float scroll_to = -1;               // out: scroll the host page there (e.g. to the inputs); -1 = stay
  bool narrow = false;                // out: the one-column phone layout is drawn
  float inputs_y = 0;                 // where the inputs start in the one-column layout (window y)
  std::vector<Rect> text_fields;      // out: text boxes drawn (a tap there opens the keyboard)
  std::vector<std::pair<std::string, Rect>> labelled;  // out: lists, boxes, sliders by their row label
  float label_width = 0;              // widest row label seen last frame (the label column)
  float label_width_next = 0;
  std::string combo_filter;           // what was typed into the open list's search box
  bool touch_input = false;           // in: the last pointer was a finger (no keyboard pops up unasked)
};

// The catalog, the link or saved state and the language; the fonts come with app_rescale
// (the web page shows its first result as text before it builds them).
void app_init(App& app, const AppOptions& options);

// A vendor kit's platform listed first, once the catalog in use has it (the vendor's own platform
// may come with its overlay, applied after app_init) and unless the link chose platforms.
void app_apply_vendor_platform(App& app);
// The catalog in use changed (an overlay was laid over it: the page's ?overlay= or vendor kit,
// a file dropped or picked): the link's inputs that waited for an id it now has are read again
// (each unless the reader chose that input since; its notice goes), then the vendor's platform.
void app_catalog_changed(App& app);
void app_frame(App& app);
// The estimate and plan of the current state, when it changed (app_frame calls it first; the
// web driver calls it once before the first frame to time it on its own).
void app_compute(App& app);
void app_rescale(App& app, float dpi_scale);

// The header's texts as the app draws them, in order (title, version and tagline empty in an
// embed): what the web page's loading skeleton shows before the canvas comes.
struct HeaderTexts {
  std::string title, version, tagline;
  std::string vendor;  // a vendor kit's name after the title (also in an embed); "" = none
  std::vector<std::string> buttons;
};
HeaderTexts header_texts(const App& app);

// A link opened while the app runs (the browser's back button): its scenario replaces the
// current one, bad keys dropped with a notice.
void app_open_link(App& app, const std::string& query);

// Text pasted while no text box has the focus: a Hugging Face config.json is imported as the
// custom model; anything else is ignored.
void app_paste(App& app, const std::string& text);

// Files dropped on the window or picked on the page, in order: each a model config.json (the
// custom model) or a catalog overlay (laid over the catalog in use), told apart by content.
// `text` nullopt: the front end could not read the file. What loaded and what did not (in
// the reader's language) replaces App::files_loaded / file_errors; a file that fails changes
// nothing. Needs no ImGui context.
struct UserFile {
  std::string name;                 // shown in messages (a path natively, the file's name on the web)
  std::optional<std::string> text;  // its bytes; nullopt = unreadable
  bool too_big = false;             // over kMaxFileBytes (limits.hpp): not read, said so
};
struct FileOutcome {
  FileKind kind = FileKind::Unknown;
  bool ok = false;
};
std::vector<FileOutcome> app_open_files(App& app, const std::vector<UserFile>& files);

}  // namespace cardfit::ui
