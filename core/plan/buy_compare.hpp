// Buy or rent: a consumer card's dated street price amortised over months, plus its electricity,
// against an option's monthly rent. Pure arithmetic; plan() applies it to each option with
// --compare-api (docs/planner.md "Buy or rent", docs/cli.md).
#pragma once

#include <optional>
#include <string>

#include "catalog.hpp"
#include "cost.hpp"

namespace cardfit {

// What buying assumes. Defaults are stated in every output.
struct BuyTerms {
  int months = 24;        // the purchase is spread over this many months (>= 1)
  double kwh_price = 0;   // electricity, plan currency per kWh (> 0)
};

// Buying `cards` cards against renting them. Money ranges follow the street price (low..high).
struct BuyBreakEven {
  std::string gpu;               // Gpu::id
  int cards = 0;
  Money purchase;                // plan currency: cards x street price
  int months = 0;                // BuyTerms::months
  double kwh_price = 0;          // plan currency per kWh
  double power_w = 0;            // cards x tdp_w
  double hours_per_day = 0;
  double electricity_monthly = 0;  // power_w / 1000 x hours_per_day x 30 x kwh_price
  Money amortised_monthly;       // purchase / months
  Money buy_monthly;             // amortised + electricity
  Money rent_monthly;            // the option's monthly cost
  std::optional<Money> break_even_months;  // purchase / (rent - electricity); none when rent <= electricity
  bool buy_cheaper = false;      // buy_monthly.low < rent_monthly.low: buying costs less over `months`
  std::string condition;         // "new" / "used"
  std::string as_of;             // the street price's date
  std::string source;            // its sources.json id
  std::string source_title;      // that source's short title, for the sentence ("" = say the id)
};

//   electricity a month = cards x tdp_w / 1000 x hours_per_day x 30 x kWh price
//   amortised a month   = cards x street price / months
//   break-even months   = cards x street price / (rent a month - electricity a month)
// NOTE: counts the card alone: no host machine, no resale value, no rent saved on idle days.
BuyBreakEven buy_break_even(Money purchase, int cards, double tdp_w, double hours_per_day, const BuyTerms& terms,
                            Money rent_monthly);

// The card's street price of one card, converted to `currency`; none when the catalog has none.
std::optional<Money> street_price(const Gpu& gpu, Currency currency, double usd_cny);

}  // namespace cardfit
