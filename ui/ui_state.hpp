// UiState: only what the user chose. The numbers shown are derived from it by the core
// (ui/derived.cpp) whenever it changes; the UI never edits a derived figure.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "plan.hpp"
#include "scenario.hpp"

namespace cardfit::ui {

enum class Tab { Plan, Charts, Gpus, Explain, Sources };

// Numbers as the user typed them ("8k", "7B"); parsed by core/base/numbers.hpp into `request`
// only when valid, so a typo shows an error and the last good value stays in force.
struct NumberFields {
  std::string context = "4096";
  std::string prompt = "1024";
  std::string concurrency = "1";
  std::string batch = "1";
  std::string tokens = "0";
  std::string budget = "3000";
  std::string custom_params = "7B";
  std::string min_tokens_per_s = "0";
  std::string max_ttft_ms = "0";
  std::string offload_layers = "0";  // --offload N
  std::string host_bandwidth = "0";  // GB/s; 0 = catalog default
  std::string n_cpu_moe;             // engine flags: empty = the engine's default
  std::string gpu_memory_utilization;
  std::string max_num_batched_tokens;
  std::string max_num_seqs;
  std::string ep;
  std::string output_tokens = "0";   // serving: tokens per request; 0 = none
  std::string max_tpot_ms = "0";
  std::string requests_per_s = "0";  // traffic to size for; 0 = none
  std::string buy_months = "24";     // --compare-api, consumer cards: months a bought card is amortised over
  std::string kwh_price;             // ... electricity per kWh, plan currency; empty = the catalog's
};

struct UiState {
  Lang lang = Lang::Zh;            // interface language
  PlanRequest request;             // scenario + budget + billing: everything the core needs
  NumberFields text;               // typed numbers, see above
  bool custom_model = false;       // use request.scenario.custom_model (bare parameter count / config.json)
  std::string config_json;         // pasted Hugging Face config.json text
  std::string config_error;        // why the pasted config.json was rejected ("" = none)
  std::string budget_choice;       // "" = no budget, a BudgetTier::id, or "custom" (text.budget)
  Tab tab = Tab::Plan;
  std::string explain_gpu;         // GPU whose per-card formulas the Explain tab shows ("" = the pick's)
};

// The UiState that shows `request` (text boxes filled from its numbers), e.g. from a link.
UiState make_ui_state(const PlanRequest& request, Lang lang);

// `old` with a new request (a suggested change applied): the boxes show its numbers, while the
// language, the tab, the pasted config.json text and the GPU being explained stay.
UiState with_request(const UiState& old, const PlanRequest& request);

}  // namespace cardfit::ui
