#include "estimate_json.hpp"

#include <nlohmann/json.hpp>

#include "json_put.hpp"

#include "explain.hpp"
#include "launch_json.hpp"

namespace cardfit {
namespace {

using json = nlohmann::ordered_json;  // keys in the documented order, "schema" and "ok" first
using json_put::put;

// [SECTION] JSON

json memory_json(const MemoryBreakdown& m) {
  json j = json::object();
  put(j, "weights", m.weights);
  put(j, "kv_cache", m.kv_cache);
  put(j, "activations", m.activations);
  put(j, "gradients", m.gradients);
  put(j, "optimizer", m.optimizer);
  put(j, "adapters", m.adapters);
  put(j, "overhead", m.overhead);
  put(j, "total", m.total);
  return j;
}

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

json messages(const std::vector<Message>& list, Lang lang) {
  json out = json::array();
  for (const Message& m : list) out.push_back(render(m, lang));
  return out;
}

json codes(const std::vector<Message>& list) {
  json out = json::array();
  for (const Message& m : list) out.push_back(std::string(message_code(m.id)));
  return out;
}

json offload_json(const std::optional<OffloadEstimate>& o) {
  if (!o) return json(nullptr);
  return json{{"gpu_layers", o->gpu_layers},         {"total_layers", o->total_layers},
              {"cpu_bytes", o->cpu_bytes},           {"experts_on_cpu", o->experts_on_cpu},
              {"n_cpu_moe", o->n_cpu_moe},           {"host_bytes", o->host_bytes},
              {"host_bandwidth_gb_per_s", o->host_bandwidth_gb_per_s}};
}

json serving_json(const std::optional<Serving>& s) {
  if (!s) return json(nullptr);
  return json{{"feasible", s->feasible},   {"batch", s->batch},   {"limited_by", std::string(name_of(s->limited_by))},
              {"prefill_ms", s->prefill_ms}, {"step_ms", s->step_ms}, {"tpot_ms", s->tpot_ms},
              {"requests_per_s", s->requests_per_s}};
}

json to_json(const Estimate& e, const Catalog& catalog, Lang lang) {
  json gpus = json::array();
  for (const GpuEstimate& g : e.gpus) {
    const Gpu* gpu = catalog.find_gpu(g.gpu);
    json entry = json::object();
    put(entry, "gpu", g.gpu);
    put(entry, "name", gpu ? gpu->name : g.gpu);
    put(entry, "cards", g.cards);
    put(entry, "fit", std::string(name_of(g.fit)));
    put(entry, "per_card_bytes", g.per_card_bytes);
    put(entry, "card_memory_bytes", g.card_memory_bytes);
    put(entry, "usable_bytes", g.usable_bytes);
    put(entry, "kv_pool_bytes", g.kv_pool_bytes ? json(*g.kv_pool_bytes) : json(nullptr));
    put(entry, "spare_fraction", g.spare_fraction);
    put(entry, "min_cards_tight", g.min_cards_tight);
    put(entry, "max_cards_tried", g.max_cards_tried);
    put(entry, "tensor_parallel", g.tensor_parallel);
    put(entry, "pipeline_parallel", g.pipeline_parallel);
    put(entry, "data_parallel", g.data_parallel);
    put(entry, "zero_stage", g.zero_stage);
    put(entry, "layout",
        json{{"tp", g.tensor_parallel}, {"pp", g.pipeline_parallel}, {"dp", g.data_parallel}, {"zero", g.zero_stage}});
    put(entry, "pipeline_bubble", g.pipeline_bubble);
    put(entry, "per_card_memory_bytes", memory_json(g.per_card));
    put(entry, "compute", std::string(name_of(g.compute)));
    put(entry, "dense_tflops", g.dense_tflops);
    put(entry, "decode_tokens_per_s", g.decode_tokens_per_s);
    put(entry, "aggregate_tokens_per_s", g.aggregate_tokens_per_s);
    put(entry, "decode_compute_bound", g.decode_compute_bound);
    put(entry, "prefill_tokens_per_s", g.prefill_tokens_per_s);
    put(entry, "ttft_ms", g.ttft_ms);
    put(entry, "max_context", g.max_context);
    put(entry, "max_concurrency", g.max_concurrency);
    put(entry, "train_hours", optional_number(g.train_hours));
    put(entry, "gpu_hours", optional_number(g.gpu_hours));
    put(entry, "train_tokens_per_s", g.train_tokens_per_s);
    put(entry, "mfu", g.mfu);
    put(entry, "offload", offload_json(g.offload));
    put(entry, "serving", serving_json(g.serving));
    put(entry, "launch", launch_json(launch_commands(catalog, e.scenario, g)));
    put(entry, "warnings", messages(g.warnings, lang));
    put(entry, "warning_codes", codes(g.warnings));
    gpus.push_back(std::move(entry));
  }
  json explain = json::array();
  for (const Explanation& x : e.explain) {
    std::string source;
    for (const std::string& ref : x.sources) source += (source.empty() ? "" : "; ") + render(cite(catalog, ref), lang);
    explain.push_back(json{{"key", x.key},
                           {"quantity", render(x.quantity, lang)},
                           {"formula", render(x.formula, lang)},
                           {"substituted", render(x.substituted, lang)},
                           {"source", source},
                           {"sources", x.sources}});
  }
  return json{
      {"schema", kEstimateSchema},
      {"ok", true},
      {"model", e.model},
      {"precision", e.precision},
      {"kv_precision", e.kv_precision},
      {"task", std::string(name_of(e.task))},
      {"params",
       {{"total", e.params.total},
        {"active", e.params.active},
        {"matmul_active", e.params.matmul_active},
        {"embedding", e.params.embedding},
        {"lm_head", e.params.lm_head},
        {"adapters", e.adapter_params}}},
      {"kv_cache_bytes_per_token", e.kv_cache_bytes_per_token},
      {"kv_cache_bytes_per_sequence", e.kv_cache_bytes_per_sequence},
      {"state_bytes_per_sequence", e.state_bytes_per_sequence},
      {"weight_bytes_per_token", e.weight_bytes_per_token},
      {"train_flops", e.train_flops},
      {"memory_bytes", memory_json(e.memory)},
      {"gpus", gpus},
      {"warnings", messages(e.warnings, lang)},
      {"warning_codes", codes(e.warnings)},
      {"explained_gpu", e.explained_gpu},
      {"explain", explain},
  };
}

}  // namespace

std::string estimate_to_json(const Estimate& estimate, const Catalog& catalog, Lang lang, JsonStyle style) {
  return to_json(estimate, catalog, lang).dump(style == JsonStyle::Pretty ? 2 : -1, ' ', false,
                                               json::error_handler_t::replace);
}

}  // namespace cardfit
