// Build step (cmake/assets.cmake, when CARDFIT_CATALOG_SNAPSHOT is on): loads the embedded
// catalog JSON with the core's loader (parsed and validated), writes its binary snapshot
// (core/catalog/catalog_snapshot.hpp) to OUT, and checks that the snapshot reads back to the
// same catalog (the JSON writer's text of both). Any problem fails the build.
// The page shows the sources' notes (the sources panel) but no entry's own: the maintainers'
// notes on GPUs, models, precisions, platforms, offers, tiers and engines (how a figure was
// read off its source) stay in the JSON files, the CLI and the desktop app, and are left out
// of the page's snapshot (about a twentieth of the page's bytes; docs/web.md).
// Under Emscripten it runs in node (CMAKE_CROSSCOMPILING_EMULATOR, -sNODERAWFS).
// Usage: cardfit_catalog_snapshot OUT
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "catalog_load.hpp"
#include "catalog_snapshot.hpp"
#include "catalog_write.hpp"
#include "embedded.hpp"

int main(int argc, char** argv) {
  using namespace cardfit;
  if (argc != 2) {
    std::fprintf(stderr, "usage: cardfit_catalog_snapshot OUT\n");
    return 2;
  }
  std::vector<CatalogFile> files;
  for (const assets::File& f : assets::catalog_files()) files.push_back(CatalogFile{std::string(f.name), f.text});
  Result<Catalog> catalog = load_catalog(files);
  if (!catalog.ok()) {
    for (const Issue& i : catalog.errors) std::fprintf(stderr, "catalog: %s\n", issue_text(i, Lang::En).c_str());
    return 1;
  }
  *catalog.value = without_entry_notes(std::move(*catalog.value));
  const std::string bytes = catalog_snapshot(*catalog.value);
  const Result<Catalog> back = catalog_from_snapshot(bytes);
  if (!back.ok() || catalog_to_json(*back.value) != catalog_to_json(*catalog.value)) {
    std::fprintf(stderr, "cardfit_catalog_snapshot: the snapshot does not read back to the same catalog\n");
    return 1;
  }
  std::FILE* out = std::fopen(argv[1], "wb");
  if (out == nullptr || std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size() || std::fclose(out) != 0) {
    std::fprintf(stderr, "cardfit_catalog_snapshot: cannot write %s\n", argv[1]);
    return 1;
  }
  std::printf("catalog snapshot: %zu bytes\n", bytes.size());
  return 0;
}
