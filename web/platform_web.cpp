// ui::platform for the web page: settings in localStorage, the scenario in the URL
// (JavaScript in library_cardfit.js).
#include "platform.hpp"
#include "web_js.hpp"

namespace cardfit::ui::platform {

std::string load_setting(const std::string& key) {
  char buf[256] = {0};
  cardfit_js_load_setting(key.c_str(), buf, static_cast<int>(sizeof buf));
  return buf;
}

void save_setting(const std::string& key, const std::string& value) {
  cardfit_js_save_setting(key.c_str(), value.c_str());
}

void remember_state(const std::string& query) { cardfit_js_replace_state(query.c_str()); }

std::string today() {
  char buf[16] = {0};
  cardfit_js_today(buf, static_cast<int>(sizeof buf));
  return buf;
}

void open_url(const std::string& url) { cardfit_js_open_url(url.c_str()); }

}  // namespace cardfit::ui::platform
