#include "capability_json.hpp"

#include <nlohmann/json.hpp>

#include "json_put.hpp"

namespace cardfit {
namespace {

using json = nlohmann::ordered_json;
using json_put::put;

json model_json(const ModelCapability& m, const Catalog& catalog) {
  const Model* model = catalog.find_model(m.model);
  json j = json::object();
  put(j, "model", m.model);
  put(j, "name", model ? model->name : m.model);
  put(j, "params", m.params);
  put(j, "precision", m.precision);
  put(j, "per_card_bytes", m.per_card_bytes);
  put(j, "spare_fraction", m.spare_fraction);
  put(j, "max_context", m.max_context);
  put(j, "max_concurrency", m.max_concurrency);
  put(j, "decode_tokens_per_s", m.decode_tokens_per_s);
  return j;
}

}  // namespace

std::string capability_to_json(const CardCapability& c, const Catalog& catalog, Lang lang, JsonStyle style) {
  json j = json::object();
  put(j, "schema", kCapacitySchema);
  put(j, "ok", true);
  put(j, "gpu", c.gpu);
  put(j, "cards", c.cards);
  put(j, "headroom", c.headroom);
  put(j, "summary", render(capability_summary(c, catalog), lang));
  put(j, "precisions", c.precisions);
  put(j, "largest", c.models.empty() ? json(nullptr) : model_json(c.models.front(), catalog));
  json models = json::array();
  for (const ModelCapability& m : c.models) models.push_back(model_json(m, catalog));
  put(j, "models", std::move(models));
  return j.dump(style == JsonStyle::Pretty ? 2 : -1, ' ', false, json::error_handler_t::replace);
}

}  // namespace cardfit
