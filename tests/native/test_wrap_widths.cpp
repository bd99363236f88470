// ui/widgets.hpp: where wrap_lines may break a cell's text, and the stretch columns' widths that
// keep each column's widest word whole (issue 29: "RTX PRO 6000 Blackwell Server Edition 96GB"
// was cut "Blackwel / l" in the page's options table at 1280x800 in Chinese). The name is the
// bundled catalog's (assets/catalog), read from it, not copied here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "embedded.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

using Pieces = std::vector<std::string_view>;

TEST_CASE("wrap points: a GPU name breaks only at its spaces", "[wrap]") {
  auto c = assets::bundled_catalog();
  REQUIRE(c.ok());
  std::string name;
  for (const Gpu& g : c.value->gpus) {
    if (g.name.find("Blackwell Server Edition") != std::string::npos) name = g.name;
  }
  REQUIRE(!name.empty());
  const Pieces pieces = unbreakable_pieces(name);
  CHECK(std::find(pieces.begin(), pieces.end(), std::string_view("Blackwell")) != pieces.end());
  std::string joined;
  for (std::string_view p : pieces) {
    CHECK(p.find(' ') == std::string_view::npos);
    joined += (joined.empty() ? "" : " ") + std::string(p);
  }
  CHECK(joined == name);  // every word, in order, none cut
}

TEST_CASE("wrap points: Chinese between characters, punctuation kept, numbers whole", "[wrap]") {
  CHECK(unbreakable_pieces("显存不足，换卡") == Pieces{"显", "存", "不", "足，", "换", "卡"});
  CHECK(unbreakable_pieces("1,026 CNY/month") == Pieces{"1,026", "CNY/month"});
  CHECK(unbreakable_pieces("约 17.4 GB\nRTX 4090") == Pieces{"约", "17.4", "GB", "RTX", "4090"});
  CHECK(unbreakable_pieces("  ") == Pieces{});
}

TEST_CASE("stretch widths: by weight, but never under a column's widest word", "[wrap]") {
  const std::vector<float> weights{1.5f, 1.6f, 1.1f, 1.4f, 1.3f};
  // Room for all: shares by weight (6.9 in all), the minimums below them changing nothing.
  std::vector<float> w = stretch_widths(690, weights, {10, 10, 10, 10, 10});
  CHECK(w[0] == Approx(150));
  CHECK(w[4] == Approx(130));
  // The first column's word needs 200 px of 690: it gets them, the others share 490 by weight.
  w = stretch_widths(690, weights, {200, 10, 10, 10, 10});
  CHECK(w[0] == Approx(200));
  CHECK(w[1] == Approx(490 * 1.6 / 5.4));
  float sum = 0;
  for (float x : w) sum += x;
  CHECK(sum == Approx(690));
  // Pinning one can push another under its minimum: it is pinned too.
  w = stretch_widths(400, weights, {200, 100, 10, 10, 10});
  CHECK(w[0] == Approx(200));
  CHECK(w[1] == Approx(100));
  CHECK(w[2] == Approx(100 * 1.1 / 3.8));
  // Less room than the words need: the words.
  CHECK(stretch_widths(100, weights, {200, 10, 10, 10, 10}) == std::vector<float>{200, 10, 10, 10, 10});
}

}  // namespace
}  // namespace cardfit::ui
