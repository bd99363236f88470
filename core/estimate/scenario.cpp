// Scenario helpers.
#include "scenario.hpp"

namespace cardfit {

bool is_training(Task task) { return task != Task::Inference; }
bool is_lora(Task task) { return task == Task::Lora || task == Task::Qlora; }

bool is_lora_target(std::string_view name) {
  return name == "q" || name == "k" || name == "v" || name == "o" || name == "gate" || name == "up" ||
         name == "down" || name == "all-linear" || name == "attention" || name == "mlp";
}

}  // namespace cardfit
