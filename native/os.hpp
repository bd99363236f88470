// The few operating-system calls the native front ends make that differ between POSIX and
// Windows, in one place (the rest of native/ is portable C++17). Strings are UTF-8 everywhere;
// on Windows they cross into the system through the wide (UTF-16) API, so a path or an argument
// with Chinese characters survives whatever the console's code page is.
#pragma once

#include <cstdio>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cardfit::native::os {

// A UTF-8 path as a filesystem path (std::filesystem::path(std::string) would read it in the
// ANSI code page on Windows), and back.
std::filesystem::path path(const std::string& utf8);
std::string utf8(const std::filesystem::path& p);

// fopen with a UTF-8 path (_wfopen on Windows).
std::FILE* open(const std::string& utf8_path, const char* mode);

// Flushes the file's data to the disk (fsync; _commit on Windows). False on failure.
bool flush_to_disk(std::FILE* f);

// Moves `from` over `to` in one step, replacing `to` if it exists: rename(2) on POSIX,
// MoveFileExW(MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) on Windows (where rename()
// refuses an existing target). False on failure; `from` is then left as it was.
bool replace(const std::string& from, const std::string& to);

// An environment variable as UTF-8, "" when unset.
std::string env(const char* name);

// The folder that holds the user's settings for applications: %APPDATA% (the roaming
// AppData folder, SHGetKnownFolderPath) on Windows; $XDG_CONFIG_HOME, else ~/.config elsewhere.
// "" when none is known.
std::string config_folder();

int process_id();

// What a command prints on standard output (popen; _popen on Windows), standard error dropped;
// nullopt when it cannot be run or exits non-zero. At most `max_bytes` are read.
std::optional<std::string> capture(const std::string& command, std::size_t max_bytes = 1 << 16);

// Total physical memory in bytes: /proc/meminfo on Linux, GlobalMemoryStatusEx on Windows,
// sysctl hw.memsize on macOS; 0 when unknown.
std::int64_t system_memory_bytes();

// The CPU's brand string ("Apple M4 Max", "AMD RYZEN AI MAX+ 395 w/ Radeon 8060S"): the "model
// name" of /proc/cpuinfo on Linux, sysctl machdep.cpu.brand_string on macOS, the registry's
// ProcessorNameString on Windows; "" when unknown. $CARDFIT_CPU_NAME replaces it (tests).
std::string cpu_name();

// Standard streams as bytes: on Windows stdout/stderr/stdin in binary mode (no "\n" -> "\r\n", so
// the JSON is the same bytes as on Linux) and the console in UTF-8. Nothing elsewhere.
void binary_stdio();

// The command line as UTF-8 (on Windows from GetCommandLineW, argv being in the ANSI code page).
std::vector<std::string> arguments(int argc, char** argv);

}  // namespace cardfit::native::os
