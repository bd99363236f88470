#include "launch.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

#include "hardware.hpp"

namespace cardfit {
namespace {

std::string num(std::int64_t v) { return std::to_string(v); }

// ` --flag value` appended in place: no temporary strings (in the page each is a call into the
// prebuilt libc++; the launch commands were a sixth of an estimate({}) call).
void arg(std::string& s, std::string_view flag, std::int64_t v) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
  s.append(flag.data(), flag.size()).append(digits, static_cast<std::size_t>(end - digits));
}
void arg(std::string& s, std::string_view flag, std::string_view v) {
  s.append(flag.data(), flag.size()).append(v.data(), v.size());
}

std::string upper(std::string s) {
  for (char& c : s) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  return s;
}

// A fraction rounded down to two decimals, so the engine never takes more than cardfit sized:
// "0.85", "0.9", "1", "0".
std::string fraction_down(double f) {
  const int h = f > 0 ? static_cast<int>(std::floor(std::min(f, 1.0) * 100 + 1e-9)) : 0;  // NaN: 0
  if (h >= 100) return "1";
  if (h <= 0) return "0";
  std::string s = "0.";
  s += static_cast<char>('0' + h / 10);
  if (h % 10) s += static_cast<char>('0' + h % 10);
  return s;
}

const Model* model_of(const Catalog& c, const Scenario& sc) {
  return sc.custom_model ? &*sc.custom_model : c.find_model(sc.model);
}

// [SECTION] Inference

// llama.cpp's cache types for the catalog's KV formats (fp8 and int8 -> q8_0, int4 -> q4_0).
std::string llamacpp_cache_type(const std::string& kv) {
  if (kv == "fp8" || kv == "int8") return "q8_0";
  if (kv == "int4") return "q4_0";
  return kv == "bf16" ? "bf16" : kv == "fp16" ? "f16" : "";
}

std::string vllm(const Model& m, const Scenario& sc, const EngineProfile& e, const GpuEstimate& g) {
  const std::string repo = serving_repo(m, sc.precision);
  std::string s = "vllm serve " + repo;
  arg(s, " --tensor-parallel-size ", g.tensor_parallel);
  arg(s, " --pipeline-parallel-size ", g.pipeline_parallel);
  arg(s, " --max-model-len ", sc.context);
  arg(s, " --gpu-memory-utilization ", fraction_down(e.memory_utilization));
  if (sc.kv_precision == "fp8") s += " --kv-cache-dtype fp8";
  if (sc.precision == "fp8" && repo != m.fp8_repo) s += " --quantization fp8";  // quantised on loading
  arg(s, " --max-num-seqs ", std::max<std::int64_t>(1, g.max_concurrency));
  return s;
}

std::string sglang(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  // --mem-fraction-static: the share of the card for weights and the KV pool, i.e. what cardfit
  // leaves after the engine's reserve (activations, CUDA graphs) and runtime memory.
  const double card = static_cast<double>(std::max<std::int64_t>(1, g.card_memory_bytes));
  const double static_part = static_cast<double>(g.usable_bytes - g.per_card.activations - g.per_card.overhead);
  std::string s = "python -m sglang.launch_server --model-path " + serving_repo(m, sc.precision);
  arg(s, " --tp ", g.tensor_parallel);
  if (g.pipeline_parallel > 1) arg(s, " --pp-size ", g.pipeline_parallel);
  arg(s, " --context-length ", sc.context);
  arg(s, " --mem-fraction-static ", fraction_down(static_part / card));
  if (sc.kv_precision == "fp8") s += " --kv-cache-dtype fp8_e5m2";
  arg(s, " --max-running-requests ", std::max<std::int64_t>(1, g.max_concurrency));
  return s;
}

// TensorRT-LLM (PyTorch backend): --kv_cache_free_gpu_memory_fraction is the share of the memory
// free after loading that goes to the KV cache, the engine profile's memory_utilization (KvPool::Free).
std::string trtllm_serve(const Model& m, const Scenario& sc, const EngineProfile& e, const GpuEstimate& g) {
  std::string s = "trtllm-serve " + model_reference(m);
  arg(s, " --tp_size ", g.tensor_parallel);
  arg(s, " --pp_size ", g.pipeline_parallel);
  arg(s, " --max_seq_len ", sc.context);
  arg(s, " --max_batch_size ", std::max<std::int64_t>(1, g.max_concurrency));
  arg(s, " --kv_cache_free_gpu_memory_fraction ", fraction_down(e.memory_utilization));
  return s;
}

// LMDeploy (TurboMind): --cache-max-entry-count is the same share of the free memory for the KV cache.
std::string lmdeploy(const Model& m, const Scenario& sc, const EngineProfile& e, const GpuEstimate& g) {
  std::string s = "lmdeploy serve api_server " + model_reference(m);
  arg(s, " --tp ", g.tensor_parallel);
  arg(s, " --session-len ", sc.context);
  arg(s, " --max-batch-size ", std::max<std::int64_t>(1, g.max_concurrency));
  arg(s, " --cache-max-entry-count ", fraction_down(e.memory_utilization));
  return s;
}

// Layers on the GPU as llama.cpp counts them: -ngl above the layer count also puts the output layer there.
int gpu_layers(const Model& m, const GpuEstimate& g) {
  if (g.offload && g.offload->gpu_layers < g.offload->total_layers) return g.offload->gpu_layers;
  return std::max(1, m.num_layers) + 1;
}

std::string llama_server(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  const std::int64_t slots = std::max<std::int64_t>(1, sc.concurrency);
  const std::string hf = gguf_hf_spec(m, sc.precision);
  std::string s = hf.empty() ? "llama-server -m " + gguf_file(m, sc.precision) : "llama-server -hf " + hf;
  arg(s, " -ngl ", gpu_layers(m, g));
  arg(s, " -c ", sc.context * slots);  // shared by the slots: context per sequence x sequences
  if (slots > 1) arg(s, " --parallel ", slots);
  if (g.offload && g.offload->n_cpu_moe > 0) arg(s, " --n-cpu-moe ", g.offload->n_cpu_moe);
  if (g.cards > 1) {
    std::string split;
    for (int i = 0; i < g.cards; ++i) split += (i ? ",1" : "1");
    s += " --tensor-split " + split;
  }
  const std::string cache = llamacpp_cache_type(sc.kv_precision);
  if (!cache.empty() && cache != "f16") s += " -ctk " + cache + " -ctv " + cache + " -fa on";  // a quantised V cache needs flash attention
  return s;
}

std::string ollama(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  std::string s = "FROM ./" + gguf_file(m, sc.precision) + "\n";
  s += "PARAMETER num_ctx " + num(sc.context) + "\n";
  if (g.offload) s += "PARAMETER num_gpu " + num(gpu_layers(m, g)) + "\n";
  return s;
}

// [SECTION] Training

std::string dtype_key(const Catalog& c, const Scenario& sc, const Gpu* gpu) {
  const WeightPrecision* p = c.find_weight_precision(sc.precision);
  if (p && p->bits_per_weight >= 32 && sc.task != Task::Qlora) return "";
  if (sc.precision == "fp16" || (gpu && gpu->bf16_dense_tflops <= 0)) return "fp16";
  return "bf16";
}

std::string deepspeed(const Catalog& c, const Scenario& sc, const GpuEstimate& g, const Gpu* gpu) {
  const std::string dtype = dtype_key(c, sc, gpu);
  std::string s = "{\n";
  s += "  \"train_micro_batch_size_per_gpu\": " + num(sc.batch) + ",\n";
  s += "  \"gradient_accumulation_steps\": " + num(static_cast<std::int64_t>(std::max(1.0, g.microbatches))) + ",\n";
  if (!dtype.empty()) s += "  \"" + dtype + "\": {\"enabled\": true},\n";
  s += "  \"zero_optimization\": {\"stage\": " + num(g.zero_stage) + "}\n";
  s += "}\n";
  return s;
}

std::string torchrun(const GpuEstimate& g, const Gpu* gpu) {
  const int machines = gpu ? std::max(1, machines_for(*gpu, g.cards)) : 1;
  const int per_node = std::max(1, g.cards / machines);
  std::string s = "torchrun --nnodes " + num(machines) + " --nproc_per_node " + num(per_node);
  if (machines > 1) s += " --node_rank $NODE_RANK --master_addr $MASTER_ADDR --master_port 29500";
  s += " train.py --deepspeed ds_config.json";
  return s;
}

std::string lora_target(const std::vector<std::string>& targets) {
  static constexpr std::array<std::string_view, 7> kAll{"q", "k", "v", "o", "gate", "up", "down"};
  std::vector<std::string> mods;
  for (const std::string& t : targets) {
    if (t == "all-linear") return "all";
    auto add = [&](std::string_view n) {
      const std::string proj = std::string(n) + "_proj";
      if (std::find(mods.begin(), mods.end(), proj) == mods.end()) mods.push_back(proj);
    };
    if (t == "attention") {
      for (std::size_t i = 0; i < 4; ++i) add(kAll[i]);
    } else if (t == "mlp") {
      for (std::size_t i = 4; i < 7; ++i) add(kAll[i]);
    } else {
      add(t);
    }
  }
  if (mods.size() == kAll.size()) return "all";
  std::string s;
  for (const std::string& x : mods) s += (s.empty() ? "" : ",") + x;
  return s;
}

std::string llamafactory(const Catalog& c, const Model& m, const Scenario& sc, const GpuEstimate& g, const Gpu* gpu) {
  const bool lora = is_lora(sc.task);
  std::string s = "# FORCE_TORCHRUN=1 llamafactory-cli train cardfit.yaml\n";
  s += "model_name_or_path: " + model_reference(m) + "\n";
  s += std::string("stage: ") + (sc.task == Task::Pretrain ? "pt" : "sft") + "\n";
  s += "do_train: true\n";
  s += std::string("finetuning_type: ") + (lora ? "lora" : "full") + "\n";
  if (lora) {
    s += "lora_rank: " + num(sc.lora_rank) + "\n";
    s += "lora_target: " + lora_target(sc.lora_targets) + "\n";
  }
  if (sc.task == Task::Qlora) s += "quantization_bit: 4\n";
  if (g.zero_stage > 0) s += "deepspeed: ds_config.json\n";
  s += "cutoff_len: " + num(sc.context) + "\n";
  s += "per_device_train_batch_size: " + num(sc.batch) + "\n";
  s += "gradient_accumulation_steps: " + num(static_cast<std::int64_t>(std::max(1.0, g.microbatches))) + "\n";
  const std::string dtype = dtype_key(c, sc, gpu);
  if (!dtype.empty()) s += dtype + ": true\n";
  const bool checkpointing = sc.checkpointing == Checkpointing::Full || sc.checkpointing == Checkpointing::Selective ||
                             (sc.checkpointing == Checkpointing::Auto && lora);
  s += std::string("disable_gradient_checkpointing: ") + (checkpointing ? "false" : "true") + "\n";
  return s;
}

}  // namespace

std::string model_reference(const Model& m) { return !m.hf_repo.empty() ? m.hf_repo : m.id.empty() ? "custom" : m.id; }

std::string gguf_file(const Model& m, const std::string& precision_id) {
  std::string base = model_reference(m);
  const std::size_t slash = base.rfind('/');
  if (slash != std::string::npos) base = base.substr(slash + 1);
  return base + "-" + upper(precision_id) + ".gguf";
}

std::string serving_repo(const Model& m, const std::string& precision_id) {
  if (precision_id == "int4" && !m.awq_repo.empty()) return m.awq_repo;
  if (precision_id == "fp8" && !m.fp8_repo.empty()) return m.fp8_repo;
  return model_reference(m);
}

std::string gguf_hf_spec(const Model& m, const std::string& precision_id) {
  return m.gguf_repo.empty() ? "" : m.gguf_repo + ":" + upper(precision_id);
}

std::vector<LaunchCommand> launch_commands(const Catalog& catalog, const Scenario& sc, const GpuEstimate& g) {
  std::vector<LaunchCommand> out;
  const Model* m = model_of(catalog, sc);
  if (!m || g.cards <= 0 || g.fit == Fit::No) return out;
  const Gpu* gpu = catalog.find_gpu(g.gpu);
  if (sc.task == Task::Inference) {
    const EngineProfile* e = catalog.find_engine(sc.engine);
    if (!e) return out;
    if (e->id == "vllm") out.push_back({LaunchKind::Vllm, "", vllm(*m, sc, *e, g)});
    if (e->id == "sglang") out.push_back({LaunchKind::Sglang, "", sglang(*m, sc, g)});
    if (e->id == "tensorrt-llm") out.push_back({LaunchKind::TrtllmServe, "", trtllm_serve(*m, sc, *e, g)});
    if (e->id == "lmdeploy" && g.pipeline_parallel == 1) out.push_back({LaunchKind::Lmdeploy, "", lmdeploy(*m, sc, *e, g)});
    if (e->id == "llama.cpp") out.push_back({LaunchKind::LlamaServer, "", llama_server(*m, sc, g)});
    if (e->id == "ollama") out.push_back({LaunchKind::Ollama, "Modelfile", ollama(*m, sc, g)});
    return out;
  }
  if (g.tensor_parallel > 1 || g.pipeline_parallel > 1) return out;  // Megatron-style layouts: not here
  out.push_back({LaunchKind::DeepSpeed, "ds_config.json", deepspeed(catalog, sc, g, gpu)});
  out.push_back({LaunchKind::Torchrun, "", torchrun(g, gpu)});
  out.push_back({LaunchKind::LlamaFactory, "cardfit.yaml", llamafactory(catalog, *m, sc, g, gpu)});
  return out;
}

}  // namespace cardfit
