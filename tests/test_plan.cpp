// core/plan/plan.hpp: the articles' decision tables reproduced from the frozen prices of
// tests/fixtures/plan-*.json (test::plan_catalog(): a bundled price update does not break them), the pick
// and its tie-breaks, warnings, alternatives, budgets, currency, targets, request errors and the
// JSON contract (core/io/plan_json.hpp). Each decision-table row says in a comment where the planner
// deliberately differs from the article and why; the assertion is what the planner really does.
#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "cost.hpp"
#include "table_export.hpp"
#include "catalog_load.hpp"
#include "format.hpp"
#include "params.hpp"
#include "embedded.hpp"
#include "plan.hpp"
#include "plan_json.hpp"
#include "url_state.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;

namespace {

Plan run(const PlanRequest& r, const Catalog& c = test::plan_catalog()) {
  Result<Plan> p = plan(c, r);
  INFO(test::all_errors(p.errors));
  REQUIRE(p.ok());
  return *p.value;
}

// The articles' own price list: 一万网络 (the 一万网络 budget guide), monthly prices.
PlanRequest yiwan_monthly(const std::string& model, const std::string& precision, Task task = Task::Inference) {
  PlanRequest r;
  r.scenario.model = model;
  r.scenario.precision = precision;
  r.scenario.task = task;
  r.platforms = {"yiwan"};
  r.term = TermChoice::Monthly;
  r.top = 1000;
  return r;
}

const Option* find_option(const Plan& p, const std::string& offer, int cards) {
  for (const Option& o : p.options) {
    if (o.offer == offer && o.cards == cards) return &o;
  }
  return nullptr;
}

bool has_warning(const Option& o, const std::string& code) {
  return std::any_of(o.warnings.begin(), o.warnings.end(), [&](const Message& w) { return message_code(w.id) == code; });
}

std::string describe(const Plan& p) {
  std::string s;
  for (const Option& o : p.options) {
    s += o.offer + " x" + std::to_string(o.cards) + " " + std::string(name_of(o.term)) + " " +
         std::to_string(o.monthly_cost.high) + " " + std::string(name_of(o.fit)) +
         (o.within_budget ? " within" : " over") + "\n";
  }
  return s;
}

Approx money(double v) { return Approx(v).epsilon(1e-9); }

}  // namespace

// [SECTION] Decision tables (the 一万网络 budget guide §8.1-§8.3 and the budget tiers §8.2)

TEST_CASE("the 一万网络 budget guide decision table: rows the planner reproduces", "[plan][articles]") {
  struct Row {
    const char* model;
    const char* precision;
    Task task;
    Checkpointing checkpointing;
    const char* tier;
    const char* offer;  // expected pick
    int cards;
    double monthly;     // CNY/month
  };
  const std::vector<Row> rows = {
      // §8.1/§8.2 "7B: RTX3090 ¥1750" (1,000-2,000 tier). Same answer: 17.4 GB (FP16 weights 15.2 GB
      // + 4k KV + CUDA context) leaves 25% of a 3090's usable memory. The article's alternative "or T4
      // ¥900" holds only quantised (next row): FP16 7B does not fit a 16 GB T4.
      {"qwen2.5-7b", "fp16", Task::Inference, Checkpointing::None, "1000-2000", "yiwan-rtx-3090-card", 1, 1750},
      // §8.2 "< 1,000: T4 (900)" and FAQ Q1 "T4 ... 7B 量化版": same answer with INT4.
      {"qwen2.5-7b", "int4", Task::Inference, Checkpointing::None, "lt-1000", "yiwan-t4-card", 1, 900},
      // §8.2 "1,000-2,000: 13B quantised": same answer, 13B INT8 on one 3090 (20% spare).
      {"llama-2-13b", "int8", Task::Inference, Checkpointing::None, "1000-2000", "yiwan-rtx-3090-card", 1, 1750},
      // §8.1 "13B 全精度上 A100 40G (¥2800)": same answer for Llama-2-13B at the default 4k context
      // (31.2 GB, 19% spare). With 8k context it becomes tight: see the next test.
      {"llama-2-13b", "fp16", Task::Inference, Checkpointing::None, "2000-3000", "yiwan-a100-40g-card", 1, 2800},
      // §8.2 "3,000-6,000: 2x A100 40G (5,600) ... 14B fine-tune": same answer. One A100 40G is tight;
      // 2x RTX 3090 (3,500) would split the frozen 29.5 GB base by tensor parallelism over PCIe, a
      // layout cardfit has no launch recipe for (and not what people run on PCIe cards): listed, not
      // picked.
      {"qwen2.5-14b", "bf16", Task::Lora, Checkpointing::Full, "3000-6000", "yiwan-a100-40g-card", 2, 5600},
      // §8.3 "LoRA ... 7B 用 3090": where we differ, see the next test.
      // §8.2 "6,000-12,000: 4x A100": same answer, 70B INT8 on 4x A100 40G = 11,200, the first
      // comfortable A100 count. (8x T4 would be cheaper, but the guide rents T4s one per machine.)
      {"llama-2-70b", "int8", Task::Inference, Checkpointing::None, "6000-12000", "yiwan-a100-40g-card", 4, 11200},
      // §8.1 "405B: H100 8 卡整机 (月 ¥8万–¥12万)" in "8 万+": same answer in FP8 (416 GB). Cheaper
      // multi-machine clusters (48x T4, 16x A100 40G) also fit; a pick spans machines only when
      // nothing fits in one, because the offers promise no fast network between machines.
      {"llama-3.1-405b", "fp8", Task::Inference, Checkpointing::None, "ge-80000", "yiwan-h100-sxm-machine", 8, 80000},
  };
  for (const Row& row : rows) {
    INFO(row.model << " " << row.precision << " task " << name_of(row.task) << " tier " << row.tier);
    PlanRequest r = yiwan_monthly(row.model, row.precision, row.task);
    r.scenario.checkpointing = row.checkpointing;
    r.budget_tier = row.tier;
    const Plan p = run(r);
    INFO(describe(p));
    REQUIRE(p.pick.has_value());
    CHECK(p.pick->offer == row.offer);
    CHECK(p.pick->cards == row.cards);
    CHECK(p.pick->monthly_cost.low == money(row.monthly));
    CHECK(p.pick->fit == Fit::Comfortable);
    CHECK(p.pick->within_budget);
    CHECK(p.pick->term == Term::Monthly);
    CHECK(p.pick->tier == row.tier);  // the cost falls in the article's tier
  }
}

TEST_CASE("the 一万网络 budget guide §8.3: LoRA of a 7B model is tight on one 3090", "[plan][articles]") {
  // Article: "LoRA ... 7B 用 3090". Where we differ: 15.2 GB of BF16 weights + 3.8 GB of activations
  // (FP32 logits of a 152k vocabulary at 4k tokens are 2.5 GB of it) + 1.5 GB overhead = 21.3 GB, so
  // one 3090's 23.6 GiB visible memory (nvidia-smi's 24,576 MiB less what the CUDA runtime keeps) is
  // 1% short of the 20% headroom: tight. The guide rents T4s one per machine (no 2x T4), so nothing
  // comfortable is left in 1,000-2,000: the tight 3090 is the pick, warned, and the budget
  // alternative is one A100 40G (2,800).
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "bf16", Task::Lora);
  r.budget_tier = "1000-2000";
  const Plan p = run(r);
  INFO(describe(p));
  const Option* one = find_option(p, "yiwan-rtx-3090-card", 1);
  REQUIRE(one != nullptr);
  CHECK(one->fit == Fit::Tight);
  CHECK(one->within_budget);
  CHECK(find_option(p, "yiwan-t4-card", 2) == nullptr);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->offer == "yiwan-rtx-3090-card");
  CHECK(has_warning(*p.pick, "tight_fit"));
  const auto budget = std::find_if(p.alternatives.begin(), p.alternatives.end(),
                                   [](const Alternative& a) { return a.kind == "budget"; });
  REQUIRE(budget != p.alternatives.end());
  CHECK(budget->pick.offer == "yiwan-a100-40g-card");
  CHECK(budget->pick.cards == 1);
}

TEST_CASE("the 一万网络 budget guide §8.1: 13B/14B in 16-bit on one A100 40G, comfortable at 8k, tight at 24k", "[plan][articles]") {
  // The issue's example sentence ("Qwen2.5-14B in BF16 needs 33 GB with 8k context; one A100 40G fits
  // it") and §8.1's "13B 全精度上 A100 40G". 32.8 GB against the 42.5 GB CUDA shows leaves 29%
  // headroom, above the 20% of the budget guide's pitfall 1 (vLLM's 10% held back is part of that
  // headroom, not added to it): the 2,800 A100 is the pick, as in the article, with nothing to warn.
  PlanRequest r = yiwan_monthly("qwen2.5-14b", "bf16");
  r.scenario.context = 8192;
  r.budget_tier = "2000-3000";
  const Plan comfortable = run(r);
  INFO(describe(comfortable));
  REQUIRE(comfortable.pick.has_value());
  CHECK(comfortable.pick->offer == "yiwan-a100-40g-card");
  CHECK(comfortable.pick->fit == Fit::Comfortable);
  CHECK_FALSE(has_warning(*comfortable.pick, "tight_fit"));
  CHECK(comfortable.pick->margin_fraction == Approx(0.29).margin(0.01));
  // At 24k the need is 36 GB: 17% headroom, below the 20% asked for. Nothing in the tier fits
  // comfortably, so the tight 2,800 option stays the pick, with the tight_fit warning, and the
  // changes that would make it comfortable are listed.
  r.scenario.context = 24576;
  const Plan p = run(r);
  INFO(describe(p));
  REQUIRE(p.pick.has_value());
  const Option* one = &*p.pick;
  CHECK(one->offer == "yiwan-a100-40g-card");
  CHECK(one->cards == 1);
  CHECK(one->fit == Fit::Tight);
  CHECK(one->monthly_cost.low == money(2800));
  CHECK(one->within_budget);
  CHECK(has_warning(*one, "tight_fit"));
  // Its reason states the headroom left against the headroom asked for.
  CHECK(en(one->reason).find(format_margin(one->margin_fraction, 0.2) + "% headroom (20% asked for)") !=
        std::string::npos);
  // The cheapest changes that work: a 12k context or an FP8 KV cache keep the 2,800 A100; INT8
  // weights fit the A100 40G itself (2,800; FP8 weights are not suggested on cards without FP8
  // tensor cores); more budget buys 2x RTX 3090 (3,500: the guide's "双 24G").
  REQUIRE_FALSE(p.alternatives.empty());
  bool shorter = false;
  bool budget = false;
  for (const Alternative& a : p.alternatives) {
    INFO(a.kind << ": " << en(a.change) << " -> " << a.pick.offer << " x" << a.pick.cards);
    CHECK(a.pick.fit == Fit::Comfortable);
    CHECK_FALSE(en(a.change).empty());
    CHECK_FALSE(zh(a.change).empty());
    if (a.kind == "context") {
      shorter = true;
      CHECK(a.pick.offer == "yiwan-a100-40g-card");
      CHECK(a.pick.monthly_cost.low == money(2800));
      CHECK(a.pick.within_budget);
    }
    if (a.kind == "precision") {
      CHECK(en(a.change) == "weights in INT8 instead of BF16");
      CHECK(a.pick.offer == "yiwan-a100-40g-card");
      CHECK(a.pick.cards == 1);
    }
    if (a.kind == "budget") {
      budget = true;
      CHECK(a.pick.offer == "yiwan-rtx-3090-card");
      CHECK(a.pick.cards == 2);
      CHECK(a.pick.tier == "3000-6000");
    }
  }
  CHECK(shorter);
  CHECK(budget);
  for (std::size_t i = 1; i < p.alternatives.size(); ++i) {  // cheapest first
    CHECK(p.alternatives[i - 1].pick.monthly_cost.high <= p.alternatives[i].pick.monthly_cost.high);
  }
  CHECK(p.alternatives.size() <= static_cast<std::size_t>(test::plan_catalog().defaults.thresholds.max_alternatives));
}

TEST_CASE("the 一万网络 budget guide §8.1/§8.2: 70B INT8 on 2x A100 40G is tight", "[plan][articles]") {
  // Article: "70B INT8 量化走 2 张 A100 40G (¥5600)" in 3,000-6,000. 73.4 GB of weights + KV +
  // per-card overhead leaves 3% of 2x 38.65 GB usable, so 2x A100 40G is tight; the tier has no
  // comfortable option, so it is the pick, as in the article, warned. The cheapest change that would
  // make a comfortable pick is INT4 weights.
  PlanRequest r = yiwan_monthly("llama-2-70b", "int8");
  r.budget_tier = "3000-6000";
  const Plan p = run(r);
  INFO(describe(p));
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->offer == "yiwan-a100-40g-card");
  CHECK(p.pick->cards == 2);
  CHECK(has_warning(*p.pick, "tight_fit"));
  const Option* two = find_option(p, "yiwan-a100-40g-card", 2);
  REQUIRE(two != nullptr);
  CHECK(two->fit == Fit::Tight);
  CHECK(two->monthly_cost.low == money(5600));
  REQUIRE_FALSE(p.alternatives.empty());
  CHECK(p.alternatives.front().kind == "precision");
  CHECK(en(p.alternatives.front().change) == "weights in INT4 instead of INT8");
  CHECK(p.alternatives.front().pick.within_budget);
}

TEST_CASE("the 一万网络 budget guide §8.1/Q3: 70B FP16 'at least 4x A100 40G' is barely enough", "[plan][articles]") {
  // Article: "全精度至少需要 4 张 A100 40G（共 160G）才勉强". Same reading: 4x A100 40G is tight. The
  // guide rents A100 40G up to 4 per machine and RTX 3090 up to 2 ("双 24G"), so neither 8x A100 nor
  // 8x 3090 is an option; without a budget the cheapest comfortable single machine is the 8x H100
  // machine (80,000-120,000, 4 cards used).
  const Plan p = run(yiwan_monthly("llama-2-70b", "fp16"));
  INFO(describe(p));
  const Option* four = find_option(p, "yiwan-a100-40g-card", 4);
  REQUIRE(four != nullptr);
  CHECK(four->fit == Fit::Tight);
  CHECK(four->monthly_cost.low == money(11200));
  CHECK(find_option(p, "yiwan-a100-40g-card", 8) == nullptr);
  CHECK(find_option(p, "yiwan-rtx-3090-card", 8) == nullptr);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->offer == "yiwan-h100-sxm-machine");
  CHECK(p.pick->units == 1);
}

TEST_CASE("the 一万网络 budget guide §8.3: full fine-tuning needs more than the article says", "[plan][articles]") {
  // Article: "全参微调 ... 7B 都要 2 张 A100 40G". The planner DIFFERS: mixed-precision AdamW holds
  // 16 bytes per parameter (ZeRO's accounting): 122 GB of model states for 7.6B parameters, beyond 2x
  // 40 GB even fully sharded; 4x A100 40G (the most the guide rents in one machine) is tight. The
  // layouts that fit need tensor or pipeline parallel training, for which cardfit has no launch
  // recipe: listed with that reason, not picked; the alternatives (LoRA, recomputation) are.
  const Plan p = run(yiwan_monthly("qwen2.5-7b", "bf16", Task::Full));
  INFO(describe(p));
  CHECK(find_option(p, "yiwan-a100-40g-card", 2) == nullptr);
  CHECK(find_option(p, "yiwan-rtx-3090-card", 8) == nullptr);
  const Option* four = find_option(p, "yiwan-a100-40g-card", 4);
  REQUIRE(four != nullptr);
  CHECK(four->fit == Fit::Tight);
  for (const Option& o : p.options) {
    if (!o.pickable) CHECK(o.launch.empty());
  }
  if (!p.pick) REQUIRE_FALSE(p.alternatives.empty());
  if (p.pick) CHECK_FALSE(p.pick->launch.empty());
}

TEST_CASE("turning on activation checkpointing is offered when training does not fit", "[plan]") {
  // A full fine-tune of Qwen2.5-7B on 一万网络's list: no layout that fits without recomputation has a
  // launch recipe; with full recomputation one machine holds it. The alternative's settings apply as
  // shown: {"checkpointing": "full"}.
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "bf16", Task::Full);
  const Plan p = run(r);
  INFO(describe(p));
  CHECK_FALSE(p.pick.has_value());
  const Alternative* ckpt = nullptr;
  for (const Alternative& a : p.alternatives) {
    if (a.kind == "checkpointing") ckpt = &a;
  }
  REQUIRE(ckpt != nullptr);
  CHECK(en(ckpt->change) == "activation checkpointing (full recomputation) instead of none");
  CHECK(zh(ckpt->change).find("激活检查点") != std::string::npos);
  REQUIRE(ckpt->set.size() == 1);
  CHECK(ckpt->set.front().first == "checkpointing");
  CHECK(ckpt->set.front().second == "full");
  CHECK(ckpt->pick.fit == Fit::Comfortable);
  CHECK_FALSE(ckpt->pick.launch.empty());
  // Applied as shown, the pick is there.
  r.scenario.checkpointing = Checkpointing::Full;
  const Plan applied = run(r);
  REQUIRE(applied.pick.has_value());
  CHECK(applied.pick->offer == ckpt->pick.offer);
  // LoRA recomputes already (automatic setting): nothing to offer.
  PlanRequest lora = yiwan_monthly("llama-3-70b", "bf16", Task::Lora);
  lora.budget_tier = "lt-1000";
  for (const Alternative& a : run(lora).alternatives) CHECK(a.kind != "checkpointing");
}

TEST_CASE("a cluster of consumer cards is never the pick while one datacenter machine holds the job", "[plan]") {
  // Llama 3.1 405B in FP8 (416 GB) within 60,000 CNY/month on 一万网络's list without its T4 and A100
  // offers: 24x RTX 3090 over 3 machines (42,000) fits and is within budget, but one 8x H100 machine
  // (80,000, over budget) holds the model. The 3090 cluster is listed, flagged, and not picked.
  // The guide sells 3090s two to a machine: this test rents them as 8-card machines (1,750 each)
  // so that a cluster of them exists to be refused.
  Catalog c = test::plan_catalog();
  c.offers.erase(std::remove_if(c.offers.begin(), c.offers.end(),
                                [](const Offer& o) { return o.gpu == "t4" || o.gpu == "a100-40g"; }),
                 c.offers.end());
  for (Offer& o : c.offers) {
    if (o.id == "yiwan-rtx-3090-card") {
      o.unit = OfferUnit::Machine;
      o.cards = 8;
    }
  }
  PlanRequest r = yiwan_monthly("llama-3.1-405b", "fp8");
  r.budget = 60000;
  const Plan p = run(r, c);
  INFO(describe(p));
  const Option* cluster = find_option(p, "yiwan-rtx-3090-card", 24);
  REQUIRE(cluster != nullptr);
  CHECK(cluster->fit == Fit::Comfortable);
  CHECK(cluster->within_budget);
  CHECK(has_warning(*cluster, "consumer_cluster"));
  CHECK_FALSE(p.pick.has_value());
  const Option* machine = find_option(p, "yiwan-h100-sxm-machine", 8);
  REQUIRE(machine != nullptr);
  CHECK_FALSE(has_warning(*machine, "consumer_cluster"));
  // A cluster of datacenter cards is still a pick when no single machine fits within the budget
  // (A100 40G rented here as 8-card machines too).
  Catalog d = test::catalog();
  for (Offer& o : d.offers) {
    if (o.id == "yiwan-a100-40g-card") {
      o.unit = OfferUnit::Machine;
      o.cards = 8;
    }
  }
  const Plan with_a100 = run(r, d);
  REQUIRE(with_a100.pick.has_value());
  CHECK(with_a100.pick->gpu != "rtx-3090");
  CHECK(test::plan_catalog().find_gpu(with_a100.pick->gpu)->gpu_class == GpuClass::Datacenter);
}

TEST_CASE("over several machines, datacenter cards come before a cheaper cluster of consumer cards", "[plan]") {
  // Llama 3.1 405B in FP8 (416 GB) on 一万网络's list with only its RTX 3090 and A100 40G offers,
  // both rented here as 8-card machines so that clusters of them exist: no single machine holds
  // the model (8x A100 40G is 320 GB), 24x RTX 3090 over 3 machines is the cheapest fit and
  // 16x A100 40G over 2 machines is dearer. The A100s are the pick (the old rule ranked the
  // clusters by price alone and picked the 3090s); the 3090s are listed with consumer_cluster and
  // a reason that says why they are not the pick.
  Catalog c = test::plan_catalog();
  c.offers.erase(std::remove_if(c.offers.begin(), c.offers.end(),
                                [](const Offer& o) { return o.id != "yiwan-rtx-3090-card" && o.id != "yiwan-a100-40g-card"; }),
                 c.offers.end());
  for (Offer& o : c.offers) {
    o.unit = OfferUnit::Machine;
    o.cards = 8;
  }
  PlanRequest r = yiwan_monthly("llama-3.1-405b", "fp8");
  const Plan p = run(r, c);
  INFO(describe(p));
  const Option* cluster = find_option(p, "yiwan-rtx-3090-card", 24);
  REQUIRE(cluster != nullptr);
  CHECK(cluster->fit == Fit::Comfortable);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->gpu == "a100-40g");
  CHECK(p.pick->units == 2);
  CHECK(cluster->monthly_cost.high < p.pick->monthly_cost.high);  // cheaper, and not the pick
  CHECK(has_warning(*cluster, "consumer_cluster"));
  CHECK_FALSE(has_warning(*p.pick, "consumer_cluster"));
  for (const Message& w : cluster->warnings) {
    if (message_code(w.id) == "consumer_cluster") {
      CHECK(en(w).find("datacenter cards hold the job over several machines") != std::string::npos);
    }
  }
  CHECK(message_code(cluster->reason.id) == "consumer_cluster");
  CHECK(en(cluster->reason).find("3 machines of consumer or workstation cards are not picked") != std::string::npos);
  CHECK(zh(cluster->reason).find("3 台消费级或工作站显卡机器") != std::string::npos);
  // The pick's reason says why it is the pick, in both languages.
  CHECK(en(p.pick->reason).find("the cheapest option of datacenter cards that fits comfortably (no budget set): no "
                                "single machine holds the job") != std::string::npos);
  CHECK(zh(p.pick->reason).find("数据中心显卡方案中最便宜的") != std::string::npos);
  CHECK(zh(p.pick->reason).find("没有单台机器装得下") != std::string::npos);
  // Without datacenter cards that hold it, the cluster of consumer cards is still the pick, and its
  // reason is the ordinary one.
  c.offers.erase(std::remove_if(c.offers.begin(), c.offers.end(),
                                [](const Offer& o) { return o.id == "yiwan-a100-40g-card"; }),
                 c.offers.end());
  const Plan only_3090 = run(r, c);
  REQUIRE(only_3090.pick.has_value());
  CHECK(only_3090.pick->gpu == "rtx-3090");
  CHECK_FALSE(has_warning(*only_3090.pick, "consumer_cluster"));
  CHECK(en(only_3090.pick->reason).find("datacenter") == std::string::npos);
}

TEST_CASE("Kimi-K3 at 32k: two or more machines of datacenter cards, not a pipeline of workstations", "[plan]") {
  // The shipped catalog: no single machine holds Kimi K3 (2.8T parameters) at 32k; the cheapest
  // fit was 48x RTX A6000 over twelve 4-card machines (TP4 x PP12). A renter takes 8-card
  // datacenter machines: the pick is datacenter cards, every workstation or consumer cluster is
  // listed with consumer_cluster and is not the pick, in every precision the model offers.
  const Catalog& c = test::catalog();
  int picks = 0;
  for (const std::string precision : {"", "mxfp4", "nvfp4", "fp8", "int4", "bf16"}) {
    PlanRequest r;
    r.scenario.model = "kimi-k3";
    r.scenario.precision = precision;
    r.scenario.context = 32768;
    r.top = 1000;
    const Result<Plan> res = plan(c, r);
    if (!res.ok()) continue;
    const Plan& p = *res.value;
    INFO(precision << "\n" << describe(p));
    if (!p.pick) continue;
    ++picks;
    const Gpu* gpu = c.find_gpu(p.pick->gpu);
    REQUIRE(gpu != nullptr);
    CHECK(gpu->gpu_class == GpuClass::Datacenter);
    for (const Option& o : p.options) {
      const Gpu* g = c.find_gpu(o.gpu);
      if (g->gpu_class != GpuClass::Datacenter && o.units > 1 && o.unit == OfferUnit::Machine && o.fit == Fit::Comfortable) {
        CHECK(has_warning(o, "consumer_cluster"));
      }
    }
  }
  CHECK(picks > 0);
}

TEST_CASE("the 一万网络 budget guide §8.2: the article's tier picks cost what the tier says", "[plan][articles]") {
  // budget_tiers.json stores each tier's article pick as offers x units; priced by the planner's
  // cost model they land inside their own tier (6,000-12,000: 4x A100 40G = 11,200).
  for (const BudgetTier& tier : test::plan_catalog().budget_tiers) {
    for (const TierPick& pick : tier.picks) {
      const Offer* o = test::plan_catalog().find_offer(pick.offer);
      REQUIRE(o != nullptr);
      // Monthly where the offer has a monthly figure, else hourly around the clock (cardfit's own
      // tiers pick hourly USD offers: x 720 h x the catalog's USD/CNY rate).
      auto price = unit_price(*o, Term::Monthly);
      if (!price) price = unit_price(*o, Term::Hourly);
      REQUIRE(price.has_value());
      const Platform* platform = test::plan_catalog().find_platform(o->platform);
      REQUIRE(platform != nullptr);
      CostInputs in;
      in.usd_cny = test::plan_catalog().defaults.usd_cny;
      const double monthly = monthly_cost(*platform, *o, *price, pick.units, in).rent.low;
      INFO(tier.id << ": " << pick.offer << " x" << pick.units << " = " << monthly);
      if (pick.offer == "yiwan-h100-sxm-mig") continue;  // a full-card equivalent; the tier buys MIG slices of it
      CHECK(monthly >= tier.low_cny_per_month);
      if (tier.high_cny_per_month > 0) CHECK(monthly <= tier.high_cny_per_month);
    }
  }
}

TEST_CASE("the 一万网络 budget guide §3.10 / 坑一: an H100 for a 7B model is over-provisioned", "[plan][articles]") {
  // "租了 H100 整机跑 7B ... 月租 ¥9 万" - the planner lists it (it fits) with the warnings, and
  // never picks it while a smaller card fits.
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "bf16");
  const Plan p = run(r);
  const Option* machine = find_option(p, "yiwan-h100-sxm-machine", 1);
  REQUIRE(machine != nullptr);
  CHECK(has_warning(*machine, "over_provisioned"));
  CHECK(has_warning(*machine, "unused_cards"));  // pays for 8 cards, uses 1
  CHECK(machine->cards_rented == 8);
  CHECK(machine->units == 1);
  const Option* mig = find_option(p, "yiwan-h100-sxm-mig", 1);
  REQUIRE(mig != nullptr);
  CHECK(has_warning(*mig, "over_provisioned"));
  CHECK(has_warning(*mig, "shared_isolation"));
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->gpu == "rtx-3090");
  CHECK_FALSE(has_warning(*p.pick, "over_provisioned"));
}

// [SECTION] The 智星云 A100-vs-4090 guide and the 星宇智算 platform comparison examples

TEST_CASE("the 智星云 A100-vs-4090 guide §3.2: the job cost is duration x cards x price, done right", "[plan][articles]") {
  // "微调一次 Llama2-7B ... A100 10 元/小时 x 72h = 720; 4 卡 4090 1.5 元/小时 x 72h x 4 = 432 ... 72 小时
  // 压缩至 18 小时，总成本 432 元". Two errors there: 4 cards for 18 h cost 108, not 432; and four PCIe
  // cards do not finish 4x sooner (scaling ~0.7 per card without NVLink). The planner computes each
  // option's hours from the estimate and its cost from those hours.
  PlanRequest base;
  base.scenario.model = "llama-2-7b";
  base.scenario.precision = "bf16";
  base.scenario.task = Task::Lora;
  base.scenario.checkpointing = Checkpointing::Full;
  base.scenario.tokens = 2e8;
  base.term = TermChoice::Hourly;

  PlanRequest a100 = base;  // "友商 A100 10 元/小时" (the 智星云 A100-vs-4090 guide §3.1 market column), one card
  a100.platforms = {"market-zhixingyun-a100-4090"};
  a100.scenario.gpu = "a100-40g";
  a100.scenario.cards = 1;
  const Plan pa = run(a100);
  REQUIRE(pa.pick.has_value());
  CHECK(pa.job);
  REQUIRE(pa.pick->job_hours.has_value());
  REQUIRE(pa.pick->job_cost.has_value());
  // Whole hours (the market reference does not bill per second) x 1 card x 10 CNY/h.
  CHECK(pa.pick->job_cost->low == money(std::ceil(*pa.pick->job_hours) * 10));

  PlanRequest one = base;  // 智星云 4090 1.5 元/小时, per-second billing
  one.platforms = {"zhixingyun"};
  one.scenario.gpu = "rtx-4090";
  one.scenario.cards = 1;
  const Plan p1 = run(one);
  REQUIRE(p1.pick.has_value());
  REQUIRE(p1.pick->job_hours.has_value());

  PlanRequest four = one;
  four.scenario.cards = 4;
  const Plan p4 = run(four);
  REQUIRE(p4.pick.has_value());
  REQUIRE(p4.pick->job_hours.has_value());
  REQUIRE(p4.pick->job_cost.has_value());
  const double h4 = *p4.pick->job_hours;
  CHECK(p4.pick->offer.rfind("zhixingyun-rtx-4090", 0) == 0);
  CHECK(p4.pick->job_cost->low == money(4 * 1.5 * h4));
  // Four cards are faster than one, but not four times (PCIe): 72 h does not become 18 h.
  CHECK(h4 < *p1.pick->job_hours);
  CHECK(h4 > *p1.pick->job_hours / 4 * 1.05);
  CHECK(has_warning(*p4.pick, "no_nvlink_training"));
  CHECK(has_warning(*p4.pick, "consumer_24x7"));
}

TEST_CASE("the 星宇智算 platform comparison §4: cost per hour and per TFLOPS-hour of 星宇智算's 1,450 CNY 4090", "[plan][articles]") {
  // calc_gpu_month_cost(8, 1450, 0): 1,450 / (8 x 30) = 6.04 CNY/h; the article then divides by 83
  // TFLOPS (the 4090's non-tensor FP16 rate) = 0.0728. The planner DIFFERS on the convention: the
  // dense tensor rate of the compute precision (BF16, 165.2 TFLOPS) -> 0.0366 per TFLOPS-hour.
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.precision = "bf16";
  r.platforms = {"xingyu"};
  r.hours_per_day = 8;
  const Plan p = run(r);
  const Option* o = find_option(p, "xingyu-rtx-4090-card", 1);
  REQUIRE(o != nullptr);
  CHECK(o->monthly_cost.low == money(1450));
  CHECK(o->extra_fees.high == 0);
  CHECK(o->cost_per_hour.low == Approx(6.041667).epsilon(1e-6));
  CHECK(o->tflops == Approx(165.2));
  CHECK(o->compute == ComputeType::Bf16);
  CHECK(o->cost_per_tflops_hour.low == Approx(6.041667 / 165.2).epsilon(1e-6));
  REQUIRE(o->cost_per_million_tokens.has_value());
  // 1,450 / (decode tokens/s x 3600 x 8 x 30) x 1e6
  CHECK(o->cost_per_million_tokens->low ==
        Approx(1450 / (o->aggregate_tokens_per_s * 3600 * 8 * 30) * 1e6).epsilon(1e-9));
}

// [SECTION] The pick across the whole catalog

TEST_CASE("whole catalog: 7B FP16 picks the cheapest real vendor, never a market reference", "[plan]") {
  // The 一万网络 guide says 3090 at 1,750; the catalog has a cheaper 24 GB card: 优云智算's RTX 3090
  // on a monthly plan at 1.00 元/h = 720/month (libtv-gpu-report-2026-10 §5.5.1). Market references
  // (the 智星云 speed guide §5: 4090 30-day package 1.3 x 720 x 0.6 = 561.6) are listed for
  // comparison but are not vendors, so never the pick.
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.precision = "fp16";
  r.top = 1000;
  const Plan p = run(r);
  INFO(describe(p));
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->offer == "ucloud-rtx-3090-card");
  CHECK(p.pick->monthly_cost.low == money(720));
  const Option* allin = find_option(p, "zhixingyun-rtx-4090-card-s000", 1);  // 1,026/month all-inclusive
  REQUIRE(allin != nullptr);
  CHECK(allin->monthly_cost.low == money(1026));
  CHECK(allin->isolation == Isolation::Dedicated);
  const Option* market = find_option(p, "market-zhixingyun-speed-rtx-4090-card", 1);
  REQUIRE(market != nullptr);
  CHECK_FALSE(market->pickable);
  CHECK(market->monthly_cost.low == money(561.6));
  CHECK(market->price_derived);
  CHECK(has_warning(*market, "market_reference"));
  // ...unless the user asks for that platform.
  r.platforms = {"market-zhixingyun-speed"};
  const Plan pm = run(r);
  REQUIRE(pm.pick.has_value());
  CHECK(pm.pick->offer == "market-zhixingyun-speed-rtx-4090-card");
  CHECK(pm.pick->pickable);
}

TEST_CASE("the pick is the cheapest qualifying option, every option is sorted by cost", "[plan]") {
  for (const char* model : {"qwen2.5-7b", "qwen2.5-14b", "llama-2-70b"}) {
    PlanRequest r;
    r.scenario.model = model;
    r.top = 1000;
    const Plan p = run(r);
    INFO(model << "\n" << describe(p));
    CHECK(p.options.size() == p.options_total);
    // Sorted by cost up to the ranking tolerance (docs/planner.md §4); market references last.
    const double tol = 1 + test::catalog().defaults.thresholds.rank_cost_tolerance;
    auto market = [](const Option& o) { return test::catalog().find_platform(o.platform)->kind == PlatformKind::Market; };
    for (std::size_t i = 1; i < p.options.size(); ++i) {
      if (market(p.options[i - 1]) == market(p.options[i])) {
        CHECK(p.options[i - 1].monthly_cost.high <= p.options[i].monthly_cost.high * tol);
      }
      CHECK((market(p.options[i]) || !market(p.options[i - 1])));
    }
    REQUIRE(p.pick.has_value());
    for (const Option& o : p.options) {
      const bool qualifies = o.pickable && o.fit == Fit::Comfortable && o.meets_targets && o.within_budget;
      if (qualifies && o.cards <= 8) CHECK(p.pick->monthly_cost.high <= o.monthly_cost.high * tol);
      CHECK(std::isfinite(o.monthly_cost.low));
      CHECK(o.monthly_cost.low <= o.monthly_cost.high);
      CHECK_FALSE(en(o.reason).empty());
      CHECK_FALSE(zh(o.reason).empty());
    }
  }
}

TEST_CASE("ties: fewer cards, then dedicated isolation", "[plan]") {
  // Two made-up offers at the same 1,000/month for the same card: the dedicated one wins; a third at
  // the same price but for 2 cards' worth (a 2-card machine) loses on card count.
  Catalog c = test::plan_catalog();
  Offer base = *c.find_offer("yiwan-rtx-3090-card");
  base.prices = {OfferPrice{Term::Monthly, PriceRange{1000, 1000}, false}};
  base.package_multipliers = PackageMultipliers{};
  Offer shared = base;
  shared.id = "test-shared";
  shared.isolation = Isolation::Shared;
  Offer dedicated = base;
  dedicated.id = "test-zz-dedicated";  // sorts after "test-shared" by id: isolation must decide
  dedicated.isolation = Isolation::Dedicated;
  Offer machine = base;
  machine.id = "test-machine";
  machine.unit = OfferUnit::Machine;
  machine.cards = 2;
  machine.isolation = Isolation::Dedicated;
  c.offers.push_back(shared);
  c.offers.push_back(dedicated);
  c.offers.push_back(machine);
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.precision = "fp16";
  r.platforms = {"yiwan"};
  r.term = TermChoice::Monthly;
  const Plan p = run(r, c);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->offer == "test-zz-dedicated");
  const Option* m = find_option(p, "test-machine", 1);
  REQUIRE(m != nullptr);
  CHECK(m->cards_rented == 2);
  CHECK(has_warning(*m, "unused_cards"));
}

// [SECTION] Terms, discounts, currency, budget

TEST_CASE("terms: hourly x hours/day, yearly as a commitment, cheapest per offer", "[plan]") {
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "fp16");
  r.term = TermChoice::Yearly;
  Plan p = run(r);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->offer == "yiwan-rtx-3090-card");
  CHECK(p.pick->monthly_cost.low == money(1400));  // 1,750 x 0.8 (the 一万网络 budget guide §9)
  CHECK(p.pick->commitment);
  CHECK(p.pick->price_derived);
  CHECK(has_warning(*p.pick, "commitment"));

  r.term = TermChoice::Cheapest;  // the yearly 1,400 beats the monthly 1,750
  p = run(r);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->term == Term::Yearly);

  PlanRequest h;
  h.scenario.model = "qwen2.5-7b";
  h.platforms = {"zhixingyun"};
  h.term = TermChoice::Hourly;
  h.hours_per_day = 8;
  p = run(h);
  const Option* o = find_option(p, "zhixingyun-rtx-4090-card-s001", 1);
  REQUIRE(o != nullptr);
  CHECK(o->monthly_cost.low == money(1.5 * 8 * 30));  // 360
  CHECK(o->term == Term::Hourly);
  CHECK(find_option(p, "zhixingyun-rtx-4090-card-s000", 1) == nullptr);  // monthly only: excluded
}

TEST_CASE("price on inquiry: an indicative number with a warning", "[plan]") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.platforms = {"zhixingyun"};
  r.term = TermChoice::Monthly;
  const Plan p = run(r);
  const Option* o = find_option(p, "zhixingyun-rtx-4090-card-s001", 1);
  REQUIRE(o != nullptr);
  CHECK(o->monthly_cost.low == money(5200));  // the 智星云 A100-vs-4090 guide §3.1 "约 5200 元（需咨询）"
  CHECK(o->price_on_inquiry);
  CHECK(has_warning(*o, "price_on_inquiry"));
  // Offers with no number at all (A100 80G "官网定制询价") are listed as quote-only.
  PlanRequest big;
  big.scenario.model = "qwen2.5-32b";
  big.platforms = {"zhixingyun"};
  const Plan pb = run(big);
  CHECK(std::any_of(pb.quote_only.begin(), pb.quote_only.end(),
                    [](const QuoteOnly& q) { return q.offer == "zhixingyun-a100-80g-card"; }));
}

TEST_CASE("student and spot discounts", "[plan]") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.platforms = {"zhixingyun"};
  r.term = TermChoice::Hourly;
  r.student = true;  // the 智星云 A100-vs-4090 guide Q1: 65折 with university verification
  Plan p = run(r);
  const Option* o = find_option(p, "zhixingyun-rtx-4090-card-s001", 1);
  REQUIRE(o != nullptr);
  CHECK(o->student);
  CHECK(o->monthly_cost.low == money(1080 * 0.65));

  PlanRequest s;
  s.scenario.model = "qwen2.5-7b";
  s.platforms = {"market-zhixingyun-speed"};
  s.term = TermChoice::Hourly;
  s.allow_spot = true;  // the 智星云 speed guide §5: 30-70% of on-demand
  p = run(s);
  o = find_option(p, "market-zhixingyun-speed-rtx-4090-card", 1);
  REQUIRE(o != nullptr);
  CHECK(o->spot);
  CHECK(o->monthly_cost.low == money(1.3 * 720 * 0.3));
  CHECK(o->monthly_cost.high == money(1.3 * 720 * 0.7));
  CHECK(has_warning(*o, "spot_risk"));
  s.allow_spot = false;
  p = run(s);
  o = find_option(p, "market-zhixingyun-speed-rtx-4090-card", 1);
  REQUIRE(o != nullptr);
  CHECK_FALSE(o->spot);
}

TEST_CASE("currency: USD at the catalog rate or a given one, tiers converted", "[plan]") {
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "fp16");
  r.budget_tier = "1000-2000";
  r.currency = Currency::Usd;
  Plan p = run(r);
  REQUIRE(p.pick.has_value());
  const double rate = test::plan_catalog().defaults.usd_cny;  // the fixture's default_usd_cny
  CHECK(p.pick->monthly_cost.low == money(1750 / rate));
  CHECK(p.budget.high == money(2000 / rate));
  CHECK(p.pick->within_budget);
  r.usd_cny = 7.0;
  p = run(r);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->monthly_cost.low == money(250));
  CHECK(p.usd_cny == 7.0);
}

TEST_CASE("custom budget: within / over per option", "[plan]") {
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "fp16");
  r.budget = 2000;
  const Plan p = run(r);
  REQUIRE(p.pick.has_value());
  CHECK(p.budget.set);
  CHECK(p.budget.tier == "custom");
  for (const Option& o : p.options) CHECK(o.within_budget == (o.monthly_cost.high <= 2000));
  // A budget that buys nothing that fits: no pick, and the budget alternative names what would.
  r.budget = 500;
  const Plan none = run(r);
  CHECK_FALSE(none.pick.has_value());
  REQUIRE_FALSE(none.alternatives.empty());
  const auto b = std::find_if(none.alternatives.begin(), none.alternatives.end(),
                              [](const Alternative& a) { return a.kind == "budget"; });
  REQUIRE(b != none.alternatives.end());
  CHECK(b->pick.offer == "yiwan-rtx-3090-card");
}

// [SECTION] Targets, slices, training warnings

TEST_CASE("a throughput target can move the pick to a faster card", "[plan]") {
  PlanRequest r = yiwan_monthly("qwen2.5-7b", "bf16");
  Plan p = run(r);
  REQUIRE(p.pick.has_value());
  const double slow = p.pick->decode_tokens_per_s;
  CHECK(p.pick->gpu == "rtx-3090");
  r.min_tokens_per_s = slow * 1.2;
  p = run(r);
  REQUIRE(p.pick.has_value());
  CHECK(p.pick->gpu != "rtx-3090");
  CHECK(p.pick->decode_tokens_per_s >= r.min_tokens_per_s);
  CHECK(p.pick->meets_targets);
  const Option* slow_option = find_option(p, "yiwan-rtx-3090-card", 1);
  REQUIRE(slow_option != nullptr);
  CHECK_FALSE(slow_option->meets_targets);
  CHECK(has_warning(*slow_option, "misses_target"));
  // An impossible first-token target: no pick, nothing crashes.
  r.min_tokens_per_s = 0;
  r.max_ttft_ms = 0.001;
  p = run(r);
  CHECK_FALSE(p.pick.has_value());
}

TEST_CASE("slices: a fraction of one card's memory and speed", "[plan]") {
  // 一万网络's 1/20 A100 slice (the 一万网络 budget guide §3.9, 900/month): 2 GiB x 1.0 usable under llama.cpp. A 0.5B
  // model in Q4_K_M with a 2k context fits; the slice decodes at 1/20 of the card's speed.
  PlanRequest r;
  r.scenario.model = "qwen2.5-0.5b";
  r.scenario.precision = "q4_k_m";
  r.scenario.engine = "llama.cpp";
  r.scenario.context = 2048;
  r.scenario.prompt = 512;
  r.platforms = {"yiwan"};
  r.term = TermChoice::Monthly;
  const Plan p = run(r);
  INFO(describe(p));
  const Option* slice = find_option(p, "yiwan-a100-40g-slice", 1);
  REQUIRE(slice != nullptr);
  const Option* card = find_option(p, "yiwan-a100-40g-card", 1);
  REQUIRE(card != nullptr);
  CHECK(slice->unit == OfferUnit::Slice);
  CHECK(slice->slice_fraction == Approx(0.05));
  CHECK(slice->cards_rented == 0);
  CHECK(slice->usable_bytes == Approx(card->usable_bytes * 0.05));
  CHECK(slice->decode_tokens_per_s == Approx(card->decode_tokens_per_s * 0.05));
  CHECK(slice->tflops == Approx(312 * 0.05));
  CHECK(slice->monthly_cost.low == money(900));
  CHECK(has_warning(*slice, "shared_isolation"));
  // A model that does not fit in 1/20 of the card is not offered the slice.
  PlanRequest big = yiwan_monthly("qwen2.5-7b", "bf16");
  CHECK(find_option(run(big), "yiwan-a100-40g-slice", 1) == nullptr);
}

TEST_CASE("training warnings: consumer cards 24x7, no NVLink, FP8 without FP8 cores", "[plan]") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.task = Task::Qlora;
  r.scenario.gpu = "rtx-3090";
  r.scenario.cards = 2;
  r.platforms = {"yiwan"};
  Plan p = run(r);
  REQUIRE_FALSE(p.options.empty());
  CHECK(has_warning(p.options.front(), "no_nvlink_training"));
  CHECK(has_warning(p.options.front(), "consumer_24x7"));  // 24 h/day by default
  // Each concern once: the estimate's own "No NVLink" sentence is not repeated.
  CHECK(std::count_if(p.options.front().warnings.begin(), p.options.front().warnings.end(),
                      [](const Message& w) { return message_code(w.id) == "no_nvlink_training"; }) == 1);
  r.hours_per_day = 8;  // a working day, no job: not round-the-clock
  p = run(r);
  CHECK_FALSE(has_warning(p.options.front(), "consumer_24x7"));

  PlanRequest f = yiwan_monthly("qwen2.5-7b", "fp8");
  f.scenario.gpu = "a100-40g";
  p = run(f);
  REQUIRE_FALSE(p.options.empty());
  CHECK(has_warning(p.options.front(), "fp8_unsupported"));
  CHECK(std::count_if(p.options.front().warnings.begin(), p.options.front().warnings.end(),
                      [](const Message& w) { return message_code(w.id) == "fp8_unsupported"; }) == 1);
}

TEST_CASE("scarce cards warn about the queue", "[plan]") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.platforms = {"market-zhixingyun-speed"};
  r.scenario.gpu = "h100-sxm";
  const Plan p = run(r);
  REQUIRE_FALSE(p.options.empty());
  CHECK(has_warning(p.options.front(), "stock_queue"));  // the 智星云 speed guide §3.3: weeks of queueing
}

TEST_CASE("nothing fits at all: alternatives instead of a silly number", "[plan]") {
  // 70B in BF16 on the only GPU a 1,000 CNY budget buys (T4), one card: no pick; lower precisions and
  // the task change are tried, and none is invented when nothing works.
  PlanRequest r = yiwan_monthly("llama-2-70b", "bf16");
  r.scenario.gpu = "t4";
  r.scenario.cards = 1;
  const Plan p = run(r);
  CHECK_FALSE(p.pick.has_value());
  CHECK(p.options.empty());
  CHECK(p.alternatives.empty());
  // With the card count free nothing changes: the guide rents T4s one per machine, so no T4 count
  // holds 70B even in 4 bits, and no alternative is invented.
  r.scenario.cards = 0;
  r.budget_tier = "lt-1000";
  const Plan q = run(r);
  CHECK_FALSE(q.pick.has_value());
  for (const Alternative& a : q.alternatives) CHECK(a.pick.gpu == "t4");
}

// [SECTION] Request errors

TEST_CASE("bad requests come back as errors naming the field", "[plan]") {
  struct Row {
    const char* field;
    void (*set)(PlanRequest&);
  };
  const std::vector<Row> rows = {
      {"budget_tier", [](PlanRequest& r) { r.budget_tier = "500-600"; }},
      {"budget", [](PlanRequest& r) { r.budget = -5; }},
      {"budget", [](PlanRequest& r) {
         r.budget_tier = "1000-2000";
         r.budget = 3000;
       }},
      {"usd_cny", [](PlanRequest& r) { r.usd_cny = -1; }},
      {"hours_per_day", [](PlanRequest& r) { r.hours_per_day = 0; }},
      {"hours_per_day", [](PlanRequest& r) { r.hours_per_day = 25; }},
      {"platforms[1]", [](PlanRequest& r) { r.platforms = {"yiwan", "nope"}; }},
      {"min_tokens_per_s", [](PlanRequest& r) { r.min_tokens_per_s = std::nan(""); }},
      {"max_ttft_ms", [](PlanRequest& r) { r.max_ttft_ms = -1; }},
      {"top", [](PlanRequest& r) { r.top = 0; }},
      {"model", [](PlanRequest& r) { r.scenario.model = "no-such-model"; }},
  };
  for (const Row& row : rows) {
    INFO(row.field);
    PlanRequest r;
    row.set(r);
    const Result<Plan> p = plan(test::plan_catalog(), r);
    CHECK_FALSE(p.ok());
    CHECK(std::any_of(p.errors.begin(), p.errors.end(), [&](const Issue& i) { return i.field == row.field; }));
    const nlohmann::json j = nlohmann::json::parse(errors_to_json(p.errors, Lang::En), nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    CHECK(j["ok"] == false);
    CHECK(j["errors"].size() == p.errors.size());
  }
}

TEST_CASE("the default request is valid", "[plan]") {
  const Plan p = run(PlanRequest{});
  CHECK(p.pick.has_value());
  CHECK(p.options.size() <= 10);
  CHECK(p.currency == Currency::Cny);
  CHECK(p.usd_cny == test::plan_catalog().defaults.usd_cny);  // the catalog's rate when none is given
}

TEST_CASE("plan: FP8 weights are never picked on a GPU that predates Ampere") {
  // vLLM's FP8 weight-only (Marlin) kernels need Ampere or newer; a T4 has no FP8 path at all, and
  // what cannot run is no option (the support table: vLLM FP8 from compute capability 8.0).
  PlanRequest r;
  r.scenario.precision = "fp8";
  const Plan p = run(r);
  REQUIRE(p.pick);
  const Gpu* g = test::plan_catalog().find_gpu(p.pick->gpu);
  REQUIRE(g != nullptr);
  CHECK((g->fp8_dense_tflops > 0 || g->bf16_dense_tflops > 0));
  bool t4_listed = false;
  for (const Option& o : p.options) {
    if (o.gpu == "t4") {
      t4_listed = true;
      CHECK_FALSE(o.pickable);
    }
  }
  CHECK_FALSE(t4_listed);
}

// [SECTION] Words that agree with the verdicts

namespace {
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("margins are said as the headroom is measured: a comfortable pick never reads below it", "[plan]") {
  // The headroom is asked for on the need (need x 1.2 <= usable); the pick's sentence and every
  // tight option's sentence state the margin the same way, so 20% headroom is "20%", not "17% spare".
  for (const char* model : {"qwen2.5-7b", "qwen2.5-14b", "llama-2-13b", "llama-3.1-70b"}) {
    for (const char* precision : {"bf16", "int8", "int4"}) {
      INFO(model << " " << precision);
      PlanRequest r;
      r.scenario.model = model;
      r.scenario.precision = precision;
      r.top = 1000;
      const Plan p = run(r);
      if (p.pick) {
        CHECK(p.pick->margin_fraction >= 0.2 - 1e-9);
        CHECK(contains(en(p.pick->reason), "% headroom (20% asked for)"));
        CHECK(contains(zh(p.pick->reason), "（设定 20%）"));
      }
      for (const Option& o : p.options) {
        if (o.fit != Fit::Tight || !o.pickable) continue;  // market prices say so instead
        CHECK(o.margin_fraction < 0.2);
        const std::string want = format_margin(o.margin_fraction, 0.2) + "% headroom (less than the 20% asked for)";
        CHECK(contains(en(o.reason), want));
      }
    }
  }
}

TEST_CASE("an option cheaper than the pick says why it comes after it, never 'as cheap as the pick'", "[plan]") {
  // DeepSeek-R1 in FP8 at 32k: the pick is one 8x H200 machine; L40, RTX PRO 6000, H100 and A100
  // clusters over two or three machines cost less and said "as cheap as the pick; the pick has fewer
  // cards or dedicated isolation", which was not why.
  PlanRequest r;
  r.scenario.model = "deepseek-r1";
  r.scenario.precision = "fp8";
  r.scenario.context = 32768;
  r.top = 1000;
  const Plan p = run(r);
  REQUIRE(p.pick);
  int more_machines = 0;
  for (const Option& o : p.options) {
    if ((o.offer == p.pick->offer && o.cards == p.pick->cards) || !o.pickable || o.fit == Fit::Tight || !o.meets_targets || !o.within_budget) continue;
    if (message_code(o.reason.id) == "consumer_cluster") continue;
    INFO(o.gpu << " x" << o.cards << ": " << en(o.reason));
    const double more = o.monthly_cost.high - p.pick->monthly_cost.high;
    if (more < 0) {
      CHECK_FALSE(contains(en(o.reason), "as cheap as the pick"));
      CHECK(contains(en(o.reason), "less than the pick"));
      CHECK(contains(zh(o.reason), "比推荐方案便宜"));
      if (contains(en(o.reason), "machines (the pick: 1)")) {
        ++more_machines;
        CHECK(contains(zh(o.reason), "（推荐方案 1 台）"));
      }
    } else if (more == 0) {
      CHECK(contains(en(o.reason), "as cheap as the pick"));
    } else {
      CHECK(contains(en(o.reason), "more than the pick"));
    }
  }
  CHECK(more_machines >= 3);
}

TEST_CASE("a budget tier is a ceiling: a cheaper pick says why it is below the tier", "[plan]") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.budget_tier = "2000-3000";
  const Plan p = run(r);
  REQUIRE(p.pick);
  CHECK(p.pick->monthly_cost.high < 2000);
  CHECK(p.pick->below_budget);
  CHECK(p.pick->within_budget);
  CHECK(contains(en(p.pick->reason), "cheaper than your budget (2,000-3,000 CNY/month)"));
  CHECK(contains(zh(p.pick->reason), "比你的预算（2,000–3,000 元/月）更便宜"));
  // Inside the tier the usual words (一万网络's 3090 at 1,750 x 0.8 on a yearly contract).
  r.budget_tier = "1000-2000";
  r.platforms = {"yiwan"};
  const Plan q = run(r);
  REQUIRE(q.pick);
  CHECK_FALSE(q.pick->below_budget);
  CHECK(contains(en(q.pick->reason), "the cheapest within your budget (1,000-2,000 CNY/month)"));
  // No budget: the sentence says so instead of speaking of a budget.
  r.budget_tier.clear();
  r.platforms.clear();
  const Plan none = run(r);
  REQUIRE(none.pick);
  CHECK(contains(en(none.pick->reason), "(no budget set)"));
  CHECK_FALSE(contains(en(none.pick->reason), "your budget"));
}

TEST_CASE("only tight fits and no budget: the best of them is the pick, warned", "[plan]") {
  PlanRequest t = yiwan_monthly("qwen2.5-14b", "bf16");
  t.scenario.context = 24576;  // 36 GB: 17% headroom on one A100 40G
  t.scenario.gpu = "a100-40g";
  t.scenario.cards = 1;
  const Plan tight = run(t);
  REQUIRE(tight.pick);
  CHECK(tight.pick->fit == Fit::Tight);
  CHECK(has_warning(*tight.pick, "tight_fit"));
  CHECK_FALSE(tight.alternatives.empty());  // what would make it comfortable
}

TEST_CASE("no pick: one sentence says why, and no option claims to be the pick", "[plan]") {
  // A speed target nothing reaches.
  PlanRequest s;
  s.scenario.model = "qwen2.5-7b";
  s.min_tokens_per_s = 1e6;
  const Plan slow = run(s);
  REQUIRE_FALSE(slow.pick);
  CHECK(en(slow.no_pick_reason) == "No option that fits comfortably meets your 1,000,000 tokens/s target.");
  for (const Option& o : slow.options) {
    INFO(o.offer);
    CHECK_FALSE(contains(en(o.reason), "the cheapest"));
  }
}

TEST_CASE("nothing fits at all: the reason names the need, and a smaller model is offered", "[plan]") {
  PlanRequest any;  // no GPU holds it (a 128k-token micro-batch of 64 for full fine-tuning)
  any.scenario.model = "llama-3.1-405b";
  any.scenario.task = Task::Full;
  any.scenario.context = 131072;
  any.scenario.batch = 64;
  const Plan all = run(any);
  REQUIRE_FALSE(all.pick);
  CHECK(all.options_total == 0);
  CHECK(contains(en(all.no_pick_reason), "Nothing fits: Llama-3.1-405B needs"));
  CHECK(contains(en(all.no_pick_reason), "no GPU in the catalog holds it on up to"));

  PlanRequest r;  // the GPU and card count chosen
  r.scenario.model = "llama-3.1-405b";
  r.scenario.gpu = "rtx-4090";
  r.scenario.cards = 1;
  const Plan p = run(r);
  REQUIRE_FALSE(p.pick);
  CHECK(p.options_total == 0);
  CHECK(contains(en(p.no_pick_reason), "Nothing fits: Llama-3.1-405B needs"));
  CHECK(contains(en(p.no_pick_reason), "more than RTX 4090 24GB holds on 1 card(s)"));
  REQUIRE_FALSE(p.alternatives.empty());
  const Alternative& a = p.alternatives.front();
  CHECK(a.kind == "model");
  REQUIRE(a.set.size() == 3);
  CHECK(a.set.back().first == "model");
  const Model* smaller = test::plan_catalog().find_model(a.set.back().second);
  REQUIRE(smaller != nullptr);
  CHECK(count_params(*smaller).total < count_params(*test::plan_catalog().find_model("llama-3.1-405b")).total);
}

TEST_CASE("plan: ids in any case or as an alias, the plan names the catalog's ids", "[plan]") {
  PlanRequest r;
  r.scenario.model = "Qwen2.5-7B-Instruct";
  r.scenario.gpu = "4090";
  r.budget_tier = "LT-1000";
  r.platforms = {"Zhixingyun", "Market-Zhixingyun-Speed"};
  r.top = 1000;
  const Plan p = run(r);
  CHECK(p.model == "qwen2.5-7b");
  CHECK(p.budget.tier == "lt-1000");
  REQUIRE_FALSE(p.options.empty());
  for (const Option& o : p.options) {
    CHECK(o.gpu == "rtx-4090");
    CHECK((o.platform == "zhixingyun" || o.platform == "market-zhixingyun-speed"));
  }
  PlanRequest typo;
  typo.platforms = {"lamda"};
  const Result<Plan> bad = plan(test::plan_catalog(), typo);
  REQUIRE_FALSE(bad.ok());
  CHECK(en(bad.errors.at(0).message) == "platforms[0]: unknown platform 'lamda' (did you mean 'lambda-labs'?)");
}

TEST_CASE("plan: a job cost that overflows is an error naming tokens, never null with ok", "[plan]") {
  Catalog c = test::plan_catalog();
  for (Offer& o : c.offers) {  // a vendor overlay's price at the top of its range
    if (o.gpu != "h100-sxm") continue;
    for (OfferPrice& price : o.prices) price.price = PriceRange{1e9, 1e9};
  }
  PlanRequest r;
  r.scenario.task = Task::Full;
  r.scenario.gpu = "h100-sxm";
  r.scenario.tokens = 1e16;
  r.scenario.mfu = 0.01;  // ~1e10 hours at 1e9 per hour: ~1e19, past what a cost can be (1e15)
  const Result<Plan> p = plan(c, r);
  REQUIRE_FALSE(p.ok());
  CHECK(p.errors.at(0).field == "tokens");
  CHECK(message_key(p.errors[0].message.id) == "err.result.cost");
  r.scenario.mfu = 0.4;
  r.scenario.tokens = 1e12;  // ~30 hours at the top price: a real figure
  CHECK(plan(c, r).ok());
}

TEST_CASE("training that does not fit is offered a smaller micro-batch", "[plan]") {
  PlanRequest r;  // LoRA with 64 sequences of 32k tokens per card: the activations overflow one H100 80GB
  r.scenario.model = "qwen2.5-7b";
  r.scenario.task = Task::Lora;
  r.scenario.context = 32768;
  r.scenario.batch = 64;
  r.scenario.gpu = "h100-sxm";
  r.scenario.cards = 1;
  const Plan p = run(r);
  REQUIRE_FALSE(p.pick);
  const auto it = std::find_if(p.alternatives.begin(), p.alternatives.end(),
                               [](const Alternative& a) { return a.kind == "batch"; });
  REQUIRE(it != p.alternatives.end());
  REQUIRE(it->set.size() == 1);
  CHECK(it->set.front().first == "batch");
  CHECK(std::stoll(it->set.front().second) < 64);
  CHECK(contains(en(it->change), "a micro-batch of " + it->set.front().second + " instead of 64 sequences per card"));
}

// [SECTION] Sizing from traffic (issue 12)

namespace {
PlanRequest traffic(double requests_per_s) {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.gpu = "a100-80g";
  r.scenario.prompt = 1024;
  r.scenario.output_tokens = 256;
  r.requests_per_s = requests_per_s;
  r.max_ttft_ms = 2000;
  r.top = 1000;
  return r;
}
}  // namespace

TEST_CASE("traffic: replicas x cards serve the requests under the TTFT and TPOT limits") {
  const Plan p = run(traffic(40));
  REQUIRE_FALSE(p.options.empty());
  const Estimate e = test::run([] {
    Scenario s = traffic(40).scenario;
    s.explain = false;
    return s;
  }());
  const GpuEstimate& ge = test::on(e, "a100-80g");
  REQUIRE(ge.serving);
  REQUIRE(ge.serving->feasible);
  const double rho = std::min(test::plan_catalog().defaults.thresholds.serving_max_utilization,
                              1 - ge.serving->prefill_ms / 2000);
  const double per_replica = ge.serving->requests_per_s * rho;
  for (const Option& o : p.options) {
    if (o.slice_fraction < 1) continue;
    INFO(o.offer);
    REQUIRE(o.capacity_requests_per_s);
    CHECK(o.replicas == static_cast<int>(std::ceil(40 / per_replica - 1e-9)));
    CHECK(o.cards == o.replicas * ge.cards);
    CHECK(*o.capacity_requests_per_s >= 40);
    CHECK(*o.capacity_requests_per_s - per_replica < 40);  // one replica fewer would not do
    CHECK(o.batch == ge.serving->batch);
    REQUIRE(o.limited_by);
  }
  // The batch: the KV pool's, and the TPOT limit lowers it.
  CHECK(ge.serving->batch == ge.max_concurrency);
  PlanRequest tight = traffic(40);
  tight.scenario.max_tpot_ms = ge.serving->tpot_ms / 2;
  const Estimate e2 = test::run(tight.scenario);
  const GpuEstimate& g2 = test::on(e2, "a100-80g");
  REQUIRE(g2.serving);
  if (g2.serving->feasible) {
    CHECK(g2.serving->batch < ge.serving->batch);
    CHECK(g2.serving->limited_by == ServingLimit::Tpot);
    CHECK(g2.serving->tpot_ms <= tight.scenario.max_tpot_ms);
  }
}

TEST_CASE("traffic: more requests never need fewer replicas or cost less") {
  int last_replicas = 0;
  double last_cost = 0;
  for (double rps : {0.5, 2.0, 10.0, 40.0, 100.0, 400.0}) {
    const Plan p = run(traffic(rps));
    REQUIRE(p.pick);
    INFO(rps);
    CHECK(p.pick->replicas >= last_replicas);
    CHECK(p.pick->monthly_cost.high >= last_cost);
    last_replicas = p.pick->replicas;
    last_cost = p.pick->monthly_cost.high;
  }
}

TEST_CASE("traffic: needs output tokens, and inference") {
  PlanRequest r = traffic(10);
  r.scenario.output_tokens = 0;
  Result<Plan> p = plan(test::plan_catalog(), r);
  REQUIRE_FALSE(p.ok());
  CHECK(p.errors.front().field == "requests_per_s");
  const nlohmann::json j = nlohmann::json::parse(plan_to_json(run(traffic(10))));
  const nlohmann::json& o = j["options"][0];
  CHECK(o["replicas"].is_number_integer());
  CHECK(o["capacity_requests_per_s"].is_number());
  CHECK(o["batch"].is_number_integer());
  CHECK(o["limited_by"].is_string());
}

TEST_CASE("plan: platforms_first lists a vendor's offers first and keeps the others and the pick", "[plan]") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.top = 1000;
  const Plan all = run(r);
  REQUIRE(all.pick);
  // A platform that is not the cheapest: its options come first, then the rest, each cheapest first.
  const std::string vendor = "autodl";
  REQUIRE(all.pick->platform != vendor);
  REQUIRE(std::any_of(all.options.begin(), all.options.end(), [&](const Option& o) { return o.platform == vendor; }));
  r.platforms_first = {"AutoDL"};  // any case, as links and flags are typed
  const Plan first = run(with_catalog_ids(test::plan_catalog(), r));
  REQUIRE(first.options.size() == all.options.size());
  REQUIRE(first.pick);
  CHECK(first.pick->offer == all.pick->offer);
  std::size_t k = 0;
  while (k < first.options.size() && first.options[k].platform == vendor) ++k;
  CHECK(k > 0);
  for (std::size_t i = k; i < first.options.size(); ++i) CHECK(first.options[i].platform != vendor);
  // Each group in the plan's own order (cheapest first): the vendor's, then everyone else's.
  std::vector<std::string> expected;
  for (const bool theirs : {true, false}) {
    for (const Option& o : all.options) {
      if ((o.platform == vendor) == theirs) expected.push_back(o.offer + "/" + std::string(name_of(o.term)));
    }
  }
  std::vector<std::string> listed;
  for (const Option& o : first.options) listed.push_back(o.offer + "/" + std::string(name_of(o.term)));
  CHECK(listed == expected);
  r.platforms_first = {"no-such-platform"};
  const Result<Plan> bad = plan(test::plan_catalog(), r);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().field == "platforms_first[0]");
}

// Issue 32: an option whose offer came from a vendor's overlay says so, with its price's source,
// in the plan and in every output built from it (JSON, CSV/Markdown).
TEST_CASE("plan: an option from an overlay carries the overlay and its price's source", "[plan]") {
  const Result<Catalog> c = apply_overlay(test::catalog(), CatalogFile{"vendor.json", R"({"schema": "cardfit.catalog/1",
    "sources": [{"id": "acme-2026-11", "title": "ACME price list", "publisher": "ACME", "date": "2026-11", "kind": "price-page"}],
    "offers": [{"id": "yiwan-t4-card", "replaces": true, "source": "acme-2026-11", "as_of": "2026-11",
                "prices": [{"term": "monthly", "low": 800, "high": 800}]}]})"});
  INFO(test::all_errors(c.errors));
  REQUIRE(c.ok());
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";  // INT4 fits the overlay's T4 (16 GB)
  r.scenario.precision = "int4";
  r.platforms = {"yiwan"};
  r.top = 50;
  const Result<Plan> p = plan(*c.value, r);
  REQUIRE(p.ok());
  bool seen = false;
  for (const Option& o : p.value->options) {
    if (o.offer == "yiwan-t4-card") {
      seen = true;
      CHECK(o.overlay == "vendor.json");
      CHECK(o.price_source == "acme-2026-11");
    } else {
      CHECK(o.overlay.empty());
      CHECK_FALSE(o.price_source.empty());
    }
  }
  REQUIRE(seen);
  const nlohmann::json j = nlohmann::json::parse(plan_to_json(*p.value));
  bool in_json = false;
  for (const auto& o : j["options"]) {
    if (o["offer"] == "yiwan-t4-card") in_json = o["overlay"] == "vendor.json" && o["source"] == "acme-2026-11";
  }
  CHECK(in_json);
  const TextTable t = plan_table(*p.value, Lang::En);
  REQUIRE(t.header.size() >= 2);
  CHECK(t.header[t.header.size() - 2] == "price source");
  CHECK(t.header.back() == "from file");
}

// Traffic sizing stops at the most cards cardfit sizes (input_spec(Cards).max): an option whose
// replicas stop there serves less than the traffic and meets no target. Found by the property test
// "plan() sized from traffic is monotone…" in the WebAssembly build (libc++ draws other scenarios).
TEST_CASE("plan: replicas capped by the card limit do not meet the traffic", "[plan]") {
  const Result<PlanRequest> r = request_from_pairs_strict(
      test::catalog(), decode_query("v=2&m=deepseek-v4-pro&p=int4&kv=fp8&c=32k&pr=128&cc=12&e=transformers&ot=308&ttft=5k&rps=300&top=1k"));
  REQUIRE(r.ok());
  const Plan p = run(*r.value, test::catalog());
  int capped = 0;
  for (const Option& o : p.options) {
    if (!o.capacity_requests_per_s) continue;
    INFO(o.offer << " x" << o.cards << ": " << *o.capacity_requests_per_s << " requests/s");
    if (*o.capacity_requests_per_s < 300) {
      ++capped;
      CHECK_FALSE(o.meets_targets);
    }
  }
  CHECK(capped > 0);  // the scenario does reach the cap
}

// The engine follows the weights when the request names none (scenario.hpp default_engine):
// precisions.json lists only llama.cpp/Ollama for GGUF and only MLX for the MLX formats.
namespace {
PlanRequest engine_request(const std::string& precision, std::optional<std::string> engine = std::nullopt) {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.precision = precision;
  r.scenario.engine = std::move(engine);
  r.top = 1000;
  return r;
}
bool warns_engine_precision(const Plan& p) {
  for (const Message& w : p.warnings) {
    if (w.id == MsgId::est_warn_engine_precision) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("plan: GGUF weights without --engine run with llama.cpp, not vLLM", "[plan][engine]") {
  const Plan p = run(engine_request("q4_k_m"));
  CHECK(p.engine == "llama.cpp");
  CHECK_FALSE(warns_engine_precision(p));
  REQUIRE(p.pick);
  REQUIRE_FALSE(p.pick->launch.empty());
  CHECK(p.pick->launch.front().kind == LaunchKind::LlamaServer);
  CHECK(p.pick->launch.front().text.rfind("llama-server ", 0) == 0);
  CHECK(p.pick->launch.front().text.find("Q4_K_M") != std::string::npos);
  for (const Option& o : p.options) {
    for (const LaunchCommand& l : o.launch) CHECK(l.kind != LaunchKind::Vllm);
  }
  const nlohmann::json j = nlohmann::json::parse(plan_to_json(p));
  CHECK(j["engine"] == "llama.cpp");
}

TEST_CASE("plan: MLX weights without --engine run with MLX, on Metal only", "[plan][engine]") {
  const Plan p = run(engine_request("mlx-4bit"));
  CHECK(p.engine == "mlx");
  CHECK_FALSE(warns_engine_precision(p));
  const Catalog& c = test::plan_catalog();
  auto metal = [&](const std::string& gpu) {
    const Gpu* g = c.find_gpu(gpu);
    return g && g->runtime == Runtime::Metal;
  };
  if (p.pick) CHECK(metal(p.pick->gpu));
  for (const Option& o : p.options) {
    INFO(o.gpu);
    CHECK(metal(o.gpu));
  }
  // Why nothing qualifies names no CUDA card as one that "would fit".
  if (!p.pick) {
    const std::string why = en(p.no_pick_reason);
    INFO(why);
    CHECK(why.find("RTX 3090") == std::string::npos);
    CHECK(why.find("H100") == std::string::npos);
  }
}

TEST_CASE("plan: an engine named explicitly is kept, with the warning", "[plan][engine]") {
  const Plan p = run(engine_request("q4_k_m", std::string("vllm")));
  CHECK(p.engine == "vllm");
  CHECK(warns_engine_precision(p));
  REQUIRE(p.pick);
  REQUIRE_FALSE(p.pick->launch.empty());
  CHECK(p.pick->launch.front().kind == LaunchKind::Vllm);
}

TEST_CASE("plan: 16-bit weights without --engine still run with vLLM", "[plan][engine]") {
  const Plan p = run(engine_request("bf16"));
  CHECK(p.engine == "vllm");
}
