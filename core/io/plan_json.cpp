// Plan -> JSON (see plan_json.hpp; the keys are documented in docs/cli.md, "plan").
#include "plan_json.hpp"

#include "launch_json.hpp"

#include <nlohmann/json.hpp>

namespace cardfit {
namespace {

using json = nlohmann::ordered_json;  // keys in the documented order, "ok" first

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
  j["gpu"] = o.gpu;
  j["gpu_name"] = o.gpu_name;
  j["cards"] = o.cards;
  j["units"] = o.units;
  j["cards_rented"] = o.cards_rented;
  j["slice_fraction"] = o.slice_fraction;
  j["platform"] = o.platform;
  j["platform_name"] = render(o.platform_name, p.lang);
  j["offer"] = o.offer;
  j["unit"] = std::string(name_of(o.unit));
  j["term"] = std::string(name_of(o.term));
  j["spot"] = o.spot;
  j["commitment"] = o.commitment;
  j["price_on_inquiry"] = o.price_on_inquiry;
  j["price_derived"] = o.price_derived;
  j["student_discount"] = o.student;
  j["pickable"] = o.pickable;
  j["as_of"] = o.as_of;                  // YYYY when the source prints no month
  j["month_unknown"] = o.month_unknown;  // "month not stated"
  j["price_stale"] = o.price_stale;      // older than thresholds.stale_price_months before "today"
  j["isolation"] = std::string(name_of(o.isolation));
  j["monthly_cost"] = money(o.monthly_cost, c);
  j["extra_fees"] = money(o.extra_fees, c);
  j["cost_per_hour"] = money(o.cost_per_hour, c);
  j["tflops"] = o.tflops;
  j["tflops_convention"] = "dense tensor " + std::string(name_of(o.compute)) + ", no sparsity, x cards x slice";
  j["cost_per_tflops_hour"] = money(o.cost_per_tflops_hour, c);
  j["cost_per_million_tokens"] = optional_money(o.cost_per_million_tokens, c);
  j["within_budget"] = o.within_budget;
  j["below_budget"] = o.below_budget;
  j["budget_cost"] = money(o.budget_cost, c);
  j["tier"] = o.tier.empty() ? json(nullptr) : json(o.tier);
  j["fit"] = std::string(name_of(o.fit));
  j["need_bytes"] = o.need_bytes;
  j["usable_bytes"] = o.usable_bytes;
  j["spare_fraction"] = o.spare_fraction;
  j["margin_fraction"] = o.margin_fraction;
  j["decode_tokens_per_s"] = o.decode_tokens_per_s;
  j["aggregate_tokens_per_s"] = o.aggregate_tokens_per_s;
  j["ttft_ms"] = o.ttft_ms;
  j["meets_targets"] = o.meets_targets;
  j["replicas"] = o.replicas;
  j["capacity_requests_per_s"] = o.capacity_requests_per_s ? json(*o.capacity_requests_per_s) : json(nullptr);
  j["batch"] = o.limited_by ? json(o.batch) : json(nullptr);
  j["limited_by"] = o.limited_by ? json(std::string(name_of(*o.limited_by))) : json(nullptr);
  j["job_hours"] = o.job_hours ? json(*o.job_hours) : json(nullptr);
  j["job_cost"] = optional_money(o.job_cost, c);
  j["warnings"] = std::move(warnings);
  j["warning_codes"] = std::move(codes);
  j["reason"] = render(o.reason, p.lang);
  j["reason_en"] = render(o.reason, Lang::En);
  j["reason_zh"] = render(o.reason, Lang::Zh);
  j["launch"] = launch_json(o.launch);
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
  j["schema"] = kPlanSchema;
  j["ok"] = true;
  j["model"] = p.model;
  j["model_name"] = p.model_name;
  j["precision"] = p.precision;
  j["memory_bytes"] = p.memory_bytes;
  j["currency"] = code(p.currency);
  j["usd_cny"] = p.usd_cny;
  j["hours_per_day"] = p.hours_per_day;
  j["term"] = std::string(name_of(p.term));
  j["ranked_by"] = p.job ? "job_cost" : "monthly_cost";
  j["budget"] = std::move(budget);
  j["pick"] = p.pick ? option_json(*p.pick, p) : json(nullptr);
  j["options"] = std::move(options);
  j["options_total"] = p.options_total;
  j["alternatives"] = std::move(alternatives);
  j["no_pick_reason"] = p.pick ? json(nullptr) : json(render(p.no_pick_reason, p.lang));
  j["quote_only"] = std::move(quote_only);
  j["warnings"] = std::move(warnings);
  return dump(j, style);
}

std::string errors_to_json(const std::vector<Issue>& errors, Lang lang, JsonStyle style, const char* schema) {
  json list = json::array();
  for (const Issue& e : errors) {
    list.push_back(json{{"field", e.field}, {"code", std::string(message_key(e.message.id))}, {"message", render(e.message, lang)}});
  }
  json j = json::object();
  if (schema != nullptr && *schema != '\0') j["schema"] = schema;
  j["ok"] = false;
  j["errors"] = std::move(list);
  return dump(j, style);
}

}  // namespace cardfit
