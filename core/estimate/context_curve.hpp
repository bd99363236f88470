// Memory per card as the context grows, for one GPU at the layout estimate() chose: the points
// of the "memory vs context" chart (ui/panel_charts.cpp) and its text view. Every figure comes
// from the estimate's own memory_per_card / usable_per_card / max_context (docs/model.md §Memory).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "result.hpp"
#include "scenario.hpp"

namespace cardfit {

struct ContextPoint {
  std::int64_t context = 0;  // tokens per sequence
  MemoryBreakdown memory;    // per card at that context (the scenario's concurrency or batch)
};

struct ContextCurve {
  std::string gpu;                  // Gpu::id
  int cards = 0;                    // the layout the curve is drawn at (estimate's cards; 1 when none fits)
  std::int64_t usable_bytes = 0;    // the fit line: per-card budget, as max_context compares with it
  std::int64_t max_context = 0;     // GpuEstimate::max_context (0 = not even 1 token fits)
  std::vector<ContextPoint> points; // one per context asked for, in that order
};

// The contexts a chart samples up to `cap` tokens: 1K, 2K, 4K, ... (powers of two), `cap`
// itself and `own` (the scenario's context, when in 1..cap), ascending, no repeats.
std::vector<std::int64_t> chart_contexts(std::int64_t cap, std::int64_t own);

// The scenario on `gpu` (Gpu::id or alias), its layout chosen as estimate() chooses it, with
// the per-card memory at each of `contexts` (>= 1). NOTE: training with an automatic layout
// may reach max_context on another layout; the curve stays on the chosen one.
Result<ContextCurve> memory_vs_context(const Catalog& catalog, const Scenario& scenario, const std::string& gpu,
                                       const std::vector<std::int64_t>& contexts);

}  // namespace cardfit
