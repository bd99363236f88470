// core/io/table_export.hpp: the options table as CSV and Markdown parses back to the same cells.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "test_support.hpp"
#include "plan.hpp"
#include "table_export.hpp"

using namespace cardfit;

namespace {

// RFC 4180: quoted cells may hold commas, quotes ("") and line breaks; records end in CRLF.
std::vector<std::vector<std::string>> parse_csv(const std::string& s) {
  std::vector<std::vector<std::string>> rows(1);
  std::string cell;
  bool quoted = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (quoted) {
      if (c == '"' && i + 1 < s.size() && s[i + 1] == '"') {
        cell += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(cell);
      cell.clear();
    } else if (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n') {
      rows.back().push_back(cell);
      cell.clear();
      rows.emplace_back();
      ++i;
    } else {
      cell += c;
    }
  }
  rows.pop_back();  // after the last CRLF
  return rows;
}

// A Markdown table: | a | b | lines, "\|" an escaped pipe, "\\" a backslash, <br> a line break.
std::vector<std::vector<std::string>> parse_markdown(const std::string& s) {
  std::vector<std::vector<std::string>> rows;
  std::size_t at = 0;
  while (at < s.size()) {
    const std::size_t end = s.find('\n', at);
    const std::string line = s.substr(at, end - at);
    at = end + 1;
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {  // after the leading '|'
      if (line[i] == '\\' && i + 1 < line.size()) {
        cell += line[++i];
      } else if (line[i] == '|') {
        cells.push_back(cell.substr(1, cell.size() - 2));  // " x " -> "x"
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    for (std::string& c : cells) {
      for (std::size_t p; (p = c.find("<br>")) != std::string::npos;) c.replace(p, 4, "\n");
    }
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

TEST_CASE("exports: the plan's options as CSV and Markdown parse back to the same cells") {
  PlanRequest r;
  r.top = 20;
  const Result<Plan> p = plan(test::catalog(), r);
  REQUIRE(p.ok());
  for (Lang lang : {Lang::En, Lang::Zh}) {
    TextTable t = plan_table(*p.value, lang);
    REQUIRE(t.rows.size() == p.value->options.size());
    t.rows.push_back(std::vector<std::string>(t.header.size(), "a, \"quoted\" | piped\\ cell\nsecond line"));
    const auto csv = parse_csv(render_table(t, TableFormat::Csv));
    REQUIRE(csv.size() == t.rows.size() + 1);
    CHECK(csv[0] == t.header);
    for (std::size_t i = 0; i < t.rows.size(); ++i) CHECK(csv[i + 1] == t.rows[i]);
    const auto md = parse_markdown(render_table(t, TableFormat::Markdown));
    REQUIRE(md.size() == t.rows.size() + 2);  // header, separator, rows
    CHECK(md[0] == t.header);
    for (std::size_t i = 0; i < t.rows.size(); ++i) CHECK(md[i + 2] == t.rows[i]);
  }
}

TEST_CASE("exports: the estimate's GPU rows, one per GPU") {
  Scenario s;
  s.explain = false;
  const Estimate e = test::run(s);
  const TextTable t = estimate_table(e, Lang::En);
  REQUIRE(t.rows.size() == e.gpus.size());
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    CHECK(t.rows[i].size() == t.header.size());
    CHECK(t.rows[i][0] == e.gpus[i].gpu);
  }
  CHECK(render_table(t, TableFormat::Json).empty());
}
