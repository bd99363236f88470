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

// "9.6" months, or "7.8-11" when the street price is a range.
std::string range_label(double low, double high) {
  const std::string a = format_trimmed(low, 1);
  const std::string b = format_trimmed(high, 1);
  return a == b ? a : a + "-" + b;
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

std::vector<Message> buy_compare_lines(const Plan& plan, const Option* option) {
  std::vector<Message> out;
  if (!plan.api_compare || !option) return out;
  const std::string gpu = option->gpu_name.empty() ? option->gpu : option->gpu_name;
  if (option->buy_unpriced) {
    out.push_back(msg::plan_buy_no_price(gpu));
    return out;
  }
  if (!option->buy) return out;
  const BuyBreakEven& b = *option->buy;
  const Currency c = plan.currency;
  const Money one{b.purchase.low / b.cards, b.purchase.high / b.cards};
  const Message verdict = b.break_even_months
                              ? msg::plan_buy_pays_off(range_label(b.break_even_months->low, b.break_even_months->high))
                              : msg::plan_buy_never();
  out.push_back(msg::plan_buy_line(
      std::to_string(b.cards), gpu, b.condition == "used" ? msg::plan_buy_used() : msg::plan_buy_new(), money_label(one, c),
      b.as_of, b.source_title.empty() ? b.source : b.source_title, std::to_string(b.months), money_label(b.amortised_monthly, c),
      money_label(Money{b.electricity_monthly, b.electricity_monthly}, c), format_trimmed(b.power_w, 0),
      format_trimmed(b.hours_per_day, 2), money_label(Money{b.kwh_price, b.kwh_price}, c), money_label(b.buy_monthly, c),
      money_label(b.rent_monthly, c), verdict));
  return out;
}

}  // namespace cardfit
