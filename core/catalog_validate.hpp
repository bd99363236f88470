// Internal to core: catalog validation with knowledge of where each entry came from, so
// that load_catalog / apply_overlay report "gpus.json: gpus[3].memory_mib" rather than an
// index into the merged vectors.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "json_text.hpp"

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

// One model's field and cross-field rules (custom models, which live outside a catalog).
void validate_model_into(const Model& model, const std::string& path, IssueList& issues);

}  // namespace cardfit::detail
