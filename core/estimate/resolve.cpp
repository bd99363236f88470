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
  // "" = as released (default_precision); estimate() passes it made concrete (as_run).
  const std::string precision = sc.precision.empty() ? default_precision(catalog, sc) : sc.precision;
  r.precision_ptr = catalog.find_weight_precision(precision);
  if (!r.precision_ptr) {
    errors.push_back(unknown_entry("precision", MsgId::cat_noun_weight_precision, precision,
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

  // Engine flags: each where the engine has the setting, within what it accepts.
  if (r.engine_ptr && sc.task == Task::Inference) {
    const EngineProfile& e = *r.engine_ptr;
    const bool batching = e.kv_pool == KvPool::Budget || e.kv_pool == KvPool::Reserve;  // vLLM, SGLang
    const bool pool = batching || e.kv_pool == KvPool::Free;
    auto flag = [&](Input in, double value, bool has, const char* engines) {
      const std::size_t before = errors.size();
      add_range(errors, in, value);
      const InputSpec& spec = input_spec(in);
      if (errors.size() == before && !has) {
        errors.push_back({spec.field, msg::err_engine_flag(spec.field, e.name, spec.key, engines)});
      }
    };
    if (sc.gpu_memory_utilization != 0) {
      flag(Input::GpuMemoryUtilization, sc.gpu_memory_utilization, pool, "vLLM, SGLang, TensorRT-LLM, LMDeploy");
    }
    if (sc.max_num_batched_tokens != -1) {
      flag(Input::MaxNumBatchedTokens, static_cast<double>(sc.max_num_batched_tokens), batching, "vLLM, SGLang");
    }
    if (sc.max_num_seqs != -1) flag(Input::MaxNumSeqs, static_cast<double>(sc.max_num_seqs), batching, "vLLM, SGLang");
    if (sc.n_cpu_moe != -1) {
      const std::size_t before = errors.size();
      flag(Input::NCpuMoe, sc.n_cpu_moe, e.expert_offload, "llama.cpp");
      if (errors.size() == before && r.model_ptr) {
        const Model& m = *r.model_ptr;
        if (!m.is_moe) {
          errors.push_back({"n_cpu_moe", msg::err_n_cpu_moe_dense(m.name)});
        } else if (sc.n_cpu_moe > m.num_layers) {
          errors.push_back({"n_cpu_moe", msg::err_n_cpu_moe_layers(m.name, num(m.num_layers), num(sc.n_cpu_moe))});
        }
      }
    }
  }
  if (sc.expert_parallel != 0) {
    const std::size_t before = errors.size();
    add_range(errors, Input::Ep, sc.expert_parallel);
    if (errors.size() == before && r.model_ptr && sc.expert_parallel > 1) {
      const Model& m = *r.model_ptr;
      if (!m.is_moe) {
        errors.push_back({"expert_parallel", msg::err_ep_dense(m.name)});
      } else if (m.moe.num_experts % sc.expert_parallel != 0) {
        errors.push_back({"expert_parallel", msg::err_ep_experts(num(m.moe.num_experts), m.name,
                                                                 num(sc.expert_parallel))});
      }
    }
  }
  if (sc.optimizer_offload && sc.task == Task::Inference) {
    errors.push_back({"optimizer_offload", msg::err_optimizer_offload_inference()});
  }
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
  return Result<Resolved>::success(std::move(r));
}

}  // namespace cardfit
