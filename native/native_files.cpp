#include "native_files.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace cardfit::native {

std::optional<std::string> read_file(const std::string& path) {
  if (path == "-") {
    std::ostringstream s;
    s << std::cin.rdbuf();
    return s.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return text;
}

}  // namespace cardfit::native
