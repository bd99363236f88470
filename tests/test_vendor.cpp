// core/io/vendor.hpp: vendor.json's check names each bad field (bad accent, a name too long or
// with control characters, a page that is not https), keeps markup in a name as text, and the
// card draws the vendor's name and colour and links its page.
#include <catch2/catch.hpp>

#include <string>

#include "card.hpp"
#include "card_render.hpp"
#include "test_support.hpp"
#include "vendor.hpp"

using namespace cardfit;

namespace {

bool names_field(const std::vector<Issue>& issues, const std::string& field) {
  for (const Issue& i : issues) {
    if (i.field == field) return true;
  }
  return false;
}

std::string vendor_json(const std::string& name, const std::string& url, const std::string& accent) {
  return "{\"name\": \"" + name + "\", \"page_url\": \"" + url + "\", \"accent\": \"" + accent + "\"}";
}

}  // namespace

TEST_CASE("vendor: a good vendor.json reads whole") {
  const Result<Vendor> v = parse_vendor(
      R"({"name": "示例云 GPU", "page_url": "https://gpu.example.com/cardfit/", "accent": "#C0392b",
          "logo": "img/logo.svg", "overlay": "prices.json", "platform": "autodl"})",
      "vendor.json");
  REQUIRE(v.ok());
  CHECK(v.value->name == "示例云 GPU");
  CHECK(v.value->page_url == "https://gpu.example.com/cardfit/");
  CHECK(v.value->logo == "img/logo.svg");
  CHECK(v.value->overlay == "prices.json");
  CHECK(v.value->platform == "autodl");
  const std::optional<CardColour> c = parse_accent(v.value->accent);
  REQUIRE(c);
  CHECK(c->r == 0xC0);
  CHECK(c->g == 0x39);
  CHECK(c->b == 0x2B);
}

TEST_CASE("vendor: each bad field is named") {
  struct Row {
    std::string json;
    std::string field;
  };
  const std::string ok_url = "https://v.example/";
  const Row rows[] = {
      {vendor_json("V", ok_url, "red"), "accent"},
      {vendor_json("V", ok_url, "#12345"), "accent"},
      {vendor_json("V", ok_url, "#12345g"), "accent"},
      {vendor_json(std::string(41, 'x'), ok_url, "#123456"), "name"},
      {vendor_json("", ok_url, "#123456"), "name"},
      {vendor_json("a\\u0007b", ok_url, "#123456"), "name"},
      {vendor_json("V", "http://v.example/", "#123456"), "page_url"},
      {vendor_json("V", "javascript:alert(1)", "#123456"), "page_url"},
      {vendor_json("V", "https://", "#123456"), "page_url"},
      {vendor_json("V", "https://v.example/\\\"><script>", "#123456"), "page_url"},
      {vendor_json("V", "https://v.example/a b", "#123456"), "page_url"},
      {vendor_json("V", "https://user@v.example/", "#123456"), "page_url"},
      {R"({"name": "V", "page_url": "https://v.example/", "logo": "../logo.png"})", "logo"},
      {R"({"name": "V", "page_url": "https://v.example/", "logo": "/etc/logo.png"})", "logo"},
      {R"({"name": "V", "page_url": "https://v.example/", "logo": "logo.gif"})", "logo"},
      {R"({"name": "V", "page_url": "https://v.example/", "overlay": "x.js"})", "overlay"},
      {R"({"name": "V", "page_url": "https://v.example/", "platform": "Auto DL"})", "platform"},
      {R"({"name": "V", "page_url": "https://v.example/", "colour": "#123456"})", "colour"},
      {R"({"name": 5, "page_url": "https://v.example/"})", "name"},
      {R"({"page_url": "https://v.example/"})", "name"},
  };
  for (const Row& r : rows) {
    INFO(r.json);
    const Result<Vendor> v = parse_vendor(r.json, "vendor.json");
    CHECK_FALSE(v.ok());
    CHECK(names_field(v.errors, r.field));
  }
  CHECK_FALSE(parse_vendor("[1]", "vendor.json").ok());
  CHECK_FALSE(parse_vendor("{", "vendor.json").ok());
  // 40 characters (code points, not bytes) is the most a name holds.
  CHECK(parse_vendor(vendor_json(std::string(40, 'x'), ok_url, "#123456"), "v").ok());
  std::string han;
  for (int i = 0; i < 40; ++i) han += "云";
  CHECK(parse_vendor(vendor_json(han, ok_url, ""), "v").ok());
  CHECK_FALSE(parse_vendor(vendor_json(han + "云", ok_url, ""), "v").ok());
}

TEST_CASE("vendor: markup and quotes in a name are drawn as text on the card") {
  const std::string name = "<script>alert('x')</script> \\\"Q\\\" & Co";
  const Result<Vendor> v = parse_vendor(vendor_json(name, "https://v.example/cardfit/", "#f1c40f"), "v");
  REQUIRE(v.ok());
  CHECK(v.value->name == "<script>alert('x')</script> \"Q\" & Co");
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.today = "2026-12-04";
  CardInput in;
  in.catalog = &test::catalog();
  in.request = &r;
  in.vendor = v.value->name;
  in.accent = v.value->accent;
  in.link = card_link(test::catalog(), v.value->page_url, r);
  const Card c = card_layout(in);
  // The name twice (header, above the link), as given; the band in the vendor's colour, with
  // dark ink on that light yellow.
  int seen = 0;
  for (const CardText& t : c.texts) seen += t.text == v.value->name ? 1 : 0;
  CHECK(seen == 2);
  REQUIRE_FALSE(c.rects.empty());
  CHECK((c.rects[0].fill.r == 0xf1 && c.rects[0].fill.g == 0xc4 && c.rects[0].fill.b == 0x0f));
  CHECK(c.texts[0].colour.r < 100);
  CHECK(c.link.rfind("https://v.example/cardfit/?v=2&", 0) == 0);
  const std::string svg = card_svg(c);
  CHECK(svg.find("<script>") == std::string::npos);
  CHECK(svg.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;Q&quot; &amp; Co") != std::string::npos);
  // Without a vendor: cardfit's own header, white on blue.
  CardInput plain = in;
  plain.vendor.clear();
  plain.accent.clear();
  const Card p = card_layout(plain);
  CHECK((p.rects[0].fill.r == 30 && p.rects[0].fill.b == 95));
  CHECK(p.texts[0].colour.r == 255);
}
