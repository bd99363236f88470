// An Estimate as JSON text: the `cardfit estimate --json` contract (docs/cli.md) and the web
// page's Embind API both print it from here. Never throws (invalid UTF-8 is replaced).
#pragma once

#include <string>

#include "catalog.hpp"
#include "estimate.hpp"
#include "json_style.hpp"

namespace cardfit {

// {"schema": "cardfit.estimate/1", "ok": true, "params": {...}, "memory_bytes": {...}, "gpus": [...],
// "explain": [...], ...}; warnings and explanations in `lang`.
std::string estimate_to_json(const Estimate& estimate, const Catalog& catalog, Lang lang,
                             JsonStyle style = JsonStyle::Compact);

}  // namespace cardfit
