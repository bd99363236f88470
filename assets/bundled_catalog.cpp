// The bundled catalog: the embedded JSON files through the core's loader.
#include "catalog_load.hpp"
#include "embedded.hpp"

namespace cardfit::assets {

Result<Catalog> bundled_catalog() {
  std::vector<CatalogFile> files;
  for (const File& f : catalog_files()) files.push_back(CatalogFile{std::string(f.name), f.text});
  return load_catalog(files);
}

}  // namespace cardfit::assets
