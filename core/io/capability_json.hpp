// What one GPU x cards can do (core/plan/capability.hpp) as JSON text: the `cardfit capacity
// --json` contract (docs/cli.md) and the web page's Embind API print it from here. Never throws.
#pragma once

#include <string>

#include "capability.hpp"
#include "catalog.hpp"
#include "json_style.hpp"

namespace cardfit {

// {"schema": "cardfit.capacity/1", "ok": true, "gpu", "cards", "headroom", "summary",
//  "precisions": [...], "largest": {...} | null, "models": [{...}, ...]}; the summary in `lang`.
std::string capability_to_json(const CardCapability& capability, const Catalog& catalog, Lang lang,
                               JsonStyle style = JsonStyle::Compact);

}  // namespace cardfit
