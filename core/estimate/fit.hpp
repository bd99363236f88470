// Fit and card count: which card counts are tried (1, 2, 4, 8 per node, then whole nodes),
// which layouts (inference: TP inside a node x layer-split stages; training: TP x pipeline
// stages x data parallel with ZeRO), the verdict against the engine's budget with headroom,
// and the largest context / concurrency that still fit.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "memory.hpp"
#include "resolve.hpp"

namespace cardfit {

// 1, 2, 4, 8 up to the node size, then 2, 3, ... whole nodes up to max_nodes, then doubling
// whole nodes up to doubling_nodes (training; 0 = none). Laptops: 1.
std::vector<int> card_counts(const Gpu& gpu, int max_nodes, int doubling_nodes = 0);

// TP degree t is valid when it divides the attention heads and either divides the KV heads or
// is a multiple of them (then KV heads are replicated: memory.hpp kv_replication).
bool valid_tensor_parallel(const Model& model, int tp);

// The widest tensor-parallel group on `gpu`: its node size, or the scenario's max_tensor_parallel
// (the cards one machine of an offer holds; at least 1) when given and smaller. A TP group never spans machines.
int tensor_parallel_cap(const Gpu& gpu, std::optional<int> max_tensor_parallel);

// Inference layout on `cards` cards: "tensor" engines use the largest valid TP degree that
// divides the count and fits in a node (at most `max_tensor_parallel` when given: one machine
// of the offer), the rest as pipeline stages across machines; "layer" engines split layers (TP 1).
// nullopt when the model has fewer layers than stages.
std::optional<Layout> inference_layout(const Model& model, const EngineProfile& engine, const Gpu& gpu, int cards,
                                       std::optional<int> max_tensor_parallel = std::nullopt);

// Training layouts on `cards` cards, fastest first: TP (the scenario's, else 1, 2, 4, 8 inside
// a node; never wider than tensor_parallel_cap, the scenario's machine) x pipeline stages (powers of two, at most the layers) x data parallel, with each ZeRO
// stage allowed (the scenario's, else 0-3; pipelines take 0-1 as Megatron's distributed optimizer).
// Order: least pipeline bubble, then least TP, fewest stages, lowest ZeRO stage.
std::vector<Layout> training_layouts(const Resolved& r, const Gpu& gpu, int cards);

// comfortable: need <= usable and need x (1 + headroom) <= usable + held_back (the engine's own
// margin counts toward the headroom once: memory.hpp held_back_per_card); tight: need x (1 +
// tight_headroom) <= usable.
Fit verdict(double need, double usable, double held_back, double headroom, double tight_headroom);

// The headroom a fit has, as the verdict measures it: (usable + held_back) / need - 1.
double headroom_of(double need, double usable, double held_back);

struct FitChoice {
  bool found = false;       // a count with verdict != No
  Layout layout;            // the chosen layout (the smallest tried when none fits)
  Fit fit = Fit::No;
  MemoryBreakdown per_card;
  double usable = 0;        // the engine's budget on this layout (training: visible memory)
  double held_back = 0;     // what the engine keeps back by design (held_back_per_card)
  int min_cards_tight = 0;  // smallest count that fits at all; 0 = none
  int max_cards_tried = 0;
};

// Scenario::cards > 0: that count only. Otherwise the smallest count that fits comfortably,
// else the smallest that fits tightly. Training takes, per count, the first layout in
// training_layouts order that fits.
FitChoice choose_cards(const Resolved& r, const Gpu& gpu);

// Largest context (training: sequence length) and concurrency (training: micro-batch) whose
// need fits the budget (no headroom) on `layout`'s card count, so that asking for exactly that
// value fits; training with an automatic layout takes the best layout at that count. The
// context is capped at the model's maximum. 0 when even 1 does not fit.
std::int64_t max_context(const Resolved& r, const Gpu& gpu, const Layout& layout);
std::int64_t max_concurrency(const Resolved& r, const Gpu& gpu, const Layout& layout);

}  // namespace cardfit
