// Shared by the tests: the bundled catalog (loaded once) and small helpers.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "catalog.hpp"
#include "catalog_load.hpp"
#include "embedded.hpp"
#include "estimate.hpp"
#include "message.hpp"
#include "messages.hpp"
#include "names.hpp"

namespace cardfit::embedded {
std::string_view formula_catalog();  // tests/fixtures/formula-catalog.json, compiled in
std::string_view plan_platforms();     // tests/fixtures/plan-platforms.json
std::string_view plan_budget_tiers();  // tests/fixtures/plan-budget-tiers.json
}  // namespace cardfit::embedded

namespace cardfit::test {

// A message as the English / Chinese reader sees it.
inline std::string en(const Message& m) { return render(m, Lang::En); }
inline std::string zh(const Message& m) { return render(m, Lang::Zh); }

// Every issue on its own line, for failure messages.
inline std::string all_errors(const std::vector<Issue>& issues) {
  std::string s;
  for (const Issue& i : issues) s += issue_text(i, Lang::En) + "\n";
  return s;
}

inline const Catalog& catalog() {
  static const Catalog c = [] {
    Result<Catalog> r = assets::bundled_catalog();
    INFO(all_errors(r.errors));
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

// The formula tests' catalog: a frozen copy of the entries they use, so that correcting a
// bundled datum (a datasheet figure, an engine's calibration) does not change what they check.
inline const Catalog& fixture() {
  static const Catalog c = [] {
    Result<Catalog> r = load_catalog({CatalogFile{"formula-catalog.json", embedded::formula_catalog()}});
    INFO(all_errors(r.errors));
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

// The planner tests' catalog: the bundled GPUs, models and engines with frozen prices (platforms,
// offers, the USD-CNY rate and budget tiers from tests/fixtures/plan-*.json), so that updating a
// bundled price or the rate does not break a test that checks the planner's arithmetic.
inline const Catalog& plan_catalog() {
  static const Catalog c = [] {
    std::vector<CatalogFile> files;
    for (const assets::File& f : assets::catalog_files()) {
      if (f.name == "platforms.json") {
        files.push_back(CatalogFile{"plan-platforms.json", embedded::plan_platforms()});
      } else if (f.name == "budget_tiers.json") {
        files.push_back(CatalogFile{"plan-budget-tiers.json", embedded::plan_budget_tiers()});
      } else {
        files.push_back(CatalogFile{std::string(f.name), f.text});
      }
    }
    Result<Catalog> r = load_catalog(files);
    INFO(all_errors(r.errors));
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

inline const Model& model(const std::string& id, const Catalog& c = catalog()) {
  const Model* m = c.find_model(id);
  INFO("model " << id);
  REQUIRE(m != nullptr);
  return *m;
}

inline const Gpu& gpu(const std::string& id, const Catalog& c = catalog()) {
  const Gpu* g = c.find_gpu(id);
  INFO("gpu " << id);
  REQUIRE(g != nullptr);
  return *g;
}

// estimate() that must succeed; prints the errors otherwise.
inline Estimate run(const Scenario& s, const Catalog& c = catalog()) {
  Result<Estimate> r = estimate(c, s);
  INFO(all_errors(r.errors));
  REQUIRE(r.ok());
  return *r.value;
}

// The same helpers over the fixture, for the formula tests (`using namespace test::formula`).
namespace formula {
inline const Catalog& catalog() { return fixture(); }
inline const Model& model(const std::string& id) { return test::model(id, fixture()); }
inline const Gpu& gpu(const std::string& id) { return test::gpu(id, fixture()); }
inline Estimate run(const Scenario& s) { return test::run(s, fixture()); }
}  // namespace formula

inline const GpuEstimate& on(const Estimate& e, const std::string& gpu_id) {
  for (const GpuEstimate& g : e.gpus) {
    if (g.gpu == gpu_id) return g;
  }
  FAIL("no GPU " << gpu_id << " in the estimate");
  return e.gpus.front();
}

inline bool has_error(const Result<Estimate>& r, const std::string& field) {
  for (const Issue& i : r.errors) {
    if (i.field == field) return true;
  }
  return false;
}

// Whether a list of warnings holds one with this code (message_code of its id).
inline bool has_code(const std::vector<Message>& warnings, const std::string& code) {
  for (const Message& m : warnings) {
    if (message_code(m.id) == code) return true;
  }
  return false;
}

inline constexpr double kGB = 1e9;
inline constexpr double kGiB = 1073741824.0;

}  // namespace cardfit::test
