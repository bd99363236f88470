// core/scenario.hpp: names of the enums used by the CLI, JSON and URLs round-trip.
#include <catch2/catch.hpp>

#include "scenario.hpp"

using namespace cardfit;

TEST_CASE("enum names round-trip") {
  for (Task t : {Task::Inference, Task::Lora, Task::Qlora, Task::Full, Task::Pretrain}) {
    CHECK(task_from_string(to_string(t)) == t);
  }
  for (Optimizer o : {Optimizer::AdamW, Optimizer::AdamW8bit, Optimizer::Sgd}) {
    CHECK(optimizer_from_string(to_string(o)) == o);
  }
  for (Checkpointing c : {Checkpointing::None, Checkpointing::Selective, Checkpointing::Full}) {
    CHECK(checkpointing_from_string(to_string(c)) == c);
  }
  CHECK(lang_from_string("zh") == Lang::Zh);
  CHECK(lang_from_string("en") == Lang::En);
  // The CLI contract's spellings (issue 4).
  CHECK(to_string(Optimizer::AdamW8bit) == "adamw-8bit");
  CHECK(task_from_string("qlora") == Task::Qlora);
  CHECK_FALSE(task_from_string("Inference"));
  CHECK_FALSE(optimizer_from_string("adam"));
  CHECK_FALSE(lang_from_string("fr"));
}

TEST_CASE("defaults and LoRA targets") {
  const Scenario s;
  CHECK(s.model == "qwen2.5-7b");
  CHECK(s.precision == "bf16");
  CHECK(s.task == Task::Inference);
  CHECK(s.context == 4096);
  CHECK(s.prompt == 1024);
  CHECK(s.concurrency == 1);
  CHECK(s.engine == "vllm");
  CHECK(s.gpu.empty());
  CHECK(s.cards == 0);
  CHECK(s.headroom < 0);
  CHECK_FALSE(is_training(Task::Inference));
  CHECK(is_training(Task::Qlora));
  for (const char* t : {"q", "k", "v", "o", "gate", "up", "down", "all-linear", "attention", "mlp"}) CHECK(is_lora_target(t));
  CHECK_FALSE(is_lora_target("q_proj"));
  Text text{"hello", "你好"};
  CHECK(text.in(Lang::Zh) == "你好");
  CHECK(text.in(Lang::En) == "hello");
}
