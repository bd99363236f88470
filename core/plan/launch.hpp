// Launch commands to paste, per GPU row: what to type to start the job that cardfit sized, with
// cardfit's own numbers in it (cards, layout, context, concurrency, offloaded layers, micro-batch,
// ZeRO stage). Inference: vLLM, SGLang, llama.cpp's llama-server, an Ollama Modelfile, MLX's
// mlx_lm.convert (4-/8-bit weights) and mlx_lm.server. Training:
// a DeepSpeed ZeRO config, the torchrun line that uses it, and a LLaMA-Factory YAML.
// docs/cli.md §Launch commands lists the flags and where each number comes from.
// Commands are data first: each builder makes an argument vector (ShellWord), and one function
// renders it for POSIX sh, quoting every word that is not plain (issue 32: a repository id from
// an overlay or a config.json must never become shell syntax). Files are written by writers
// that escape (JSON by JsonWriter, YAML scalars double-quoted when not plain).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "names.hpp"
#include "scenario.hpp"

namespace cardfit {

enum class LaunchKind {
  Vllm,
  Sglang,
  TrtllmServe,
  Lmdeploy,
  LlamaServer,
  Ollama,
  DeepSpeed,
  Torchrun,
  LlamaFactory,
  MlxConvert,
  MlxServer
};
template <>
struct EnumNames<LaunchKind> {
  static constexpr std::array<Name<LaunchKind>, 11> list{{{LaunchKind::Vllm, "vllm", MsgId::launch_vllm},
                                                         {LaunchKind::Sglang, "sglang", MsgId::launch_sglang},
                                                         {LaunchKind::TrtllmServe, "trtllm-serve", MsgId::launch_trtllm_serve},
                                                         {LaunchKind::Lmdeploy, "lmdeploy", MsgId::launch_lmdeploy},
                                                         {LaunchKind::LlamaServer, "llama-server", MsgId::launch_llama_server},
                                                         {LaunchKind::Ollama, "ollama", MsgId::launch_ollama},
                                                         {LaunchKind::DeepSpeed, "deepspeed", MsgId::launch_deepspeed},
                                                         {LaunchKind::Torchrun, "torchrun", MsgId::launch_torchrun},
                                                         {LaunchKind::LlamaFactory, "llamafactory", MsgId::launch_llamafactory},
                                                         {LaunchKind::MlxConvert, "mlx-convert", MsgId::launch_mlx_convert},
                                                         {LaunchKind::MlxServer, "mlx-server", MsgId::launch_mlx_server}}};
};

// One word of a command line: literal text, or (variable) a shell variable the machine sets,
// rendered "$NAME" so that the shell expands it there and nothing else.
struct ShellWord {
  std::string text;
  bool variable = false;
  bool operator==(const ShellWord& o) const { return text == o.text && variable == o.variable; }
};

// A word for POSIX sh: as it is when made only of [A-Za-z0-9_@%+=:,./-] (and not empty), else in
// single quotes with each ' written '\''. A variable: "$NAME".
std::string sh_word(const ShellWord& word);
std::string render_sh(const std::vector<ShellWord>& argv);  // the words joined by single spaces

// A command line being built, word by word (every builder of a command uses it: launch.cpp,
// verify.cpp); render_sh() quotes the words once when the line is printed.
struct Argv {
  std::vector<ShellWord> words;
  Argv& add(std::string_view w) {
    words.push_back({std::string(w), false});
    return *this;
  }
  Argv& add(std::string_view flag, std::string_view v) { return add(flag).add(v); }
  Argv& add(std::string_view flag, std::int64_t v) { return add(flag).add(std::to_string(v)); }
  Argv& var(std::string_view flag, std::string_view name) {  // flag "$NAME"
    add(flag);
    words.push_back({std::string(name), true});
    return *this;
  }
};

struct LaunchCommand {
  LaunchKind kind = LaunchKind::Vllm;
  std::string file;  // "" = a command line; else the file to save `text` as ("Modelfile", "ds_config.json", ...)
  std::string text;  // a command line: render_sh(argv)
  std::vector<ShellWord> argv;  // a command line's words (empty for a file)
};

// The model as the engines load it: its Hugging Face repo id, else its catalog id; a GGUF file
// named as GGUF repos name them: "<repo name>-<PRECISION>.gguf" (Qwen2.5-7B-Instruct-Q4_K_M.gguf),
// any character outside [A-Za-z0-9._-] written '_' (it is a file name cardfit chooses).
std::string model_reference(const Model& model);
std::string gguf_file(const Model& model, const std::string& precision_id);

// The repository vLLM and SGLang load for a precision: the catalog's AWQ repository for int4,
// its FP8 repository for fp8 (checkpoints already quantised), else model_reference().
std::string serving_repo(const Model& model, const std::string& precision_id);

// llama-server's download spec for a GGUF repository: "<gguf_repo>:<PRECISION>" (llama.cpp
// README: -hf <user>/<model>[:quant]); "" when the catalog names no GGUF repository.
std::string gguf_hf_spec(const Model& model, const std::string& precision_id);

// MLX (mlx-lm): the directory mlx_lm.convert writes a precision's weights to, named as the
// mlx-community repositories are: "<repo name>-<precision>" (Qwen2.5-7B-Instruct-mlx-4bit), any
// character outside [A-Za-z0-9._-] written '_' (a path cardfit chooses); the bits mlx_lm.convert
// quantises a precision to (mlx-4bit 4, mlx-8bit 8; 0: not converted, the server loads the repo).
std::string mlx_dir(const Model& model, const std::string& precision_id);
int mlx_bits(const std::string& precision_id);

// What mlx_lm.server and mlx_lm.benchmark load for a precision: mlx_dir() when mlx_bits() > 0,
// else model_reference() (BF16/FP16 weights straight from the Hugging Face repo).
std::string mlx_model_path(const Model& model, const std::string& precision_id);

// The model a scenario runs (its custom model, else the catalog's); nullptr when there is none.
const Model* launch_model(const Catalog& catalog, const Scenario& scenario);

// llama.cpp's -ngl for a GPU row: the offloaded layer count, else every layer + the output layer.
int llamacpp_gpu_layers(const Model& model, const GpuEstimate& gpu);

// llama.cpp's cache type (-ctk/-ctv) for a catalog KV format: fp8 and int8 -> q8_0, int4 -> q4_0,
// bf16, fp16 -> f16; "" for any other.
std::string llamacpp_cache_type(const std::string& kv_precision);

// The commands for one GPU row of an estimate of `scenario` (catalog ids, as estimate() saw
// them); none when it does not fit (cards 0) or the engine or layout has no command here
// (Transformers; LMDeploy over pipeline stages; training with tensor or pipeline parallelism).
std::vector<LaunchCommand> launch_commands(const Catalog& catalog, const Scenario& scenario, const GpuEstimate& gpu);

}  // namespace cardfit
