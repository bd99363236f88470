// core/catalog/catalog_snapshot.hpp: the binary snapshot the web page starts from holds exactly
// the catalog the JSON loader reads (the writer's text, and the estimates and plans computed
// from both, are the same); a damaged snapshot is an error with a message, never a crash.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "catalog_snapshot.hpp"
#include "catalog_write.hpp"
#include "estimate_json.hpp"
#include "measured.hpp"
#include "plan.hpp"
#include "plan_json.hpp"
#include "test_support.hpp"
#include "url_state.hpp"

using namespace cardfit;
using cardfit::test::all_errors;

namespace {

// The catalog as the JSON loader reads it (natively bundled_catalog() is the same load).
const Catalog& from_json() {
  static const Catalog c = [] {
    std::vector<CatalogFile> files;
    for (const assets::File& f : assets::catalog_files()) files.push_back(CatalogFile{std::string(f.name), f.text});
    Result<Catalog> r = load_catalog(files);
    INFO(all_errors(r.errors));
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

Catalog read_back(const std::string& bytes) {
  Result<Catalog> r = catalog_from_snapshot(bytes);
  INFO(all_errors(r.errors));
  REQUIRE(r.ok());
  return *r.value;
}

}  // namespace

TEST_CASE("catalog snapshot: reads back to the catalog the JSON loader reads", "[catalog][snapshot]") {
  const std::string bytes = catalog_snapshot(from_json());
  const Catalog back = read_back(bytes);
  CHECK(catalog_to_json(back) == catalog_to_json(from_json()));
  CHECK(catalog_snapshot(back) == bytes);  // and writes the same bytes again
  // Smaller than the minified JSON it replaces.
  std::size_t json_bytes = 0;
  for (const assets::File& f : assets::catalog_files()) json_bytes += f.text.size();
  CHECK(bytes.size() < json_bytes);
}

TEST_CASE("catalog snapshot: the bundled catalog is the JSON loader's (snapshot in the page, JSON natively)",
          "[catalog][snapshot]") {
  CHECK(catalog_to_json(test::catalog()) ==
        catalog_to_json(assets::bundled_catalog_is_snapshot() ? without_entry_notes(from_json()) : from_json()));
}

TEST_CASE("catalog snapshot: the page's catalog drops the entries' and the sources' notes",
          "[catalog][snapshot]") {
  const Catalog page = without_entry_notes(from_json());
  CHECK(page.models.size() == from_json().models.size());
  bool had = false;
  for (const Model& m : from_json().models) had = had || !m.notes.empty();
  CHECK(had);  // the bundled models have notes to drop
  for (const Model& m : page.models) CHECK(m.notes.empty());
  for (const Offer& o : page.offers) CHECK(o.notes.empty());
  for (const Platform& p : page.platforms) {
    for (const Upgrade& u : p.upgrades) CHECK(u.notes.empty());
  }
  REQUIRE(page.sources.size() == from_json().sources.size());
  bool source_notes = false;
  for (const Source& s : from_json().sources) source_notes = source_notes || !s.notes.empty();
  CHECK(source_notes);  // the bundled sources have notes to drop
  for (std::size_t i = 0; i < page.sources.size(); ++i) {
    CHECK(page.sources[i].notes.empty());
    CHECK(page.sources[i].title == from_json().sources[i].title);  // what the page cites them by stays
    CHECK(page.sources[i].url == from_json().sources[i].url);
  }
}

TEST_CASE("catalog snapshot: estimates and plans from it are the JSON catalog's", "[catalog][snapshot]") {
  const Catalog back = read_back(catalog_snapshot(from_json()));
  for (const char* query : {"", "model=llama-3.1-70b&precision=int4&budget-tier=3000-6000",
                            "model=qwen2.5-7b&task=lora&tokens=1e8", "model=deepseek-r1&engine=llama.cpp&precision=q4_k_m",
                            "model=mixtral-8x7b&gpu=4090&cards=2&lang=zh", "model=qwen2.5-72b&requests-per-s=5&currency=usd"}) {
    INFO(query);
    auto rq = request_from_pairs_strict(test::catalog(), decode_query(query));
    REQUIRE(rq.ok());
    const auto a = estimate(from_json(), rq.value->scenario);
    const auto b = estimate(back, rq.value->scenario);
    REQUIRE(a.ok() == b.ok());
    if (a.ok()) CHECK(estimate_to_json(*a.value, from_json(), Lang::En) == estimate_to_json(*b.value, back, Lang::En));
    const auto p = plan(from_json(), *rq.value);
    const auto q = plan(back, *rq.value);
    REQUIRE(p.ok() == q.ok());
    if (p.ok()) CHECK(plan_to_json(*p.value) == plan_to_json(*q.value));
  }
}

TEST_CASE("catalog snapshot: the page's measurements are those an estimate can show, with the same matches",
          "[catalog][snapshot][measured]") {
  const Catalog page = without_entry_notes(from_json());
  CHECK(page.measurements.size() < from_json().measurements.size());  // training rows and KV counts go
  CHECK(page.measurements.size() > from_json().measurements.size() / 2);
  // Each bundled row's own configuration, estimated from both catalogs: the same figures beside
  // every GPU row (the page cites the address without its locator).
  std::size_t shown = 0;
  for (const Measurement& m : from_json().measurements) {
    INFO(m.id << " " << m.scenario);
    auto rq = request_from_pairs_strict(from_json(), decode_query(m.scenario));
    if (!rq.ok()) continue;
    const auto a = estimate(from_json(), rq.value->scenario);
    const auto b = estimate(page, rq.value->scenario);
    REQUIRE(a.ok() == b.ok());
    if (!a.ok()) continue;
    REQUIRE(a.value->gpus.size() == b.value->gpus.size());
    for (std::size_t i = 0; i < a.value->gpus.size(); ++i) {
      const std::vector<MeasuredFigure> x = measured_for(from_json(), *a.value, a.value->gpus[i]);
      const std::vector<MeasuredFigure> y = measured_for(page, *b.value, b.value->gpus[i]);
      REQUIRE(x.size() == y.size());
      for (std::size_t j = 0; j < x.size(); ++j) {
        CHECK(x[j].id == y[j].id);
        CHECK(x[j].value == y[j].value);
        CHECK(x[j].estimate == y[j].estimate);
        CHECK(x[j].twin == y[j].twin);
      }
      shown += x.size();
    }
  }
  CHECK(shown > 50);  // the check compared real matches
}

TEST_CASE("catalog snapshot: a damaged snapshot is an error naming the damage, never a crash", "[catalog][snapshot]") {
  const std::string bytes = catalog_snapshot(from_json());
  const auto damaged = [](const std::string& b) {
    const Result<Catalog> r = catalog_from_snapshot(b);
    if (r.ok()) return false;
    const std::string text = all_errors(r.errors);
    CHECK(text.find("the bundled catalog snapshot is damaged") != std::string::npos);
    CHECK(test::zh(r.errors.front().message).find("内置目录快照已损坏") != std::string::npos);
    return true;
  };
  CHECK(damaged(""));
  CHECK(damaged("cardfit-snapshot/2\n"));
  CHECK(damaged(bytes + "x"));  // bytes after the end mark
  for (std::size_t cut = 0; cut < bytes.size(); cut += 997) {
    INFO("cut at " << cut);
    CHECK(damaged(bytes.substr(0, cut)));
  }
  // Changed bytes: either still a catalog or an error, and never a read past the end (ASan).
  for (std::size_t at = 19; at < bytes.size(); at += 1499) {
    std::string b = bytes;
    b[at] = static_cast<char>(0xff);
    (void)catalog_from_snapshot(b);
  }
}

TEST_CASE("catalog snapshot: every number reads back to the same double, short decimals or not", "[catalog][snapshot]") {
  Catalog c = from_json();
  REQUIRE(!c.gpus.empty());
  const double values[] = {0.1 + 0.2, 1.0 / 3, 1e-300, 989.4, 0.85, -2.5, 123456789012345678.0, 5e-324, -0.0,
                           9007199254740993.0, 1e22, 1e23, 0.30000000000000004, 3.0e-5, 4.35};
  for (double v : values) {
    INFO(v);
    c.gpus[0].memory_bandwidth_gb_per_s = v;
    const Catalog back = read_back(catalog_snapshot(c));
    const double got = back.gpus[0].memory_bandwidth_gb_per_s;
    CHECK(std::memcmp(&got, &v, sizeof v) == 0);
  }
}
