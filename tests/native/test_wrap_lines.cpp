// ui/widgets.hpp wrap_lines, with every character 1 px wide (no ImGui font): where a cell's text
// breaks. Issue 29: at 1280x800 the page's options table cut "RTX PRO 6000 Blackwell Server
// Edition 96GB" as "6000 Blackwel / l" when the line overflowed at the "B" after a number (the
// break before the word was dropped with the cut before "6000"). The name is the bundled
// catalog's (assets/catalog/gpus.json), read from it, not copied here.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "embedded.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

using Lines = std::vector<std::string_view>;

float one_px(char32_t, const void*) { return 1.0f; }
Lines wrap(std::string_view text, float width) { return wrap_lines(text, width, one_px, nullptr); }

std::string blackwell_name() {
  auto c = assets::bundled_catalog();
  REQUIRE(c.ok());
  for (const Gpu& g : c.value->gpus) {
    const std::size_t at = g.name.find("RTX PRO 6000 Blackwell Server Edition");
    if (at != std::string::npos) return g.name.substr(at);  // without the vendor's "NVIDIA "
  }
  FAIL("no RTX PRO 6000 Blackwell Server Edition in the bundled catalog");
  return {};
}

TEST_CASE("wrap_lines: a GPU name breaks at its spaces, whatever the column's width", "[wrap]") {
  const std::string name = blackwell_name();
  // 13 px: "RTX PRO 6000 " fits, its "B" does not (the width that cut the word).
  CHECK(wrap(name, 13) == Lines{"RTX PRO", "6000", "Blackwell", "Server", "Edition 96GB"});
  for (float width = 9; width <= 60; width += 1) {  // no line ends inside a word
    std::string joined;
    for (std::string_view line : wrap(name, width)) {
      CHECK(line.size() <= static_cast<std::size_t>(width));
      joined += (joined.empty() ? "" : " ") + std::string(line);
    }
    CHECK(joined == name);
  }
}

TEST_CASE("wrap_lines: a number keeps its unit, a word wider than the line is cut, Chinese between characters", "[wrap]") {
  CHECK(wrap("cost 1,026 CNY/month", 16) == Lines{"cost", "1,026 CNY/month"});
  // Here too the break between the number and its unit survives the cut before the number.
  CHECK(wrap("cost 1,026 CNY/month", 12) == Lines{"cost", "1,026", "CNY/month"});
  CHECK(wrap("Blackwell", 5) == Lines{"Black", "well"});
  CHECK(wrap("显存不足，换卡", 4) == Lines{"显存不", "足，换卡"});  // "，" never starts a line
}

}  // namespace
}  // namespace cardfit::ui
