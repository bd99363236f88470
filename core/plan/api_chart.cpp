// The rent-or-API chart's data (api_chart.hpp): the figures are api_compare.hpp's, sampled.
#include "api_chart.hpp"

#include <algorithm>
#include <cmath>

namespace cardfit {

std::optional<ApiChart> api_chart(const Plan& p) {
  if (!p.api_compare || p.api_compare->quotes.empty() || !p.pick) return std::nullopt;
  const Option& pick = *p.pick;
  const std::vector<ApiQuote>& quotes = p.api_compare->quotes;
  if (pick.api_compare.size() != quotes.size()) return std::nullopt;
  ApiChart c;
  c.rent_monthly = pick.monthly_cost;
  c.capacity_tokens_per_day = pick.api_compare.front().capacity_tokens_per_day;
  if (c.capacity_tokens_per_day <= 0 || c.rent_monthly.high <= 0) return std::nullopt;
  double lo = c.capacity_tokens_per_day, hi = c.capacity_tokens_per_day;
  for (const ApiBreakEven& b : pick.api_compare) {
    for (double v : {b.break_even_tokens_per_day.low, b.break_even_tokens_per_day.high}) {
      if (v > 0) lo = std::min(lo, v), hi = std::max(hi, v);
    }
  }
  // Whole decades, at least one beyond each end: both sides of every crossing show.
  const double first = std::pow(10.0, std::floor(std::log10(lo)) - 1);
  const double last = std::pow(10.0, std::ceil(std::log10(hi)) + 1);
  for (double decade = first; decade <= last * 1.0001; decade *= 10) {
    for (double m : {1.0, 2.0, 5.0}) {
      if (decade * m <= last * 1.0001) c.tokens_per_day.push_back(decade * m);
    }
  }
  for (std::size_t i = 0; i < quotes.size(); ++i) {
    ApiChartLine line;
    line.quote = i;
    for (double x : c.tokens_per_day) line.monthly.push_back(api_monthly_cost(quotes[i], x));
    line.break_even_tokens_per_day = pick.api_compare[i].break_even_tokens_per_day;
    line.rent_can_win = pick.api_compare[i].rent_can_win;
    c.lines.push_back(std::move(line));
  }
  return c;
}

}  // namespace cardfit
