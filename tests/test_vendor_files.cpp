// core/io/vendor_files.hpp: the logo a vendor.json names, as `cardfit vendor --check` (and so
// `make vendor-kit`) checks it: its size, PNG's signature and header, an SVG that runs nothing; and
// the name's characters cardfit's fonts cannot draw, named in a warning.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "card_render.hpp"
#include "embedded.hpp"
#include "test_support.hpp"
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

TEST_CASE("vendor name: the characters cardfit's fonts cannot draw are named", "[vendor]") {
  CHECK(code_point_list({0x2169, 0x41}) == "\u2169 (U+2169), A (U+0041)");
  CHECK(code_point_list({0x2A6A5}) == "\U0002A6A5 (U+2A6A5)");
  std::vector<std::string_view> fonts;
  for (const assets::File& f : assets::ui_fonts()) fonts.push_back(f.text);
  if (fonts.empty()) {
    WARN("no font subsets in this build (fontTools missing): nothing to compare a name with");
    CHECK(check_vendor_name_glyphs("\u4e91\u2169", fonts).empty());
    return;
  }
  if (!assets::system_glyphs().empty()) {
    WARN("this build's fonts leave the Chinese glyphs to the browser: the check runs in the native build");
    return;
  }
  // Latin, and Chinese the message table has (tools/font_chars.py subsets the fonts to it).
  CHECK(check_vendor_name_glyphs("Example GPU Cloud", fonts).empty());
  CHECK(check_vendor_name_glyphs("\u793a\u4f8b\u4e91 GPU", fonts).empty());  // 示例云 GPU (docs/embed.md)
  // 云算力ⅩⅩ: ROMAN NUMERAL TEN (U+2169) is in no subset; named once however often it occurs.
  const std::vector<Issue> roman = check_vendor_name_glyphs("\u4e91\u7b97\u529b\u2169\u2169", fonts);
  REQUIRE(roman.size() == 1);
  CHECK(roman.front().field == "name");
  const std::string en = test::en(roman.front().message), zh = test::zh(roman.front().message);
  CHECK(en.find("\u2169 (U+2169)") != std::string::npos);
  CHECK(en.find("\u2169 (U+2169), ") == std::string::npos);
  CHECK(zh.find("\u2169 (U+2169)") != std::string::npos);
  CHECK(en.find("\u4e91") == std::string::npos);  // 云 is drawn: not named
  // A rare Han character (U+9F98 龘) and a full-width letter (U+FF38 Ｘ), each named.
  const std::vector<Issue> rare = check_vendor_name_glyphs("\u9f98\uff38 Cloud", fonts);
  REQUIRE(rare.size() == 1);
  CHECK(test::en(rare.front().message).find("U+9F98") != std::string::npos);
  CHECK(test::en(rare.front().message).find("U+FF38") != std::string::npos);
}
