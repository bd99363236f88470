// Rental cost formulas (see cost.hpp for each formula and its source).
#include "cost.hpp"

#include <cmath>

#include "assert.hpp"
#include "hardware.hpp"

namespace cardfit {

// [SECTION] Calendar and currency

double convert_money(double amount, std::string_view from, Currency to, double usd_cny) {
  const bool from_usd = from == "USD";
  if (from_usd == (to == Currency::Usd)) return amount;
  CARDFIT_ASSERT(usd_cny > 0, "convert_money needs a positive exchange rate");
  return from_usd ? amount * usd_cny : amount / usd_cny;
}

// [SECTION] Prices per term

namespace {

const OfferPrice* published(const Offer& offer, Term term) {
  for (const OfferPrice& p : offer.prices) {
    // NOTE: "on_inquiry" with a number is an indicative price (kept); without one it is no price.
    if (p.term == term && p.price.high > 0) return &p;
  }
  return nullptr;
}

UnitPrice scaled(const UnitPrice& base, Term term, double factor) {
  UnitPrice u;
  u.term = term;
  u.price = PriceRange{base.price.low * factor, base.price.high * factor};
  u.derived = true;
  u.on_inquiry = base.on_inquiry;
  return u;
}

}  // namespace

std::optional<UnitPrice> unit_price(const Offer& offer, Term term) {
  if (const OfferPrice* p = published(offer, term)) {
    return UnitPrice{term, p->price, false, p->on_inquiry};
  }
  const PackageMultipliers& m = offer.package_multipliers;
  switch (term) {
    case Term::Hourly: return std::nullopt;
    case Term::Weekly: {
      if (!(m.weekly > 0)) return std::nullopt;
      auto hourly = unit_price(offer, Term::Hourly);
      if (!hourly) return std::nullopt;
      return scaled(*hourly, Term::Weekly, kHoursPerDay * kDaysPerWeek * m.weekly);
    }
    case Term::Monthly: {
      if (!(m.monthly > 0)) return std::nullopt;
      auto hourly = unit_price(offer, Term::Hourly);
      if (!hourly) return std::nullopt;
      return scaled(*hourly, Term::Monthly, kHoursPerMonth * m.monthly);
    }
    case Term::Yearly: {
      if (!(m.yearly > 0)) return std::nullopt;
      auto monthly = unit_price(offer, Term::Monthly);
      if (!monthly) return std::nullopt;
      return scaled(*monthly, Term::Yearly, m.yearly);
    }
  }
  return std::nullopt;
}

double term_hours(Term term) {
  switch (term) {
    case Term::Hourly: return 1;
    case Term::Weekly: return kHoursPerDay * kDaysPerWeek;
    case Term::Monthly: return kHoursPerMonth;
    case Term::Yearly: return kHoursPerMonth * kMonthsPerYear;
  }
  return 1;
}

// [SECTION] Monthly cost

namespace {

// Per unit per month in the offer's currency, before discounts.
PriceRange per_unit_month(const UnitPrice& u, double hours_per_day) {
  double factor = 1;
  switch (u.term) {
    case Term::Hourly: factor = hours_per_day * kDaysPerMonth; break;
    case Term::Weekly: factor = kDaysPerMonth / kDaysPerWeek; break;
    case Term::Monthly: factor = 1; break;
    case Term::Yearly: factor = 1; break;  // already per month
  }
  return PriceRange{u.price.low * factor, u.price.high * factor};
}

struct Multipliers {
  double low = 1;
  double high = 1;
  bool student = false;
  bool spot = false;
};

Multipliers discounts(const Platform& platform, Term term, const CostInputs& in) {
  Multipliers m;
  if (in.student && platform.student_multiplier > 0) {
    m.low *= platform.student_multiplier;
    m.high *= platform.student_multiplier;
    m.student = true;
  }
  if (in.spot && term == Term::Hourly && platform.spot_multiplier.high > 0) {
    m.low *= platform.spot_multiplier.low;
    m.high *= platform.spot_multiplier.high;
    m.spot = true;
  }
  return m;
}

Money extra_fees(const Platform& platform, const CostInputs& in, double months) {
  const PriceRange& f = platform.extra_fees_cny_per_month;
  return Money{convert_money(f.low * months, "CNY", in.currency, in.usd_cny),
               convert_money(f.high * months, "CNY", in.currency, in.usd_cny)};
}

}  // namespace

MonthlyCost monthly_cost(const Platform& platform, const Offer& offer, const UnitPrice& price, int units,
                         const CostInputs& in) {
  MonthlyCost c;
  const PriceRange per_unit = per_unit_month(price, in.hours_per_day);
  const Multipliers m = discounts(platform, price.term, in);
  const double n = static_cast<double>(units);
  c.rent.low = convert_money(per_unit.low * m.low * n, offer.currency, in.currency, in.usd_cny);
  c.rent.high = convert_money(per_unit.high * m.high * n, offer.currency, in.currency, in.usd_cny);
  c.extra_fees = extra_fees(platform, in, 1);
  c.total = Money{c.rent.low + c.extra_fees.low, c.rent.high + c.extra_fees.high};
  c.student_applied = m.student;
  c.spot_applied = m.spot;
  return c;
}

// [SECTION] Jobs and unit costs

Money job_cost(const Platform& platform, const Offer& offer, const UnitPrice& price, int units, double job_hours,
               const CostInputs& in) {
  if (!(job_hours > 0)) return Money{};
  const Multipliers m = discounts(platform, price.term, in);
  const double n = static_cast<double>(units);
  double periods = 0;  // billed periods of the term
  Money fees;
  if (price.term == Term::Hourly) {
    periods = platform.per_second_billing ? job_hours : std::ceil(job_hours);
    fees = extra_fees(platform, in, job_hours / kHoursPerMonth);
  } else {
    periods = std::ceil(job_hours / term_hours(price.term));
    const double months = std::ceil(job_hours / kHoursPerMonth);
    fees = extra_fees(platform, in, months);
  }
  // A yearly price is per month: one year = 12 of them.
  const double per_period = price.term == Term::Yearly ? kMonthsPerYear : 1;
  const double low = price.price.low * per_period * periods * n * m.low;
  const double high = price.price.high * per_period * periods * n * m.high;
  return Money{convert_money(low, offer.currency, in.currency, in.usd_cny) + fees.low,
               convert_money(high, offer.currency, in.currency, in.usd_cny) + fees.high};
}

double cost_per_used_hour(double monthly, double hours_per_day) {
  const double hours = hours_per_day * kDaysPerMonth;
  return hours > 0 ? monthly / hours : 0;
}

double cost_per_tflops_hour(double monthly, double hours_per_day, double tflops) {
  return tflops > 0 ? cost_per_used_hour(monthly, hours_per_day) / tflops : 0;
}

double cost_per_million_tokens(double monthly, double hours_per_day, double tokens_per_s) {
  const double tokens = tokens_per_s * 3600.0 * hours_per_day * kDaysPerMonth;
  return tokens > 0 ? monthly / tokens * 1e6 : 0;
}

double rental_tflops(const Gpu& gpu, ComputeType compute, int cards, double slice_fraction) {
  return dense_rate(gpu, compute).tflops * static_cast<double>(cards) * slice_fraction;
}

}  // namespace cardfit
