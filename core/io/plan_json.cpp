// Plan -> JSON (see plan_json.hpp; the keys are documented in docs/cli.md, "plan").
#include "plan_json.hpp"

#include "json_writer.hpp"
#include "launch_json.hpp"
#include "measured_json.hpp"
#include "api_words.hpp"

namespace cardfit {
namespace {

void money(JsonWriter& w, const Money& m, Currency c) {
  w.begin_object().field("low", m.low).field("high", m.high).field("currency", name_of(c)).end_object();
}

void optional_money(JsonWriter& w, const std::optional<Money>& m, Currency c) {
  if (m) money(w, *m, c);
  else w.null();
}

// The option's card, layout and offer: what is rented, where, on which terms and from which source.
void option_offer_fields(JsonWriter& w, const Option& o, const Plan& p) {
  w.field("gpu", o.gpu)
      .field("gpu_name", o.gpu_name)
      .field("cards", o.cards)
      .field("units", o.units)
      .field("cards_rented", o.cards_rented)
      .field("tensor_parallel", o.tensor_parallel)      // the layout it runs, per replica
      .field("pipeline_parallel", o.pipeline_parallel)
      .field("slice_fraction", o.slice_fraction)
      .field("platform", o.platform)
      .field("platform_name", render(o.platform_name, p.lang))
      .field("offer", o.offer)
      .field("product", render(o.product, p.lang))  // "" when the offer names no product
      .field("unit", name_of(o.unit))
      .field("term", name_of(o.term))
      .field("spot", o.spot)
      .field("commitment", o.commitment)
      .field("price_on_inquiry", o.price_on_inquiry)
      .field("price_derived", o.price_derived)
      .field("student_discount", o.student)
      .field("pickable", o.pickable)
      .field("as_of", o.as_of)                  // YYYY when the source prints no month
      .field("month_unknown", o.month_unknown)  // "month not stated"
      .field("price_stale", o.price_stale)      // older than thresholds.stale_price_months before "today"
      .field("source", o.price_source)          // the price's citations (source ids, docs/catalog.md)
      .field_if("overlay", !o.overlay.empty(), o.overlay)  // the vendor file it came from; null = bundled
      .field("isolation", name_of(o.isolation));
}

// What the option costs: per month, per hour, per TFLOPS-hour, per million tokens, against the budget.
void option_cost_fields(JsonWriter& w, const Option& o, Currency c) {
  money(w.key("monthly_cost"), o.monthly_cost, c);
  money(w.key("extra_fees"), o.extra_fees, c);
  money(w.key("cost_per_hour"), o.cost_per_hour, c);
  w.field("tflops", o.tflops)
      .field("tflops_convention", "dense tensor " + std::string(name_of(o.compute)) + ", no sparsity, x cards x slice");
  money(w.key("cost_per_tflops_hour"), o.cost_per_tflops_hour, c);
  optional_money(w.key("cost_per_million_tokens"), o.cost_per_million_tokens, c);
  w.field("within_budget", o.within_budget).field("below_budget", o.below_budget);
  money(w.key("budget_cost"), o.budget_cost, c);
}

// Whether and how well the model fits and runs: memory, speed, replicas, the batch's limit, the job.
void option_fit_fields(JsonWriter& w, const Option& o, Currency c) {
  w.field_if("tier", !o.tier.empty(), o.tier)
      .field("fit", name_of(o.fit))
      .field("need_bytes", o.need_bytes)
      .field("usable_bytes", o.usable_bytes)
      .field("held_back_bytes", o.held_back_bytes)
      .field("spare_fraction", o.spare_fraction)
      .field("margin_fraction", o.margin_fraction)
      .field("decode_tokens_per_s", o.decode_tokens_per_s)
      .field("aggregate_tokens_per_s", o.aggregate_tokens_per_s)
      .field("ttft_ms", o.ttft_ms)
      .field("meets_targets", o.meets_targets)
      .field("replicas", o.replicas)
      .field("capacity_requests_per_s", o.capacity_requests_per_s);
  w.field_if("batch", o.limited_by.has_value(), o.batch).key("limited_by");
  if (o.limited_by) w.value(name_of(*o.limited_by));
  else w.null();
  w.field("job_hours", o.job_hours);
  optional_money(w.key("job_cost"), o.job_cost, c);
}

// The option's warnings (rendered and as codes) and its reason in the plan's language, English and Chinese.
void option_warning_fields(JsonWriter& w, const Option& o, const Plan& p) {
  w.key("warnings").begin_array();
  for (const Message& m : o.warnings) w.value(render(m, p.lang));
  w.end_array().key("warning_codes").begin_array();
  for (const Message& m : o.warnings) w.value(message_code(m.id));
  w.end_array()
      .field("reason", render(o.reason, p.lang))
      .field("reason_en", render(o.reason, Lang::En))
      .field("reason_zh", render(o.reason, Lang::Zh));
}

// --compare-api: the break-even against each of the plan's api_compare.prices, in order, then its text.
void api_compare_json(JsonWriter& w, const Option& o, const Plan& p, Currency c) {
  w.key("api_compare").begin_array();
  for (const ApiBreakEven& b : o.api_compare) {
    w.begin_object().field("price_id", b.price_id);
    money(w.key("rent_per_mtok"), b.rent_per_mtok, c);
    w.field("api_per_mtok", b.api_per_mtok).field("capacity_tokens_per_day", b.capacity_tokens_per_day);
    w.key("break_even_tokens_per_day")
        .begin_object()
        .field("low", b.break_even_tokens_per_day.low)
        .field("high", b.break_even_tokens_per_day.high)
        .end_object();
    w.field("rent_can_win", b.rent_can_win).end_object();
  }
  w.end_array();
  const std::vector<Message> lines = api_compare_lines(p, &o);
  w.key("api_compare_text").begin_array();
  for (const Message& m : lines) w.value(render(m, p.lang));
  w.end_array();
}

// One option of the plan, its keys in docs/cli.md's order.
void option_json(JsonWriter& w, const Option& o, const Plan& p) {
  const Currency c = p.currency;
  w.begin_object();
  option_offer_fields(w, o, p);
  option_cost_fields(w, o, c);
  option_fit_fields(w, o, c);
  option_warning_fields(w, o, p);
  launch_json(w.key("launch"), o.launch);
  if (p.api_compare) api_compare_json(w, o, p, c);
  measured_json(w, o.measured);
  verify_json(w.key("verify"), o.verify);
  w.end_object();
}

// The plan's own keys before its options: what was asked and how the options are ranked.
void plan_head_fields(JsonWriter& w, const Plan& p) {
  w.field("schema", kPlanSchema)
      .field("ok", true)
      .field("model", p.model)
      .field("model_name", p.model_name)
      .field("precision", p.precision)
      .field("engine", p.engine)
      .field("memory_bytes", p.memory_bytes)
      .field("currency", name_of(p.currency))
      .field("usd_cny", p.usd_cny)
      .field("hours_per_day", p.hours_per_day)
      .field("term", name_of(p.term))
      .field("ranked_by", p.job ? "job_cost" : "monthly_cost");
}

// The budget asked for (a tier or a custom amount); null when none.
void budget_json(JsonWriter& w, const Plan& p) {
  if (!p.budget.set) {
    w.null();
    return;
  }
  w.begin_object()
      .field("tier", p.budget.tier)
      .field("low", p.budget.low)
      .field_if("high", p.budget.high > 0, p.budget.high)
      .field("currency", name_of(p.currency))
      .field("label", render(p.budget.label, p.lang))
      .end_object();
}

void optional_option_json(JsonWriter& w, const std::optional<Option>& o, const Plan& p) {
  if (o) option_json(w, *o, p);
  else w.null();
}

// One change to the scenario that gives another pick: what it sets, its words, that pick.
void alternative_json(JsonWriter& w, const Alternative& a, const Plan& p) {
  w.begin_object().field("kind", a.kind).key("set").begin_object();
  for (const auto& [key, value] : a.set) w.field(key, value);
  w.end_object()
      .field("change", render(a.change, p.lang))
      .field("change_en", render(a.change, Lang::En))
      .field("change_zh", render(a.change, Lang::Zh));
  option_json(w.key("pick"), a.pick, p);
  w.end_object();
}

void quote_only_json(JsonWriter& w, const QuoteOnly& q) {
  w.begin_object().field("gpu", q.gpu).field("cards", q.cards).field("platform", q.platform).field("offer", q.offer).end_object();
}

// One public API price, converted to the plan's currency per million tokens.
void api_quote_json(JsonWriter& w, const ApiQuote& q, const Plan& p) {
  w.begin_object()
      .field("id", q.id)
      .field("provider", q.provider)
      .field("currency", q.currency)
      .field("input_per_mtok", q.input_per_mtok)
      .field("cache_hit_per_mtok", q.cache_hit_per_mtok)
      .field("output_per_mtok", q.output_per_mtok)
      .field("as_of", q.as_of)
      .field("source", q.source)
      .field("per_mtok", q.per_mtok)
      .field("per_mtok_currency", name_of(p.currency))
      .end_object();
}

// --compare-api (docs/cli.md "Rent or pay per token"): the token mix, the prices, the pick's text.
void plan_api_compare_json(JsonWriter& w, const ApiCompare& cmp, const Plan& p) {
  w.begin_object()
      .field("input_per_output", cmp.mix.input_per_output)
      .field("cache_hit_share", cmp.mix.cache_hit_share)
      .field("priced", !cmp.quotes.empty());
  w.key("prices").begin_array();
  for (const ApiQuote& q : cmp.quotes) api_quote_json(w, q, p);
  w.end_array().key("text").begin_array();
  for (const Message& m : api_compare_lines(p, p.pick ? &*p.pick : nullptr)) w.value(render(m, p.lang));
  w.end_array().end_object();
}

}  // namespace

std::string plan_to_json(const Plan& p, JsonStyle style) {
  JsonWriter w(style == JsonStyle::Pretty);
  w.begin_object();
  plan_head_fields(w, p);
  budget_json(w.key("budget"), p);
  optional_option_json(w.key("pick"), p.pick, p);
  optional_option_json(w.key("budget_best"), p.budget_best, p);
  w.key("options").begin_array();
  for (const Option& o : p.options) option_json(w, o, p);
  w.end_array().field("options_total", p.options_total);
  w.key("alternatives").begin_array();
  for (const Alternative& a : p.alternatives) alternative_json(w, a, p);
  w.end_array().key("no_pick_reason");
  if (p.pick) w.null();
  else w.value(render(p.no_pick_reason, p.lang));
  w.key("quote_only").begin_array();
  for (const QuoteOnly& q : p.quote_only) quote_only_json(w, q);
  w.end_array();
  if (p.api_compare) plan_api_compare_json(w.key("api_compare"), *p.api_compare, p);
  w.key("warnings").begin_array();
  for (const Message& m : p.warnings) w.value(render(m, p.lang));
  w.end_array().end_object();
  return w.take();
}

std::string errors_to_json(const std::vector<Issue>& errors, Lang lang, JsonStyle style, const char* schema) {
  JsonWriter w(style == JsonStyle::Pretty);
  w.begin_object();
  if (schema != nullptr && *schema != '\0') w.field("schema", schema);
  w.field("ok", false).key("errors").begin_array();
  for (const Issue& e : errors) {
    w.begin_object()
        .field("field", e.field)
        .field("code", message_key(e.message.id))
        .field("message", render(e.message, lang))
        .end_object();
  }
  w.end_array().end_object();
  return w.take();
}

}  // namespace cardfit
