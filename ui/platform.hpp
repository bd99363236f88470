// Services that differ between the desktop app and the web page. One small interface;
// CMake links native/platform_native.cpp or web/platform_web.cpp. No #ifdef in ui/.
#pragma once

#include <string>

namespace cardfit::ui::platform {

// Persistent settings (a file next to the user's config natively, localStorage on the web).
std::string load_setting(const std::string& key);  // "" if unset
void save_setting(const std::string& key, const std::string& value);

// The scenario as a query string ("v=1&model=..."), written whenever it changes: the web
// page puts it in its URL (history.replaceState, debounced) so links can be shared; the
// desktop app keeps it in its settings so it reopens where the user left off.
void remember_state(const std::string& query);

// Today's local date, YYYY-MM-DD (the core has no clock): the planner flags prices older
// than the catalog's stale_price_months against it.
std::string today();

// Opens an https:// address in the system browser (a new tab on the web); others are ignored.
void open_url(const std::string& url);

}  // namespace cardfit::ui::platform
