// core/io/table_export.hpp: the options table as CSV, Markdown and HTML parses back to the same cells.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <utility>
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

// A Markdown table: | a | b | lines, "\x" the punctuation character x.
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
    rows.push_back(cells);
  }
  return rows;
}

// The HTML table: one <tr> per line, each cell's text between its tag's '>' and its closing tag,
// the five entities html_cell writes turned back into their characters.
std::vector<std::vector<std::string>> parse_html(const std::string& s) {
  auto unescape = [](std::string v) {
    const std::pair<const char*, const char*> entities[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}};
    std::string out;
    for (std::size_t i = 0; i < v.size();) {
      bool done = false;
      for (const auto& [from, to] : entities) {
        if (v.compare(i, std::strlen(from), from) == 0) {
          out += to;
          i += std::strlen(from);
          done = true;
          break;
        }
      }
      if (!done) out += v[i++];
    }
    return out;
  };
  std::vector<std::vector<std::string>> rows;
  for (std::size_t at = s.find("<tr>"); at != std::string::npos; at = s.find("<tr>", at)) {
    const std::size_t end = s.find("</tr>", at);
    std::vector<std::string> cells;
    for (std::size_t c = s.find("<t", at + 4); c < end; c = s.find("<t", c)) {
      const std::size_t open = s.find('>', c) + 1;
      const std::size_t close = s.find("</t", open);
      cells.push_back(unescape(s.substr(open, close - open)));
      c = close + 5;
    }
    rows.push_back(cells);
    at = end;
  }
  return rows;
}

}  // namespace

TEST_CASE("exports: the plan's options as CSV, Markdown and HTML parse back to the same cells") {
  PlanRequest r;
  r.top = 20;
  const Result<Plan> p = plan(test::catalog(), r);
  REQUIRE(p.ok());
  for (Lang lang : {Lang::En, Lang::Zh}) {
    TextTable t = plan_table(*p.value, lang);
    REQUIRE(t.rows.size() == p.value->options.size());
    t.rows.push_back(std::vector<std::string>(t.header.size(), "a, \"quoted\" | piped\\ cell second line"));
    const auto csv = parse_csv(render_table(t, TableFormat::Csv));
    REQUIRE(csv.size() == t.rows.size() + 1);
    CHECK(csv[0] == t.header);
    for (std::size_t i = 0; i < t.rows.size(); ++i) CHECK(csv[i + 1] == t.rows[i]);
    const auto md = parse_markdown(render_table(t, TableFormat::Markdown));
    REQUIRE(md.size() == t.rows.size() + 2);  // header, separator, rows
    CHECK(md[0] == t.header);
    for (std::size_t i = 0; i < t.rows.size(); ++i) CHECK(md[i + 2] == t.rows[i]);
    const auto html = parse_html(render_table(t, TableFormat::Html));
    REQUIRE(html.size() == t.rows.size() + 1);
    CHECK(html[0] == t.header);
    for (std::size_t i = 0; i < t.rows.size(); ++i) CHECK(html[i + 1] == t.rows[i]);
  }
}

// Issue 32: a platform or model name from an overlay or a config.json stays data in a spreadsheet
// (OWASP's CSV injection rule) and plain text in Markdown (no link, HTML, new cell or row).
TEST_CASE("exports: hostile cells stay data") {
  const std::vector<std::string> hostile{"=HYPERLINK(\"http://x.example\",\"y\")", "+1+1", "-2+3", "@SUM(A1)",
                                         "\tx", "\rx", "-", "=1"};
  const std::vector<std::string> numbers{"-5", "+1.5", "12.25", "0"};
  TextTable t;
  t.header = {"cell"};
  for (const auto& c : hostile) t.rows.push_back({c});
  for (const auto& c : numbers) t.rows.push_back({c});
  const auto csv = parse_csv(render_table(t, TableFormat::Csv));
  REQUIRE(csv.size() == t.rows.size() + 1);
  for (std::size_t i = 0; i < hostile.size(); ++i) CHECK(csv[i + 1][0] == "'" + hostile[i]);
  for (std::size_t i = 0; i < numbers.size(); ++i) CHECK(csv[hostile.size() + i + 1][0] == numbers[i]);

  TextTable m;
  m.header = {"a", "b"};
  m.rows = {{"[click](javascript:alert(1))", "<img src=x onerror=alert(1)>"}, {"x | y\n| z |", "**bold** `code` ~~s~~ &amp;"}};
  const std::string md = render_table(m, TableFormat::Markdown);
  CHECK(md.find("[click](") == std::string::npos);  // \[click\]( : no link
  CHECK(md.find(" <") == std::string::npos);
  CHECK(md.find("**") == std::string::npos);
  const auto back = parse_markdown(md);
  REQUIRE(back.size() == 4);  // header, separator, two rows: the newline did not start a row
  CHECK(back[2] == m.rows[0]);
  CHECK(back[3] == std::vector<std::string>{"x | y | z |", "**bold** `code` ~~s~~ &amp;"});

  // HTML (issue 29: "Copy as HTML table"): every name is text, and the table carries inline styles
  // only, since article editors drop classes, ids and <style>.
  TextTable h;
  h.header = {"GPU", "platform"};
  h.rows = {{"<script>alert(1)</script>", "Tom & Jerry's \"GPU\" <b>cloud</b>"}, {"&amp;", "a\tb"}};
  const std::string html = render_table(h, TableFormat::Html);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("<b>") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("Tom &amp; Jerry&#39;s &quot;GPU&quot;") != std::string::npos);
  CHECK(html.find("&amp;amp;") != std::string::npos);
  CHECK(html.find("class=") == std::string::npos);
  CHECK(html.find("id=") == std::string::npos);
  CHECK(html.find("<style") == std::string::npos);
  CHECK(html.rfind("<table style=\"", 0) == 0);
  std::size_t tags = 0, styled = 0;
  for (std::size_t i = html.find("<t"); i != std::string::npos; i = html.find("<t", i + 1)) {
    if (html.compare(i, 6, "<table") == 0 || html.compare(i, 4, "<th ") == 0 || html.compare(i, 4, "<td ") == 0) {
      ++tags;
      if (html.compare(html.find_first_of(" >", i), 8, " style=\"") == 0) ++styled;
    }
  }
  CHECK(tags == 1 + 2 + 4);  // the table, two header cells, four cells
  CHECK(styled == tags);
  CHECK(parse_html(html) == std::vector<std::vector<std::string>>{h.header, h.rows[0], h.rows[1]});
  CHECK(html_cell("a\nb\x01" "c") == "abc");  // control characters are not XML (the card's SVG shares it)
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
