// core/estimate/scenario.hpp: the scenario's defaults, its enums' names (one table each,
// names.hpp) as the CLI, JSON and links spell them.
#include <catch2/catch.hpp>

#include "scenario.hpp"
#include "test_support.hpp"

using namespace cardfit;

TEST_CASE("enum names round-trip") {
  for (Task t : {Task::Inference, Task::Lora, Task::Qlora, Task::Full, Task::Pretrain}) {
    CHECK(parse_name<Task>(name_of(t)) == t);
    CHECK(label_of(t) != MsgId::none);
  }
  for (Optimizer o : {Optimizer::AdamW, Optimizer::AdamW8bit, Optimizer::AdamWBf16, Optimizer::Sgd}) CHECK(parse_name<Optimizer>(name_of(o)) == o);
  for (Checkpointing c : {Checkpointing::Auto, Checkpointing::None, Checkpointing::Selective, Checkpointing::Full}) {
    CHECK(parse_name<Checkpointing>(name_of(c)) == c);
  }
  CHECK(parse_name<Lang>("zh") == Lang::Zh);
  CHECK(parse_name<Lang>("en") == Lang::En);
  // The CLI contract's spellings, and an alias that is read but never written.
  CHECK(name_of(Optimizer::AdamW8bit) == "adamw-8bit");
  CHECK(parse_name<Optimizer>("adamw8bit") == Optimizer::AdamW8bit);
  CHECK(names_list<Optimizer>() == "adamw, adamw-8bit, adamw-bf16, sgd");
  CHECK(parse_name<Task>("qlora") == Task::Qlora);
  CHECK_FALSE(parse_name<Task>("Inference"));
  CHECK_FALSE(parse_name<Optimizer>("adam"));
  CHECK_FALSE(parse_name<Lang>("fr"));
}

TEST_CASE("defaults and LoRA targets") {
  const Scenario s;
  CHECK(s.model == "qwen3.5-27b");  // issue 26: a current model (v=1 links keep qwen2.5-7b: test_url_state_v2.cpp)
  CHECK(s.precision.empty());  // as released: default_precision (test_reference_deployments.cpp)
  CHECK(s.task == Task::Inference);
  CHECK(s.context == 4096);
  CHECK(s.prompt == 1024);
  CHECK(s.concurrency == 1);
  CHECK_FALSE(s.engine.has_value());  // not named: default_engine, vLLM for the weights as released
  CHECK(as_run(test::catalog(), s).engine == std::string("vllm"));
  CHECK(s.gpu.empty());
  CHECK(s.cards == 0);
  CHECK_FALSE(s.headroom);  // the catalog's
  CHECK_FALSE(is_training(Task::Inference));
  CHECK(is_training(Task::Qlora));
  for (const char* t : {"q", "k", "v", "o", "gate", "up", "down", "all-linear", "attention", "mlp"}) CHECK(is_lora_target(t));
  CHECK_FALSE(is_lora_target("q_proj"));
}
