#include "capability_json.hpp"

#include "json_writer.hpp"

namespace cardfit {
namespace {

void model_json(JsonWriter& w, const ModelCapability& m, const Catalog& catalog) {
  const Model* model = catalog.find_model(m.model);
  w.begin_object()
      .field("model", m.model)
      .field("name", model ? model->name : m.model)
      .field("params", m.params)
      .field("precision", m.precision)
      .field("per_card_bytes", m.per_card_bytes)
      .field("spare_fraction", m.spare_fraction)
      .field("max_context", m.max_context)
      .field("max_concurrency", m.max_concurrency)
      .field("decode_tokens_per_s", m.decode_tokens_per_s)
      .end_object();
}

}  // namespace

std::string capability_to_json(const CardCapability& c, const Catalog& catalog, Lang lang, JsonStyle style) {
  JsonWriter w(style == JsonStyle::Pretty);
  w.begin_object()
      .field("schema", kCapacitySchema)
      .field("ok", true)
      .field("gpu", c.gpu)
      .field("cards", c.cards)
      .field("headroom", c.headroom)
      .field("summary", render(capability_summary(c, catalog), lang))
      .field("precisions", c.precisions)
      .key("largest");
  if (c.models.empty()) w.null();
  else model_json(w, c.models.front(), catalog);
  w.key("models").begin_array();
  for (const ModelCapability& m : c.models) model_json(w, m, catalog);
  w.end_array().end_object();
  return w.take();
}

}  // namespace cardfit
