// Rent, or pay per token: a rented inference option against a public API's price for the same
// model (assets/catalog/api_prices.json). Pure arithmetic; plan() applies it to each option when
// the request asks (PlanRequest::compare_api), docs/model.md "Rent or pay per token".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "cost.hpp"

namespace cardfit {

// The traffic the two are compared on. Tokens are counted as an API bills them: input (the
// prompt, each request's whole context) plus output.
struct ApiMix {
  double input_per_output = 3;  // input tokens per output token (>= 0); 3 = the 3:1 blend of
                                // source "artificial-analysis-methodology"
  double cache_hit_share = 0;   // share of input tokens billed at the cache-hit price, 0..1
};

// One API price row in the plan's currency, at the mix.
struct ApiQuote {
  std::string id;               // ApiPrice::id
  std::string provider;
  std::string currency;         // the row's own currency ("USD")
  double input_per_mtok = 0;    // the row's prices, in its own currency, per 1M tokens
  double cache_hit_per_mtok = 0;
  double output_per_mtok = 0;
  std::string as_of;
  std::string source;
  double per_mtok = 0;          // plan currency per 1M tokens (input + output) at the mix
};

// `price` at `mix`, converted into `currency` at usd_cny (CNY per USD):
//   per 1M tokens = (r x (h x hit + (1 - h) x input) + output) / (r + 1)
// with r = input tokens per output token and h = the cache-hit share.
ApiQuote api_quote(const ApiPrice& price, const ApiMix& mix, Currency currency, double usd_cny);

// What `tokens_per_day` (input + output) cost a month at `quote` (plan currency):
//   monthly = tokens a day x 30 x per 1M / 1e6
double api_monthly_cost(const ApiQuote& quote, double tokens_per_day);

// A rented option against one quote. Money ranges follow the option's monthly cost (low..high).
struct ApiBreakEven {
  std::string price_id;              // ApiPrice::id
  Money rent_per_mtok;               // plan currency per 1M tokens (input + output) at full use
  double api_per_mtok = 0;           // the quote's per_mtok
  double capacity_tokens_per_day = 0;  // tokens (input + output) the option serves a day at full use
  Money break_even_tokens_per_day;   // tokens a day above which renting costs less than the API
  bool rent_can_win = false;         // break-even (low) within the capacity: renting pays at some volume
};

// monthly: the option's monthly cost (plan currency); hours_per_day: its hours of use a day;
// output_tokens_per_s: its aggregate decode rate at its concurrency (> 0).
//   capacity a day  = output tok/s x 3600 x hours_per_day x (1 + r)
//   rent per 1M     = monthly / 30 / capacity a day x 1e6
//   break-even a day = monthly / 30 / api per 1M x 1e6     (renting is a fixed cost, the API's grows
//                                                           with volume: monthly = api_monthly_cost)
// NOTE: the rented capacity counts decode throughput only; prefilling the r input tokens takes GPU
// time too, so at a long prompt the rented figure is optimistic (docs/model.md).
ApiBreakEven api_break_even(const ApiQuote& quote, Money monthly, double hours_per_day,
                            double output_tokens_per_s, const ApiMix& mix);

// The API price rows of `model` (Model::id), in catalog order; empty = the model has no API price.
std::vector<const ApiPrice*> api_prices_of(const Catalog& catalog, const std::string& model);

}  // namespace cardfit
