// A Plan as JSON text: the `cardfit plan --json` contract (docs/cli.md) and the web page's
// Embind API both print it from here. Never throws (invalid UTF-8 is replaced, not fatal).
#pragma once

#include <string>
#include <vector>

#include "json_style.hpp"
#include "plan.hpp"
#include "result.hpp"

namespace cardfit {

// {"schema": "cardfit.plan/1", "ok": true, "pick": OPTION|null, "options": [OPTION...],
// "alternatives": [{"kind", "change", "pick": OPTION}], ...}; reasons and warnings in plan.lang
// (both languages under *_en / *_zh).
std::string plan_to_json(const Plan& plan, JsonStyle style = JsonStyle::Compact);

// {"schema": schema, "ok": false, "errors": [{"field", "code", "message"}]} (no "schema" when
// it is empty), messages in `lang`: every JSON error output (CLI, JS API) prints it from here.
std::string errors_to_json(const std::vector<Issue>& errors, Lang lang, JsonStyle style = JsonStyle::Compact,
                           const char* schema = "");

}  // namespace cardfit
