// Fit and card count: which card counts are tried (1, 2, 4, 8 per node, then whole nodes),
// which tensor-parallel degrees are valid (they must divide the head counts), the verdict
// against usable memory with headroom, and the largest context / concurrency that still fit.
#pragma once

#include <cstdint>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "memory.hpp"
#include "resolve.hpp"

namespace cardfit {

// 1, 2, 4, 8 up to the node size, then 2, 3, ... whole nodes up to max_nodes (laptops: 1).
std::vector<int> card_counts(const Gpu& gpu, int max_nodes);

// TP degree t is valid when it divides the attention heads and either divides the KV heads or
// is a multiple of them (then KV heads are replicated: memory.hpp kv_replication).
bool valid_tensor_parallel(const Model& model, int tp);

// Inference layout on `cards` cards: "tensor" engines use the largest valid TP degree that
// divides the count and fits in a node, the rest as pipeline stages; "layer" engines split
// layers (TP 1). nullopt when the model has fewer layers than stages.
std::optional<Layout> inference_layout(const Model& model, const EngineProfile& engine, const Gpu& gpu, int cards);

// Usable bytes per card: memory_mib x 2^20 x memory_utilization (training: x 1).
double usable_bytes(const Gpu& gpu, double memory_utilization);

// comfortable: need x (1 + headroom) <= usable; tight: need x (1 + tight_headroom) <= usable.
Fit verdict(double need, double usable, double headroom, double tight_headroom);

struct FitChoice {
  bool found = false;       // a count with verdict != No
  Layout layout;            // the chosen layout (1 card when none fits)
  Fit fit = Fit::No;
  MemoryBreakdown per_card;
  double usable = 0;
  int min_cards_tight = 0;  // smallest count that fits at all; 0 = none
  int max_cards_tried = 0;
};

// Scenario::cards > 0: that count only. Otherwise the smallest count that fits comfortably,
// else the smallest that fits tightly. Training with zero_stage -1 picks, per count, the
// lowest ZeRO stage that fits.
FitChoice choose_cards(const Resolved& r, const Gpu& gpu);

// Largest context (training: sequence length) and concurrency (training: micro-batch) whose
// need fits in `usable` (no headroom) on `layout`; 0 when even 1 does not fit.
std::int64_t max_context(const Resolved& r, const Layout& layout, double usable);
std::int64_t max_concurrency(const Resolved& r, const Layout& layout, double usable);

}  // namespace cardfit
