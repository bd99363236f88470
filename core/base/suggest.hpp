// "Did you mean ...?": the closest of a set of known words to one that was not found.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cardfit {

// Levenshtein distance, capped at `cap` (work stops once every path exceeds it).
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t cap = 64);

// The known word closest to `wanted` when it is close (distance <= 2 for short words, 3 for
// longer ones), else "". Ties go to the first in `known`.
std::string closest(const std::vector<std::string>& known, std::string_view wanted);

}  // namespace cardfit
