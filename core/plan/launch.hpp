// Launch commands to paste, per GPU row: what to type to start the job that cardfit sized, with
// cardfit's own numbers in it (cards, layout, context, concurrency, offloaded layers, micro-batch,
// ZeRO stage). Inference: vLLM, SGLang, llama.cpp's llama-server, an Ollama Modelfile. Training:
// a DeepSpeed ZeRO config, the torchrun line that uses it, and a LLaMA-Factory YAML.
// docs/cli.md §Launch commands lists the flags and where each number comes from.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "names.hpp"
#include "scenario.hpp"

namespace cardfit {

enum class LaunchKind { Vllm, Sglang, TrtllmServe, Lmdeploy, LlamaServer, Ollama, DeepSpeed, Torchrun, LlamaFactory };
template <>
struct EnumNames<LaunchKind> {
  static constexpr std::array<Name<LaunchKind>, 9> list{{{LaunchKind::Vllm, "vllm", MsgId::launch_vllm},
                                                         {LaunchKind::Sglang, "sglang", MsgId::launch_sglang},
                                                         {LaunchKind::TrtllmServe, "trtllm-serve", MsgId::launch_trtllm_serve},
                                                         {LaunchKind::Lmdeploy, "lmdeploy", MsgId::launch_lmdeploy},
                                                         {LaunchKind::LlamaServer, "llama-server", MsgId::launch_llama_server},
                                                         {LaunchKind::Ollama, "ollama", MsgId::launch_ollama},
                                                         {LaunchKind::DeepSpeed, "deepspeed", MsgId::launch_deepspeed},
                                                         {LaunchKind::Torchrun, "torchrun", MsgId::launch_torchrun},
                                                         {LaunchKind::LlamaFactory, "llamafactory", MsgId::launch_llamafactory}}};
};

struct LaunchCommand {
  LaunchKind kind = LaunchKind::Vllm;
  std::string file;  // "" = a command line; else the file to save `text` as ("Modelfile", "ds_config.json", ...)
  std::string text;
};

// The model as the engines load it: its Hugging Face repo id, else its catalog id; a GGUF file
// named as GGUF repos name them: "<repo name>-<PRECISION>.gguf" (Qwen2.5-7B-Instruct-Q4_K_M.gguf).
std::string model_reference(const Model& model);
std::string gguf_file(const Model& model, const std::string& precision_id);

// The repository vLLM and SGLang load for a precision: the catalog's AWQ repository for int4,
// its FP8 repository for fp8 (checkpoints already quantised), else model_reference().
std::string serving_repo(const Model& model, const std::string& precision_id);

// llama-server's download spec for a GGUF repository: "<gguf_repo>:<PRECISION>" (llama.cpp
// README: -hf <user>/<model>[:quant]); "" when the catalog names no GGUF repository.
std::string gguf_hf_spec(const Model& model, const std::string& precision_id);

// The commands for one GPU row of an estimate of `scenario` (catalog ids, as estimate() saw
// them); none when it does not fit (cards 0) or the engine or layout has no command here
// (Transformers; LMDeploy over pipeline stages; training with tensor or pipeline parallelism).
std::vector<LaunchCommand> launch_commands(const Catalog& catalog, const Scenario& scenario, const GpuEstimate& gpu);

}  // namespace cardfit
