#include "native_files.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <algorithm>

#include "limits.hpp"
#include "os.hpp"
#include <cstdlib>
#include <ctime>

namespace cardfit::native {

std::optional<std::string> read_file(const std::string& path) {
  // At most one byte past the limit: the loaders then refuse the text as "over 16 MB" by name,
  // and a huge file or an endless stream is never read whole.
  constexpr std::size_t kCap = kMaxFileBytes + 1;
  std::error_code ec;
  if (path != "-" && !std::filesystem::is_regular_file(os::path(path), ec)) return std::nullopt;  // missing, a folder, a device
  // NOTE: libstdc++'s filebuf throws std::ios_failure on a read error even without an
  // exception mask; a file that vanishes or fails mid-read is reported, not fatal.
  try {
    std::ifstream file;
    if (path != "-") file.open(os::path(path), std::ios::binary);
    std::istream& in = path == "-" ? std::cin : file;
    if (!in) return std::nullopt;
    std::string text;
    char chunk[65536];
    while (text.size() < kCap) {
      in.read(chunk, static_cast<std::streamsize>(sizeof chunk));
      const auto got = static_cast<std::size_t>(in.gcount());
      if (got == 0) break;
      text.append(chunk, std::min(got, kCap - text.size()));
    }
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

std::string env(const char* name) { return os::env(name); }

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
  auto usable = [&ec](const std::string& dir) { return !dir.empty() && std::filesystem::is_directory(os::path(dir), ec); };
  if (usable(env("XDG_DOWNLOAD_DIR"))) return env("XDG_DOWNLOAD_DIR");
  const std::string home = !env("HOME").empty() ? env("HOME") : env("USERPROFILE");
  if (home.empty()) return "";
  if (const std::string dir = user_dirs_download(home); usable(dir)) return dir;
  const std::string dir = os::utf8(os::path(home) / "Downloads");
  return usable(dir) ? dir : "";
}

std::string unused_path(const std::string& folder, const std::string& stem, const std::string& stamp,
                        const std::string& extension) {
  std::error_code ec;
  for (int n = 1;; ++n) {
    const std::string name = stem + "-" + stamp + (n > 1 ? "-" + std::to_string(n) : "") + "." + extension;
    const std::filesystem::path path = folder.empty() ? os::path(name) : os::path(folder) / os::path(name);
    if (!std::filesystem::exists(path, ec)) return os::utf8(path);
  }
}

bool write_new_file(const std::string& path, const std::string& text) {
  std::FILE* f = os::open(path, "wbx");  // C11 "x": fails if the file exists
  if (!f) return false;
  const bool wrote = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && wrote;
}

namespace {
// `text` in a new temporary file beside `path`, flushed to the disk: its name, or "" (nothing left).
std::string write_temp(const std::string& path, const std::string& text) {
  const std::string temp = path + ".tmp-" + std::to_string(os::process_id());
  std::FILE* f = os::open(temp, "wb");
  if (!f) return "";
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
  ok = ok && os::flush_to_disk(f);
  ok = std::fclose(f) == 0 && ok;
  if (!ok) {
    std::error_code ec;
    std::filesystem::remove(os::path(temp), ec);
    return "";
  }
  return temp;
}
}  // namespace

bool replace_file(const std::string& path, const std::string& text) {
  const std::string temp = write_temp(path, text);
  if (temp.empty()) return false;
  if (!os::replace(temp, path)) {  // one step: rename(2); MoveFileExW(REPLACE_EXISTING) on Windows
    std::error_code ec;
    std::filesystem::remove(os::path(temp), ec);
    return false;
  }
  return true;
}

NewFile publish_new_file(const std::string& path, const std::string& text) {
  std::error_code ec;
  if (std::filesystem::exists(os::path(path), ec)) return NewFile::Exists;
  const std::string temp = write_temp(path, text);
  if (temp.empty()) return NewFile::Failed;
  // A hard link fails on a name that exists (even one created since the check above): the new
  // file appears whole under its name or not at all, and nothing is overwritten.
  std::filesystem::create_hard_link(os::path(temp), os::path(path), ec);
  const bool exists = ec && std::filesystem::exists(os::path(path));
  std::error_code ignored;
  std::filesystem::remove(os::path(temp), ignored);
  if (!ec) return NewFile::Written;
  return exists ? NewFile::Exists : NewFile::Failed;
}

}  // namespace cardfit::native
