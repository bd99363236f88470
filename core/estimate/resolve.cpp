// Validation of a scenario against the catalog, and the inputs every formula shares.
#include "resolve.hpp"

#include <algorithm>
#include <cmath>

#include "catalog_validate.hpp"
#include "format.hpp"
#include "inputs.hpp"
#include "memory.hpp"
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

void add_range(std::vector<Issue>& errors, Input input, double value) {
  if (std::optional<Issue> e = check_input(input, value)) errors.push_back(std::move(*e));
}

}  // namespace

Result<Resolved> resolve(const Catalog& catalog, const Scenario& sc) {
  Resolved r;
  r.catalog_ptr = &catalog;
  r.scenario_ptr = &sc;
  r.task = sc.task;
  std::vector<Issue> errors;

  // Model.
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

  // Precision, and whether the task makes sense with it.
  r.precision_ptr = catalog.find_weight_precision(sc.precision);
  if (!r.precision_ptr) {
    errors.push_back(unknown_entry("precision", MsgId::cat_noun_weight_precision, sc.precision,
                                   catalog.weight_precisions));
  } else {
    check_precision_for_task(catalog, sc, r, errors);
  }

  // KV-cache precision.
  if (sc.kv_precision.empty()) {
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

  // Engine.
  r.engine_ptr = catalog.find_engine(sc.engine);
  if (!r.engine_ptr) {
    errors.push_back(unknown_entry("engine", MsgId::cat_noun_engine, sc.engine, catalog.engines));
  } else if (sc.task == Task::Inference && r.precision_ptr && !r.precision_ptr->engines.empty() &&
             std::find(r.precision_ptr->engines.begin(), r.precision_ptr->engines.end(), r.engine_ptr->id) ==
                 r.precision_ptr->engines.end()) {
    r.warnings.push_back(msg::est_warn_engine_precision(r.engine_ptr->name, r.precision_ptr->name));
  }

  // Partial offload: layer-split engines only, inference only.
  if (sc.offload != kOffloadNone) {
    if (sc.offload != kOffloadAuto) add_range(errors, Input::Offload, sc.offload);
    if (sc.task != Task::Inference) {
      errors.push_back({"offload", msg::err_offload_training()});
    } else if (r.engine_ptr && r.engine_ptr->multi_gpu != MultiGpu::Layer) {
      errors.push_back({"offload", msg::err_offload_engine(r.engine_ptr->name)});
    }
  }
  if (sc.host_bandwidth != 0) add_range(errors, Input::HostBandwidth, sc.host_bandwidth);
  add_range(errors, Input::OutputTokens, static_cast<double>(sc.output_tokens));
  add_range(errors, Input::MaxTpotMs, sc.max_tpot_ms);

  // Sizes: the input table's bounds, then the rules that involve the model.
  add_range(errors, Input::Context, static_cast<double>(sc.context));
  if (sc.context >= 1 && r.model_ptr && r.model_ptr->max_context > 0 && sc.context > r.model_ptr->max_context) {
    r.warnings.push_back(msg::est_warn_context_over_max(num(sc.context), num(r.model_ptr->max_context)));
  }
  if (sc.task == Task::Inference) {
    const std::size_t before = errors.size();
    add_range(errors, Input::Prompt, static_cast<double>(sc.prompt));
    if (errors.size() == before && sc.prompt > sc.context && sc.context >= 1) {
      errors.push_back({"prompt", msg::err_prompt_context(num(sc.prompt), num(sc.context))});
    }
  }
  add_range(errors, Input::Concurrency, static_cast<double>(sc.concurrency));
  add_range(errors, Input::Batch, static_cast<double>(sc.batch));
  add_range(errors, Input::Tokens, sc.tokens);
  if (std::isfinite(sc.tokens) && sc.tokens != std::floor(sc.tokens)) {  // 1e-300 tokens would round the time to 0
    errors.push_back({"tokens", msg::err_number_not_whole("tokens", format_trimmed(sc.tokens, 3))});
  }
  if (sc.tokens > 0 && !is_training(sc.task)) r.warnings.push_back(msg::est_warn_tokens_inference());
  if (sc.zero_stage != -1) add_range(errors, Input::Zero, sc.zero_stage);
  r.zero_stage = sc.zero_stage;
  r.checkpointing = sc.checkpointing != Checkpointing::Auto ? sc.checkpointing
                    : is_lora(sc.task)                     ? Checkpointing::Full
                                                           : Checkpointing::None;
  {
    const std::size_t before = errors.size();
    add_range(errors, Input::Tp, sc.tensor_parallel);  // 0: automatic
    if (errors.size() == before && r.model_ptr && is_training(sc.task) && sc.tensor_parallel > 1 &&
        r.model_ptr->num_attention_heads % sc.tensor_parallel != 0) {
      errors.push_back({"tensor_parallel", msg::err_tp_heads(std::to_string(r.model_ptr->num_attention_heads))});
    }
  }

  // LoRA.
  if (is_lora(sc.task)) {
    const std::size_t before = errors.size();
    add_range(errors, Input::LoraRank, sc.lora_rank);
    if (errors.size() == before && r.model_ptr && sc.lora_rank > r.model_ptr->hidden_size) {
      errors.push_back({"lora_rank", msg::err_lora_rank_hidden(std::to_string(sc.lora_rank), num(r.model_ptr->hidden_size))});
    }
    if (sc.lora_targets.empty()) errors.push_back({"lora_targets", msg::err_lora_targets_empty()});
    for (const std::string& t : sc.lora_targets) {
      if (!is_lora_target(t)) errors.push_back({"lora_targets", msg::err_lora_targets_unknown(t)});
    }
  }

  // GPUs, cards, headroom, MFU.
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
  add_range(errors, Input::Cards, sc.cards);
  if (is_training(sc.task) && sc.cards > 0 && sc.tensor_parallel > 1 && sc.cards % sc.tensor_parallel != 0) {
    errors.push_back({"cards", msg::err_cards_tp(std::to_string(sc.tensor_parallel))});
  }
  if (std::isnan(sc.headroom) || sc.headroom >= 0) {
    add_range(errors, Input::Headroom, sc.headroom);
    r.headroom = sc.headroom;
  } else {
    r.headroom = catalog.defaults.headroom;  // < 0: the catalog's
  }
  r.tight_headroom = std::min(catalog.defaults.tight_headroom, r.headroom);
  if (sc.mfu != 0) add_range(errors, Input::Mfu, sc.mfu);  // 0: the default per GPU class

  if (!errors.empty()) return Result<Resolved>::failure(std::move(errors));

  // Derived quantities.
  const Model& model = r.model();
  r.params = count_params(model);
  const WeightBytes wb = weight_bytes(r.params, r.precision());
  r.weight_bytes = wb.stored;
  r.decode_weight_bytes = wb.read_dense;
  r.expert_bytes = model.is_moe ? wb.expert : 0;
  if (is_lora(sc.task)) r.adapter_params = lora_adapter_params(model, sc.lora_rank, sc.lora_targets);
  return Result<Resolved>::success(std::move(r));
}

}  // namespace cardfit
