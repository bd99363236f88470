// C declarations of the functions in web/library_cardfit.js (the browser side of the page).
// Strings returned as char* are malloc'd by JavaScript: take them with take_js_string().
#pragma once

#include <cstdlib>
#include <string>

extern "C" {
int cardfit_js_in_browser();
// Listeners, the hidden text box, the DOM mirror; `input_table`: web_input.hpp's table as JSON.
// 1 on a Mac (Cmd shortcuts).
int cardfit_js_init(const char* input_table);
void cardfit_js_notify(const char* what, const char* detail);
// performance.mark("cardfit:" + stage): start-up stages, read by bench/web/bench_web.mjs.
void cardfit_js_mark(const char* stage);
// Calls fn(arg) from a new task once the UI's code is there: at once in one module, after
// cardfit.deferred.wasm is compiled in a split one (web/split_pre.js, docs/web.md).
void cardfit_js_when_ui_code(void (*fn)(void*), void* arg);

// Sizes the canvas backing store to its CSS size x devicePixelRatio; reports both and how far
// the page is scrolled (CSS px).
void cardfit_js_fit_canvas(int* width, int* height, float* dpr, float* scroll_y);

// The input queue: one event per call into ints {type, a, b, mods} and floats {x, y, dx, dy}
// (CSS px); 0 when empty. Text of TEXT / PASTE / CLIP / POPSTATE events: cardfit_js_event_text.
int cardfit_js_next_event(int* ints, float* floats);
char* cardfit_js_event_text();

// After each frame: what the page must follow (framebuffer px, except the cursor name id).
void cardfit_js_after_frame(int want_text, float ime_x, float ime_y, float page_height, int popup_open,
                            int cursor, float scroll_to);
void cardfit_js_set_text_fields(const float* xywh, int count);

void cardfit_js_copy(const char* text);
void cardfit_js_copy_html(const char* html, const char* text);  // text/html + text/plain (platform.hpp copy_html)
// Downloads `text` as STEM-YYYYMMDD-HHMMSS.EXT (a Blob and an <a download>; the browser's local time).
void cardfit_js_download(const char* stem, const char* extension, const char* mime, const char* text);
void cardfit_js_request_paste();
void cardfit_js_open_url(const char* url);

char* cardfit_js_query_param(const char* name);
// The text of the page's <script type="application/json" id=ID> data block ("" when none): a vendor
// kit's defaults (make vendor-kit, docs/embed.md).
char* cardfit_js_page_data(const char* id);
char* cardfit_js_location_query();
char* cardfit_js_share_link(const char* query);
void cardfit_js_set_state(const char* query, int push);
void cardfit_js_set_lang(const char* lang);
char* cardfit_js_load_setting(const char* key);
void cardfit_js_save_setting(const char* key, const char* value);

void cardfit_js_mirror(const char* json);
void cardfit_js_preview(const char* json);  // the headline in the loading skeleton (CF.preview)
void cardfit_js_toggle_text_view();
void cardfit_js_today(char* buf, int size);
// The result card: its SVG drawn into a canvas of width x height with the browser's fonts, then
// downloaded as a PNG (copy 0) or put on the clipboard as image/png (copy 1; a download when the
// browser refuses). 1 when the browser has ClipboardItem and navigator.clipboard.write.
void cardfit_js_card(const char* svg, int width, int height, int copy);
int cardfit_js_can_copy_image();
// A vendor kit's logo file (`svg` 1: an SVG, else a PNG) decoded by the browser, scaled to at
// most 128 px a side and uploaded to the current GL context as an RGBA texture; later the module's
// _logoDecoded(texture, width, height, problem) says which (texture 0 and why, when it did not draw).
void cardfit_js_logo(const char* bytes, int size, int svg);
// "RENDERER\nVENDOR" of a WebGL context made for the question (WEBGL_debug_renderer_info's
// unmasked strings where the browser gives them); "" when there is no WebGL.
char* cardfit_js_gpu_strings();
// The glyphs the browser draws (ui/platform.hpp draw_glyphs, web/glyphs_pre.js): their characters
// (UTF-8, malloc'd) and their cell at `em_px` into geometry[0..2] (width, height, baseline, px).
char* cardfit_js_system_glyphs(float em_px, int* geometry);
// Those glyphs at `em_px`, cell after cell, into `alpha` (8-bit coverage) and `advances` (px); 1 if drawn.
int cardfit_js_draw_glyphs(float em_px, unsigned char* alpha, float* advances);
}

// A string malloc'd by JavaScript, as std::string (null -> "").
inline std::string take_js_string(char* s) {
  if (!s) return std::string();
  std::string out(s);
  std::free(s);
  return out;
}
