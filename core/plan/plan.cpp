// The planner (see plan.hpp and docs/planner.md): estimate once per scenario variant, price
// every offer of every GPU that fits, rank, pick, explain, and search alternatives.
#include "plan.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <iterator>
#include <utility>

#include "catalog_fields.hpp"
#include "estimate.hpp"
#include "fit.hpp"
#include "format.hpp"
#include "hardware.hpp"
#include "inputs.hpp"
#include "labels.hpp"
#include "messages.hpp"
#include "params.hpp"
#include "plan_words.hpp"

namespace cardfit {

namespace {

// [SECTION] Request checks

// Card counts tried besides each GPU's automatic one (within a node; fit.hpp card_counts):
// below it when a smaller count fits tightly, above it for a speed target or a tight fit.
constexpr int kCardCounts[] = {1, 2, 4, 8};

struct Context {
  Context(const Catalog& c, const PlanRequest& r) : catalog(c), req(r) {}
  const Catalog& catalog;
  const PlanRequest& req;
  CostInputs cost;
  Budget budget;
  std::vector<char> platform_allowed;  // parallel to catalog.platforms
  bool explicit_platforms = false;
  std::optional<CatalogDate> today;    // request.today: judges how old the prices are
  bool targets = false;                // a speed target applies (inference only)
  std::vector<const Gpu*> gpus;        // GPUs rented by an allowed offer (and scenario.gpu), catalog order
};

// True when some offer of the platform publishes a number (not only "ask the vendor").
bool has_priced_offer(const Catalog& catalog, const std::string& platform) {
  for (const Offer& o : catalog.offers) {
    if (o.platform != platform) continue;
    for (const OfferPrice& p : o.prices) {
      if (p.price.high > 0) return true;
    }
  }
  return false;
}

std::vector<Issue> check_request(const Catalog& catalog, const PlanRequest& r) {
  std::vector<Issue> issues;
  auto range = [&issues](Input input, double value) {
    if (std::optional<Issue> e = check_input(input, value)) issues.push_back(std::move(*e));
  };
  if (!r.budget_tier.empty() && r.budget != 0) issues.push_back({"budget", msg::err_plan_budget_both()});
  if (!r.budget_tier.empty() && !catalog.find_budget_tier(r.budget_tier)) {
    issues.push_back(unknown_entry("budget_tier", MsgId::cat_noun_tier, r.budget_tier, catalog.budget_tiers));
  }
  if (r.budget != 0) range(Input::Budget, r.budget);   // 0: no budget
  if (r.usd_cny != 0) range(Input::UsdCny, r.usd_cny);  // 0: the catalog's rate
  range(Input::HoursPerDay, r.hours_per_day);
  range(Input::ApiInputRatio, r.api_mix.input_per_output);
  range(Input::ApiCacheHit, r.api_mix.cache_hit_share);
  range(Input::BuyMonths, r.buy_months);
  range(Input::KwhPrice, r.kwh_price);
  for (const auto& [field, ids] : {std::pair{"platforms", &r.platforms}, std::pair{"platforms_first", &r.platforms_first}}) {
    for (std::size_t i = 0; i < ids->size(); ++i) {
      if (!catalog.find_platform((*ids)[i])) {
        issues.push_back(unknown_entry(std::string(field) + "[" + std::to_string(i) + "]", MsgId::cat_noun_platform,
                                       (*ids)[i], catalog.platforms));
      }
    }
  }
  range(Input::MinTokensPerS, r.min_tokens_per_s);
  range(Input::MaxTtftMs, r.max_ttft_ms);
  range(Input::RequestsPerS, r.requests_per_s);
  if (r.requests_per_s > 0 && is_training(r.scenario.task)) {
    issues.push_back({"requests_per_s", msg::err_requests_training()});
  } else if (r.requests_per_s > 0 && r.scenario.output_tokens <= 0) {
    issues.push_back({"requests_per_s", msg::err_requests_output_tokens()});
  }
  range(Input::Top, r.top);
  if (!r.today.empty()) {
    const std::optional<CatalogDate> d = parse_catalog_date(r.today);
    if (!d || d->month == 0) issues.push_back({"today", msg::err_today_date("today", r.today)});
  }
  if (r.usd_cny == 0 && !(catalog.defaults.usd_cny > 0)) issues.push_back({"usd_cny", msg::err_plan_no_rate()});
  return issues;
}

// The one way a tier or an amount becomes a budget in the plan's currency.
Budget tier_budget(const BudgetTier& tier, Currency currency, double usd_cny) {
  Budget b;
  b.set = true;
  b.tier = tier.id;
  b.low = convert_money(tier.low_cny_per_month, "CNY", currency, usd_cny);
  b.high = convert_money(tier.high_cny_per_month, "CNY", currency, usd_cny);
  b.label = tier_label(tier);
  return b;
}

Budget amount_budget(const Catalog& catalog, double amount, Currency currency) {
  Budget b;
  b.set = true;
  b.tier = catalog.custom_budget.id.empty() ? "custom" : catalog.custom_budget.id;
  b.high = amount;
  b.label = plan_words::custom_budget_label(amount, currency);
  return b;
}

Budget resolve_budget(const Catalog& catalog, const PlanRequest& r, double usd_cny) {
  if (const BudgetTier* tier = r.budget_tier.empty() ? nullptr : catalog.find_budget_tier(r.budget_tier)) {
    return tier_budget(*tier, r.currency, usd_cny);
  }
  return r.budget > 0 ? amount_budget(catalog, r.budget, r.currency) : Budget{};
}

// [SECTION] Enumeration

struct Candidate {
  Option option;
  const Gpu* gpu = nullptr;
  const Offer* offer = nullptr;
  const Platform* platform = nullptr;
  const GpuEstimate* estimate = nullptr;
  // A slice that costs more than price_spread_ratio x the cheapest whole card of its GPU, per whole
  // card: that card's monthly price per card and its platform (mark_dear_slices).
  double whole_card_monthly = 0;
  Message whole_card_platform;
};

// A GPU estimate re-planned for machines narrower than its tensor-parallel group (estimate_on_offer).
struct Replan {
  std::string gpu;             // Gpu::id
  int cards = 0;               // the GPU estimate's cards (one replica)
  int max_tensor_parallel = 0; // the cards one machine of the offer holds
  const GpuEstimate* estimate = nullptr;  // into Evaluation::replanned; nullptr: no layout fits there
};

struct Evaluation {
  Scenario scenario;
  std::vector<Estimate> estimates;  // [0]: every GPU at its automatic card count; then one GPU at
                                    // another count each. NOTE: reserved up front, candidates
                                    // point into it.
  std::deque<Estimate> replanned;   // one GPU at one count with TP capped to an offer's machine.
                                    // NOTE: a deque, so that adding one moves none: candidates point into it.
  std::vector<Replan> replans;      // the cache of `replanned`, by (GPU, cards, widest TP)
  std::vector<Candidate> candidates;  // sorted, cheapest first
  std::optional<std::size_t> pick;
  std::vector<QuoteOnly> quote_only;
  bool job = false;
  bool cheaper_multi_machine = false;  // the pick is single-machine; a cheaper multi-machine option qualifies
  bool datacenter_node_fits = false;   // one machine of datacenter cards holds the job (at any price)
  bool datacenter_cluster = false;     // no single machine qualifies; datacenter cards over several
                                       // machines do: consumer/workstation clusters are not picked
  bool consumer_cluster_skipped = false;  // ... and a cheaper such cluster was passed over for the pick
};

int ceil_div(int a, int b) { return (a + b - 1) / b; }

bool allows(TermChoice choice, Term term) {
  switch (choice) {
    case TermChoice::Hourly: return term == Term::Hourly;
    case TermChoice::Weekly: return term == Term::Weekly;
    case TermChoice::Monthly: return term == Term::Monthly;
    case TermChoice::Yearly: return term == Term::Yearly;
    case TermChoice::Cheapest: return true;
  }
  return true;
}

// The tier a monthly amount (plan currency) falls in; "" = none (e.g. the article's 12k-80k gap).
std::string tier_of(const Context& ctx, double monthly) {
  for (const BudgetTier& t : ctx.catalog.budget_tiers) {
    const double lo = convert_money(t.low_cny_per_month, "CNY", ctx.cost.currency, ctx.cost.usd_cny);
    const double hi = convert_money(t.high_cny_per_month, "CNY", ctx.cost.currency, ctx.cost.usd_cny);
    if (monthly >= lo && (t.high_cny_per_month <= 0 || monthly <= hi)) return t.id;
  }
  return "";
}

const Money& rank_cost(const Option& o, bool job) { return job && o.job_cost ? *o.job_cost : o.monthly_cost; }

bool cheaper_money(const Money& a, const Money& b) {
  if (a.high != b.high) return a.high < b.high;
  return a.low < b.low;
}

int isolation_rank(Isolation i) { return i == Isolation::Dedicated ? 0 : i == Isolation::Unknown ? 1 : 2; }

// Ranking: cost (high end, then low end), fewer cards, dedicated isolation, real vendors,
// then ids for a stable order.
bool ranks_before(const Candidate& a, const Candidate& b, bool job) {
  const Money& ca = rank_cost(a.option, job);
  const Money& cb = rank_cost(b.option, job);
  if (ca.high != cb.high || ca.low != cb.low) return cheaper_money(ca, cb);
  if (a.option.cards != b.option.cards) return a.option.cards < b.option.cards;
  if (a.option.cards_rented != b.option.cards_rented) return a.option.cards_rented < b.option.cards_rented;
  const int ia = isolation_rank(a.option.isolation);
  const int ib = isolation_rank(b.option.isolation);
  if (ia != ib) return ia < ib;
  if (a.option.pickable != b.option.pickable) return a.option.pickable;
  if (a.option.offer != b.option.offer) return a.option.offer < b.option.offer;
  if (a.option.term != b.option.term) return a.option.term < b.option.term;
  return !a.option.spot && b.option.spot;
}

// Machines an option spans: machine units, or cards over the GPU's node size.
int machines(const Candidate& c) {
  if (c.option.unit == OfferUnit::Machine) return c.option.units;
  if (c.option.unit == OfferUnit::Slice) return 1;
  return machines_for(*c.gpu, c.option.cards);
}

// The memory left over the need, as a fraction of the need (how headroom is measured).



// One priced option for (GPU estimate, offer, term price, spot?).
// What an option is ranked by under one term price: its monthly cost, or its job cost.
Money ranking_cost(const Context& ctx, const Evaluation& ev, const Candidate& c, const UnitPrice& price, bool spot) {
  CostInputs in = ctx.cost;
  in.spot = spot;
  if (ev.job && c.option.job_hours) return job_cost(*c.platform, *c.offer, price, c.option.units, *c.option.job_hours, in);
  return monthly_cost(*c.platform, *c.offer, price, c.option.units, in).total;
}

// Fills the cost fields of `c.option` for one term price.
void price_option(const Context& ctx, const Evaluation& ev, Candidate& c, const UnitPrice& price, bool spot) {
  Option& o = c.option;
  const Platform& platform = *c.platform;
  const Offer& offer = *c.offer;
  CostInputs in = ctx.cost;
  in.spot = spot;
  const MonthlyCost mc = monthly_cost(platform, offer, price, o.units, in);
  o.term = price.term;
  o.spot = mc.spot_applied;
  o.student = mc.student_applied;
  o.commitment = price.term == Term::Yearly;
  o.price_on_inquiry = price.on_inquiry;
  o.price_derived = price.derived;
  o.monthly_cost = mc.total;
  o.extra_fees = mc.extra_fees;
  o.cost_per_hour = Money{cost_per_used_hour(mc.total.low, in.hours_per_day),
                          cost_per_used_hour(mc.total.high, in.hours_per_day)};
  o.cost_per_tflops_hour = Money{cost_per_tflops_hour(mc.total.low, in.hours_per_day, o.tflops),
                                 cost_per_tflops_hour(mc.total.high, in.hours_per_day, o.tflops)};
  if (ev.scenario.task == Task::Inference && o.aggregate_tokens_per_s > 0) {
    o.cost_per_million_tokens = Money{cost_per_million_tokens(mc.total.low, in.hours_per_day, o.aggregate_tokens_per_s),
                                      cost_per_million_tokens(mc.total.high, in.hours_per_day, o.aggregate_tokens_per_s)};
  }
  o.budget_cost = o.monthly_cost;
  if (o.job_hours) {
    o.job_cost = job_cost(platform, offer, price, o.units, *o.job_hours, in);
    // A job's spend per month begun is what a monthly budget has to cover.
    const double months = std::max(1.0, std::ceil(*o.job_hours / kHoursPerMonth));
    o.budget_cost = Money{o.job_cost->low / months, o.job_cost->high / months};
  }
  o.within_budget = !ctx.budget.set || ctx.budget.high <= 0 || o.budget_cost.high <= ctx.budget.high * (1 + 1e-12);
  o.below_budget = ctx.budget.set && ctx.budget.low > 0 && o.budget_cost.high < ctx.budget.low;
}

// [SECTION] Offers of one GPU estimate, in steps: offer lookup, replica sizing, fit on the
// offer, speed and targets, pricing.

// Offer lookup: the offer's platform when the request allows it and the offer sells `ge` as it
// is sold (docs/planner.md §1): an offer out of stock is no option; a per-card offer makes a
// multi-card machine only up to the cards its source says one machine holds; a slice is not for
// training. nullptr: not an option.
const Platform* offer_platform(const Context& ctx, const Offer& offer, const GpuEstimate& ge, bool inference) {
  const Catalog& c = ctx.catalog;
  if (offer.gpu != ge.gpu) return nullptr;
  const Platform* platform = nullptr;
  for (std::size_t i = 0; i < c.platforms.size(); ++i) {
    if (c.platforms[i].id == offer.platform) {
      if (ctx.platform_allowed[i]) platform = &c.platforms[i];
      break;
    }
  }
  if (!platform) return nullptr;
  if (offer.stock == Stock::Unavailable) return nullptr;
  if (offer.unit == OfferUnit::Card && ge.cards > std::max(1, offer.max_cards)) return nullptr;
  if (offer.unit == OfferUnit::Slice && !inference) return nullptr;
  return platform;
}

// The option's identity: GPU, platform, offer, where its price comes from and how old it is.
Candidate offer_candidate(const Context& ctx, const GpuEstimate& ge, const Gpu& gpu, const Offer& offer,
                          const Platform* platform, bool pickable) {
  Candidate cand;
  cand.gpu = &gpu;
  cand.offer = &offer;
  cand.platform = platform;
  cand.estimate = &ge;
  Option& o = cand.option;
  o.gpu = gpu.id;
  o.gpu_name = gpu.name;
  o.platform = platform->id;
  o.platform_name = platform_name(*platform);
  if (!offer.product_en.empty()) o.product = msg::common_bilingual(offer.product_en, offer.product_zh);
  o.offer = offer.id;
  o.unit = offer.unit;
  o.isolation = offer.isolation != Isolation::Unknown ? offer.isolation : platform->isolation;
  o.pickable = pickable && (platform->kind != PlatformKind::Market || ctx.explicit_platforms);
  o.as_of = offer.as_of;
  o.price_source = offer.source;
  // A vendor's overlay that added or changed the offer, its platform or the GPU (issue 32).
  o.overlay = !offer.overlay.empty() ? offer.overlay : !platform->overlay.empty() ? platform->overlay : gpu.overlay;
  if (const std::optional<CatalogDate> d = parse_catalog_date(offer.as_of)) {
    o.month_unknown = d->month == 0;
    if (ctx.today) o.price_stale = months_between(*d, *ctx.today) > ctx.catalog.defaults.thresholds.stale_price_months;
  }
  return cand;
}

// The cards one machine of the offer holds: a machine's cards, a per-card offer's max_cards (the
// cards its source says one machine takes; absent: one), a slice's one card.
int machine_cards(const Offer& offer) {
  switch (offer.unit) {
    case OfferUnit::Machine: return std::max(1, offer.cards);
    case OfferUnit::Card: return std::max(1, offer.max_cards);
    case OfferUnit::Slice: return 1;
  }
  return 1;
}

// Layout on the offer (docs/planner.md §1): `ge` when its tensor-parallel group fits in one machine
// of the offer; else the same cards re-planned with TP at most the machine's cards and pipeline
// stages across machines, and estimated again on that layout (memory per card and speed change
// with it), once per (GPU, cards, machine size). nullptr: that layout does not fit (or cannot be
// laid out: more stages than layers), so the offer is no option at this card count.
const GpuEstimate* estimate_on_offer(const Context& ctx, Evaluation& ev, const GpuEstimate& ge, const Offer& offer) {
  const int machine = machine_cards(offer);
  if (ge.tensor_parallel <= machine) return &ge;
  for (const Replan& p : ev.replans) {
    if (p.gpu == ge.gpu && p.cards == ge.cards && p.max_tensor_parallel == machine) return p.estimate;
  }
  Scenario s = ev.scenario;
  s.gpu = ge.gpu;
  s.cards = ge.cards;
  s.max_tensor_parallel = machine;
  Replan p{ge.gpu, ge.cards, machine, nullptr};
  Result<Estimate> r = estimate(ctx.catalog, s);
  if (r.ok() && r.value->gpus.size() == 1) {
    const GpuEstimate& g = r.value->gpus.front();
    if (g.cards == ge.cards && g.fit != Fit::No && g.tensor_parallel <= machine) {
      ev.replanned.push_back(std::move(*r.value));
      p.estimate = &ev.replanned.back().gpus.front();
    }
  }
  ev.replans.push_back(p);
  return p.estimate;
}

// Replica sizing: traffic (--requests-per-s with --output-tokens) served by replicas of the
// estimated job; 1 without traffic. Sets the option's serving fields.
int size_replicas(const Context& ctx, const GpuEstimate& ge, const Offer& offer, bool inference, Option& o) {
  int replicas = 1;
  if (inference && ctx.req.requests_per_s > 0 && ge.serving) {
    const Serving& sv = *ge.serving;
    const double slice = offer.unit == OfferUnit::Slice && offer.slice_fraction > 0 ? offer.slice_fraction : 1;
    double rho = fields::within(ctx.catalog.defaults.thresholds.serving_max_utilization, fields::kPositiveFraction);
    o.limited_by = sv.limited_by;
    const double prefill_ms = sv.prefill_ms / slice;
    if (ctx.req.max_ttft_ms > 0) {
      // Mean time to first token of a single queue at utilisation rho: prefill / (1 - rho).
      const double by_ttft = 1 - prefill_ms / ctx.req.max_ttft_ms;
      if (by_ttft < rho) {
        rho = by_ttft;
        o.limited_by = ServingLimit::Ttft;
      }
    }
    const double per_replica = sv.feasible && rho > 0 ? sv.requests_per_s * slice * rho : 0;
    o.batch = sv.batch;
    if (per_replica > 0) {
      const double need = std::ceil(ctx.req.requests_per_s / per_replica - 1e-9);
      replicas = static_cast<int>(std::min(need, input_spec(Input::Cards).max / std::max(1, ge.cards)));
      o.capacity_requests_per_s = replicas * per_replica;
      // Replicas stop at the most cards cardfit sizes: fewer than the traffic needs meet no target.
      if (replicas < need) o.meets_targets = false;
    } else {
      o.capacity_requests_per_s = 0.0;
      o.meets_targets = false;
    }
  }
  return replicas;
}

// The fit on the offer's units: cards or machines rented for `replicas` replicas, or a slice's
// share of one card. Returns the share of the estimated speed the option gets, nullopt when the
// job does not fit on this offer (a slice too small, host memory short for partial offload).
std::optional<double> fit_on_offer(const Context& ctx, const Evaluation& ev, const GpuEstimate& ge, const Offer& offer,
                                   int replicas, Option& o) {
  o.replicas = replicas;
  o.cards = ge.cards * replicas;
  o.tensor_parallel = ge.tensor_parallel;
  o.pipeline_parallel = ge.pipeline_parallel;
  o.need_bytes = static_cast<double>(ge.per_card_bytes);
  o.usable_bytes = static_cast<double>(ge.usable_bytes);
  o.fit = ge.fit;
  o.spare_fraction = ge.spare_fraction;
  o.held_back_bytes = static_cast<double>(ge.held_back_bytes);
  o.margin_fraction = headroom_of(o.need_bytes, o.usable_bytes, o.held_back_bytes);
  double share = 1;  // of the estimated speed
  if (offer.unit == OfferUnit::Slice) {
    // A slice gives slice_fraction of ONE card's memory and speed: only a 1-card fit qualifies.
    if (ge.cards != 1 || !(offer.slice_fraction > 0)) return std::nullopt;
    share = offer.slice_fraction;
    o.slice_fraction = share;
    o.units = replicas;
    o.cards_rented = 0;
    o.usable_bytes *= share;
    o.held_back_bytes *= share;
    const Estimate& est = ev.estimates.front();
    o.fit = verdict(o.need_bytes, o.usable_bytes, o.held_back_bytes, est.headroom, est.tight_headroom);
    if (o.fit == Fit::No) return std::nullopt;
    o.spare_fraction = o.usable_bytes > 0 ? 1 - o.need_bytes / o.usable_bytes : 0;
    o.margin_fraction = headroom_of(o.need_bytes, o.usable_bytes, o.held_back_bytes);
  } else {
    // Cards or machines of `offer.cards` cards: an 8-card machine serves a 1-8 card need as
    // one machine, and ceil(cards / 8) machines beyond.
    const int per_unit = std::max(1, offer.cards);
    o.units = replicas * ceil_div(ge.cards, per_unit);  // each replica on whole units
    o.cards_rented = o.units * per_unit;
  }
  // Partial offload leaves weights in the rental's host memory, which rentals give per card
  // rented (docs/planner.md §1): a split that needs more is no option on this offer.
  if (ge.offload && ge.offload->host_bytes > 0) {
    const double gb = offer.host_gb_per_card > 0 ? offer.host_gb_per_card : ctx.catalog.defaults.rental_host_gb_per_card;
    const double cards = offer.unit == OfferUnit::Slice ? share : static_cast<double>(o.cards_rented) / replicas;
    if (static_cast<double>(ge.offload->host_bytes) > gb * 1e9 * cards) return std::nullopt;
  }
  return share;
}

// Speed and targets: the estimate's speed at the option's share, times its replicas.
void option_speed(const Context& ctx, const GpuEstimate& ge, const Gpu& gpu, double share, bool inference, Option& o) {
  o.decode_tokens_per_s = ge.decode_tokens_per_s * share;
  o.aggregate_tokens_per_s = ge.aggregate_tokens_per_s * share;
  o.ttft_ms = ge.ttft_ms > 0 ? ge.ttft_ms / share : 0;
  if (ge.train_hours) o.job_hours = *ge.train_hours / share;
  o.compute = ge.compute;
  o.tflops = rental_tflops(gpu, ge.compute, ge.cards, share) * o.replicas;
  o.aggregate_tokens_per_s *= o.replicas;
  // Measurements of the same configuration describe one whole-card replica: a slice has none.
  if (share == 1) o.measured = ge.measured;
  if (inference && ctx.targets) {
    const PlanRequest& r = ctx.req;
    o.meets_targets = o.meets_targets && (r.min_tokens_per_s <= 0 || o.decode_tokens_per_s >= r.min_tokens_per_s) &&
                      (r.max_ttft_ms <= 0 || (o.ttft_ms > 0 && o.ttft_ms <= r.max_ttft_ms));
  }
}

// Pricing: one option per offer, at its cheapest allowed term (and spot variant when allowed).
// false: the offer has no price for an allowed term (listed as quote-only instead).
bool price_cheapest_term(const Context& ctx, const Evaluation& ev, Candidate& cand) {
  static constexpr Term kAllTerms[] = {Term::Hourly, Term::Weekly, Term::Monthly, Term::Yearly};
  std::optional<UnitPrice> best;
  bool best_spot = false;
  Money best_cost;
  for (Term term : kAllTerms) {
    if (!allows(ctx.req.term, term)) continue;
    const std::optional<UnitPrice> price = unit_price(*cand.offer, term);
    if (!price) continue;
    for (int spot = 0; spot < 2; ++spot) {
      if (spot == 1 && !(ctx.req.allow_spot && term == Term::Hourly && cand.platform->spot_multiplier.high > 0)) break;
      const Money cost = ranking_cost(ctx, ev, cand, *price, spot == 1);
      if (!best || cheaper_money(cost, best_cost)) {
        best = price;
        best_spot = spot == 1;
        best_cost = cost;
      }
    }
  }
  if (!best) return false;
  price_option(ctx, ev, cand, *best, best_spot);
  return true;
}

// An offer without a price for the allowed terms: one entry per offer, at the smallest count seen.
void add_quote_only(Evaluation& ev, const GpuEstimate& ge, const Candidate& cand) {
  const Offer& offer = *cand.offer;
  auto same = std::find_if(ev.quote_only.begin(), ev.quote_only.end(),
                           [&](const QuoteOnly& q) { return q.offer == offer.id; });
  if (same == ev.quote_only.end()) {
    ev.quote_only.push_back(QuoteOnly{cand.gpu->id, ge.cards, cand.platform->id, offer.id});
  } else {
    same->cards = std::min(same->cards, ge.cards);
  }
}

// Every offer of `auto_ge`'s GPU as a priced candidate, step by step.
void add_offers(const Context& ctx, Evaluation& ev, const GpuEstimate& auto_ge, const Gpu& gpu) {
  const Catalog& c = ctx.catalog;
  const bool inference = ev.scenario.task == Task::Inference;
  const WeightPrecision* precision = c.find_weight_precision(ev.scenario.precision);
  const bool runnable = !precision || runs_weights(gpu, precision->requires_capability);
  // A pick comes with the command that starts it (launch.hpp): an option without one is listed, never picked.
  const bool auto_launchable = !launch_commands(c, ev.scenario, auto_ge).empty();
  for (const Offer& offer : c.offers) {
    const Platform* platform = offer_platform(ctx, offer, auto_ge, inference);
    if (!platform) continue;
    // A tensor-parallel group never spans machines: the layout on this offer's machines.
    const GpuEstimate* on_offer = estimate_on_offer(ctx, ev, auto_ge, offer);
    if (!on_offer) continue;
    const GpuEstimate& ge = *on_offer;
    const bool launchable = &ge == &auto_ge ? auto_launchable : !launch_commands(c, ev.scenario, ge).empty();
    Candidate cand = offer_candidate(ctx, ge, gpu, offer, platform, runnable && launchable);
    const int replicas = size_replicas(ctx, ge, offer, inference, cand.option);
    const std::optional<double> share = fit_on_offer(ctx, ev, ge, offer, replicas, cand.option);
    if (!share) continue;
    option_speed(ctx, ge, gpu, *share, inference, cand.option);
    if (!price_cheapest_term(ctx, ev, cand)) {
      add_quote_only(ev, ge, cand);
      continue;
    }
    ev.candidates.push_back(std::move(cand));
  }
}

// A slice priced far above its share of a whole card of the same GPU (Yiwan's 1/20 A100 at 900
// CNY/month is 18,000 per whole card, 6.4x its own whole A100 40G): said with the slice, so that
// its low monthly figure is read for what it buys.
void mark_dear_slices(const Context& ctx, Evaluation& ev) {
  const double ratio = ctx.catalog.defaults.thresholds.price_spread_ratio;
  for (Candidate& s : ev.candidates) {
    if (s.option.unit != OfferUnit::Slice || !(s.option.slice_fraction > 0) || !(ratio > 0)) continue;
    const double per_card = s.option.monthly_cost.low / s.option.slice_fraction / std::max(1, s.option.units);
    for (const Candidate& w : ev.candidates) {  // cheapest first: the first whole card of the GPU
      if (w.option.unit == OfferUnit::Slice || w.gpu != s.gpu || w.option.cards_rented <= 0) continue;
      const double whole = w.option.monthly_cost.high / w.option.cards_rented;
      if (per_card > ratio * whole) {
        s.whole_card_monthly = whole;
        s.whole_card_platform = w.option.platform_name;
      }
      break;
    }
  }
}

// Speed per unit of cost: aggregate tokens/s (inference) or 1 / job hours (training) per yuan.
double speed_per_cost(const Candidate& c, bool job) {
  const Option& o = c.option;
  const double cost = rank_cost(o, job).high;
  if (!(cost > 0)) return 0;
  if (o.job_hours && *o.job_hours > 0) return 1 / (*o.job_hours * cost);
  if (o.aggregate_tokens_per_s > 0) return o.aggregate_tokens_per_s / cost;
  return o.tflops / cost;  // training without --tokens: the compute rented
}

// Cost first, but options within thresholds.rank_cost_tolerance of a band's cheapest are ordered
// by commitment (a yearly contract last unless --term yearly), then speed per yuan
// (docs/planner.md §4). Bands are taken greedily from the cheapest: deterministic.
void band_order(const Context& ctx, const Evaluation& ev, std::vector<std::size_t>& order) {
  const double tol = std::max(0.0, ctx.catalog.defaults.thresholds.rank_cost_tolerance);
  if (tol <= 0) return;
  const bool job = ev.job;
  const bool yearly_asked = ctx.req.term == TermChoice::Yearly;
  for (std::size_t start = 0; start < order.size();) {
    const double limit = rank_cost(ev.candidates[order[start]].option, job).high * (1 + tol);
    std::size_t end = start + 1;
    while (end < order.size() && rank_cost(ev.candidates[order[end]].option, job).high <= limit) ++end;
    std::stable_sort(order.begin() + static_cast<std::ptrdiff_t>(start), order.begin() + static_cast<std::ptrdiff_t>(end),
                     [&](std::size_t a, std::size_t b) {
                       const Candidate& ca = ev.candidates[a];
                       const Candidate& cb = ev.candidates[b];
                       if (ca.option.pickable != cb.option.pickable) return ca.option.pickable;
                       if (!yearly_asked && ca.option.commitment != cb.option.commitment) return !ca.option.commitment;
                       const double sa = speed_per_cost(ca, job), sb = speed_per_cost(cb, job);
                       if (std::abs(sa - sb) > 1e-12 * std::max(sa, sb)) return sa > sb;
                       return false;
                     });
    start = end;
  }
}

// Re-estimates each GPU at the other card counts where they can matter (kCardCounts): fewer
// when a smaller count fits tightly, more for a tight fit or a missed speed target. Only with
// the automatic card count; failed estimates are skipped.
void estimate_more_counts(const Context& ctx, Evaluation& ev) {
  if (ev.scenario.cards != 0) return;
  const bool targets = ctx.targets && ev.scenario.task == Task::Inference;
  auto misses_target = [&](const GpuEstimate& a) {
    const PlanRequest& r = ctx.req;
    return (r.min_tokens_per_s > 0 && a.decode_tokens_per_s < r.min_tokens_per_s) ||
           (r.max_ttft_ms > 0 && !(a.ttft_ms > 0 && a.ttft_ms <= r.max_ttft_ms));
  };
  auto wanted = [&](const GpuEstimate& a, int k) {
    if (a.cards <= 0 || k == a.cards) return false;
    if (k < a.cards) return a.min_cards_tight > 0 && a.min_cards_tight <= k;  // fits, tightly, on fewer
    return a.fit == Fit::Tight || (targets && misses_target(a));              // comfortable or faster on more
  };
  for (const Gpu* gpu : ctx.gpus) {
    const GpuEstimate* auto_ge = nullptr;
    for (const GpuEstimate& a : ev.estimates.front().gpus) {
      if (a.gpu == gpu->id) auto_ge = &a;
    }
    if (!auto_ge) continue;
    for (int k : kCardCounts) {  // `estimates` is reserved: auto_ge stays valid
      if (!wanted(*auto_ge, k)) continue;
      Scenario more = ev.scenario;
      more.gpu = auto_ge->gpu;
      more.cards = k;
      Result<Estimate> r = estimate(ctx.catalog, more);
      if (r.ok()) ev.estimates.push_back(std::move(*r.value));
    }
  }
}

// Prices every allowed offer of every GPU estimate that fits and that some engine can run.
void price_estimates(const Context& ctx, Evaluation& ev) {
  ev.candidates.reserve(64);
  for (const Estimate& est : ev.estimates) {
    for (const GpuEstimate& ge : est.gpus) {
      if (ge.cards <= 0 || ge.fit == Fit::No) continue;
      const auto gpu = std::find_if(ctx.gpus.begin(), ctx.gpus.end(), [&](const Gpu* g) { return g->id == ge.gpu; });
      if (gpu == ctx.gpus.end()) continue;  // no allowed offer rents it
      // What can run (the catalog's support table): no build or no kernel, no option.
      if (!engine_runs(ctx.catalog, **gpu, ev.scenario)) continue;
      add_offers(ctx, ev, ge, **gpu);
    }
  }
}

// Orders the candidates by rank, then by band (band_order), and marks slices dearer than whole cards.
void sort_candidates(const Context& ctx, Evaluation& ev) {
  // Sort an index (candidates are large), then lay them out in that order.
  const bool job = ev.job;
  std::vector<std::size_t> order(ev.candidates.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return ranks_before(ev.candidates[a], ev.candidates[b], job);
  });
  band_order(ctx, ev, order);
  std::vector<Candidate> sorted;
  sorted.reserve(order.size());
  for (std::size_t i : order) sorted.push_back(std::move(ev.candidates[i]));
  ev.candidates = std::move(sorted);
  mark_dear_slices(ctx, ev);
}

// One pass of choose_pick: tight or comfortable fits, one machine or several; `need_fp8` /
// `need_fp4`: a suggested scenario's pick must run its FP8 / FP4 weights natively.
struct PickPass {
  bool tight = false;
  bool multi = false;
  bool need_fp8 = false;
  bool need_fp4 = false;
};

// Whether a qualifying candidate may be the pick in this pass; notes a cheaper multi-machine
// option skipped in a single-machine pass.
bool pickable_in_pass(const Context& ctx, Evaluation& ev, const Candidate& c, const PickPass& pass) {
  // A tight pick carries one risk, memory, measured where the memory figures were (CUDA cards:
  // docs/model.md §7); not also a card whose engines' memory is not calibrated, or a kernel that
  // only some engine versions have.
  if (pass.tight && (c.gpu->runtime != Runtime::Cuda ||
                     kernel_support(ctx.catalog, *c.gpu, support_engine(ev.scenario), ev.scenario.precision).version_dependent)) {
    return false;
  }
  if (pass.need_fp8 && !(c.gpu->fp8_dense_tflops > 0)) return false;
  if (pass.need_fp4 && !(c.gpu->fp4_dense_tflops > 0)) return false;
  if (!pass.multi && machines(c) > 1) {
    ev.cheaper_multi_machine = true;
    return false;
  }
  if (machines(c) > 1 && c.gpu->gpu_class != GpuClass::Datacenter && (ev.datacenter_node_fits || ev.datacenter_cluster)) {
    return false;
  }
  // Training across machines needs an RDMA network between them, and no offer states one:
  // such layouts are listed, never picked (docs/planner.md §4).
  return !(machines(c) > 1 && is_training(ev.scenario.task));
}

bool consumer_cluster(const Candidate& c) { return machines(c) > 1 && c.gpu->gpu_class != GpuClass::Datacenter; }

// The pick: the first (cheapest) qualifying option within one machine; one spanning
// machines only when none does (the offers promise no fast network between machines), and never
// a cluster of consumer or workstation cards while one machine of datacenter cards holds the job
// or, over several machines, while datacenter cards qualify in the same pass (docs/planner.md §4).
void choose_pick(const Context& ctx, Evaluation& ev, bool suggested) {
  const WeightPrecision* precision = ctx.catalog.find_weight_precision(ev.scenario.precision);
  const bool fp8 = precision && precision->compute == ComputeType::Fp8;
  const bool fp4 = precision && precision->requires_capability == Capability::Fp4;
  for (const Candidate& c : ev.candidates) {
    if (c.option.fit != Fit::No && machines(c) == 1 && c.gpu->gpu_class == GpuClass::Datacenter) {
      ev.datacenter_node_fits = true;
    }
  }
  // When no comfortable fit qualifies, a tight one within the budget is the pick, with its
  // headroom warning (the Yiwan budget guide picks the A100 40G for Qwen2.5-14B at 3,000 CNY
  // though it leaves 19% headroom of 20%); a tight fit in one machine comes before a comfortable
  // one over several, as in fit.cpp choose_cards. Passes: comfortable and then tight in one
  // machine, then the same over several.
  for (int n = 0; n < 4 && !ev.pick; ++n) {
    const PickPass pass{n % 2 == 1, n >= 2, suggested && fp8, suggested && fp4};
    if (n == 2) ev.cheaper_multi_machine = false;
    auto passes = [&](const Candidate& c) {
      return (pass.tight ? qualifies_tight(c.option) : qualifies(c.option)) && pickable_in_pass(ctx, ev, c, pass);
    };
    // Over several machines, datacenter cards that pass come before any consumer or workstation
    // cluster, cheaper or not: such machines are built to be clustered, 4-card workstations over
    // an ordinary network are not (more machines, more pipeline stages between them).
    if (pass.multi && !ev.datacenter_node_fits) {
      ev.datacenter_cluster = std::any_of(ev.candidates.begin(), ev.candidates.end(), [&](const Candidate& c) {
        return machines(c) > 1 && c.gpu->gpu_class == GpuClass::Datacenter && passes(c);
      });
    }
    for (std::size_t i = 0; i < ev.candidates.size(); ++i) {
      const Candidate& c = ev.candidates[i];
      if (ev.datacenter_cluster && consumer_cluster(c) &&
          (pass.tight ? qualifies_tight(c.option) : qualifies(c.option))) {
        ev.consumer_cluster_skipped = true;
      }
      if (!passes(c)) continue;
      ev.pick = i;
      break;
    }
    if (!ev.pick) ev.datacenter_cluster = ev.consumer_cluster_skipped = false;
  }
}

// Estimates `scenario` (automatic card count, plus larger counts when a target or a tight fit
// could use them) and prices every offer. Errors are the estimate's.
// `suggested`: the scenario is our suggestion (an alternative), so its pick must also run the
// precision natively (no FP8 weights suggested for a GPU without FP8 tensor cores).
Result<Evaluation> evaluate(const Context& ctx, const Scenario& scenario, bool suggested = false) {
  Evaluation ev;
  ev.scenario = scenario;
  ev.scenario.explain = false;
  ev.job = is_training(ev.scenario.task) && ev.scenario.tokens > 0;
  // NOTE: candidates point into `estimates`: reserve for every call up front (no reallocation).
  ev.estimates.reserve(1 + ctx.gpus.size() * std::size(kCardCounts));

  // One estimate for every GPU (or scenario.gpu): its errors are the plan's.
  Result<Estimate> first = estimate(ctx.catalog, ev.scenario);
  if (!first.ok()) return Result<Evaluation>::failure(std::move(first.errors));
  ev.estimates.push_back(std::move(*first.value));
  estimate_more_counts(ctx, ev);
  price_estimates(ctx, ev);
  sort_candidates(ctx, ev);
  choose_pick(ctx, ev, suggested);
  return Result<Evaluation>::success(std::move(ev));
}

// [SECTION] Words on the options shown

plan_words::Context words_context(const Context& ctx, const Evaluation& ev) {
  plan_words::Context t;
  t.catalog = &ctx.catalog;
  t.request = &ctx.req;
  t.scenario = &ev.scenario;
  t.estimate = &ev.estimates.front();
  t.budget = &ctx.budget;
  t.currency = ctx.cost.currency;
  t.hours_per_day = ctx.cost.hours_per_day;
  t.job = ev.job;
  t.single_machine = ev.cheaper_multi_machine;
  t.datacenter_node_fits = ev.datacenter_node_fits;
  t.datacenter_cluster = ev.datacenter_cluster;
  t.consumer_cluster_skipped = ev.consumer_cluster_skipped;
  return t;
}

enum class Role { Pick, Other };

// Adds tier, warnings and reason to a candidate's option (copied, or moved with `take`): the
// pick's reason, or why another option is not the pick (`pick` may be null: there is none).
Option finalise(const Context& ctx, const Evaluation& ev, const Candidate& c, Role role, const Option* pick,
                Option* take = nullptr) {
  const plan_words::Context t = words_context(ctx, ev);
  Option o = take ? std::move(*take) : c.option;
  o.tier = tier_of(ctx, o.budget_cost.high);
  o.warnings = plan_words::option_warnings(t, o, plan_words::Sources{c.gpu, c.offer, c.platform, c.estimate});
  if (c.gpu) {
    const KernelSupport k = kernel_support(ctx.catalog, *c.gpu, support_engine(ev.scenario), ev.scenario.precision);
    if (k.version_dependent && k.row) {
      const EngineProfile* e = ctx.catalog.find_engine(k.row->engine);
      o.warnings.push_back(msg::plan_warn_kernel_version(precision_label(ev.scenario.precision), c.gpu->name,
                                                         e ? e->name : k.row->engine, k.row->source));
    }
  }
  if (c.whole_card_monthly > 0) {
    const double per_card = o.monthly_cost.low / o.slice_fraction / std::max(1, o.units);
    const double whole = c.whole_card_monthly;
    o.warnings.push_back(msg::plan_warn_slice_price(format_percent(o.slice_fraction) + "%", o.gpu_name,
                                                    monthly_label(Money{per_card, per_card}, ctx.req.currency),
                                                    format_trimmed(per_card / whole, 1), c.whole_card_platform,
                                                    monthly_label(Money{whole, whole}, ctx.req.currency)));
  }
  if (c.estimate) {
    o.launch = launch_commands(ctx.catalog, ev.scenario, *c.estimate);  // the reason reads it
    // The benchmark compares one replica's figures on what is rented (a slice's share of the card).
    GpuEstimate rented = *c.estimate;
    const double share = c.estimate->ttft_ms > 0 && o.ttft_ms > 0 ? c.estimate->ttft_ms / o.ttft_ms : 1.0;
    rented.decode_tokens_per_s = o.decode_tokens_per_s;
    rented.aggregate_tokens_per_s = o.aggregate_tokens_per_s / std::max(1, o.replicas);
    rented.ttft_ms = o.ttft_ms;
    rented.prefill_tokens_per_s = c.estimate->prefill_tokens_per_s * share;
    o.verify = verify_for(ctx.catalog, ev.scenario, rented, o.launch);
  }
  o.reason = role == Role::Pick ? plan_words::pick_reason(t, o) : plan_words::other_reason(t, o, pick);
  return o;
}

Option finalise_pick(const Context& ctx, const Evaluation& ev) {
  return finalise(ctx, ev, ev.candidates[*ev.pick], Role::Pick, nullptr);
}

// [SECTION] Alternatives

struct Variant {
  std::string kind;
  Message change;
  Scenario scenario;
  std::vector<std::pair<std::string, std::string>> set;  // Alternative::set
};

const char* key_of(Input input) { return input_spec(input).key; }

// Whether the scenario's engine supports a precision listing `engines` (empty: every engine;
// training: always).
bool engine_supports(const Scenario& s, const std::vector<std::string>& engines) {
  return s.task != Task::Inference || engines.empty() ||
         std::find(engines.begin(), engines.end(), s.engine.value_or("")) != engines.end();
}

// The precisions of `all` (weight or KV) with fewer bits than `cur_bits` that the scenario's
// engine supports, nearest first (catalog order among equals).
template <class Precision>
std::vector<const Precision*> nearest_lower(const std::vector<Precision>& all, double Precision::*bits,
                                            double cur_bits, const Scenario& s) {
  std::vector<const Precision*> lower;
  for (const Precision& p : all) {
    if (p.*bits < cur_bits && engine_supports(s, p.engines)) lower.push_back(&p);
  }
  std::stable_sort(lower.begin(), lower.end(),
                   [bits](const Precision* a, const Precision* b) { return a->*bits > b->*bits; });
  return lower;
}

// The first `most` of `lower` as variants of `kind`: the scenario's `field` set to each id, the
// link's `input` key with it, `change` its words.
template <class Precision, class Change>
std::vector<Variant> lower_precision_variants(const std::vector<const Precision*>& lower, std::size_t most,
                                              const char* kind, std::string Scenario::*field, Input input,
                                              const Scenario& s, Change change) {
  std::vector<Variant> k;
  for (std::size_t i = 0; i < lower.size() && i < most; ++i) {
    Variant v{kind, {}, s, {}};
    v.scenario.*field = lower[i]->id;
    v.change = change(lower[i]->id);
    v.set = {{key_of(input), lower[i]->id}};
    k.push_back(std::move(v));
  }
  return k;
}

// Neighbouring (smaller) weight precisions, nearest first; none for QLoRA or an unknown precision.
// Only precisions the scenario's engine (named, or default_engine of the current weights) lists.
void precision_variants(const Catalog& c, const Scenario& s, std::vector<std::vector<Variant>>& kinds) {
  if (s.task == Task::Qlora) return;
  const WeightPrecision* cur = c.find_weight_precision(s.precision);
  if (!cur) return;
  const std::vector<const WeightPrecision*> lower =
      nearest_lower(c.weight_precisions, &WeightPrecision::bits_per_weight, cur->bits_per_weight, s);
  kinds.push_back(lower_precision_variants(lower, 3, "precision", &Scenario::precision, Input::Precision, s,
                                           [&s](const std::string& id) {
                                             return msg::plan_change_precision(precision_label(id), precision_label(s.precision));
                                           }));
}

// Smaller KV-cache precisions (serving only; not for a cache of one layout, DeepSeek-V4's).
void kv_precision_variants(const Catalog& c, const Scenario& s, const Model* model,
                           std::vector<std::vector<Variant>>& kinds) {
  if (s.task != Task::Inference || (model && model->has_compressed_attention)) return;
  double cur_bits = 16;
  if (const KvPrecision* kv = s.kv_precision.empty() ? nullptr : c.find_kv_precision(s.kv_precision)) {
    cur_bits = kv->bits;
  }
  const std::vector<const KvPrecision*> lower = nearest_lower(c.kv_precisions, &KvPrecision::bits, cur_bits, s);
  kinds.push_back(lower_precision_variants(lower, 2, "kv_precision", &Scenario::kv_precision, Input::KvPrecision, s,
                                           [&s](const std::string& id) {
                                             return msg::plan_change_kv_precision(kv_label(id), kv_label(s.kv_precision));
                                           }));
}

// Shorter context: half, then a quarter (not below 512 tokens).
std::vector<Variant> context_variants(const Scenario& s) {
  std::vector<Variant> k;
  for (std::int64_t div : {2, 4}) {
    const std::int64_t ctx_len = s.context / div;
    if (ctx_len < 512) break;
    Variant v{"context", {}, s, {}};
    v.scenario.context = ctx_len;
    v.scenario.prompt = std::min(s.prompt, ctx_len);
    v.change = msg::plan_change_context(tokens_label(ctx_len), tokens_label(s.context));
    v.set = {{key_of(Input::Context), std::to_string(ctx_len)}};
    if (s.prompt > ctx_len) v.set.emplace_back(key_of(Input::Prompt), std::to_string(ctx_len));
    k.push_back(std::move(v));
  }
  return k;
}

// Fewer concurrent sequences (serving) or a smaller micro-batch (training: activations shrink
// with it; the global batch is kept by more gradient-accumulation steps): half, a quarter, one.
std::vector<Variant> batch_variants(const Scenario& s) {
  const bool inference = s.task == Task::Inference;
  const std::int64_t amount = inference ? s.concurrency : s.batch;
  std::vector<Variant> k;
  std::int64_t last = amount;
  for (std::int64_t n : {amount / 2, amount / 4, std::int64_t{1}}) {
    if (n < 1 || n >= last) continue;
    last = n;
    Variant v{inference ? "concurrency" : "batch", {}, s, {}};
    (inference ? v.scenario.concurrency : v.scenario.batch) = n;
    const std::string to = std::to_string(n), from = std::to_string(amount);
    v.change = inference ? msg::plan_change_concurrency(to, from) : msg::plan_change_batch(to, from);
    v.set = {{key_of(inference ? Input::Concurrency : Input::Batch), to}};
    k.push_back(std::move(v));
  }
  return k;
}

// Activation checkpointing (full recomputation) when training without it: about a third more
// compute for far less activation memory, before changing the task.
std::optional<Variant> checkpointing_variant(const Scenario& s) {
  if (!is_training(s.task) || s.checkpointing == Checkpointing::Full ||
      (s.checkpointing == Checkpointing::Auto && is_lora(s.task))) {
    return std::nullopt;
  }
  Variant v{"checkpointing", {}, s, {}};
  v.scenario.checkpointing = Checkpointing::Full;
  const Checkpointing from = s.checkpointing == Checkpointing::Auto ? Checkpointing::None : s.checkpointing;
  v.change = msg::plan_change_checkpointing(Message(label_of(from)));
  v.set = {{key_of(Input::Checkpointing), std::string(name_of(Checkpointing::Full))}};
  return v;
}

// LoRA / QLoRA instead of full fine-tuning (or pre-training), QLoRA instead of LoRA.
std::vector<Variant> task_variants(const Scenario& s) {
  std::vector<Task> to;
  if (s.task == Task::Full || s.task == Task::Pretrain) to = {Task::Lora, Task::Qlora};
  if (s.task == Task::Lora) to = {Task::Qlora};
  std::vector<Variant> k;
  for (Task task : to) {
    Variant v{"task", {}, s, {}};
    v.scenario.task = task;
    v.change = msg::plan_change_task(plan_words::task_phrase(task), plan_words::task_phrase(s.task));
    v.set = {{key_of(Input::Task), std::string(name_of(task))}};
    k.push_back(std::move(v));
  }
  return k;
}

// Milder changes first within a kind; the first one that yields a pick is kept. `model`: the
// scenario's model as the plan resolved it (nullptr when the catalog has no such model).
// NOTE: a kind may be empty (kept, as before: the order of kinds is the order tried).
std::vector<std::vector<Variant>> variants(const Context& ctx, const Scenario& s, const Model* model) {
  std::vector<std::vector<Variant>> kinds;
  precision_variants(ctx.catalog, s, kinds);
  kv_precision_variants(ctx.catalog, s, model, kinds);
  kinds.push_back(context_variants(s));
  if (std::vector<Variant> k = batch_variants(s); !k.empty()) kinds.push_back(std::move(k));
  if (std::optional<Variant> v = checkpointing_variant(s)) kinds.push_back({std::move(*v)});
  kinds.push_back(task_variants(s));
  return kinds;
}

// Catalog models smaller than the scenario's (by parameter count), nearest first, the same
// family before others: the change to try when nothing holds the model at all. `cur`: the
// scenario's model as the plan resolved it.
std::vector<Variant> smaller_models(const Context& ctx, const Scenario& s, const Model* cur) {
  if (!cur) return {};
  const std::int64_t size = count_params(*cur).total;
  std::vector<const Model*> smaller;
  for (const Model& m : ctx.catalog.models) {
    if (count_params(m).total < size) smaller.push_back(&m);
  }
  std::stable_sort(smaller.begin(), smaller.end(), [&](const Model* a, const Model* b) {
    const bool fa = a->family == cur->family;
    const bool fb = b->family == cur->family;
    if (fa != fb) return fa;
    return count_params(*a).total > count_params(*b).total;
  });
  std::vector<Variant> out;
  for (std::size_t i = 0; i < smaller.size() && i < 12; ++i) {
    Variant v{"model", {}, s, {}};
    v.scenario.model = smaller[i]->id;
    v.scenario.custom_model.reset();
    const std::string from = cur->name.empty() ? cur->id : cur->name;
    v.change = msg::plan_change_model(smaller[i]->name, from);
    v.set = {{key_of(Input::Params), ""}, {key_of(Input::Arch), ""}, {key_of(Input::Model), smaller[i]->id}};
    out.push_back(std::move(v));
  }
  return out;
}

// A pick with the headroom asked for (a tight pick still lists the changes that would give it).
bool comfortable_pick(const Evaluation& ev) {
  return ev.pick && ev.candidates[*ev.pick].option.fit == Fit::Comfortable;
}

std::vector<Alternative> alternatives(const Context& ctx, const Evaluation& ev, const Model* model) {
  std::vector<Alternative> out;
  for (const std::vector<Variant>& kind : variants(ctx, ev.scenario, model)) {
    for (const Variant& v : kind) {
      Result<Evaluation> r = evaluate(ctx, v.scenario, true);
      if (!r.ok() || !comfortable_pick(*r.value)) continue;
      out.push_back(Alternative{v.kind, v.change, finalise_pick(ctx, *r.value), v.set});
      break;
    }
  }
  // Nothing works for this model at all: the nearest smaller catalog models that do.
  if (out.empty() && ev.candidates.empty()) {
    for (Variant& v : smaller_models(ctx, ev.scenario, model)) {
      Result<Evaluation> r = evaluate(ctx, v.scenario, true);
      if (!r.ok() || !comfortable_pick(*r.value)) continue;
      out.push_back(Alternative{v.kind, v.change, finalise_pick(ctx, *r.value), v.set});
      break;
    }
  }
  // The next tier: the cheapest option that qualifies apart from the budget, planned under the
  // tier it falls in (or a custom budget of its cost when no tier holds it).
  if (ctx.budget.set) {
    for (const Candidate& c : ev.candidates) {
      const Option& o = c.option;
      if (!(o.pickable && o.fit == Fit::Comfortable && o.meets_targets && !o.within_budget)) continue;
      Context raised = ctx;
      const std::string tier_id = tier_of(ctx, o.budget_cost.high);
      const BudgetTier* tier = tier_id.empty() ? nullptr : ctx.catalog.find_budget_tier(tier_id);
      raised.budget = tier ? tier_budget(*tier, ctx.cost.currency, ctx.cost.usd_cny)
                           : amount_budget(ctx.catalog, o.budget_cost.high, ctx.cost.currency);
      Option pick = finalise(raised, ev, c, Role::Pick, nullptr);
      pick.within_budget = true;  // within the raised budget
      Message change = plan_words::budget_change(words_context(ctx, ev), pick);
      std::vector<std::pair<std::string, std::string>> set;
      if (tier) {
        set = {{key_of(Input::Budget), ""}, {key_of(Input::BudgetTier), tier->id}};
      } else {
        set = {{key_of(Input::BudgetTier), ""}, {key_of(Input::Budget), format_shortest(std::ceil(o.budget_cost.high))}};
      }
      out.push_back(Alternative{"budget", std::move(change), std::move(pick), std::move(set)});
      break;
    }
  }
  const bool job = ev.job;
  std::stable_sort(out.begin(), out.end(), [job](const Alternative& a, const Alternative& b) {
    return cheaper_money(rank_cost(a.pick, job), rank_cost(b.pick, job));
  });
  const auto max = static_cast<std::size_t>(std::max(0, ctx.catalog.defaults.thresholds.max_alternatives));
  if (out.size() > max) out.resize(max);
  return out;
}

// Why nothing qualifies, from the candidates (sorted, cheapest first) or their absence.
Message no_pick_reason(const Context& ctx, const Evaluation& ev) {
  plan_words::NoPick f;
  if (ev.candidates.empty()) {
    for (const GpuEstimate& ge : ev.estimates.front().gpus) {
      const Gpu* gpu = ctx.catalog.find_gpu(ge.gpu);
      // A GPU the engine has no kernel for (MLX off Metal) does not "fit": nothing to run there.
      if (ge.cards > 0 && ge.fit != Fit::No && gpu && engine_runs(ctx.catalog, *gpu, ev.scenario)) {
        f.fitting_gpus += (f.fitting_gpus.empty() ? "" : ", ") + gpu_short_name(*gpu);
      }
      f.max_cards = std::max(f.max_cards, ge.max_cards_tried);
    }
    if (!f.fitting_gpus.empty()) f.max_cards = 0;
  }
  for (const Candidate& c : ev.candidates) {
    const Option& o = c.option;
    if (!o.pickable) continue;
    if (o.fit == Fit::Comfortable) {
      if (!o.meets_targets) {
        f.comfortable_misses_targets = true;
      } else if (!o.within_budget && !f.over_budget) {
        f.over_budget = &o;
      }
    } else if (o.fit == Fit::Tight && o.meets_targets) {
      if (!f.tight || o.margin_fraction > f.tight->margin_fraction) f.tight = &o;
      if (o.within_budget && (!f.tight_within || o.margin_fraction > f.tight_within->margin_fraction)) {
        f.tight_within = &o;
      }
    }
  }
  return plan_words::no_pick_reason(words_context(ctx, ev), f);
}

}  // namespace

// [SECTION] Entry point

namespace {

// A cost past a thousand trillion in the plan's currency describes no rental: "too large to
// compute" (exit 1), like one that overflowed; never a null, a 0 or a figure of 1e302.
constexpr double kMaxComputableMoney = 1e15;
bool computable_money(const Money& m) {
  return std::isfinite(m.low) && std::isfinite(m.high) && m.high <= kMaxComputableMoney;
}

// What "faster" means for an option: aggregate tokens/s (inference), 1 / job hours (a training
// job), else the dense TFLOPS rented.
double speed_of(const Option& o) {
  if (o.job_hours && *o.job_hours > 0) return 1 / *o.job_hours;
  if (o.aggregate_tokens_per_s > 0) return o.aggregate_tokens_per_s;
  return o.tflops;
}

// The fastest option the pick could have been within the budget (qualifies, one machine), when
// it is faster than the pick: the just-enough pick's companion for a budget tier.
std::optional<std::size_t> budget_best(const Evaluation& ev) {
  if (!ev.pick) return std::nullopt;
  if (is_training(ev.scenario.task) && !ev.job) return std::nullopt;  // no speed to compare without --tokens
  const Option& pick = ev.candidates[*ev.pick].option;
  std::optional<std::size_t> best;
  double best_speed = speed_of(pick) * 1.1;  // at least 10% faster than the pick, or it is not "more speed"
  for (std::size_t i = 0; i < ev.candidates.size(); ++i) {
    const Candidate& c = ev.candidates[i];
    if (i == *ev.pick || !qualifies(c.option) || machines(c) > 1) continue;
    const double s = speed_of(c.option);
    if (s > best_speed) {
      best = i;
      best_speed = s;
    }
  }
  return best;
}

// A training job longer than thresholds.max_job_weeks: say so, with the cheapest option that
// qualifies and finishes it within that time (a wider layout), if any is listed.
std::optional<Message> long_job_warning(const Context& ctx, const Evaluation& ev, const Option& pick) {
  const double weeks = ctx.catalog.defaults.thresholds.max_job_weeks;
  if (!(weeks > 0) || !pick.job_hours || *pick.job_hours <= weeks * 7 * 24) return std::nullopt;
  const std::string days = format_trimmed(*pick.job_hours / 24, 0);
  for (const Candidate& c : ev.candidates) {
    const Option& o = c.option;
    if (!o.pickable || o.fit != Fit::Comfortable || !o.job_hours || *o.job_hours > weeks * 7 * 24) continue;
    return msg::plan_warn_long_job(days, format_trimmed(weeks, 0),
                                   std::to_string(o.cards) + "x " + (c.gpu ? gpu_short_name(*c.gpu) : o.gpu) + " (" + o.offer + ")",
                                   format_trimmed(*o.job_hours / 24, 1),
                                   o.job_cost ? money_label(*o.job_cost, ctx.cost.currency) : Message());
  }
  return msg::plan_warn_long_job_alone(days, format_trimmed(weeks, 0));
}

// Quantised weights the catalog names no checkpoint for: the commands load the 16-bit repository,
// so say so and how to make one (llm-compressor for INT4 W4A16, llama.cpp's convert + quantize
// for GGUF).
std::optional<Message> checkpoint_warning(const Catalog& c, const Scenario& s, const Model* m) {
  if (s.task != Task::Inference) return std::nullopt;
  const WeightPrecision* p = c.find_weight_precision(s.precision);
  if (!m || !p) return std::nullopt;
  const std::string repo = m->hf_repo.empty() ? m->id : m->hf_repo;
  const std::string name = m->name.empty() ? m->id : m->name;
  const bool gguf_engine = s.engine == std::string("llama.cpp");
  if (s.precision == "int4" && m->awq_repo.empty() && !gguf_engine && s.engine != std::string("ollama")) {
    return msg::plan_warn_no_checkpoint(precision_label(s.precision), name, repo,
                                        "llm-compressor: oneshot(model=\"" + repo +
                                            "\", recipe=GPTQModifier(targets=\"Linear\", scheme=\"W4A16\", ignore=[\"lm_head\"]))");
  }
  if (p->family == PrecisionFamily::Gguf && gguf_engine && m->gguf_repo.empty()) {
    const std::string q = precision_label(s.precision);
    return msg::plan_warn_no_checkpoint(q, name, repo,
                                        "python convert_hf_to_gguf.py <" + repo + " dir> --outtype f16 --outfile model-F16.gguf && "
                                        "llama-quantize model-F16.gguf model-" + q + ".gguf " + q);
  }
  return std::nullopt;
}

// A cost that overflowed is an error, never a null or a 0 (a job of 1e300 hours, say).
std::optional<Issue> unreal_cost(const Option& o, Currency currency, bool job) {
  std::string what;
  auto check = [&what](const char* name, const Money& m) {
    if (what.empty() && !computable_money(m)) what = std::string(name) + " " + format_shortest(m.high);
  };
  check("monthly_cost", o.monthly_cost);
  check("cost_per_hour", o.cost_per_hour);
  check("cost_per_tflops_hour", o.cost_per_tflops_hour);
  check("budget_cost", o.budget_cost);
  if (o.cost_per_million_tokens) check("cost_per_million_tokens", *o.cost_per_million_tokens);
  if (o.job_cost) check("job_cost", *o.job_cost);
  if (o.job_hours && !std::isfinite(*o.job_hours) && what.empty()) what = "job_hours " + format_shortest(*o.job_hours);
  if (what.empty()) return std::nullopt;
  const std::string field = job ? "tokens" : "usd_cny";
  return Issue{field, msg::err_result_cost(field, o.offer, what + " " + std::string(name_of(currency)))};
}

}  // namespace

bool qualifies(const Option& o) {
  return o.pickable && o.fit == Fit::Comfortable && o.meets_targets && o.within_budget;
}

bool qualifies_tight(const Option& o) {
  return o.pickable && o.fit == Fit::Tight && o.meets_targets && o.within_budget;
}

PlanRequest with_catalog_ids(const Catalog& catalog, PlanRequest r) {
  r.scenario = with_catalog_ids(catalog, std::move(r.scenario));  // "" precision stays: the UI's link keeps it
  if (!r.budget_tier.empty()) r.budget_tier = catalog_id(catalog.budget_tiers, r.budget_tier);
  for (std::string& p : r.platforms) p = catalog_id(catalog.platforms, p);
  for (std::string& p : r.platforms_first) p = catalog_id(catalog.platforms, p);
  return r;
}

namespace {
Context offer_lookup(const Catalog& catalog, const PlanRequest& request, double usd_cny);
Result<Plan> explain_plan(const Context& ctx, Evaluation& ev);
}  // namespace

Result<Plan> plan(const Catalog& catalog, const PlanRequest& typed) {
  PlanRequest request = with_catalog_ids(catalog, typed);  // Context keeps a reference
  request.scenario = as_run(catalog, std::move(request.scenario));  // "" precision made concrete
  std::vector<Issue> issues = check_request(catalog, request);
  if (!issues.empty()) return Result<Plan>::failure(std::move(issues));

  const double usd_cny = request.usd_cny > 0 ? request.usd_cny : catalog.defaults.usd_cny;
  Context ctx = offer_lookup(catalog, request, usd_cny);
  Result<Evaluation> r = evaluate(ctx, request.scenario);
  if (!r.ok()) return Result<Plan>::failure(std::move(r.errors));
  return explain_plan(ctx, *r.value);
}

namespace {

// Step 1, offer lookup: the request's costs, budget and allowed platforms, and the GPUs some
// allowed offer rents (the rest of the steps: evaluate() sizes machines and replicas, prices and
// ranks; explain_plan() picks, words, alternatives).
Context offer_lookup(const Catalog& catalog, const PlanRequest& request, double usd_cny) {
  Context ctx{catalog, request};
  ctx.cost.hours_per_day = request.hours_per_day;
  ctx.cost.student = request.student;
  ctx.cost.currency = request.currency;
  ctx.cost.usd_cny = usd_cny;
  ctx.budget = resolve_budget(catalog, request, usd_cny);
  ctx.explicit_platforms = !request.platforms.empty();
  if (!request.today.empty()) ctx.today = parse_catalog_date(request.today);
  ctx.platform_allowed.assign(catalog.platforms.size(), ctx.explicit_platforms ? 0 : 1);
  for (const std::string& id : request.platforms) {
    for (std::size_t i = 0; i < catalog.platforms.size(); ++i) {
      if (catalog.platforms[i].id == id) ctx.platform_allowed[i] = 1;
    }
  }
  ctx.targets = request.min_tokens_per_s > 0 || request.max_ttft_ms > 0 || request.requests_per_s > 0;
  for (const Gpu& gpu : catalog.gpus) {
    if (!request.scenario.gpu.empty() && gpu.id != request.scenario.gpu) continue;
    for (const Offer& offer : catalog.offers) {
      if (offer.gpu != gpu.id) continue;
      const auto it = std::find_if(catalog.platforms.begin(), catalog.platforms.end(),
                                   [&](const Platform& pl) { return pl.id == offer.platform; });
      if (it != catalog.platforms.end() && ctx.platform_allowed[static_cast<std::size_t>(it - catalog.platforms.begin())]) {
        ctx.gpus.push_back(&gpu);
        break;
      }
    }
  }
  return ctx;
}

// --compare-api: the model's API prices at the request's mix, and each option against each of them.
void compare_with_api(const Catalog& catalog, const PlanRequest& request, double usd_cny, Plan& p) {
  ApiCompare cmp;
  cmp.mix = request.api_mix;
  for (const ApiPrice* price : api_prices_of(catalog, p.model)) {
    cmp.quotes.push_back(api_quote(*price, cmp.mix, p.currency, usd_cny));
  }
  cmp.buy.months = request.buy_months;
  cmp.buy.kwh_price = request.kwh_price > 0 ? request.kwh_price
                                            : convert_money(catalog.defaults.electricity_cny_per_kwh, "CNY", p.currency, usd_cny);
  auto apply = [&](Option& o) {
    o.api_compare.clear();
    o.buy.reset();
    o.buy_unpriced = false;
    const Gpu* g = catalog.find_gpu(o.gpu);
    if (g && g->gpu_class == GpuClass::Consumer && o.cards_rented > 0) {
      if (std::optional<Money> one = street_price(*g, p.currency, usd_cny); one && cmp.buy.kwh_price > 0) {
        const int n = o.cards_rented;
        o.buy = buy_break_even(Money{one->low * n, one->high * n}, n, g->tdp_w, p.hours_per_day, cmp.buy, o.monthly_cost);
        o.buy->gpu = g->id;
        o.buy->condition = g->street_price_condition;
        o.buy->as_of = g->street_price_as_of;
        o.buy->source = g->street_price_source;
        if (const Source* src = catalog.find_source(g->street_price_source)) {
          o.buy->source_title = src->short_title.empty() ? src->title : src->short_title;
        }
      } else {
        o.buy_unpriced = true;
      }
    }
    if (o.aggregate_tokens_per_s <= 0) return;
    for (const ApiQuote& q : cmp.quotes) {
      o.api_compare.push_back(api_break_even(q, o.monthly_cost, p.hours_per_day, o.aggregate_tokens_per_s, cmp.mix));
    }
  };
  if (p.pick) apply(*p.pick);
  if (p.budget_best) apply(*p.budget_best);
  for (Option& o : p.options) apply(o);
  p.api_compare = std::move(cmp);
}

// The plan's own fields: what was asked (budget, currency, terms) and what it is for (model, precision, engine).
Plan plan_head(const Context& ctx, const Evaluation& ev, const Model* model) {
  const PlanRequest& request = ctx.req;
  const Estimate& est = ev.estimates.front();
  Plan p;
  p.budget = ctx.budget;
  p.currency = request.currency;
  p.usd_cny = ctx.cost.usd_cny;
  p.hours_per_day = request.hours_per_day;
  p.term = request.term;
  p.lang = request.lang;
  p.job = ev.job;
  p.model = est.model;
  p.model_name = model && !model->name.empty() ? model->name : est.model;
  p.precision = est.precision;
  if (ev.scenario.task == Task::Inference) p.engine = engine_id(ctx.catalog, ev.scenario);
  p.memory_bytes = est.memory.total;
  return p;
}

// A platform asked for by name that has no priced offer says why (its no_price_reason).
std::vector<Message> no_public_price_warnings(const Catalog& catalog, const PlanRequest& request) {
  std::vector<Message> out;
  for (const std::string& id : request.platforms) {
    const Platform* pl = catalog.find_platform(id);
    if (pl && !has_priced_offer(catalog, id)) {
      const Message reason = pl->no_price_reason_en.empty() ? msg::plan_warn_no_public_price_default()
                                                            : msg::common_bilingual(pl->no_price_reason_en,
                                                                                    pl->no_price_reason_zh.empty()
                                                                                        ? pl->no_price_reason_en
                                                                                        : pl->no_price_reason_zh);
      out.push_back(msg::plan_warn_no_public_price(platform_name(*pl), reason));
    }
  }
  return out;
}

// The order listed: cheapest first, an embedding vendor's platforms (platforms_first) ahead of
// the others, each group still cheapest first; market reference prices (no vendor) after the
// vendors' offers: they never lead a table. The pick does not change.
std::vector<std::size_t> listing_order(const Evaluation& ev, const PlanRequest& request) {
  std::vector<std::size_t> order(ev.candidates.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const std::vector<std::string>& first = request.platforms_first;
  std::stable_partition(order.begin(), order.end(), [&](std::size_t i) {
    return std::find(first.begin(), first.end(), ev.candidates[i].option.platform) != first.end();
  });
  std::stable_partition(order.begin(), order.end(), [&](std::size_t i) {
    const Candidate& c = ev.candidates[i];
    return !(c.platform && c.platform->kind == PlatformKind::Market && !c.option.pickable);
  });
  return order;
}

// The options listed: the first --top in listing order, the pick always among them.
std::vector<Option> listed_options(const Context& ctx, Evaluation& ev, const std::optional<Option>& pick_option) {
  const Option* pick = pick_option ? &*pick_option : nullptr;
  const std::size_t top = static_cast<std::size_t>(ctx.req.top);
  std::vector<Option> options;
  options.reserve(std::min(top + 1, ev.candidates.size()));
  const std::vector<std::size_t> order = listing_order(ev, ctx.req);
  bool pick_listed = false;
  for (std::size_t k = 0; k < order.size() && options.size() < top; ++k) {
    Candidate& c = ev.candidates[order[k]];
    if (ev.pick && order[k] == *ev.pick) {
      options.push_back(*pick_option);
      pick_listed = true;
    } else {
      options.push_back(finalise(ctx, ev, c, Role::Other, pick, &c.option));
    }
  }
  if (ev.pick && !pick_listed) options.push_back(*pick_option);  // the pick is always listed
  return options;
}

// The first option or alternative whose cost is not a real number, as an issue.
std::optional<Issue> first_unreal_cost(const Plan& p) {
  for (const Option& o : p.options) {
    if (std::optional<Issue> bad = unreal_cost(o, p.currency, p.job)) return bad;
  }
  for (const Alternative& a : p.alternatives) {
    if (std::optional<Issue> bad = unreal_cost(a.pick, p.currency, p.job)) return bad;
  }
  return std::nullopt;
}

// Last step, reasons: the pick and its companions, the options listed, alternatives, warnings.
Result<Plan> explain_plan(const Context& ctx, Evaluation& ev) {
  const Catalog& catalog = ctx.catalog;
  const PlanRequest& request = ctx.req;
  const Model* model = ev.scenario.custom_model ? &*ev.scenario.custom_model : catalog.find_model(ev.estimates.front().model);
  Plan p = plan_head(ctx, ev, model);
  p.warnings = ev.estimates.front().warnings;
  if (ctx.targets && is_training(ev.scenario.task)) p.warnings.push_back(msg::plan_warn_targets_training());
  for (Message& w : no_public_price_warnings(catalog, request)) p.warnings.push_back(std::move(w));
  p.quote_only = ev.quote_only;
  p.options_total = ev.candidates.size();

  // Alternatives and the no-pick sentence read the candidates: before the options are moved out.
  if (!comfortable_pick(ev) && request.alternatives) p.alternatives = alternatives(ctx, ev, model);
  if (!ev.pick) p.no_pick_reason = no_pick_reason(ctx, ev);
  if (ev.pick) p.pick = finalise_pick(ctx, ev);
  const Option* pick = p.pick ? &*p.pick : nullptr;
  if (pick && ctx.budget.set) {
    if (std::optional<std::size_t> best = budget_best(ev)) p.budget_best = finalise(ctx, ev, ev.candidates[*best], Role::Other, pick);
  }
  if (pick && pick->job_hours) {
    if (std::optional<Message> w = long_job_warning(ctx, ev, *pick)) p.pick->warnings.push_back(std::move(*w));
  }
  if (std::optional<Message> w = checkpoint_warning(catalog, ev.scenario, model)) p.warnings.push_back(std::move(*w));
  p.options = listed_options(ctx, ev, p.pick);
  if (request.compare_api && ev.scenario.task == Task::Inference) compare_with_api(catalog, request, ctx.cost.usd_cny, p);
  if (std::optional<Issue> bad = first_unreal_cost(p)) return Result<Plan>::failure({std::move(*bad)});
  return Result<Plan>::success(std::move(p));
}

}  // namespace

}  // namespace cardfit
