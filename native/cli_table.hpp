// Plain-text tables for the CLI's readable output, fitted to the terminal: when a table is
// wider than the terminal, the columns marked droppable go first (highest `drop` first), then
// the column marked `shorten` is cut with an ellipsis; what was hidden is named below the
// table, and --wide shows every column. CJK characters take two columns.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "message.hpp"

namespace cardfit::cli {

std::size_t display_width(const std::string& utf8);

// `utf8` cut to at most `width` display columns, ending in "…" when cut.
std::string shorten_to(const std::string& utf8, std::size_t width);

struct Column {
  std::string header;
  int drop = 0;          // 0: always shown; otherwise dropped when too wide, the highest first
  bool shorten = false;  // may be cut with "…" once nothing more can be dropped
};

class Table {
 public:
  explicit Table(std::vector<Column> columns) : columns_(std::move(columns)) {}
  void add(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

  // Prints the table within `width` display columns (0 = any width), then, when columns were
  // left out, one line in `lang` naming them.
  void print(std::ostream& out, int width, Lang lang) const;

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace cardfit::cli
