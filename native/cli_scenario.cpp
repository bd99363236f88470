// Command-line flags -> PlanRequest via core/url_state.hpp. Files are read here.
#include "cli_scenario.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "hf_config.hpp"
#include "native_files.hpp"
#include "url_state.hpp"

namespace cardfit::cli {
namespace {

struct FlagSpec {
  const char* key;   // url_state key; the flag is "--" + key
  const char* type;  // shown in --help: ID, N, FILE, F ...
  const char* help;
  bool plan_only;
};

const FlagSpec kFlags[] = {
    {"model", "ID", "Model id from the catalog (default qwen2.5-7b)", false},
    {"params", "N", "Custom model by parameter count: 7e9, 7B, 70b (assumed Llama-like shapes)", false},
    {"config", "FILE", "Custom model from a Hugging Face config.json FILE", false},
    {"precision", "ID", "Weight precision id: fp32 bf16 fp16 fp8 int8 int4 nf4 q8_0 ... (default bf16; qlora: nf4)", false},
    {"task", "TASK", "inference | lora | qlora | full | pretrain (default inference)", false},
    {"kv-precision", "ID", "KV-cache precision id: fp16 bf16 fp8 int8 int4 (default: follows the weights)", false},
    {"context", "N", "Tokens per sequence in the KV cache, prompt + output (training: sequence length); 8k = 8192 (default 4096)", false},
    {"prompt", "N", "Prompt tokens for prefill and time to first token (default min(1024, context))", false},
    {"concurrency", "N", "Sequences decoded at once (default 1)", false},
    {"batch", "N", "Training micro-batch per data-parallel card (default 1)", false},
    {"lora-rank", "N", "LoRA/QLoRA rank r (default 16)", false},
    {"lora-targets", "LIST", "Comma-separated: q,k,v,o,gate,up,down or all-linear, attention, mlp (default all seven)", false},
    {"optimizer", "NAME", "adamw | adamw-8bit | sgd (default adamw)", false},
    {"zero", "STAGE", "ZeRO stage 0 | 1 | 2 | 3 | auto (default auto: the lowest that fits)", false},
    {"checkpointing", "NAME", "Activation recomputation: none | selective | full (default none)", false},
    {"tokens", "N", "Training tokens for the time estimate: 1e9, 2B, 500M", false},
    {"tp", "N", "Training tensor-parallel degree (default 1)", false},
    {"engine", "ID", "Inference engine id: vllm sglang tensorrt-llm lmdeploy transformers llama.cpp ollama (default vllm)", false},
    {"gpu", "ID", "Only this GPU id (default: every GPU in the catalog)", false},
    {"cards", "N", "Cards per GPU type (default 0: the smallest count that fits)", false},
    {"headroom", "F", "Memory kept free for 'comfortable': 0.2 or 20% (default from the catalog, 20%)", false},
    {"mfu", "F", "Training model-FLOPs utilisation: 0.4 or 40% (default per GPU class)", false},
    {"lang", "zh|en", "Language of the report and explanations: en | zh (default en)", false},
    {"budget-tier", "ID", "Budget tier id: lt-1000 1000-2000 2000-3000 3000-6000 6000-12000 ge-80000 (seed 002 §8.2)", true},
    {"budget", "AMOUNT", "Custom monthly budget in --currency (instead of a tier): 3000, 3k", true},
    {"currency", "CNY|USD", "CNY | USD (default CNY)", true},
    {"usd-cny", "RATE", "CNY per USD (default from the catalog)", true},
    {"hours-per-day", "H", "Hours of use per day: bills hourly terms, divides per-hour figures (default 24)", true},
    {"term", "TERM", "hourly | weekly | monthly | yearly | cheapest (default cheapest per offer)", true},
    {"min-tokens-per-s", "X", "Target decode tokens/s per sequence (inference)", true},
    {"max-ttft-ms", "X", "Target time to first token, ms (inference)", true},
    {"top", "N", "Options to list (default 10; the pick is always listed)", true},
};

bool given(const RequestFlags& f, const std::string& key) {
  const auto it = f.options.find(key);
  return it != f.options.end() && it->second->count() > 0;
}

}  // namespace

void add_request_flags(CLI::App* app, RequestFlags& flags, FlagSet set) {
  for (const FlagSpec& spec : kFlags) {
    if (spec.plan_only && set == FlagSet::Scenario) continue;
    // NOTE: std::map nodes never move, so binding to flags.values[key] is safe.
    CLI::Option* o = app->add_option(std::string("--") + spec.key, flags.values[spec.key], spec.help);
    o->type_name(spec.type);
    o->expected(0, 1);  // a missing value is our error to report, not CLI11's exception
    flags.options[spec.key] = o;
  }
  if (set == FlagSet::ScenarioAndPlan) {
    app->add_option("--platform", flags.platforms, "Only offers of this platform id (repeatable)")
        ->type_name("ID")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app->add_flag("--student", flags.student, "Apply student discounts where a platform offers them (e.g. 智星云 x0.65)");
    app->add_flag("--allow-spot", flags.allow_spot, "Also price hourly offers as spot/preemptible where offered");
  }
}

void add_catalog_flag(CLI::App* app, CommonOptions& common) {
  app->add_option("--catalog", common.catalog_files, "Overlay FILE on the bundled catalog (repeatable)")
      ->type_name("FILE")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

Result<PlanRequest> make_request(const RequestFlags& f) {
  std::vector<Issue> errors;
  KeyValues pairs;
  for (const auto& [key, value] : f.values) {
    if (!given(f, key)) continue;
    if (value.empty()) {
      std::string field = key;
      std::replace(field.begin(), field.end(), '-', '_');
      errors.push_back({field, field + ": --" + key + " needs a value"});
    } else if (key != "config") {
      pairs.emplace_back(key, value);
    }
  }
  if (given(f, "model") + given(f, "params") + given(f, "config") > 1) {
    errors.push_back({"model", "model: give only one of --model, --params and --config"});
  }
  if (!f.platforms.empty()) {
    std::string list;
    for (const std::string& p : f.platforms) list += (list.empty() ? "" : ",") + p;
    pairs.emplace_back("platform", list);
  }
  if (f.student) pairs.emplace_back("student", "1");
  if (f.allow_spot) pairs.emplace_back("allow-spot", "1");

  DecodedState decoded = request_from_pairs(pairs);
  errors.insert(errors.end(), decoded.issues.begin(), decoded.issues.end());
  const std::string& config = f.values.count("config") ? f.values.at("config") : std::string();
  if (given(f, "config") && !config.empty()) {
    const std::optional<std::string> text = native::read_file(config);
    if (!text) {
      errors.push_back({"config", "config: cannot read '" + config + "' (missing, a directory, or no permission)"});
    } else if (Result<Model> m = import_hf_config(*text, "custom"); !m.ok()) {
      for (const Issue& i : m.errors) {
        errors.push_back({"config", "config: " + (i.field.empty() ? "" : i.field + ": ") + i.message});
      }
    } else {
      decoded.request.scenario.custom_model = std::move(*m.value);
    }
  }
  if (!errors.empty()) return Result<PlanRequest>::failure(std::move(errors));
  return Result<PlanRequest>::success(std::move(decoded.request));
}

std::optional<Prepared> prepare(const RequestFlags& flags, const std::vector<std::string>& extras,
                                const CommonOptions& common, bool json, std::ostream& out) {
  if (std::vector<Issue> unknown = unknown_arguments(extras); !unknown.empty()) {
    print_errors(unknown, json, out);
    return std::nullopt;
  }
  std::optional<Catalog> catalog = load_catalog_or_report(common, json, out);
  if (!catalog) return std::nullopt;
  Result<PlanRequest> request = make_request(flags);
  if (!request.ok()) {
    print_errors(request.errors, json, out);
    return std::nullopt;
  }
  return Prepared{std::move(*catalog), std::move(*request.value)};
}

std::vector<Issue> unknown_arguments(const std::vector<std::string>& remaining) {
  std::vector<Issue> out;
  for (const std::string& a : remaining) {
    const bool option = a.rfind("-", 0) == 0;
    out.push_back({a, a + ": " + (option ? "unknown option (see --help)" : "unexpected argument (see --help)")});
  }
  return out;
}

void print_errors(const std::vector<Issue>& issues, bool json, std::ostream& out) {
  if (json) {
    nlohmann::json errors = nlohmann::json::array();
    for (const Issue& i : issues) errors.push_back({{"field", i.field}, {"message", i.message}});
    out << nlohmann::json{{"ok", false}, {"errors", errors}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
        << "\n";
    return;
  }
  for (const Issue& i : issues) out << "error: " << i.message << "\n";
}

}  // namespace cardfit::cli
