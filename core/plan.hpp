// The planner: scenario + budget + billing preferences -> every rentable option (GPU x card
// count x offer x term) with its monthly cost, fit, speed and warnings, the "just enough" pick
// with a one-sentence reason (zh + en), and the cheapest changes that work when nothing does.
// Pure; the cost formulas live in cost.hpp, the memory/speed model in estimate.hpp.
// docs/planner.md explains the ranking, formulas and warnings.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "cost.hpp"
#include "estimate.hpp"
#include "result.hpp"
#include "scenario.hpp"

namespace cardfit {

// [SECTION] Request

enum class TermChoice { Hourly, Weekly, Monthly, Yearly, Cheapest };
std::string_view to_string(TermChoice term);                        // "hourly" ... "cheapest"
std::optional<TermChoice> term_choice_from_string(std::string_view s);
std::string_view term_name(Term term);                              // "hourly" | "weekly" | "monthly" | "yearly"
std::string_view unit_name(OfferUnit unit);                         // "card" | "slice" | "machine"
std::string_view isolation_name(Isolation isolation);               // "dedicated" | "shared" | "unknown"

struct PlanRequest {
  Scenario scenario;                    // what to run; scenario.gpu / scenario.cards narrow the search
  std::string budget_tier;              // BudgetTier::id ("2000-3000"); "" = none
  double budget = 0;                    // custom monthly budget in `currency`; 0 = none (not with budget_tier)
  Currency currency = Currency::Cny;    // every amount in the plan
  double usd_cny = 0;                   // CNY per USD; 0 = catalog default (7.02)
  double hours_per_day = 24;            // h/day of use (bills hourly terms; per-hour figures); (0, 24]
  TermChoice term = TermChoice::Cheapest;  // billing term; Cheapest: each offer at its cheapest term
  std::vector<std::string> platforms;   // Platform::id filter; empty = every platform
  bool student = false;                 // apply student multipliers where a platform has one
  bool allow_spot = false;              // also price hourly offers as spot/preemptible where offered
  double min_tokens_per_s = 0;          // target decode tokens/s per sequence; 0 = none
  double max_ttft_ms = 0;               // target time to first token, ms; 0 = none
  int top = 10;                         // options listed (sorted); 1..1000
  Lang lang = Lang::En;                 // language of reasons/warnings in plan_to_json (both kept)
  bool alternatives = true;             // search alternatives when there is no pick
};

// [SECTION] Result

struct PlanWarning {
  std::string code;  // stable id: "over_provisioned", "no_nvlink_training", "price_on_inquiry", ...
  Text text;
};

struct Budget {
  bool set = false;            // false: no budget, every option is within it
  std::string tier;            // BudgetTier::id or "custom"
  double low = 0;              // in the plan currency (tiers converted from CNY)
  double high = 0;             // 0 = open-ended
  Text label;                  // "2,000-3,000 CNY" / "2000–3000 元"
};

struct Option {
  std::string gpu;             // Gpu::id
  std::string gpu_name;        // "NVIDIA A100 40GB ..."
  int cards = 0;               // cards the work runs on (a slice: 1, at slice_fraction)
  int units = 0;               // offer units rented: cards, slices or machines
  int cards_rented = 0;        // whole cards paid for (units x offer cards; a slice: 0)
  double slice_fraction = 1;   // share of one card per slice; 1 otherwise
  std::string platform;        // Platform::id
  Text platform_name;
  std::string offer;           // Offer::id
  OfferUnit unit = OfferUnit::Card;
  Term term = Term::Monthly;
  bool spot = false;           // priced at the platform's spot multipliers (may be reclaimed)
  bool commitment = false;     // yearly contract (price per month)
  bool price_on_inquiry = false;  // indicative number: "about X, ask the vendor"
  bool price_derived = false;  // from a package rule (e.g. 30-day package x0.6), not a published price
  bool student = false;        // student multiplier applied
  bool pickable = true;        // false for market reference prices (no vendor) unless asked for by --platform
  Isolation isolation = Isolation::Unknown;
  Money monthly_cost;          // plan currency: rent x units + extra fees, discounts applied
  Money extra_fees;            // part of monthly_cost
  Money cost_per_hour;         // monthly_cost / (hours_per_day x 30)
  double tflops = 0;           // dense tensor TFLOPS rented (compute precision x cards x slice)
  ComputeType compute = ComputeType::Bf16;  // which tensor rate `tflops` is
  Money cost_per_tflops_hour;  // seed 003 §4: monthly / (hours_per_day x 30) / tflops
  std::optional<Money> cost_per_million_tokens;  // inference: at aggregate_tokens_per_s
  std::optional<double> job_hours;   // training with --tokens: wall-clock hours
  std::optional<Money> job_cost;     // training with --tokens: total cost of the job
  Fit fit = Fit::No;
  double need_bytes = 0;       // per card (or slice), bytes
  double usable_bytes = 0;     // per card (or slice) after the engine's reservation, bytes
  double spare_fraction = 0;   // 1 - need / usable
  double decode_tokens_per_s = 0;     // per sequence
  double aggregate_tokens_per_s = 0;  // all concurrent sequences
  double ttft_ms = 0;
  bool meets_targets = true;   // --min-tokens-per-s / --max-ttft-ms
  bool within_budget = true;   // budget_cost.high <= budget (or no budget)
  Money budget_cost;           // what the budget is checked against: monthly_cost, or for a
                               // training job its cost per month begun
  std::string tier;            // BudgetTier::id that budget_cost.high falls in; "" = none
  std::vector<PlanWarning> warnings;
  Text reason;                 // one sentence with the real numbers
};

struct Alternative {
  std::string kind;  // "precision" | "kv_precision" | "context" | "concurrency" | "task" | "budget"
  Text change;       // "weights in INT4 instead of BF16"
  Option pick;       // the pick under that change
};

struct QuoteOnly {   // would fit, but the offer publishes no number for the allowed terms
  std::string gpu;
  int cards = 0;
  std::string platform;
  std::string offer;
};

struct Plan {
  std::optional<Option> pick;
  std::vector<Option> options;          // sorted by cost, at most `top` (the pick always included)
  std::size_t options_total = 0;        // before the cut
  std::vector<Alternative> alternatives;  // only when there is no pick; cheapest first
  std::vector<QuoteOnly> quote_only;
  Budget budget;
  Currency currency = Currency::Cny;
  double usd_cny = 7.02;
  double hours_per_day = 24;
  TermChoice term = TermChoice::Cheapest;
  Lang lang = Lang::En;
  bool job = false;                     // options ranked by job cost (training with --tokens)
  std::string model;                    // Model::id
  std::string model_name;
  std::string precision;                // WeightPrecision::id
  std::int64_t memory_bytes = 0;        // one complete replica (estimate memory.total)
  std::vector<Text> warnings;           // scenario-level (from the estimate)
};

// Validates the request (errors name the PlanRequest field: "budget_tier", "budget",
// "usd_cny", "hours_per_day", "platforms", "min_tokens_per_s", "max_ttft_ms", "top";
// scenario errors come from estimate()) and plans.
Result<Plan> plan(const Catalog& catalog, const PlanRequest& request);

// [SECTION] Thresholds (named so the tests and docs/planner.md can cite them)

// Estimated memory use below this share of the memory rented = over-provisioned.
// seed 002 §7.4: utilisation under 40% for two weeks means the card is too big (downgrade).
inline constexpr double kOverProvisionedUse = 0.4;
// Consumer cards for round-the-clock training: at or above these hours per day, or a job
// longer than kLongJobHours (seed 002 §1.3: consumer cards are built for games, not 7x24 load).
inline constexpr double kRoundTheClockHoursPerDay = 20;
inline constexpr double kLongJobHours = 24;
// Alternatives reported when nothing fits the budget (the cheapest ones).
inline constexpr std::size_t kMaxAlternatives = 4;

}  // namespace cardfit
