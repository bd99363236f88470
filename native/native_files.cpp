#include "native_files.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <cstdlib>
#include <ctime>

namespace cardfit::native {

std::optional<std::string> read_file(const std::string& path) {
  if (path == "-") {
    std::ostringstream s;
    s << std::cin.rdbuf();
    return s.str();
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;  // missing, a folder, a device
  // NOTE: libstdc++'s filebuf throws std::ios_failure on a read error even without an
  // exception mask; a file that vanishes or fails mid-read is reported, not fatal.
  try {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return std::nullopt;
    return text;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

namespace {
std::string local_time(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
#if defined(_WIN32)
  localtime_s(&tm, &now);
#else
  localtime_r(&now, &tm);
#endif
  char buf[32];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

// XDG_DOWNLOAD_DIR="$HOME/Downloads" in ~/.config/user-dirs.dirs ("" when absent).
std::string user_dirs_download(const std::string& home) {
  const std::string config = env("XDG_CONFIG_HOME").empty() ? home + "/.config" : env("XDG_CONFIG_HOME");
  const auto text = read_file(config + "/user-dirs.dirs");
  if (!text) return "";
  std::istringstream lines(*text);
  const std::string key = "XDG_DOWNLOAD_DIR=\"";
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(key, 0) != 0 || line.size() < key.size() + 1 || line.back() != '"') continue;
    std::string dir = line.substr(key.size(), line.size() - key.size() - 1);
    if (dir.rfind("$HOME", 0) == 0) dir = home + dir.substr(5);
    return dir;
  }
  return "";
}
}  // namespace

std::string today() { return local_time("%Y-%m-%d"); }

std::string timestamp() { return local_time("%Y%m%d-%H%M%S"); }

std::string downloads_folder() {
  std::error_code ec;
  auto usable = [&ec](const std::string& dir) { return !dir.empty() && std::filesystem::is_directory(dir, ec); };
  if (usable(env("XDG_DOWNLOAD_DIR"))) return env("XDG_DOWNLOAD_DIR");
  const std::string home = !env("HOME").empty() ? env("HOME") : env("USERPROFILE");
  if (home.empty()) return "";
  if (const std::string dir = user_dirs_download(home); usable(dir)) return dir;
  const std::string dir = (std::filesystem::path(home) / "Downloads").string();
  return usable(dir) ? dir : "";
}

std::string unused_path(const std::string& folder, const std::string& stem, const std::string& stamp,
                        const std::string& extension) {
  std::error_code ec;
  for (int n = 1;; ++n) {
    const std::string name = stem + "-" + stamp + (n > 1 ? "-" + std::to_string(n) : "") + "." + extension;
    const std::filesystem::path path = folder.empty() ? std::filesystem::path(name) : std::filesystem::path(folder) / name;
    if (!std::filesystem::exists(path, ec)) return path.string();
  }
}

bool write_new_file(const std::string& path, const std::string& text) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return false;
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  return static_cast<bool>(out);
}

}  // namespace cardfit::native
