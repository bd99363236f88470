// The words of --compare-api (api_compare.hpp): one sentence per API price of the plan's model,
// beside one option, for the CLI, the UI and the page; the JSON carries the figures.
#pragma once

#include <vector>

#include "message.hpp"
#include "plan_types.hpp"

namespace cardfit {

// Nothing when the plan has no comparison (not asked for, or not inference); one "no API price"
// sentence when the model has none; else one sentence per quote, against `option` when given and
// it has a break-even for that quote.
std::vector<Message> api_compare_lines(const Plan& plan, const Option* option);

// Buying the option's consumer cards instead of renting them (buy_compare.hpp): one sentence, or
// one "no dated street price" sentence; nothing when the option is not whole consumer cards.
std::vector<Message> buy_compare_lines(const Plan& plan, const Option* option);

}  // namespace cardfit
