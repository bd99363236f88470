// How the JSON contracts are printed (docs/cli.md): one formatting everywhere, compact unless
// pretty is asked for, keys in the documented order, and a "schema" naming the contract.
#pragma once

namespace cardfit {

enum class JsonStyle { Compact, Pretty };  // Pretty: indented by 2 (the CLI's --pretty)

inline constexpr const char* kEstimateSchema = "cardfit.estimate/1";  // estimate_to_json
inline constexpr const char* kPlanSchema = "cardfit.plan/1";          // plan_to_json
inline constexpr const char* kCapacitySchema = "cardfit.capacity/1";  // capability_to_json
inline constexpr const char* kCatalogSchema = "cardfit.catalog/1";    // catalog_to_json (catalog layer)
inline constexpr const char* kValidateSchema = "cardfit.validate/1";  // `cardfit catalog --validate --json`

}  // namespace cardfit
