// core/catalog/json_text.hpp: untrusted text to JSON with public nlohmann APIs: sizes, UTF-8,
// syntax errors with their position, depth, duplicate keys; and how values are described.
#include <catch2/catch.hpp>

#include <string>

#include "json_text.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::en;
using nlohmann::json;

namespace {

std::string parse_error(const std::string& text) {
  IssueList issues;
  json out;
  if (parse_json_text(text, "f.json", out, issues)) return "";
  const std::vector<Issue> list = issues.take();
  return list.front().field + " | " + en(list.front().message);
}

}  // namespace

TEST_CASE("valid JSON parses into the DOM") {
  IssueList issues;
  json out;
  REQUIRE(parse_json_text(R"({"a": [1, 2, {"b": null}], "c": "x", "d": 1.5, "e": true, "f": -3})", "f.json", out, issues));
  CHECK(out["a"][2].contains("b"));
  CHECK(out["a"].size() == 3);
  CHECK(out["c"] == "x");
  CHECK(out["d"] == 1.5);
  CHECK(out["f"] == -3);
}

TEST_CASE("problems name the file and where") {
  CHECK(parse_error("") == "f.json | file is empty; expected a JSON object");
  CHECK(parse_error("{\"a\": 1,\n \"b\": }").find("invalid JSON at line 2, column") != std::string::npos);
  CHECK(parse_error(R"({"a": {"b": 1, "b": 2}})") == "f.json: a.b | key appears twice in the same object; keep one");
  CHECK(parse_error(R"([{"x": 1}, {"x": 1, "x": 2}])") == "f.json: [1].x | key appears twice in the same object; keep one");
  CHECK(parse_error("\"\xff\"").find("invalid UTF-8 at byte 1") != std::string::npos);
  CHECK(parse_error(std::string(300, '[') + std::string(300, ']')).find("nested deeper than 256") != std::string::npos);
}

TEST_CASE("values are described for messages") {
  CHECK(en(describe_json(json::array())) == "an array");
  CHECK(en(describe_json(json::object())) == "an object");
  CHECK(en(describe_json(json(nullptr))) == "null");
  CHECK(en(describe_json(json("abc"))) == "string \"abc\"");
  CHECK(en(describe_json(json(-5))) == "-5");
  CHECK(en(describe_json(json(std::string(60, 'x')))).size() < 60);
}

TEST_CASE("issue lists are capped") {
  IssueList issues(3);
  for (int i = 0; i < 10; ++i) issues.add("f", msg::cat_field_missing());
  const std::vector<Issue> list = issues.take();
  REQUIRE(list.size() == 4);
  CHECK(en(list.back().message) == "too many problems; stopped after the first 3");
}
