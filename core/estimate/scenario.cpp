// Scenario helpers.
#include "scenario.hpp"

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
  s.engine = catalog_id(catalog.engines, s.engine);
  if (!s.gpu.empty()) s.gpu = catalog_id(catalog.gpus, s.gpu);
  return s;
}

}  // namespace cardfit
