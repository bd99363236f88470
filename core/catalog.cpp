// Catalog lookups by id.
#include "catalog.hpp"

#include <algorithm>

namespace cardfit {
namespace {
template <class T>
const T* find_by_id(const std::vector<T>& items, std::string_view id) {
  auto it = std::find_if(items.begin(), items.end(), [&](const T& x) { return x.id == id; });
  return it == items.end() ? nullptr : &*it;
}
}  // namespace

const char* to_string(ComputeType compute) {
  switch (compute) {
    case ComputeType::Fp32: return "fp32";
    case ComputeType::Fp16: return "fp16";
    case ComputeType::Bf16: return "bf16";
    case ComputeType::Fp8: return "fp8";
    case ComputeType::Int8: return "int8";
  }
  return "bf16";
}

const Gpu* Catalog::find_gpu(std::string_view id) const { return find_by_id(gpus, id); }
const Model* Catalog::find_model(std::string_view id) const { return find_by_id(models, id); }
const WeightPrecision* Catalog::find_weight_precision(std::string_view id) const {
  return find_by_id(weight_precisions, id);
}
const KvPrecision* Catalog::find_kv_precision(std::string_view id) const { return find_by_id(kv_precisions, id); }
const Platform* Catalog::find_platform(std::string_view id) const { return find_by_id(platforms, id); }
const Offer* Catalog::find_offer(std::string_view id) const { return find_by_id(offers, id); }
const BudgetTier* Catalog::find_budget_tier(std::string_view id) const { return find_by_id(budget_tiers, id); }
const EngineProfile* Catalog::find_engine(std::string_view id) const { return find_by_id(engines, id); }

}  // namespace cardfit
