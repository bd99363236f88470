// Plan -> JSON (see plan_json.hpp; the keys are documented in docs/cli.md, "plan").
#include "plan_json.hpp"

#include "launch_json.hpp"

#include <nlohmann/json.hpp>

#include "json_put.hpp"

namespace cardfit {
namespace {

using json = nlohmann::ordered_json;  // keys in the documented order, "ok" first
using json_put::put;

std::string code(Currency c) { return std::string(name_of(c)); }

json money(const Money& m, Currency c) { return json{{"low", m.low}, {"high", m.high}, {"currency", code(c)}}; }

json optional_money(const std::optional<Money>& m, Currency c) { return m ? money(*m, c) : json(nullptr); }

json option_json(const Option& o, const Plan& p) {
  const Currency c = p.currency;
  json warnings = json::array();
  json codes = json::array();
  for (const Message& w : o.warnings) {
    warnings.push_back(render(w, p.lang));
    codes.push_back(std::string(message_code(w.id)));
  }
  json j;
  put(j, "gpu", o.gpu);
  put(j, "gpu_name", o.gpu_name);
  put(j, "cards", o.cards);
  put(j, "units", o.units);
  put(j, "cards_rented", o.cards_rented);
  put(j, "slice_fraction", o.slice_fraction);
  put(j, "platform", o.platform);
  put(j, "platform_name", render(o.platform_name, p.lang));
  put(j, "offer", o.offer);
  put(j, "unit", std::string(name_of(o.unit)));
  put(j, "term", std::string(name_of(o.term)));
  put(j, "spot", o.spot);
  put(j, "commitment", o.commitment);
  put(j, "price_on_inquiry", o.price_on_inquiry);
  put(j, "price_derived", o.price_derived);
  put(j, "student_discount", o.student);
  put(j, "pickable", o.pickable);
  j["as_of"] = o.as_of;                  // YYYY when the source prints no month
  j["month_unknown"] = o.month_unknown;  // "month not stated"
  j["price_stale"] = o.price_stale;      // older than thresholds.stale_price_months before "today"
  put(j, "isolation", std::string(name_of(o.isolation)));
  put(j, "monthly_cost", money(o.monthly_cost, c));
  put(j, "extra_fees", money(o.extra_fees, c));
  put(j, "cost_per_hour", money(o.cost_per_hour, c));
  put(j, "tflops", o.tflops);
  put(j, "tflops_convention", "dense tensor " + std::string(name_of(o.compute)) + ", no sparsity, x cards x slice");
  put(j, "cost_per_tflops_hour", money(o.cost_per_tflops_hour, c));
  put(j, "cost_per_million_tokens", optional_money(o.cost_per_million_tokens, c));
  put(j, "within_budget", o.within_budget);
  put(j, "below_budget", o.below_budget);
  put(j, "budget_cost", money(o.budget_cost, c));
  put(j, "tier", o.tier.empty() ? json(nullptr) : json(o.tier));
  put(j, "fit", std::string(name_of(o.fit)));
  put(j, "need_bytes", o.need_bytes);
  put(j, "usable_bytes", o.usable_bytes);
  put(j, "spare_fraction", o.spare_fraction);
  put(j, "margin_fraction", o.margin_fraction);
  put(j, "decode_tokens_per_s", o.decode_tokens_per_s);
  put(j, "aggregate_tokens_per_s", o.aggregate_tokens_per_s);
  put(j, "ttft_ms", o.ttft_ms);
  put(j, "meets_targets", o.meets_targets);
  put(j, "replicas", o.replicas);
  put(j, "capacity_requests_per_s", o.capacity_requests_per_s ? json(*o.capacity_requests_per_s) : json(nullptr));
  put(j, "batch", o.limited_by ? json(o.batch) : json(nullptr));
  put(j, "limited_by", o.limited_by ? json(std::string(name_of(*o.limited_by))) : json(nullptr));
  put(j, "job_hours", o.job_hours ? json(*o.job_hours) : json(nullptr));
  put(j, "job_cost", optional_money(o.job_cost, c));
  put(j, "warnings", std::move(warnings));
  put(j, "warning_codes", std::move(codes));
  put(j, "reason", render(o.reason, p.lang));
  put(j, "reason_en", render(o.reason, Lang::En));
  put(j, "reason_zh", render(o.reason, Lang::Zh));
  put(j, "launch", launch_json(o.launch));
  return j;
}

std::string dump(const json& j, JsonStyle style) {
  return j.dump(style == JsonStyle::Pretty ? 2 : -1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::string plan_to_json(const Plan& p, JsonStyle style) {
  json options = json::array();
  for (const Option& o : p.options) options.push_back(option_json(o, p));
  json alternatives = json::array();
  for (const Alternative& a : p.alternatives) {
    json set = json::object();
    for (const auto& [key, value] : a.set) set[key] = value;
    alternatives.push_back(json{{"kind", a.kind},
                                {"set", std::move(set)},
                                {"change", render(a.change, p.lang)},
                                {"change_en", render(a.change, Lang::En)},
                                {"change_zh", render(a.change, Lang::Zh)},
                                {"pick", option_json(a.pick, p)}});
  }
  json quote_only = json::array();
  for (const QuoteOnly& q : p.quote_only) {
    quote_only.push_back(json{{"gpu", q.gpu}, {"cards", q.cards}, {"platform", q.platform}, {"offer", q.offer}});
  }
  json warnings = json::array();
  for (const Message& w : p.warnings) warnings.push_back(render(w, p.lang));
  json budget = nullptr;
  if (p.budget.set) {
    budget = json{{"tier", p.budget.tier},
                  {"low", p.budget.low},
                  {"high", p.budget.high > 0 ? json(p.budget.high) : json(nullptr)},
                  {"currency", code(p.currency)},
                  {"label", render(p.budget.label, p.lang)}};
  }
  json j;
  put(j, "schema", kPlanSchema);
  put(j, "ok", true);
  put(j, "model", p.model);
  put(j, "model_name", p.model_name);
  put(j, "precision", p.precision);
  put(j, "memory_bytes", p.memory_bytes);
  put(j, "currency", code(p.currency));
  put(j, "usd_cny", p.usd_cny);
  put(j, "hours_per_day", p.hours_per_day);
  put(j, "term", std::string(name_of(p.term)));
  put(j, "ranked_by", p.job ? "job_cost" : "monthly_cost");
  put(j, "budget", std::move(budget));
  put(j, "pick", p.pick ? option_json(*p.pick, p) : json(nullptr));
  put(j, "options", std::move(options));
  put(j, "options_total", p.options_total);
  put(j, "alternatives", std::move(alternatives));
  put(j, "no_pick_reason", p.pick ? json(nullptr) : json(render(p.no_pick_reason, p.lang)));
  put(j, "quote_only", std::move(quote_only));
  put(j, "warnings", std::move(warnings));
  return dump(j, style);
}

std::string errors_to_json(const std::vector<Issue>& errors, Lang lang, JsonStyle style, const char* schema) {
  json list = json::array();
  for (const Issue& e : errors) {
    list.push_back(json{{"field", e.field}, {"code", std::string(message_key(e.message.id))}, {"message", render(e.message, lang)}});
  }
  json j = json::object();
  if (schema != nullptr && *schema != '\0') j["schema"] = schema;
  put(j, "ok", false);
  put(j, "errors", std::move(list));
  return dump(j, style);
}

}  // namespace cardfit
