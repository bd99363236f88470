// Validation of a scenario against the catalog, and the inputs every formula shares.
#include "resolve.hpp"

#include <algorithm>
#include <cmath>

#include "catalog_validate.hpp"
#include "format.hpp"
#include "inputs.hpp"
#include "weights.hpp"
#include "messages.hpp"

namespace cardfit {
namespace {

std::string num(std::int64_t v) { return format_grouped(static_cast<double>(v)); }

// The weights-vs-task rules: which stored formats each task can train or serve.
void check_precision_for_task(const Catalog& catalog, const Scenario& sc, Resolved& r, std::vector<Issue>& errors) {
  const WeightPrecision& p = *r.precision_ptr;
  r.compute = p.compute;
  const bool float16 = sc.precision == "bf16" || sc.precision == "fp16";
  switch (sc.task) {
    case Task::Inference: break;
    case Task::Lora:
      if (p.family != PrecisionFamily::Float || p.bits_per_weight < 16) {
        errors.push_back({"precision", msg::err_precision_lora(sc.precision)});
      }
      break;
    case Task::Qlora:
      if (p.family == PrecisionFamily::Nf4) {
        r.compute = ComputeType::Bf16;
      } else if (float16) {
        const WeightPrecision* nf4 = catalog.find_weight_precision("nf4");
        if (!nf4) {
          errors.push_back({"precision", msg::err_precision_qlora_no_nf4()});
        } else {
          r.compute = sc.precision == "fp16" ? ComputeType::Fp16 : ComputeType::Bf16;
          r.precision_ptr = nf4;
          r.warnings.push_back(msg::est_warn_qlora_nf4(sc.precision));
        }
      } else {
        errors.push_back({"precision", msg::err_precision_qlora(sc.precision)});
      }
      break;
    case Task::Full:
    case Task::Pretrain:
      if (p.compute == ComputeType::Fp8) {
        // FP8 matmuls with BF16 master weights (Transformer Engine): the memory of BF16 training.
        r.fp8_training = true;
        r.warnings.push_back(msg::est_warn_fp8_training(format_trimmed(catalog.defaults.fp8_training_speedup, 2)));
      } else if (p.family != PrecisionFamily::Float) {
        errors.push_back({"precision", msg::err_precision_full(sc.precision)});
      }
      break;
  }
  r.fp32_training = is_training(sc.task) && sc.task != Task::Qlora && r.precision_ptr->bits_per_weight >= 32;
  r.training_bytes_per_param = r.fp32_training ? 4 : 2;
}

// [SECTION] Range checks, driven by the input table (inputs.cpp)

// The number a scenario gives for a numeric input; nullopt when it is not given (an optional
// left empty, offload none or auto) or the input is not a number of the scenario.
std::optional<double> given_number(const Scenario& sc, Input input) {
  auto value = [](auto v) { return std::optional<double>(static_cast<double>(v)); };
  auto maybe = [](const auto& v) { return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt; };
  switch (input) {
    case Input::Context: return value(sc.context);
    case Input::Prompt: return value(sc.prompt);
    case Input::Concurrency: return value(sc.concurrency);
    case Input::Batch: return value(sc.batch);
    case Input::LoraRank: return value(sc.lora_rank);
    case Input::Tp: return value(sc.tensor_parallel);  // 0: automatic
    case Input::Zero: return maybe(sc.zero_stage);
    case Input::Tokens: return value(sc.tokens);
    case Input::Cards: return value(sc.cards);
    case Input::Offload:
      return sc.offload.mode == Offload::Mode::Layers ? value(sc.offload.layers) : std::nullopt;
    case Input::HostBandwidth: return maybe(sc.host_bandwidth);
    case Input::NCpuMoe: return maybe(sc.n_cpu_moe);
    case Input::GpuMemoryUtilization: return maybe(sc.gpu_memory_utilization);
    case Input::MaxNumBatchedTokens: return maybe(sc.max_num_batched_tokens);
    case Input::MaxNumSeqs: return maybe(sc.max_num_seqs);
    case Input::Ep: return value(sc.expert_parallel);  // 0: none
    case Input::OutputTokens: return value(sc.output_tokens);
    case Input::MaxTpotMs: return value(sc.max_tpot_ms);
    case Input::Headroom: return maybe(sc.headroom);
    case Input::Mfu: return maybe(sc.mfu);
    default: return std::nullopt;
  }
}

// Whether an input counts for this scenario: the prompt for inference, the LoRA rank for
// LoRA/QLoRA, the engine flags for inference with a known engine.
bool applies(const Scenario& sc, const Resolved& r, Input input) {
  switch (input) {
    case Input::Prompt: return sc.task == Task::Inference;
    case Input::LoraRank: return is_lora(sc.task);
    case Input::GpuMemoryUtilization:
    case Input::MaxNumBatchedTokens:
    case Input::MaxNumSeqs:
    case Input::NCpuMoe: return sc.task == Task::Inference && r.engine_ptr != nullptr;
    default: return true;
  }
}

// Every scenario input of the table that applies and is given, against its bounds; returns the
// inputs out of range (their other rules are skipped).
std::vector<Input> check_ranges(const Scenario& sc, const Resolved& r, std::vector<Issue>& errors) {
  std::vector<Input> out;
  for (const InputSpec& spec : input_specs()) {
    if (spec.scope != InputScope::Scenario || !applies(sc, r, spec.id)) continue;
    const std::optional<double> v = given_number(sc, spec.id);
    if (!v) continue;
    if (std::optional<Issue> e = check_input(spec.id, *v)) {
      errors.push_back(std::move(*e));
      out.push_back(spec.id);
    }
  }
  return out;
}

bool in_range(const std::vector<Input>& out_of_range, Input input) {
  return std::find(out_of_range.begin(), out_of_range.end(), input) == out_of_range.end();
}

// [SECTION] The steps of resolve(): catalog entries, ranges, rules, GPUs, derived figures

// The model: a catalog entry or the custom one, checked as the catalog checks its entries.
void resolve_model(const Catalog& catalog, const Scenario& sc, Resolved& r, std::vector<Issue>& errors) {
  if (sc.custom_model) {
    r.model_ptr = &*sc.custom_model;
  } else {
    r.model_ptr = catalog.find_model(sc.model);
    if (!r.model_ptr) errors.push_back(unknown_entry("model", MsgId::cat_noun_model, sc.model, catalog.models));
  }
  if (r.model_ptr) {
    std::vector<Issue> model_errors = validate_model(*r.model_ptr, "model", !sc.custom_model);
    errors.insert(errors.end(), model_errors.begin(), model_errors.end());
    if (model_errors.empty() && static_cast<double>(count_params(*r.model_ptr).total) > 1e15) {
      errors.push_back({"model", msg::err_model_too_big()});
    }
    if (r.model_ptr->assumed_architecture) r.warnings.push_back(msg::est_warn_assumed_shapes());
  }
}

// The weights' and the KV cache's precisions, and whether the task makes sense with them.
void resolve_precisions(const Catalog& catalog, const Scenario& sc, Resolved& r, std::vector<Issue>& errors) {
  // Precision, and whether the task makes sense with it.
  // "" = as released (default_precision); estimate() passes it made concrete (as_run).
  const std::string precision = sc.precision.empty() ? default_precision(catalog, sc) : sc.precision;
  r.precision_ptr = catalog.find_weight_precision(precision);
  if (!r.precision_ptr) {
    errors.push_back(unknown_entry("precision", MsgId::cat_noun_weight_precision, precision,
                                   catalog.weight_precisions));
  } else {
    check_precision_for_task(catalog, sc, r, errors);
  }

  // KV-cache precision. DeepSeek-V4's cache has one layout in vLLM, whatever --kv-cache-dtype says
  // (deepseek_v4_attention.py: fp8_ds_mla; memory.cpp sizes it).
  if (r.model_ptr && !fixed_kv_layout(*r.model_ptr).empty()) {
    r.kv_id = fixed_kv_layout(*r.model_ptr);
    r.kv_bits = 8;  // memory.cpp deepseek_v4_cache sizes the layout; the bits are its FP8 values
    if (!sc.kv_precision.empty()) r.warnings.push_back(msg::est_warn_kv_layout_fixed(r.model_ptr->name, sc.kv_precision));
  } else if (sc.kv_precision.empty()) {
    const bool fp32 = r.precision_ptr && r.precision_ptr->bits_per_weight >= 32;
    r.kv_id = fp32 ? "auto-32" : "auto-16";
    r.kv_bits = fp32 ? 32 : 16;
  } else if (const KvPrecision* kv = catalog.find_kv_precision(sc.kv_precision)) {
    r.kv_id = kv->id;
    r.kv_bits = kv->bits;
    r.kv_requires = kv->requires_capability;
    if (is_training(sc.task)) r.warnings.push_back(msg::est_warn_kv_training());
  } else {
    errors.push_back(unknown_entry("kv_precision", MsgId::cat_noun_kv_precision, sc.kv_precision,
                                   catalog.kv_precisions));
  }

  // Linear-attention state: kept in the activations' dtype (FP32 for FP32 weights), whatever the KV type.
  r.state_bits = r.precision_ptr && r.precision_ptr->bits_per_weight >= 32 ? 32 : 16;
}

// The engine, and a warning when the weights are not a format it serves.
void resolve_engine(const Catalog& catalog, const Scenario& sc, Resolved& r, std::vector<Issue>& errors) {
  const std::string engine = engine_id(catalog, sc);
  r.engine_ptr = catalog.find_engine(engine);
  if (!r.engine_ptr) {
    errors.push_back(unknown_entry("engine", MsgId::cat_noun_engine, engine, catalog.engines));
  } else if (sc.task == Task::Inference && r.precision_ptr && !r.precision_ptr->engines.empty() &&
             std::find(r.precision_ptr->engines.begin(), r.precision_ptr->engines.end(), r.engine_ptr->id) ==
                 r.precision_ptr->engines.end()) {
    r.warnings.push_back(msg::est_warn_engine_precision(r.engine_ptr->name, r.precision_ptr->name));
  }
}

// The rules of the engine settings: offload, engine flags, expert parallelism, optimizer offload.
// `out_of_range`: inputs already refused by their range (their rules are skipped).
void check_engine_rules(const Scenario& sc, const std::vector<Input>& out_of_range, Resolved& r, std::vector<Issue>& errors) {
  // Partial offload: layer-split engines only, inference only.
  if (sc.offload.any()) {
    if (sc.task != Task::Inference) {
      errors.push_back({"offload", msg::err_offload_training()});
    } else if (r.engine_ptr && r.engine_ptr->multi_gpu != MultiGpu::Layer) {
      errors.push_back({"offload", msg::err_offload_engine(r.engine_ptr->name)});
    }
  }

  // Engine flags: each where the engine has the setting.
  if (r.engine_ptr && sc.task == Task::Inference) {
    const EngineProfile& e = *r.engine_ptr;
    const bool batching = e.kv_pool == KvPool::Budget || e.kv_pool == KvPool::Reserve;  // vLLM, SGLang
    const bool pool = batching || e.kv_pool == KvPool::Free;
    auto flag = [&](Input in, bool given, bool has, const char* engines) {
      const InputSpec& spec = input_spec(in);
      if (given && in_range(out_of_range, in) && !has) {
        errors.push_back({spec.field, msg::err_engine_flag(spec.field, e.name, spec.key, engines)});
      }
    };
    flag(Input::GpuMemoryUtilization, sc.gpu_memory_utilization.has_value(), pool, "vLLM, SGLang, TensorRT-LLM, LMDeploy");
    flag(Input::MaxNumBatchedTokens, sc.max_num_batched_tokens.has_value(), batching, "vLLM, SGLang");
    flag(Input::MaxNumSeqs, sc.max_num_seqs.has_value(), batching, "vLLM, SGLang");
    flag(Input::NCpuMoe, sc.n_cpu_moe.has_value(), e.expert_offload, "llama.cpp");
    if (sc.n_cpu_moe && in_range(out_of_range, Input::NCpuMoe) && e.expert_offload && r.model_ptr) {
      const Model& m = *r.model_ptr;
      if (!m.is_moe) {
        errors.push_back({"n_cpu_moe", msg::err_n_cpu_moe_dense(m.name)});
      } else if (*sc.n_cpu_moe > m.num_layers) {
        errors.push_back({"n_cpu_moe", msg::err_n_cpu_moe_layers(m.name, num(m.num_layers), num(*sc.n_cpu_moe))});
      }
    }
  }
  if (sc.expert_parallel > 1 && in_range(out_of_range, Input::Ep) && r.model_ptr) {
    const Model& m = *r.model_ptr;
    if (!m.is_moe) {
      errors.push_back({"expert_parallel", msg::err_ep_dense(m.name)});
    } else if (m.moe.num_experts % sc.expert_parallel != 0) {
      errors.push_back({"expert_parallel", msg::err_ep_experts(num(m.moe.num_experts), m.name,
                                                               num(sc.expert_parallel))});
    }
  }
  if (sc.optimizer_offload && sc.task == Task::Inference) {
    errors.push_back({"optimizer_offload", msg::err_optimizer_offload_inference()});
  }
}

// Sizes, layouts and LoRA: the rules that involve the model.
void check_size_rules(const Scenario& sc, const std::vector<Input>& out_of_range, Resolved& r, std::vector<Issue>& errors) {
  if (sc.context >= 1 && r.model_ptr && r.model_ptr->max_context > 0 && sc.context > r.model_ptr->max_context) {
    r.warnings.push_back(msg::est_warn_context_over_max(num(sc.context), num(r.model_ptr->max_context)));
  }
  if (sc.task == Task::Inference && in_range(out_of_range, Input::Prompt) && sc.prompt > sc.context && sc.context >= 1) {
    errors.push_back({"prompt", msg::err_prompt_context(num(sc.prompt), num(sc.context))});
  }
  if (std::isfinite(sc.tokens) && sc.tokens != std::floor(sc.tokens)) {  // 1e-300 tokens would round the time to 0
    errors.push_back({"tokens", msg::err_number_not_whole("tokens", format_trimmed(sc.tokens, 3))});
  }
  if (sc.tokens > 0 && !is_training(sc.task)) r.warnings.push_back(msg::est_warn_tokens_inference());
  r.zero_stage = sc.zero_stage;
  r.checkpointing = sc.checkpointing != Checkpointing::Auto ? sc.checkpointing
                    : is_lora(sc.task)                     ? Checkpointing::Full
                                                           : Checkpointing::None;
  if (in_range(out_of_range, Input::Tp) && r.model_ptr && is_training(sc.task) && sc.tensor_parallel > 1 &&
      r.model_ptr->num_attention_heads % sc.tensor_parallel != 0) {
    errors.push_back({"tensor_parallel", msg::err_tp_heads(std::to_string(r.model_ptr->num_attention_heads))});
  }

  // LoRA.
  if (is_lora(sc.task)) {
    if (in_range(out_of_range, Input::LoraRank) && r.model_ptr && sc.lora_rank > r.model_ptr->hidden_size) {
      errors.push_back({"lora_rank", msg::err_lora_rank_hidden(std::to_string(sc.lora_rank), num(r.model_ptr->hidden_size))});
    }
    if (sc.lora_targets.empty()) errors.push_back({"lora_targets", msg::err_lora_targets_empty()});
    for (const std::string& t : sc.lora_targets) {
      if (!is_lora_target(t)) errors.push_back({"lora_targets", msg::err_lora_targets_unknown(t)});
    }
  }
}

// The GPUs asked for (one, or every GPU of the catalog), the card count and the headroom.
void resolve_gpus(const Catalog& catalog, const Scenario& sc, Resolved& r, std::vector<Issue>& errors) {
  if (!sc.gpu.empty()) {
    if (const Gpu* g = catalog.find_gpu(sc.gpu)) {
      r.gpus.push_back(g);
    } else {
      errors.push_back(unknown_entry("gpu", MsgId::cat_noun_gpu, sc.gpu, catalog.gpus));
    }
  } else {
    for (const Gpu& g : catalog.gpus) r.gpus.push_back(&g);
    if (catalog.gpus.empty()) errors.push_back({"gpu", msg::err_gpu_none()});
  }
  if (is_training(sc.task) && sc.cards > 0 && sc.tensor_parallel > 1 && sc.cards % sc.tensor_parallel != 0) {
    errors.push_back({"cards", msg::err_cards_tp(std::to_string(sc.tensor_parallel))});
  }
  r.headroom = sc.headroom.value_or(catalog.defaults.headroom);
  r.tight_headroom = std::min(catalog.defaults.tight_headroom, r.headroom);
}

// Figures every formula shares: parameter counts, weight bytes, adapter size.
void derive(const Scenario& sc, Resolved& r) {
  const Model& model = r.model();
  r.params = count_params(model);
  if (!model.release_parts.empty()) r.release = release_precision(r.precision(), model);
  double kept_tensor_bits = 16;  // llama.cpp's MXFP4 GGUFs keep attention and the head in Q8_0, not BF16
  for (const KeptTensorBits& k : r.engine().kept_tensor_bits) {
    if (k.precision == r.precision().id) kept_tensor_bits = k.bits;
  }
  const WeightBytes wb = weight_bytes(r.params, r.precision(), kept_tensor_bits);
  r.weight_bytes = wb.stored;
  r.decode_weight_bytes = wb.read_dense;
  r.decode_weight_bytes_quantized = wb.read_dense_quantized;
  r.expert_bytes = model.is_moe ? wb.expert : 0;
  if (sc.task == Task::Inference) {  // the engine's layout of the quantised weights at start-up (vLLM MXFP4)
    for (const WeightPadding& p : r.engine().weight_padding) {
      if (p.precision == r.precision().id) r.weight_padding = wb.stored_quantized * (std::max(1.0, p.factor) - 1);
    }
    r.weight_bytes += r.weight_padding;
  }
  if (is_lora(sc.task)) r.adapter_params = lora_adapter_params(model, sc.lora_rank, sc.lora_targets);
}

}  // namespace

Result<Resolved> resolve(const Catalog& catalog, const Scenario& sc) {
  Resolved r;
  r.catalog_ptr = &catalog;
  r.scenario_ptr = &sc;
  r.task = sc.task;
  std::vector<Issue> errors;
  resolve_model(catalog, sc, r, errors);
  resolve_precisions(catalog, sc, r, errors);
  resolve_engine(catalog, sc, r, errors);
  // Each numeric input the scenario gives, against its row of the input table; then the rules.
  const std::vector<Input> out_of_range = check_ranges(sc, r, errors);
  check_engine_rules(sc, out_of_range, r, errors);
  check_size_rules(sc, out_of_range, r, errors);
  resolve_gpus(catalog, sc, r, errors);
  if (!errors.empty()) return Result<Resolved>::failure(std::move(errors));
  derive(sc, r);
  return Result<Resolved>::success(std::move(r));
}

}  // namespace cardfit
