// Explanations: every reported figure as {formula, the same with the user's numbers, sources},
// rendered in either language. The UI tooltips and `cardfit estimate --explain` print this text.
#pragma once

#include <string>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "memory.hpp"
#include "resolve.hpp"

namespace cardfit {

// Model-level figures: parameters, weights, KV cache, activations, training states, total, FLOPs.
std::vector<Explanation> explain_model(const Resolved& r, const Estimate& e);

// Per-GPU figures for one entry of e.gpus: fit and cards, decode, prefill/TTFT, max context,
// training time.
std::vector<Explanation> explain_gpu(const Resolved& r, const Estimate& e, const GpuEstimate& g, const Gpu& gpu);

// One of Explanation::sources as a citation: a source id -> "Title (Publisher, date)"; a
// catalog entry "engines/vllm" -> "catalog engines 'vllm' (sources there)"; "defaults/" -> the
// catalog's estimation defaults.
Message cite(const Catalog& catalog, const std::string& ref);

}  // namespace cardfit
