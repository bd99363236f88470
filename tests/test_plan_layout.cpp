// core/plan/plan.cpp estimate_on_offer and core/estimate/fit.hpp's TP cap (issue 25): a
// tensor-parallel group never spans machines. An offer whose machine holds fewer cards than the
// GPU estimate's TP group is re-planned (TP at most the machine's cards, pipeline stages across
// machines) and estimated again; its option carries that layout, its figures and its launch command.
#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "estimate.hpp"
#include "fit.hpp"
#include "launch.hpp"
#include "plan.hpp"
#include "resolve.hpp"

using namespace cardfit;
using cardfit::test::run_plan;

namespace {

// The cards one machine of an offer holds, as docs/planner.md §1 reads an offer.
int machine_cards(const Offer& o) {
  if (o.unit == OfferUnit::Machine) return std::max(1, o.cards);
  if (o.unit == OfferUnit::Card) return std::max(1, o.max_cards);
  return 1;
}

// The number after `flag` in a launch command's argv; 0 when absent.
int flag_value(const LaunchCommand& l, const std::string& flag) {
  for (std::size_t i = 0; i + 1 < l.argv.size(); ++i) {
    if (l.argv[i].text == flag) return std::stoi(l.argv[i + 1].text);
  }
  return 0;
}

PlanRequest request(const std::string& model, std::int64_t context = 4096, const std::string& gpu = "",
                    const std::string& precision = "") {
  PlanRequest r;
  r.scenario.model = model;
  r.scenario.context = context;
  r.scenario.gpu = gpu;
  r.scenario.precision = precision;
  r.top = 1000;
  return r;
}

// The GPU estimates the plan starts from (every GPU at its automatic count, or the scenario's).
Estimate gpu_estimates(const PlanRequest& r, const Catalog& c) {
  Scenario s = r.scenario;
  s.explain = false;
  return test::run(s, c);
}

const Option* option_on(const Plan& p, const std::string& offer) {
  for (const Option& o : p.options) {
    if (o.offer == offer) return &o;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("fit: the TP cap keeps a layout inside one machine", "[fit][plan-layout]") {
  const EngineProfile& vllm = *test::catalog().find_engine("vllm");
  const Model& m = test::model("llama-3-70b");
  const Gpu& h100 = test::gpu("h100-sxm");
  const std::optional<Layout> wide = inference_layout(m, vllm, h100, 16);
  REQUIRE(wide);
  CHECK(wide->tensor_parallel == 8);
  for (int cap : {1, 2, 4}) {
    const std::optional<Layout> l = inference_layout(m, vllm, h100, 16, cap);
    REQUIRE(l);
    CHECK(l->tensor_parallel == cap);
    CHECK(l->pipeline_parallel == 16 / cap);
  }
  // Wider than the node: the node still bounds it.
  CHECK(inference_layout(m, vllm, h100, 16, 64)->tensor_parallel == wide->tensor_parallel);
  // More stages than layers: no layout.
  CHECK_FALSE(inference_layout(m, vllm, h100, 2 * m.num_layers, 1));
  CHECK(tensor_parallel_cap(h100, std::nullopt) == h100.max_cards_per_node);
  CHECK(tensor_parallel_cap(h100, 2) == 2);
}

TEST_CASE("fit: training layouts keep TP inside the scenario's machine", "[fit][plan-layout]") {
  Scenario s;
  s.model = "qwen2.5-72b";
  s.task = Task::Full;
  s.gpu = "h100-sxm";
  s.explain = false;
  const Scenario wide_run = as_run(test::catalog(), s);  // NOTE: Resolved points into its scenario
  Result<Resolved> r = resolve(test::catalog(), wide_run);
  REQUIRE(r.ok());
  const Gpu& h100 = test::gpu("h100-sxm");
  const std::vector<Layout> all = training_layouts(*r.value, h100, 16);
  REQUIRE(std::any_of(all.begin(), all.end(), [](const Layout& l) { return l.tensor_parallel > 2; }));
  s.max_tensor_parallel = 2;
  const Scenario capped_run = as_run(test::catalog(), s);
  Result<Resolved> capped = resolve(test::catalog(), capped_run);
  REQUIRE(capped.ok());
  const std::vector<Layout> some = training_layouts(*capped.value, h100, 16);
  REQUIRE_FALSE(some.empty());
  for (const Layout& l : some) CHECK(l.tensor_parallel <= 2);
}

// Every option of several scenarios of the shipped catalog runs a TP group inside one machine of
// its offer, its layout covers its cards, and its launch command says that layout.
TEST_CASE("plan: no option's tensor-parallel group spans machines", "[plan][plan-layout]") {
  const Catalog& c = test::catalog();
  const std::vector<PlanRequest> requests = {request("kimi-k3"), request("qwen2.5-72b", 32768, "rtx-4090"),
                                             request("deepseek-r1", 4096, "", "fp8")};
  int narrowed = 0;
  for (const PlanRequest& r : requests) {
    const Plan p = run_plan(r, c);
    const Estimate est = gpu_estimates(r, c);
    REQUIRE(!p.options.empty());
    for (const Option& o : p.options) {
      const Offer* offer = c.find_offer(o.offer);
      REQUIRE(offer != nullptr);
      INFO(r.scenario.model << ": " << o.offer << " x" << o.cards << " TP " << o.tensor_parallel << " PP "
                            << o.pipeline_parallel);
      CHECK(o.tensor_parallel <= machine_cards(*offer));
      CHECK(o.tensor_parallel * o.pipeline_parallel * o.replicas == o.cards);
      const GpuEstimate* ge = nullptr;
      for (const GpuEstimate& g : est.gpus) {
        if (g.gpu == o.gpu) ge = &g;
      }
      if (ge && ge->cards * o.replicas == o.cards && ge->tensor_parallel > o.tensor_parallel) ++narrowed;
      for (const LaunchCommand& l : o.launch) {
        if (l.kind != LaunchKind::Vllm) continue;
        CHECK(flag_value(l, "--tensor-parallel-size") == o.tensor_parallel);
        CHECK(flag_value(l, "--pipeline-parallel-size") == o.pipeline_parallel);
      }
    }
  }
  CHECK(narrowed > 0);  // the cap did something: Lambda's 4-card A6000 machines, 一万网络's one-card 4090s
}

// Qwen2.5-72B at 32k on RTX 4090s: the GPU estimate runs 8 cards at TP 8, but 一万网络 rents the
// 4090 in one-card machines (the budget guide's price list). The option stays, at TP 1 x PP 8,
// with the memory and speed of that layout (estimate() on it), not of TP 8.
TEST_CASE("plan: a one-card machine runs a pipeline across machines, estimated on that layout", "[plan][plan-layout]") {
  const Catalog& c = test::plan_catalog();
  const PlanRequest r = request("qwen2.5-72b", 32768, "rtx-4090");
  const Plan p = run_plan(r, c);
  const Offer* offer = c.find_offer("yiwan-rtx-4090-machine");
  REQUIRE(offer != nullptr);
  REQUIRE(offer->unit == OfferUnit::Machine);
  REQUIRE(offer->cards == 1);
  const Option* o = option_on(p, "yiwan-rtx-4090-machine");
  REQUIRE(o != nullptr);  // not dropped (cdfb595): PP across machines fits
  const Estimate est = gpu_estimates(r, c);
  REQUIRE(est.gpus.size() == 1);
  const GpuEstimate& wide = est.gpus.front();
  REQUIRE(wide.tensor_parallel > 1);  // the GPU's own layout: TP inside its 8-card node
  CHECK(o->tensor_parallel == 1);
  CHECK(o->pipeline_parallel == o->cards);
  CHECK(o->units == o->cards);

  // The same cards estimated with TP at most one card per machine.
  Scenario s = r.scenario;
  s.gpu = "rtx-4090";
  s.cards = o->cards;
  s.max_tensor_parallel = 1;
  s.explain = false;
  const Estimate narrow_e = test::run(s, c);
  REQUIRE(narrow_e.gpus.size() == 1);
  const GpuEstimate& narrow = narrow_e.gpus.front();
  CHECK(narrow.tensor_parallel == 1);
  CHECK(o->decode_tokens_per_s == Approx(narrow.decode_tokens_per_s));
  CHECK(o->ttft_ms == Approx(narrow.ttft_ms));
  CHECK(o->need_bytes == Approx(static_cast<double>(narrow.per_card_bytes)));
  CHECK(o->fit == narrow.fit);
  // Single-stream decode over 8 pipeline stages reads each card's weights one stage after another:
  // slower than TP 8, where all cards read at once.
  CHECK(narrow.decode_tokens_per_s < wide.decode_tokens_per_s);
  CHECK(o->decode_tokens_per_s != Approx(wide.decode_tokens_per_s));

  // The launch command starts that layout.
  REQUIRE_FALSE(o->launch.empty());
  const LaunchCommand& l = o->launch.front();
  INFO(l.text);
  CHECK(flag_value(l, "--tensor-parallel-size") == 1);
  CHECK(flag_value(l, "--pipeline-parallel-size") == o->cards);
  CHECK(l.text.find("--tensor-parallel-size " + std::to_string(wide.tensor_parallel)) == std::string::npos);
}

// A layout that cannot be laid out on the offer's machines is no option at that card count:
// Qwen2.5-7B has 28 layers, so 一万网络's one-card 4090 machines run at most 28 pipeline stages.
// 28 cards: TP 1 x PP 28, an option; 32 cards: 32 stages for 28 layers, none (the GPU's own
// layout, TP 4 x PP 8 in 8-card nodes, fits).
TEST_CASE("plan: a layout impossible on the offer's machines is no option", "[plan][plan-layout]") {
  const Catalog& c = test::plan_catalog();
  const int layers = test::model("qwen2.5-7b", c).num_layers;
  for (int cards : {layers, layers + 4}) {
    PlanRequest r = request("qwen2.5-7b", 4096, "rtx-4090");
    r.scenario.cards = cards;
    r.platforms = {"yiwan"};
    const Plan p = run_plan(r, c);
    const Estimate est = gpu_estimates(r, c);
    REQUIRE(est.gpus.size() == 1);
    INFO(cards << " cards, the GPU's layout TP " << est.gpus.front().tensor_parallel);
    REQUIRE(est.gpus.front().fit != Fit::No);
    REQUIRE(est.gpus.front().tensor_parallel > 1);
    const Option* o = option_on(p, "yiwan-rtx-4090-machine");
    if (cards <= layers) {
      REQUIRE(o != nullptr);
      CHECK(o->tensor_parallel == 1);
      CHECK(o->pipeline_parallel == cards);
    } else {
      CHECK(o == nullptr);
    }
  }
}
