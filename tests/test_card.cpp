// core/io/card.hpp and card_render.hpp: the result card's layout (pick, options and QR code
// present; a scenario that does not compute says why), its SVG (text escaped) and its PNG
// (every glyph of an English and a Chinese card in the embedded fonts; PNG signature; <= 1 MB).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "card.hpp"
#include "card_render.hpp"
#include "embedded.hpp"
#include "labels.hpp"
#include "plan.hpp"
#include "plan_rows.hpp"
#include "test_support.hpp"
#include "url_state.hpp"
#include "vendor_files.hpp"

using namespace cardfit;

namespace {

PlanRequest deepseek_request(Lang lang) {
  PlanRequest r;
  r.scenario.model = "deepseek-r1";
  r.scenario.precision = "fp8";
  r.scenario.context = 32768;
  r.budget_tier = "ge-80000";
  r.lang = lang;
  r.today = "2026-12-04";
  return r;
}

bool has_text(const Card& c, const std::string& needle) {
  for (const CardText& t : c.texts) {
    if (t.text.find(needle) != std::string::npos) return true;
  }
  return false;
}

// The card's input for request `r` and its plan `p`, linked on `page`.
CardInput input_for(const PlanRequest& r, const Plan& p, const std::string& page = "https://example.org/") {
  CardInput in;
  in.catalog = &test::catalog();
  in.request = &r;
  in.plan = &p;
  in.lang = r.lang;
  in.link = card_link(test::catalog(), page, r);
  return in;
}

std::vector<std::string_view> fonts() {
  std::vector<std::string_view> out;
  for (const assets::File& f : assets::ui_fonts()) out.push_back(f.text);
  return out;
}

}  // namespace

TEST_CASE("card: the pick, its cost, the top options and the QR code of the link") {
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const PlanRequest r = deepseek_request(lang);
    const Result<Plan> p = plan(test::catalog(), r);
    REQUIRE(p.ok());
    REQUIRE(p.value->pick);
    CardInput in;
    in.catalog = &test::catalog();
    in.request = &r;
    in.plan = &*p.value;
    in.lang = lang;
    in.version = "9.9.9";
    in.link = card_link(test::catalog(), "https://example.org/cardfit/?old=1", r);
    const Card c = card_layout(in);
    CHECK(c.width == 1080);
    CHECK(c.height > 1000);
    // The link: the page's address without its own query, then the request's pairs.
    CHECK(in.link.rfind("https://example.org/cardfit/?v=2&", 0) == 0);
    CHECK(c.link == in.link);
    // The pick's GPU and monthly cost, in the words of the row model and the labels.
    const PlanRow pick_row = plan_row(*p.value, *p.value->pick, lang);
    const PlanRows rows = plan_rows(*p.value, lang);
    CHECK(has_text(c, rows.cell(pick_row, PlanColumn::Gpu)->words));
    CHECK(has_text(c, render(monthly_label(p.value->pick->monthly_cost, p.value->currency), lang)));
    CHECK(has_text(c, "9.9.9"));
    CHECK(has_text(c, std::string(text(MsgId::sum_pick, lang))));
    // The QR code: a version-1..40 symbol (17 + 4v modules a side) placed on the card.
    REQUIRE(c.qr.size >= 21);
    CHECK((c.qr.size - 17) % 4 == 0);
    CHECK(c.qr.dark.size() == static_cast<std::size_t>(c.qr.size * c.qr.size));
    CHECK(c.qr.module >= 4);
    CHECK(c.qr.y + c.qr.size * c.qr.module < c.height);
    // Every text inside the card.
    for (const CardText& t : c.texts) {
      CHECK(t.baseline > 0);
      CHECK(t.baseline < c.height);
    }
  }
}

TEST_CASE("card: a QR code's three finder patterns") {
  // ISO/IEC 18004: a 7x7 finder at three corners, dark ring, light ring, dark 3x3 core.
  const CardQr q = qr_code("https://example.org/?v=1&model=deepseek-r1");
  REQUIRE(q.size >= 21);
  for (const auto& [x0, y0] : std::vector<std::pair<int, int>>{{0, 0}, {q.size - 7, 0}, {0, q.size - 7}}) {
    CHECK(q.at(x0, y0));
    CHECK(q.at(x0 + 6, y0 + 6));
    CHECK_FALSE(q.at(x0 + 1, y0 + 1));
    CHECK(q.at(x0 + 3, y0 + 3));
  }
  CHECK(qr_code(std::string(5000, 'x')).size == 0);  // more than a QR code holds: no code
}

TEST_CASE("card: a scenario that does not compute gets a card that says why") {
  PlanRequest r = deepseek_request(Lang::En);
  r.scenario.model = "no-such-model";
  const Result<Plan> p = plan(test::catalog(), r);
  REQUIRE_FALSE(p.ok());
  CardInput in;
  in.catalog = &test::catalog();
  in.request = &r;
  in.errors = p.errors;
  in.link = card_link(test::catalog(), "https://example.org/", r);
  const Card c = card_layout(in);
  CHECK(has_text(c, std::string(text(MsgId::card_error, Lang::En))));
  CHECK(has_text(c, "no-such-model"));
  CHECK(c.qr.size > 0);
}

TEST_CASE("card: SVG escapes every text, PNG draws every glyph") {
  PlanRequest r = deepseek_request(Lang::En);
  const Result<Plan> p = plan(test::catalog(), r);
  REQUIRE(p.ok());
  CardInput in;
  in.catalog = &test::catalog();
  in.request = &r;
  in.plan = &*p.value;
  in.link = "https://example.org/?v=1&model=a<b>\"c'";
  Card c = card_layout(in);
  c.texts.push_back({10, 10, 20, false, {}, CardAlign::Left, 0, "<script>alert('x')</script> & \"q\""});
  const std::string svg = card_svg(c);
  CHECK(svg.find("<script>") == std::string::npos);
  CHECK(svg.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;") != std::string::npos);
  CHECK(svg.find("model=a&lt;b&gt;&quot;c&#39;") != std::string::npos);  // the printed link too
  CHECK(svg.rfind("<?xml", 0) == 0);

  // The PNG: every character of the English and the Chinese card is in the embedded fonts.
  if (fonts().empty()) {
    WARN("no font subsets in this build (fontTools missing): glyph coverage not checked");
    return;
  }
  // The page's build embeds no Chinese font (the browser draws those glyphs, assets::system_glyphs),
  // and the page draws no card yet: the PNG card is the CLI's and the desktop app's.
  if (!assets::system_glyphs().empty()) {
    WARN("this build's fonts leave the Chinese glyphs to the browser: card glyph coverage not checked");
    return;
  }
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const PlanRequest rl = deepseek_request(lang);
    const Result<Plan> pl = plan(test::catalog(), rl);
    REQUIRE(pl.ok());
    const Card card = card_layout(input_for(rl, *pl.value));
    const std::vector<std::uint32_t> missing = card_missing_glyphs(card, fonts());
    std::string listed;
    for (std::uint32_t cp : missing) listed += " U+" + std::to_string(cp);
    INFO("missing glyphs:" << listed);
    CHECK(missing.empty());
    const Result<std::string> png = card_png(card, fonts());
    REQUIRE(png.ok());
    CHECK(png.value->rfind("\x89PNG\r\n\x1a\n", 0) == 0);
    CHECK(png.value->size() <= 1000000);  // what WeChat and Zhihu accept
  }
  // A character no font has is reported.
  Card odd;
  odd.texts.push_back({0, 10, 20, false, {}, CardAlign::Left, 0, "\xF0\x9F\x98\x80"});  // U+1F600
  CHECK(card_missing_glyphs(odd, fonts()) == std::vector<std::uint32_t>{0x1F600});
}

// The first and the last code point of a UTF-8 line (0 when empty).
static std::pair<std::uint32_t, std::uint32_t> ends_of(const std::string& s) {
  std::vector<std::uint32_t> cps;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    std::uint32_t c = n == 1 ? b : b & (0xFF >> (n + 1));
    for (int k = 1; k < n && i + k < s.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    cps.push_back(c);
    i += n;
  }
  if (cps.empty()) return {0, 0};
  return {cps.front(), cps.back()};
}

TEST_CASE("card: a Chinese line never begins with closing punctuation nor ends with opening punctuation") {
  // GB/T 15834's rule, seen broken on Kimi-K3's card: "...（未设预算" then a line "）：没有单台机器...".
  const std::u32string closing = U"）》」』】〕〉，。、；：！？%)]";
  const std::u32string opening = U"（《「『【〔〈([";
  struct Case { const char* model; const char* precision; std::int64_t context; const char* tier; };
  for (const Case& k : {Case{"kimi-k3", "", 32768, ""}, Case{"deepseek-r1", "fp8", 32768, "ge-80000"},
                        Case{"qwen3-32b", "", 8192, "6000-12000"}, Case{"gpt-oss-120b", "", 8192, ""},
                        Case{"qwen2.5-14b", "bf16", 4096, "2000-3000"}}) {
    PlanRequest r;
    r.scenario.model = k.model;
    r.scenario.precision = k.precision;
    r.scenario.context = k.context;
    r.budget_tier = k.tier;
    r.lang = Lang::Zh;
    r.today = "2026-12-07";
    const Result<Plan> p = plan(test::catalog(), r);
    REQUIRE(p.ok());
    const Card c = card_layout(input_for(r, *p.value));
    for (const CardText& t : c.texts) {
      INFO(k.model << ": \"" << t.text << "\"");
      const auto [first, last] = ends_of(t.text);
      CHECK(closing.find(static_cast<char32_t>(first)) == std::u32string::npos);
      CHECK(opening.find(static_cast<char32_t>(last)) == std::u32string::npos);
    }
  }
}

TEST_CASE("card: a long GPU name wraps or shrinks in the options, never cut") {
  // "NVIDIA RTX PRO 6000 Blackwell Server Edition 96GB" (assets/catalog/gpus.json) and a longer
  // name an overlay might give: every word of the name is on the card, and no option line ends
  // in "…".
  for (const std::string name : {std::string(), std::string("NVIDIA RTX PRO 6000 Blackwell Server Edition 96GB High Memory Variant")}) {
    Catalog cat = test::catalog();
    if (!name.empty()) {
      for (Gpu& g : cat.gpus) {
        if (g.id == "rtx-pro-6000") g.name = name;
      }
    }
    PlanRequest r;
    r.scenario.model = "qwen2.5-72b";
    r.scenario.gpu = "rtx-pro-6000";
    r.today = "2026-12-04";
    const Result<Plan> p = plan(cat, r);
    REQUIRE(p.ok());
    REQUIRE_FALSE(p.value->options.empty());
    CardInput in;
    in.catalog = &cat;
    in.request = &r;
    in.plan = &*p.value;
    in.link = card_link(cat, "https://example.org/", r);
    const Card c = card_layout(in);
    const std::string shown = gpu_short_name(name.empty() ? "NVIDIA RTX PRO 6000 Blackwell Server Edition 96GB" : name);
    // The options table's GPU cells: the texts at the GPU column's x, below the table's head.
    std::string cells;
    for (const CardText& t : c.texts) {
      if (t.x == 72 && t.size < 28 && t.size >= 20) {
        CHECK(t.text.find("…") == std::string::npos);
        CHECK(estimate_text_width(t.text, t.size) <= t.max_width);
        cells += (cells.empty() ? "" : " ") + t.text;
      }
    }
    INFO(cells);
    CHECK(cells.find(shown + " × ") != std::string::npos);
  }
}

TEST_CASE("card: no two texts on one line run into each other") {
  // Each text's extent as drawn: from x (Left) or back from x (Right), the estimated width
  // (an upper bound, card.cpp advance_em) narrowed to max_width as the renderers narrow it. Two
  // texts whose baselines are closer than the smaller size must leave >= 8 px between them.
  // Qwen2.5-72B in English put "comfortable" 5 px from the speed "16.2" (stop 42's card).
  const auto extent = [](const CardText& t) {
    int w = estimate_text_width(t.text, t.size);
    if (t.max_width > 0) w = std::min(w, t.max_width);
    return t.align == CardAlign::Right ? std::pair<int, int>{t.x - w, t.x} : std::pair<int, int>{t.x, t.x + w};
  };
  for (const std::string model : {"qwen2.5-72b", "deepseek-r1", "llama-3.1-8b", "kimi-k3"}) {
    for (Lang lang : {Lang::En, Lang::Zh}) {
      PlanRequest r;
      r.scenario.model = model;
      r.lang = lang;
      r.today = "2026-12-04";
      const Result<Plan> p = plan(test::catalog(), r);
      REQUIRE(p.ok());
      const Card c = card_layout(input_for(r, *p.value));
      for (std::size_t i = 0; i < c.texts.size(); ++i) {
        for (std::size_t j = i + 1; j < c.texts.size(); ++j) {
          const CardText& a = c.texts[i];
          const CardText& b = c.texts[j];
          if (std::abs(a.baseline - b.baseline) >= std::min(a.size, b.size)) continue;
          const auto [a0, a1] = extent(a);
          const auto [b0, b1] = extent(b);
          INFO(model << " " << (lang == Lang::En ? "en" : "zh") << ": \"" << a.text << "\" [" << a0 << ", " << a1
                     << "] and \"" << b.text << "\" [" << b0 << ", " << b1 << "]");
          CHECK((a1 + 8 <= b0 || b1 + 8 <= a0));
        }
      }
    }
  }
}

TEST_CASE("card: a vendor's logo in the header, checked before it is drawn") {
  // A 40 x 40 pure red PNG made by the card's own encoder (a card of one rectangle, no text).
  Card square;
  square.width = 40;
  square.height = 40;
  square.background = {255, 0, 0};
  const Result<std::string> red = card_image(square, fonts(), CardImage::Png);
  REQUIRE(red.ok());
  // One check (vendor_files.hpp), which asks the card's decoder: a PNG it cannot read is refused
  // as well as one without the signature, a cut file, one too large, an SVG without <svg.
  CHECK(check_vendor_logo(*red.value, "logo.png").empty());
  CHECK(card_logo_png_readable(*red.value));
  CHECK_FALSE(check_vendor_logo("GIF89a....", "logo.png").empty());
  CHECK_FALSE(check_vendor_logo(red.value->substr(0, 20), "logo.png").empty());  // a cut file: signature, no header
  CHECK_FALSE(card_logo_png_readable(red.value->substr(0, 20)));
  CHECK_FALSE(check_vendor_logo(std::string(kVendorLogoMaxBytes + 1, 'x'), "logo.png").empty());
  const std::vector<Issue> svg_bad = check_vendor_logo("<html></html>", "brand/logo.svg");
  REQUIRE(svg_bad.size() == 1);
  CHECK(issue_text(svg_bad[0], Lang::En).find("logo") != std::string::npos);
  CHECK(issue_text(svg_bad[0], Lang::Zh).find("SVG") != std::string::npos);

  const PlanRequest r = deepseek_request(Lang::En);
  const Result<Plan> p = plan(test::catalog(), r);
  REQUIRE(p.ok());
  CardInput in = input_for(r, *p.value, "https://gpu.example.com/");
  in.vendor = "Acme GPU";
  in.accent = "#1f4e79";
  in.logo_kind = CardLogoKind::Png;
  in.logo = *red.value;
  const Card c = card_layout(in);
  // The box at the band's left, the name right of it.
  CHECK(c.logo.kind == CardLogoKind::Png);
  CHECK(c.logo.x == 60);
  CHECK(c.logo.y + c.logo.h <= 120);
  for (const CardText& t : c.texts) {
    if (t.text == "Acme GPU" && t.baseline < 120) CHECK(t.x >= c.logo.x + c.logo.w + 16);
  }
  // The PNG draws it: pure red is in the picture's palette (nothing else on the card is).
  const Result<std::string> png = card_image(c, fonts(), CardImage::Png);
  REQUIRE(png.ok());
  const std::size_t plte = png.value->find("PLTE");
  REQUIRE(plte != std::string::npos);
  const std::string palette = png.value->substr(plte + 4, static_cast<std::size_t>(static_cast<unsigned char>((*png.value)[plte - 2])) * 256 +
                                                              static_cast<unsigned char>((*png.value)[plte - 1]));
  bool has_red = false;
  for (std::size_t i = 0; i + 2 < palette.size(); i += 3) has_red |= palette.compare(i, 3, std::string("\xff\x00\x00", 3)) == 0;
  CHECK(has_red);
  CardInput plain = in;
  plain.logo_kind = CardLogoKind::None;
  plain.logo.clear();
  const Result<std::string> without = card_image(card_layout(plain), fonts(), CardImage::Png);
  REQUIRE(without.ok());
  CHECK(without.value->find(std::string("\xff\x00\x00", 3)) == std::string::npos);
  // The SVG carries it as an <image> of a data: address; an SVG logo the same way.
  CHECK(card_svg(c).find("href=\"data:image/png;base64,iVBORw0KGgo") != std::string::npos);
  in.logo_kind = CardLogoKind::Svg;
  in.logo = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>";
  CHECK(card_svg(card_layout(in)).find("href=\"data:image/svg+xml;base64,PHN2ZyB4bWxucz0i") != std::string::npos);
}

TEST_CASE("card: one GPU in two products of a platform reads as two rows") {
  // RunPod rents the H100 SXM in its Secure Cloud ($3.99/h) and its Community Cloud ($2.69/h)
  // (assets/catalog/platforms.json, datareceipts-109): the card's platform column, the pick's line
  // and the row model's platform cell name the product, so the two rows differ in more than price.
  for (Lang lang : {Lang::En, Lang::Zh}) {
    PlanRequest r;
    r.scenario.model = "qwen2.5-7b";
    r.scenario.gpu = "h100-sxm";
    r.platforms = {"runpod"};
    r.lang = lang;
    r.today = "2026-12-04";
    const Result<Plan> p = plan(test::catalog(), r);
    REQUIRE(p.ok());
    const PlanRows rows = plan_rows(*p.value, lang);
    std::vector<std::string> platforms;
    for (const PlanRow& row : rows.rows) platforms.push_back(rows.cell(row, PlanColumn::Platform)->words);
    INFO(platforms.size() << " rows");
    REQUIRE(platforms.size() >= 2);
    CHECK(std::find(platforms.begin(), platforms.end(), "RunPod Secure Cloud") != platforms.end());
    CHECK(std::find(platforms.begin(), platforms.end(), "RunPod Community Cloud") != platforms.end());

    const Card c = card_layout(input_for(r, *p.value));
    // The platform column's cells (x = 370: card.cpp's column), a cell's lines joined: a new cell
    // where the baseline moves by more than a line (a line is <= 26 px below the last; a row >= 36).
    std::vector<std::string> cells;
    int last = -1000;
    for (const CardText& t : c.texts) {
      if (t.x != 370) continue;
      if (t.baseline - last > 30 || cells.empty()) cells.emplace_back();
      cells.back() += (cells.back().empty() ? "" : " ") + t.text;
      last = t.baseline;
    }
    INFO(cells.size() << " cells");
    REQUIRE(cells.size() >= 3);  // the header and two rows
    CHECK(std::find(cells.begin(), cells.end(), "RunPod Secure Cloud") != cells.end());
    CHECK(std::find(cells.begin(), cells.end(), "RunPod Community Cloud") != cells.end());
    // The pick (the cheaper Community Cloud) names its product in the green box too (its line
    // wraps: the card's texts joined by spaces).
    std::string all;
    for (const CardText& t : c.texts) all += t.text + " ";
    CHECK(all.find("\u00d7 1 \u00b7 RunPod Community Cloud") != std::string::npos);
  }
  // A platform that sells a GPU one way keeps its name alone.
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.platforms = {"yiwan"};
  r.today = "2026-12-04";
  const Result<Plan> p = plan(test::catalog(), r);
  REQUIRE(p.ok());
  const PlanRows rows = plan_rows(*p.value, Lang::En);
  REQUIRE_FALSE(rows.rows.empty());
  for (const PlanRow& row : rows.rows) CHECK(rows.cell(row, PlanColumn::Platform)->words == "Yiwan Network");
}
