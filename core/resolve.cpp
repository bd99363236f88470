// Validation of a scenario against the catalog, and the inputs every formula shares.
#include "resolve.hpp"

#include <algorithm>
#include <cmath>

#include "memory.hpp"
#include "numbers.hpp"

namespace cardfit {
namespace {

std::string quoted(const std::string& s) { return "'" + s + "'"; }

void need_positive(std::vector<Issue>& errors, const std::string& field, double v, const std::string& what) {
  if (!(v > 0)) errors.push_back({field, field + ": " + what + " must be > 0, got " + format_fixed(v, 0)});
}

}  // namespace

std::vector<Issue> validate_model(const Model& m, const std::string& prefix) {
  std::vector<Issue> e;
  auto field = [&](const char* name) { return prefix + "." + name; };
  need_positive(e, field("num_layers"), m.num_layers, "layers");
  need_positive(e, field("hidden_size"), static_cast<double>(m.hidden_size), "hidden size");
  need_positive(e, field("num_attention_heads"), m.num_attention_heads, "attention heads");
  need_positive(e, field("num_kv_heads"), m.num_kv_heads, "KV heads");
  need_positive(e, field("head_dim"), m.head_dim, "head_dim");
  need_positive(e, field("vocab_size"), static_cast<double>(m.vocab_size), "vocabulary size");
  if (!m.is_moe || m.moe.dense_layers > 0) {
    need_positive(e, field("intermediate_size"), static_cast<double>(m.intermediate_size), "MLP width");
  }
  if (m.num_attention_heads > 0 && m.num_kv_heads > 0 && m.num_attention_heads % m.num_kv_heads != 0) {
    e.push_back({field("num_kv_heads"), field("num_kv_heads") + ": " + std::to_string(m.num_kv_heads) +
                                            " KV heads must divide the " + std::to_string(m.num_attention_heads) +
                                            " attention heads (grouped-query attention)"});
  }
  const double limit = 1e7;  // any one dimension beyond this is a typo, not a model
  if (static_cast<double>(m.hidden_size) > limit || static_cast<double>(m.vocab_size) > limit ||
      static_cast<double>(m.intermediate_size) > limit || m.num_layers > 100000 || m.num_attention_heads > 100000 ||
      m.head_dim > 100000) {
    e.push_back({prefix, prefix + ": a dimension is absurdly large (layers, hidden, heads, head_dim, vocab)"});
  }
  if (m.is_moe) {
    need_positive(e, field("moe.num_experts"), m.moe.num_experts, "experts");
    need_positive(e, field("moe.expert_intermediate_size"), static_cast<double>(m.moe.expert_intermediate_size),
                  "expert width");
    if (m.moe.experts_per_token < 1 || m.moe.experts_per_token > m.moe.num_experts) {
      e.push_back({field("moe.experts_per_token"), field("moe.experts_per_token") +
                                                       ": must be between 1 and the number of experts, got " +
                                                       std::to_string(m.moe.experts_per_token)});
    }
    if (m.moe.dense_layers < 0 || m.moe.dense_layers > m.num_layers) {
      e.push_back({field("moe.dense_layers"), field("moe.dense_layers") + ": must be between 0 and num_layers"});
    }
  }
  if (m.is_mla) {
    need_positive(e, field("mla.kv_lora_rank"), m.mla.kv_lora_rank, "kv_lora_rank");
    need_positive(e, field("mla.qk_rope_head_dim"), m.mla.qk_rope_head_dim, "qk_rope_head_dim");
    need_positive(e, field("mla.v_head_dim"), m.mla.v_head_dim, "v_head_dim");
  }
  if (m.has_sliding_window) {
    need_positive(e, field("sliding_window.window"), static_cast<double>(m.sliding_window.window), "window");
    if (m.sliding_window.layers < 0 || m.sliding_window.layers > m.num_layers) {
      e.push_back({field("sliding_window.layers"),
                   field("sliding_window.layers") + ": must be between 0 and num_layers"});
    }
  }
  if (m.extra_params < 0) e.push_back({field("extra_params"), field("extra_params") + ": must be >= 0"});
  if (e.empty() && static_cast<double>(count_params(m).total) > 1e15) {
    e.push_back({prefix, prefix + ": more than 10^15 parameters is not a model this tool can size"});
  }
  return e;
}

Result<Resolved> resolve(const Catalog& catalog, const Scenario& sc) {
  Resolved r;
  r.catalog = &catalog;
  r.scenario = &sc;
  r.task = sc.task;
  std::vector<Issue> errors;
  auto error = [&](const std::string& field, const std::string& message) {
    errors.push_back({field, field + ": " + message});
  };
  auto warn = [&](std::string en, std::string zh) { r.warnings.push_back({std::move(en), std::move(zh)}); };

  // Model.
  if (sc.custom_model) {
    r.model = &*sc.custom_model;
  } else {
    r.model = catalog.find_model(sc.model);
    if (!r.model) error("model", "unknown model " + quoted(sc.model) + " (see the catalog, or give a parameter count or a config.json)");
  }
  if (r.model) {
    std::vector<Issue> model_errors = validate_model(*r.model, "model");
    errors.insert(errors.end(), model_errors.begin(), model_errors.end());
    if (r.model->assumed_architecture) {
      warn("Model shapes are assumed from the parameter count alone; import its config.json for exact KV-cache figures.",
           "模型结构仅由参数量推测；请导入其 config.json 以得到准确的 KV 缓存数值。");
    }
  }

  // Precision, and whether the task makes sense with it.
  r.precision = catalog.find_weight_precision(sc.precision);
  if (!r.precision) error("precision", "unknown weight precision " + quoted(sc.precision) + " (see `cardfit catalog`)");
  if (r.precision) {
    r.compute = r.precision->compute;
    const std::string& fam = r.precision->family;
    const bool float16 = sc.precision == "bf16" || sc.precision == "fp16";
    switch (sc.task) {
      case Task::Inference: break;
      case Task::Lora:
        if (fam != "float" || r.precision->bits_per_weight < 16) {
          error("precision", "LoRA trains adapters on a 16- or 32-bit base (fp32, bf16, fp16); for a 4-bit base use "
                             "task qlora (got " + quoted(sc.precision) + ")");
        }
        break;
      case Task::Qlora:
        if (fam == "nf4") {
          r.compute = ComputeType::Bf16;
        } else if (float16) {
          const WeightPrecision* nf4 = catalog.find_weight_precision("nf4");
          if (!nf4) {
            error("precision", "QLoRA stores the base in NF4, but the catalog has no 'nf4' precision");
          } else {
            r.compute = sc.precision == "fp16" ? ComputeType::Fp16 : ComputeType::Bf16;
            r.precision = nf4;
            warn("QLoRA: the base model is stored in NF4 (double quantisation); " + sc.precision +
                     " is the compute type of the adapters and matmuls.",
                 "QLoRA：基座模型以 NF4（双重量化）存储；" + sc.precision + " 是适配器与矩阵乘的计算精度。");
          }
        } else {
          error("precision", "QLoRA quantises the frozen base to NF4 (Dettmers et al. 2023); use precision nf4 "
                             "(or bf16/fp16 as the compute type), not " + quoted(sc.precision));
        }
        break;
      case Task::Full:
      case Task::Pretrain:
        if (sc.precision == "fp8") {
          warn("FP8 training is modelled with BF16 weights and gradients plus FP32 master weights (as Transformer "
               "Engine keeps them); matmuls run at the FP8 rate.",
               "FP8 训练按 BF16 权重与梯度加 FP32 主权重建模（Transformer Engine 的做法）；矩阵乘按 FP8 速率。");
        } else if (fam != "float") {
          error("precision", "full fine-tuning and pre-training update every weight, so weights must be in a "
                             "trainable float format (fp32, bf16, fp16, fp8); got " + quoted(sc.precision) +
                             " (for a quantised base use task qlora)");
        }
        break;
    }
    r.fp32_training = is_training(sc.task) && sc.task != Task::Qlora && r.precision->bits_per_weight >= 32;
    r.training_bytes_per_param = r.fp32_training ? 4 : 2;
  }

  // KV-cache precision.
  if (sc.kv_precision.empty()) {
    const bool fp32 = r.precision && r.precision->bits_per_weight >= 32;
    r.kv_id = fp32 ? "auto-32" : "auto-16";
    r.kv_bits = fp32 ? 32 : 16;
  } else if (const KvPrecision* kv = catalog.find_kv_precision(sc.kv_precision)) {
    r.kv_id = kv->id;
    r.kv_bits = kv->bits;
    r.kv_requires = kv->requires_capability;
    if (is_training(sc.task)) {
      warn("The KV-cache precision only matters for inference; training keeps no KV cache.",
           "KV 缓存精度只影响推理；训练不保留 KV 缓存。");
    }
  } else {
    error("kv_precision", "unknown KV-cache precision " + quoted(sc.kv_precision) + " (see `cardfit catalog`)");
  }

  // Engine.
  r.engine = catalog.find_engine(sc.engine);
  if (!r.engine) {
    error("engine", "unknown engine " + quoted(sc.engine) + " (see `cardfit catalog`)");
  } else if (sc.task == Task::Inference && r.precision && !r.precision->engines.empty() &&
             std::find(r.precision->engines.begin(), r.precision->engines.end(), r.engine->id) ==
                 r.precision->engines.end()) {
    warn("The catalog does not list " + r.engine->name + " as running " + r.precision->name +
             " weights; the estimate assumes it can.",
         "目录中未标明 " + r.engine->name + " 支持 " + r.precision->name + " 权重；估算假定可以运行。");
  }

  // Sizes.
  if (sc.context < 1 || sc.context > kMaxContext) {
    error("context", "must be between 1 and 10,000,000 tokens, got " + format_grouped(static_cast<double>(sc.context)));
  } else if (r.model && r.model->max_context > 0 && sc.context > r.model->max_context) {
    warn("Context " + format_grouped(static_cast<double>(sc.context)) + " exceeds the model's maximum of " +
             format_grouped(static_cast<double>(r.model->max_context)) + " tokens (needs RoPE scaling such as YaRN).",
         "上下文 " + format_grouped(static_cast<double>(sc.context)) + " 超过模型上限 " +
             format_grouped(static_cast<double>(r.model->max_context)) + " 个 token（需要 YaRN 等 RoPE 扩展）。");
  }
  if (sc.task == Task::Inference) {
    if (sc.prompt < 1 || sc.prompt > kMaxContext) {
      error("prompt", "must be between 1 and 10,000,000 tokens, got " + format_grouped(static_cast<double>(sc.prompt)));
    } else if (sc.prompt > sc.context && sc.context >= 1) {
      error("prompt", "the prompt (" + format_grouped(static_cast<double>(sc.prompt)) +
                          ") must fit in the context (" + format_grouped(static_cast<double>(sc.context)) +
                          "), which holds prompt plus output tokens");
    }
  }
  if (sc.concurrency < 1 || sc.concurrency > kMaxConcurrency) {
    error("concurrency", "must be between 1 and 1,000,000 sequences, got " +
                             format_grouped(static_cast<double>(sc.concurrency)));
  }
  if (sc.batch < 1 || sc.batch > kMaxBatch) {
    error("batch", "must be between 1 and 1,000,000, got " + format_grouped(static_cast<double>(sc.batch)));
  }
  if (!(sc.tokens >= 0) || sc.tokens > kMaxTokens) {
    error("tokens", "must be between 0 and 1e16, got " + format_fixed(sc.tokens, 0));
  } else if (sc.tokens > 0 && !is_training(sc.task)) {
    warn("The training token count is ignored for inference.", "训练 token 数在推理时不使用。");
  }
  if (sc.zero_stage < -1 || sc.zero_stage > 3) {
    error("zero_stage", "ZeRO stage must be 0, 1, 2 or 3, got " + std::to_string(sc.zero_stage));
  }
  r.zero_stage = sc.zero_stage;
  if (sc.tensor_parallel < 1 || sc.tensor_parallel > 64) {
    error("tensor_parallel", "must be between 1 and 64, got " + std::to_string(sc.tensor_parallel));
  } else if (r.model && is_training(sc.task) && sc.tensor_parallel > 1 &&
             r.model->num_attention_heads % sc.tensor_parallel != 0) {
    error("tensor_parallel", "must divide the " + std::to_string(r.model->num_attention_heads) + " attention heads");
  }

  // LoRA.
  if (sc.task == Task::Lora || sc.task == Task::Qlora) {
    if (sc.lora_rank < 1) {
      error("lora_rank", "must be >= 1 for LoRA/QLoRA, got " + std::to_string(sc.lora_rank));
    } else if (r.model && sc.lora_rank > r.model->hidden_size) {
      error("lora_rank", "rank " + std::to_string(sc.lora_rank) + " exceeds the hidden size " +
                             std::to_string(r.model->hidden_size) + " (a low-rank adapter must be low-rank)");
    }
    if (sc.lora_targets.empty()) error("lora_targets", "name at least one module (e.g. q,v or all-linear)");
    for (const std::string& t : sc.lora_targets) {
      if (!is_lora_target(t)) {
        error("lora_targets", "unknown module " + quoted(t) + "; use q, k, v, o, gate, up, down, attention, mlp or all-linear");
      }
    }
  }

  // GPUs, cards, headroom, MFU.
  if (!sc.gpu.empty()) {
    if (const Gpu* g = catalog.find_gpu(sc.gpu)) {
      r.gpus.push_back(g);
    } else {
      error("gpu", "unknown GPU " + quoted(sc.gpu) + " (see `cardfit catalog`)");
    }
  } else {
    for (const Gpu& g : catalog.gpus) r.gpus.push_back(&g);
    if (catalog.gpus.empty()) error("gpu", "the catalog has no GPUs");
  }
  if (is_training(sc.task) && sc.cards > 0 && sc.tensor_parallel > 1 && sc.cards % sc.tensor_parallel != 0) {
    error("cards", "must be a multiple of the tensor-parallel degree " + std::to_string(sc.tensor_parallel));
  }
  const int max_cards = std::max(1, catalog.defaults.max_nodes) * 64;
  if (sc.cards < 0 || sc.cards > max_cards) {
    error("cards", "must be between 0 (automatic) and " + std::to_string(max_cards) + ", got " + std::to_string(sc.cards));
  }
  if (sc.headroom >= 0) {
    if (!(sc.headroom <= kMaxHeadroom)) error("headroom", "must be between 0 and 4 (400%), got " + format_fixed(sc.headroom, 2));
    r.headroom = sc.headroom;
  } else if (std::isnan(sc.headroom)) {
    error("headroom", "is not a number");
  } else {
    r.headroom = catalog.defaults.headroom;
  }
  r.tight_headroom = std::min(catalog.defaults.tight_headroom, r.headroom);
  if (!(sc.mfu >= 0 && sc.mfu <= 1)) error("mfu", "must be between 0 (default) and 1, got " + format_fixed(sc.mfu, 2));

  if (!errors.empty()) return Result<Resolved>::failure(std::move(errors));

  // Derived quantities.
  r.params = count_params(*r.model);
  const WeightBytes wb = weight_bytes(r.params, *r.precision);
  r.weight_bytes = wb.stored;
  r.decode_weight_bytes = wb.read_dense;
  r.expert_bytes = r.model->is_moe ? wb.expert : 0;
  if (sc.task == Task::Lora || sc.task == Task::Qlora) {
    r.adapter_params = lora_adapter_params(*r.model, sc.lora_rank, sc.lora_targets);
  }
  return Result<Resolved>::success(std::move(r));
}

}  // namespace cardfit
