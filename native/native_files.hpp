// File reading and the clock for the native front ends (the core never touches either).
#pragma once

#include <optional>
#include <string>

namespace cardfit::native {

// Whole file as bytes; nullopt if it cannot be opened or read ("-" reads standard input).
std::optional<std::string> read_file(const std::string& path);

// Today's local date, YYYY-MM-DD, from the system clock (the core has no clock): dates an
// imported model and tells the planner how old each price is.
std::string today();

}  // namespace cardfit::native
