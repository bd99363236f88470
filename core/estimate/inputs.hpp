// Every input a user can give, once: its key (the link key, the CLI flag without "--", the
// JavaScript property), the field its errors name, its kind, its bounds and its help text in
// both languages. The link reader and writer (io/url_state), the CLI's flags and --help, the
// UI's widget bounds and the range checks in resolve() and plan() all read this table.
// Defaults are the struct defaults of Scenario / PlanRequest (io/url_state writes them).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "messages.hpp"
#include "result.hpp"

namespace cardfit {

enum class Input : std::uint8_t {
  Model, Params, Config, Arch, Precision, KvPrecision, Task, Context, Prompt, Concurrency, Batch, LoraRank,
  LoraTargets, Tp, Optimizer, Zero, Checkpointing, Tokens, Engine, Gpu, Cards, Offload, HostBandwidth, NCpuMoe, GpuMemoryUtilization,
  MaxNumBatchedTokens, MaxNumSeqs, Ep, OptimizerOffload, OutputTokens, MaxTpotMs, Headroom, Mfu,
  BudgetTier, Budget, Currency, UsdCny, HoursPerDay, Term, Platform, PlatformFirst, Student, AllowSpot, MinTokensPerS,
  MaxTtftMs, RequestsPerS, CompareApi, ApiInputRatio, ApiCacheHit, BuyMonths, KwhPrice, Top, Today, Lang,
  kCount
};

enum class InputKind {
  Id,          // a catalog id
  OptionalId,  // a catalog id or "" (= every GPU, no tier, KV follows the weights)
  IdList,      // comma-separated catalog ids (CLI: the flag may repeat)
  Words,       // comma-separated words of a fixed set (LoRA targets)
  Enum,        // one name of an enum (EnumNames)
  Integer,     // a whole number; "7B", "1.5k" accepted
  Tokens,      // a whole number of tokens; "8k" = 8192
  Number,      // a real number; "3k" = 3000
  Fraction,    // 0.2 or "20%"
  Flag,        // present or "1" = true, "0" = false
  File,        // a path (CLI only: a config.json to read)
  Params,      // a parameter count for a custom model ("7B")
  Shapes,      // a custom model's shapes, compactly (io/url_state.hpp encode_shapes): a config.json in a link
  Zero,        // "auto" or a ZeRO stage 0-3
  Date,        // YYYY-MM-DD or YYYY-MM (today's date: judges how old the prices are)
  Offload,     // "none", "auto" or a whole number of layers on the GPU
};

enum class InputScope { Scenario, Plan };

struct InputSpec {
  Input id;
  const char* key;       // "lora-rank": link key, CLI flag --lora-rank, JS property
  const char* field;     // "lora_rank": the field errors name (as core validation does)
  InputKind kind;
  double min;            // bounds of numeric kinds, inclusive unless min_open
  double max;
  bool min_open;         // true: value must be > min (0 is the struct's "unset", never an input)
  const char* metavar;   // "N", "ID" in --help
  MsgId help;            // help text; "{fallback}" (the default) and "{choices}" are filled by the printer
  InputScope scope;      // Plan: only for `plan` (budget, billing, targets)
  bool cli_only;         // not in links or the JS API (a file path)
};

const std::array<InputSpec, static_cast<std::size_t>(Input::kCount)>& input_specs();
const InputSpec& input_spec(Input input);
const InputSpec* find_input(std::string_view key);  // by key; nullptr when unknown

// The one range check: nullopt when `value` lies within the input's bounds, else an Issue
// naming its field: "context: must be between 1 and 100,000,000, got 0".
std::optional<Issue> check_input(Input input, double value);

}  // namespace cardfit
