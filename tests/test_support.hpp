// Shared by the tests: the bundled catalog (loaded once) and small helpers.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "catalog.hpp"
#include "embedded.hpp"
#include "estimate.hpp"

namespace cardfit::test {

inline const Catalog& catalog() {
  static const Catalog c = [] {
    Result<Catalog> r = assets::bundled_catalog();
    for (const Issue& i : r.errors) WARN(i.field << ": " << i.message);
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

// Every issue on its own line, for failure messages.
inline std::string all_errors(const std::vector<Issue>& issues) {
  std::string s;
  for (const Issue& i : issues) s += i.field + ": " + i.message + "\n";
  return s;
}

inline const Model& model(const std::string& id) {
  const Model* m = catalog().find_model(id);
  INFO("model " << id);
  REQUIRE(m != nullptr);
  return *m;
}

inline const Gpu& gpu(const std::string& id) {
  const Gpu* g = catalog().find_gpu(id);
  INFO("gpu " << id);
  REQUIRE(g != nullptr);
  return *g;
}

// estimate() that must succeed; prints the errors otherwise.
inline Estimate run(const Scenario& s) {
  Result<Estimate> r = estimate(catalog(), s);
  for (const Issue& i : r.errors) INFO(i.field << ": " << i.message);
  REQUIRE(r.ok());
  return *r.value;
}

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

inline constexpr double kGB = 1e9;
inline constexpr double kGiB = 1073741824.0;

}  // namespace cardfit::test
