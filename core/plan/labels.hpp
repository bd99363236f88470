// How catalog entries and amounts are named in sentences, tables and the UI: the one place for
// display names (the planner's words, the CLI's tables and the UI all use these).
#pragma once

#include <cstdint>
#include <string>

#include "catalog.hpp"
#include "cost.hpp"
#include "message.hpp"
#include "scenario.hpp"

namespace cardfit {

std::string gpu_short_name(const Gpu& gpu);          // "A100 40GB SXM4" (no "NVIDIA", "GeForce", "Tesla")
std::string gpu_short_name(const std::string& name);  // the same for a GPU's name (Option::gpu_name)
std::string precision_label(const std::string& id);  // "bf16" -> "BF16", "q4_k_m" -> "Q4_K_M"
Message kv_label(const std::string& id);             // "" / "auto-16" -> "16-bit"; else the id in capitals
// The KV-precision list's "" choice for the scenario's model: "as weights (16-bit)", or the
// layout the model fixes whatever is chosen ("FP8_DS_MLA (fixed by the model)": DeepSeek-V4).
Message kv_default_label(const Catalog& catalog, const Scenario& scenario);
std::string tokens_label(std::int64_t tokens);        // 8192 -> "8k", 1000 -> "1,000"
std::string count_label(double n);                    // 2e8 -> "200M", 1.5e9 -> "1.5B", 50000 -> "50,000"
std::string amount_range(const Money& m);             // "2,500-4,000" or "2,800"
Message platform_name(const Platform& platform);      // its name_en / name_zh
// An option's platform as a reader tells two offers of one GPU apart: "RunPod Community Cloud" (the
// offer's product after the platform's name, Option::product), or the platform's name alone.
Message platform_with_product(const Message& platform_name, const Message& product);
Message tier_label(const BudgetTier& tier);           // "2,000-3,000 CNY/month"
Message money_label(const Money& m, Currency c);      // "2,800 CNY" (Chinese: yuan)
Message monthly_label(const Money& m, Currency c);    // "2,800 CNY/month" (Chinese: yuan per month)
Message overlay_label(const std::string& file);        // "from vendor.json" (the file's name, not its folders)

}  // namespace cardfit
