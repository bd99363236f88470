// The desktop app's settings file (language, last scenario, window size, overlays to reopen):
// one JSON object of strings, read once, written only when a value changes, and written by
// temp-and-rename (native::replace_file) so a crash or a kill mid-save leaves the old file or the
// new one, never a truncated one. A file that is not a JSON object of strings, or is larger than
// kMaxSettingsBytes, is moved aside as settings.json.corrupt-YYYYMMDD-HHMMSS and the app starts
// with defaults and says so (problem()).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>

#include "message.hpp"

namespace cardfit::native {

inline constexpr std::size_t kMaxSettingsBytes = 1u << 20;  // 1 MiB: settings are a few hundred bytes

class SettingsFile {
 public:
  explicit SettingsFile(std::string path) : path_(std::move(path)) {}
  std::string get(const std::string& key);  // "" if unset
  // Stores the value; writes the file only when it changed. False when the file could not be written.
  bool set(const std::string& key, const std::string& value);
  // Why the file found at start-up was set aside (in the reader's language), if it was.
  const std::optional<Message>& problem();
  const std::string& path() const { return path_; }

 private:
  void load();
  std::string path_;
  bool loaded_ = false;
  bool writable_ = true;
  std::map<std::string, std::string> values_;
  std::optional<Message> problem_;
};

// The desktop app's own file: on Windows %APPDATA%\cardfit\settings.json (the roaming AppData
// folder); on macOS ~/Library/Application Support/cardfit/settings.json; elsewhere
// $XDG_CONFIG_HOME/cardfit/settings.json, else ~/.config/cardfit/; else
// ./cardfit-settings.json (os::config_folder); one instance per process.
SettingsFile& app_settings();

}  // namespace cardfit::native
