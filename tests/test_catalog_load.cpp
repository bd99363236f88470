// Catalog loader: the bundled catalog walked entry by entry, datasheet values, every
// buying-guide price with its source, overlays (override, add, remove, bad overlay), error paths and the
// catalog_to_json round trip. Reference values cite their source in a comment.
#include <catch2/catch.hpp>

#include "acme_overlay.hpp"
#include "test_support.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "catalog_load.hpp"
#include "catalog_validate.hpp"
#include "catalog_write.hpp"
#include "embedded.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;
using nlohmann::json;

namespace {

bool has_error(const std::vector<Issue>& issues, const std::string& field, const std::string& message_part) {
  for (const Issue& i : issues) {
    if (i.field == field && en(i.message).find(message_part) != std::string::npos) return true;
  }
  return false;
}

Result<Catalog> overlay(const std::string& text) { return apply_overlay(test::catalog(), CatalogFile{"overlay.json", text}); }

}  // namespace

// [SECTION] The bundled catalog

TEST_CASE("bundled catalog loads with no problems", "[catalog]") {
  const Result<Catalog> result = assets::bundled_catalog();
  INFO(test::all_errors(result.errors));
  REQUIRE(result.ok());
  CHECK(validate_catalog(*result.value).empty());
}

TEST_CASE("bundled catalog has every id issue 3 asks for", "[catalog]") {
  const Catalog& c = test::catalog();
  // Issue 3, "Deliver" items 2-4.
  for (const char* id : {"t4", "v100-32g", "a10", "l4", "l20", "l40s", "rtx-3090", "rtx-4090", "rtx-5090",
                         "rtx-4050-laptop", "rtx-a6000", "rtx-6000-ada", "a100-40g", "a100-80g", "a800-80g",
                         "h100-sxm", "h100-pcie", "h800", "h20", "h200", "b200", "ascend-910b", "mi300x"}) {
    INFO("gpu " << id);
    CHECK(c.find_gpu(id) != nullptr);
  }
  for (const char* id :
       {"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b", "llama-3.1-8b", "llama-3.1-70b",
        "llama-3.1-405b", "qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b",
        "qwen2.5-72b", "qwen3-0.6b", "qwen3-1.7b", "qwen3-4b", "qwen3-8b", "qwen3-14b", "qwen3-32b", "qwen3-30b-a3b",
        "qwen3-235b-a22b", "chatglm3-6b", "glm-4-9b", "mistral-7b", "mixtral-8x7b", "mixtral-8x22b", "deepseek-llm-7b",
        "deepseek-llm-67b", "deepseek-v2-lite", "deepseek-v3", "deepseek-r1", "gemma-2-9b", "gemma-2-27b", "gemma-3-27b",
        "yi-34b", "phi-3-mini", "qwen2.5-vl-7b"}) {
    INFO("model " << id);
    CHECK(c.find_model(id) != nullptr);
  }
  for (const char* id : {"fp32", "bf16", "fp16", "fp8", "int8", "int4", "nf4", "q8_0", "q6_k", "q5_k_m", "q4_k_m",
                         "q3_k_m", "q2_k"}) {
    INFO("weight precision " << id);
    CHECK(c.find_weight_precision(id) != nullptr);
  }
  for (const char* id : {"fp16", "bf16", "fp8", "int8", "int4"}) {
    INFO("kv precision " << id);
    CHECK(c.find_kv_precision(id) != nullptr);
  }
  // Platforms named in the 2026 buying guides (the guide-* sources).
  for (const char* id : {"zhixingyun", "autodl", "aliyun", "tencent-cloud", "volcengine", "xingyu", "yiwan",
                         "chenjianyun", "coreweave", "lambda-labs"}) {
    INFO("platform " << id);
    CHECK(c.find_platform(id) != nullptr);
  }
  CHECK(c.custom_budget.id == "custom");  // issue 3 item 6: "plus custom amount"
}

TEST_CASE("every bundled entry is complete, unique and in sane units", "[catalog]") {
  const Catalog& c = test::catalog();
  auto check_common = [](const auto& items, const char* section) {
    std::set<std::string> ids;
    for (const auto& e : items) {
      INFO(section << " " << e.id);
      CHECK(ids.insert(e.id).second);
      CHECK(!e.source.empty());
      CHECK(!e.as_of.empty());
    }
  };
  check_common(c.gpus, "gpus");
  check_common(c.models, "models");
  check_common(c.weight_precisions, "weight_precisions");
  check_common(c.kv_precisions, "kv_precisions");
  check_common(c.platforms, "platforms");
  check_common(c.offers, "offers");
  check_common(c.budget_tiers, "tiers");
  check_common(c.engines, "engines");
  CHECK(!c.defaults.source.empty());
  CHECK(!c.defaults.usd_cny_source.empty());

  for (const Gpu& g : c.gpus) {
    INFO("gpu " << g.id);
    CHECK(!g.name.empty());
    CHECK(!g.vendor.empty());
    CHECK(!g.memory_type.empty());
    CHECK(g.memory_mib >= 4 * 1024);        // smallest card listed: the 6 GB laptop 4050
    if (g.unified_gpu_percent == 0) {
      CHECK(g.memory_mib <= 288 * 1024);    // largest card: MI355X 288 GiB (ROCm GPU specs)
    } else {
      CHECK(g.memory_mib <= 512 * 1024);    // unified memory, the machine's RAM: M3 Ultra 512 GB
      CHECK(gpu_memory_mib(g) < static_cast<double>(g.memory_mib) + 1);
    }
    CHECK(g.memory_bandwidth_gb_per_s >= 150);
    CHECK(g.memory_bandwidth_gb_per_s <= 10000);
    CHECK(g.fp16_dense_tflops > 0);
    CHECK(g.fp16_acc16_dense_tflops >= g.fp16_dense_tflops);
    CHECK(g.fp32_tflops > 0);
    if (g.runtime == Runtime::Metal) {
      CHECK(g.fp32_tflops <= g.fp16_acc16_dense_tflops);  // Apple GPUs: no tensor cores, FP16 at the FP32 rate
    } else {
      CHECK(g.fp32_tflops < g.fp16_acc16_dense_tflops);  // tensor cores beat the shader rate
    }
    CHECK(g.tdp_w > 0);
  }
  for (const Model& m : c.models) {
    INFO("model " << m.id);
    CHECK(m.num_layers > 0);
    CHECK(m.hidden_size > 0);
    CHECK(m.head_dim > 0);
    CHECK(m.num_attention_heads % m.num_kv_heads == 0);
    CHECK(m.max_context >= 2048);
    CHECK(m.published_params_b > 0);
    CHECK_FALSE(m.assumed_architecture);
  }
  for (const WeightPrecision& p : c.weight_precisions) {
    INFO("precision " << p.id);
    CHECK(p.bits_per_weight > 1);
    CHECK(p.bits_per_weight <= 32);
    CHECK(!p.engines.empty());
  }
  for (const Offer& o : c.offers) {
    INFO("offer " << o.id);
    CHECK(c.find_gpu(o.gpu) != nullptr);
    CHECK(c.find_platform(o.platform) != nullptr);
    CHECK(!o.prices.empty());
    for (const OfferPrice& p : o.prices) {
      CHECK(p.price.low >= 0);
      CHECK(p.price.low <= p.price.high);
      CHECK((p.on_inquiry || p.price.low > 0));
    }
  }
  for (const WeightPrecision& p : c.weight_precisions) {
    for (const std::string& e : p.engines) CHECK(c.find_engine(e) != nullptr);
  }
  for (const BudgetTier& t : c.budget_tiers) {
    for (const TierPick& pick : t.picks) CHECK(c.find_offer(pick.offer) != nullptr);
  }
}

TEST_CASE("datasheet values", "[catalog]") {
  struct Row {
    const char* gpu;
    double Gpu::*field;
    double expected;
  };
  // Tolerance: exact to the datasheet's printed precision (Approx epsilon 1e-6).
  const Row rows[] = {
      {"a100-40g", &Gpu::memory_bandwidth_gb_per_s, 1555},  // NVIDIA A100 datasheet: 40GB SXM 1,555 GB/s
      {"a100-80g", &Gpu::memory_bandwidth_gb_per_s, 2039},  // A100 datasheet: 80GB SXM 2,039 GB/s
      {"a100-40g", &Gpu::bf16_dense_tflops, 312},           // A100 datasheet: BF16 312 (624 sparse)
      {"h100-sxm", &Gpu::memory_bandwidth_gb_per_s, 3350},  // H100 datasheet: SXM 3.35 TB/s
      {"h100-sxm", &Gpu::bf16_dense_tflops, 989.4},         // H100 datasheet 1,979 with sparsity / 2
      {"h100-sxm", &Gpu::fp8_dense_tflops, 1978.9},         // H100 datasheet 3,958 with sparsity / 2
      {"h200", &Gpu::memory_bandwidth_gb_per_s, 4800},      // H200 datasheet: 4.8 TB/s
      {"rtx-4090", &Gpu::fp16_dense_tflops, 165.2},         // Ada whitepaper App. A: FP16 tensor, FP32 acc.
      {"rtx-4090", &Gpu::fp16_acc16_dense_tflops, 330.3},   // Ada whitepaper App. A: FP16 tensor, FP16 acc.
      {"rtx-4090", &Gpu::fp32_tflops, 82.6},                // Ada whitepaper: 82.6 non-tensor FP32
      {"rtx-4090", &Gpu::memory_bandwidth_gb_per_s, 1008},  // Ada whitepaper: 1,008 GB/s GDDR6X
      {"rtx-3090", &Gpu::fp16_dense_tflops, 71},            // Ampere GA102 whitepaper: 71 (142 FP16 acc.)
      {"rtx-3090", &Gpu::fp16_acc16_dense_tflops, 142},     // Ampere GA102 whitepaper
      {"t4", &Gpu::fp16_dense_tflops, 65},                  // T4 datasheet: mixed precision 65 TFLOPS
      {"t4", &Gpu::bf16_dense_tflops, 0},                   // T4 (Turing): no BF16 tensor cores
      {"t4", &Gpu::fp8_dense_tflops, 0},                    // T4: no FP8
      {"v100-32g", &Gpu::fp16_dense_tflops, 125},           // V100 datasheet: SXM2 125 tensor TFLOPS
      {"l40s", &Gpu::fp8_dense_tflops, 733},                // L40S datasheet: 1,466 with sparsity / 2
      {"mi300x", &Gpu::memory_bandwidth_gb_per_s, 5300},    // AMD MI300X datasheet: 5.3 TB/s
  };
  for (const Row& r : rows) {
    INFO(r.gpu);
    const Gpu* g = test::catalog().find_gpu(r.gpu);
    REQUIRE(g != nullptr);
    CHECK(g->*r.field == Approx(r.expected).epsilon(1e-6));
  }
  CHECK(test::catalog().find_gpu("a100-80g")->mig_max_instances == 7);  // A100 datasheet: up to 7 MIGs
  CHECK(test::catalog().find_gpu("rtx-4090")->interconnect == Interconnect::Pcie);  // no NVLink on Ada GeForce
}

TEST_CASE("every price in the 2026 buying guides is an offer with its source", "[catalog]") {
  struct Row {
    const char* platform;
    const char* gpu;
    Term term;
    double low;
    double high;
    bool on_inquiry;
    const char* source;  // must appear in the offer's source
  };
  // Every price the five 2026 buying guides publish, row by row (sources guide-*).
  const Row rows[] = {
      {"market-zhixingyun-speed", "rtx-4090", Term::Hourly, 1.3, 1.3, false, "guide-zhixingyun-speed-2026 §5"},           // generic market ~1.3/h
      {"market-zhixingyun-speed", "a100-40g", Term::Hourly, 1.9, 1.9, false, "guide-zhixingyun-speed-2026 §5"},           // generic market A100 ~1.9/h
      {"market-zhixingyun-speed", "h100-sxm", Term::Hourly, 5, 5, false, "guide-zhixingyun-speed-2026 §5"},               // generic market H100 > 5/h
      {"zhixingyun", "rtx-4090", Term::Monthly, 1026, 1026, false, "guide-zhixingyun-speed-2026 §5"},        // 1,026/month all-inclusive
      {"zhixingyun", "rtx-4090", Term::Hourly, 1.5, 1.5, false, "guide-zhixingyun-a100-4090-2026 §3.1"},         // 1.5/h
      {"zhixingyun", "rtx-4090", Term::Monthly, 5200, 5200, true, "guide-zhixingyun-a100-4090-2026 §3.1"},       // ~5,200/month on inquiry
      {"market-zhixingyun-a100-4090", "rtx-4090", Term::Hourly, 2.5, 3, false, "guide-zhixingyun-a100-4090-2026 §3.1"},           // market 2.5-3/h
      {"zhixingyun", "a100-40g", Term::Hourly, 2.5, 2.5, false, "guide-zhixingyun-a100-4090-2026 §3.1"},         // 2.5/h
      {"zhixingyun", "a100-40g", Term::Monthly, 7500, 7500, true, "guide-zhixingyun-a100-4090-2026 §3.1"},       // ~7,500/month on inquiry
      {"market-zhixingyun-a100-4090", "a100-40g", Term::Hourly, 10, 10, false, "guide-zhixingyun-a100-4090-2026 §3.1"},           // market 10+/h
      {"zhixingyun", "a100-80g", Term::Hourly, 0, 0, true, "guide-zhixingyun-a100-4090-2026 §3.1"},              // quote on request
      {"xingyu", "rtx-4090", Term::Monthly, 1450, 1450, false, "guide-xingyu-platforms-2026 §4"},            // 1,450/month, no extra fees
      {"yiwan", "a100-40g", Term::Monthly, 2800, 2800, false, "guide-yiwan-budget-2026 §4 #1"},          // 2,800/month
      {"yiwan", "a100-40g", Term::Yearly, 2240, 2240, false, "guide-yiwan-budget-2026 §4 #1"},           // yearly x0.8 = 2,240/month
      {"yiwan", "rtx-3090", Term::Monthly, 1750, 1750, false, "guide-yiwan-budget-2026"},                // 1,750/month
      {"yiwan", "t4", Term::Monthly, 900, 900, false, "guide-yiwan-budget-2026"},                        // 900/month
      {"yiwan", "rtx-4090", Term::Monthly, 2500, 4000, true, "guide-yiwan-budget-2026"},                 // machine 2,500-4,000/month
      {"yiwan", "h100-sxm", Term::Monthly, 80000, 120000, false, "guide-yiwan-budget-2026 §4 #2"},       // 8x H100 80,000-120,000
      {"yiwan", "h100-sxm", Term::Monthly, 12000, 18000, false, "guide-yiwan-budget-2026"},              // MIG: single-card 12,000-18,000
      {"yiwan", "h100-sxm", Term::Hourly, 0, 0, true, "guide-yiwan-budget-2026"},                        // MIG slices billed hourly, no figure
      {"market-gpu-selection", "rtx-4090", Term::Hourly, 1.5, 3, false, "guide-gpu-selection-2026 §1"},  // §1 table
      {"market-gpu-selection", "rtx-5090", Term::Hourly, 3, 5, false, "guide-gpu-selection-2026 §1"},
      {"market-gpu-selection", "a100-40g", Term::Hourly, 4, 7, false, "guide-gpu-selection-2026 §1"},
      {"market-gpu-selection", "a100-80g", Term::Hourly, 6, 10, false, "guide-gpu-selection-2026 §1"},
      {"market-gpu-selection", "a800-80g", Term::Hourly, 5, 8, false, "guide-gpu-selection-2026 §1"},
      {"market-gpu-selection", "h100-sxm", Term::Hourly, 14, 22, false, "guide-gpu-selection-2026 §1"},
      {"market-gpu-selection", "h200", Term::Hourly, 18, 28, false, "guide-gpu-selection-2026 §1"},
      {"market-gpu-selection", "l40s", Term::Hourly, 4, 6, false, "guide-gpu-selection-2026 §1"},
  };
  for (const Row& r : rows) {
    INFO(r.platform << " " << r.gpu << " " << r.low << "-" << r.high << " (" << r.source << ")");
    bool found = false;
    for (const Offer& o : test::catalog().offers) {
      if (o.platform != r.platform || o.gpu != r.gpu || o.source.find(r.source) == std::string::npos) continue;
      for (const OfferPrice& p : o.prices) {
        found = found || (p.term == r.term && p.price.low == Approx(r.low) && p.price.high == Approx(r.high) &&
                          p.on_inquiry == r.on_inquiry && o.currency == "CNY");
      }
    }
    CHECK(found);
  }

  const Catalog& c = test::catalog();
  // 一万网络 A100 1/20 slice, 900/month (guide-yiwan-budget-2026 §3.9).
  const Offer* slice = c.find_offer("yiwan-a100-40g-slice");
  REQUIRE(slice != nullptr);
  CHECK(slice->unit == OfferUnit::Slice);
  CHECK(slice->slice_fraction == Approx(1.0 / 20));
  CHECK(slice->prices.at(0).price.low == Approx(900));
  CHECK(slice->source.find("guide-yiwan-budget-2026 §3.9") != std::string::npos);
  // 8x H100 machine: yearly x0.85 (guide-yiwan-budget-2026 §4 #2).
  const Offer* machine = c.find_offer("yiwan-h100-sxm-machine");
  REQUIRE(machine != nullptr);
  CHECK(machine->cards == 8);
  CHECK(machine->package_multipliers.yearly == Approx(0.85));
  CHECK(c.find_offer("yiwan-a100-40g-card")->package_multipliers.yearly == Approx(0.8));  // 一万网络 guide: yearly x0.8
  // Billing rules: 7-day x0.8, 30-day x0.6, spot 30-70% (guide-zhixingyun-speed-2026 §5); student x0.65 (guide-zhixingyun-a100-4090-2026 Q1).
  const Offer* market = c.find_offer("market-zhixingyun-speed-rtx-4090-card");
  REQUIRE(market != nullptr);
  CHECK(market->package_multipliers.weekly == Approx(0.8));
  CHECK(market->package_multipliers.monthly == Approx(0.6));
  CHECK(c.find_platform("market-zhixingyun-speed")->spot_multiplier.low == Approx(0.3));
  CHECK(c.find_platform("market-zhixingyun-speed")->spot_multiplier.high == Approx(0.7));
  CHECK(c.find_platform("zhixingyun")->student_multiplier == Approx(0.65));
  // General clouds' extra fees 70-90/month (guide-xingyu-platforms-2026 §2.2); 99.9% SLA at 阿里云/腾讯云.
  CHECK(c.find_platform("aliyun")->extra_fees_cny_per_month.low == Approx(70));
  CHECK(c.find_platform("aliyun")->extra_fees_cny_per_month.high == Approx(90));
  CHECK(c.find_platform("tencent-cloud")->sla_percent == Approx(99.9));
  // 一万网络 upgrades: CPU +400, RAM +600, disk +300, bandwidth +400 per month (guide-yiwan-budget-2026 §4 #1).
  double upgrades = 0;
  for (const Upgrade& u : c.find_platform("yiwan")->upgrades) upgrades += u.cny_per_month;
  CHECK(upgrades == Approx(400 + 600 + 300 + 400));
}

TEST_CASE("budget tiers from the 一万网络 budget guide §8.2", "[catalog]") {
  struct Row {
    const char* id;
    double low, high;  // CNY per month; high 0 = open-ended
  };
  const Row rows[] = {{"lt-1000", 0, 1000},          {"1000-2000", 1000, 2000}, {"2000-3000", 2000, 3000},
                      {"3000-6000", 3000, 6000},     {"6000-12000", 6000, 12000}, {"ge-80000", 80000, 0}};
  for (const Row& r : rows) {
    INFO(r.id);
    const BudgetTier* t = test::catalog().find_budget_tier(r.id);
    REQUIRE(t != nullptr);
    CHECK(t->low_cny_per_month == Approx(r.low));
    CHECK(t->high_cny_per_month == Approx(r.high));
    CHECK(t->source.find("guide-yiwan-budget-2026 §8.2") != std::string::npos);
    CHECK(t->defined_by == TierOrigin::Article);
  }
  // cardfit's own tiers fill the article's gap between 12,000 and 80,000.
  for (const char* id : {"12000-30000", "30000-80000"}) {
    INFO(id);
    const BudgetTier* t = test::catalog().find_budget_tier(id);
    REQUIRE(t != nullptr);
    CHECK(t->defined_by == TierOrigin::Cardfit);
    CHECK(t->source.rfind("cardfit", 0) == 0);
    CHECK(!t->picks.empty());
  }
  // Sorted by the lower bound, the tiers leave no gap and do not overlap.
  std::vector<const BudgetTier*> tiers;
  for (const BudgetTier& t : test::catalog().budget_tiers) tiers.push_back(&t);
  std::sort(tiers.begin(), tiers.end(), [](auto* a, auto* b) { return a->low_cny_per_month < b->low_cny_per_month; });
  for (std::size_t i = 1; i < tiers.size(); ++i) {
    INFO(tiers[i - 1]->id << " -> " << tiers[i]->id);
    CHECK(tiers[i - 1]->high_cny_per_month == Approx(tiers[i]->low_cny_per_month));
  }
}

// [SECTION] Errors from files

TEST_CASE("errors name the file, the JSON path and the reason", "[catalog][errors]") {
  const std::string gpus = R"({"schema": "cardfit.gpus/1", "gpus": [
    {"id": "x", "name": "X", "vendor": "V", "class": "consumer", "architecture": "A", "memory_mib": -5,
     "memory_mib_basis": "driver", "memory_type": "GDDR6", "memory_bandwidth_gb_per_s": 100,
     "fp16_dense_tflops": 10, "fp16_acc16_dense_tflops": 10, "fp32_tflops": 5, "interconnect": "pcie",
     "pcie_gen": 4, "max_cards_per_node": 8, "tdp_w": 100, "mig_max_instances": 0, "ecc": false,
     "memry_mib": 5, "source": "s", "as_of": "2026-01-01"}]})";
  const Result<Catalog> r = load_catalog({CatalogFile{"gpus.json", gpus}});
  REQUIRE_FALSE(r.ok());
  INFO(test::all_errors(r.errors));
  CHECK(has_error(r.errors, "gpus.json: gpus[0].memory_mib", "must be a positive integer"));
  CHECK(has_error(r.errors, "gpus.json: gpus[0].memory_mib", "got -5"));
  CHECK(has_error(r.errors, "gpus.json: gpus[0].memry_mib", "unknown field 'memry_mib'"));
  CHECK(has_error(r.errors, "gpus.json: gpus[0].memry_mib", "did you mean 'memory_mib'"));
}

TEST_CASE("load_catalog rejects duplicate ids across files and remove flags", "[catalog][errors]") {
  const std::string engines = R"({"schema": "cardfit.engines/1", "engines": [{"id": "e", "name": "E",
    "multi_gpu": "layer", "memory_utilization": 1, "overhead_mib": 0, "decode_bandwidth_efficiency": 0.5,
    "prefill_compute_efficiency": 0.5, "tp_scaling_nvlink": 1, "tp_scaling_pcie": 1, "source": "s", "as_of": "2026"}]})";
  Result<Catalog> r = load_catalog({CatalogFile{"a.json", engines}, CatalogFile{"b.json", engines}});
  REQUIRE_FALSE(r.ok());
  CHECK(has_error(r.errors, "b.json: engines[0].id", "already at a.json: engines[0]"));

  r = load_catalog({CatalogFile{"a.json", R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "remove": true}]})"}});
  REQUIRE_FALSE(r.ok());
  CHECK(has_error(r.errors, "a.json: gpus[0].remove", "only allowed in an overlay"));

  r = load_catalog({CatalogFile{"a.json", R"({"schema": "cardfit.gpu/1"})"}});
  REQUIRE_FALSE(r.ok());
  CHECK(has_error(r.errors, "a.json: schema", "must be one of"));
}

TEST_CASE("validate_catalog checks references of a hand-built catalog", "[catalog][errors]") {
  Catalog c = test::catalog();
  c.offers[0].gpu = "rtx-4900";
  c.offers.push_back(c.offers[1]);  // duplicate id
  const std::vector<Issue> issues = validate_catalog(c);
  INFO(test::all_errors(issues));
  CHECK(has_error(issues, "offers[0].gpu", "unknown GPU 'rtx-4900' (did you mean 'rtx-4090'?)"));
  CHECK(has_error(issues, "offers[" + std::to_string(c.offers.size() - 1) + "].id", "duplicate offer id"));
}

TEST_CASE("problems are capped so a garbage file stays readable", "[catalog][errors]") {
  std::string text = R"({"schema": "cardfit.gpus/1", "gpus": [)";
  for (int i = 0; i < 1000; ++i) text += std::string(i ? "," : "") + R"({"id": "g)" + std::to_string(i) + R"("})";
  text += "]}";
  const Result<Catalog> r = load_catalog({CatalogFile{"gpus.json", text}});
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.size() <= 101);
  CHECK(en(r.errors.back().message).find("stopped after") != std::string::npos);
}

// [SECTION] Overlays

TEST_CASE("overlay: a vendor changes just a price", "[catalog][overlay]") {
  const std::string before = catalog_to_json(test::catalog());
  const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "offers": [
    {"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "prices": [{"term": "monthly", "low": 850, "high": 850}],
     "package_multipliers": {"yearly": 0.7}}]})");
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  const Offer* o = r.value->find_offer("yiwan-t4-card");
  REQUIRE(o != nullptr);
  CHECK(o->prices.size() == 1);
  CHECK(o->prices[0].price.low == 850);
  CHECK(o->package_multipliers.yearly == Approx(0.7));
  CHECK(o->source == "cardfit");  // the overlay's own citation (issue 32)
  CHECK(o->as_of == test::catalog().find_offer("yiwan-t4-card")->as_of);  // untouched fields kept
  CHECK(o->gpu == "t4");
  CHECK(catalog_to_json(test::catalog()) == before);  // the base is never modified
}

TEST_CASE("overlay: add a GPU and an offer for it", "[catalog][overlay]") {
  const Result<Catalog> r = overlay(test::kAcmeOverlay);
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  CHECK(r.value->find_gpu("rtx-4090-48g-acme")->memory_mib == 49140);
  CHECK(r.value->find_offer("acme-4090-48g")->prices[0].price.low == Approx(2.2));
  CHECK(r.value->gpus.size() == test::catalog().gpus.size() + 1);
  CHECK(r.value->sources.size() == test::catalog().sources.size() + 1);
}

TEST_CASE("overlay: remove with an explicit flag", "[catalog][overlay]") {
  SECTION("an offer") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "offers": [{"id": "market-gpu-selection-l40s-card", "remove": true}]})");
    REQUIRE(r.ok());
    CHECK(r.value->find_offer("market-gpu-selection-l40s-card") == nullptr);
    CHECK(r.value->offers.size() == test::catalog().offers.size() - 1);
  }
  SECTION("a GPU still used by an offer is an error at the removal") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "l20", "remove": true}]})");
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r.errors, "overlay.json: gpus[0]", "still used by offer 'autodl-l20-card'"));
  }
  SECTION("a GPU together with its offers") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "l20", "remove": true}],
      "offers": [{"id": "autodl-l20-card", "remove": true}]})");
    INFO(test::all_errors(r.errors));
    REQUIRE(r.ok());
    CHECK(r.value->find_gpu("l20") == nullptr);
  }
  SECTION("an unknown id") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "l50", "remove": true}]})");
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r.errors, "overlay.json: gpus[0].id", "no GPU 'l50' to remove (did you mean"));
  }
  SECTION("remove takes only the id") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "offers": [{"id": "market-gpu-selection-l40s-card", "remove": true, "cards": 2}]})");
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r.errors, "overlay.json: offers[0].cards", "takes only \"id\""));
  }
}

// Issue 32: a vendor's data is the vendor's. An overlay that changes an entry already in the
// catalog says so and cites its own source; what it adds or changes remembers the file.
TEST_CASE("overlay: changing a bundled entry needs \"replaces\": true and a source of its own", "[catalog][overlay]") {
  Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "offers": [
    {"id": "yiwan-t4-card", "prices": [{"term": "monthly", "low": 1, "high": 1}]}]})");
  REQUIRE_FALSE(r.ok());
  CHECK(has_error(r.errors, "overlay.json: offers[0].replaces", "changes offer 'yiwan-t4-card', which is already in the catalog"));
  CHECK(zh(r.errors.at(0).message).find("\"replaces\": true") != std::string::npos);
  r = overlay(R"({"schema": "cardfit.catalog/1", "offers": [
    {"id": "yiwan-t4-card", "replaces": false, "prices": [{"term": "monthly", "low": 1, "high": 1}]}]})");
  CHECK(has_error(r.errors, "overlay.json: offers[0].replaces", "say \"replaces\": true"));
  r = overlay(R"({"schema": "cardfit.catalog/1", "offers": [
    {"id": "yiwan-t4-card", "replaces": true, "prices": [{"term": "monthly", "low": 1, "high": 1}]}]})");
  REQUIRE_FALSE(r.ok());
  CHECK(has_error(r.errors, "overlay.json: offers[0].source", "without a \"source\" of its own"));

  r = overlay(R"({"schema": "cardfit.catalog/1",
    "sources": [{"id": "acme-2026-11", "title": "ACME price list", "publisher": "ACME", "date": "2026-11",
                 "kind": "price-page", "url": "https://example.com/acme"}],
    "offers": [{"id": "yiwan-t4-card", "replaces": true, "source": "acme-2026-11",
                "prices": [{"term": "monthly", "low": 800, "high": 800}]}]})");
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  CHECK(r.value->find_offer("yiwan-t4-card")->overlay == "overlay.json");
  CHECK(r.value->find_offer("yiwan-t4-card")->source == "acme-2026-11");
  CHECK(r.value->find_platform("yiwan")->overlay.empty());  // untouched entries stay bundled
  CHECK(test::catalog().find_offer("yiwan-t4-card")->overlay.empty());
}

TEST_CASE("overlay: a source address that is not a web address is refused", "[catalog][overlay]") {
  for (const char* url : {"javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "https://a b", "ftp://x"}) {
    const std::string text = std::string(R"({"schema": "cardfit.catalog/1", "sources": [{"id": "x-2026", "title": "x",
      "publisher": "x", "date": "2026", "kind": "price-page", "url": ")") + url + R"("}]})";
    const Result<Catalog> r = overlay(text);
    INFO(url);
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r.errors, "overlay.json: sources[0].url", "must be a web address"));
  }
}

TEST_CASE("overlay: repository ids follow Hugging Face's grammar", "[catalog][overlay]") {
  for (const char* repo : {"meta-llama/x $(touch /tmp/p)", "a/b/c", "a--b/c", "a/b..c", "-a/b", "a/b.git", "a/b\\nc", "a b"}) {
    const std::string text = std::string(R"({"schema": "cardfit.catalog/1", "models": [{"id": "qwen2.5-7b", "replaces": true,
      "source": "cardfit", "awq_repo": ")") + repo + R"("}]})";
    const Result<Catalog> r = overlay(text);
    INFO(repo);
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r.errors, "overlay.json: models[0].awq_repo", "must be a Hugging Face repository id"));
  }
  const Result<Catalog> ok = overlay(R"({"schema": "cardfit.catalog/1", "models": [{"id": "qwen2.5-7b", "replaces": true,
    "source": "cardfit", "awq_repo": "Qwen/Qwen2.5-7B-Instruct-AWQ", "gguf_repo": "bartowski/Qwen2.5_7B.GGUF"}]})");
  INFO(test::all_errors(ok.errors));
  CHECK(ok.ok());
}

TEST_CASE("overlay: defaults, exchange rate and nested objects merge field by field", "[catalog][overlay]") {
  Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "defaults": {"headroom": 0.3},
    "default_usd_cny": 7.3, "usd_cny_source": "cfets-usd-cny-2026-01 as the vendor's rate"})");
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  CHECK(r.value->defaults.headroom == Approx(0.3));
  CHECK(r.value->defaults.mfu_datacenter == Approx(test::catalog().defaults.mfu_datacenter));
  CHECK(r.value->defaults.usd_cny == Approx(7.3));

  r = overlay(R"({"schema": "cardfit.catalog/1", "default_usd_cny": 7.3})");
  REQUIRE_FALSE(r.ok());
  CHECK(has_error(r.errors, "overlay.json: usd_cny_source", "is required"));

  // A partial nested object merges; null removes an optional one.
  r = overlay(R"({"schema": "cardfit.catalog/1", "models": [{"id": "mixtral-8x7b", "replaces": true, "source": "cardfit", "moe": {"experts_per_token": 1}},
    {"id": "mistral-7b", "replaces": true, "source": "cardfit", "sliding_window": null}]})");
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  CHECK(r.value->find_model("mixtral-8x7b")->moe.experts_per_token == 1);
  CHECK(r.value->find_model("mixtral-8x7b")->moe.num_experts == 8);
  CHECK_FALSE(r.value->find_model("mistral-7b")->has_sliding_window);
}

TEST_CASE("a bad overlay leaves the base intact and says what is wrong", "[catalog][overlay]") {
  const std::string before = catalog_to_json(test::catalog());
  struct Row {
    const char* overlay;
    const char* field;
    const char* message;
  };
  const Row rows[] = {
      {R"({"schema": "cardfit.catalog/1", "offers": [{"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "gpu": "t5"}]})",
       "overlay.json: offers[0].gpu", "unknown GPU 't5' (did you mean 't4'?)"},
      {R"({"schema": "cardfit.catalog/1", "offers": [{"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "prices": [{"term": "monthly", "low": 900, "high": 800}]}]})",
       "overlay.json: offers[0].prices[0].high", "must be >= low"},
      {R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit", "memory_mib": "16GB"}]})", "overlay.json: gpus[0].memory_mib",
       "must be an integer, got string \"16GB\""},
      {R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t-4", "memory_mib": 1}]})", "overlay.json: gpus[0]",
       "new GPU 't-4' (not in the catalog; did you mean 't4'?) is missing required fields: name,"},
      {R"({"schema": "cardfit.catalog/1", "gpuz": []})", "overlay.json: gpuz", "unknown section 'gpuz' (did you mean 'gpus'?)"},
      {R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "T4"}]})", "overlay.json: gpus[0].id", "must be a lowercase id"},
      {R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit", "class": "server"}]})", "overlay.json: gpus[0].class",
       "must be one of datacenter, workstation, consumer, laptop"},
      {R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit", "as_of": "last year"}]})", "overlay.json: gpus[0].as_of",
       "must be a date"},
      {R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit"}, {"id": "t4", "replaces": true, "source": "cardfit"}]})", "overlay.json: gpus[1].id",
       "duplicate GPU id 't4'"},
      {R"({"schema": "cardfit.catalog/1", "weight_precisions": [{"id": "fp8", "replaces": true, "source": "cardfit", "engines": ["vllm", "vlm"]}]})",
       "overlay.json: weight_precisions[0].engines[1]", "unknown engine 'vlm'"},
      {R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit", "name": "a", "name": "b"}]})", "overlay.json: gpus[0].name",
       "key appears twice"},
      {R"({"schema": "cardfit.catalog/1", "gpus": [)", "overlay.json", "invalid JSON"},
  };
  for (const Row& row : rows) {
    INFO(row.overlay);
    const Result<Catalog> r = overlay(row.overlay);
    INFO(test::all_errors(r.errors));
    REQUIRE_FALSE(r.ok());
    CHECK_FALSE(r.value.has_value());
    CHECK(has_error(r.errors, row.field, row.message));
  }
  CHECK(catalog_to_json(test::catalog()) == before);
}

TEST_CASE("an overlay may hold unicode text", "[catalog][overlay]") {
  const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "platforms": [{"id": "yiwan", "replaces": true, "source": "cardfit", "name_zh": "一万网络 🚀", "notes": "Ünïcödé ok"}]})");
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  CHECK(r.value->find_platform("yiwan")->name_zh == "一万网络 🚀");
  const Result<Catalog> again = load_catalog({CatalogFile{"c.json", catalog_to_json(*r.value)}});
  REQUIRE(again.ok());
  CHECK(again.value->find_platform("yiwan")->name_zh == "一万网络 🚀");
}

TEST_CASE("overlay: removals, overrides and additions in one section keep catalog order", "[catalog][overlay]") {
  // Removals are dropped in one pass at the end; an entry after a removed one is still found by id.
  const Catalog& base = test::catalog();
  const std::string first = base.offers[0].id, second = base.offers[1].id, third = base.offers[2].id;
  const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "offers": [{"id": ")" + first +
                                    R"(", "remove": true}, {"id": ")" + third + R"(", "replaces": true, "source": "cardfit", "notes": "changed"},
                                    {"id": ")" + second + R"(", "remove": true}]})");
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  REQUIRE(r.value->offers.size() == base.offers.size() - 2);
  CHECK(r.value->offers[0].id == third);
  CHECK(r.value->offers[0].notes == "changed");
  CHECK(r.value->find_offer(first) == nullptr);
  CHECK(r.value->offers.back().id == base.offers.back().id);
}

TEST_CASE("aliases: lowercase ids, each naming one entry", "[catalog][errors]") {
  SECTION("an alias may be added by an overlay and is then matched") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "l40s", "replaces": true, "source": "cardfit", "aliases": ["l40-s"]}]})");
    REQUIRE(r.ok());
    CHECK(match_entry(r.value->gpus, "L40-S")->id == "l40s");
  }
  SECTION("an alias that is another entry's id") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "h100-pcie", "replaces": true, "source": "cardfit", "aliases": ["h800"]}]})");
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r.errors, "overlay.json: gpus[0].aliases[0]", "alias 'h800' is already used by GPU 'h800'"));
  }
  SECTION("an alias another entry has") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "h100-pcie", "replaces": true, "source": "cardfit", "aliases": ["h100"]}]})");
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r.errors, "overlay.json: gpus[0].aliases[0]", "already used by GPU 'h100-sxm'"));
  }
  SECTION("an alias in capitals") {
    const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "models": [{"id": "qwen2.5-7b", "replaces": true, "source": "cardfit", "aliases": ["Qwen"]}]})");
    REQUIRE_FALSE(r.ok());
    CHECK(has_error(r.errors, "overlay.json: models[0].aliases[0]", "must be a lowercase id"));
  }
}

TEST_CASE("rates too small to be real are refused, 0 still means 'not supported'", "[catalog][errors]") {
  struct Row {
    const char* field;
    const char* value;
    const char* message;  // "" = accepted
  };
  for (const Row& r : {Row{"memory_bandwidth_gb_per_s", "5e-324", "must be a number from 10 to 100000, got 5e-324"},
                       Row{"memory_bandwidth_gb_per_s", "10", ""},
                       Row{"fp16_dense_tflops", "1e-300", "must be a number from 0.1 to 100000"},
                       Row{"bf16_dense_tflops", "0.001", "must be 0 (none) or a number from 0.1 to 100000, got 0.001"},
                       Row{"bf16_dense_tflops", "0", ""},
                       Row{"fp32_tflops", "1e-9", "from 0.1 to 100000"},
                       Row{"nvlink_gb_per_s", "0.5", "must be 0 (none) or a number from 1 to 100000"}}) {
    INFO(r.field << " = " << r.value);
    const Result<Catalog> c = overlay(std::string(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit", ")") +
                                      r.field + R"(": )" + r.value + "}]}");
    if (*r.message == '\0') {
      INFO(test::all_errors(c.errors));
      CHECK(c.ok());
    } else {
      REQUIRE_FALSE(c.ok());
      CHECK(has_error(c.errors, std::string("overlay.json: gpus[0].") + r.field, r.message));
    }
  }
  const Result<Catalog> e = overlay(R"({"schema": "cardfit.catalog/1", "engines": [{"id": "vllm", "replaces": true, "source": "cardfit", "bandwidth_efficiency_hbm": 1e-300}]})");
  REQUIRE_FALSE(e.ok());
  CHECK(has_error(e.errors, "overlay.json: engines[0].bandwidth_efficiency_hbm", "from 0.01 to 1"));
}

TEST_CASE("offers of one GPU on one platform are told apart by their product", "[catalog]") {
  // RunPod sells each GPU in its Secure Cloud and its Community Cloud at two prices
  // (datareceipts-109 vendors.json, cited by the runpod platform's notes): the result card and the
  // tables print platform + product, so where one offer of a group (same platform, GPU, unit,
  // cards, share) names a product, every offer of it names a different one.
  std::map<std::string, std::vector<const Offer*>> groups;
  for (const Offer& o : test::catalog().offers) {
    groups[o.platform + "|" + o.gpu + "|" + std::string(name_of(o.unit)) + "|" + std::to_string(o.cards) + "|" +
           std::to_string(o.slice_fraction)]
        .push_back(&o);
  }
  int told_apart = 0;
  for (const auto& [key, offers] : groups) {
    if (offers.size() < 2 || std::none_of(offers.begin(), offers.end(), [](const Offer* o) { return !o->product_en.empty(); })) {
      continue;
    }
    std::set<std::string> en_names, zh_names;
    for (const Offer* o : offers) {
      INFO(key << ": " << o->id);
      CHECK_FALSE(o->product_en.empty());
      en_names.insert(o->product_en);
      zh_names.insert(o->product_zh);
    }
    INFO(key);
    CHECK(en_names.size() == offers.size());
    CHECK(zh_names.size() == offers.size());
    ++told_apart;
  }
  CHECK(told_apart >= 7);  // RunPod's H100 SXM, H100 PCIe, A100 80GB, H200, B200, L40S, RTX 4090
  const Offer* community = test::catalog().find_offer("runpod-h100-sxm-community");
  REQUIRE(community != nullptr);
  CHECK(community->product_en == "Community Cloud");

  // The names come in pairs: one without the other is an error naming the missing field.
  const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "offers": [
    {"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "product_en": "Basic"}]})");
  REQUIRE_FALSE(r.ok());
  INFO(test::all_errors(r.errors));
  bool named = false;
  for (const Issue& i : r.errors) named = named || (i.field.find("product_zh") != std::string::npos && en(i.message).find("together") != std::string::npos);
  CHECK(named);
}

TEST_CASE("release_parts: an unknown part or format is refused, naming the field", "[catalog][errors][release]") {
  // "experts" is not a part a release can keep out of its format (only attention and dense_mlp).
  const Result<Catalog> r = overlay(R"({"schema": "cardfit.catalog/1", "models": [{"id": "minimax-m2.5",
    "replaces": true, "source": "cardfit", "release_parts": [{"precision": "nvfp4",
    "unquantized": ["attention", "experts"], "source": "aic-minimax-m2.5-nvfp4-quant"}]}]})");
  REQUIRE_FALSE(r.ok());
  INFO(test::all_errors(r.errors));
  CHECK(has_error(r.errors, "overlay.json: models[0].release_parts[0].unquantized[1]", "experts"));

  const Result<Catalog> f8 = overlay(R"({"schema": "cardfit.catalog/1", "models": [{"id": "minimax-m2.5",
    "replaces": true, "source": "cardfit", "release_parts": [{"precision": "nvfp4",
    "fp8_parts": ["lm_head"], "source": "aic-minimax-m2.5-nvfp4-quant"}]}]})");
  REQUIRE_FALSE(f8.ok());
  CHECK(has_error(f8.errors, "overlay.json: models[0].release_parts[0].fp8_parts[0]", "lm_head"));

  // "attention_inputs" and quantized_linear_layers are read; a negative count is refused, named.
  const Result<Catalog> in = overlay(R"({"schema": "cardfit.catalog/1", "models": [{"id": "deepseek-v3.2",
    "replaces": true, "source": "cardfit", "release_parts": [{"precision": "nvfp4",
    "unquantized": ["attention_inputs"], "quantized_linear_layers": 3, "source": "aic-deepseek-v3.2-nvfp4-quant"}]}]})");
  INFO(test::all_errors(in.errors));
  REQUIRE(in.ok());
  const Model* ds = in.value->find_model("deepseek-v3.2");
  REQUIRE(ds != nullptr);
  REQUIRE(ds->release_parts.size() == 1);
  CHECK(ds->release_parts[0].keep_attention_inputs_16bit);
  CHECK_FALSE(ds->release_parts[0].keep_attention_16bit);
  CHECK(ds->release_parts[0].quantized_linear_layers == 3);
  const Result<Catalog> neg = overlay(R"({"schema": "cardfit.catalog/1", "models": [{"id": "deepseek-v3.2",
    "replaces": true, "source": "cardfit", "release_parts": [{"precision": "nvfp4",
    "unquantized": ["attention"], "quantized_linear_layers": -1, "source": "aic-deepseek-v3.2-nvfp4-quant"}]}]})");
  REQUIRE_FALSE(neg.ok());
  CHECK(has_error(neg.errors, "overlay.json: models[0].release_parts[0].quantized_linear_layers", ""));

  // A format the catalog does not have: the reference check names the entry's field.
  Catalog c = test::catalog();
  Model* m = nullptr;
  std::size_t index = 0;
  for (std::size_t i = 0; i < c.models.size(); ++i) {
    if (c.models[i].id == "minimax-m2.5") m = &c.models[(index = i)];
  }
  REQUIRE(m != nullptr);
  REQUIRE_FALSE(m->release_parts.empty());
  m->release_parts[0].precision = "nvfp5";
  const std::vector<Issue> issues = validate_catalog(c);
  INFO(test::all_errors(issues));
  CHECK(has_error(issues, "models[" + std::to_string(index) + "].release_parts[0].precision", "nvfp5"));
}
