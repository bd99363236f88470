// The settings file (native_settings.hpp).
#include "native_settings.hpp"

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "messages.hpp"
#include "native_files.hpp"
#include "os.hpp"

namespace cardfit::native {

void SettingsFile::load() {
  loaded_ = true;
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(os::path(path_), ec)) return;  // first start: defaults
  const auto size = fs::file_size(os::path(path_), ec);
  std::optional<std::string> text;
  if (!ec && size <= kMaxSettingsBytes) text = read_file(path_);
  bool good = false;
  if (text) {
    const auto doc = nlohmann::json::parse(*text, nullptr, false);
    good = doc.is_object();
    for (auto it = good ? doc.begin() : doc.end(); it != doc.end(); ++it) {
      if (it->is_string()) values_[it.key()] = it->get<std::string>();
      else good = false;
    }
  }
  if (good) return;
  values_.clear();
  std::string aside = path_ + ".corrupt-" + timestamp();
  for (int n = 2; fs::exists(os::path(aside), ec) && n < 100; ++n) aside = path_ + ".corrupt-" + timestamp() + "-" + std::to_string(n);
  fs::rename(os::path(path_), os::path(aside), ec);
  if (ec) {
    writable_ = false;  // neither read nor moved: left as it is
    problem_ = msg::files_settings_unreadable(path_);
  } else if (size > kMaxSettingsBytes) {
    problem_ = msg::files_settings_too_big(path_, std::to_string(kMaxSettingsBytes / (1u << 20)), aside);
  } else {
    problem_ = msg::files_settings_corrupt(path_, aside);
  }
}

std::string SettingsFile::get(const std::string& key) {
  if (!loaded_) load();
  const auto it = values_.find(key);
  return it == values_.end() ? std::string() : it->second;
}

bool SettingsFile::set(const std::string& key, const std::string& value) {
  if (!loaded_) load();
  const auto it = values_.find(key);
  if (it != values_.end() ? it->second == value : value.empty()) return true;  // unchanged: nothing to write
  values_[key] = value;
  if (!writable_) return false;
  nlohmann::json doc = nlohmann::json::object();
  for (const auto& [k, v] : values_) doc[k] = v;
  std::error_code ec;
  std::filesystem::create_directories(os::path(path_).parent_path(), ec);
  // NOTE: replace, not throw: a path kept in the settings need not be UTF-8 on Linux.
  return replace_file(path_, doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

const std::optional<Message>& SettingsFile::problem() {
  if (!loaded_) load();
  return problem_;
}

SettingsFile& app_settings() {
  static SettingsFile file = [] {
    // %APPDATA%\cardfit on Windows, $XDG_CONFIG_HOME/cardfit or ~/.config/cardfit elsewhere (os.hpp).
    const std::string folder = os::config_folder();
    if (folder.empty()) return SettingsFile("cardfit-settings.json");
    return SettingsFile(os::utf8(os::path(folder) / "cardfit" / "settings.json"));
  }();
  return file;
}

}  // namespace cardfit::native
