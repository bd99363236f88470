// "What this card can do": for one GPU at one card count (and the scenario's engine, task,
// context, concurrency and headroom), every catalog model with the best precision that fits with
// the headroom, largest model first, with its largest context and concurrency. Pure; every
// figure comes from estimate() (no formula of its own). docs/planner.md §What this card can do.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "message.hpp"
#include "result.hpp"
#include "scenario.hpp"

namespace cardfit {

struct ModelCapability {
  std::string model;                  // Model::id
  std::int64_t params = 0;            // total parameters (ParamCounts::total)
  std::string precision;              // WeightPrecision::id: the best that fits comfortably
  std::int64_t per_card_bytes = 0;    // need on each card at the scenario's context and concurrency
  double spare_fraction = 0;          // 1 - per_card / usable
  std::int64_t max_context = 0;       // GpuEstimate::max_context at that precision
  std::int64_t max_concurrency = 0;   // GpuEstimate::max_concurrency at that precision
  double decode_tokens_per_s = 0;     // per sequence (inference; 0 otherwise)
};

struct CardCapability {
  std::string gpu;                    // Gpu::id
  int cards = 1;
  double headroom = 0;              // the fraction kept free (the scenario's or the catalog's)
  std::vector<std::string> precisions;  // the candidates, best first (the order a model's precision is chosen in)
  std::vector<ModelCapability> models;  // every model that fits, largest (parameters) first
};

// The precisions a model is tried in, best first: 16 bits and fewer (a released checkpoint's
// width; the catalog's FP32 note: no quality gain), more bits first, catalog order among equals.
std::vector<const WeightPrecision*> capability_precisions(const Catalog& catalog);

// Errors: "gpu" when the scenario names none (or an unknown one), and the scenario's own
// (estimate()'s). scenario.cards 0 means one card; scenario.model and precision are ignored;
// a model whose maximum context is below scenario.context is left out. The candidates are the
// precisions the engine lists (inference) whose weights some engine runs on the card (runs_weights).
Result<CardCapability> card_capabilities(const Catalog& catalog, const Scenario& scenario);

// "With part of it in system memory": for the scenario's GPU (one card), the models that do not fit
// on the card alone but run with llama.cpp's layer offload (Scenario::offload auto) when the host
// part fits in `host_ram_bytes` (the machine's RAM; on unified memory the part host_memory_beside
// leaves beside the GPU's share, so nothing is counted twice), largest first, each at the best precision llama.cpp lists. Errors
// as card_capabilities'. ModelCapability::per_card_bytes is then the card's part.
struct OffloadCapability {
  ModelCapability model;
  int gpu_layers = 0;              // OffloadEstimate::gpu_layers
  int total_layers = 0;
  std::int64_t host_bytes = 0;     // OffloadEstimate::host_bytes
};
Result<std::vector<OffloadCapability>> offload_capabilities(const Catalog& catalog, const Scenario& scenario,
                                                            std::int64_t host_ram_bytes);

// One sentence: the largest model, its precision, context and concurrency (or that none fits).
Message capability_summary(const CardCapability& capability, const Catalog& catalog);

}  // namespace cardfit
