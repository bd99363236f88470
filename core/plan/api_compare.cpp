// Rent, or pay per token (api_compare.hpp): the formulas written once.
#include "api_compare.hpp"

namespace cardfit {

ApiQuote api_quote(const ApiPrice& price, const ApiMix& mix, Currency currency, double usd_cny) {
  ApiQuote q;
  q.id = price.id;
  q.provider = price.provider;
  q.currency = price.currency;
  q.input_per_mtok = price.input_per_mtok;
  q.cache_hit_per_mtok = price.cache_hit_per_mtok;
  q.output_per_mtok = price.output_per_mtok;
  q.as_of = price.as_of;
  q.source = price.source;
  const double r = mix.input_per_output;
  const double h = mix.cache_hit_share;
  const double input = h * price.cache_hit_per_mtok + (1 - h) * price.input_per_mtok;
  const double own = (r * input + price.output_per_mtok) / (r + 1);
  q.per_mtok = convert_money(own, price.currency, currency, usd_cny);
  return q;
}

double api_monthly_cost(const ApiQuote& quote, double tokens_per_day) {
  return tokens_per_day * kDaysPerMonth * quote.per_mtok / 1e6;
}

ApiBreakEven api_break_even(const ApiQuote& quote, Money monthly, double hours_per_day,
                            double output_tokens_per_s, const ApiMix& mix) {
  ApiBreakEven b;
  b.price_id = quote.id;
  b.api_per_mtok = quote.per_mtok;
  b.capacity_tokens_per_day = output_tokens_per_s * 3600.0 * hours_per_day * (1 + mix.input_per_output);
  auto per_mtok = [&](double m) {
    return b.capacity_tokens_per_day > 0 ? m / kDaysPerMonth / b.capacity_tokens_per_day * 1e6 : 0;
  };
  // The volume whose API bill is the rent: api_monthly_cost is linear in the volume.
  const double per_token_a_day = api_monthly_cost(quote, 1);
  auto break_even = [&](double m) { return per_token_a_day > 0 ? m / per_token_a_day : 0; };
  b.rent_per_mtok = Money{per_mtok(monthly.low), per_mtok(monthly.high)};
  b.break_even_tokens_per_day = Money{break_even(monthly.low), break_even(monthly.high)};
  b.rent_can_win = quote.per_mtok > 0 && b.capacity_tokens_per_day > 0 &&
                   b.break_even_tokens_per_day.low <= b.capacity_tokens_per_day;
  return b;
}

std::vector<const ApiPrice*> api_prices_of(const Catalog& catalog, const std::string& model) {
  std::vector<const ApiPrice*> out;
  for (const ApiPrice& p : catalog.api_prices) {
    if (p.model == model) out.push_back(&p);
  }
  return out;
}

}  // namespace cardfit
