// Catalog loader: parse JSON text (never a file), validate, merge overlays.
// Every problem is an Issue with a JSON path ("gpus[3].memory_mib") and a plain reason.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "result.hpp"

namespace cardfit {

struct CatalogFile {
  std::string name;       // shown in error paths, e.g. "gpus.json"
  std::string_view text;  // JSON text; must outlive the call only
};

// Parses and merges all files (any file may hold any section), then validates.
Result<Catalog> load_catalog(const std::vector<CatalogFile>& files);

// A user/vendor overlay on top of `base`: override by id, add new entries, remove entries
// with "remove": true. On any problem returns errors and `base` is untouched.
Result<Catalog> apply_overlay(const Catalog& base, const CatalogFile& overlay);

// A user's own measurements (`--measurements FILE`, docs/measurements.md): a document with only
// "schema", "comment" and "measurements", each row checked as a bundled one is (fields, plausible
// figures, ids known to `base`). The rows go to Catalog::your_measurements, never into the bundled
// `measurements`; an id may repeat a bundled one.
Result<std::vector<Measurement>> load_your_measurements(const Catalog& base, const CatalogFile& file);

}  // namespace cardfit
