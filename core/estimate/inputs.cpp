// The input table (see inputs.hpp). One row per input; the order is the --help order.
#include "inputs.hpp"

#include <cmath>

#include "assert.hpp"
#include "catalog_fields.hpp"
#include "format.hpp"

namespace cardfit {
namespace {

using K = InputKind;
using S = InputScope;
constexpr double kNone = 0;
// The catalog's plausibility floor for efficiencies (an MFU of 1e-300 would give a job of 1e302
// CNY, not an error); host memory is never slower than 1 GB/s.
constexpr double kFloor = fields::kPositiveFraction.lo;

// Context and prompt go to the bound of the catalog's max_context (catalog_fields.hpp kMaxTokens:
// Llama 4 Scout publishes 10,485,760); the USD-CNY rate has the catalog's bounds (kUsdCny).
constexpr double kMaxTokens = fields::kMaxTokens;
constexpr double kRateLo = fields::kUsdCny.lo;
constexpr double kRateHi = fields::kUsdCny.hi;
// clang-format off
constexpr std::array<InputSpec, static_cast<std::size_t>(Input::kCount)> kInputs{{
  {Input::Model,         "model",            "model",            K::Id,         kNone, kNone, false, "ID",      MsgId::input_model_help,            S::Scenario, false},
  {Input::Params,        "params",           "params",           K::Params,     1e7,   1e13,  false, "N",       MsgId::input_params_help,           S::Scenario, false},
  {Input::Config,        "config",           "config",           K::File,       kNone, kNone, false, "FILE",    MsgId::input_config_help,           S::Scenario, true},
  {Input::Arch,          "arch",             "arch",             K::Shapes,     kNone, kNone, false, "SHAPES",  MsgId::input_arch_help,             S::Scenario, false},
  {Input::Precision,     "precision",        "precision",        K::Id,         kNone, kNone, false, "ID",      MsgId::input_precision_help,        S::Scenario, false},
  {Input::KvPrecision,   "kv-precision",     "kv_precision",     K::OptionalId, kNone, kNone, false, "ID",      MsgId::input_kv_precision_help,     S::Scenario, false},
  {Input::Task,          "task",             "task",             K::Enum,       kNone, kNone, false, "TASK",    MsgId::input_task_help,             S::Scenario, false},
  {Input::Context,       "context",          "context",          K::Tokens,     1, kMaxTokens, false, "N",       MsgId::input_context_help,          S::Scenario, false},
  {Input::Prompt,        "prompt",           "prompt",           K::Tokens,     1, kMaxTokens, false, "N",       MsgId::input_prompt_help,           S::Scenario, false},
  {Input::Concurrency,   "concurrency",      "concurrency",      K::Integer,    1,     1e6,   false, "N",       MsgId::input_concurrency_help,      S::Scenario, false},
  {Input::Batch,         "batch",            "batch",            K::Integer,    1,     1e6,   false, "N",       MsgId::input_batch_help,            S::Scenario, false},
  {Input::LoraRank,      "lora-rank",        "lora_rank",        K::Integer,    1,     4096,  false, "N",       MsgId::input_lora_rank_help,        S::Scenario, false},
  {Input::LoraTargets,   "lora-targets",     "lora_targets",     K::Words,      kNone, kNone, false, "LIST",    MsgId::input_lora_targets_help,     S::Scenario, false},
  {Input::Tp,            "tp",               "tensor_parallel",  K::Integer,    0,     64,    false, "N",       MsgId::input_tp_help,               S::Scenario, false},
  {Input::Optimizer,     "optimizer",        "optimizer",        K::Enum,       kNone, kNone, false, "NAME",    MsgId::input_optimizer_help,        S::Scenario, false},
  {Input::Zero,          "zero",             "zero_stage",       K::Zero,       0,     3,     false, "STAGE",   MsgId::input_zero_help,             S::Scenario, false},
  {Input::Checkpointing, "checkpointing",    "checkpointing",    K::Enum,       kNone, kNone, false, "NAME",    MsgId::input_checkpointing_help,    S::Scenario, false},
  {Input::Tokens,        "tokens",           "tokens",           K::Integer,    0,     1e16,  false, "N",       MsgId::input_tokens_help,           S::Scenario, false},
  {Input::Engine,        "engine",           "engine",           K::Id,         kNone, kNone, false, "ID",      MsgId::input_engine_help,           S::Scenario, false},
  {Input::Gpu,           "gpu",              "gpu",              K::OptionalId, kNone, kNone, false, "ID",      MsgId::input_gpu_help,              S::Scenario, false},
  {Input::Cards,         "cards",            "cards",            K::Integer,    0,     1e5,   false, "N",       MsgId::input_cards_help,            S::Scenario, false},
  {Input::Offload,       "offload",          "offload",          K::Offload,    0,     1e5,   false, "none|auto|N", MsgId::input_offload_help,   S::Scenario, false},
  {Input::HostBandwidth, "host-bandwidth",   "host_bandwidth",   K::Number,     1,     1e5,   false, "GBPS",    MsgId::input_host_bandwidth_help,   S::Scenario, false},
  {Input::NCpuMoe,       "n-cpu-moe",        "n_cpu_moe",        K::Integer,    0,     1e5,   false, "N",       MsgId::input_n_cpu_moe_help,        S::Scenario, false},
  {Input::GpuMemoryUtilization, "gpu-memory-utilization", "gpu_memory_utilization", K::Fraction, kFloor, 1, false, "F", MsgId::input_gpu_memory_utilization_help, S::Scenario, false},
  {Input::MaxNumBatchedTokens, "max-num-batched-tokens", "max_num_batched_tokens", K::Tokens, 1, 1e7, false, "N", MsgId::input_max_num_batched_tokens_help, S::Scenario, false},
  {Input::MaxNumSeqs,    "max-num-seqs",     "max_num_seqs",     K::Integer,    1,     1e6,   false, "N",       MsgId::input_max_num_seqs_help,     S::Scenario, false},
  {Input::Ep,            "ep",               "expert_parallel",  K::Integer,    0,     1024,  false, "N",       MsgId::input_ep_help,               S::Scenario, false},
  {Input::OptimizerOffload, "optimizer-offload", "optimizer_offload", K::Flag,  kNone, kNone, false, "",        MsgId::input_optimizer_offload_help, S::Scenario, false},
  {Input::OutputTokens,  "output-tokens",    "output_tokens",    K::Tokens,     0, kMaxTokens, false, "N",       MsgId::input_output_tokens_help,    S::Scenario, false},
  {Input::MaxTpotMs,     "max-tpot-ms",      "max_tpot_ms",      K::Number,     0,     1e9,   false, "X",       MsgId::input_max_tpot_ms_help,      S::Scenario, false},
  {Input::Headroom,      "headroom",         "headroom",         K::Fraction,   0,     4,     false, "F",       MsgId::input_headroom_help,         S::Scenario, false},
  {Input::Mfu,           "mfu",              "mfu",              K::Fraction,   kFloor, 1,    false, "F",       MsgId::input_mfu_help,              S::Scenario, false},
  {Input::BudgetTier,    "budget-tier",      "budget_tier",      K::OptionalId, kNone, kNone, false, "ID",      MsgId::input_budget_tier_help,      S::Plan,     false},
  {Input::Budget,        "budget",           "budget",           K::Number,     0,     1e9,   true,  "AMOUNT",  MsgId::input_budget_help,           S::Plan,     false},
  {Input::Currency,      "currency",         "currency",         K::Enum,       kNone, kNone, false, "CNY|USD", MsgId::input_currency_help,         S::Plan,     false},
  {Input::UsdCny,        "usd-cny",          "usd_cny",          K::Number,   kRateLo, kRateHi, false, "RATE",    MsgId::input_usd_cny_help,          S::Plan,     false},
  {Input::HoursPerDay,   "hours-per-day",    "hours_per_day",    K::Number,     0,     24,    true,  "H",       MsgId::input_hours_per_day_help,    S::Plan,     false},
  {Input::Term,          "term",             "term",             K::Enum,       kNone, kNone, false, "TERM",    MsgId::input_term_help,             S::Plan,     false},
  {Input::Platform,      "platform",         "platforms",        K::IdList,     kNone, kNone, false, "ID",      MsgId::input_platform_help,         S::Plan,     false},
  {Input::PlatformFirst, "platform-first",   "platforms_first",  K::IdList,     kNone, kNone, false, "ID",      MsgId::input_platform_first_help,   S::Plan,     false},
  {Input::Student,       "student",          "student",          K::Flag,       kNone, kNone, false, "",        MsgId::input_student_help,          S::Plan,     false},
  {Input::AllowSpot,     "allow-spot",       "allow_spot",       K::Flag,       kNone, kNone, false, "",        MsgId::input_allow_spot_help,       S::Plan,     false},
  {Input::MinTokensPerS, "min-tokens-per-s", "min_tokens_per_s", K::Number,     0,     1e9,   false, "X",       MsgId::input_min_tokens_per_s_help, S::Plan,     false},
  {Input::MaxTtftMs,     "max-ttft-ms",      "max_ttft_ms",      K::Number,     0,     1e9,   false, "X",       MsgId::input_max_ttft_ms_help,      S::Plan,     false},
  {Input::RequestsPerS,  "requests-per-s",   "requests_per_s",   K::Number,     0,     1e9,   false, "R",       MsgId::input_requests_per_s_help,   S::Plan,     false},
  {Input::CompareApi,    "compare-api",      "compare_api",      K::Flag,       kNone, kNone, false, "",        MsgId::input_compare_api_help,      S::Plan,     false},
  {Input::ApiInputRatio, "api-input-ratio",  "api_input_ratio",  K::Number,     0,     1e4,   false, "R",       MsgId::input_api_input_ratio_help,  S::Plan,     false},
  {Input::ApiCacheHit,   "api-cache-hit",    "api_cache_hit",    K::Fraction,   0,     1,     false, "F",       MsgId::input_api_cache_hit_help,    S::Plan,     false},
  {Input::BuyMonths,     "buy-months",       "buy_months",       K::Integer,    1,     240,   false, "N",       MsgId::input_buy_months_help,       S::Plan,     false},
  {Input::KwhPrice,      "kwh-price",        "kwh_price",        K::Number,     0,     100,   false, "X",       MsgId::input_kwh_price_help,        S::Plan,     false},
  {Input::Top,           "top",              "top",              K::Integer,    1,     1000,  false, "N",       MsgId::input_top_help,              S::Plan,     false},
  {Input::Today,         "today",            "today",            K::Date,       kNone, kNone, false, "DATE",    MsgId::input_today_help,            S::Plan,     false},
  {Input::Lang,          "lang",             "lang",             K::Enum,       kNone, kNone, false, "zh|en",   MsgId::input_lang_help,             S::Scenario, false},
}};
// clang-format on

std::string bound_text(const InputSpec& s, double v) {
  if (s.kind == InputKind::Fraction) return format_trimmed(v * 100, 2) + "%";
  if (std::fabs(v) < 1e15 && v == std::floor(v)) return format_grouped(v);  // 10,000,000
  return format_shortest(v);                                               // 0.5, 1e+16, n/a
}

}  // namespace

const std::array<InputSpec, static_cast<std::size_t>(Input::kCount)>& input_specs() { return kInputs; }

const InputSpec& input_spec(Input input) {
  const auto i = static_cast<std::size_t>(input);
  CARDFIT_ASSERT(i < kInputs.size() && kInputs[i].id == input, "input table out of order");
  return kInputs[i];
}

const InputSpec* find_input(std::string_view key) {
  for (const InputSpec& s : kInputs) {
    if (key == s.key) return &s;
  }
  return nullptr;
}

std::optional<Issue> check_input(Input input, double value) {
  const InputSpec& s = input_spec(input);
  const bool low_ok = s.min_open ? value > s.min : value >= s.min;
  if (std::isfinite(value) && low_ok && value <= s.max) return std::nullopt;
  const std::string got = bound_text(s, value);
  const std::string max = bound_text(s, s.max);
  if (s.min_open) return Issue{s.field, msg::err_input_above(s.field, bound_text(s, s.min), max, got)};
  return Issue{s.field, msg::err_input_range(s.field, bound_text(s, s.min), max, got)};
}

}  // namespace cardfit
