// The planner's request and result: plain structs shared by plan(), its words (plan_words),
// the JSON writer and the UI.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api_compare.hpp"
#include "buy_compare.hpp"
#include "catalog.hpp"
#include "cost.hpp"
#include "estimate_types.hpp"
#include "launch.hpp"
#include "verify.hpp"
#include "message.hpp"
#include "names.hpp"
#include "scenario.hpp"

namespace cardfit {

// [SECTION] Request

enum class TermChoice { Hourly, Weekly, Monthly, Yearly, Cheapest };
template <>
struct EnumNames<TermChoice> {
  static constexpr std::array<Name<TermChoice>, 5> list{{{TermChoice::Hourly, "hourly", MsgId::term_hourly},
                                                         {TermChoice::Weekly, "weekly", MsgId::term_weekly},
                                                         {TermChoice::Monthly, "monthly", MsgId::term_monthly},
                                                         {TermChoice::Yearly, "yearly", MsgId::term_yearly},
                                                         {TermChoice::Cheapest, "cheapest", MsgId::term_cheapest}}};
};

struct PlanRequest {
  Scenario scenario;                    // what to run; scenario.gpu / scenario.cards narrow the search
  std::string budget_tier;              // BudgetTier::id ("2000-3000"); "" = none
  double budget = 0;                    // custom monthly budget in `currency`; 0 = none (not with budget_tier)
  Currency currency = Currency::Cny;    // every amount in the plan
  double usd_cny = 0;                   // CNY per USD; 0 = the catalog's default_usd_cny
  double hours_per_day = 24;            // h/day of use (bills hourly terms; per-hour figures); (0, 24]
  TermChoice term = TermChoice::Cheapest;  // billing term; Cheapest: each offer at its cheapest term
  std::vector<std::string> platforms;   // Platform::id filter; empty = every platform
  std::vector<std::string> platforms_first;  // Platform::ids whose options are listed first (an
                                             // embedding vendor's); the pick is still the cheapest
  bool student = false;                 // apply student multipliers where a platform has one
  bool allow_spot = false;              // also price hourly offers as spot/preemptible where offered
  double min_tokens_per_s = 0;          // target decode tokens/s per sequence; 0 = none
  double max_ttft_ms = 0;               // target time to first token, ms; 0 = none
  double requests_per_s = 0;            // traffic to serve (with scenario.output_tokens): replicas per option; 0 = none
  int top = 10;                         // options listed (sorted); 1..1000
  Lang lang = Lang::En;                 // language of reasons/warnings in plan_to_json (both kept)
  bool alternatives = true;             // search alternatives when there is no pick
  bool compare_api = false;             // inference: set each option beside the model's API prices (api_compare.hpp)
  ApiMix api_mix;                       // the traffic that comparison assumes (input:output, cache hits)
  int buy_months = 24;                  // --compare-api, consumer cards: months a bought card is amortised over, 1..240
  double kwh_price = 0;                 // ... electricity, plan currency per kWh; 0 = the catalog's (CNY, converted)
  // Today's date, YYYY-MM-DD or YYYY-MM: offers dated more than thresholds.stale_price_months
  // earlier are flagged stale. The core has no clock: the CLI fills it in from the system clock,
  // the apps from the current date. "" = no staleness judgement. Never written into links.
  std::string today;
};

// [SECTION] Result

struct Budget {
  bool set = false;            // false: no budget, every option is within it
  std::string tier;            // BudgetTier::id or "custom"
  double low = 0;              // in the plan currency (tiers converted from CNY)
  double high = 0;             // 0 = open-ended
  Message label;               // "2,000-3,000 CNY/month"
};

struct Option {
  std::string gpu;             // Gpu::id
  std::string gpu_name;        // "NVIDIA A100 40GB ..."
  int cards = 0;               // cards the work runs on (a slice: 1, at slice_fraction)
  int units = 0;               // offer units rented: cards, slices or machines
  int cards_rented = 0;        // whole cards paid for (units x offer cards; a slice: 0)
  int tensor_parallel = 1;     // the layout it runs (per replica): TP group, inside one machine of the offer
  int pipeline_parallel = 1;   // ... x pipeline stages (across machines when the machine is narrower)
  double slice_fraction = 1;   // share of one card per slice; 1 otherwise
  std::string platform;        // Platform::id
  Message platform_name;       // the platform's name_en / name_zh
  Message product;             // the offer's product on the platform (Offer::product_en / _zh: "Community
                               // Cloud"); empty = none. Shown after the platform: platform_with_product
  std::string offer;           // Offer::id
  OfferUnit unit = OfferUnit::Card;
  Term term = Term::Monthly;
  bool spot = false;           // priced at the platform's spot multipliers (may be reclaimed)
  bool commitment = false;     // yearly contract (price per month)
  bool price_on_inquiry = false;  // indicative number: "about X, ask the vendor"
  bool price_derived = false;  // from a package rule (e.g. 30-day package x0.6), not a published price
  bool student = false;        // student multiplier applied
  bool pickable = true;        // false for market reference prices (no vendor) unless asked for by --platform
  std::string as_of;           // the offer's date: YYYY-MM(-DD), or YYYY when its source prints no month
  std::string price_source;    // the offer's source: citations of source ids ("guide-yiwan-budget-2026 §4 #1")
  std::string overlay;         // the overlay file that added or changed the offer, its platform or GPU; "" = bundled
  bool month_unknown = false;  // as_of gives the year only ("month not stated")
  bool price_stale = false;    // as_of more than thresholds.stale_price_months before request.today
  Isolation isolation = Isolation::Unknown;
  Money monthly_cost;          // plan currency: rent x units + extra fees, discounts applied
  Money extra_fees;            // part of monthly_cost
  Money cost_per_hour;         // monthly_cost / (hours_per_day x 30)
  double tflops = 0;           // dense tensor TFLOPS rented (compute precision x cards x slice)
  ComputeType compute = ComputeType::Bf16;  // which tensor rate `tflops` is
  Money cost_per_tflops_hour;  // monthly / (hours_per_day x 30) / tflops (a buying guide's metric, cost.hpp)
  std::optional<Money> cost_per_million_tokens;  // inference: at aggregate_tokens_per_s
  std::optional<double> job_hours;   // training with --tokens: wall-clock hours
  std::optional<Money> job_cost;     // training with --tokens: total cost of the job
  Fit fit = Fit::No;
  double need_bytes = 0;       // per card (or slice), bytes
  double usable_bytes = 0;     // per card (or slice) after the engine's reservation, bytes
  double spare_fraction = 0;   // 1 - need / usable
  double held_back_bytes = 0;  // per card (or slice): what the engine keeps back by design (fit.hpp verdict)
  double margin_fraction = 0;  // (usable + held back) / need - 1: the headroom as the verdict measures it
  double decode_tokens_per_s = 0;     // per sequence
  double aggregate_tokens_per_s = 0;  // all concurrent sequences
  double ttft_ms = 0;
  bool meets_targets = true;   // --min-tokens-per-s / --max-ttft-ms (and, with --requests-per-s, a feasible replica)
  int replicas = 1;            // --requests-per-s: copies of the `cards / replicas`-card job serving the traffic
  std::optional<double> capacity_requests_per_s;  // all replicas, at the queueing margin; none without traffic
  std::int64_t batch = 0;      // --requests-per-s: sequences each replica decodes together
  std::optional<ServingLimit> limited_by;  // what caps a replica's traffic: memory, ttft or tpot
  bool within_budget = true;   // budget_cost.high <= budget (or no budget)
  bool below_budget = false;   // budget_cost.high below the tier's lower bound (cheaper than the tier)
  Money budget_cost;           // what the budget is checked against: monthly_cost, or for a
                               // training job its cost per month begun
  std::string tier;            // BudgetTier::id that budget_cost.high falls in; "" = none
  std::vector<Message> warnings;  // codes: message_code(w.id) ("over_provisioned", "price_on_inquiry", ...)
  std::vector<ApiBreakEven> api_compare;  // --compare-api: against each of Plan::api_compare's quotes, in order
  std::optional<BuyBreakEven> buy;     // --compare-api, whole consumer cards with a street price: buying them instead
  bool buy_unpriced = false;           // --compare-api, whole consumer cards without a dated street price in the catalog
  std::vector<MeasuredFigure> measured;  // measurements of one replica's configuration (measured.hpp); whole cards only
  Message reason;              // one sentence with the real numbers
  std::vector<LaunchCommand> launch;  // what to type to start it (launch.hpp)
  std::optional<VerifyCommand> verify;  // the benchmark that checks its figures there (verify.hpp); none without a launch command
};

struct Alternative {
  std::string kind;  // "precision" | "kv_precision" | "context" | "concurrency" | "task" | "budget" | "model"
  Message change;    // "weights in INT4 instead of BF16"
  Option pick;       // the pick under that change
  // The change as link pairs (input table keys): apply them to the request's pairs, a value of
  // "" removing its key (the default). {"precision", "int4"}; {"budget", ""}, {"budget-tier", "3000-6000"}.
  std::vector<std::pair<std::string, std::string>> set;
};

struct QuoteOnly {   // would fit, but the offer publishes no number for the allowed terms
  std::string gpu;
  int cards = 0;
  std::string platform;
  std::string offer;
};

// --compare-api: the model's public API prices at the request's mix. No quotes = the model has no
// API price in the catalog (said so, never compared with another model's).
struct ApiCompare {
  ApiMix mix;
  std::vector<ApiQuote> quotes;  // plan currency per 1M tokens at the mix, catalog order
  BuyTerms buy;                  // buying consumer cards: the months and the kWh price (plan currency) used
};

struct Plan {
  std::optional<Option> pick;
  std::vector<Option> options;          // sorted by cost, at most `top` (the pick always included)
  // With a budget: the fastest option that qualifies within it (one machine), when it is faster
  // than the pick ("more speed for your budget"); docs/planner.md §4.
  std::optional<Option> budget_best;
  std::size_t options_total = 0;        // before the cut
  std::vector<Alternative> alternatives;  // only when there is no pick; cheapest first
  Message no_pick_reason;               // only when there is no pick: why nothing qualifies
  std::vector<QuoteOnly> quote_only;
  Budget budget;
  Currency currency = Currency::Cny;
  double usd_cny = 0;                   // the rate used: the request's, else the catalog's
  double hours_per_day = 24;
  TermChoice term = TermChoice::Cheapest;
  Lang lang = Lang::En;
  bool job = false;                     // options ranked by job cost (training with --tokens)
  std::string model;                    // Model::id
  std::string model_name;
  std::string precision;                // WeightPrecision::id
  std::string engine;                   // EngineProfile::id it ran with (inference; named or default_engine); "" training
  std::int64_t memory_bytes = 0;        // one complete replica (estimate memory.total)
  std::vector<Message> warnings;        // scenario-level (from the estimate)
  std::optional<ApiCompare> api_compare;  // inference with request.compare_api only
};

}  // namespace cardfit
