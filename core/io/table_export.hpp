// The options of a plan, the GPU rows of an estimate and what a card can do as a table to paste into a post or a
// spreadsheet: CSV (RFC 4180 quoting), Markdown (plain text in cells, pipes escaped) or an HTML table
// with inline styles only (what WeChat's and Zhihu's editors keep). The CLI's --format
// csv|markdown|html and the UI's copy buttons print these; the headers come from the message table.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "capability.hpp"
#include "estimate.hpp"
#include "names.hpp"
#include "plan.hpp"

namespace cardfit {

enum class TableFormat { Table, Json, Csv, Markdown, Html };
template <>
struct EnumNames<TableFormat> {
  static constexpr std::array<Name<TableFormat>, 6> list{{{TableFormat::Table, "table"},
                                                          {TableFormat::Json, "json"},
                                                          {TableFormat::Csv, "csv"},
                                                          {TableFormat::Markdown, "markdown"},
                                                          {TableFormat::Markdown, "md"},
                                                          {TableFormat::Html, "html"}}};
};
// The formats render_table writes: a table alone, to paste.
constexpr bool is_paste_format(TableFormat f) {
  return f == TableFormat::Csv || f == TableFormat::Markdown || f == TableFormat::Html;
}

struct TextTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // each as long as the header
};

TextTable plan_table(const Plan& plan, Lang lang);          // one row per listed option: plan_rows()' words
TextTable estimate_table(const Estimate& estimate, Lang lang);  // one row per GPU
// One row per model that fits (largest first), as the CLI's table and the UI's section show it.
TextTable capability_table(const CardCapability& capability, const Catalog& catalog, Lang lang);

// One cell as data: CSV quotes per RFC 4180 and neutralises what a spreadsheet would run as a
// formula (OWASP CSV injection: a leading =, +, -, @, tab or CR gets an apostrophe, numbers stay);
// Markdown escapes the characters that would make a link, HTML, emphasis or a new cell or row;
// HTML escapes &, <, >, " and ' (text, never markup: a name from an overlay stays a name) and
// drops control characters but tab; the card's SVG escapes its text with it too.
std::string csv_cell(const std::string& s);
std::string markdown_cell(const std::string& s);
std::string html_cell(std::string_view s);

// CSV, Markdown or HTML (other formats: "" ); ends with a newline. The HTML is one <table> whose
// every element carries its own style attribute: no class, id or <style> (an article editor such
// as WeChat's or Zhihu's drops those).
std::string render_table(const TextTable& table, TableFormat format);

}  // namespace cardfit
