// --compare-api's sentences (api_words.hpp).
#include "api_words.hpp"

#include "format.hpp"
#include "labels.hpp"

namespace cardfit {

namespace {

// "200M", or "180M-220M" when the option's price is a range.
std::string count_range(const Money& m) {
  const std::string low = count_label(m.low);
  const std::string high = count_label(m.high);
  return low == high ? low : low + "-" + high;
}

}  // namespace

std::vector<Message> api_compare_lines(const Plan& plan, const Option* option) {
  std::vector<Message> out;
  if (!plan.api_compare) return out;
  const ApiCompare& cmp = *plan.api_compare;
  if (cmp.quotes.empty()) {
    out.push_back(msg::plan_api_no_price(plan.model_name.empty() ? plan.model : plan.model_name));
    return out;
  }
  const Currency c = plan.currency;
  for (std::size_t i = 0; i < cmp.quotes.size(); ++i) {
    const ApiQuote& q = cmp.quotes[i];
    const Message quote = msg::plan_api_quote(q.provider, q.as_of, money_label(Money{q.per_mtok, q.per_mtok}, c),
                                              format_trimmed(cmp.mix.input_per_output, 2),
                                              format_trimmed(cmp.mix.cache_hit_share * 100, 1));
    const ApiBreakEven* b = option && i < option->api_compare.size() ? &option->api_compare[i] : nullptr;
    if (!b) {
      out.push_back(msg::plan_api_quote_only(quote));
    } else if (b->rent_can_win) {
      out.push_back(msg::plan_api_rent_wins(quote, money_label(b->rent_per_mtok, c), count_range(b->break_even_tokens_per_day),
                                            count_label(b->capacity_tokens_per_day)));
    } else {
      out.push_back(msg::plan_api_api_wins(quote, money_label(b->rent_per_mtok, c), count_label(b->capacity_tokens_per_day)));
    }
  }
  return out;
}

}  // namespace cardfit
