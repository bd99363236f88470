// Measurements beside an estimate (core/estimate/measured.hpp) as JSON, for the estimate and
// plan writers (private to core/io; docs/cli.md, docs/measurements.md).
#pragma once

#include <vector>

#include "estimate_types.hpp"
#include "json_writer.hpp"

namespace cardfit {

// "measured": [{"value": 61.03, "unit": "tok/s", "figure": "decode_tokens_per_s", "source_id":
// "https://...", "as_of": "2024-01-10", "estimate": 58.2, "delta": -0.046, "id": "...",
// "twin": "codellama-7b" (null unless a twin), "yours": true (null unless the user's own), "compared_with":
// "estimate" (the figure the row shows) | "serving" (a serving benchmark: the mixed figure at its lengths)}]. The key is
// left out when nothing matches: nothing is shown.
inline void measured_json(JsonWriter& w, const std::vector<MeasuredFigure>& list) {
  if (list.empty()) return;
  w.key("measured").begin_array();
  for (const MeasuredFigure& m : list) {
    w.begin_object()
        .field("value", m.value)
        .field("unit", m.unit)
        .field("figure", m.figure)
        .field("source_id", m.source_id)
        .field("as_of", m.as_of)
        .field("estimate", m.estimate)
        .field("delta", m.delta)
        .field("id", m.id)
        .field_if("twin", !m.twin.empty(), m.twin)
        .field_if("yours", m.yours, m.yours)
        .field("compared_with", m.compared_with == ComparedWith::Serving ? "serving" : "estimate")
        .end_object();
  }
  w.end_array();
}

}  // namespace cardfit
