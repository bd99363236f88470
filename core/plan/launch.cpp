#include "launch.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "hardware.hpp"
#include "json_writer.hpp"

namespace cardfit {
namespace {

std::string num(std::int64_t v) { return std::to_string(v); }

LaunchCommand command(LaunchKind kind, Argv a) {
  LaunchCommand c{kind, "", render_sh(a.words), std::move(a.words)};
  return c;
}

std::string upper(std::string s) {
  for (char& c : s) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  return s;
}

// A file or directory name cardfit chooses: any character outside [A-Za-z0-9._-] written '_'.
std::string plain_name(std::string name) {
  for (char& c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (!ok) c = '_';
  }
  return name;
}

// The repository's name without its owner ("Qwen2.5-7B-Instruct").
std::string repo_name(const Model& m) {
  const std::string ref = model_reference(m);
  const std::size_t slash = ref.rfind('/');
  return slash == std::string::npos ? ref : ref.substr(slash + 1);
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

// [SECTION] Inference

// Sequences the engine may run at once: what fits, capped by the user's --max-num-seqs.
std::int64_t max_seqs(const Scenario& sc, const GpuEstimate& g) {
  const std::int64_t fits = std::max<std::int64_t>(1, g.max_concurrency);
  return sc.max_num_seqs ? std::min(fits, *sc.max_num_seqs) : fits;
}

// An FP8 KV cache is a flag, except for DeepSeek-V4, whose cache has one layout (fp8_ds_mla).
bool fp8_kv_flag(const Model& m, const Scenario& sc) {
  return sc.kv_precision == "fp8" && fixed_kv_layout(m).empty();
}

LaunchCommand vllm(const Model& m, const Scenario& sc, const EngineProfile& e, const GpuEstimate& g) {
  const std::string repo = serving_repo(m, sc.precision);
  Argv a;
  a.add("vllm").add("serve").add(repo);
  a.add("--tensor-parallel-size", g.tensor_parallel);
  a.add("--pipeline-parallel-size", g.pipeline_parallel);
  a.add("--max-model-len", sc.context);
  a.add("--gpu-memory-utilization",
        fraction_down(sc.gpu_memory_utilization.value_or(e.memory_utilization)));
  if (fp8_kv_flag(m, sc)) a.add("--kv-cache-dtype", "fp8");
  if (sc.precision == "fp8" && repo != m.fp8_repo) a.add("--quantization", "fp8");  // quantised on loading
  if (g.expert_parallel > 1) a.add("--enable-expert-parallel");
  if (sc.max_num_batched_tokens) a.add("--max-num-batched-tokens", *sc.max_num_batched_tokens);
  a.add("--max-num-seqs", max_seqs(sc, g));
  return command(LaunchKind::Vllm, std::move(a));
}

LaunchCommand sglang(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  // --mem-fraction-static: the share of the card for weights and the KV pool, i.e. what cardfit
  // leaves after the engine's reserve (activations, CUDA graphs) and runtime memory.
  const double card = static_cast<double>(std::max<std::int64_t>(1, g.card_memory_bytes));
  const double static_part = static_cast<double>(g.usable_bytes - g.per_card.activations - g.per_card.overhead);
  Argv a;
  a.add("python").add("-m").add("sglang.launch_server").add("--model-path", serving_repo(m, sc.precision));
  a.add("--tp", g.tensor_parallel);
  if (g.pipeline_parallel > 1) a.add("--pp-size", g.pipeline_parallel);
  a.add("--context-length", sc.context);
  a.add("--mem-fraction-static", fraction_down(static_part / card));
  if (fp8_kv_flag(m, sc)) a.add("--kv-cache-dtype", "fp8_e5m2");
  if (g.expert_parallel > 1) a.add("--ep-size", g.expert_parallel);
  if (sc.max_num_batched_tokens) a.add("--chunked-prefill-size", *sc.max_num_batched_tokens);
  a.add("--max-running-requests", max_seqs(sc, g));
  return command(LaunchKind::Sglang, std::move(a));
}

// TensorRT-LLM (PyTorch backend): --kv_cache_free_gpu_memory_fraction is the share of the memory
// free after loading that goes to the KV cache, the engine profile's memory_utilization (KvPool::Free).
LaunchCommand trtllm_serve(const Model& m, const Scenario& sc, const EngineProfile& e, const GpuEstimate& g) {
  Argv a;
  a.add("trtllm-serve").add(model_reference(m));
  a.add("--tp_size", g.tensor_parallel);
  a.add("--pp_size", g.pipeline_parallel);
  a.add("--max_seq_len", sc.context);
  a.add("--max_batch_size", std::max<std::int64_t>(1, g.max_concurrency));
  a.add("--kv_cache_free_gpu_memory_fraction", fraction_down(e.memory_utilization));
  return command(LaunchKind::TrtllmServe, std::move(a));
}

// LMDeploy (TurboMind): --cache-max-entry-count is the same share of the free memory for the KV cache.
LaunchCommand lmdeploy(const Model& m, const Scenario& sc, const EngineProfile& e, const GpuEstimate& g) {
  Argv a;
  a.add("lmdeploy").add("serve").add("api_server").add(model_reference(m));
  a.add("--tp", g.tensor_parallel);
  a.add("--session-len", sc.context);
  a.add("--max-batch-size", std::max<std::int64_t>(1, g.max_concurrency));
  a.add("--cache-max-entry-count", fraction_down(e.memory_utilization));
  return command(LaunchKind::Lmdeploy, std::move(a));
}

LaunchCommand llama_server(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  const std::int64_t slots = std::max<std::int64_t>(1, sc.concurrency);
  const std::string hf = gguf_hf_spec(m, sc.precision);
  Argv a;
  a.add("llama-server");
  if (hf.empty()) a.add("-m", gguf_file(m, sc.precision));
  else a.add("-hf", hf);
  a.add("-ngl", llamacpp_gpu_layers(m, g));
  a.add("-c", sc.context * slots);  // shared by the slots: context per sequence x sequences
  if (slots > 1) a.add("--parallel", slots);
  if (g.offload && g.offload->n_cpu_moe > 0) a.add("--n-cpu-moe", g.offload->n_cpu_moe);
  if (g.cards > 1) {
    std::string split;
    for (int i = 0; i < g.cards; ++i) split += (i ? ",1" : "1");
    a.add("--tensor-split", split);
  }
  const std::string cache = llamacpp_cache_type(sc.kv_precision);
  if (!cache.empty() && cache != "f16") a.add("-ctk", cache).add("-ctv", cache).add("-fa", "on");  // a quantised V cache needs flash attention
  return command(LaunchKind::LlamaServer, std::move(a));
}

std::string ollama(const Model& m, const Scenario& sc, const GpuEstimate& g) {
  std::string s = "FROM ./" + gguf_file(m, sc.precision) + "\n";  // only [A-Za-z0-9._-] (gguf_file)
  s += "PARAMETER num_ctx " + num(sc.context) + "\n";
  if (g.offload) s += "PARAMETER num_gpu " + num(llamacpp_gpu_layers(m, g)) + "\n";
  return s;
}

// MLX (mlx-lm), flags as ml-explore/mlx-lm@d78bf58e217c904ec282ed8da9b947491f78c022 (0.32.0) and
// @a4c64703906f709a493341508ac31af4085d2638 (0.28.2, the calibration's) both parse them:
// mlx_lm/convert.py (--hf-path, --mlx-path, -q, --q-bits, --q-group-size; group 64 is 0.28's
// default, the catalog's mlx-4bit/8bit "affine, group 64", and written out because 0.32 leaves
// it to the mode) and mlx_lm/server.py (--model: a local directory or a Hugging Face repo;
// --max-tokens: the default output length of a request, 512 when not given). The server has no
// context or memory flag: the KV cache grows with the tokens used (kv_pool dynamic). It batches
// requests, up to kMlxDecodeConcurrency decoded at once (scenario.hpp); above that the command
// asks for the scenario's concurrency with --decode-concurrency, a flag of mlx-lm 0.30.6 and later
// (server.py at d78bf58 above; 0.28.2 has none), which the estimate's warning says.
std::vector<LaunchCommand> mlx(const Model& m, const Scenario& sc) {
  std::vector<LaunchCommand> out;
  const int bits = mlx_bits(sc.precision);
  if (bits > 0) {
    Argv c;
    c.add("mlx_lm.convert").add("--hf-path", model_reference(m)).add("--mlx-path", mlx_dir(m, sc.precision));
    c.add("-q").add("--q-bits", bits).add("--q-group-size", 64);
    out.push_back(command(LaunchKind::MlxConvert, std::move(c)));
  }
  Argv a;
  a.add("mlx_lm.server").add("--model", mlx_model_path(m, sc.precision));
  if (sc.output_tokens > 0) a.add("--max-tokens", sc.output_tokens);
  if (sc.concurrency > kMlxDecodeConcurrency) a.add("--decode-concurrency", sc.concurrency);
  out.push_back(command(LaunchKind::MlxServer, std::move(a)));
  return out;
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
  JsonWriter w(true);
  w.begin_object();
  w.field("train_micro_batch_size_per_gpu", sc.batch);
  w.field("gradient_accumulation_steps", static_cast<std::int64_t>(std::max(1.0, g.microbatches)));
  if (!dtype.empty()) w.key(dtype).begin_object().field("enabled", true).end_object();
  w.key("zero_optimization").begin_object().field("stage", g.zero_stage);
  if (sc.optimizer_offload) w.key("offload_optimizer").begin_object().field("device", "cpu").end_object();
  w.end_object();
  w.end_object();
  return w.take() + "\n";
}

LaunchCommand torchrun(const GpuEstimate& g, const Gpu* gpu) {
  const int machines = gpu ? std::max(1, machines_for(*gpu, g.cards)) : 1;
  const int per_node = std::max(1, g.cards / machines);
  Argv a;
  a.add("torchrun").add("--nnodes", machines).add("--nproc_per_node", per_node);
  if (machines > 1) a.var("--node_rank", "NODE_RANK").var("--master_addr", "MASTER_ADDR").add("--master_port", 29500);
  a.add("train.py").add("--deepspeed", "ds_config.json");
  return command(LaunchKind::Torchrun, std::move(a));
}

// A YAML scalar: as it is when plain (letters, digits, _ . / - , not starting with - or . and not a
// word YAML reads as a boolean or null), else double-quoted with JSON's escapes (valid YAML 1.2).
std::string yaml_scalar(const std::string& v) {
  static constexpr std::array<std::string_view, 10> kWords{"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"};
  bool plain = !v.empty() && v.front() != '-' && v.front() != '.';
  for (char c : v) {
    plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '.' || c == '/' || c == '-' || c == ',');
  }
  std::string lower = v;
  for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  if (plain && std::find(kWords.begin(), kWords.end(), lower) == kWords.end()) return v;
  JsonWriter w;
  w.value(v);
  return w.take();
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
  s += "model_name_or_path: " + yaml_scalar(model_reference(m)) + "\n";
  s += std::string("stage: ") + (sc.task == Task::Pretrain ? "pt" : "sft") + "\n";
  s += "do_train: true\n";
  s += std::string("finetuning_type: ") + (lora ? "lora" : "full") + "\n";
  if (lora) {
    s += "lora_rank: " + num(sc.lora_rank) + "\n";
    s += "lora_target: " + yaml_scalar(lora_target(sc.lora_targets)) + "\n";
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

std::string sh_word(const ShellWord& w) {
  if (w.variable) return "\"$" + w.text + "\"";
  bool plain = !w.text.empty();
  for (char c : w.text) {
    plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      std::string_view("_@%+=:,./-").find(c) != std::string_view::npos);
  }
  if (plain) return w.text;
  std::string out = "'";
  for (char c : w.text) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

std::string render_sh(const std::vector<ShellWord>& argv) {
  std::string out;
  for (const ShellWord& w : argv) {
    if (!out.empty()) out += ' ';
    out += sh_word(w);
  }
  return out;
}

std::string model_reference(const Model& m) { return !m.hf_repo.empty() ? m.hf_repo : m.id.empty() ? "custom" : m.id; }

std::string gguf_file(const Model& m, const std::string& precision_id) {
  return plain_name(repo_name(m) + "-" + upper(precision_id) + ".gguf");
}

std::string mlx_dir(const Model& m, const std::string& precision_id) {
  const std::string name = plain_name(repo_name(m) + "-" + precision_id);
  return name.front() == '-' ? "model" + name : name;  // a word starting with '-' would be read as a flag
}

int mlx_bits(const std::string& precision_id) {
  if (precision_id == "mlx-4bit") return 4;
  if (precision_id == "mlx-8bit") return 8;
  return 0;
}

std::string mlx_model_path(const Model& m, const std::string& precision_id) {
  return mlx_bits(precision_id) > 0 ? mlx_dir(m, precision_id) : model_reference(m);
}

std::string serving_repo(const Model& m, const std::string& precision_id) {
  if (precision_id == "int4" && !m.awq_repo.empty()) return m.awq_repo;
  if (precision_id == "fp8" && !m.fp8_repo.empty()) return m.fp8_repo;
  return model_reference(m);
}

std::string gguf_hf_spec(const Model& m, const std::string& precision_id) {
  return m.gguf_repo.empty() ? "" : m.gguf_repo + ":" + upper(precision_id);
}

const Model* launch_model(const Catalog& c, const Scenario& sc) {
  return sc.custom_model ? &*sc.custom_model : c.find_model(sc.model);
}

// Layers on the GPU as llama.cpp counts them: -ngl above the layer count also puts the output layer there.
int llamacpp_gpu_layers(const Model& m, const GpuEstimate& g) {
  if (g.offload && g.offload->gpu_layers < g.offload->total_layers) return g.offload->gpu_layers;
  return std::max(1, m.num_layers) + 1;
}

std::string llamacpp_cache_type(const std::string& kv) {
  if (kv == "fp8" || kv == "int8") return "q8_0";
  if (kv == "int4") return "q4_0";
  return kv == "bf16" ? "bf16" : kv == "fp16" ? "f16" : "";
}

std::vector<LaunchCommand> launch_commands(const Catalog& catalog, const Scenario& sc, const GpuEstimate& g) {
  std::vector<LaunchCommand> out;
  const Model* m = launch_model(catalog, sc);
  if (!m || g.cards <= 0 || g.fit == Fit::No) return out;
  const Gpu* gpu = catalog.find_gpu(g.gpu);
  if (gpu && !engine_runs(catalog, *gpu, sc)) return out;  // no kernel for these weights there: nothing to paste
  if (sc.task == Task::Inference) {
    const EngineProfile* e = catalog.find_engine(engine_id(catalog, sc));
    if (!e) return out;
    if (e->id == "vllm") out.push_back(vllm(*m, sc, *e, g));
    if (e->id == "sglang") out.push_back(sglang(*m, sc, g));
    if (e->id == "tensorrt-llm") out.push_back(trtllm_serve(*m, sc, *e, g));
    if (e->id == "lmdeploy" && g.pipeline_parallel == 1) out.push_back(lmdeploy(*m, sc, *e, g));
    if (e->id == "llama.cpp") out.push_back(llama_server(*m, sc, g));
    if (e->id == "ollama") out.push_back({LaunchKind::Ollama, "Modelfile", ollama(*m, sc, g), {}});
    if (e->id == "mlx") out = mlx(*m, sc);
    return out;
  }
  if (g.tensor_parallel > 1 || g.pipeline_parallel > 1) return out;  // Megatron-style layouts: not here
  out.push_back({LaunchKind::DeepSpeed, "ds_config.json", deepspeed(catalog, sc, g, gpu), {}});
  out.push_back(torchrun(g, gpu));
  out.push_back({LaunchKind::LlamaFactory, "cardfit.yaml", llamafactory(catalog, *m, sc, g, gpu), {}});
  return out;
}

}  // namespace cardfit
