// The user's choices as versioned key=value pairs: the web page's URL
// (index.html?v=1&model=qwen2.5-14b&precision=int4&context=8k), the desktop app's
// --state argument and the Embind API's input objects all go through this one reader.
// Keys, kinds and bounds come from the input table (core/estimate/inputs.hpp); only values that
// differ from the defaults are written, so links stay short and readable.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "inputs.hpp"
#include "plan_types.hpp"
#include "result.hpp"

namespace cardfit {

inline constexpr std::string_view kStateVersion = "1";  // the "v" key; bump on incompatible changes

using KeyValues = std::vector<std::pair<std::string, std::string>>;

struct DecodedState {
  PlanRequest request;        // defaults with every valid pair applied
  std::vector<Issue> issues;  // pairs that were skipped, each naming its key and the reason
};

// Lenient, for links: a bad pair is skipped (and reported), the others still apply.
// An unknown version "v" ignores every pair: the defaults stay, with one issue saying so.
DecodedState request_from_pairs(const KeyValues& pairs);

// Strict, for APIs: any bad pair fails the whole call.
Result<PlanRequest> request_from_pairs_strict(const KeyValues& pairs);

// The pairs that reproduce `request` ("v" first, then only non-default values).
// Custom models survive only as a parameter count ("params"); a pasted config.json does not.
KeyValues request_to_pairs(const PlanRequest& request);

// The text an input has in the default request ("4096" for context, "auto" for zero, "" when
// there is no default value such as --params): --help shows it.
std::string default_text(Input input);

// "a=1&b=x%20y" <-> pairs; a leading '?' is skipped; '+' decodes to a space.
std::string encode_query(const KeyValues& pairs);
KeyValues decode_query(std::string_view query);

}  // namespace cardfit
