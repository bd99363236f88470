// core/base/numbers.hpp: user numbers with suffixes, and the errors in both languages.
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "numbers.hpp"
#include "test_support.hpp"

using cardfit::NumberStyle;
using cardfit::test::en;
using cardfit::test::zh;

TEST_CASE("parse_number accepts plain, scientific and suffixed numbers") {
  struct Row {
    const char* text;
    NumberStyle style;
    double expected;
  };
  // Expected values by definition of the suffixes (core/base/numbers.hpp): decimal k/M/B/T,
  // token lengths k = 1024 ("8k context" = 8192, "128K" = 131072 as in Llama 3.1's 131072).
  const Row rows[] = {
      {"7e9", NumberStyle::Decimal, 7e9},
      {"7B", NumberStyle::Decimal, 7e9},
      {"70b", NumberStyle::Decimal, 70e9},
      {"1.5M", NumberStyle::Decimal, 1.5e6},
      {"2T", NumberStyle::Decimal, 2e12},
      {"8k", NumberStyle::Decimal, 8000},
      {"8k", NumberStyle::Tokens, 8192},
      {"128K", NumberStyle::Tokens, 131072},
      {"1.5M", NumberStyle::Tokens, 1572864},
      {"8e3", NumberStyle::Tokens, 8000},
      {"32768", NumberStyle::Tokens, 32768},
      {"32,768", NumberStyle::Tokens, 32768},
      {"1_000_000", NumberStyle::Decimal, 1e6},
      {"  4096 ", NumberStyle::Tokens, 4096},
      {"0.5", NumberStyle::Decimal, 0.5},
      {".5", NumberStyle::Decimal, 0.5},
      {"+3", NumberStyle::Decimal, 3},
      {"-5", NumberStyle::Decimal, -5},
      {"0", NumberStyle::Decimal, 0},
      {"70\xE4\xBA\xBF", NumberStyle::Decimal, 7e9},  // 70亿 = 7e9
      {"3\xE4\xB8\x87", NumberStyle::Decimal, 3e4},   // 3万
      {"1e18", NumberStyle::Decimal, 1e18},
  };
  for (const Row& row : rows) {
    INFO(row.text);
    cardfit::Result<double> r = cardfit::parse_number(row.text, "x", row.style);
    REQUIRE(r.ok());
    CHECK(*r.value == Approx(row.expected).epsilon(1e-12));
  }
}

TEST_CASE("parse_number rejects what is not a number, naming the field") {
  const char* bad[] = {"",    "abc", "8q",  "nan",  "inf", "1e400", "0x10", "1,23", "1..2",
                       "e5",  "5e",  "7BB", "1,2345", "--1", "1 2",  "k",    "1e19", "12345,678"};
  for (const char* text : bad) {
    INFO(text);
    cardfit::Result<double> r = cardfit::parse_number(text, "context", NumberStyle::Tokens);
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "context");
    CHECK(en(r.errors[0].message).rfind("context: ", 0) == 0);
  }
  // The exact wording users see (issue 4).
  const auto not_number = cardfit::parse_number("8q", "context", NumberStyle::Tokens);
  CHECK(en(not_number.errors[0].message) == "context: '8q' is not a number; use e.g. 8192, 8k or 8e3");
  CHECK(zh(not_number.errors[0].message) == "context：“8q”不是数字；可写作 8192、8k 或 8e3");
}

TEST_CASE("parse_integer checks whole numbers and the range") {
  auto ok = cardfit::parse_integer("8k", "context", 1, 10000000, NumberStyle::Tokens);
  REQUIRE(ok.ok());
  CHECK(*ok.value == 8192);
  auto frac = cardfit::parse_integer("1.5", "concurrency", 1, 100, NumberStyle::Decimal);
  REQUIRE_FALSE(frac.ok());
  CHECK(en(frac.errors[0].message) == "concurrency: must be a whole number, got 1.5");
  auto low = cardfit::parse_integer("0", "concurrency", 1, 100, NumberStyle::Decimal);
  REQUIRE_FALSE(low.ok());
  CHECK(en(low.errors[0].message) == "concurrency: must be between 1 and 100, got 0");
  auto high = cardfit::parse_integer("20M", "context", 1, 10000000, NumberStyle::Tokens);
  REQUIRE_FALSE(high.ok());
  CHECK(high.errors[0].field == "context");
}
