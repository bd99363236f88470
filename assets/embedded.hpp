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
// The characters (UTF-8) that no embedded font holds and the system's fonts draw into the
// atlas (the web page's Chinese text; cmake option CARDFIT_SYSTEM_CJK); "" when the fonts hold all.
std::string_view system_glyphs();

// The bundled catalog, parsed and validated (core's load_catalog over catalog_files()), or
// read from the binary snapshot written from them at build time (CARDFIT_CATALOG_SNAPSHOT).
Result<Catalog> bundled_catalog();
// True when that is the snapshot (the page's build): the catalog without the entries' own notes
// (catalog_snapshot.hpp without_entry_notes).
bool bundled_catalog_is_snapshot();

}  // namespace cardfit::assets
