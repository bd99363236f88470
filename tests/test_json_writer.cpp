// core/catalog/json_writer.hpp: the streaming writer writes what nlohmann-json's dump() writes
// for the same values (the JSON contracts' bytes did not change when the writers moved to it):
// compact and indented, numbers, escapes, invalid UTF-8, empty and nested containers.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "json_writer.hpp"

using namespace cardfit;
using ordered = nlohmann::ordered_json;

namespace {

std::string dump(const ordered& j, bool pretty) {
  return j.dump(pretty ? 2 : -1, ' ', false, ordered::error_handler_t::replace);
}

// The same document written both ways.
void write_same(JsonWriter& w, const ordered& j) {
  switch (j.type()) {
    case ordered::value_t::object:
      w.begin_object();
      for (const auto& [k, v] : j.items()) write_same(w.key(k), v);
      w.end_object();
      break;
    case ordered::value_t::array:
      w.begin_array();
      for (const auto& v : j) write_same(w, v);
      w.end_array();
      break;
    case ordered::value_t::string: w.value(j.get_ref<const std::string&>()); break;
    case ordered::value_t::boolean: w.value(j.get<bool>()); break;
    case ordered::value_t::number_integer: w.value(j.get<std::int64_t>()); break;
    case ordered::value_t::number_unsigned: w.value(j.get<std::uint64_t>()); break;
    case ordered::value_t::number_float: w.value(j.get<double>()); break;
    default: w.null();
  }
}

std::string written(const ordered& j, bool pretty) {
  JsonWriter w(pretty);
  write_same(w, j);
  return w.take();
}

}  // namespace

TEST_CASE("JsonWriter: a document with every kind of value, compact and indented") {
  ordered j = ordered::object();
  j["schema"] = "cardfit.test/1";
  j["ok"] = true;
  j["none"] = nullptr;
  j["int"] = -42;
  j["big"] = std::numeric_limits<std::int64_t>::min();
  j["unsigned"] = std::numeric_limits<std::uint64_t>::max();
  j["numbers"] = {0.0, -0.0, 0.1, 1.0, 1e21, 1e-7, 123456789.125, 2.5e-300, -1.7976931348623157e308};
  j["text"] = "quote \" backslash \\ tab \t newline \n nul " + std::string(1, '\0') + " \x01\x1f del \x7f";
  j["chinese"] = "显卡够不够用 · 刚好够用 😀";
  j["empty_object"] = ordered::object();
  j["empty_array"] = ordered::array();
  j["nested"] = {{"a", {1, 2, {{"b", ordered::array()}}}}, {"c", {{"d", "e"}}}};
  for (bool pretty : {false, true}) {
    CAPTURE(pretty);
    CHECK(written(j, pretty) == dump(j, pretty));
  }
}

TEST_CASE("JsonWriter: keys with something to escape are written as dump() writes them") {
  ordered j = ordered::object();
  j["plain"] = 1;
  j["quote \" and \\ backslash"] = 2;
  j["显卡"] = 3;
  j[std::string("nul ") + std::string(1, '\0') + " tab \t"] = 4;
  j["last"] = {{"inner \x01", {{"x", 5}}}};
  for (bool pretty : {false, true}) {
    CAPTURE(pretty);
    CHECK(written(j, pretty) == dump(j, pretty));
  }
}

TEST_CASE("JsonWriter: non-finite numbers are null, as dump() writes them") {
  JsonWriter w;
  w.begin_array().value(std::nan("")).value(std::numeric_limits<double>::infinity()).value(-HUGE_VAL).end_array();
  CHECK(w.take() == "[null,null,null]");
}

TEST_CASE("JsonWriter: invalid UTF-8 is replaced exactly as dump(replace) replaces it") {
  for (const std::string s : {std::string("\xff"), std::string("ab\xc3"), std::string("\xe4\xb8"),
                              std::string("x\xed\xa0\x80y"), std::string("\xf4\x90\x80\x80"),
                              std::string("\xc0\xaf"), std::string("ok \xe6\x98\xbe \xfe end")}) {
    CAPTURE(s);
    const ordered j = {{"k", s}};
    CHECK(written(j, false) == dump(j, false));
  }
}

TEST_CASE("JsonWriter: random doubles and strings write as dump() writes them") {
  std::mt19937_64 rng(20261201);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int round = 0; round < 2000; ++round) {
    std::uint64_t bits = rng();
    double d;
    static_assert(sizeof d == sizeof bits);
    std::memcpy(&d, &bits, sizeof d);
    std::string s;
    for (int i = 0, n = byte(rng) % 12; i < n; ++i) s += static_cast<char>(byte(rng));
    const ordered j = {{"d", d}, {"s", s}, {"keys \" too", {s, d}}};
    CAPTURE(round, bits, s);
    REQUIRE(written(j, round % 2 == 1) == dump(j, round % 2 == 1));
  }
}
