// Shared by the desktop app's file tests: a fresh folder under the system's temporary one,
// removed afterwards, with files written into it and counted by name.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace cardfit::native::test {

struct Folder {
  std::filesystem::path dir;
  explicit Folder(const std::string& name)
      : dir(std::filesystem::temp_directory_path() / ("cardfit-native-test-" + name)) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~Folder() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return path(name);
  }
  int count_starting(const std::string& prefix) const {  // files whose name starts with `prefix`
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) n += e.path().filename().string().rfind(prefix, 0) == 0;
    return n;
  }
};

}  // namespace cardfit::native::test
