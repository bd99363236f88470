// Shared by the benchmarks: the bundled catalog, loaded once outside the timing.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "embedded.hpp"

namespace cardfit::bench {

inline const Catalog& catalog() {
  static const Catalog c = [] {
    Result<Catalog> r = assets::bundled_catalog();
    if (!r.ok()) {
      for (const Issue& i : r.errors) std::fprintf(stderr, "%s\n", issue_text(i, Lang::En).c_str());
      std::abort();
    }
    return *r.value;
  }();
  return c;
}

}  // namespace cardfit::bench
