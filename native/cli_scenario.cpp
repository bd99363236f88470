// Scenario flags -> Scenario (shared by `estimate` and `plan`). Numbers go through
// core/numbers.hpp; custom models through core/hf_config.hpp; files are read here.
#include "cli_scenario.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>
#include <iterator>
#include <optional>
#include <type_traits>

#include "hf_config.hpp"
#include "native_files.hpp"
#include "numbers.hpp"

namespace cardfit::cli {
namespace {

struct FlagSpec {
  const char* name;         // "--context"
  const char* type;         // shown in --help: ID, N, FILE, F ...
  std::string ScenarioFlags::*member;
  const char* field;        // Issue::field, the Scenario field name
  const char* help;
};

const FlagSpec kFlags[] = {
    {"--model", "ID", &ScenarioFlags::model, "model", "Model id from the catalog (default qwen2.5-7b)"},
    {"--params", "N", &ScenarioFlags::params, "params", "Custom model by parameter count: 7e9, 7B, 70b (assumed Llama-like shapes)"},
    {"--config", "FILE", &ScenarioFlags::config, "config", "Custom model from a Hugging Face config.json FILE"},
    {"--precision", "ID", &ScenarioFlags::precision, "precision", "Weight precision id: fp32 bf16 fp16 fp8 int8 int4 nf4 q8_0 ... (default bf16; qlora: nf4)"},
    {"--task", "TASK", &ScenarioFlags::task, "task", "inference | lora | qlora | full | pretrain (default inference)"},
    {"--kv-precision", "ID", &ScenarioFlags::kv_precision, "kv_precision", "KV-cache precision id: fp16 bf16 fp8 int8 int4 (default: follows the weights)"},
    {"--context", "N", &ScenarioFlags::context, "context", "Tokens per sequence in the KV cache, prompt + output (training: sequence length); 8k = 8192 (default 4096)"},
    {"--prompt", "N", &ScenarioFlags::prompt, "prompt", "Prompt tokens for prefill and time to first token (default min(1024, context))"},
    {"--concurrency", "N", &ScenarioFlags::concurrency, "concurrency", "Sequences decoded at once (default 1)"},
    {"--batch", "N", &ScenarioFlags::batch, "batch", "Training micro-batch per data-parallel card (default 1)"},
    {"--lora-rank", "N", &ScenarioFlags::lora_rank, "lora_rank", "LoRA/QLoRA rank r (default 16)"},
    {"--lora-targets", "LIST", &ScenarioFlags::lora_targets, "lora_targets", "Comma-separated: q,k,v,o,gate,up,down or all-linear, attention, mlp (default all seven)"},
    {"--optimizer", "NAME", &ScenarioFlags::optimizer, "optimizer", "adamw | adamw-8bit | sgd (default adamw)"},
    {"--zero", "STAGE", &ScenarioFlags::zero, "zero_stage", "ZeRO stage 0 | 1 | 2 | 3 (default: the lowest that fits)"},
    {"--checkpointing", "NAME", &ScenarioFlags::checkpointing, "checkpointing", "Activation recomputation: none | selective | full (default none)"},
    {"--tokens", "N", &ScenarioFlags::tokens, "tokens", "Training tokens for the time estimate: 1e9, 2B, 500M"},
    {"--tp", "N", &ScenarioFlags::tp, "tensor_parallel", "Training tensor-parallel degree (default 1)"},
    {"--engine", "ID", &ScenarioFlags::engine, "engine", "Inference engine id: vllm sglang tensorrt-llm lmdeploy transformers llama.cpp ollama (default vllm)"},
    {"--gpu", "ID", &ScenarioFlags::gpu, "gpu", "Only this GPU id (default: every GPU in the catalog)"},
    {"--cards", "N", &ScenarioFlags::cards, "cards", "Cards per GPU type (default 0: the smallest count that fits)"},
    {"--headroom", "F", &ScenarioFlags::headroom, "headroom", "Memory kept free for 'comfortable': 0.2 or 20% (default from the catalog, 20%)"},
    {"--mfu", "F", &ScenarioFlags::mfu, "mfu", "Training model-FLOPs utilisation: 0.4 or 40% (default per GPU class)"},
    {"--lang", "zh|en", &ScenarioFlags::lang, "lang", "Language of the report and explanations: en | zh (default en)"},
};

// "20%" -> 0.2, "0.2" -> 0.2.
Result<double> parse_fraction(const std::string& text, const char* field) {
  std::string t = text;
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.pop_back();
  const bool percent = !t.empty() && t.back() == '%';
  if (percent) t.pop_back();
  Result<double> r = parse_number(t, field);
  if (r.ok() && percent) *r.value /= 100;
  if (!r.ok()) r.errors[0].message = std::string(field) + ": '" + text + "' is not a number; use e.g. 0.2 or 20%";
  return r;
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',' || c == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::optional<std::string> read_text(const std::string& path) {
  try {
    return native::read_file(path);
  } catch (const std::exception&) {  // libstdc++ throws when the path is a directory
    return std::nullopt;
  }
}

}  // namespace

void add_scenario_flags(CLI::App* app, ScenarioFlags& flags) {
  flags.options.clear();
  for (const FlagSpec& f : kFlags) {
    CLI::Option* o = app->add_option(f.name, flags.*(f.member), f.help);
    o->type_name(f.type);
    o->expected(0, 1);  // a missing value is our error to report, not CLI11's exception
    flags.options.push_back(o);
  }
}

void add_catalog_flag(CLI::App* app, CommonOptions& common) {
  app->add_option("--catalog", common.catalog_files, "Overlay FILE on the bundled catalog (repeatable)")
      ->type_name("FILE")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

Result<Scenario> make_scenario(const ScenarioFlags& f, const Catalog& catalog) {
  Scenario s;
  std::vector<Issue> errors;
  auto fail = [&](const std::string& field, const std::string& message) { errors.push_back({field, message}); };

  // Flags given without a value.
  for (std::size_t i = 0; i < f.options.size() && i < std::size(kFlags); ++i) {
    if (f.options[i]->count() > 0 && (f.*(kFlags[i].member)).empty()) {
      fail(kFlags[i].field, std::string(kFlags[i].field) + ": " + kFlags[i].name + " needs a value");
    }
  }

  auto integer = [&](const std::string& text, const char* field, std::int64_t lo, std::int64_t hi, NumberStyle style,
                     auto& target) {
    if (text.empty()) return;
    Result<std::int64_t> r = parse_integer(text, field, lo, hi, style);
    if (!r.ok()) {
      errors.insert(errors.end(), r.errors.begin(), r.errors.end());
    } else {
      target = static_cast<std::remove_reference_t<decltype(target)>>(*r.value);
    }
  };

  // Task first: it sets the default precision.
  if (!f.task.empty()) {
    if (std::optional<Task> t = task_from_string(f.task)) {
      s.task = *t;
    } else {
      fail("task", "task: unknown task '" + f.task + "'; use inference, lora, qlora, full or pretrain");
    }
  }

  // The model: one of --model, --params, --config.
  const int sources = !f.model.empty() + !f.params.empty() + !f.config.empty();
  if (sources > 1) fail("model", "model: give only one of --model, --params and --config");
  if (!f.model.empty()) s.model = f.model;
  if (!f.params.empty() && sources == 1) {
    Result<double> n = parse_number(f.params, "params");
    if (!n.ok()) {
      errors.insert(errors.end(), n.errors.begin(), n.errors.end());
    } else {
      Result<Model> m = model_from_param_count(*n.value, "custom");
      if (!m.ok()) {
        for (const Issue& i : m.errors) fail("params", "params: " + i.message);
      } else {
        s.custom_model = *m.value;
      }
    }
  }
  if (!f.config.empty() && sources == 1) {
    std::optional<std::string> text = read_text(f.config);
    if (!text) {
      fail("config", "config: cannot read '" + f.config + "' (missing, a directory, or no permission)");
    } else {
      Result<Model> m = import_hf_config(*text, "custom");
      if (!m.ok()) {
        for (const Issue& i : m.errors) fail("config", "config: " + (i.field.empty() ? "" : i.field + ": ") + i.message);
      } else {
        s.custom_model = *m.value;
      }
    }
  }

  if (!f.precision.empty()) {
    s.precision = f.precision;
  } else if (s.task == Task::Qlora) {
    s.precision = "nf4";
  }
  s.kv_precision = f.kv_precision;
  if (!f.engine.empty()) s.engine = f.engine;
  s.gpu = f.gpu;

  const bool context_given = !f.context.empty();
  const bool prompt_given = !f.prompt.empty();
  integer(f.context, "context", 1, 10'000'000, NumberStyle::Tokens, s.context);
  integer(f.prompt, "prompt", 1, 10'000'000, NumberStyle::Tokens, s.prompt);
  if (!prompt_given) s.prompt = std::min(s.prompt, s.context);
  if (prompt_given && !context_given && s.prompt > s.context) s.context = s.prompt;
  integer(f.concurrency, "concurrency", 1, 1'000'000, NumberStyle::Decimal, s.concurrency);
  integer(f.batch, "batch", 1, 1'000'000, NumberStyle::Decimal, s.batch);
  integer(f.lora_rank, "lora_rank", 1, 1'000'000, NumberStyle::Decimal, s.lora_rank);
  integer(f.zero, "zero_stage", 0, 3, NumberStyle::Decimal, s.zero_stage);
  integer(f.tp, "tensor_parallel", 1, 64, NumberStyle::Decimal, s.tensor_parallel);
  integer(f.cards, "cards", 0, 65536, NumberStyle::Decimal, s.cards);
  if (!f.lora_targets.empty()) s.lora_targets = split_list(f.lora_targets);

  if (!f.tokens.empty()) {
    Result<double> r = parse_number(f.tokens, "tokens");
    if (!r.ok()) {
      errors.insert(errors.end(), r.errors.begin(), r.errors.end());
    } else if (*r.value < 0) {
      fail("tokens", "tokens: must be >= 0, got " + f.tokens);
    } else {
      s.tokens = *r.value;
    }
  }
  if (!f.headroom.empty()) {
    Result<double> r = parse_fraction(f.headroom, "headroom");
    if (!r.ok()) {
      errors.insert(errors.end(), r.errors.begin(), r.errors.end());
    } else if (*r.value < 0 || *r.value > 4) {
      fail("headroom", "headroom: must be between 0 and 4 (0-400%), got " + f.headroom);
    } else {
      s.headroom = *r.value;
    }
  }
  if (!f.mfu.empty()) {
    Result<double> r = parse_fraction(f.mfu, "mfu");
    if (!r.ok()) {
      errors.insert(errors.end(), r.errors.begin(), r.errors.end());
    } else if (!(*r.value > 0 && *r.value <= 1)) {
      fail("mfu", "mfu: must be above 0 and at most 1 (100%), got " + f.mfu);
    } else {
      s.mfu = *r.value;
    }
  }
  if (!f.optimizer.empty()) {
    if (std::optional<Optimizer> o = optimizer_from_string(f.optimizer)) {
      s.optimizer = *o;
    } else {
      fail("optimizer", "optimizer: unknown optimizer '" + f.optimizer + "'; use adamw, adamw-8bit or sgd");
    }
  }
  if (!f.checkpointing.empty()) {
    if (std::optional<Checkpointing> c = checkpointing_from_string(f.checkpointing)) {
      s.checkpointing = *c;
    } else {
      fail("checkpointing", "checkpointing: unknown value '" + f.checkpointing + "'; use none, selective or full");
    }
  }
  if (!f.lang.empty()) {
    if (std::optional<Lang> l = lang_from_string(f.lang)) {
      s.lang = *l;
    } else {
      fail("lang", "lang: unknown language '" + f.lang + "'; use en or zh");
    }
  }
  (void)catalog;  // ids are checked by the core's resolve() with the same field names
  if (!errors.empty()) return Result<Scenario>::failure(std::move(errors));
  return Result<Scenario>::success(std::move(s));
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
