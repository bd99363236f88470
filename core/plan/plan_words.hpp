// Internal to the planner: what it says. Option warnings (what the buying guides teach, with
// the catalog's thresholds), the pick's one-sentence reason, the short reason on every other
// option, and the "what changed" line of an alternative, as messages with the real numbers.
#pragma once

#include <string>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "message.hpp"
#include "plan_types.hpp"
#include "scenario.hpp"

namespace cardfit::plan_words {

// Everything a sentence may quote besides the option itself.
struct Context {
  const Catalog* catalog = nullptr;
  const PlanRequest* request = nullptr;
  const Scenario* scenario = nullptr;  // the scenario planned (an alternative's, for alternatives)
  const Estimate* estimate = nullptr;
  const Budget* budget = nullptr;
  Currency currency = Currency::Cny;
  double hours_per_day = 24;
  bool job = false;                    // training job with --tokens: costs are job costs
  bool single_machine = false;         // cheaper options span machines: say "single-machine"
  bool datacenter_node_fits = false;   // one machine of datacenter cards holds the job
  bool datacenter_cluster = false;     // no single machine qualifies; datacenter cards over several do
  bool consumer_cluster_skipped = false;  // a cheaper consumer/workstation cluster was passed over for the pick
};

// Where an option's numbers come from (catalog entries and the estimate for its GPU).
struct Sources {
  const Gpu* gpu = nullptr;
  const Offer* offer = nullptr;
  const Platform* platform = nullptr;
  const GpuEstimate* estimate = nullptr;
};

std::vector<Message> option_warnings(const Context& ctx, const Option& o, const Sources& src);
Message pick_reason(const Context& ctx, const Option& o);
Message other_reason(const Context& ctx, const Option& o, const Option* pick);
// What a plan without a pick found instead, for the sentence that says why nothing qualifies.
struct NoPick {
  std::string fitting_gpus;             // no option at all, yet these GPUs fit ("A100 40GB, H100"): no price
  int max_cards = 0;                    // no GPU fits at all, on up to this many cards
  const Option* over_budget = nullptr;  // the cheapest comfortable option meeting the targets (over budget)
  const Option* tight_within = nullptr; // the tight option within budget with the most headroom
  const Option* tight = nullptr;        // the tight option with the most headroom
  bool comfortable_misses_targets = false;  // comfortable options exist, none meets the speed targets
};
Message no_pick_reason(const Context& ctx, const NoPick& facts);

Message custom_budget_label(double amount, Currency currency);
Message task_phrase(Task task);  // "LoRA fine-tuning": the task as a sentence names it
Message budget_change(const Context& ctx, const Option& pick);  // "a budget of 3,000-6,000 CNY/month ..."

}  // namespace cardfit::plan_words
