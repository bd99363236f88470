// Rent or pay per token as a picture (issue 31): monthly cost against tokens a day, the pick's
// rent flat up to what it can serve, each API price of the same model rising with the volume,
// and where they cross. Built from Plan::api_compare and the pick's ApiBreakEven (api_compare.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "plan_types.hpp"

namespace cardfit {

struct ApiChartLine {
  std::size_t quote = 0;             // index into Plan::api_compare->quotes
  std::vector<double> monthly;       // plan currency a month at each of ApiChart::tokens_per_day
  Money break_even_tokens_per_day;   // the pick's ApiBreakEven for this quote (low..high as its rent)
  bool rent_can_win = false;         // the break-even lies within what the pick can serve
};

struct ApiChart {
  std::vector<double> tokens_per_day;  // x, input + output tokens: 1, 2, 5 x 10^k from a decade (or
                                       // more) below the lowest break-even or capacity to one above the highest
  Money rent_monthly;                  // the pick's monthly cost, plan currency (flat: a fixed cost)
  double capacity_tokens_per_day = 0;  // the most the pick serves a day; past it more copies are needed
  std::vector<ApiChartLine> lines;     // one per quote, in the quotes' order
};

// nullopt when the plan has no API comparison, the model no API price, or there is no pick (or it
// serves nothing): the words for those cases are api_compare_lines' (api_words.hpp).
std::optional<ApiChart> api_chart(const Plan& plan);

}  // namespace cardfit
