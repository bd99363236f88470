// core/base/format.hpp: one way each kind of figure is written (printf underneath).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

#include "format.hpp"

TEST_CASE("formatting labels GB (1e9) and GiB (2^30) and groups digits") {
  CHECK(cardfit::format_bytes(15.23e9) == "15.23 GB (14.18 GiB)");  // 15.23e9 / 2^30 = 14.184
  CHECK(cardfit::format_bytes(137.96e9) == "138.0 GB (128.5 GiB)");
  CHECK(cardfit::format_gb(0) == "0.00 GB");
  CHECK(cardfit::format_grouped(7615616512.0) == "7,615,616,512");
  CHECK(cardfit::format_grouped(-1234) == "-1,234");
  CHECK(cardfit::format_grouped(999) == "999");
  CHECK(cardfit::format_count(7.6e9) == "7.60 B");
  CHECK(cardfit::format_count(131072) == "131.1 K");
  CHECK(cardfit::format_count(512) == "512");
  CHECK(cardfit::format_count(4.0957e25) == "4.10e+25 ");  // + "FLOP"
  CHECK(cardfit::format_rate(54.61) == "54.6");
  CHECK(cardfit::format_rate(170.6) == "171");
  CHECK(cardfit::format_rate(12345) == "12,345");
  CHECK(cardfit::format_fixed(std::numeric_limits<double>::infinity(), 2) == "n/a");
  CHECK(cardfit::format_fixed(-0.0001, 2) == "0.00");  // no "-0.00"
  CHECK(cardfit::format_fixed(2.675, 2) == "2.67");    // the double below 2.675, exactly rounded
}

TEST_CASE("trimmed, shortest, amounts and percents") {
  CHECK(cardfit::format_trimmed(1.50, 2) == "1.5");
  CHECK(cardfit::format_trimmed(16.0, 3) == "16");
  CHECK(cardfit::format_trimmed(4.1275, 3) == "4.128");
  CHECK(cardfit::format_shortest(0.2) == "0.2");
  CHECK(cardfit::format_shortest(1555) == "1555");
  CHECK(cardfit::format_shortest(1e300) == "1e+300");
  CHECK(cardfit::format_shortest(-0.0) == "0");
  CHECK(cardfit::format_shortest(-2.5e-5) == "-2.5e-05");
  CHECK(cardfit::format_shortest(0.0001) == "0.0001");
  CHECK(cardfit::format_shortest(1e15) == "1000000000000000");
  CHECK(cardfit::format_shortest(1e16) == "1e+16");
  CHECK(cardfit::format_shortest(0.1 + 0.2) == "0.30000000000000004");
  CHECK(cardfit::format_shortest(5e-324) == "5e-324");
  CHECK(cardfit::format_shortest(1.7976931348623157e308) == "1.7976931348623157e+308");
  // printf's 16 correctly rounded digits of 2^-24 (...062) read back wrong; one unit up does.
  CHECK(cardfit::format_shortest(5.9604644775390625e-08) == "5.960464477539063e-08");
  CHECK(cardfit::format_amount(2800) == "2,800");
  CHECK(cardfit::format_amount(1.5) == "1.5");
  CHECK(cardfit::format_amount(0.0366) == "0.0366");
  CHECK(cardfit::format_amount(0) == "0");
  CHECK(cardfit::format_percent(0.173) == "17");
}

TEST_CASE("margins read against the headroom: rounded down, same decimals") {
  CHECK(cardfit::format_headroom(0.2) == "20");
  CHECK(cardfit::format_headroom(0.125) == "12.5");
  CHECK(cardfit::format_margin(0.1999, 0.2) == "19");  // tight: never "20" beside a 20% headroom
  CHECK(cardfit::format_margin(1.2 / 1.0 - 1.0, 0.2) == "20");  // exactly the headroom
  CHECK(cardfit::format_margin(0.3333, 0.2) == "33");
  CHECK(cardfit::format_margin(0.1249, 0.125) == "12.4");
}

TEST_CASE("the shortest text reads back as the same double, and one digit fewer would not") {
  std::mt19937_64 rng(2026);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t bits = rng();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    if (!std::isfinite(v)) continue;
    const std::string s = cardfit::format_shortest(v);
    INFO(s);
    REQUIRE(std::strtod(s.c_str(), nullptr) == v);
    std::string digits;
    for (const char c : s.substr(0, s.find('e')))
      if (c >= '0' && c <= '9' && !(digits.empty() && c == '0')) digits += c;
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
    if (digits.size() < 2) continue;
    char fewer[40];
    std::snprintf(fewer, sizeof fewer, "%.*e", static_cast<int>(digits.size()) - 2, v);
    CHECK(std::strtod(fewer, nullptr) != v);
  }
}
