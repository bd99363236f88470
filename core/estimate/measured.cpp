// Measured beside estimated (see measured.hpp; docs/measurements.md).
#include "measured.hpp"

#include <cmath>
#include <string>

#include "field_table.hpp"
#include "estimate.hpp"
#include "explain.hpp"
#include "format.hpp"
#include "messages.hpp"
#include "scenario.hpp"

namespace cardfit {
namespace {

// Writes every shape field of a model (the fields of its table, field_table.hpp) into one
// string: two models with the same string are twins.
void shape_text(const fields::FieldTable& table, const void* base, std::string& out) {
  using fields::Kind;
  using fields::member;
  for (const fields::Field& f : table.fields) {
    const std::string_view key = f.key;
    if (key == "published_params_b" || key == "max_context" || key == "assumed_architecture") continue;
    switch (f.kind) {
      case Kind::Integer:
        out += std::string(key) + "=" +
               std::to_string(f.integer_bytes == sizeof(int) ? member<int>(base, f.offset)
                                                             : member<std::int64_t>(base, f.offset)) +
               ";";
        break;
      case Kind::Number: out += std::string(key) + "=" + std::to_string(member<double>(base, f.offset)) + ";"; break;
      case Kind::Boolean: out += std::string(key) + (member<bool>(base, f.offset) ? "=1;" : "=0;"); break;
      case Kind::Choice:
        out += std::string(key) + "=" + std::string(f.choice->name(&member<char>(base, f.offset))) + ";";
        break;
      case Kind::Object:
        out += std::string(key) + "{";
        if (f.present == fields::Field::kNoFlag || member<bool>(base, f.present)) {
          shape_text(*f.sub, &member<char>(base, f.offset), out);
        }
        out += "}";
        break;
      case Kind::List: {
        const void* items = &member<char>(base, f.offset);
        out += std::string(key) + "[";
        for (std::size_t i = 0; i < f.list->size(items); ++i) {
          shape_text(*f.sub, f.list->at(items, i), out);
          out += ",";
        }
        out += "]";
        break;
      }
      case Kind::Text:
      case Kind::Strings:
      case Kind::Flags:
        break;
    }
  }
}

std::string shape_of(const Model& m) {
  std::string out;
  shape_text(fields::catalog_tables().section("models"), &m, out);
  return out;
}

// `value` within a factor of 2 of `stated`.
bool within_2x(std::int64_t value, std::int64_t stated) { return value * 2 >= stated && value <= stated * 2; }

}  // namespace

bool architecture_twins(const Model& a, const Model& b) { return shape_of(a) == shape_of(b); }

std::optional<double> estimated_figure(const GpuEstimate& g, std::string_view metric, bool serving) {
  if (g.cards == 0) return std::nullopt;
  double v = 0;
  const MixedDecode* mixed = serving && g.mixed ? &*g.mixed : nullptr;
  if (metric == "decode_tokens_per_s") v = g.decode_tokens_per_s;
  if (metric == "aggregate_tokens_per_s") v = mixed ? mixed->tokens_per_s : g.aggregate_tokens_per_s;
  if (metric == "tpot_ms") v = mixed ? mixed->tpot_ms : g.decode_tokens_per_s > 0 ? 1000 / g.decode_tokens_per_s : 0;
  if (metric == "ttft_ms") v = g.ttft_ms;
  if (metric == "prefill_tokens_per_s") v = g.prefill_tokens_per_s;
  if (metric == "kv_pool_gib" && g.kv_pool_bytes) v = static_cast<double>(*g.kv_pool_bytes) / (1024.0 * 1024 * 1024);
  if (!(v > 0) || !std::isfinite(v)) return std::nullopt;
  return v;
}

Scenario serving_scenario(const Estimate& e, const GpuEstimate& g, const MeasurementScenario& row) {
  const Scenario link;  // the defaults of a key the row leaves out
  Scenario sc = e.scenario;
  sc.gpu = g.gpu;
  sc.cards = g.cards;
  sc.concurrency = row.concurrency > 0 ? row.concurrency : link.concurrency;
  sc.prompt = row.prompt > 0 ? row.prompt : link.prompt;
  sc.context = row.context > 0 ? row.context : link.context;
  sc.output_tokens = row.output_tokens;
  sc.explain = false;
  return sc;
}

std::optional<ComparedFigure> compared_figure(const Catalog& catalog, const Estimate& e, const GpuEstimate& g,
                                              const Measurement& m) {
  const MeasurementScenario row = measurement_scenario(m.scenario);
  if (row.output_tokens > 0 && (m.metric == "tpot_ms" || m.metric == "aggregate_tokens_per_s")) {
    const Result<Estimate> at = estimate_figures(catalog, serving_scenario(e, g, row));
    if (at.ok() && !at.value->gpus.empty() && at.value->gpus.front().mixed) {
      if (const std::optional<double> v = estimated_figure(at.value->gpus.front(), m.metric, true)) {
        return ComparedFigure{*v, ComparedWith::Serving};
      }
    }
  }
  const std::optional<double> v = estimated_figure(g, m.metric);
  if (!v) return std::nullopt;
  return ComparedFigure{*v, ComparedWith::Estimate};
}

MeasuredMatch match_measurement(const Catalog& catalog, const Estimate& e, const GpuEstimate& g,
                                const Measurement& m) {
  const MeasurementScenario row = measurement_scenario(m.scenario);
  const Scenario link;  // the defaults of a key the row leaves out
  const Scenario& sc = e.scenario;
  if (e.task != Task::Inference || !(row.task.empty() || row.task == "inference")) return MeasuredMatch::No;
  if (!row.bad_key.empty() || row.special_layout) return MeasuredMatch::No;
  if (row.gpu != g.gpu || g.cards == 0 || row.cards != g.cards) return MeasuredMatch::No;
  if ((row.engine.empty() ? link.engine : row.engine) != sc.engine.value_or("")) return MeasuredMatch::No;
  if (row.precision.empty() || row.precision != e.precision) return MeasuredMatch::No;
  if (row.kv_precision.empty() ? e.kv_precision.rfind("auto", 0) != 0 : row.kv_precision != e.kv_precision) {
    return MeasuredMatch::No;
  }
  if ((row.concurrency > 0 ? row.concurrency : link.concurrency) != sc.concurrency) return MeasuredMatch::No;
  if (row.tp > 0 && row.tp != g.tensor_parallel) return MeasuredMatch::No;
  if (row.ep > 0 && row.ep != g.expert_parallel) return MeasuredMatch::No;
  if (!within_2x(sc.context, row.context > 0 ? row.context : link.context)) return MeasuredMatch::No;
  if ((m.metric == "ttft_ms" || m.metric == "prefill_tokens_per_s") &&
      !within_2x(sc.prompt, row.prompt > 0 ? row.prompt : link.prompt)) {
    return MeasuredMatch::No;
  }
  if (row.model.empty()) return MeasuredMatch::No;
  if (row.model == e.model) return MeasuredMatch::Same;
  const Model* measured = catalog.find_model(row.model);
  const Model* estimated = catalog.find_model(e.model);
  if (measured && estimated && architecture_twins(*measured, *estimated)) return MeasuredMatch::Twin;
  return MeasuredMatch::No;
}

std::vector<MeasuredFigure> measured_for(const Catalog& catalog, const Estimate& e, const GpuEstimate& g) {
  std::vector<MeasuredFigure> out;
  auto add = [&](const std::vector<Measurement>& rows, bool yours) {
    for (const Measurement& m : rows) {
      const MeasuredMatch match = match_measurement(catalog, e, g, m);
      if (match == MeasuredMatch::No) continue;
      const std::optional<ComparedFigure> estimate = compared_figure(catalog, e, g, m);
      const MeasurementMetric* metric = find_measurement_metric(m.metric);
      if (!estimate || metric == nullptr || !(m.measured > 0)) continue;
      MeasuredFigure f;
      f.id = m.id;
      f.figure = m.metric;
      f.value = m.measured;
      f.unit = metric->unit;
      f.source_id = m.source;
      f.as_of = m.date;
      f.estimate = estimate->value;
      f.compared_with = estimate->with;
      f.delta = (estimate->value - m.measured) / m.measured;
      if (match == MeasuredMatch::Twin) f.twin = measurement_scenario(m.scenario).model;
      f.yours = yours;
      out.push_back(std::move(f));
    }
  };
  add(catalog.measurements, false);
  add(catalog.your_measurements, true);
  return out;
}

namespace {

// The metric's words; a metric without words of its own: its name.
Arg figure_words(const MeasuredFigure& m) {
  if (m.figure == "decode_tokens_per_s") return msg::est_measured_figure_decode_tokens_per_s();
  if (m.figure == "aggregate_tokens_per_s") return msg::est_measured_figure_aggregate_tokens_per_s();
  if (m.figure == "tpot_ms") return msg::est_measured_figure_tpot_ms();
  if (m.figure == "ttft_ms") return msg::est_measured_figure_ttft_ms();
  if (m.figure == "prefill_tokens_per_s") return msg::est_measured_figure_prefill_tokens_per_s();
  if (m.figure == "kv_pool_gib") return msg::est_measured_figure_kv_pool_gib();
  return m.figure;
}

}  // namespace

Arg measured_source(const Catalog& catalog, const MeasuredFigure& m) {
  return m.source_id.rfind("http", 0) == 0 ? Arg(m.source_id) : Arg(cite(catalog, m.source_id));
}

std::string measured_delta(const MeasuredFigure& m) {
  return (m.delta >= 0 ? "+" : "-") + format_percent(std::fabs(m.delta)) + "%";
}

Message measured_message(const MeasuredFigure& m, Arg source) {
  Message note = m.twin.empty() ? Message() : msg::est_measured_twin(m.twin);
  if (m.yours) note = m.twin.empty() ? msg::est_measured_yours() : note;
  const Message compared = m.compared_with == ComparedWith::Serving ? msg::est_measured_serving() : Message();
  return msg::est_measured_line(figure_words(m), format_rate(m.value), m.unit, format_rate(m.estimate), measured_delta(m),
                                note, compared, source, m.as_of);
}

Message measured_short(const MeasuredFigure& m) {
  // A serving benchmark is compared with the serving figure, not the speed beside it: said even in the short cell.
  const Message compared = m.compared_with == ComparedWith::Serving ? msg::est_measured_serving_short() : Message();
  return msg::est_measured_short(figure_words(m), format_rate(m.value), m.unit, measured_delta(m), compared);
}

Message measured_cited(const MeasuredFigure& m, Arg source) { return msg::est_measured_cited(source, m.as_of); }

}  // namespace cardfit
