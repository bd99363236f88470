// A catalog as one JSON document ("cardfit.catalog/1") in the format the loader reads:
// `cardfit catalog --json` and round-trip tests.
#pragma once

#include <string>

#include "catalog.hpp"

namespace cardfit {

// Indented by 2 (a file to read and edit) unless `pretty` is false (one line).
std::string catalog_to_json(const Catalog& catalog, bool pretty = true);

}  // namespace cardfit
