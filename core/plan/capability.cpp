#include "capability.hpp"

#include <algorithm>

#include "estimate.hpp"
#include "format.hpp"
#include "hardware.hpp"

namespace cardfit {
namespace {

// One model at one precision on the scenario's GPU x cards: the GPU row, if it fits with the headroom.
std::optional<GpuEstimate> comfortable(const Catalog& catalog, Scenario sc, const Model& m, const WeightPrecision& p,
                                       std::int64_t* params) {
  sc.model = m.id;
  sc.precision = p.id;
  const Result<Estimate> e = estimate(catalog, sc);
  if (!e.ok() || e.value->gpus.size() != 1 || e.value->gpus[0].fit != Fit::Comfortable) return std::nullopt;
  *params = e.value->params.total;
  return e.value->gpus[0];
}

// The engine lists the precision (inference), and the card runs it natively: an FP8 or FP4 format
// only on cards with that tensor rate, as the planner suggests them (plan.cpp), so a 4090 is never
// told "NVFP4" because some engine can unpack it weight-only.
bool runs(const WeightPrecision& p, const Scenario& sc, const Gpu& gpu) {
  const bool engine = sc.task != Task::Inference || p.engines.empty() ||
                      std::find(p.engines.begin(), p.engines.end(), sc.engine.value_or(kDefaultEngine)) != p.engines.end();
  return engine && capability_native(gpu, p.requires_capability);
}

}  // namespace

std::vector<const WeightPrecision*> capability_precisions(const Catalog& catalog) {
  std::vector<const WeightPrecision*> out;
  for (const WeightPrecision& p : catalog.weight_precisions)
    if (p.bits_per_weight <= 16) out.push_back(&p);
  std::stable_sort(out.begin(), out.end(), [](const WeightPrecision* a, const WeightPrecision* b) {
    return a->bits_per_weight > b->bits_per_weight;
  });
  return out;
}

Result<CardCapability> card_capabilities(const Catalog& catalog, const Scenario& scenario) {
  Scenario sc = as_run(catalog, scenario);
  if (sc.gpu.empty()) return Result<CardCapability>::failure("gpu", msg::cap_err_gpu());
  sc.custom_model.reset();
  sc.cards = std::max(1, sc.cards);
  sc.explain = false;
  // The scenario as typed (its own model and precision) reports bad input once, naming the field.
  const Result<Estimate> check = estimate(catalog, sc);
  if (!check.ok()) return Result<CardCapability>::failure(check.errors);

  CardCapability out;
  out.headroom = check.value->headroom;
  out.gpu = sc.gpu;
  out.cards = sc.cards;
  std::vector<const WeightPrecision*> order;
  for (const WeightPrecision* p : capability_precisions(catalog))
    if (runs(*p, sc, *catalog.find_gpu(sc.gpu))) order.push_back(p);
  for (const WeightPrecision* p : order) out.precisions.push_back(p->id);
  if (order.empty()) return Result<CardCapability>::success(out);

  for (const Model& m : catalog.models) {
    if (m.max_context > 0 && sc.context > m.max_context) continue;
    std::int64_t params = 0;
    // The fewest bits first: a model that does not fit in them fits in none (one estimate, not one per precision).
    if (!comfortable(catalog, sc, m, *order.back(), &params)) continue;
    for (const WeightPrecision* p : order) {
      const std::optional<GpuEstimate> g = comfortable(catalog, sc, m, *p, &params);
      if (!g) continue;
      out.models.push_back({m.id, params, p->id, g->per_card_bytes, g->spare_fraction, g->max_context,
                            g->max_concurrency, g->decode_tokens_per_s});
      break;
    }
  }
  std::stable_sort(out.models.begin(), out.models.end(),
                   [](const ModelCapability& a, const ModelCapability& b) { return a.params > b.params; });
  return Result<CardCapability>::success(out);
}

Result<std::vector<OffloadCapability>> offload_capabilities(const Catalog& catalog, const Scenario& scenario,
                                                            std::int64_t host_ram_bytes) {
  using Out = std::vector<OffloadCapability>;
  Scenario sc = scenario;
  sc.engine = "llama.cpp";
  sc.task = Task::Inference;
  sc.cards = 1;
  sc.offload = Offload::none();
  const Result<CardCapability> alone = card_capabilities(catalog, sc);
  if (!alone.ok()) return Result<Out>::failure(alone.errors);
  Out out;
  if (const Gpu* gpu = catalog.find_gpu(sc.gpu)) host_ram_bytes = host_memory_beside(*gpu, host_ram_bytes);
  if (host_ram_bytes <= 0 || alone.value->precisions.empty()) return Result<Out>::success(out);
  sc = as_run(catalog, sc);
  sc.custom_model.reset();
  sc.explain = false;
  sc.offload = Offload::automatic();
  for (const Model& m : catalog.models) {
    if (m.max_context > 0 && sc.context > m.max_context) continue;
    const auto& fits_alone = alone.value->models;
    if (std::any_of(fits_alone.begin(), fits_alone.end(), [&](const ModelCapability& c) { return c.model == m.id; }))
      continue;
    for (const std::string& pid : alone.value->precisions) {
      sc.model = m.id;
      sc.precision = pid;
      const Result<Estimate> e = estimate(catalog, sc);
      if (!e.ok() || e.value->gpus.size() != 1) continue;
      const GpuEstimate& g = e.value->gpus[0];
      if (g.fit != Fit::Comfortable || !g.offload || g.offload->host_bytes > host_ram_bytes) continue;
      OffloadCapability c;
      c.model = {m.id, e.value->params.total, pid, g.per_card_bytes, g.spare_fraction, g.max_context,
                 g.max_concurrency, g.decode_tokens_per_s};
      c.gpu_layers = g.offload->gpu_layers;
      c.total_layers = g.offload->total_layers;
      c.host_bytes = g.offload->host_bytes;
      out.push_back(c);
      break;
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const OffloadCapability& a, const OffloadCapability& b) {
    return a.model.params > b.model.params;
  });
  return Result<Out>::success(out);
}

Message capability_summary(const CardCapability& c, const Catalog& catalog) {
  const Gpu* gpu = catalog.find_gpu(c.gpu);
  const std::string gpu_name = gpu ? gpu->name : c.gpu;
  const std::string cards = std::to_string(c.cards);
  const std::string headroom = format_headroom(c.headroom) + "%";
  if (c.models.empty()) return msg::cap_none(cards, gpu_name, headroom);
  const ModelCapability& m = c.models.front();
  const Model* model = catalog.find_model(m.model);
  const WeightPrecision* p = catalog.find_weight_precision(m.precision);
  return msg::cap_summary(cards, gpu_name, headroom, model ? model->name : m.model, p ? p->name : m.precision,
                          format_grouped(static_cast<double>(m.max_context)),
                          format_grouped(static_cast<double>(m.max_concurrency)));
}

}  // namespace cardfit
