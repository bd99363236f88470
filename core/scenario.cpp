// Scenario enums <-> their CLI/JSON names.
#include "scenario.hpp"

namespace cardfit {

std::string_view to_string(Task task) {
  switch (task) {
    case Task::Inference: return "inference";
    case Task::Lora: return "lora";
    case Task::Qlora: return "qlora";
    case Task::Full: return "full";
    case Task::Pretrain: return "pretrain";
  }
  return "inference";
}

std::string_view to_string(Optimizer optimizer) {
  switch (optimizer) {
    case Optimizer::AdamW: return "adamw";
    case Optimizer::AdamW8bit: return "adamw-8bit";
    case Optimizer::Sgd: return "sgd";
  }
  return "adamw";
}

std::string_view to_string(Checkpointing checkpointing) {
  switch (checkpointing) {
    case Checkpointing::None: return "none";
    case Checkpointing::Selective: return "selective";
    case Checkpointing::Full: return "full";
  }
  return "none";
}

std::string_view to_string(Lang lang) { return lang == Lang::Zh ? "zh" : "en"; }

std::optional<Task> task_from_string(std::string_view s) {
  if (s == "inference") return Task::Inference;
  if (s == "lora") return Task::Lora;
  if (s == "qlora") return Task::Qlora;
  if (s == "full") return Task::Full;
  if (s == "pretrain") return Task::Pretrain;
  return std::nullopt;
}

std::optional<Optimizer> optimizer_from_string(std::string_view s) {
  if (s == "adamw") return Optimizer::AdamW;
  if (s == "adamw-8bit" || s == "adamw8bit") return Optimizer::AdamW8bit;
  if (s == "sgd") return Optimizer::Sgd;
  return std::nullopt;
}

std::optional<Checkpointing> checkpointing_from_string(std::string_view s) {
  if (s == "none") return Checkpointing::None;
  if (s == "selective") return Checkpointing::Selective;
  if (s == "full") return Checkpointing::Full;
  return std::nullopt;
}

std::optional<Lang> lang_from_string(std::string_view s) {
  if (s == "en") return Lang::En;
  if (s == "zh") return Lang::Zh;
  return std::nullopt;
}

bool is_training(Task task) { return task != Task::Inference; }

bool is_lora_target(std::string_view name) {
  return name == "q" || name == "k" || name == "v" || name == "o" || name == "gate" || name == "up" ||
         name == "down" || name == "all-linear" || name == "attention" || name == "mlp";
}

}  // namespace cardfit
