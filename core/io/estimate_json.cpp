#include "estimate_json.hpp"

#include "json_writer.hpp"

#include "explain.hpp"
#include "launch_json.hpp"
#include "measured_json.hpp"

namespace cardfit {
namespace {

// [SECTION] JSON

void memory_json(JsonWriter& w, const MemoryBreakdown& m) {
  w.begin_object()
      .field("weights", m.weights)
      .field("kv_cache", m.kv_cache)
      .field("activations", m.activations)
      .field("gradients", m.gradients)
      .field("optimizer", m.optimizer)
      .field("adapters", m.adapters)
      .field("overhead", m.overhead)
      .field("total", m.total)
      .end_object();
}

void messages(JsonWriter& w, const std::vector<Message>& list, Lang lang) {
  w.begin_array();
  for (const Message& m : list) w.value(render(m, lang));
  w.end_array();
}

void codes(JsonWriter& w, const std::vector<Message>& list) {
  w.begin_array();
  for (const Message& m : list) w.value(message_code(m.id));
  w.end_array();
}

void offload_json(JsonWriter& w, const std::optional<OffloadEstimate>& o) {
  if (!o) {
    w.null();
    return;
  }
  w.begin_object()
      .field("gpu_layers", o->gpu_layers)
      .field("total_layers", o->total_layers)
      .field("cpu_bytes", o->cpu_bytes)
      .field("experts_on_cpu", o->experts_on_cpu)
      .field("n_cpu_moe", o->n_cpu_moe)
      .field("host_bytes", o->host_bytes)
      .field("host_bandwidth_gb_per_s", o->host_bandwidth_gb_per_s)
      .end_object();
}

void serving_json(JsonWriter& w, const std::optional<Serving>& s) {
  if (!s) {
    w.null();
    return;
  }
  w.begin_object()
      .field("feasible", s->feasible)
      .field("batch", s->batch)
      .field("limited_by", name_of(s->limited_by))
      .field("prefill_ms", s->prefill_ms)
      .field("mixed_prefill_ms", s->mixed_prefill_ms)
      .field("step_ms", s->step_ms)
      .field("tpot_ms", s->tpot_ms)
      .field("requests_per_s", s->requests_per_s)
      .end_object();
}

// Decode at the scenario's concurrency with each prompt's prefill mixed in (with output-tokens; docs/model.md
// "Decode with prefill mixed in"): {concurrency, prefill_ms, step_ms, tpot_ms, tokens_per_s}; null otherwise.
void mixed_json(JsonWriter& w, const std::optional<MixedDecode>& m) {
  if (!m) {
    w.null();
    return;
  }
  w.begin_object()
      .field("concurrency", m->concurrency)
      .field("prefill_ms", m->prefill_ms)
      .field("step_ms", m->step_ms)
      .field("tpot_ms", m->tpot_ms)
      .field("tokens_per_s", m->tokens_per_s)
      .end_object();
}

void gpu_json(JsonWriter& w, const GpuEstimate& g, const Estimate& e, const Catalog& catalog, Lang lang) {
  const Gpu* gpu = catalog.find_gpu(g.gpu);
  w.begin_object()
      .field("gpu", g.gpu)
      .field("name", gpu ? gpu->name : g.gpu)
      .field("cards", g.cards)
      .field("fit", name_of(g.fit))
      .field("per_card_bytes", g.per_card_bytes)
      .field("card_memory_bytes", g.card_memory_bytes)
      .field("usable_bytes", g.usable_bytes)
      .field("held_back_bytes", g.held_back_bytes)
      .field("kv_pool_bytes", g.kv_pool_bytes)
      .field("spare_fraction", g.spare_fraction)
      .field("min_cards_tight", g.min_cards_tight)
      .field("max_cards_tried", g.max_cards_tried)
      .field("tensor_parallel", g.tensor_parallel)
      .field("pipeline_parallel", g.pipeline_parallel)
      .field("expert_parallel", g.expert_parallel)
      .field("data_parallel", g.data_parallel)
      .field("zero_stage", g.zero_stage);
  w.key("layout")
      .begin_object()
      .field("tp", g.tensor_parallel)
      .field("pp", g.pipeline_parallel)
      .field("ep", g.expert_parallel)
      .field("dp", g.data_parallel)
      .field("zero", g.zero_stage)
      .end_object();
  w.field("pipeline_bubble", g.pipeline_bubble);
  memory_json(w.key("per_card_memory_bytes"), g.per_card);
  w.field("compute", name_of(g.compute))
      .field("dense_tflops", g.dense_tflops)
      .field("decode_tokens_per_s", g.decode_tokens_per_s)
      .field("aggregate_tokens_per_s", g.aggregate_tokens_per_s)
      .field("decode_compute_bound", g.decode_compute_bound)
      .field("prefill_tokens_per_s", g.prefill_tokens_per_s)
      .field("ttft_ms", g.ttft_ms)
      .field("max_context", g.max_context)
      .field("max_concurrency", g.max_concurrency)
      .field("train_hours", g.train_hours)
      .field("gpu_hours", g.gpu_hours)
      .field("train_tokens_per_s", g.train_tokens_per_s)
      .field("mfu", g.mfu);
  offload_json(w.key("offload"), g.offload);
  serving_json(w.key("serving"), g.serving);
  mixed_json(w.key("mixed"), g.mixed);
  const std::vector<LaunchCommand> launch = launch_commands(catalog, e.scenario, g);
  launch_json(w.key("launch"), launch);
  verify_json(w.key("verify"), verify_for(catalog, e.scenario, g, launch));
  measured_json(w, g.measured);
  messages(w.key("warnings"), g.warnings, lang);
  codes(w.key("warning_codes"), g.warnings);
  w.end_object();
}

}  // namespace

std::string estimate_to_json(const Estimate& e, const Catalog& catalog, Lang lang, JsonStyle style) {
  JsonWriter w(style == JsonStyle::Pretty);
  w.begin_object()
      .field("schema", kEstimateSchema)
      .field("ok", true)
      .field("model", e.model)
      .field("precision", e.precision)
      .field("kv_precision", e.kv_precision)
      .field("task", name_of(e.task));
  w.key("params")
      .begin_object()
      .field("total", e.params.total)
      .field("active", e.params.active)
      .field("matmul_active", e.params.matmul_active)
      .field("embedding", e.params.embedding)
      .field("lm_head", e.params.lm_head)
      .field("adapters", e.adapter_params)
      .end_object();
  w.field("kv_cache_bytes_per_token", e.kv_cache_bytes_per_token)
      .field("kv_cache_bytes_per_sequence", e.kv_cache_bytes_per_sequence)
      .field("state_bytes_per_sequence", e.state_bytes_per_sequence)
      .field("weight_bytes_per_token", e.weight_bytes_per_token)
      .field("train_flops", e.train_flops);
  memory_json(w.key("memory_bytes"), e.memory);
  w.key("gpus").begin_array();
  for (const GpuEstimate& g : e.gpus) gpu_json(w, g, e, catalog, lang);
  w.end_array();
  messages(w.key("warnings"), e.warnings, lang);
  codes(w.key("warning_codes"), e.warnings);
  w.field("explained_gpu", e.explained_gpu);
  w.key("explain").begin_array();
  for (const Explanation& x : e.explain) {
    std::string source;
    for (const std::string& ref : x.sources) source += (source.empty() ? "" : "; ") + render(cite(catalog, ref), lang);
    w.begin_object()
        .field("key", x.key)
        .field("quantity", render(x.quantity, lang))
        .field("formula", render(x.formula, lang))
        .field("substituted", render(x.substituted, lang))
        .field("source", source)
        .field("sources", x.sources)
        .end_object();
  }
  w.end_array().end_object();
  return w.take();
}

}  // namespace cardfit
