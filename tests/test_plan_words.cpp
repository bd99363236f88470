// core/plan/plan_words.hpp (through plan()): warnings judge by the catalog's thresholds and
// cite the buying guide by its short title; nothing is said twice; both languages read.
#include <catch2/catch.hpp>

#include <algorithm>

#include "plan.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;
using cardfit::test::run_plan;

namespace {

const Message* warning(const Option& o, const char* code) {
  for (const Message& w : o.warnings) {
    if (message_code(w.id) == code) return &w;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("the over-provisioning threshold is catalog data") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.gpu = "h100-sxm";
  r.platforms = {"yiwan"};
  Catalog c = test::plan_catalog();
  const Plan before = run_plan(r, c);
  REQUIRE_FALSE(before.options.empty());
  const Message* w = warning(before.options.front(), "over_provisioned");
  REQUIRE(w);
  CHECK(en(*w).find("under 40%") != std::string::npos);
  CHECK(en(*w).find("一万网络") != std::string::npos);  // cites the guide by its short title
  CHECK(zh(*w).find("低于 40%") != std::string::npos);
  c.defaults.thresholds.over_provisioned_use = 0.01;  // a vendor's own rule
  CHECK_FALSE(warning(run_plan(r, c).options.front(), "over_provisioned"));
}

TEST_CASE("no estimate warning is said twice in the planner's words") {
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.precision = "fp8";
  r.scenario.gpu = "a100-40g";
  const Plan p = run_plan(r, test::plan_catalog());
  for (const Option& o : p.options) {
    CHECK(warning(o, "fp8_unsupported"));
    CHECK_FALSE(warning(o, "fp8_weight_only"));
  }
}

TEST_CASE("every option's words render in both languages without placeholders") {
  PlanRequest r;
  r.scenario.model = "llama-3-70b";
  r.scenario.precision = "int4";
  r.budget_tier = "3000-6000";
  r.allow_spot = true;
  r.student = true;
  const Plan p = run_plan(r, test::plan_catalog());
  for (const Option& o : p.options) {
    for (Lang lang : {Lang::En, Lang::Zh}) {
      const std::string reason = render(o.reason, lang);
      CHECK_FALSE(reason.empty());
      CHECK(reason.find('{') == std::string::npos);
      for (const Message& w : o.warnings) CHECK(render(w, lang).find('\x1a') == std::string::npos);
    }
  }
}

TEST_CASE("a multi-card warning names the card's own link, from the GPU's catalog entry") {
  // Expected link names: Huawei's Ascend 910B links its cards with HCCS, AMD's MI300X with
  // Infinity Fabric (gpus.json "interconnect", each with its datasheet source); NVIDIA's with NVLink.
  // The bundled prices rent no multi-card training on the first two, so the planner's sentence is
  // checked on an A100 and the same sentence built from the other GPUs' entries.
  PlanRequest r;
  r.scenario.model = "qwen2.5-7b";
  r.scenario.task = Task::Lora;
  r.scenario.gpu = "a100-80g";
  r.scenario.cards = 2;
  r.top = 50;
  const Plan p = run_plan(r, test::plan_catalog());
  bool said = false;
  for (const Option& o : p.options) {
    const Message* w = warning(o, "nvlink_not_stated");
    if (!w) continue;
    said = true;
    CHECK(en(*w).find("NVLink") != std::string::npos);
  }
  CHECK(said);
  for (const auto& [gpu, link] : std::vector<std::pair<const char*, const char*>>{
           {"ascend-910b", "HCCS"}, {"mi300x", "Infinity Fabric"}}) {
    INFO(gpu);
    const Gpu* g = test::plan_catalog().find_gpu(gpu);
    REQUIRE(g != nullptr);
    const std::string w = en(msg::plan_warn_nvlink_not_stated(Message(label_of(g->interconnect)), "15", Message()));
    CHECK(w.find(link) != std::string::npos);
    CHECK(w.find("NVLink") == std::string::npos);
  }
}
