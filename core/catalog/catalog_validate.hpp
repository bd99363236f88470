// Catalog validation: every field against its rule (catalog_fields.hpp), rules across the
// fields of one entry, unique well-formed ids, and references between entries. The loader
// (catalog_load.cpp) validates with knowledge of where each entry came from, so that errors
// read "gpus.json: gpus[3].memory_mib" rather than an index into the merged vectors.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "json_text.hpp"
#include "result.hpp"

namespace cardfit {

// Cross-entry checks of a whole catalog: ids unique and well-formed, references resolve, units sane.
std::vector<Issue> validate_catalog(const Catalog& catalog);

// One model's field and cross-field rules: the one check for catalog models, custom models
// imported from config.json and models read from links. `path` prefixes the fields ("model").
// `provenance`: whether source and as_of must be set (a catalog entry); a custom model has none.
std::vector<Issue> validate_model(const Model& model, const std::string& path, bool provenance = true);

}  // namespace cardfit

namespace cardfit::detail {

// Where entries were read: key "section/id" -> "file.json: section[i]". Entries without an
// origin are named by their index in the catalog ("offers[3]").
struct EntryOrigins {
  std::map<std::string, std::string> paths;

  static std::string key(const std::string& section, const std::string& id) { return section + "/" + id; }
  std::string path_of(const std::string& section, const std::string& id, std::size_t index) const;
  // For the single objects ("defaults", "custom", "default_usd_cny"): key(name, "").
  std::string path_or(const std::string& k, const std::string& fallback) const;
};

struct RemovedEntry {  // an overlay's {"id": ..., "remove": true}
  std::string section;  // "gpus"
  std::string id;
  std::string path;     // where the removal was written
};

// Single-field rules, cross-field rules, ids (format, uniqueness) and references.
void validate_into(const Catalog& catalog, const EntryOrigins& origins, const std::vector<RemovedEntry>& removed,
                   IssueList& issues);

}  // namespace cardfit::detail
