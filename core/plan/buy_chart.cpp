// The buy-or-rent chart's data (buy_chart.hpp): the figures are buy_compare.hpp's, summed by month.
#include "buy_chart.hpp"

#include <algorithm>
#include <cmath>

#include "inputs.hpp"

namespace cardfit {

namespace {

bool compared(const Option& o) { return o.cards_rented > 0 && (o.buy || o.buy_unpriced); }

// An offer one can rent at a price: not a market reference, not "ask the vendor".
bool rentable(const Option& o) { return o.pickable && !o.price_on_inquiry && o.buy; }

}  // namespace

std::optional<BuyChart> buy_chart(const Plan& p) {
  if (!p.api_compare) return std::nullopt;
  if (!p.pick || !compared(*p.pick)) return std::nullopt;
  const Option* card = &*p.pick;
  BuyChart c;
  c.gpu = card->gpu;
  c.gpu_name = card->gpu_name;
  c.cards = card->cards_rented;
  if (card->buy_unpriced) {
    c.unpriced = true;
    return c;
  }
  std::optional<std::size_t> cheapest;
  for (std::size_t i = 0; i < p.options.size(); ++i) {
    const Option& o = p.options[i];
    if (o.gpu != c.gpu || o.cards_rented != c.cards || !rentable(o)) continue;
    if (!cheapest || o.monthly_cost.low < p.options[*cheapest].monthly_cost.low) cheapest = i;
  }
  if (!cheapest) return std::nullopt;  // the pick is always among the options: only a hand-made plan gets here
  c.option = *cheapest;
  c.buy = *p.options[c.option].buy;
  const double last = static_cast<double>(input_spec(Input::BuyMonths).max);
  double horizon = std::max(1, c.buy.months);
  if (c.buy.break_even_months && c.buy.break_even_months->high > horizon) {
    horizon = std::min(last, std::ceil(c.buy.break_even_months->high / 6) * 6);
  }
  for (int m = 0; m <= static_cast<int>(horizon); ++m) {
    c.months.push_back(m);
    c.buy_total.push_back(Money{c.buy.purchase.low + c.buy.electricity_monthly * m, c.buy.purchase.high + c.buy.electricity_monthly * m});
    c.rent_total.push_back(Money{c.buy.rent_monthly.low * m, c.buy.rent_monthly.high * m});
  }
  return c;
}

}  // namespace cardfit
