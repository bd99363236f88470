// core/base/format.hpp: one way each kind of figure is written (fmt underneath).
#include <catch2/catch.hpp>

#include <limits>

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
