// ui/app.hpp with a vendor kit's defaults (AppOptions::vendor, vendor_page, platform_first, as
// web/web_main.cpp passes them from the page's data block): the vendor's platform is listed
// first unless the link chose platforms, and waits for a catalog (an overlay) that has it; and
// any link's GPU or platform input refused only for an id the catalog lacked is read again when
// an overlay brings it (app_catalog_changed).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "../acme_overlay.hpp"
#include "app.hpp"
#include "url_state.hpp"

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

namespace cardfit::ui {
namespace {

// kAcmeOverlay (acme_overlay.hpp): an overlay that brings a GPU the bundled catalog lacks.
using test::kAcmeOverlay;

bool notice_on(const App& app, const std::string& field) {
  return std::any_of(app.state_notice.begin(), app.state_notice.end(),
                     [&field](const Issue& i) { return i.field.rfind(field, 0) == 0; });
}

std::string gpu_link(const std::string& gpu) {
  return "v=2&m=qwen2.5-14b&" + std::string(link_key(Input::Gpu)) + "=" + gpu + "&lang=en";
}

TEST_CASE("a link's GPU that only an overlay has is read again when the overlay comes, its notice gone",
          "[native][vendor][overlay]") {
  AppOptions o;
  o.state = gpu_link("rtx-4090-48g-acme");
  App app;
  app_init(app, o);
  REQUIRE(app.catalog_errors.empty());
  CHECK(notice_on(app, "gpu"));  // unknown here: said, and the rest of the link applies
  CHECK(app.state.request.scenario.gpu.empty());
  CHECK(app.state.request.scenario.model == "qwen2.5-14b");
  REQUIRE(app.link_waiting.size() == 1);
  app.dirty = false;
  const auto outcome = app_open_files(app, {UserFile{"acme.json", std::string(kAcmeOverlay), false}});
  REQUIRE(outcome.size() == 1);
  REQUIRE(outcome[0].ok);
  CHECK(app.state.request.scenario.gpu == "rtx-4090-48g-acme");
  CHECK(app.state.request.scenario.model == "qwen2.5-14b");
  CHECK_FALSE(notice_on(app, "gpu"));
  CHECK(app.link_waiting.empty());
  CHECK(app.dirty);
  CHECK(app.published_state.find("rtx-4090-48g-acme") != std::string::npos);  // the page's URL already says it
}

TEST_CASE("a waiting GPU: the reader's own choice stands, an id the overlay lacks keeps waiting",
          "[native][vendor][overlay]") {
  AppOptions o;
  o.state = gpu_link("rtx-4090-48g-acme");
  App chose;
  app_init(chose, o);
  chose.state.request.scenario.gpu = "rtx-4090";  // picked in the GPU list before the overlay came
  app_open_files(chose, {UserFile{"acme.json", std::string(kAcmeOverlay), false}});
  CHECK(chose.state.request.scenario.gpu == "rtx-4090");
  CHECK(chose.link_waiting.empty());

  o.state = gpu_link("rtx-9090-acme");
  App other;
  app_init(other, o);
  app_open_files(other, {UserFile{"acme.json", std::string(kAcmeOverlay), false}});
  CHECK(other.state.request.scenario.gpu.empty());
  CHECK(notice_on(other, "gpu"));
  CHECK(other.link_waiting.size() == 1);
}

TEST_CASE("a link's platform that only an overlay has is read again when the catalog gets it (no vendor kit)",
          "[native][vendor][overlay]") {
  AppOptions o;
  o.state = "v=2&m=qwen2.5-7b&" + std::string(link_key(Input::PlatformFirst)) + "=example-cloud~autodl";
  App app;
  app_init(app, o);
  CHECK(notice_on(app, "platforms_first"));
  CHECK(app.state.request.platforms_first.empty());
  app_catalog_changed(app);  // nothing new yet: still waiting
  CHECK(app.link_waiting.size() == 1);
  Platform p;
  p.id = "example-cloud";
  app.catalog.platforms.push_back(p);  // what an overlay brings (web/bindings.cpp overlay_to calls app_catalog_changed)
  app_catalog_changed(app);
  CHECK(app.state.request.platforms_first == Ids{"example-cloud", "autodl"});
  CHECK_FALSE(notice_on(app, "platforms_first"));
  CHECK(app.link_waiting.empty());
}

}  // namespace
}  // namespace cardfit::ui
