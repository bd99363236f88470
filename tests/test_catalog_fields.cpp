// core/catalog/catalog_fields.hpp: the single-field rules every catalog entry is read and
// checked against, and how values are quoted in their messages.
#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

#include "catalog_fields.hpp"
#include "test_support.hpp"

using namespace cardfit;
using namespace cardfit::fields;
using cardfit::test::en;

TEST_CASE("numeric ranges say what is allowed") {
  CHECK_FALSE(check_number(5, closed(1, 10), true).has_value());
  CHECK(en(*check_number(0, closed(1, 10), true)) == "must be a positive integer (at most 10), got 0");
  CHECK(en(*check_number(-1, closed(0, 64), true)) == "must be an integer from 0 to 64, got -1");
  CHECK(en(*check_number(2, kFraction, false)) == "must be a number from 0 to 1, got 2");
  CHECK(en(*check_number(0, between(0, 1000), false)) == "must be > 0 and < 1000, got 0");
  CHECK(en(*check_number(0, above(0, 1), false)) == "must be > 0 and <= 1, got 0");
  CHECK(check_number(std::numeric_limits<double>::infinity(), kRate, false).has_value());
  // 0 means "none"; anything else must be at least the floor.
  CHECK_FALSE(check_number(0, zero_or(0.1, 10), false).has_value());
  CHECK_FALSE(check_number(0.1, zero_or(0.1, 10), false).has_value());
  CHECK(en(*check_number(5e-324, zero_or(0.1, 10), false)) == "must be 0 (none) or a number from 0.1 to 10, got 5e-324");
  CHECK(en(*check_number(-1, zero_or(0.1, 10), false)) == "must be 0 (none) or a number from 0.1 to 10, got -1");
}

TEST_CASE("ids, dates and currencies") {
  CHECK_FALSE(check_text("rtx-4090", Need::Required, TextRule::Id).has_value());
  CHECK(en(*check_text("RTX 4090", Need::Required, TextRule::Id)).find("must be a lowercase id") == 0);
  CHECK_FALSE(check_text("2026-11", Need::Required, TextRule::Date).has_value());
  CHECK(check_text("20026", Need::Required, TextRule::Date).has_value());
  CHECK(check_text("2026-13", Need::Required, TextRule::Date).has_value());
  CHECK(check_text("EUR", Need::Required, TextRule::Currency).has_value());
  CHECK(en(*check_text("", Need::Required, TextRule::Any)) == "must not be empty");
  CHECK_FALSE(check_text("", Need::Optional, TextRule::Id).has_value());
}

TEST_CASE("values in messages are quoted, escaped and cut") {
  CHECK(quote_for_message("a\"b") == "\"a\\\"b\"");
  CHECK(quote_for_message(std::string(60, 'x')).size() < 50);
  CHECK(quote_for_message("\x01") == "\"\\u0001\"");
}

namespace {

// Walks a field list and names every required number whose struct default is not 0: a value
// there would be a fact written in C++ that can contradict the catalog (engines.json once said
// train_scaling_pcie 0.85 while catalog.hpp said 0.7).
struct RequiredNumbersUnset {
  std::vector<std::string> set;
  template <class N, class... Rest>
  void number(const char* key, N& value, Need need, Rest&&...) {
    if (need == Need::Required && value != 0) set.push_back(key);
  }
  template <class N, class... Rest>
  void integer(const char* key, N& value, Need need, Rest&&...) {
    if (need == Need::Required && value != 0) set.push_back(key);
  }
  template <class... A> void text(A&&...) {}
  template <class... A> void strings(A&&...) {}
  template <class... A> void choice(A&&...) {}
  template <class... A> void boolean(A&&...) {}
  template <class... A> void flags(A&&...) {}
  template <class... A> void list(A&&...) {}  // entries of a list have no struct default to check here
  template <class X, class... Rest>
  void object(const char*, X& x, Rest&&... rest) {
    auto args = std::forward_as_tuple(rest...);
    std::get<sizeof...(Rest) - 1>(args)(*this, x);  // the last argument walks the object's fields
  }
};

}  // namespace

TEST_CASE("facts once: required catalog numbers have no value in the C++ structs") {
  RequiredNumbersUnset v;
  Defaults d;
  defaults_fields(v, d);
  EngineProfile e;
  engine_fields(v, e);
  CHECK(v.set == std::vector<std::string>{});
}
