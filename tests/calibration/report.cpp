// `make calibration`: every calibration row predicted vs measured, then the median absolute
// error per group (engine and GPU memory type; training by architecture), with the mean, the largest
// and how many rows are outside their tolerance (KNOWN: outside for the reason the row names).
// Usage: cardfit_calibration [--catalog OVERLAY.json]... [--rows ROWS.json] [--markdown]
// --markdown prints the same as the tables in docs/model.md §Calibration.
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

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> overlays;
  std::string rows_path;
  bool markdown = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--catalog" || a == "--rows") && i + 1 < argc) {
      (a == "--catalog" ? overlays.emplace_back(argv[++i]) : rows_path = argv[++i]);
    } else if (a == "--markdown") {
      markdown = true;
    } else {
      std::cerr << "usage: cardfit_calibration [--catalog OVERLAY.json]... [--rows ROWS.json] [--markdown]\n";
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
  std::map<std::string, int> known;
  int failed = 0;
  if (markdown) {
    std::printf("| row | group | metric | measured | predicted | error | tolerance | source (date, version) |\n");
    std::printf("|---|---|---|---:|---:|---:|---:|---|\n");
  } else {
    std::printf("%-44s %-28s %-24s %12s %12s %8s %5s\n", "row", "group", "metric", "measured", "predicted", "error",
                "tol");
  }
  for (const calibration::Row& row : rows.rows) {
    const calibration::Prediction p = calibration::predict(*catalog.value, row);
    if (!p.error.empty()) {
      if (markdown) {
        std::printf("| %s | %s | %s | %.4g | - | %s | | |\n", row.id.c_str(), p.group.c_str(), row.metric.c_str(),
                    row.measured, p.error.c_str());
      } else {
        std::printf("%-44s %-28s %-24s %12.4g %12s  %s\n", row.id.c_str(), p.group.c_str(), row.metric.c_str(),
                    row.measured, "-", p.error.c_str());
      }
      ++failed;
      continue;
    }
    const double err = p.relative_error();
    const bool ok = std::fabs(err) <= row.tolerance;
    by_group[p.group].push_back(std::fabs(err));
    const bool known_outside = !ok && !row.outside_reason.empty();
    if (!ok) ++(known_outside ? known : outside)[p.group];
    if (markdown) {
      std::printf("| %s | %s | %s | %.4g | %.4g | %+.1f%% | %.0f%% | %s (%s, %s) |\n", row.id.c_str(), p.group.c_str(),
                  row.metric.c_str(), row.measured, p.value, err * 100, row.tolerance * 100, row.source.c_str(),
                  row.date.c_str(), row.version.c_str());
    } else {
      std::printf("%-44s %-28s %-24s %12.4g %12.4g %+7.1f%% %4.0f%%%s\n", row.id.c_str(), p.group.c_str(),
                  row.metric.c_str(), row.measured, p.value, err * 100, row.tolerance * 100,
                  ok ? "" : known_outside ? "  KNOWN" : "  OUTSIDE");
    }
  }
  std::vector<double> all;
  if (markdown) {
    std::printf("\n| group | rows | median abs. error | mean abs. error | max | outside tolerance (known) |\n"
                "|---|---:|---:|---:|---:|---:|\n");
  } else {
    std::printf("\n%-28s %5s %14s %12s %10s %9s %6s\n", "group", "rows", "median |error|", "mean |error|", "max",
                "outside", "known");
  }
  for (const auto& [group, errors] : by_group) {
    all.insert(all.end(), errors.begin(), errors.end());
    const double worst = *std::max_element(errors.begin(), errors.end());
    std::printf(markdown ? "| %s | %zu | %.1f%% | %.1f%% | %.1f%% | %d (%d) |\n" : "%-28s %5zu %13.1f%% %11.1f%% %9.1f%% %9d %6d\n",
                group.c_str(), errors.size(), median(errors) * 100, mean(errors) * 100, worst * 100, outside[group],
                known[group]);
  }
  if (markdown) {
    std::printf("| all | %zu | %.1f%% | %.1f%% | | |\n", all.size(), median(all) * 100, mean(all) * 100);
  } else {
    std::printf("%-28s %5zu %13.1f%% %11.1f%%\n", "all", all.size(), median(all) * 100, mean(all) * 100);
  }
  if (failed > 0) std::printf("%d rows did not estimate\n", failed);
  return rows.errors.empty() ? 0 : 1;
}
