// Scenario helpers.
#include "scenario.hpp"

#include <algorithm>

#include "hardware.hpp"

namespace cardfit {

bool is_training(Task task) { return task != Task::Inference; }
bool is_lora(Task task) { return task == Task::Lora || task == Task::Qlora; }

bool is_lora_target(std::string_view name) {
  return name == "q" || name == "k" || name == "v" || name == "o" || name == "gate" || name == "up" ||
         name == "down" || name == "all-linear" || name == "attention" || name == "mlp";
}

Scenario with_catalog_ids(const Catalog& catalog, Scenario s) {
  s.model = catalog_id(catalog.models, s.model);
  s.precision = catalog_id(catalog.weight_precisions, s.precision);
  if (!s.kv_precision.empty()) s.kv_precision = catalog_id(catalog.kv_precisions, s.kv_precision);
  if (s.engine) s.engine = catalog_id(catalog.engines, *s.engine);
  if (!s.gpu.empty()) s.gpu = catalog_id(catalog.gpus, s.gpu);
  return s;
}

const Model* scenario_model(const Catalog& catalog, const Scenario& s) {
  return s.custom_model ? &*s.custom_model : catalog.find_model(catalog_id(catalog.models, s.model));
}

std::string fixed_kv_layout(const Model& m) { return m.has_compressed_attention ? "fp8_ds_mla" : ""; }

std::string default_precision(const Catalog& catalog, const Scenario& s) {
  if (s.task == Task::Qlora) return "nf4";
  const Model* m = scenario_model(catalog, s);
  if (s.task == Task::Inference && m && catalog.find_weight_precision(m->released_precision)) {
    return m->released_precision;
  }
  return "bf16";
}

Scenario as_run(const Catalog& catalog, Scenario s) {
  s = with_catalog_ids(catalog, std::move(s));
  if (s.precision.empty()) s.precision = default_precision(catalog, s);
  if (!s.engine) s.engine = default_engine(catalog, s.precision);
  return s;
}

std::string default_engine(const Catalog& catalog, const std::string& precision) {
  const WeightPrecision* p = catalog.find_weight_precision(catalog_id(catalog.weight_precisions, precision));
  if (!p || p->engines.empty() ||
      std::find(p->engines.begin(), p->engines.end(), kDefaultEngine) != p->engines.end()) {
    return kDefaultEngine;
  }
  return p->engines.front();
}

std::string engine_id(const Catalog& catalog, const Scenario& s) {
  if (s.engine) return *s.engine;
  return default_engine(catalog, s.precision.empty() ? default_precision(catalog, s) : s.precision);
}

Scenario with_engine_following(const Catalog& catalog, Scenario s) {
  if (!s.engine || s.task != Task::Inference) return s;
  const std::string precision = s.precision.empty() ? default_precision(catalog, s) : s.precision;
  const WeightPrecision* p = catalog.find_weight_precision(catalog_id(catalog.weight_precisions, precision));
  const std::string engine = catalog_id(catalog.engines, *s.engine);
  if (p && !p->engines.empty() && std::find(p->engines.begin(), p->engines.end(), engine) == p->engines.end()) {
    s.engine.reset();
  }
  return s;
}

std::string support_engine(const Scenario& s) {
  return s.task != Task::Inference ? std::string("training") : s.engine.value_or(kDefaultEngine);
}

bool engine_runs(const Catalog& c, const Gpu& gpu, const Scenario& s) {
  const std::string engine = support_engine(s);
  if (!kernel_support(c, gpu, engine, s.precision).runs) return false;
  return s.task != Task::Qlora || kernel_support(c, gpu, engine, "nf4").runs;
}

}  // namespace cardfit
