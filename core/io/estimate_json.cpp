#include "estimate_json.hpp"

#include <nlohmann/json.hpp>

#include "explain.hpp"
#include "launch_json.hpp"

namespace cardfit {
namespace {

using json = nlohmann::ordered_json;  // keys in the documented order, "schema" and "ok" first

// [SECTION] JSON

json memory_json(const MemoryBreakdown& m) {
  return json{{"weights", m.weights},     {"kv_cache", m.kv_cache}, {"activations", m.activations},
              {"gradients", m.gradients}, {"optimizer", m.optimizer}, {"adapters", m.adapters},
              {"overhead", m.overhead},   {"total", m.total}};
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
    gpus.push_back(json{
        {"gpu", g.gpu},
        {"name", gpu ? gpu->name : g.gpu},
        {"cards", g.cards},
        {"fit", std::string(name_of(g.fit))},
        {"per_card_bytes", g.per_card_bytes},
        {"card_memory_bytes", g.card_memory_bytes},
        {"usable_bytes", g.usable_bytes},
        {"kv_pool_bytes", g.kv_pool_bytes ? json(*g.kv_pool_bytes) : json(nullptr)},
        {"spare_fraction", g.spare_fraction},
        {"min_cards_tight", g.min_cards_tight},
        {"max_cards_tried", g.max_cards_tried},
        {"tensor_parallel", g.tensor_parallel},
        {"pipeline_parallel", g.pipeline_parallel},
        {"data_parallel", g.data_parallel},
        {"zero_stage", g.zero_stage},
        {"layout",
         {{"tp", g.tensor_parallel}, {"pp", g.pipeline_parallel}, {"dp", g.data_parallel}, {"zero", g.zero_stage}}},
        {"pipeline_bubble", g.pipeline_bubble},
        {"per_card_memory_bytes", memory_json(g.per_card)},
        {"compute", std::string(name_of(g.compute))},
        {"dense_tflops", g.dense_tflops},
        {"decode_tokens_per_s", g.decode_tokens_per_s},
        {"aggregate_tokens_per_s", g.aggregate_tokens_per_s},
        {"decode_compute_bound", g.decode_compute_bound},
        {"prefill_tokens_per_s", g.prefill_tokens_per_s},
        {"ttft_ms", g.ttft_ms},
        {"max_context", g.max_context},
        {"max_concurrency", g.max_concurrency},
        {"train_hours", optional_number(g.train_hours)},
        {"gpu_hours", optional_number(g.gpu_hours)},
        {"train_tokens_per_s", g.train_tokens_per_s},
        {"mfu", g.mfu},
        {"offload", offload_json(g.offload)},
        {"serving", serving_json(g.serving)},
        {"launch", launch_json(launch_commands(catalog, e.scenario, g))},
        {"warnings", messages(g.warnings, lang)},
        {"warning_codes", codes(g.warnings)},
    });
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
