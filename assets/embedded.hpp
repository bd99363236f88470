// The assets compiled into every binary by cmake/embed.cmake: catalog JSON files and the
// font subsets (the message table is compiled into the core). Pure data; nothing is read
// from disk at run time.
#pragma once

#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "result.hpp"

namespace cardfit::assets {

struct File {
  std::string_view name;  // file name, e.g. "gpus.json"
  std::string_view text;  // whole file contents
};

std::vector<File> catalog_files();  // assets/catalog/*.json, sorted by name
std::vector<File> ui_fonts();       // TTF subsets in merge order (Latin, then CJK); empty if not built

// The bundled catalog, parsed and validated (core's load_catalog over catalog_files()).
Result<Catalog> bundled_catalog();

}  // namespace cardfit::assets
