// core/plan/cost.hpp: prices per term, monthly cost, job cost, cost per hour / TFLOPS-hour /
// million tokens. Expected values come from the buying guides' published prices (stored in
// assets/catalog/platforms.json) with the arithmetic done by hand in each row's comment.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "cost.hpp"
#include "embedded.hpp"

using namespace cardfit;

namespace {

const Catalog& catalog() {
  static const Catalog c = [] {
    auto r = assets::bundled_catalog();
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

const Offer& offer(const std::string& id) {
  const Offer* o = catalog().find_offer(id);
  INFO("offer " << id);
  REQUIRE(o != nullptr);
  return *o;
}

const Platform& platform_of(const Offer& o) {
  const Platform* p = catalog().find_platform(o.platform);
  REQUIRE(p != nullptr);
  return *p;
}

CostInputs cny(double hours_per_day = 24) {
  CostInputs in;
  in.hours_per_day = hours_per_day;
  in.usd_cny = 7.02;
  return in;
}

// Relative tolerance 1e-9: all of this is exact decimal arithmetic on small numbers.
Approx money(double v) { return Approx(v).epsilon(1e-9); }

}  // namespace

TEST_CASE("unit_price: published prices and package rules", "[cost]") {
  struct Row {
    const char* offer;
    Term term;
    double low, high;
    bool derived, on_inquiry;
  };
  const std::vector<Row> rows = {
      // the 一万网络 budget guide §4 #1: 月付 ¥2800, 年付 8 折后每月仅 ¥2240 (published, not derived)
      {"yiwan-a100-40g-card", Term::Monthly, 2800, 2800, false, false},
      {"yiwan-a100-40g-card", Term::Yearly, 2240, 2240, false, false},
      // the 一万网络 budget guide §9: 3090 ¥1750/月, 年付 8 折 -> 1,750 x 0.8 = 1,400 per month (derived)
      {"yiwan-rtx-3090-card", Term::Yearly, 1400, 1400, true, false},
      // the 一万网络 budget guide §4 #2: 8x H100 machine 80,000-120,000/month, yearly 85折 = 68,000-102,000/month
      {"yiwan-h100-sxm-machine", Term::Yearly, 68000, 102000, false, false},
      // the 智星云 speed guide §5: 4090 1.3/h; 7-day package 8折 = 1.3 x 168 x 0.8 = 174.72
      {"market-zhixingyun-speed-rtx-4090-card", Term::Weekly, 174.72, 174.72, true, false},
      // the 智星云 speed guide §5: 30-day package 6折 = 1.3 x 720 x 0.6 = 561.6
      {"market-zhixingyun-speed-rtx-4090-card", Term::Monthly, 561.6, 561.6, true, false},
      // the 智星云 A100-vs-4090 guide §3.1: 智星云 4090 1.5/h and "约 5200 元（需咨询）" - indicative, kept with the flag
      {"zhixingyun-rtx-4090-card-s001", Term::Hourly, 1.5, 1.5, false, false},
      {"zhixingyun-rtx-4090-card-s001", Term::Monthly, 5200, 5200, false, true},
      // the 一万网络 budget guide §4 #3: 4090 machine 2,500-4,000 "以咨询为准" - a range on inquiry
      {"yiwan-rtx-4090-machine", Term::Monthly, 2500, 4000, false, true},
  };
  for (const Row& r : rows) {
    INFO(r.offer << " term " << static_cast<int>(r.term));
    auto p = unit_price(offer(r.offer), r.term);
    REQUIRE(p.has_value());
    CHECK(p->price.low == money(r.low));
    CHECK(p->price.high == money(r.high));
    CHECK(p->derived == r.derived);
    CHECK(p->on_inquiry == r.on_inquiry);
  }
}

TEST_CASE("unit_price: no number means no price", "[cost]") {
  // the 智星云 A100-vs-4090 guide §3.1: A100 80G "官网定制询价" for both terms - nothing to compute with.
  CHECK_FALSE(unit_price(offer("zhixingyun-a100-80g-card"), Term::Hourly).has_value());
  CHECK_FALSE(unit_price(offer("zhixingyun-a100-80g-card"), Term::Monthly).has_value());
  // No rule for weekly on 一万网络's A100 (only yearly x0.8): no weekly price is invented.
  CHECK_FALSE(unit_price(offer("yiwan-a100-40g-card"), Term::Weekly).has_value());
  CHECK_FALSE(unit_price(offer("yiwan-a100-40g-card"), Term::Hourly).has_value());
}

TEST_CASE("monthly_cost: the articles' monthly prices and budget-tier picks", "[cost]") {
  struct Row {
    const char* offer;
    Term term;
    int units;
    double hours_per_day;
    double low, high;
  };
  const std::vector<Row> rows = {
      // the 一万网络 budget guide §8.2 budget tiers: T4 900; RTX 3090 1,750; A100 40G 2,800; 2x A100 40G 5,600;
      // 4x A100 40G = 11,200 (the article gives no price for the 6,000-12,000 tier).
      {"yiwan-t4-card", Term::Monthly, 1, 24, 900, 900},
      {"yiwan-rtx-3090-card", Term::Monthly, 1, 24, 1750, 1750},
      {"yiwan-a100-40g-card", Term::Monthly, 1, 24, 2800, 2800},
      {"yiwan-a100-40g-card", Term::Monthly, 2, 24, 5600, 5600},
      {"yiwan-a100-40g-card", Term::Monthly, 4, 24, 11200, 11200},
      // the 一万网络 budget guide §4 #1: 2 x 2,240 on the yearly contract
      {"yiwan-a100-40g-card", Term::Yearly, 2, 24, 4480, 4480},
      // hours per day only matter for hourly billing: 1.5 x 24 x 30 = 1,080; x 8 h = 360
      {"zhixingyun-rtx-4090-card-s001", Term::Hourly, 1, 24, 1080, 1080},
      {"zhixingyun-rtx-4090-card-s001", Term::Hourly, 1, 8, 360, 360},
      {"zhixingyun-rtx-4090-card-s000", Term::Monthly, 1, 8, 1026, 1026},
      // the 2026 selection guide §1: A100 40G 4-7/h -> 2,880-5,040 per month around the clock
      {"market-gpu-selection-a100-40g-card", Term::Hourly, 1, 24, 2880, 5040},
      // weekly package per month: 174.72 x 30 / 7 = 748.8
      {"market-zhixingyun-speed-rtx-4090-card", Term::Weekly, 1, 24, 748.8, 748.8},
      // the 星宇智算 platform comparison §4: 星宇智算 1,450/month, no extra fee
      {"xingyu-rtx-4090-card", Term::Monthly, 1, 8, 1450, 1450},
  };
  for (const Row& r : rows) {
    INFO(r.offer << " x" << r.units);
    const Offer& o = offer(r.offer);
    auto p = unit_price(o, r.term);
    REQUIRE(p.has_value());
    const MonthlyCost c = monthly_cost(platform_of(o), o, *p, r.units, cny(r.hours_per_day));
    CHECK(c.total.low == money(r.low));
    CHECK(c.total.high == money(r.high));
    CHECK(c.extra_fees.high == 0);  // every priced platform in the articles is fee-free
  }
}

TEST_CASE("monthly_cost: student, spot, extra fees and currency", "[cost]") {
  const Offer& z = offer("zhixingyun-rtx-4090-card-s001");
  const Platform& zp = platform_of(z);
  const UnitPrice hourly = *unit_price(z, Term::Hourly);

  SECTION("student multiplier (the 智星云 A100-vs-4090 guide Q1: 65折)") {
    CostInputs in = cny();
    in.student = true;
    const MonthlyCost c = monthly_cost(zp, z, hourly, 1, in);
    CHECK(c.student_applied);
    CHECK(c.total.low == money(1080 * 0.65));  // 702
    // A platform without a student rate ignores the flag.
    const Offer& y = offer("yiwan-a100-40g-card");
    const MonthlyCost cy = monthly_cost(platform_of(y), y, *unit_price(y, Term::Monthly), 1, in);
    CHECK_FALSE(cy.student_applied);
    CHECK(cy.total.low == money(2800));
  }

  SECTION("spot range (the 智星云 speed guide §5: 30%-70% of on-demand), hourly only") {
    const Offer& m = offer("market-zhixingyun-speed-rtx-4090-card");
    CostInputs in = cny();
    in.spot = true;
    const MonthlyCost c = monthly_cost(platform_of(m), m, *unit_price(m, Term::Hourly), 1, in);
    CHECK(c.spot_applied);
    CHECK(c.total.low == money(1.3 * 720 * 0.3));   // 280.8
    CHECK(c.total.high == money(1.3 * 720 * 0.7));  // 655.2
    const MonthlyCost pkg = monthly_cost(platform_of(m), m, *unit_price(m, Term::Monthly), 1, in);
    CHECK_FALSE(pkg.spot_applied);  // a 30-day package is not preemptible
    CHECK(pkg.total.low == money(561.6));
    const MonthlyCost none = monthly_cost(zp, z, hourly, 1, in);  // 智星云 sells no spot
    CHECK_FALSE(none.spot_applied);
  }

  SECTION("extra fees once per rental (the 星宇智算 platform comparison §2.2: general clouds 70-90 CNY/month)") {
    Platform cloud = zp;
    cloud.extra_fees_cny_per_month = PriceRange{70, 90};
    const MonthlyCost c = monthly_cost(cloud, z, hourly, 2, cny(8));
    CHECK(c.rent.low == money(1.5 * 8 * 30 * 2));  // 720
    CHECK(c.total.low == money(720 + 70));
    CHECK(c.total.high == money(720 + 90));
  }

  SECTION("USD at the catalog rate (7.02 CNY per USD)") {
    CostInputs in = cny();
    in.currency = Currency::Usd;
    const Offer& y = offer("yiwan-a100-40g-card");
    const MonthlyCost c = monthly_cost(platform_of(y), y, *unit_price(y, Term::Monthly), 1, in);
    CHECK(c.total.low == money(2800 / 7.02));  // 398.86 USD
    Offer usd = y;
    usd.currency = "USD";
    in.currency = Currency::Cny;
    const MonthlyCost back = monthly_cost(platform_of(y), usd, *unit_price(usd, Term::Monthly), 1, in);
    CHECK(back.total.low == money(2800 * 7.02));
  }
}

TEST_CASE("job_cost: the 智星云 A100-vs-4090 guide §3.2's example done right", "[cost]") {
  const Offer& a100 = offer("market-zhixingyun-a100-4090-a100-40g-card");   // "友商 A100 10 元/小时"
  const Offer& r4090 = offer("zhixingyun-rtx-4090-card-s001");  // 1.5 元/小时
  const UnitPrice a100_h = *unit_price(a100, Term::Hourly);
  const UnitPrice r4090_h = *unit_price(r4090, Term::Hourly);
  struct Row {
    const Offer* o;
    const UnitPrice* p;
    int units;
    double hours;
    double expected;
  };
  const std::vector<Row> rows = {
      // Plan A: 10 x 72 = 720 (the article agrees).
      {&a100, &a100_h, 1, 72, 720},
      // Plan B: the article claims 432 CNY *and* 18 hours. 4 cards x 1.5 x 18 h = 108;
      // 432 is 4 x 1.5 x 72 h, i.e. the four cards NOT finishing sooner. Both shown, neither mixed.
      {&r4090, &r4090_h, 4, 18, 108},
      {&r4090, &r4090_h, 4, 72, 432},
      // 智星云 bills per second: 17.2 h costs 4 x 1.5 x 17.2 = 103.2, not 18 whole hours.
      {&r4090, &r4090_h, 4, 17.2, 103.2},
      // The market reference bills whole hours: 72.5 h -> 73 h -> 730.
      {&a100, &a100_h, 1, 72.5, 730},
  };
  for (const Row& r : rows) {
    INFO(r.o->id << " x" << r.units << " for " << r.hours << " h");
    const Money m = job_cost(platform_of(*r.o), *r.o, *r.p, r.units, r.hours, cny());
    CHECK(m.low == money(r.expected));
    CHECK(m.high == money(r.expected));
  }
}

TEST_CASE("job_cost: package terms bill whole periods", "[cost]") {
  const Offer& y = offer("yiwan-a100-40g-card");
  const Platform& p = platform_of(y);
  // A 72 h job on a monthly rental still pays the month: 2,800.
  CHECK(job_cost(p, y, *unit_price(y, Term::Monthly), 1, 72, cny()).low == money(2800));
  // 800 h spans two 30-day months: 5,600.
  CHECK(job_cost(p, y, *unit_price(y, Term::Monthly), 1, 800, cny()).low == money(5600));
  // The yearly contract is a year: 12 x 2,240 = 26,880 (the 一万网络 budget guide §4 #1: "一年 ¥2.69 万").
  CHECK(job_cost(p, y, *unit_price(y, Term::Yearly), 1, 100, cny()).low == money(26880));
  // A week package on the market rule: 200 h = 2 weeks x 174.72.
  const Offer& m = offer("market-zhixingyun-speed-rtx-4090-card");
  CHECK(job_cost(platform_of(m), m, *unit_price(m, Term::Weekly), 1, 200, cny()).low == money(2 * 174.72));
  // No job, no cost.
  CHECK(job_cost(p, y, *unit_price(y, Term::Monthly), 1, 0, cny()).high == 0);
}

TEST_CASE("cost per hour and per TFLOPS-hour: the 星宇智算 platform comparison §4's script", "[cost]") {
  // calc_gpu_month_cost(8, 1450, 0): 1,450 / (8 x 30) = 6.04 CNY/h (the article prints 6.04).
  CHECK(cost_per_used_hour(1450, 8) == Approx(6.041667).epsilon(1e-6));
  // The article divides by 83 TFLOPS, the 4090's NON-tensor FP16 rate: 0.0728 per TFLOPS-hour.
  CHECK(cost_per_tflops_hour(1450, 8, 83) == Approx(0.0728).margin(5e-5));
  // cardfit's convention: the dense tensor rate of the compute precision. BF16 on a 4090 is
  // 165.2 TFLOPS (FP32 accumulate, gpus.json), so the same rental costs half as much per
  // TFLOPS-hour: 6.0417 / 165.2 = 0.03657. The guide's figure is the shader rate, not a tensor rate.
  const Gpu* g = catalog().find_gpu("rtx-4090");
  REQUIRE(g != nullptr);
  const double tflops = rental_tflops(*g, ComputeType::Bf16, 1, 1);
  CHECK(tflops == Approx(165.2));
  CHECK(cost_per_tflops_hour(1450, 8, tflops) == Approx(0.036572).epsilon(1e-4));
  // Degenerate inputs give 0, never inf or NaN.
  CHECK(cost_per_tflops_hour(1450, 8, 0) == 0);
  CHECK(cost_per_used_hour(1450, 0) == 0);
}

TEST_CASE("dense_tensor_tflops: the stated convention", "[cost]") {
  struct Row {
    const char* gpu;
    ComputeType compute;
    double expected;  // gpus.json, vendor datasheets (dense, no sparsity)
  };
  const std::vector<Row> rows = {
      {"rtx-4090", ComputeType::Fp16, 165.2},   // FP32 accumulate, not the 330 FP16-accumulate rate
      {"a100-40g", ComputeType::Bf16, 312},
      {"a100-40g", ComputeType::Fp8, 312},      // no FP8 tensor cores: runs at BF16
      {"a100-40g", ComputeType::Int8, 624},
      {"h100-sxm", ComputeType::Fp8, 1978.9},
      {"h100-sxm", ComputeType::Bf16, 989.4},   // 989 is dense (a buying guide wrongly calls it sparse)
      {"t4", ComputeType::Bf16, 65},            // no BF16: falls back to FP16
  };
  for (const Row& r : rows) {
    INFO(r.gpu);
    const Gpu* g = catalog().find_gpu(r.gpu);
    REQUIRE(g != nullptr);
    CHECK(rental_tflops(*g, r.compute, 1, 1) == Approx(r.expected));
  }
  const Gpu* a100 = catalog().find_gpu("a100-40g");
  CHECK(rental_tflops(*a100, ComputeType::Bf16, 2, 1) == Approx(624));
  CHECK(rental_tflops(*a100, ComputeType::Bf16, 1, 0.05) == Approx(15.6));  // a 1/20 slice
}

TEST_CASE("cost per million tokens", "[cost]") {
  // 1,750/month, 24 h/day, 50 tokens/s: 50 x 3600 x 720 = 129.6 M tokens -> 13.50 per million.
  CHECK(cost_per_million_tokens(1750, 24, 50) == Approx(1750 / 129.6));
  // 8 h/day triples it (same rent, a third of the tokens).
  CHECK(cost_per_million_tokens(1750, 8, 50) == Approx(3 * 1750 / 129.6));
  CHECK(cost_per_million_tokens(1750, 24, 0) == 0);
}

TEST_CASE("currency codes", "[cost]") {
  CHECK(parse_name<Currency>("CNY") == Currency::Cny);
  CHECK(parse_name<Currency>("usd") == Currency::Usd);
  CHECK_FALSE(parse_name<Currency>("EUR").has_value());
  CHECK(std::string(name_of(Currency::Usd)) == "USD");
  CHECK(convert_money(100, "CNY", Currency::Cny, 7.02) == 100);
}
