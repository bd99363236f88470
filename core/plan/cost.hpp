// Rental cost formulas, written down once: an offer's price for a billing term, the monthly
// cost of renting N units, the cost of a job, cost per hour / TFLOPS-hour / million tokens.
// Pure arithmetic over catalog structs; the planner (plan.hpp) does the choosing and ranking.
#pragma once

#include <optional>
#include <string_view>

#include "catalog.hpp"
#include "names.hpp"

namespace cardfit {

// [SECTION] Calendar and currency

// NOTE: a month is 30 days everywhere: the buying guides' cost-per-TFLOPS script (day=30), their
// 30-day packages and docs/planner.md all use it. An hourly price becomes monthly as x h/day x 30.
constexpr double kDaysPerMonth = 30;
constexpr double kDaysPerWeek = 7;
constexpr double kHoursPerDay = 24;
constexpr double kHoursPerMonth = kHoursPerDay * kDaysPerMonth;  // 720: a monthly rental, around the clock
constexpr double kMonthsPerYear = 12;

enum class Currency { Cny, Usd };
template <>
struct EnumNames<Currency> {
  static constexpr std::array<Name<Currency>, 6> list{{{Currency::Cny, "CNY", MsgId::cur_cny},
                                                       {Currency::Usd, "USD", MsgId::cur_usd},
                                                       {Currency::Cny, "cny"},
                                                       {Currency::Cny, "RMB"},
                                                       {Currency::Cny, "rmb"},
                                                       {Currency::Usd, "usd"}}};
};

// `amount` in currency `from` ("CNY" | "USD", an offer's currency) expressed in `to`.
// usd_cny is CNY per USD (> 0, the catalog's default_usd_cny unless the user gives one).
double convert_money(double amount, std::string_view from, Currency to, double usd_cny);

struct Money {
  double low = 0;   // in the currency of the surrounding struct
  double high = 0;  // == low when the source gives one figure
};

// [SECTION] Prices per term

// One unit's price for one billing term: published, or derived by the offer's package rule.
struct UnitPrice {
  Term term = Term::Hourly;
  PriceRange price;         // offer currency, per unit per period: hour, 7-day package, month,
                            // month on a yearly contract
  bool derived = false;     // from package_multipliers (e.g. 30-day package = hourly x 720 x 0.6)
  bool on_inquiry = false;  // "about X, ask the vendor": an indicative number
};

// The price of `offer` for `term`, or nullopt when there is no number for it.
// Derivation when the term has no published number (package_multipliers, 0 = no rule):
//   weekly  = hourly x 24 x 7  x weekly     monthly = hourly x 24 x 30 x monthly
//   yearly  = monthly (published or derived) x yearly   (per month, on a yearly contract)
// A price derived from an on-inquiry price is on inquiry too.
std::optional<UnitPrice> unit_price(const Offer& offer, Term term);

// How many hours one period of `term` covers (hour 1, week 168, month 720, year 8640).
double term_hours(Term term);

// [SECTION] Monthly cost

struct CostInputs {
  double hours_per_day = 24;  // h/day of use; bills hourly terms and divides every per-hour figure
  bool student = false;       // apply the platform's student multiplier (e.g. x0.65)
  bool spot = false;          // hourly term at the platform's spot multipliers (e.g. 30-70%)
  Currency currency = Currency::Cny;
  double usd_cny = 0;         // CNY per USD (> 0: set by the planner from the request or catalog)
};

struct MonthlyCost {
  Money rent;        // units x unit price per month, after student / spot multipliers
  Money extra_fees;  // the platform's extra monthly fees (bandwidth, IPs, snapshots), once per rental
  Money total;       // rent + extra_fees
  bool student_applied = false;
  bool spot_applied = false;
};

// Per unit and month: hourly x hours_per_day x 30; weekly package x 30/7; monthly; yearly per
// month. Then x student multiplier, x spot multipliers (hourly only), x units, in `in.currency`,
// plus the platform's extra fees (converted from CNY). Spot is ignored where the platform has none.
MonthlyCost monthly_cost(const Platform& platform, const Offer& offer, const UnitPrice& price, int units,
                         const CostInputs& in);

// [SECTION] Jobs and unit costs

// Total cost of a job running `job_hours` wall-clock hours around the clock on `units` units.
// Hourly: price x units x hours (whole hours unless the platform bills per second).
// Package terms: whole periods (weeks, months, years of 12 months) x period price x units.
// Extra fees: pro rata for hourly billing, per month begun for packages.
// A buying guide's A100-vs-4090 job done right: 4 x 1.5 CNY/h x 18 h = 108; x 72 h = 432;
// 1 x 10 x 72 = 720 (tests/test_cost.cpp).
Money job_cost(const Platform& platform, const Offer& offer, const UnitPrice& price, int units, double job_hours,
               const CostInputs& in);

// Monthly cost spread over the hours actually used: monthly / (hours_per_day x 30).
// E.g. 1,450 / (8 x 30) = 6.04 CNY/h.
double cost_per_used_hour(double monthly, double hours_per_day);

// A buying guide's metric: (monthly rent + extra fees) / (hours_per_day x 30) / TFLOPS.
// `tflops` is what the rental delivers, see rental_tflops(). 0 when tflops <= 0.
double cost_per_tflops_hour(double monthly, double hours_per_day, double tflops);

// Monthly cost / tokens generated in the used hours, per million tokens:
// monthly / (tokens_per_s x 3600 x hours_per_day x 30) x 1e6. 0 when tokens_per_s <= 0.
double cost_per_million_tokens(double monthly, double hours_per_day, double tokens_per_s);

// The TFLOPS a rental delivers for cost per TFLOPS-hour: the dense rate the precision's
// matmuls run at (hardware.hpp dense_rate: no sparsity, not scaled by MFU) x cards working x
// slice fraction.
double rental_tflops(const Gpu& gpu, ComputeType compute, int cards, double slice_fraction);

}  // namespace cardfit
