// Fuzz target: the launch commands (core/plan/launch.hpp) built from repository names that no
// check has seen (an overlay's hf_repo/awq_repo/fp8_repo/gguf_repo, a config's _name_or_path).
// Properties (issue 32): every command line, split as POSIX sh splits it, gives back exactly the
// argument vector its builder meant (no word added, lost or run); the model's word is the
// repository it names, whole; each line of the LLaMA-Factory YAML is one of its keys (no line
// injected); the Modelfile's FROM names a file of plain characters. The benchmark beside the
// launch command (verify.hpp) is held to the same: split as sh splits it, exactly its words, the
// model word whole; and there is none without a launch command. MLX (mlx_lm.convert, mlx_lm.server,
// mlx_lm.benchmark) runs on an Apple GPU, at concurrencies below and above mlx-lm's batch of 32.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "catalog_validate.hpp"
#include "launch.hpp"
#include "sh_words.hpp"
#include "verify.hpp"

using namespace cardfit;

namespace {

std::string_view field(std::string_view& rest) {  // up to the next NUL
  const std::size_t end = rest.find('\0');
  const std::string_view f = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  return f;
}

bool yaml_line_ok(std::string_view line) {
  static constexpr std::string_view kKeys[] = {
      "model_name_or_path: ", "stage: ", "do_train: ", "finetuning_type: ", "lora_rank: ", "lora_target: ",
      "quantization_bit: ", "deepspeed: ", "cutoff_len: ", "per_device_train_batch_size: ",
      "gradient_accumulation_steps: ", "bf16: ", "fp16: ", "disable_gradient_checkpointing: "};
  if (line == "# FORCE_TORCHRUN=1 llamafactory-cli train cardfit.yaml") return true;
  for (std::string_view k : kKeys) {
    if (line.substr(0, k.size()) == k) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  static constexpr const char* kEngines[] = {"vllm", "sglang", "tensorrt-llm", "lmdeploy", "llama.cpp", "ollama", "mlx"};
  static constexpr const char* kPrecisions[] = {"bf16", "fp8", "int4", "q4_k_m"};
  static constexpr const char* kMlxPrecisions[] = {"mlx-4bit", "mlx-8bit", "bf16"};
  // 1, a batch mlx_lm.benchmark runs with -b, and above kMlxDecodeConcurrency (--decode-concurrency).
  static constexpr std::int64_t kConcurrency[] = {1, 8, 33, 64};
  std::string_view rest(reinterpret_cast<const char*>(data) + 2, size - 2);
  const Catalog& c = fuzz::bundled();
  const Model clean = *c.find_model("qwen2.5-7b");
  Model m = clean;
  m.hf_repo = std::string(field(rest));
  m.awq_repo = std::string(field(rest));
  m.fp8_repo = std::string(field(rest));
  m.gguf_repo = std::string(field(rest));
  m.id = "custom";

  // The catalog's check refuses any repository a shell would have to quote.
  if (validate_model(m, "model", false).empty()) {
    for (const std::string* r : {&m.hf_repo, &m.awq_repo, &m.fp8_repo, &m.gguf_repo}) {
      FUZZ_CHECK(r->empty() || sh_word({*r, false}) == *r, "a repository id that passes the check needs no quoting");
    }
  }

  // Sized with the clean model (the check would refuse the hostile one), launched with the hostile one.
  Scenario s;
  s.custom_model = clean;
  s.explain = false;
  s.gpu = "a100-80g";
  s.engine = kEngines[data[0] % 7];
  s.precision = kPrecisions[(data[0] / 7) % 4];
  if (s.engine == "vllm" || s.engine == "sglang") s.precision = kPrecisions[(data[0] / 7) % 3];
  s.task = data[1] % 3 == 0 ? Task::Lora : Task::Inference;
  s.cards = 1 + data[1] % 4;
  if (data[1] & 0x80) s.kv_precision = "fp8";
  if (s.engine == "mlx") {  // Metal only: one Apple GPU, MLX's own weights or BF16
    s.gpu = "apple-m4-max-128g";
    s.precision = kMlxPrecisions[(data[0] / 7) % 3];
    s.cards = 1;
  }
  if (s.task == Task::Inference) s.concurrency = kConcurrency[(data[1] >> 4) % 4];
  const Result<Estimate> r = estimate(c, s);
  if (!r.ok()) return 0;  // a precision this engine does not run, or training beyond its cards
  const Estimate& e = *r.value;
  Scenario hostile = e.scenario;
  hostile.custom_model = m;
  for (const GpuEstimate& g : e.gpus) {
    const std::vector<LaunchCommand> launch = launch_commands(c, hostile, g);
    const std::optional<VerifyCommand> verify = verify_for(c, hostile, g, launch);
    FUZZ_CHECK(!verify || !launch.empty(), "no benchmark without a launch command");
    if (verify) {
      const auto words = fuzz::sh_split(verify->text);
      if (!words || *words != verify->argv) std::fprintf(stderr, "benchmark: %s\n", verify->text.c_str());
      FUZZ_CHECK(words.has_value(), "sh reads no syntax in a benchmark command");
      FUZZ_CHECK(*words == verify->argv, "sh splits the benchmark into exactly the words meant");
      if (verify->tool != VerifyTool::LlamaBench) {
        const std::string repo = verify->tool == VerifyTool::MlxBenchmark ? mlx_model_path(m, e.scenario.precision)
                                                                          : serving_repo(m, e.scenario.precision);
        bool whole = false;
        for (std::size_t i = 0; i + 1 < verify->argv.size(); ++i) {
          whole = whole || (verify->argv[i].text == "--model" && verify->argv[i + 1].text == repo);
        }
        FUZZ_CHECK(whole, "the benchmark names the served repository, whole");
      }
      for (const VerifyRun& run : verify->also) {
        const auto run_words = fuzz::sh_split(run.text);
        if (!run_words || *run_words != run.argv) std::fprintf(stderr, "benchmark: %s\n", run.text.c_str());
        FUZZ_CHECK(run_words.has_value(), "sh reads no syntax in a one-batch benchmark");
        FUZZ_CHECK(*run_words == run.argv, "sh splits the one-batch benchmark into exactly the words meant");
      }
    }
    for (const LaunchCommand& cmd : launch) {
      if (cmd.file.empty()) {
        FUZZ_CHECK(!cmd.argv.empty(), "a command line has its words");
        const auto words = fuzz::sh_split(cmd.text);
        if (!words || *words != cmd.argv) std::fprintf(stderr, "command: %s\n", cmd.text.c_str());
        FUZZ_CHECK(words.has_value(), "sh reads no syntax in a launch command");
        FUZZ_CHECK(*words == cmd.argv, "sh splits the command into exactly the words meant");
        const std::string repo = cmd.kind == LaunchKind::Vllm || cmd.kind == LaunchKind::Sglang
                                     ? serving_repo(m, e.scenario.precision)
                                     : model_reference(m);
        if (cmd.kind == LaunchKind::Vllm) FUZZ_CHECK(cmd.argv.at(2).text == repo, "vllm serves the repository, whole");
        if (cmd.kind == LaunchKind::Sglang) FUZZ_CHECK(cmd.argv.at(4).text == repo, "SGLang loads the repository, whole");
        if (cmd.kind == LaunchKind::TrtllmServe) FUZZ_CHECK(cmd.argv.at(1).text == repo, "trtllm-serve: the repository");
        if (cmd.kind == LaunchKind::Lmdeploy) FUZZ_CHECK(cmd.argv.at(3).text == repo, "lmdeploy: the repository");
        if (cmd.kind == LaunchKind::MlxConvert) {
          FUZZ_CHECK(cmd.argv.at(1).text == "--hf-path" && cmd.argv.at(2).text == repo, "mlx_lm.convert: the repository");
          FUZZ_CHECK(cmd.argv.at(4).text == mlx_dir(m, e.scenario.precision), "mlx_lm.convert writes the directory");
          FUZZ_CHECK(sh_word(cmd.argv.at(4)) == cmd.argv.at(4).text, "the MLX directory needs no quoting");
        }
        if (cmd.kind == LaunchKind::MlxServer) {
          FUZZ_CHECK(cmd.argv.at(1).text == "--model" && cmd.argv.at(2).text == mlx_model_path(m, e.scenario.precision),
                     "mlx_lm.server loads the directory or the repository, whole");
        }
      } else if (cmd.kind == LaunchKind::LlamaFactory) {
        std::string_view t = cmd.text;
        while (!t.empty()) {
          const std::size_t end = t.find('\n');
          FUZZ_CHECK(end != std::string_view::npos, "the YAML ends with a line break");
          FUZZ_CHECK(yaml_line_ok(t.substr(0, end)), "each YAML line is one of LLaMA-Factory's keys");
          t = t.substr(end + 1);
        }
      } else if (cmd.kind == LaunchKind::Ollama) {
        const std::string_view t = cmd.text;
        const std::size_t end = t.find('\n');
        FUZZ_CHECK(t.substr(0, 7) == "FROM ./" && end != std::string_view::npos, "the Modelfile starts FROM ./");
        for (char ch : t.substr(7, end - 7)) {
          const bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                             ch == '.' || ch == '_' || ch == '-';
          FUZZ_CHECK(plain, "the GGUF file name is plain");
        }
      }
    }
  }
  return 0;
}
