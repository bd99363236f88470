// The planner's words (see plan_words.hpp). Thresholds come from the catalog (defaults.thresholds);
// each rule cites the buying guide it comes from by the short title in the catalog's sources.
#include "plan_words.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "cost.hpp"
#include "format.hpp"
#include "hardware.hpp"
#include "labels.hpp"
#include "messages.hpp"

namespace cardfit::plan_words {
namespace {

// Source ids of the buying guides (assets/catalog/sources.json).
constexpr const char* kGuideSpeed = "guide-zhixingyun-speed-2026";      // Zhixingyun: speed and stock
constexpr const char* kGuideYiwan = "guide-yiwan-budget-2026";          // Yiwan Network: selection and budget
constexpr const char* kGuideXingyu = "guide-xingyu-platforms-2026";     // Xingyu: platforms compared
constexpr const char* kGuideSelection = "guide-gpu-selection-2026";     // 2026 GPU cloud server selection

std::string pct(double fraction) { return format_percent(fraction); }
// The memory margin of an option beside the headroom asked for, both on the need.
std::string margin(const Context& ctx, const Option& o) { return format_margin(o.margin_fraction, ctx.estimate->headroom); }
std::string headroom(const Context& ctx) { return format_headroom(ctx.estimate->headroom); }
std::string gb(double bytes) { return format_trimmed(bytes / 1e9, 1); }

// " (short title)" of a catalog source, or nothing when the catalog lacks it.
Message cite(const Context& ctx, const char* source_id) {
  const Source* s = ctx.catalog->find_source(source_id);
  if (!s) return Message();
  return msg::plan_cite(s->short_title.empty() ? s->title : s->short_title);
}

// One card-hour of an offer at its hourly term, in the offer's currency; nullopt without one.
std::optional<Money> card_hour(const Offer& offer) {
  const std::optional<UnitPrice> p = unit_price(offer, Term::Hourly);
  if (!p || !(p->price.low > 0)) return std::nullopt;
  const double per = offer.unit == OfferUnit::Machine && offer.cards > 0 ? offer.cards : 1;
  return Money{p->price.low / per, p->price.high / per};
}

Message hourly_label(const Money& m, const std::string& currency) {
  return currency == "USD" ? msg::price_hourly_usd(amount_range(m)) : msg::price_hourly_cny(amount_range(m));
}

// Market references (article prices with no vendor) for one GPU that lie further apart than
// thresholds.price_spread_ratio: the furthest other one, named. The offers' notes explain why.
std::optional<Message> market_spread(const Context& ctx, const Gpu& gpu, const Offer& offer) {
  const Catalog& c = *ctx.catalog;
  const std::optional<Money> mine = card_hour(offer);
  if (!mine) return std::nullopt;
  const double ratio = c.defaults.thresholds.price_spread_ratio;
  const Offer* worst = nullptr;
  double worst_ratio = ratio;
  for (const Offer& other : c.offers) {
    if (&other == &offer || other.gpu != offer.gpu || other.currency != offer.currency) continue;
    const Platform* pl = c.find_platform(other.platform);
    if (!pl || pl->kind != PlatformKind::Market) continue;
    const std::optional<Money> theirs = card_hour(other);
    if (!theirs) continue;
    const double apart = std::max(theirs->low / mine->high, mine->low / theirs->high);
    if (apart > worst_ratio) {
      worst_ratio = apart;
      worst = &other;
    }
  }
  if (!worst) return std::nullopt;
  return msg::plan_warn_market_spread(gpu_short_name(gpu), hourly_label(*mine, offer.currency),
                                      hourly_label(*card_hour(*worst), worst->currency),
                                      platform_name(*c.find_platform(worst->platform)), format_trimmed(ratio, 1));
}

Isolation effective_isolation(const Sources& src) {
  if (src.offer->isolation != Isolation::Unknown) return src.offer->isolation;
  return src.platform->isolation;
}

// The estimate's per-GPU warnings that the planner says in its own words.
bool said_by_planner(MsgId estimate_warning, const std::vector<Message>& planner) {
  auto has = [&planner](MsgId id) {
    for (const Message& m : planner) {
      if (m.id == id) return true;
    }
    return false;
  };
  switch (estimate_warning) {
    case MsgId::est_warn_tight: return has(MsgId::plan_warn_tight_fit);
    case MsgId::est_warn_no_fast_link_training:
      return has(MsgId::plan_warn_no_nvlink_training) || has(MsgId::plan_warn_nvlink_not_stated);
    case MsgId::est_warn_fp8_weight_only:
    case MsgId::est_warn_fp8_no_path: return has(MsgId::plan_warn_fp8_unsupported);
    default: return false;
  }
}

}  // namespace

Message task_phrase(Task task) {
  switch (task) {
    case Task::Inference: return msg::plan_task_inference();
    case Task::Lora: return msg::plan_task_lora();
    case Task::Qlora: return msg::plan_task_qlora();
    case Task::Full: return msg::plan_task_full();
    case Task::Pretrain: return msg::plan_task_pretrain();
  }
  return msg::plan_task_inference();
}

// [SECTION] Warnings

namespace {

// Machines an option spans: machine units, or cards over the GPU's node size (a slice: one).
int machines_of(const Option& o, const Gpu& gpu) {
  if (o.unit == OfferUnit::Machine) return o.units;
  if (o.unit == OfferUnit::Slice) return 1;
  return machines_for(gpu, o.cards);
}

// Whether `o` is a cluster of consumer or workstation cards that datacenter cards keep from the pick.
bool refused_cluster(const Context& ctx, const Option& o) {
  const Gpu* gpu = ctx.catalog->find_gpu(o.gpu);
  return gpu && gpu->gpu_class != GpuClass::Datacenter && machines_of(o, *gpu) > 1 &&
         (ctx.datacenter_node_fits || ctx.datacenter_cluster);
}

// What holds the job instead of a consumer/workstation cluster: one datacenter machine, or
// datacenter cards over several machines.
Message datacenter_holder(const Context& ctx) {
  return ctx.datacenter_node_fits ? msg::plan_holder_datacenter_node() : msg::plan_holder_datacenter_cluster();
}

using Warnings = std::vector<Message>;

// Memory: a tight fit, memory rented but not used (whole cards paid for, or the slice), idle cards of a machine.
void fit_warnings(const Context& ctx, const Option& o, const Sources& src, Warnings& w) {
  const Thresholds& th = ctx.catalog->defaults.thresholds;
  if (o.fit == Fit::Tight) {
    w.push_back(msg::plan_warn_tight_fit(margin(ctx, o), headroom(ctx), cite(ctx, kGuideYiwan)));
  }
  const double rented_bytes = o.unit == OfferUnit::Slice
                                  ? o.usable_bytes
                                  : static_cast<double>(src.estimate->card_memory_bytes) * o.cards_rented;
  const double used_bytes = o.need_bytes * o.cards;
  // Sized from traffic, the KV pool of every replica is in use at its batch: not over-provisioned.
  if (!o.capacity_requests_per_s && rented_bytes > 0 && used_bytes < th.over_provisioned_use * rented_bytes) {
    w.push_back(msg::plan_warn_over_provisioned(gb(used_bytes), gb(rented_bytes), pct(used_bytes / rented_bytes),
                                                pct(th.over_provisioned_use), cite(ctx, kGuideYiwan)));
  }
  if (o.unit == OfferUnit::Machine && o.cards_rented > o.cards) {
    w.push_back(msg::plan_warn_unused_cards(std::to_string(o.cards_rented), std::to_string(o.cards)));
  }
}

// Several machines: the link between them, and consumer cards clustered where datacenter cards would do.
void machine_warnings(const Context& ctx, const Option& o, const Gpu& gpu, Warnings& w) {
  const int machines = machines_of(o, gpu);
  // The card's own link (NVLink, HCCS, Infinity Fabric; PCIe), named from the catalog's GPU entry.
  const Message link(label_of(gpu.interconnect));
  if (machines > 1) w.push_back(msg::plan_warn_multi_machine(std::to_string(machines), link));
  if (machines > 1 && gpu.gpu_class != GpuClass::Datacenter && (ctx.datacenter_node_fits || ctx.datacenter_cluster)) {
    w.push_back(msg::plan_warn_consumer_cluster(std::to_string(machines), datacenter_holder(ctx)));
  }
}

// Training: cards without a fast link (or an offer that does not state it), consumer cards round the clock, slices.
void training_warnings(const Context& ctx, const Option& o, const Sources& src, Warnings& w) {
  const Task task = ctx.scenario->task;
  if (!is_training(task)) return;
  const Gpu& gpu = *src.gpu;
  const Thresholds& th = ctx.catalog->defaults.thresholds;
  if (o.cards > 1) {
    if (!has_fast_link(gpu)) {
      w.push_back(msg::plan_warn_no_nvlink_training(gpu_short_name(gpu), format_trimmed(th.pcie_two_card_speedup, 2),
                                                    cite(ctx, kGuideSelection)));
    } else if (src.offer->interconnect != OfferLink::NvLink) {
      const Message link(label_of(gpu.interconnect));  // NVLink, HCCS, Infinity Fabric
      w.push_back(msg::plan_warn_nvlink_not_stated(link, pct(th.no_fast_link_slowdown), cite(ctx, kGuideXingyu)));
    }
  }
  if ((gpu.gpu_class == GpuClass::Consumer || gpu.gpu_class == GpuClass::Laptop) &&
      (ctx.hours_per_day >= th.round_the_clock_hours_per_day || (o.job_hours && *o.job_hours >= th.long_job_hours))) {
    w.push_back(msg::plan_warn_consumer_24x7(cite(ctx, kGuideYiwan)));
  }
  if (o.unit == OfferUnit::Slice) w.push_back(msg::plan_warn_slice_training(cite(ctx, kGuideSelection)));
}

// Shared (oversold) cards, or a platform that does not say.
void isolation_warnings(const Context& ctx, const Sources& src, Warnings& w) {
  const Thresholds& th = ctx.catalog->defaults.thresholds;
  const Isolation iso = effective_isolation(src);
  if (iso == Isolation::Shared) {
    w.push_back(msg::plan_warn_shared_isolation(pct(th.oversold_loss), cite(ctx, kGuideSpeed)));
  } else if (iso == Isolation::Unknown && src.platform->kind != PlatformKind::Market) {
    w.push_back(msg::plan_warn_isolation_unknown(pct(th.oversold_loss), cite(ctx, kGuideSpeed)));
  }
}

// How far to trust the price: on inquiry, derived, an article's market reference, stale or undated.
void price_warnings(const Context& ctx, const Option& o, const Sources& src, Warnings& w) {
  if (o.price_on_inquiry) w.push_back(msg::plan_warn_price_on_inquiry());
  if (o.price_derived) w.push_back(msg::plan_warn_price_derived());
  if (src.platform->kind == PlatformKind::Market) {
    w.push_back(msg::plan_warn_market_reference());
    if (std::optional<Message> spread = market_spread(ctx, *src.gpu, *src.offer)) w.push_back(std::move(*spread));
  }
  if (o.price_stale) {
    const auto from = parse_catalog_date(o.as_of);
    const auto to = parse_catalog_date(ctx.request->today);
    if (from && to) {
      w.push_back(msg::plan_warn_price_stale(o.as_of, std::to_string(months_between(*from, *to)), ctx.request->today,
                                             std::to_string(ctx.catalog->defaults.thresholds.stale_price_months)));
    }
  }
  if (o.month_unknown) w.push_back(msg::plan_warn_month_unknown(o.as_of));
}

void stock_warnings(const Context& ctx, const Offer& offer, Warnings& w) {
  if (offer.stock == Stock::QueueWeeks) {
    w.push_back(msg::plan_warn_stock_queue(cite(ctx, kGuideSpeed)));
  } else if (offer.stock == Stock::Limited) {
    w.push_back(msg::plan_warn_stock_limited());
  }
}

// FP8 weights or compute on a card without FP8 tensor rates.
void fp8_warnings(const Context& ctx, const Gpu& gpu, Warnings& w) {
  const WeightPrecision* p = ctx.catalog->find_weight_precision(ctx.estimate->precision);
  const bool fp8 = p && (p->compute == ComputeType::Fp8 || p->requires_capability == Capability::Fp8);
  if (fp8 && !(gpu.fp8_dense_tflops > 0)) {
    const std::string g = gpu_short_name(gpu);
    w.push_back(gpu.fp8_path == Fp8Path::None ? msg::plan_warn_fp8_unsupported_no_path(g)
                                              : msg::plan_warn_fp8_unsupported(g));
  }
}

// The terms of the rental: spot preemption, a commitment, fees beside the card.
void terms_warnings(const Context& ctx, const Option& o, const Platform& platform, Warnings& w) {
  if (o.spot) {
    w.push_back(msg::plan_warn_spot_risk(pct(platform.spot_multiplier.low), pct(platform.spot_multiplier.high),
                                         cite(ctx, kGuideSpeed)));
  }
  if (o.commitment) w.push_back(msg::plan_warn_commitment(cite(ctx, kGuideYiwan)));
  if (o.extra_fees.high > 0) {
    w.push_back(msg::plan_warn_extra_fees(monthly_label(o.extra_fees, ctx.currency), cite(ctx, kGuideXingyu)));
  }
}

// The speed targets missed: decode speed, time to first token, or both in one sentence.
void target_warnings(const Context& ctx, const Option& o, Warnings& w) {
  if (o.meets_targets) return;
  const PlanRequest& r = *ctx.request;
  Message speed;
  Message ttft;
  if (r.min_tokens_per_s > 0 && o.decode_tokens_per_s < r.min_tokens_per_s) {
    speed = msg::plan_warn_target_speed(format_rate(o.decode_tokens_per_s), format_rate(r.min_tokens_per_s));
  }
  if (r.max_ttft_ms > 0 && !(o.ttft_ms > 0 && o.ttft_ms <= r.max_ttft_ms)) {
    ttft = msg::plan_warn_target_ttft(format_rate(o.ttft_ms), format_rate(r.max_ttft_ms));
  }
  w.push_back(msg::plan_warn_misses_target(std::move(speed), std::move(ttft)));
}

// The estimate's per-GPU warnings, minus the ones said above in the planner's words.
void estimate_warnings(const GpuEstimate& estimate, Warnings& w) {
  for (const Message& e : estimate.warnings) {
    if (!said_by_planner(e.id, w)) w.push_back(e);
  }
}

}  // namespace

std::vector<Message> option_warnings(const Context& ctx, const Option& o, const Sources& src) {
  Warnings w;
  fit_warnings(ctx, o, src, w);
  machine_warnings(ctx, o, *src.gpu, w);
  training_warnings(ctx, o, src, w);
  isolation_warnings(ctx, src, w);
  price_warnings(ctx, o, src, w);
  stock_warnings(ctx, *src.offer, w);
  fp8_warnings(ctx, *src.gpu, w);
  terms_warnings(ctx, o, *src.platform, w);
  target_warnings(ctx, o, w);
  estimate_warnings(*src.estimate, w);
  return w;
}

// [SECTION] Reasons

namespace {

Message hardware(const Option& o, const Gpu& gpu) {
  const std::string g = gpu_short_name(gpu);
  if (o.unit == OfferUnit::Slice) {
    const double inv = o.slice_fraction > 0 ? 1.0 / o.slice_fraction : 0;
    const std::string frac = std::fabs(inv - std::round(inv)) < 1e-6 ? "1/" + format_fixed(inv, 0)
                                                                      : pct(o.slice_fraction) + "%";
    return msg::plan_hw_slice(frac, g);
  }
  if (o.unit == OfferUnit::Machine && o.cards_rented > 1) {
    const std::string per = std::to_string(o.cards_rented / (o.units > 0 ? o.units : 1));
    const std::string units = std::to_string(o.units);
    if (o.cards_rented == o.cards) {
      return o.units == 1 ? msg::plan_hw_machine(per, g) : msg::plan_hw_machines(units, per, g);
    }
    const std::string using_cards = std::to_string(o.cards);
    return o.units == 1 ? msg::plan_hw_machine_part(per, g, using_cards)
                        : msg::plan_hw_machines_part(units, per, g, using_cards);
  }
  if (o.cards == 1) return msg::plan_hw_card(g);
  return msg::plan_hw_cards(std::to_string(o.cards), g);
}

Message workload(const Context& ctx) {
  const Scenario& s = *ctx.scenario;
  const std::string ctx_len = tokens_label(s.context);
  if (s.task == Task::Inference) {
    if (s.concurrency > 1) return msg::plan_work_inference_concurrent(ctx_len, std::to_string(s.concurrency));
    return msg::plan_work_inference(ctx_len);
  }
  return msg::plan_work_training(task_phrase(s.task), ctx_len);
}

Message price_clause(const Context& ctx, const Option& o) {
  Message term;
  switch (o.term) {
    case Term::Hourly: term = msg::plan_price_hourly(format_amount(ctx.hours_per_day)); break;
    case Term::Weekly: term = msg::plan_price_weekly(); break;
    case Term::Monthly: break;
    case Term::Yearly: term = msg::plan_price_yearly(); break;
  }
  return msg::plan_price(monthly_label(o.monthly_cost, ctx.currency), std::move(term),
                         o.spot ? msg::plan_price_spot() : Message(),
                         o.student ? msg::plan_price_student() : Message(),
                         o.price_on_inquiry ? msg::plan_price_inquiry() : Message());
}

Message job_clause(const Context& ctx, const Option& o) {
  if (!o.job_hours || !o.job_cost) return Message();
  return msg::plan_job(count_label(ctx.scenario->tokens), format_rate(*o.job_hours),
                       money_label(*o.job_cost, ctx.currency));
}

// "20 tokens/s and 500 ms first-token": the speed targets of the request (inference).
Message targets(const PlanRequest& r) {
  Message speed = r.min_tokens_per_s > 0 ? msg::plan_target_speed(format_rate(r.min_tokens_per_s)) : Message();
  Message ttft = r.max_ttft_ms > 0 ? msg::plan_target_ttft(format_rate(r.max_ttft_ms)) : Message();
  return r.min_tokens_per_s > 0 && r.max_ttft_ms > 0 ? msg::plan_target_both(std::move(speed), std::move(ttft))
                                                      : msg::plan_target_one(std::move(speed), std::move(ttft));
}

Message scope(const Context& ctx, const Option& o) {
  const PlanRequest& r = *ctx.request;
  // Over several machines, datacenter cards before a cheaper consumer/workstation cluster: the
  // pick is the cheapest of datacenter cards, and the sentence ends saying why.
  const bool dc = ctx.consumer_cluster_skipped;
  Message base;
  if (ctx.budget->set && o.below_budget) {
    // A tier is a ceiling, not a floor: the cheaper option is the pick, and the reason says so.
    base = dc                   ? msg::plan_scope_below_budget_datacenter(ctx.budget->label)
           : ctx.single_machine ? msg::plan_scope_below_budget_single(ctx.budget->label)
                                : msg::plan_scope_below_budget(ctx.budget->label);
  } else if (ctx.budget->set) {
    base = dc                   ? msg::plan_scope_budget_datacenter(ctx.budget->label)
           : ctx.single_machine ? msg::plan_scope_budget_single(ctx.budget->label)
                                : msg::plan_scope_budget(ctx.budget->label);
  } else {
    base = dc ? msg::plan_scope_fits_datacenter() : ctx.single_machine ? msg::plan_scope_fits_single() : msg::plan_scope_fits();
  }
  if (!is_training(ctx.scenario->task) && (r.min_tokens_per_s > 0 || r.max_ttft_ms > 0)) {
    base = msg::plan_scope_targets(std::move(base), targets(r));
  }
  return dc ? msg::plan_scope_datacenter_cluster(std::move(base)) : base;
}

}  // namespace

Message pick_reason(const Context& ctx, const Option& o) {
  const Gpu* gpu = ctx.catalog->find_gpu(o.gpu);
  const Model* model = ctx.scenario->custom_model ? &*ctx.scenario->custom_model
                                                  : ctx.catalog->find_model(ctx.estimate->model);
  const std::string model_name = model && !model->name.empty() ? model->name : ctx.estimate->model;
  return msg::plan_reason_pick(model_name, precision_label(ctx.estimate->precision),
                               gb(static_cast<double>(ctx.estimate->memory.total)), workload(ctx),
                               gpu ? hardware(o, *gpu) : msg::common_verbatim(o.gpu), margin(ctx, o), headroom(ctx),
                               platform_with_product(o.platform_name, o.product), price_clause(ctx, o),
                               job_clause(ctx, o), scope(ctx, o));
}

Message other_reason(const Context& ctx, const Option& o, const Option* pick) {
  const Money& cost = ctx.job && o.job_cost ? *o.job_cost : o.monthly_cost;
  const Message c = ctx.job ? msg::plan_cost_job(money_label(cost, ctx.currency)) : monthly_label(cost, ctx.currency);
  if (!o.pickable) {
    const Platform* platform = ctx.catalog->find_platform(o.platform);
    if (platform && platform->kind == PlatformKind::Market) return msg::plan_reason_market(c);
    if (o.launch.empty()) return msg::plan_reason_no_launch(c);
    return msg::plan_reason_no_path(c);
  }
  if (o.fit == Fit::Tight) return msg::plan_reason_tight(c, margin(ctx, o), headroom(ctx));
  if (!o.meets_targets) return msg::plan_reason_misses_target(c);
  if (!o.within_budget) return msg::plan_reason_over_budget(c, ctx.budget->label);
  if (refused_cluster(ctx, o)) {
    return msg::plan_reason_consumer_cluster(c, std::to_string(machines_of(o, *ctx.catalog->find_gpu(o.gpu))),
                                             datacenter_holder(ctx));
  }
  if (pick) {
    const Money& pc = ctx.job && pick->job_cost ? *pick->job_cost : pick->monthly_cost;
    const double more = cost.high - pc.high;
    if (more > 0) return msg::plan_reason_dearer(c, money_label(Money{more, more}, ctx.currency));
    if (more < 0) {  // cheaper, yet after the pick: over more machines (§4 rule 6), or in the pick's cost band
      const Message less = money_label(Money{-more, -more}, ctx.currency);
      const Gpu* gpu = ctx.catalog->find_gpu(o.gpu);
      const Gpu* pick_gpu = ctx.catalog->find_gpu(pick->gpu);
      const int n = gpu ? machines_of(o, *gpu) : 1;
      const int pick_n = pick_gpu ? machines_of(*pick, *pick_gpu) : 1;
      if (n > pick_n) return msg::plan_reason_more_machines(c, less, std::to_string(n), std::to_string(pick_n));
      return msg::plan_reason_same_band(c, less, pct(ctx.catalog->defaults.thresholds.rank_cost_tolerance));
    }
    return msg::plan_reason_same_price(c);
  }
  return msg::plan_reason_fits(c);
}

Message no_pick_reason(const Context& ctx, const NoPick& f) {
  const Model* model = ctx.scenario->custom_model ? &*ctx.scenario->custom_model
                                                  : ctx.catalog->find_model(ctx.estimate->model);
  const std::string model_name = model && !model->name.empty() ? model->name : ctx.estimate->model;
  if (!f.fitting_gpus.empty()) return msg::plan_none_no_offer(f.fitting_gpus);
  if (f.max_cards > 0) {
    if (const Gpu* gpu = ctx.scenario->gpu.empty() ? nullptr : ctx.catalog->find_gpu(ctx.scenario->gpu)) {
      return msg::plan_none_nothing_fits_gpu(model_name, gb(static_cast<double>(ctx.estimate->memory.total)),
                                             workload(ctx), gpu_short_name(*gpu), std::to_string(f.max_cards));
    }
    return msg::plan_none_nothing_fits(model_name, gb(static_cast<double>(ctx.estimate->memory.total)), workload(ctx),
                                       std::to_string(f.max_cards));
  }
  const Message cost = f.over_budget ? monthly_label(f.over_budget->budget_cost, ctx.currency) : Message();
  if (f.over_budget && f.tight_within) {
    return msg::plan_none_both(msg::plan_none_tight_within(margin(ctx, *f.tight_within), headroom(ctx)),
                               msg::plan_none_over_budget(cost, ctx.budget->label));
  }
  if (f.over_budget) return msg::plan_none_over_budget(cost, ctx.budget->label);
  if (f.comfortable_misses_targets) return msg::plan_none_targets(targets(*ctx.request));
  if (f.tight) return msg::plan_none_only_tight(margin(ctx, *f.tight), headroom(ctx));
  return msg::plan_none_not_pickable();
}

Message custom_budget_label(double value, Currency currency) {
  return msg::plan_budget_custom(monthly_label(Money{value, value}, currency));
}

Message budget_change(const Context& ctx, const Option& pick) {
  if (!pick.tier.empty()) {
    if (const BudgetTier* tier = ctx.catalog->find_budget_tier(pick.tier)) {
      return msg::plan_change_budget_tier(tier_label(*tier), ctx.budget->label);
    }
  }
  const Money& cost = pick.budget_cost;
  return msg::plan_change_budget_amount(monthly_label(Money{cost.high, cost.high}, ctx.currency), ctx.budget->label);
}

}  // namespace cardfit::plan_words
