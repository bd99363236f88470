// core/catalog/catalog_write.hpp: a catalog as one JSON document that the loader reads back to
// the same catalog, every field of every bundled file kept.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "catalog_load.hpp"
#include "catalog_snapshot.hpp"
#include "catalog_write.hpp"
#include "embedded.hpp"
#include "test_support.hpp"

using namespace cardfit;
using nlohmann::json;

TEST_CASE("catalog_to_json round-trips through load_catalog", "[catalog][roundtrip]") {
  const std::string text = catalog_to_json(test::catalog());
  const Result<Catalog> again = load_catalog({CatalogFile{"catalog.json", text}});
  INFO(test::all_errors(again.errors));
  REQUIRE(again.ok());
  CHECK(catalog_to_json(*again.value) == text);
  CHECK(again.value->gpus.size() == test::catalog().gpus.size());
  CHECK(again.value->offers.size() == test::catalog().offers.size());
  CHECK(again.value->defaults.usd_cny == test::catalog().defaults.usd_cny);
}

TEST_CASE("catalog_to_json keeps every field of every bundled file", "[catalog][roundtrip]") {
  const json out = json::parse(catalog_to_json(test::catalog()), nullptr, false);
  REQUIRE(out.is_object());
  auto is_zero = [](const json& v) {
    return v.is_null() || (v.is_number() && v.get<double>() == 0) || (v.is_boolean() && !v.get<bool>()) ||
           (v.is_string() && v.get<std::string>().empty()) || (v.is_array() && v.empty());
  };
  auto same = [](const json& a, const json& b) {
    if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();
    return a == b;
  };
  std::size_t compared = 0;
  for (const assets::File& f : assets::catalog_files()) {
    const json doc = json::parse(f.text.begin(), f.text.end(), nullptr, false);
    REQUIRE(doc.is_object());
    for (auto section = doc.begin(); section != doc.end(); ++section) {
      if (!section->is_array()) continue;
      for (const json& entry : *section) {
        const std::string id = entry.value("id", "");
        // The page's snapshot keeps only the measurements an estimate can show (catalog_snapshot.hpp).
        if (section.key() == "measurements" && assets::bundled_catalog_is_snapshot()) {
          Measurement m;
          m.metric = entry.value("metric", "");
          m.scenario = entry.value("scenario", "");
          if (!measurement_on_page(m)) continue;
        }
        const json* written = nullptr;
        for (const json& e : out[section.key()]) {
          if (e.value("id", "") == id) written = &e;
        }
        INFO(f.name << " " << section.key() << " " << id);
        REQUIRE(written != nullptr);
        for (auto field = entry.begin(); field != entry.end(); ++field) {
          if (field.key() == "comment") continue;
          // The page's snapshot leaves out the entries' and the sources' notes (catalog_snapshot.hpp).
          if (field.key() == "notes" && assets::bundled_catalog_is_snapshot()) continue;
          // ... and the measurements' calibration fields and source locators (without_entry_notes).
          if (section.key() == "measurements" && assets::bundled_catalog_is_snapshot() &&
              (field.key() == "tolerance" || field.key() == "version" || field.key() == "outside_reason" ||
               field.key() == "source")) {
            continue;
          }
          INFO(field.key());
          const auto it = written->find(field.key());
          if (it == written->end()) {
            CHECK(is_zero(*field));  // optional zero values are left out
          } else if (field->is_object()) {
            for (auto sub = field->begin(); sub != field->end(); ++sub) {
              CHECK((it->contains(sub.key()) ? same((*it)[sub.key()], *sub) : is_zero(*sub)));
            }
          } else if (!field->is_array() || field->empty() || !(*field)[0].is_object()) {
            CHECK(same(*it, *field));
          }
          ++compared;
        }
      }
    }
  }
  CHECK(compared > 2000);
}

