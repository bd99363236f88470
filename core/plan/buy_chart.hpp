// Buy or rent as a picture (issue 31): what buying a consumer card and renting it cost in total,
// month by month; the purchase up front plus its electricity each month against the rent of the
// cheapest offer for the same cards, and the month the two meet. Built from Option::buy
// (buy_compare.hpp), so the break-even is the one the CLI, the JSON and the summary line print.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "plan_types.hpp"

namespace cardfit {

struct BuyChart {
  std::string gpu;           // Gpu::id of the cards compared
  std::string gpu_name;      // Option::gpu_name ("" = say the id)
  int cards = 0;             // whole cards bought (the option's cards_rented)
  bool unpriced = false;     // the catalog has no dated street price for the card: nothing below is set
  std::size_t option = 0;    // index into Plan::options: the cheapest offer for these cards (the rent)
  BuyBreakEven buy;          // that option's Option::buy: purchase, electricity, rent, break-even, terms
  std::vector<int> months;   // x: 0, 1, ... up to the amortisation period or past the break-even
  std::vector<Money> buy_total;   // plan currency at each month: purchase + electricity x month
  std::vector<Money> rent_total;  // plan currency at each month: rent a month x month
};

// The cards compared: the pick's, when they are whole consumer cards (as the summary's buy line),
// against the cheapest pickable, priced offer in Plan::options for that GPU and card count. nullopt
// without a comparison (--compare-api off, training), without a pick, or when the pick is not
// whole consumer cards.
// The x range: every month from 0 to the amortisation period, or to the break-even's high end
// (rounded up to a whole 6 months) when that is later, at most 240 months (the input table's
// buy_months bound).
std::optional<BuyChart> buy_chart(const Plan& plan);

}  // namespace cardfit
