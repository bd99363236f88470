#include "os.hpp"

#include <cstdlib>

#if defined(_WIN32)
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <fcntl.h>
#include <io.h>
#include <process.h>
#include <shellapi.h>
#include <shlobj.h>
#else
#include <cstdio>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <sys/sysctl.h>
#include <sys/types.h>
#endif
#endif

namespace cardfit::native::os {

#if defined(_WIN32)
namespace {
std::wstring wide(const std::string& s) {
  if (s.empty()) return {};
  const int n = MultiByteToWideChar(CP_UTF8, 0, s.data(), static_cast<int>(s.size()), nullptr, 0);
  std::wstring w(static_cast<std::size_t>(n), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, s.data(), static_cast<int>(s.size()), w.data(), n);
  return w;
}
std::string narrow(const wchar_t* w) {
  if (w == nullptr || *w == L'\0') return {};
  const int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, nullptr, 0, nullptr, nullptr);
  std::string s(static_cast<std::size_t>(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, w, -1, s.data(), n, nullptr, nullptr);
  s.resize(static_cast<std::size_t>(n) - 1);  // the terminating NUL
  return s;
}
}  // namespace
#endif

std::filesystem::path path(const std::string& utf8) { return std::filesystem::u8path(utf8); }

std::string utf8(const std::filesystem::path& p) { return p.u8string(); }

std::FILE* open(const std::string& utf8_path, const char* mode) {
#if defined(_WIN32)
  return _wfopen(wide(utf8_path).c_str(), wide(mode).c_str());
#else
  return std::fopen(utf8_path.c_str(), mode);
#endif
}

bool flush_to_disk(std::FILE* f) {
#if defined(_WIN32)
  return _commit(_fileno(f)) == 0;
#else
  return fsync(fileno(f)) == 0;
#endif
}

bool replace(const std::string& from, const std::string& to) {
#if defined(_WIN32)
  return MoveFileExW(wide(from).c_str(), wide(to).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) != 0;
#else
  return std::rename(from.c_str(), to.c_str()) == 0;
#endif
}

std::string env(const char* name) {
#if defined(_WIN32)
  return narrow(_wgetenv(wide(name).c_str()));
#else
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
#endif
}

std::string config_folder() {
#if defined(_WIN32)
  PWSTR folder = nullptr;
  std::string out;
  if (SHGetKnownFolderPath(FOLDERID_RoamingAppData, 0, nullptr, &folder) == S_OK) out = narrow(folder);
  CoTaskMemFree(folder);
  return out.empty() ? env("APPDATA") : out;
#elif defined(__APPLE__)
  // macOS keeps an app's settings in ~/Library/Application Support.
  if (const std::string home = env("HOME"); !home.empty()) return home + "/Library/Application Support";
  return "";
#else
  if (const std::string xdg = env("XDG_CONFIG_HOME"); !xdg.empty()) return xdg;
  if (const std::string home = env("HOME"); !home.empty()) return home + "/.config";
  return "";
#endif
}

int process_id() {
#if defined(_WIN32)
  return _getpid();
#else
  return static_cast<int>(getpid());
#endif
}

void binary_stdio() {
#if defined(_WIN32)
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
  _setmode(_fileno(stdin), _O_BINARY);
  SetConsoleOutputCP(CP_UTF8);
#endif
}

std::vector<std::string> arguments(int argc, char** argv) {
  std::vector<std::string> out;
#if defined(_WIN32)
  int n = 0;
  if (LPWSTR* w = CommandLineToArgvW(GetCommandLineW(), &n)) {
    for (int i = 0; i < n; ++i) out.push_back(narrow(w[i]));
    LocalFree(w);
    if (n == argc) return out;
    out.clear();
  }
#endif
  for (int i = 0; i < argc; ++i) out.emplace_back(argv[i]);
  return out;
}

std::optional<std::string> capture(const std::string& command, std::size_t max_bytes) {
#if defined(_WIN32)
  std::FILE* p = _wpopen(wide(command + " 2>NUL").c_str(), L"rb");
#else
  std::FILE* p = popen((command + " 2>/dev/null").c_str(), "r");
#endif
  if (p == nullptr) return std::nullopt;
  std::string out;
  char buf[4096];
  std::size_t n = 0;
  while (out.size() < max_bytes && (n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  if (out.size() > max_bytes) out.resize(max_bytes);
#if defined(_WIN32)
  const int status = _pclose(p);
  if (status != 0) return std::nullopt;
#else
  const int status = pclose(p);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
#endif
  return out;
}

std::int64_t system_memory_bytes() {
#if defined(_WIN32)
  MEMORYSTATUSEX m{};
  m.dwLength = sizeof m;
  if (!GlobalMemoryStatusEx(&m)) return 0;
  return static_cast<std::int64_t>(m.ullTotalPhys);
#else
  // sysconf reads what /proc/meminfo's MemTotal reports on Linux, and hw.memsize on macOS.
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::int64_t>(pages) * page;
#endif
}

std::string cpu_name() {
  std::string name = env("CARDFIT_CPU_NAME");
  if (!name.empty()) return name.substr(0, 256);
#if defined(_WIN32)
  wchar_t buf[256] = {};
  DWORD size = sizeof buf;
  if (RegGetValueW(HKEY_LOCAL_MACHINE, L"HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
                   L"ProcessorNameString", RRF_RT_REG_SZ, nullptr, buf, &size) == ERROR_SUCCESS) {
    const int n = WideCharToMultiByte(CP_UTF8, 0, buf, -1, nullptr, 0, nullptr, nullptr);
    if (n > 1) {
      name.resize(static_cast<std::size_t>(n));
      WideCharToMultiByte(CP_UTF8, 0, buf, -1, name.data(), n, nullptr, nullptr);
      name.resize(static_cast<std::size_t>(n - 1));
    }
  }
#elif defined(__APPLE__)
  char buf[256] = {};
  std::size_t size = sizeof buf - 1;
  if (sysctlbyname("machdep.cpu.brand_string", buf, &size, nullptr, 0) == 0) name = buf;
#else
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const std::size_t colon = line.find(':');
    if (colon != std::string::npos) name = line.substr(colon + 1);
    break;
  }
#endif
  while (!name.empty() && (name.front() == ' ' || name.front() == '\t')) name.erase(name.begin());
  while (!name.empty() && (name.back() == ' ' || name.back() == '\n' || name.back() == '\r')) name.pop_back();
  return name.substr(0, 256);
}

}  // namespace cardfit::native::os
