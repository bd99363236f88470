// Internal to the planner: the words. Option warnings (what the articles teach), the pick's
// one-sentence reason, the short reason on every other option, budget labels and the
// "what changed" line of an alternative, each in English and Chinese with the real numbers.
#pragma once

#include <string>
#include <vector>

#include "catalog.hpp"
#include "estimate.hpp"
#include "plan.hpp"
#include "scenario.hpp"

namespace cardfit::plan_text {

// Everything a sentence may quote besides the option itself.
struct Context {
  const Catalog* catalog = nullptr;
  const PlanRequest* request = nullptr;
  const Scenario* scenario = nullptr;  // the scenario planned (an alternative's, for alternatives)
  const Estimate* estimate = nullptr;
  const Budget* budget = nullptr;
  Currency currency = Currency::Cny;
  double hours_per_day = 24;
  double headroom = 0.2;               // fraction kept free for "comfortable"
  bool job = false;                    // training job with --tokens: costs are job costs
  bool single_machine = false;         // cheaper options span machines: say "single-machine"
};

// Where an option's numbers come from (catalog entries and the estimate for its GPU).
struct Sources {
  const Gpu* gpu = nullptr;
  const Offer* offer = nullptr;
  const Platform* platform = nullptr;
  const GpuEstimate* estimate = nullptr;
};

std::vector<PlanWarning> option_warnings(const Context& ctx, const Option& o, const Sources& src);
Text pick_reason(const Context& ctx, const Option& o);
Text other_reason(const Context& ctx, const Option& o, const Option* pick);

Text tier_label(const BudgetTier& tier);
Text custom_budget_label(double amount, Currency currency);
Text budget_change(const Context& ctx, const Option& pick);  // "a budget of 3,000-6,000 CNY/month ..."

// Display names.
std::string gpu_short_name(const Gpu& gpu);            // "A100 40GB SXM4" (no "NVIDIA", "GeForce")
std::string precision_label(const std::string& id);    // "bf16" -> "BF16", "q4_k_m" -> "Q4_K_M"
std::string kv_label(const std::string& id);           // "" -> "16-bit"
Text task_label(Task task);                            // "LoRA fine-tuning" / "LoRA 微调"
std::string tokens_label(std::int64_t tokens);         // 8192 -> "8k", 1000 -> "1,000"
std::string amount(double value);                      // 2800 -> "2,800", 1.5 -> "1.5", 0.0366 -> "0.0366"
std::string amount_range(const Money& m, const char* dash);  // "2,500-4,000" or "2,800"

}  // namespace cardfit::plan_text
