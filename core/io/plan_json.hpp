// A Plan as JSON text: the `cardfit plan --json` contract (docs/cli.md) and the web page's
// Embind API both print it from here. Never throws (invalid UTF-8 is replaced, not fatal).
#pragma once

#include <string>
#include <vector>

#include "plan.hpp"
#include "result.hpp"

namespace cardfit {

// {"ok": true, "pick": OPTION|null, "options": [OPTION...], "alternatives": [{"kind", "change",
// "pick": OPTION}], ...}; reasons and warnings in plan.lang (both languages under *_en / *_zh).
std::string plan_to_json(const Plan& plan);

// {"ok": false, "errors": [{"field", "code", "message"}]}, messages in `lang`: every JSON error
// output (CLI, JS API) prints it from here.
std::string errors_to_json(const std::vector<Issue>& errors, Lang lang);

}  // namespace cardfit
