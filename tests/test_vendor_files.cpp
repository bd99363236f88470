// core/io/vendor_files.hpp: the logo a vendor.json names, as `cardfit vendor --check` (and so
// `make vendor-kit`) checks it: its size, PNG's signature and header, an SVG that runs nothing.
#include <catch2/catch.hpp>

#include <string>

#include "vendor_files.hpp"

using namespace cardfit;

TEST_CASE("vendor logo: a PNG by its signature and header, an SVG without scripts, at most 256 KiB", "[vendor]") {
  // PNG's signature, then an IHDR chunk: 2 x 3 px, 8-bit RGBA (the header is all a check reads).
  const std::string signature("\x89PNG\r\n\x1a\n", 8);
  const std::string png = signature + std::string("\0\0\0\x0dIHDR\0\0\0\x02\0\0\0\x03\x08\x06\0\0\0", 21) +
                          std::string(4, '\0') + std::string(64, '\0');
  CHECK(check_vendor_logo(png, "logo.png").empty());
  CHECK(check_vendor_logo(signature + std::string(64, '\0'), "logo.png").size() == 1);  // no header the card can read
  CHECK(check_vendor_logo("GIF89a", "logo.png").size() == 1);
  CHECK(check_vendor_logo(png + std::string(kVendorLogoMaxBytes, '\0'), "logo.png").front().field == "logo");
  CHECK(check_vendor_logo(R"(<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>)", "a/logo.svg").empty());
  // "one" and "only" are words, not event attributes; "stroke-width" has no "on".
  CHECK(check_vendor_logo(R"(<svg><text font-family="one only">only one</text></svg>)", "logo.svg").empty());
  for (const char* bad : {R"x(<svg onload="alert(1)"/>)x", "<svg\nONCLICK = 'x'/>", "<SVG><Script>x</Script></SVG>",
                          "<svg><foreignObject><div/></foreignObject></svg>", R"(<svg><a href="javascript:x">a</a></svg>)",
                          "<html>not an svg</html>"}) {
    INFO(bad);
    const auto issues = check_vendor_logo(bad, "logo.svg");
    REQUIRE(issues.size() == 1);
    CHECK(issues.front().field == "logo");
  }
}
