// Fuzz target: the catalog loader. The input is a vendor overlay laid over the bundled
// catalog, and also a whole catalog file. Properties: no crash or sanitizer report; an
// overlay that loads writes back (catalog_to_json) to a document that loads to the same text;
// the merged catalog plans the default request into an answer or an error, never a NaN; its
// binary snapshot reads back to the same catalog; and the input's bytes read as a snapshot
// give a catalog or an error (catalog_snapshot.hpp), never a read past the end.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "catalog_load.hpp"
#include "catalog_snapshot.hpp"
#include "catalog_write.hpp"
#include "fuzz_support.hpp"
#include "plan.hpp"

using namespace cardfit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<Catalog> merged = apply_overlay(fuzz::bundled(), CatalogFile{"fuzz.json", text});
  if (merged.ok()) {
    const std::string written = catalog_to_json(*merged.value);
    const Result<Catalog> again = load_catalog({CatalogFile{"written.json", written}});
    FUZZ_CHECK(again.ok(), "a merged catalog's JSON loads back");
    FUZZ_CHECK(catalog_to_json(*again.value) == written, "writing the reloaded catalog gives the same text");
    const Result<Catalog> snapshot = catalog_from_snapshot(catalog_snapshot(*merged.value));
    FUZZ_CHECK(snapshot.ok() && catalog_to_json(*snapshot.value) == written, "the snapshot reads back to the same catalog");
    PlanRequest request;
    request.top = 5;
    const Result<Plan> p = plan(*merged.value, request);
    if (p.ok()) {
      for (const Option& o : p.value->options) {
        FUZZ_CHECK(o.monthly_cost.high == o.monthly_cost.high && o.monthly_cost.high >= 0, "a real monthly cost");
      }
    }
  } else {
    FUZZ_CHECK(!merged.errors.empty(), "a refused overlay says why");
  }
  const Result<Catalog> whole = load_catalog({CatalogFile{"fuzz.json", text}});
  FUZZ_CHECK(whole.ok() || !whole.errors.empty(), "a refused catalog says why");
  const Result<Catalog> bytes = catalog_from_snapshot("cardfit-snapshot/1\n" + std::string(text));
  FUZZ_CHECK(bytes.ok() || !bytes.errors.empty(), "a damaged snapshot says why");
  return 0;
}
