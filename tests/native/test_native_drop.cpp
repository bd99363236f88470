// native/native_drop.hpp and the file helpers of native_files.hpp, without a window: files
// dropped (paths read from disk), the overlays remembered between runs, saving without a dialog.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "catalog_write.hpp"
#include "embedded.hpp"
#include "native_drop.hpp"
#include "native_files.hpp"
#include "native_test_folder.hpp"

namespace cardfit::native {
namespace {

namespace fs = std::filesystem;

using test::Folder;

const char* const kConfig = R"({"model_type": "qwen2", "hidden_size": 3584, "intermediate_size": 18944,
  "max_position_embeddings": 32768, "num_attention_heads": 28, "num_hidden_layers": 28,
  "num_key_value_heads": 4, "tie_word_embeddings": false, "vocab_size": 152064})";
const char* const kOverlay = R"({"schema": "cardfit.catalog/1", "offers": [
  {"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "prices": [{"term": "monthly", "low": 850, "high": 850}]}]})";
const char* const kBroken = R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "a10", "replaces": true, "source": "cardfit", "memory_mib": -5}]})";

ui::App app_with_catalog() {
  ui::App app;
  auto c = assets::bundled_catalog();
  REQUIRE(c.ok());
  app.catalog = std::move(*c.value);
  app.dirty = false;
  return app;
}

std::string errors(const ui::App& app) {
  std::string s;
  for (const Issue& i : app.file_errors) s += issue_text(i, Lang::En) + "\n";
  return s;
}

TEST_CASE("drop: a config.json, an overlay, a broken file and a missing one", "[native][drop]") {
  const Folder f("drop");
  ui::App app = app_with_catalog();
  const std::vector<std::string> paths{f.write("config.json", kConfig), f.write("vendor.json", kOverlay),
                                       f.write("broken.json", kBroken), (f.dir / "gone.json").string()};
  const auto outcomes = open_paths(app, paths);
  REQUIRE(outcomes.size() == 4);
  CHECK((outcomes[0].ok && outcomes[0].kind == FileKind::ModelConfig));
  CHECK((outcomes[1].ok && outcomes[1].kind == FileKind::Overlay));
  CHECK((!outcomes[2].ok && outcomes[2].kind == FileKind::Overlay));
  CHECK(!outcomes[3].ok);
  CHECK(app.dirty);
  CHECK(app.state.custom_model);
  REQUIRE(app.state.request.scenario.custom_model);
  CHECK(app.state.request.scenario.custom_model->num_layers == 28);
  CHECK(app.catalog.find_offer("yiwan-t4-card")->prices[0].price.low == 850);
  REQUIRE(app.files_loaded.size() == 2);
  CHECK(render(app.files_loaded[1], Lang::En).find("Loaded overlay " + paths[1] + ": 1 offers") == 0);
  const std::string e = errors(app);
  CHECK(e.find(paths[2] + " was not loaded; nothing was changed") != std::string::npos);
  CHECK(e.find(paths[3] + " could not be read") != std::string::npos);
  CHECK(render(app.file_errors.front().message, Lang::Zh).find(paths[2]) != std::string::npos);

  // Only the overlay that loaded is remembered.
  CHECK(remember_overlays({}, paths, outcomes) == std::vector<std::string>{paths[1]});
}

TEST_CASE("drop: a file that fails keeps the last good catalog and model", "[native][drop]") {
  const Folder f("keep");
  ui::App app = app_with_catalog();
  open_paths(app, {f.write("vendor.json", kOverlay), f.write("config.json", kConfig)});
  const std::string catalog = catalog_to_json(app.catalog);
  const int layers = app.state.request.scenario.custom_model->num_layers;
  app.dirty = false;
  const auto outcomes = open_paths(app, {f.write("broken.json", kBroken), f.write("bad-config.json", R"({"model_type": "llama"})"),
                                         f.write("notes.json", R"({"title": "notes"})"), f.write("photo.png", "\x89PNG")});
  for (const auto& o : outcomes) CHECK(!o.ok);
  CHECK(outcomes[2].kind == FileKind::Unknown);
  CHECK(catalog_to_json(app.catalog) == catalog);
  CHECK(app.state.request.scenario.custom_model->num_layers == layers);
  CHECK(!app.dirty);
  CHECK(app.files_loaded.empty());
  const std::string e = errors(app);
  CHECK(e.find("notes.json is neither a model config.json") != std::string::npos);
  CHECK(e.find("photo.png is neither") != std::string::npos);
  CHECK(e.find("bad-config.json was not loaded") != std::string::npos);
}

TEST_CASE("remembered overlays: the setting round-trips, a gone or now invalid file is said and forgotten",
          "[native][drop]") {
  const Folder f("remember");
  const std::string a = f.write("a.json", kOverlay), b = f.write("b.json", kOverlay);
  CHECK(overlays_from_setting(overlays_setting({a, b})) == std::vector<std::string>{a, b});
  CHECK(overlays_from_setting("").empty());
  CHECK(overlays_from_setting("{not json").empty());
  CHECK(overlays_from_setting(R"(["x", 3])") == std::vector<std::string>{"x"});
  // Dropped again: moved to the end (applied last), not listed twice.
  CHECK(remember_overlays({a, b}, {a}, {ui::FileOutcome{FileKind::Overlay, true}}) == std::vector<std::string>{b, a});
  CHECK(remember_overlays({a}, {b}, {ui::FileOutcome{FileKind::ModelConfig, true}}) == std::vector<std::string>{a});

  ui::App app = app_with_catalog();
  const std::string broken = f.write("now-broken.json", kBroken);
  const std::string gone = (f.dir / "gone.json").string();
  CHECK(reopen_overlays(app, {gone, a, broken}) == std::vector<std::string>{a});
  REQUIRE(app.files_loaded.size() == 2);
  CHECK(render(app.files_loaded[0], Lang::En) == "Reopened from the last session");
  CHECK(app.catalog.find_offer("yiwan-t4-card")->prices[0].price.low == 850);
  const std::string e = errors(app);
  CHECK(e.find(gone + " could not be read") != std::string::npos);
  CHECK(e.find(broken + " was not loaded") != std::string::npos);
}

TEST_CASE("window size: remembered as WxH, anything odd ignored", "[native][settings]") {
  int w = 1280, h = 800;
  CHECK(window_size_from_setting(window_size_setting(1500, 900), w, h));
  CHECK((w == 1500 && h == 900));
  for (const char* bad : {"", "1500", "1500x", "x900", "100x100", "99999x900", "1500x900x2", "1500*900", "abc"}) {
    CAPTURE(bad);
    CHECK(!window_size_from_setting(bad, w, h));
    CHECK((w == 1500 && h == 900));
  }
}

TEST_CASE("save without a dialog: Downloads folder, never over an existing file", "[native][save]") {
  const Folder f("save");
  const std::string first = unused_path(f.dir.string(), "cardfit-options", "20261201-064500", "csv");
  CHECK(first == (f.dir / "cardfit-options-20261201-064500.csv").string());
  CHECK(write_new_file(first, "a,b\n"));
  CHECK(!write_new_file(first, "other"));  // never clobbers
  CHECK(*read_file(first) == "a,b\n");
  CHECK(unused_path(f.dir.string(), "cardfit-options", "20261201-064500", "csv") ==
        (f.dir / "cardfit-options-20261201-064500-2.csv").string());
  CHECK(unused_path("", "cardfit-options", "x", "md") == "cardfit-options-x.md");
  CHECK(timestamp().size() == 15);

#if !defined(_WIN32)
  const char* old = std::getenv("XDG_DOWNLOAD_DIR");
  const std::string saved = old ? old : "";
  setenv("XDG_DOWNLOAD_DIR", f.dir.string().c_str(), 1);
  CHECK(downloads_folder() == f.dir.string());
  setenv("XDG_DOWNLOAD_DIR", (f.dir / "missing").string().c_str(), 1);
  CHECK(downloads_folder() != (f.dir / "missing").string());  // a folder that does not exist is not used
  if (old) setenv("XDG_DOWNLOAD_DIR", saved.c_str(), 1); else unsetenv("XDG_DOWNLOAD_DIR");
#endif
}

}  // namespace
}  // namespace cardfit::native
