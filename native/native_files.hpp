// File reading for the native front ends (the core never touches files).
#pragma once

#include <optional>
#include <string>

namespace cardfit::native {

// Whole file as bytes; nullopt if it cannot be opened or read ("-" reads standard input).
std::optional<std::string> read_file(const std::string& path);

}  // namespace cardfit::native
