// Plain-text tables for the CLI's readable output (CJK characters take two columns).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace cardfit::cli {

std::size_t display_width(const std::string& utf8);
void print_table(const std::vector<std::vector<std::string>>& rows, std::ostream& out);

}  // namespace cardfit::cli
