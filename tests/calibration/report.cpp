// `make calibration`: every calibration row predicted vs measured, then the median absolute
// error per group (engine and GPU memory type; training by architecture).
// Usage: cardfit_calibration [--catalog OVERLAY.json]... [--rows ROWS.json]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "calibration.hpp"
#include "catalog_load.hpp"
#include "embedded.hpp"

using namespace cardfit;

namespace {

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> overlays;
  std::string rows_path;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--catalog" || a == "--rows") && i + 1 < argc) {
      (a == "--catalog" ? overlays.emplace_back(argv[++i]) : rows_path = argv[++i]);
    } else {
      std::cerr << "usage: cardfit_calibration [--catalog OVERLAY.json]... [--rows ROWS.json]\n";
      return 2;
    }
  }
  Result<Catalog> catalog = assets::bundled_catalog();
  if (!catalog.ok()) {
    std::cerr << "bundled catalog: " << issue_text(catalog.errors.front(), Lang::En) << "\n";
    return 1;
  }
  for (const std::string& path : overlays) {
    std::string text;
    if (!read_file(path, text)) {
      std::cerr << path << ": cannot read\n";
      return 1;
    }
    Result<Catalog> merged = apply_overlay(*catalog.value, CatalogFile{path, text});
    if (!merged.ok()) {
      for (const Issue& e : merged.errors) std::cerr << issue_text(e, Lang::En) << "\n";
      return 1;
    }
    catalog = std::move(merged);
  }
  std::string text(calibration::embedded_rows());
  if (!rows_path.empty() && !read_file(rows_path, text)) {
    std::cerr << rows_path << ": cannot read\n";
    return 1;
  }
  const calibration::Rows rows = calibration::parse_rows(text);
  for (const std::string& e : rows.errors) std::cerr << e << "\n";

  std::map<std::string, std::vector<double>> by_group;
  std::map<std::string, int> outside;
  int failed = 0;
  std::printf("%-44s %-22s %-24s %12s %12s %8s %5s\n", "row", "group", "metric", "measured", "predicted", "error",
              "tol");
  for (const calibration::Row& row : rows.rows) {
    const calibration::Prediction p = calibration::predict(*catalog.value, row);
    if (!p.error.empty()) {
      std::printf("%-44s %-22s %-24s %12.4g %12s  %s\n", row.id.c_str(), p.group.c_str(), row.metric.c_str(),
                  row.measured, "-", p.error.c_str());
      ++failed;
      continue;
    }
    const double err = p.relative_error();
    const bool ok = std::fabs(err) <= row.tolerance;
    by_group[p.group].push_back(std::fabs(err));
    if (!ok) ++outside[p.group];
    std::printf("%-44s %-22s %-24s %12.4g %12.4g %+7.1f%% %4.0f%%%s\n", row.id.c_str(), p.group.c_str(),
                row.metric.c_str(), row.measured, p.value, err * 100, row.tolerance * 100, ok ? "" : "  OUTSIDE");
  }
  std::printf("\n%-24s %5s %14s %10s %9s\n", "group", "rows", "median |error|", "max", "outside");
  std::vector<double> all;
  for (const auto& [group, errors] : by_group) {
    all.insert(all.end(), errors.begin(), errors.end());
    std::printf("%-24s %5zu %13.1f%% %9.1f%% %9d\n", group.c_str(), errors.size(), median(errors) * 100,
                *std::max_element(errors.begin(), errors.end()) * 100, outside[group]);
  }
  std::printf("%-24s %5zu %13.1f%%\n", "all", all.size(), median(all) * 100);
  if (failed > 0) std::printf("%d rows did not estimate\n", failed);
  return rows.errors.empty() ? 0 : 1;
}
