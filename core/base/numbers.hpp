// User numbers in: "7e9", "7B", "8k", "128K", "1.5M", "70 yi" (U+4EBF) -> double. Pure; no locale.
// (Numbers out: format.hpp.)
// NOTE: for token lengths (context, prompt) "k" means 1024 ("8k context" = 8192, "128K" = 131072),
// for everything else 1000 ("7B" = 7e9, "1.5M tokens" = 1.5e6). Scientific notation is literal.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "result.hpp"

namespace cardfit {

enum class NumberStyle {
  Decimal,  // k = 1e3, M = 1e6, B/G = 1e9, T = 1e12, U+4E07 (wan) = 1e4, U+4EBF (yi) = 1e8
  Tokens,   // k = 2^10, M = 2^20 (context lengths); B/G/T/wan/yi as Decimal
};

// Parses one number with an optional suffix; `field` names the input in the error
// ("context: '8q' is not a number; use e.g. 8192, 8k or 8e3"). Accepts a leading sign,
// digits with "_" or "," thousands separators, a decimal point and an exponent.
// Rejects empty text, inf/nan, hex and values beyond 1e18.
Result<double> parse_number(std::string_view text, std::string_view field,
                            NumberStyle style = NumberStyle::Decimal);
// The same, with the examples an error offers given by the caller ("use a whole number, e.g. 8,
// 1k or 1e3" for a count), so that each input suggests values that suit it.
Result<double> parse_number(std::string_view text, std::string_view field, NumberStyle style, const Message& examples);

// parse_number, then checks it is a whole number within [min, max] (errors name the field).
Result<std::int64_t> parse_integer(std::string_view text, std::string_view field, std::int64_t min,
                                   std::int64_t max, NumberStyle style = NumberStyle::Decimal);

}  // namespace cardfit
