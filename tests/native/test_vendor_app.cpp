// ui/app.hpp with a vendor kit's defaults (AppOptions::vendor, vendor_page, platform_first, as
// web/web_main.cpp passes them from the page's data block): the vendor's platform is listed
// first unless the link chose platforms, and waits for a catalog (an overlay) that has it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "app.hpp"

namespace cardfit::ui {
namespace {

using Ids = std::vector<std::string>;

TEST_CASE("vendor kit: its platform first, its name and page kept", "[native][vendor]") {
  AppOptions o;
  o.vendor = "<b>Example</b> Cloud";
  o.vendor_page = "https://gpu.example.com/cardfit/";
  o.platform_first = "autodl";
  o.state = "v=2&m=qwen2.5-7b";
  App app;
  app_init(app, o);
  REQUIRE(app.catalog_errors.empty());
  CHECK(app.state.request.platforms_first == Ids{"autodl"});
  CHECK(app.vendor == "<b>Example</b> Cloud");
  CHECK(app.vendor_page == "https://gpu.example.com/cardfit/");
  CHECK(app.vendor_platform.empty());
  // The published link is the state as loaded: the vendor's default does not mark it changed.
  CHECK(app.published_state.find("pf=autodl") != std::string::npos);
}

TEST_CASE("vendor kit: a link that names platforms wins", "[native][vendor]") {
  for (const std::string state : {"v=2&m=qwen2.5-7b&pl=aliyun", "v=1&model=qwen2.5-7b&platform-first=aliyun"}) {
    AppOptions o;
    o.platform_first = "autodl";
    o.state = state;
    App app;
    app_init(app, o);
    INFO(state);
    CHECK(std::find(app.state.request.platforms_first.begin(), app.state.request.platforms_first.end(), "autodl") ==
          app.state.request.platforms_first.end());
    CHECK(app.vendor_platform.empty());
  }
}

TEST_CASE("vendor kit: a platform only its overlay has is applied once the catalog has it", "[native][vendor]") {
  AppOptions o;
  o.platform_first = "example-cloud";
  o.state = "v=2&m=qwen2.5-7b";
  App app;
  app_init(app, o);
  CHECK(app.state.request.platforms_first.empty());  // not in the bundled catalog: a plan would refuse it
  CHECK(app.vendor_platform == "example-cloud");
  Platform p;
  p.id = "example-cloud";
  app.catalog.platforms.push_back(p);  // what the vendor's overlay brings (web/bindings.cpp overlay_to)
  app.dirty = false;
  app_apply_vendor_platform(app);
  CHECK(app.state.request.platforms_first == Ids{"example-cloud"});
  CHECK(app.dirty);
  CHECK(app.vendor_platform.empty());
  app_apply_vendor_platform(app);  // once
  CHECK(app.state.request.platforms_first == Ids{"example-cloud"});
}

TEST_CASE("vendor kit: its card's link (pf = its own platform) waits for the overlay, no unknown-platform notice",
          "[native][vendor]") {
  AppOptions o;
  o.platform_first = "example-cloud";
  o.state = "v=2&m=qwen2.5-7b&pf=example-cloud&lang=zh";  // what `cardfit card --vendor` prints and encodes
  App app;
  app_init(app, o);
  CHECK(app.state_notice.empty());
  CHECK(app.state.request.scenario.model == "qwen2.5-7b");
  CHECK(app.vendor_platform == "example-cloud");
  Platform p;
  p.id = "example-cloud";
  app.catalog.platforms.push_back(p);
  app_apply_vendor_platform(app);
  CHECK(app.state.request.platforms_first == Ids{"example-cloud"});
  // Another platform in the link is read as any link's: unknown here, so a notice.
  o.state = "v=2&m=qwen2.5-7b&pf=other-cloud";
  App other;
  app_init(other, o);
  CHECK_FALSE(other.state_notice.empty());
  CHECK(other.vendor_platform.empty());
}

}  // namespace
}  // namespace cardfit::ui
