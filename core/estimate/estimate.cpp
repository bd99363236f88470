// estimate(): resolve the scenario, size the job, then per GPU choose cards and compute
// speed or training time, collect warnings, and explain the figures.
#include "estimate.hpp"

#include <algorithm>
#include <cmath>

#include "explain.hpp"
#include "fit.hpp"
#include "format.hpp"
#include "hardware.hpp"
#include "measured.hpp"
#include "memory.hpp"
#include "messages.hpp"
#include "resolve.hpp"
#include "speed.hpp"

namespace cardfit {
namespace {

bool real(double v) { return std::isfinite(v) && v > 0; }

// A figure that overflowed (or came out 0 where work is done) is an error, never a silent 0:
// a datasheet figure too small to be real in an overlay, or tokens x MFU beyond any number.
std::optional<Issue> unreal_figure(const Resolved& r, const GpuEstimate& g, const Gpu& gpu) {
  if (g.cards <= 0) return std::nullopt;  // no fit: speeds are 0 by contract
  if (r.task == Task::Inference) {
    if (real(g.decode_tokens_per_s) && real(g.aggregate_tokens_per_s) && real(g.prefill_tokens_per_s) &&
        real(g.ttft_ms)) {
      return std::nullopt;
    }
    return Issue{"gpu", msg::err_result_speed(gpu.name, "decode " + format_shortest(g.decode_tokens_per_s) +
                                                            " tokens/s, TTFT " + format_shortest(g.ttft_ms) + " ms")};
  }
  const bool hours_ok = !g.train_hours || (real(*g.train_hours) && g.gpu_hours && real(*g.gpu_hours));
  if (real(g.train_tokens_per_s) && hours_ok) return std::nullopt;
  return Issue{"tokens", msg::err_result_train_time(format_grouped(r.scenario().tokens), gpu.name,
                                                    format_shortest(g.mfu))};
}

void capability_warnings(const Resolved& r, const Gpu& g, std::vector<Message>& w) {
  const Capability need = r.precision().requires_capability;
  if (!capability_native(g, need)) {
    switch (need) {
      case Capability::Bf16: w.push_back(msg::est_warn_no_bf16(g.name)); break;
      case Capability::Fp8:
        w.push_back(g.fp8_path == Fp8Path::None ? msg::est_warn_fp8_no_path(g.name) : msg::est_warn_fp8_weight_only(g.name));
        break;
      case Capability::Int8: w.push_back(msg::est_warn_no_int8(g.name)); break;
      case Capability::Fp4:
        w.push_back(g.fp4_path == Fp4Path::None ? msg::est_warn_fp4_no_path(g.name) : msg::est_warn_fp4_weight_only(g.name));
        break;
      case Capability::Fp16: w.push_back(msg::est_warn_no_fp16(g.name)); break;
      case Capability::None: break;
    }
  } else if (!dense_rate(g, r.compute).native) {
    w.push_back(msg::est_warn_compute_fallback(g.name));
  }
  if (r.task == Task::Inference && !capability_native(g, r.kv_requires)) {
    w.push_back(msg::est_warn_kv_dequant(g.name, r.kv_id));
  }
  if (g.runtime != Runtime::Cuda) w.push_back(msg::est_warn_runtime(g.name, Message(label_of(g.runtime))));
  Scenario run = r.scenario();
  if (run.precision.empty()) run.precision = r.precision().id;  // "" = as released, resolved
  if (!engine_runs(r.catalog(), g, run)) {
    w.push_back(r.task == Task::Inference ? msg::est_warn_no_kernel(r.engine().name, r.precision().name, g.name)
                                          : msg::est_warn_no_kernel_training(r.precision().name, g.name));
  } else if (r.task == Task::Inference && r.engine().id == "mlx" && run.concurrency > 1) {
    // NOTE: the MLX profile is fitted on one-sequence rows only (docs/model.md §7); mlx_lm.server
    // batches, up to kMlxDecodeConcurrency at once unless told otherwise.
    const std::string n = std::to_string(run.concurrency);  // typed into a command: no grouping
    w.push_back(run.concurrency > kMlxDecodeConcurrency
                    ? msg::est_warn_mlx_batch_over(r.engine().name, n, std::to_string(kMlxDecodeConcurrency))
                    : msg::est_warn_mlx_batch(r.engine().name, n));
  }
}

// Continuous batching on one replica (docs/planner.md §Sizing from traffic): the one model of
// prefill mixed into decode (serving_at, mixed_decode) at the batch the KV pool holds
// (max_concurrency; --max-num-seqs if smaller), capped by --max-tpot-ms.
Serving serving(const Resolved& r, const Gpu& gpu, const Layout& layout, const GpuEstimate& g, const PrefillSpeed& p) {
  const Scenario& sc = r.scenario();
  std::int64_t most = std::max<std::int64_t>(1, g.max_concurrency);
  if (sc.max_num_seqs) most = std::min(most, std::max<std::int64_t>(1, *sc.max_num_seqs));
  auto step = [&](std::int64_t b) { return decode_speed(r, gpu, layout, sc.context, b).step_ms; };
  return serving_at(step, g.ttft_ms, mixed_prefill_ms(p), most, static_cast<double>(sc.output_tokens), sc.max_tpot_ms);
}

Message cards_text(int n) { return n == 1 ? msg::common_one_card() : msg::common_cards(std::to_string(n)); }

// The card count and the parallel layout choose_cards settled on (cards 0 = no fit).
void fill_layout(const Resolved& r, const FitChoice& fc, GpuEstimate& g) {
  g.cards = fc.found ? fc.layout.cards : 0;
  g.max_cards_tried = fc.max_cards_tried;
  g.min_cards_tight = fc.min_cards_tight;
  g.tensor_parallel = fc.layout.tensor_parallel;
  g.pipeline_parallel = fc.layout.pipeline_parallel;
  g.expert_parallel = fc.layout.expert_parallel;
  g.data_parallel = fc.layout.data_parallel;
  g.zero_stage = fc.layout.zero_stage;
  g.microbatches = fc.layout.microbatches;
  g.pipeline_bubble = r.task == Task::Inference ? 0 : pipeline_bubble(fc.layout);
  g.fit = fc.fit;
}

// Memory per card against the card's usable memory, the engine's KV pool, the dense rate used
// and the longest context and most sequences the layout holds.
void fill_memory(const Resolved& r, const Gpu& gpu, const FitChoice& fc, GpuEstimate& g) {
  const Scenario& sc = r.scenario();
  g.per_card = fc.per_card;
  g.per_card_bytes = fc.per_card.total;
  g.card_memory_bytes = to_bytes(gpu_memory_mib(gpu) * kMiB);
  if (r.task == Task::Inference) {
    const EngineMemory em = engine_memory(r, &gpu, fc.layout, sc.prompt, sc.concurrency);
    if (em.has_pool) g.kv_pool_bytes = to_bytes(std::max(0.0, em.kv_pool));
  }
  g.usable_bytes = to_bytes(fc.usable);
  g.held_back_bytes = to_bytes(fc.held_back);
  g.spare_fraction = fc.usable > 0 ? 1 - static_cast<double>(g.per_card_bytes) / fc.usable : -1;
  const DenseRate rate = dense_rate(gpu, r.compute);
  g.compute = rate.used;
  g.dense_tflops = rate.tflops;
  g.max_context = max_context(r, gpu, fc.layout);
  g.max_concurrency = max_concurrency(r, gpu, fc.layout);
}

// Layer-split engines (--offload, --n-cpu-moe): which layers and experts stay in host memory,
// the bytes there (weights plus the KV of the host's layers) and the host bandwidth that reads them.
OffloadEstimate offload_estimate(const Resolved& r, const Gpu& gpu, const Layout& layout) {
  const Scenario& sc = r.scenario();
  const OffloadSplit split = offload_split(r, layout);
  OffloadEstimate o;
  o.gpu_layers = split.gpu_layers;
  o.total_layers = split.total_layers;
  o.experts_on_cpu = split.experts_on_cpu;
  o.n_cpu_moe = split.experts_on_cpu > 0 ? split.experts_on_cpu + (split.total_layers - r.params.moe_layers) : 0;
  o.cpu_bytes = to_bytes(split.cpu_weight_bytes);
  const double kv_all = static_cast<double>(std::max<std::int64_t>(1, sc.concurrency)) *
                        (kv_cache_bytes_per_sequence(r.model(), r.kv_bits, sc.context) +
                         state_bytes_per_sequence(r.model(), r.state_bits));
  o.host_bytes = to_bytes(split.cpu_weight_bytes + kv_all * (1 - split.layer_share));
  o.host_bandwidth_gb_per_s = host_bandwidth(r, gpu).effective / 1e9;
  return o;
}

// Inference on a layout that fits: decode and prefill speeds, and with --output-tokens the
// serving capacity and the decode speed with prefills mixed in.
void fill_inference_speed(const Resolved& r, const Gpu& gpu, const Layout& layout, GpuEstimate& g) {
  const Scenario& sc = r.scenario();
  const DecodeSpeed d = decode_speed(r, gpu, layout, sc.context, sc.concurrency);
  g.decode_tokens_per_s = d.per_sequence;
  g.aggregate_tokens_per_s = d.aggregate;
  g.decode_compute_bound = d.compute_bound;
  const PrefillSpeed p = prefill_speed(r, gpu, layout, sc.prompt);
  g.prefill_tokens_per_s = p.tokens_per_s;
  g.ttft_ms = p.ttft_ms;
  if (sc.output_tokens > 0) {
    g.serving = serving(r, gpu, layout, g, p);
    const double sequences = d.per_sequence > 0 ? d.aggregate / d.per_sequence : 1;  // --max-num-seqs applied
    g.mixed = mixed_decode(d.step_ms, mixed_prefill_ms(p), sequences, static_cast<double>(sc.output_tokens));
  }
}

// Training on a layout that fits: MFU and tokens/s, and with --tokens the hours it takes.
void fill_training(const Resolved& r, const Gpu& gpu, const Layout& layout, GpuEstimate& g) {
  const TrainTime t = train_time(r, gpu, layout);
  g.mfu = t.mfu;
  g.train_tokens_per_s = t.tokens_per_s;
  if (r.scenario().tokens > 0) {
    g.train_hours = t.hours;
    g.gpu_hours = t.gpu_hours;
  }
}

// No fit (what it needs against what a card offers, and what to try) or a tight fit.
void fit_warnings(const Resolved& r, const Gpu& gpu, const FitChoice& fc, GpuEstimate& g) {
  const Scenario& sc = r.scenario();
  const bool inference = r.task == Task::Inference;
  std::vector<Message>& w = g.warnings;
  if (!fc.found) {
    const std::string need = format_bytes(static_cast<double>(g.per_card_bytes));
    const std::string usable = format_bytes(fc.usable);
    if (sc.cards > 0 || fc.max_cards_tried == 1) {
      w.push_back(msg::est_warn_no_fit(cards_text(std::max(1, sc.cards)), need, usable));
    } else {
      const int per_node = std::max(1, gpu.max_cards_per_node);
      w.push_back(msg::est_warn_no_fit_any(std::to_string(fc.max_cards_tried),
                                           std::to_string(machines_for(gpu, fc.max_cards_tried)),
                                           std::to_string(per_node), cards_text(fc.layout.cards), need, usable));
    }
    if (!inference && r.zero_stage == 0) w.push_back(msg::est_warn_zero0());
    if (!inference && r.checkpointing != Checkpointing::Full) w.push_back(msg::est_warn_try_checkpointing());
    if (inference && g.kv_pool_bytes && g.max_context > 0 && g.max_context < sc.context) {
      w.push_back(msg::est_warn_pool_short(r.engine().name, format_grouped(static_cast<double>(sc.context)),
                                           format_bytes(static_cast<double>(*g.kv_pool_bytes)),
                                           format_grouped(static_cast<double>(g.max_context))));
    }
  } else if (fc.fit == Fit::Tight) {
    const double margin = headroom_of(static_cast<double>(g.per_card_bytes), fc.usable, fc.held_back);
    w.push_back(msg::est_warn_tight(format_margin(margin, r.headroom), format_headroom(r.headroom)));
  }
}

// What the offloaded part costs: the layers and experts left in host memory, or that none are.
void offload_warnings(const OffloadEstimate& o, std::vector<Message>& w) {
  if (o.gpu_layers < o.total_layers || o.experts_on_cpu > 0) {
    w.push_back(msg::est_warn_offload(
        std::to_string(o.gpu_layers), std::to_string(o.total_layers),
        o.experts_on_cpu > 0 ? msg::est_warn_offload_experts(std::to_string(o.experts_on_cpu)) : Message(),
        format_bytes(static_cast<double>(o.cpu_bytes)), format_bytes(static_cast<double>(o.host_bytes)),
        format_trimmed(o.host_bandwidth_gb_per_s, 1)));
  } else {
    w.push_back(msg::est_warn_offload_none());
  }
}

// Costs of a multi-card layout that fits: replicated KV or MLA heads, layer split or pipeline
// stages when serving; the pipeline bubble and a slow link when training.
void layout_warnings(const Resolved& r, const Gpu& gpu, const Layout& layout, GpuEstimate& g) {
  std::vector<Message>& w = g.warnings;
  if (r.task == Task::Inference) {
    const Model& m = r.model();
    const int tp = layout.tensor_parallel;
    if (tp > 1 && (m.is_mla || m.has_compressed_attention)) {
      w.push_back(msg::est_warn_mla_replicated(std::to_string(tp)));
    } else if (tp > m.num_kv_heads && m.num_kv_heads > 0) {
      w.push_back(msg::est_warn_kv_replicated(std::to_string(tp), std::to_string(m.num_kv_heads),
                                              std::to_string(tp / m.num_kv_heads)));
    }
    if (layout.cards > 1 && r.engine().multi_gpu != MultiGpu::Tensor) {
      w.push_back(msg::est_warn_layer_split(r.engine().name));
    } else if (layout.pipeline_parallel > 1) {
      w.push_back(msg::est_warn_pipeline(std::to_string(layout.pipeline_parallel)));
    }
    return;
  }
  if (layout.pipeline_parallel > 1) {
    w.push_back(msg::est_warn_training_pipeline(std::to_string(layout.pipeline_parallel),
                                                format_percent(g.pipeline_bubble)));
  }
  if (layout.cards > 1 && !has_fast_link(gpu)) {
    w.push_back(msg::est_warn_no_fast_link_training(format_percent(r.catalog().defaults.train_scaling_pcie)));
  }
}

// One GPU: cards and layout, memory, offload, speed or training time, then the warnings in a
// fixed order (capability, fit, offload, layout).
GpuEstimate evaluate(const Resolved& r, const Gpu& gpu) {
  const Scenario& sc = r.scenario();
  const bool inference = r.task == Task::Inference;
  GpuEstimate g;
  g.gpu = gpu.id;
  const FitChoice fc = choose_cards(r, gpu);
  fill_layout(r, fc, g);
  fill_memory(r, gpu, fc, g);
  if (inference && (sc.offload.any() || sc.n_cpu_moe)) g.offload = offload_estimate(r, gpu, fc.layout);
  if (fc.found) {
    if (inference) {
      fill_inference_speed(r, gpu, fc.layout, g);
    } else {
      fill_training(r, gpu, fc.layout, g);
    }
  }
  capability_warnings(r, gpu, g.warnings);
  fit_warnings(r, gpu, fc, g);
  if (g.offload && fc.found) offload_warnings(*g.offload, g.warnings);
  if (fc.found) layout_warnings(r, gpu, fc.layout, g);
  return g;
}

Result<Estimate> estimate_with(const Catalog& catalog, const Scenario& scenario, bool with_measured) {
  const Scenario sc = as_run(catalog, scenario);  // outlives `r`, which points at it
  Result<Resolved> rr = resolve(catalog, sc);
  if (!rr.ok()) return Result<Estimate>::failure(std::move(rr.errors));
  const Resolved& r = *rr.value;

  Estimate e;
  e.scenario = sc;
  e.model = r.model().id.empty() ? "custom" : r.model().id;
  e.precision = r.precision().id;
  e.kv_precision = r.kv_id;
  e.task = r.task;
  e.params = r.params;
  e.adapter_params = r.adapter_params;
  e.headroom = r.headroom;
  e.tight_headroom = r.tight_headroom;
  e.kv_cache_bytes_per_token = kv_cache_bytes_per_token(r.model(), r.kv_bits);
  e.kv_cache_bytes_per_sequence = to_bytes(kv_cache_bytes_per_sequence(r.model(), r.kv_bits, sc.context));
  e.state_bytes_per_sequence = to_bytes(state_bytes_per_sequence(r.model(), r.state_bits));
  e.weight_bytes_per_token = to_bytes(r.decode_weight_bytes + r.expert_bytes * r.params.moe_layers *
                                                                   static_cast<double>(r.model().moe.experts_per_token));
  const bool inference = r.task == Task::Inference;
  e.memory = memory_per_card(r, nullptr, Layout{}, sc.context, inference ? sc.concurrency : sc.batch);
  if (!inference && sc.tokens > 0) e.train_flops = training_flops_per_token(r, sc.context) * sc.tokens;
  e.warnings = r.warnings;
  if (r.precision().bits_per_weight >= 32) e.warnings.push_back(msg::est_warn_fp32_matmul());

  e.gpus.reserve(r.gpus.size());
  for (const Gpu* g : r.gpus) {
    e.gpus.push_back(evaluate(r, *g));
    if (std::optional<Issue> bad = unreal_figure(r, e.gpus.back(), *g)) return Result<Estimate>::failure({std::move(*bad)});
  }
  if (with_measured) {
    for (GpuEstimate& g : e.gpus) g.measured = measured_for(catalog, e, g);
  }

  if (sc.explain) {
    e.explain = explain_model(r, e);
    // The GPU explained: the one chosen with --gpu, else the "just enough" one: fits comfortably
    // (else tightly) on the fewest cards, then with the least usable memory.
    const GpuEstimate* focus = nullptr;
    auto better = [](const GpuEstimate& a, const GpuEstimate& b) {
      if ((a.fit == Fit::Comfortable) != (b.fit == Fit::Comfortable)) return a.fit == Fit::Comfortable;
      if (a.cards != b.cards) return a.cards < b.cards;
      return a.usable_bytes < b.usable_bytes;
    };
    for (const GpuEstimate& g : e.gpus) {
      if (g.fit != Fit::No && (!focus || better(g, *focus))) focus = &g;
    }
    if (!sc.gpu.empty() && !e.gpus.empty()) focus = &e.gpus.front();
    if (focus) {
      e.explained_gpu = focus->gpu;
      const Gpu* gpu = catalog.find_gpu(focus->gpu);
      if (gpu) {
        std::vector<Explanation> more = explain_gpu(r, e, *focus, *gpu);
        e.explain.insert(e.explain.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
      }
    }
  }
  return Result<Estimate>::success(std::move(e));
}

}  // namespace

Result<Estimate> estimate(const Catalog& catalog, const Scenario& scenario) { return estimate_with(catalog, scenario, true); }

Result<Estimate> estimate_figures(const Catalog& catalog, const Scenario& scenario) {
  return estimate_with(catalog, scenario, false);
}

}  // namespace cardfit
