// ui::platform for the desktop: settings (language, last scenario, window size, overlays) in a
// small JSON file under the user's config folder; the clipboard through GLFW; links through the
// system's opener (xdg-open, open, start); files saved to the Downloads folder.
#include <GLFW/glfw3.h>

#include <cstdlib>
#include <filesystem>
#if defined(_WIN32)
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <shellapi.h>
#undef near  // <windows.h> defines near and far as nothing; the message table has arguments so named
#undef far
#else
#include <spawn.h>
#include <sys/wait.h>
extern char** environ;
#endif

#include "app.hpp"
#include "card_render.hpp"
#include "embedded.hpp"
#include "messages.hpp"
#include "native_files.hpp"
#include "native_settings.hpp"
#include "platform.hpp"

namespace cardfit::ui::platform {

std::string load_setting(const std::string& key) { return native::app_settings().get(key); }

void save_setting(const std::string& key, const std::string& value) {
  native::app_settings().set(key, value);  // best effort: a read-only home only loses the preference
}

void remember_state(const std::string& query, bool) { save_setting("state", query); }

void remember_lang(const std::string& lang) { save_setting("lang", lang); }

void copy_text(const std::string& text) { glfwSetClipboardString(glfwGetCurrentContext(), text.c_str()); }

void copy_html(const std::string& html, const std::string&) { copy_text(html); }  // text only (platform.hpp)

void request_paste(App& app) {
  const char* text = glfwGetClipboardString(glfwGetCurrentContext());
  if (text) app_paste(app, text);
}

Message save_file(const std::string& stem, const std::string& extension, const std::string&, const std::string& text) {
  const std::string path = native::unused_path(native::downloads_folder(), stem, native::timestamp(), extension);
  std::error_code ec;
  const std::string shown = std::filesystem::absolute(path, ec).string();
  return native::write_new_file(path, text) ? msg::files_saved(shown) : msg::files_save_failed(shown);
}

std::string share_link(const std::string&) { return ""; }

bool has_text_view() { return false; }
void toggle_text_view() {}
void publish_result(const App&) {}

std::string today() { return native::today(); }

bool can_copy_card() { return false; }

Message deliver_card(const Card& card, CardAction) {
  std::vector<std::string_view> fonts;
  for (const assets::File& font : assets::ui_fonts()) fonts.push_back(font.text);
  const Result<std::string> png = card_image(card, fonts, CardImage::Png);
  if (!png.ok()) return png.errors.front().message;
  return save_file("cardfit-card", "png", "image/png", *png.value);
}

bool can_detect_gpu() { return false; }

LogoTexture vendor_logo() { return {}; }  // no vendor mode in the desktop app
DetectedHardware detect_gpu() { return {}; }

// The desktop app embeds its CJK subset: no glyph is left for the system to draw.
bool draw_glyphs(float, SystemGlyphs&) { return false; }

void open_url(const std::string& url) {
  if (url.rfind("https://", 0) != 0) return;  // catalog addresses only; never a local file or a command
#if defined(_WIN32)
  ShellExecuteA(nullptr, "open", url.c_str(), nullptr, nullptr, SW_SHOWNORMAL);
#else
#if defined(__APPLE__)
  const char* opener = "open";
#else
  const char* opener = "xdg-open";
#endif
  int status = 0;
  while (waitpid(-1, &status, WNOHANG) > 0) {  // reap openers started by earlier clicks
  }
  // argv, no shell: the address is one argument whatever it contains.
  char* argv[] = {const_cast<char*>(opener), const_cast<char*>(url.c_str()), nullptr};
  pid_t pid = 0;
  posix_spawnp(&pid, opener, nullptr, nullptr, argv, environ);  // best effort; never blocks the frame
#endif
}

}  // namespace cardfit::ui::platform
