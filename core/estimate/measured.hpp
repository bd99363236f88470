// Measured beside estimated: the public (and the user's own) measurements whose configuration
// matches one GPU row of an estimate, with the difference (docs/measurements.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "message.hpp"

namespace cardfit {

// How a measurement relates to an estimate's GPU row.
enum class MeasuredMatch {
  No,    // a criterion differs
  Same,  // same model
  Twin,  // another catalog model with identical shape fields (an architecture twin)
};

// The rule (docs/measurements.md "Matching"): an inference estimate and an inference row; the
// same GPU, card count (the row's cards = the cards the estimate chose), engine, weight precision,
// KV precision (a row that names none: the estimate's KV follows the weights), concurrency, tensor
// and expert parallel degree when the row names them; the row's context within a factor of 2 of
// the estimate's (and its prompt too, for TTFT and prefill rows); the same model or an
// architecture twin; no offload in the row. Keys a row leaves out take the link's defaults
// (Scenario{}).
MeasuredMatch match_measurement(const Catalog& catalog, const Estimate& e, const GpuEstimate& g,
                                const Measurement& m);

// Identical shape fields (layers, widths, heads, vocabulary, attention and MoE layout; not the
// name, repos, sources, published size or context limit): one's measurement stands in for the other.
bool architecture_twins(const Model& a, const Model& b);

// cardfit's figure for a measurement's metric on this GPU row; nullopt when the estimate does not
// show that metric (training figures, KV tokens) or has none (does not fit). `serving` (the row is a
// serving benchmark): tpot_ms and aggregate_tokens_per_s with each prompt's prefill mixed in
// (g.mixed) when the row was evaluated with output tokens. The calibration harness reads its
// inference figures here too (tests/calibration).
std::optional<double> estimated_figure(const GpuEstimate& g, std::string_view metric, bool serving = false);

// The scenario a serving-benchmark row (its scenario names output-tokens) is compared under: the
// estimate's own on g's GPU and cards, at the row's concurrency, prompt, context and output tokens
// (keys the row leaves out: the link's defaults), without explanations.
Scenario serving_scenario(const Estimate& e, const GpuEstimate& g, const MeasurementScenario& row);

// cardfit's figure for one matched measurement, and what it is: for a serving benchmark
// (tpot_ms, aggregate_tokens_per_s) the figure under the row's conditions with prefill mixed in
// (estimate_figures(serving_scenario(...)), as the calibration evaluates the row), else
// estimated_figure(g, metric).
struct ComparedFigure {
  double value = 0;
  ComparedWith with = ComparedWith::Estimate;
};
std::optional<ComparedFigure> compared_figure(const Catalog& catalog, const Estimate& e, const GpuEstimate& g,
                                              const Measurement& m);

// Every match of catalog.measurements then catalog.your_measurements (marked `yours`), in order.
std::vector<MeasuredFigure> measured_for(const Catalog& catalog, const Estimate& e, const GpuEstimate& g);

// One line for a reader: "measured decode 61 tok/s, cardfit 58.2 (-5%); <source>, 2024-01-10"
// (the CLI under its tables, the UI under the speed figures, the page's text view).
// `source` is the measurement's source as cited (a web address, or the titles of cite()).
Message measured_message(const MeasuredFigure& m, Arg source);

// The measurement's source as a reader cites it: a web address as it is, source ids as cite() words them.
Arg measured_source(const Catalog& catalog, const MeasuredFigure& m);

// The difference as a reader sees it: "+5%", "-12%" ((estimate - measured) / measured, whole percent).
std::string measured_delta(const MeasuredFigure& m);

// The figure and the difference, short, for a table cell beside the speed: "decode 61.0 tok/s (-5%)",
// "time per output token 21.8 ms (+12%, vs the serving estimate)" for a serving benchmark (compared_with
// Serving: not the speed in the cell beside it) (the plan's row model, column Measured: the CLI table,
// CSV, Markdown, HTML, the UI's options and the copied result).
Message measured_short(const MeasuredFigure& m);

// Where and when it was measured: "<source>, 2024-01-10" (column MeasuredSource).
Message measured_cited(const MeasuredFigure& m, Arg source);

}  // namespace cardfit
