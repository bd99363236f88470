// Services that differ between the desktop app and the web page. One small interface;
// CMake links native/platform_native.cpp or web/platform_web.cpp. No #ifdef in ui/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "card.hpp"
#include "message.hpp"
#include "this_machine.hpp"

namespace cardfit::ui {
struct App;
}

namespace cardfit::ui::platform {

// Persistent settings (a file next to the user's config natively, localStorage on the web).
std::string load_setting(const std::string& key);  // "" if unset
void save_setting(const std::string& key, const std::string& value);

// The scenario as a query string ("v=2&m=..."), written whenever it changes: the web
// page puts it in its URL so links can be shared; the desktop app keeps it in its settings so
// it reopens where the user left off. `discrete`: a choice (a new history entry: the back
// button returns to the scenario before it), not typing (the entry is replaced).
void remember_state(const std::string& query, bool discrete);

// The reader chose a language: remembered, and on the web the page's <html lang> and its
// link's `lang` follow (so a reload keeps the choice over the link's original language).
void remember_lang(const std::string& lang);

// The system clipboard (the browser's on the web). request_paste: its text, when it can be
// read, reaches app_paste (at once natively; after the browser's permission on the web).
void copy_text(const std::string& text);
// An HTML table for an article editor (WeChat's, Zhihu's keep its inline styles): on the web as
// text/html with `text` as text/plain where the browser allows it (ClipboardItem, else a copy
// event's clipboardData), natively the HTML source as text (GLFW's clipboard holds text only).
void copy_html(const std::string& html, const std::string& text);
void request_paste(App& app);

// A file saved without a dialog (the options table as CSV or Markdown): the browser downloads
// it; the desktop app writes it to the user's Downloads folder (XDG_DOWNLOAD_DIR, else
// ~/Downloads), else the current folder, as STEM-YYYYMMDD-HHMMSS.EXT, never over an existing
// file. What to show: "Saved PATH" or why not natively; empty on the web (the browser shows it).
Message save_file(const std::string& stem, const std::string& extension, const std::string& mime,
                  const std::string& text);

// The shareable link of the current scenario ("" where there is none: the desktop app).
std::string share_link(const std::string& query);

// Whether a text version of the result exists beside the canvas (the web page's DOM mirror),
// and showing / hiding it.
bool has_text_view();
void toggle_text_view();

// The current result changed (or its language did): the web page renders it as accessible
// HTML (pick, memory, options table, warnings, sources). Nothing to do natively.
void publish_result(const App& app);

// The result card (core/io/card.hpp's layout) as an image. The page rasterises its SVG with the
// browser's fonts and downloads the PNG, or copies it to the clipboard where the browser allows
// (can_copy_card); the desktop app draws the PNG with its embedded fonts into the Downloads
// folder, never over a file. What to show: "Saved PATH" or why not natively; on the web what
// was asked of the browser.
enum class CardAction { Save, Copy };
bool can_copy_card();
Message deliver_card(const Card& card, CardAction action);

// "Detect my GPU", the page only: this browser's GPU as WebGL names it (the unmasked renderer and
// vendor where the browser gives them), read when the user asks and never before. The desktop app
// reads its own at start-up (AppOptions::hardware): can_detect_gpu is false there.
bool can_detect_gpu();
DetectedHardware detect_gpu();

// Today's local date, YYYY-MM-DD (the core has no clock): the planner flags prices older
// than the catalog's stale_price_months against it.
std::string today();

// The glyphs no embedded font holds, drawn with the system's own fonts (the web page's Chinese
// text, drawn by the browser, which also holds their list and sizes their cells: web/glyphs_pre.js).
struct SystemGlyphs {
  std::string chars;                 // UTF-8, n characters of the BMP, ascending, in the order drawn
  int cell_w = 0, cell_h = 0;        // px, each glyph's cell
  int baseline = 0;                  // px below the cell's top
  std::vector<unsigned char> alpha;  // 8-bit coverage, cell after cell (n * cell_w * cell_h)
  std::vector<float> advances;       // px, one a glyph
};
// Those glyphs at `em_px` pixels per em into `out`. False when none were drawn (the desktop app,
// whose fonts hold every glyph).
bool draw_glyphs(float em_px, SystemGlyphs& out);

// A vendor kit's logo for the header (docs/embed.md): a texture the renderer draws (ImGui::Image)
// and its size in pixels. The page's is the kit's logo file decoded by the browser and uploaded to
// its GL context (asked for at the first call, so texture stays 0 until it is there, and for good
// when the browser could not draw it: the page then says so); the desktop app has no vendor mode.
struct LogoTexture {
  std::uintptr_t texture = 0;  // GL texture name; 0 = none
  int width = 0, height = 0;   // px
};
LogoTexture vendor_logo();

// Opens an https:// address in the system browser (a new tab on the web); others are ignored.
void open_url(const std::string& url);

}  // namespace cardfit::ui::platform
