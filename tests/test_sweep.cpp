// The expert's sweep (issue 33): every catalog model x task x budget tier through plan(), and
// the rules an expert renter checks on every pick and every alternative's pick:
//   - the engine has a build for the card's runtime (CUDA / ROCm / CANN);
//   - the card has a kernel for the weights (AWQ int4 on sm75+; no GGUF k-quants on CANN;
//     bitsandbytes: vLLM's on CUDA only, the library itself on CUDA and (v0.50) ROCm, never CANN; FP8 on sm80+ (weight-only) or FP8 tensor cores; NVFP4 on
//     NVIDIA only);
//   - the machine is one the offer sells (a 1-card offer is not a multi-card node) and the offer
//     is in stock;
//   - the pick has a launch command;
//   - an alternative's settings are not empty and its pick obeys the same rules.
// The rules are written here from the engines' own pages, independently of the catalog's support
// table (which the planner reads), so a wrong row in the table fails this test:
//   vLLM docs/features/quantization/supported_hardware.md (AWQ: Turing+, no AMD; FP8 W8A8: Ada,
//   Hopper, AMD; Marlin: Ampere+; bitsandbytes: NVIDIA only); bitsandbytes' installation guide
//   (NVIDIA, AMD from v0.50, Intel, Apple; no Ascend); llama.cpp docs/backend/CANN.md
//   (data types FP16, Q4_0, Q8_0); TensorRT-LLM "Supported Hardware" (NVIDIA only); Ollama
//   docs/gpu (NVIDIA cc 5.0+ and AMD ROCm); SGLang docs/advanced_features/quantization.md
//   (awq/gptq on NVIDIA, AMD and Ascend A2/A3 with CANN kernels).
//
// `cardfit_tests "[.sweep-counts]"` prints the counts (issue 33's closing note).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "plan.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::catalog;

namespace {

// Compute capability by architecture (NVIDIA's CUDA GPUs page); 0 = not CUDA.
double compute_capability(const Gpu& g) {
  if (g.runtime != Runtime::Cuda) return 0;
  const std::string& a = g.architecture;
  if (a == "Volta") return 7.0;
  if (a == "Turing") return 7.5;
  if (a == "Ampere") return 8.0;
  if (a == "Ada Lovelace") return 8.9;
  if (a == "Hopper") return 9.0;
  if (a == "Blackwell") return 10.0;
  return 0;
}

bool is_gguf_kquant(const std::string& p) {
  return p == "q6_k" || p == "q5_k_m" || p == "q4_k_m" || p == "q3_k_m" || p == "q2_k";
}

struct Scene {
  std::string label;
  Scenario scenario;
};

// The sanitizer build (-O0, ASan + UBSan: ~23x slower, ~34 min for the whole sweep) plans every
// fifth model for its memory checks; the release build plans every one for the rules.
#ifdef CARDFIT_SANITIZED
constexpr std::size_t kModelStride = 5;
#else
constexpr std::size_t kModelStride = 1;
#endif

// The sweep: every model in the tasks and precisions a renter asks for.
std::vector<Scene> scenes() {
  std::vector<Scene> out;
  for (std::size_t i = 0; i < catalog().models.size(); i += kModelStride) {
    const Model& m = catalog().models[i];
    auto add = [&](const std::string& label, Task task, const std::string& precision, const std::string& engine) {
      Scene s;
      s.label = m.id + " " + label;
      s.scenario.model = m.id;
      s.scenario.task = task;
      if (!precision.empty()) s.scenario.precision = precision;
      s.scenario.engine = engine;
      s.scenario.explain = false;
      out.push_back(s);
    };
    add("inference", Task::Inference, "", "vllm");
    add("inference int4", Task::Inference, "int4", "vllm");
    add("inference fp8", Task::Inference, "fp8", "vllm");
    add("inference q4_k_m llama.cpp", Task::Inference, "q4_k_m", "llama.cpp");
    add("lora", Task::Lora, "bf16", "vllm");
    add("qlora", Task::Qlora, "nf4", "vllm");
  }
  // Every engine on one large model (engines without a build for a card's runtime).
  for (const EngineProfile& e : catalog().engines) {
    for (const char* precision : {"bf16", "int4"}) {
      Scene s;
      s.label = std::string("qwen2.5-72b ") + precision + " " + e.id;
      s.scenario.model = "qwen2.5-72b";
      s.scenario.precision = precision;
      s.scenario.engine = e.id;
      s.scenario.explain = false;
      out.push_back(s);
    }
  }
  return out;
}

struct Counts {
  int plans = 0, picks = 0, yearly = 0, no_command = 0, infeasible = 0, alternatives = 0, bad_alternatives = 0;
  int ref_leads = 0, tight = 0, multi_machine = 0;
  std::map<std::string, int> per_gpu;
  std::map<std::string, int> rules;  // infeasible picks (and alternatives) by rule
};

// Which rule an option breaks under `sc`, or "" when it runs as given.
std::string broken_rule(const Scenario& sc, const Option& o) {
  const Catalog& c = catalog();
  const Gpu* gpu = c.find_gpu(o.gpu);
  const Offer* offer = nullptr;
  for (const Offer& f : c.offers)
    if (f.id == o.offer) offer = &f;
  if (!gpu || !offer) return "unknown gpu/offer";
  const double cc = compute_capability(*gpu);
  const bool inference = sc.task == Task::Inference;
  const std::string p = as_run(c, sc).precision;  // "" = as released (DeepSeek-R1: fp8)
  if (inference) {
    if (sc.engine == "tensorrt-llm" && gpu->runtime != Runtime::Cuda) return "tensorrt-llm without CUDA";
    if (sc.engine == "ollama" && gpu->runtime == Runtime::Cann) return "ollama on CANN";
    if (p == "int4" && gpu->runtime == Runtime::Cuda && cc < 7.5) return "AWQ int4 below sm75";
    if (p == "int4" && sc.engine == "vllm" && gpu->runtime == Runtime::Cann)  // SGLang: CANN AWQ kernels
      return "vLLM AWQ int4 on CANN";                                           // (its quantization table)
    if (p == "int4" && sc.engine == "vllm" && gpu->runtime == Runtime::Rocm) return "vLLM AWQ int4 on ROCm";
    if (is_gguf_kquant(p) && gpu->runtime == Runtime::Cann) return "GGUF k-quant on CANN";
    if (p == "nvfp4" && gpu->runtime != Runtime::Cuda) return "NVFP4 without CUDA";
    if (p == "fp8" && gpu->runtime == Runtime::Cann) return "FP8 on CANN";
    if (p == "fp8" && gpu->runtime == Runtime::Cuda && cc < 8.0) return "FP8 below sm80";
  }
  if (inference && p == "nf4" && sc.engine == "vllm" && gpu->runtime != Runtime::Cuda) return "vLLM bitsandbytes without CUDA";
  if ((sc.task == Task::Qlora || p == "nf4") && gpu->runtime == Runtime::Cann) return "bitsandbytes on CANN";
  // A per-card offer is one machine of at most the cards its source says one machine holds.
  if (offer->unit == OfferUnit::Card && o.units > std::max(1, offer->max_cards))
    return "1-card offer summed into a multi-card machine";
  if (offer->notes.find("available: false") != std::string::npos || offer->notes.find("unavailable") != std::string::npos)
    return "offer not available";
  if (offer->unit == OfferUnit::Slice && is_training(sc.task)) return "MIG slice for training";
  return "";
}

Counts sweep() {
  Counts n;
  std::vector<std::string> tiers = {""};
  for (const BudgetTier& t : catalog().budget_tiers) tiers.push_back(t.id);
  for (const Scene& s : scenes()) {
    for (const std::string& tier : tiers) {
      PlanRequest r;
      r.scenario = s.scenario;
      r.budget_tier = tier;
      r.today = "2026-12-01";
      const Result<Plan> res = plan(catalog(), r);
      if (!res.ok()) continue;
      ++n.plans;
      const Plan& p = *res.value;
      if (!p.options.empty()) {
        const Platform* first = catalog().find_platform(p.options.front().platform);
        if (first && first->kind == PlatformKind::Market) ++n.ref_leads;
      }
      if (p.pick) {
        const Option& o = *p.pick;
        ++n.picks;
        ++n.per_gpu[o.gpu];
        if (o.term == Term::Yearly) ++n.yearly;
        if (o.fit == Fit::Tight) ++n.tight;
        if (o.units > 1 && o.unit != OfferUnit::Card) ++n.multi_machine;
        if (o.launch.empty()) ++n.no_command;
        const std::string rule = broken_rule(s.scenario, o);
        if (!rule.empty()) {
          ++n.infeasible;
          ++n.rules[rule];
        }
      }
      for (const Alternative& a : p.alternatives) {
        ++n.alternatives;
        Scenario changed = s.scenario;
        for (const auto& [key, value] : a.set) {
          if (key == "precision") changed.precision = value;
          if (key == "task") changed.task = value == "qlora" ? Task::Qlora : value == "lora" ? Task::Lora : changed.task;
        }
        const std::string rule = a.set.empty() ? std::string("settings empty") : broken_rule(changed, a.pick);
        if (!rule.empty()) {
          ++n.bad_alternatives;
          ++n.rules["alternative: " + rule];
        }
      }
    }
  }
  return n;
}

const Counts& counts() {
  static const Counts n = sweep();
  return n;
}

}  // namespace

TEST_CASE("every pick of the sweep runs as given", "[sweep]") {
  const Counts& n = counts();
  REQUIRE(n.picks > 0);
  for (const auto& [rule, count] : n.rules) {
    INFO(rule << ": " << count);
    CHECK(count == 0);
  }
  CHECK(n.infeasible == 0);
  CHECK(n.no_command == 0);
  CHECK(n.bad_alternatives == 0);
  CHECK(n.ref_leads == 0);
}

TEST_CASE("sweep counts", "[.sweep-counts]") {
  const Counts& n = counts();
  std::printf("plans %d, picks %d, yearly picks %d, picks without a launch command %d, infeasible picks %d\n", n.plans,
              n.picks, n.yearly, n.no_command, n.infeasible);
  std::printf("tight picks %d, picks over several machines %d\n", n.tight, n.multi_machine);
  std::printf("alternatives %d, not pickable or without settings %d; tables led by a market reference %d\n",
              n.alternatives, n.bad_alternatives, n.ref_leads);
  std::printf("picks per GPU:\n");
  for (const auto& [gpu, count] : n.per_gpu) std::printf("  %-16s %d\n", gpu.c_str(), count);
  std::printf("broken rules:\n");
  for (const auto& [rule, count] : n.rules) std::printf("  %-50s %d\n", rule.c_str(), count);
}
