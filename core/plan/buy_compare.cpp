// Buy or rent (buy_compare.hpp): the formulas written once.
#include "buy_compare.hpp"

namespace cardfit {

BuyBreakEven buy_break_even(Money purchase, int cards, double tdp_w, double hours_per_day, const BuyTerms& terms,
                            Money rent_monthly) {
  BuyBreakEven b;
  b.cards = cards;
  b.purchase = purchase;
  b.months = terms.months;
  b.kwh_price = terms.kwh_price;
  b.power_w = cards * tdp_w;
  b.hours_per_day = hours_per_day;
  b.electricity_monthly = b.power_w / 1000.0 * hours_per_day * kDaysPerMonth * terms.kwh_price;
  const double months = terms.months > 0 ? terms.months : 1;
  b.amortised_monthly = Money{purchase.low / months, purchase.high / months};
  b.buy_monthly = Money{b.amortised_monthly.low + b.electricity_monthly, b.amortised_monthly.high + b.electricity_monthly};
  b.rent_monthly = rent_monthly;
  const double saved = rent_monthly.low - b.electricity_monthly;  // what owning saves a month, before the price
  if (saved > 0) b.break_even_months = Money{purchase.low / saved, purchase.high / saved};
  b.buy_cheaper = b.buy_monthly.low < rent_monthly.low;
  return b;
}

std::optional<Money> street_price(const Gpu& gpu, Currency currency, double usd_cny) {
  if (!(gpu.street_price_low > 0)) return std::nullopt;
  const double high = gpu.street_price_high > gpu.street_price_low ? gpu.street_price_high : gpu.street_price_low;
  return Money{convert_money(gpu.street_price_low, gpu.street_price_currency, currency, usd_cny),
               convert_money(high, gpu.street_price_currency, currency, usd_cny)};
}

}  // namespace cardfit
