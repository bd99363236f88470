// Everything the UI shows, computed by the core from UiState. Recomputed when the state
// changes; on an error the last good results stay on screen and the errors are listed.
#pragma once

#include <optional>
#include <vector>

#include "catalog.hpp"
#include "estimate.hpp"
#include "plan.hpp"
#include "result.hpp"
#include "ui_state.hpp"

namespace cardfit::ui {

struct Derived {
  std::optional<Estimate> estimate;  // every GPU, for the GPU table and the memory breakdown
  std::optional<Estimate> focus;     // one GPU (the pick's or the one chosen), for its formulas
  std::optional<Plan> plan;
  std::vector<Issue> errors;         // why the latest state could not be computed (empty = current)
};

void recompute(const Catalog& catalog, const UiState& state, Derived& out);

}  // namespace cardfit::ui
