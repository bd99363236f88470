// Properties of estimate() and plan() over the bundled catalog, on random scenarios drawn with a
// fixed seed (the same draws on every run and platform; a failure prints the scenario):
// no NaN, infinity or negative figure; parts sum to totals; memory grows with context and
// concurrency; decode never speeds up with more context; max_context and max_concurrency are
// true limits; the plan's pick is the cheapest qualifying option; estimate and plan agree.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "plan.hpp"
#include "test_support.hpp"
#include "url_state.hpp"

using namespace cardfit;
using cardfit::test::catalog;

namespace {

constexpr std::uint32_t kSeed = 20261201;  // fixed: the draws are part of the test

class Draw {
 public:
  explicit Draw(std::uint32_t seed) : rng_(seed) {}
  std::int64_t between(std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng_); }
  template <class T>
  const T& one_of(const std::vector<T>& items) {
    return items[static_cast<std::size_t>(between(0, static_cast<std::int64_t>(items.size()) - 1))];
  }
  bool chance(int percent) { return between(1, 100) <= percent; }

 private:
  std::mt19937 rng_;
};

// A scenario a user could ask for: any model, precision and task; sizes across their range.
Scenario random_scenario(Draw& d) {
  const Catalog& c = catalog();
  Scenario s;
  s.model = d.one_of(c.models).id;
  s.task = d.one_of(std::vector<Task>{Task::Inference, Task::Inference, Task::Lora, Task::Qlora, Task::Full});
  if (s.task == Task::Inference) {
    s.precision = d.one_of(c.weight_precisions).id;
    if (d.chance(30)) s.kv_precision = d.one_of(c.kv_precisions).id;
    s.engine = d.one_of(c.engines).id;
    s.concurrency = d.between(1, 64);
  } else {
    s.precision = s.task == Task::Qlora ? "nf4" : d.one_of(std::vector<std::string>{"bf16", "fp16", "fp32"});
    s.batch = d.between(1, 8);
    if (d.chance(50)) s.checkpointing = d.one_of(std::vector<Checkpointing>{Checkpointing::Selective, Checkpointing::Full});
    if (d.chance(50)) s.tokens = static_cast<double>(d.between(1, 1000)) * 1e7;
  }
  s.context = std::int64_t{1} << d.between(8, 15);  // 256 .. 32k
  s.prompt = std::min<std::int64_t>(s.context, 128);
  s.explain = false;
  return s;
}

std::string describe(const Scenario& s) {
  PlanRequest r;
  r.scenario = s;
  return encode_query(request_to_pairs(r));
}

bool parts_sum(const MemoryBreakdown& m) {
  return m.total == m.weights + m.kv_cache + m.activations + m.gradients + m.optimizer + m.adapters + m.overhead;
}

bool non_negative(const MemoryBreakdown& m) {
  return m.weights >= 0 && m.kv_cache >= 0 && m.activations >= 0 && m.gradients >= 0 && m.optimizer >= 0 &&
         m.adapters >= 0 && m.overhead >= 0;
}

bool real(double v) { return std::isfinite(v) && v >= 0; }

// The estimate for one GPU at a fixed layout: what `g` chose, with `change` applied.
template <class F>
std::optional<GpuEstimate> at_layout(const Scenario& base, const GpuEstimate& g, F&& change) {
  Scenario s = base;
  s.gpu = g.gpu;
  s.cards = g.cards;  // the layout stays automatic: max_context and max_concurrency are over every
  change(s);          // layout the search may take on these cards (ZeRO-3 may hold what ZeRO-2 cannot)
  const Result<Estimate> e = estimate(catalog(), s);
  if (!e.ok()) return std::nullopt;
  return e.value->gpus.at(0);
}

}  // namespace

TEST_CASE("properties of estimate() on random scenarios", "[properties]") {
  Draw d(kSeed);
  int estimated = 0, limits_checked = 0;
  for (int n = 0; n < 160; ++n) {
    const Scenario s = random_scenario(d);
    INFO(describe(s));
    const Result<Estimate> r = estimate(catalog(), s);
    if (!r.ok()) continue;  // a refused combination (LoRA on INT4, ...) is not a figure
    ++estimated;
    const Estimate& e = *r.value;

    // No NaN, infinity or negative figure; parts sum to totals.
    CHECK(non_negative(e.memory));
    CHECK(parts_sum(e.memory));
    CHECK(real(e.train_flops));
    for (const GpuEstimate& g : e.gpus) {
      INFO(g.gpu);
      CHECK(non_negative(g.per_card));
      CHECK(parts_sum(g.per_card));
      CHECK(g.per_card_bytes == g.per_card.total);
      for (double v : {g.decode_tokens_per_s, g.aggregate_tokens_per_s, g.prefill_tokens_per_s, g.ttft_ms,
                       g.dense_tflops, g.train_tokens_per_s, g.mfu}) {
        CHECK(real(v));
      }
      CHECK(std::isfinite(g.spare_fraction));
      if (g.train_hours) CHECK((real(*g.train_hours) && *g.train_hours > 0));
      CHECK(g.max_context >= 0);
      CHECK(g.max_concurrency >= 0);
      CHECK((g.cards > 0) == (g.fit != Fit::No));
      if (g.cards > 0 && s.task == Task::Inference) {
        CHECK(g.aggregate_tokens_per_s >= g.decode_tokens_per_s * 0.999);
      }
    }

    // Memory grows with context and with concurrency (batch when training).
    Scenario longer = s;
    longer.context = s.context * 2;
    Scenario more = s;
    (s.task == Task::Inference ? more.concurrency : more.batch) += 1;
    for (const Scenario* bigger : {&longer, &more}) {
      const Result<Estimate> b = estimate(catalog(), *bigger);
      REQUIRE(b.ok());
      CHECK(b.value->memory.total >= e.memory.total);
    }

    // On a few GPUs that fit, at their layout: the limits are true limits, and decode never
    // speeds up with more context.
    std::vector<const GpuEstimate*> fitting;
    for (const GpuEstimate& g : e.gpus) {
      if (g.cards > 0) fitting.push_back(&g);
    }
    for (int k = 0; k < 2 && !fitting.empty(); ++k) {
      const GpuEstimate& g = *d.one_of(fitting);
      INFO("on " << g.gpu << " x" << g.cards);
      if (s.task == Task::Inference) {
        const auto slower = at_layout(s, g, [](Scenario& x) { x.context *= 2; });
        if (slower && slower->cards > 0) CHECK(slower->decode_tokens_per_s <= g.decode_tokens_per_s * (1 + 1e-12));
      }
      // max_context: asking for it fits, one more token does not, unless it is the cap (the
      // model's maximum context, or the context asked for when that is larger).
      const Model& m = test::model(e.model);
      const std::int64_t cap = std::min<std::int64_t>(std::max(m.max_context, s.context), 10'000'000);
      if (g.max_context >= s.prompt && g.max_context > 0) {
        ++limits_checked;
        const auto at = at_layout(s, g, [&](Scenario& x) { x.context = g.max_context; });
        REQUIRE(at);
        CHECK(at->fit != Fit::No);
        if (g.max_context < cap) {
          INFO("max_context " << g.max_context << " + 1");
          const auto over = at_layout(s, g, [&](Scenario& x) { x.context = g.max_context + 1; });
          REQUIRE(over);
          CHECK(over->fit == Fit::No);
        }
      }
      // max_concurrency (micro-batch when training) at the scenario's context.
      const std::int64_t amount_cap = 1'000'000;
      if (g.max_concurrency > 0) {
        auto set = [&s](Scenario& x, std::int64_t v) { (s.task == Task::Inference ? x.concurrency : x.batch) = v; };
        const auto at = at_layout(s, g, [&](Scenario& x) { set(x, g.max_concurrency); });
        REQUIRE(at);
        CHECK(at->fit != Fit::No);
        if (g.max_concurrency < amount_cap) {
          INFO("max_concurrency " << g.max_concurrency << " + 1");
          const auto over = at_layout(s, g, [&](Scenario& x) { set(x, g.max_concurrency + 1); });
          REQUIRE(over);
          CHECK(over->fit == Fit::No);
        }
      }
    }
  }
  CHECK(estimated > 80);        // the draws are mostly valid scenarios...
  CHECK(limits_checked > 50);   // ...and many of them fit somewhere
}

TEST_CASE("properties of plan() on random requests", "[properties]") {
  Draw d(kSeed + 1);
  const Catalog& c = catalog();
  int picked = 0;
  for (int n = 0; n < 40; ++n) {
    PlanRequest r;
    r.scenario = random_scenario(d);
    r.top = 1000;
    if (d.chance(40)) r.budget_tier = d.one_of(c.budget_tiers).id;
    if (d.chance(30)) r.term = d.one_of(std::vector<TermChoice>{TermChoice::Hourly, TermChoice::Monthly, TermChoice::Yearly});
    if (d.chance(30)) r.currency = Currency::Usd;
    if (d.chance(20)) r.hours_per_day = static_cast<double>(d.between(1, 24));
    INFO(encode_query(request_to_pairs(r)));
    const Result<Plan> p = plan(c, r);
    if (!p.ok()) continue;
    const bool job = p.value->job;
    auto cost = [job](const Option& o) { return job && o.job_cost ? o.job_cost->high : o.monthly_cost.high; };
    auto machines = [&c](const Option& o) {
      if (o.unit == OfferUnit::Machine) return o.units;
      if (o.unit == OfferUnit::Slice) return 1;
      const int per_node = std::max(1, c.find_gpu(o.gpu)->max_cards_per_node);
      return (o.cards + per_node - 1) / per_node;
    };
    CHECK(p.value->options.size() == p.value->options_total);  // top 1000: every option listed

    // Every figure is real; options are sorted by cost up to the ranking tolerance (docs/planner.md
    // §4), vendors' offers before market references; the pick costs at most the tolerance more than
    // any qualifying option (within one machine when any qualifying option is).
    const double tol = 1 + c.defaults.thresholds.rank_cost_tolerance;
    auto market = [&c](const Option& o) { return c.find_platform(o.platform)->kind == PlatformKind::Market; };
    const Option* pick = p.value->pick ? &*p.value->pick : nullptr;
    auto datacenter = [&c](const Option& o) { return c.find_gpu(o.gpu)->gpu_class == GpuClass::Datacenter; };
    bool datacenter_node_fits = false;  // then a cluster of consumer cards is never the pick
    for (const Option& o : p.value->options) {
      if (o.fit != Fit::No && machines(o) == 1 && datacenter(o)) datacenter_node_fits = true;
    }
    for (std::size_t i = 0; i < p.value->options.size(); ++i) {
      const Option& o = p.value->options[i];
      INFO(o.offer << " x" << o.cards);
      CHECK(real(o.monthly_cost.low));
      CHECK(o.monthly_cost.low <= o.monthly_cost.high);
      CHECK(real(o.cost_per_hour.high));
      if (o.job_cost) CHECK(real(o.job_cost->high));
      if (i > 0 && market(p.value->options[i - 1]) == market(o)) CHECK(cost(p.value->options[i - 1]) <= cost(o) * tol);
      if (i > 0) CHECK((market(o) || !market(p.value->options[i - 1])));
      // Over several machines, datacenter cards come before a cluster of consumer or workstation
      // cards: a pick of datacenter cards over machines is compared with datacenter options only.
      const bool dc_cluster_pick = pick && machines(*pick) > 1 && datacenter(*pick);
      const bool qualifies = o.pickable && o.fit == Fit::Comfortable && o.meets_targets && o.within_budget &&
                             !(machines(o) > 1 && !datacenter(o) && (datacenter_node_fits || dc_cluster_pick));
      // ... and a consumer or workstation cluster is the pick only when no datacenter cards qualify over machines.
      if (pick && machines(*pick) > 1 && !datacenter(*pick) && pick->fit == Fit::Comfortable) {
        CHECK_FALSE((qualifies && machines(o) > 1 && datacenter(o) && !is_training(r.scenario.task)));
      }
      if (pick && qualifies && (machines(o) == 1 || machines(*pick) > 1)) CHECK(cost(*pick) <= cost(o) * tol);
      if (!pick) CHECK_FALSE((qualifies && machines(o) == 1));
    }
    if (!pick) continue;
    ++picked;

    // Estimate and plan agree: the pick's GPU at the pick's card count gives the same figures.
    // On an offer whose machines hold fewer cards than the estimate's tensor-parallel group, the
    // plan re-estimates with TP at most one machine's cards (plan.cpp estimate_on_offer): so here.
    Scenario s = r.scenario;
    s.gpu = pick->gpu;
    s.cards = pick->cards;
    Result<Estimate> e = estimate(c, s);
    REQUIRE(e.ok());
    const Offer* offer = c.find_offer(pick->offer);
    REQUIRE(offer != nullptr);
    const int machine = offer->unit == OfferUnit::Machine ? std::max(1, offer->cards)
                        : offer->unit == OfferUnit::Card  ? std::max(1, offer->max_cards)
                                                          : 1;
    if (e.value->gpus.at(0).tensor_parallel > machine) {
      s.max_tensor_parallel = machine;
      e = estimate(c, s);
      REQUIRE(e.ok());
    }
    const GpuEstimate& g = e.value->gpus.at(0);
    CHECK(p.value->memory_bytes == e.value->memory.total);
    CHECK(pick->need_bytes == Approx(static_cast<double>(g.per_card_bytes)));
    if (pick->unit != OfferUnit::Slice) {
      CHECK(pick->fit == g.fit);
      CHECK(pick->decode_tokens_per_s == Approx(g.decode_tokens_per_s));
      if (pick->job_hours) CHECK(*pick->job_hours == Approx(*g.train_hours));
    }
  }
  CHECK(picked > 10);
}

TEST_CASE("plan() sized from traffic is monotone in the requests per second", "[properties]") {
  Draw d(kSeed + 2);
  const Catalog& c = catalog();
  int checked = 0;
  for (int n = 0; n < 12; ++n) {
    Scenario s = random_scenario(d);
    if (s.task != Task::Inference) continue;
    s.output_tokens = d.between(16, 1024);
    std::map<std::string, std::pair<int, double>> last;  // offer -> replicas, monthly cost
    for (double rps : {0.2, 3.0, 30.0, 300.0}) {
      PlanRequest r;
      r.scenario = s;
      r.top = 1000;
      r.requests_per_s = rps;
      if (d.chance(50)) r.max_ttft_ms = 5000;
      INFO(encode_query(request_to_pairs(r)));
      const Result<Plan> p = plan(c, r);
      if (!p.ok()) break;
      std::map<std::string, std::pair<int, double>> now;
      for (const Option& o : p.value->options) {
        const std::string key = o.offer + (o.spot ? "/spot" : "") + "/" + std::string(name_of(o.term)) + "/" +
                                std::to_string(o.cards / std::max(1, o.replicas));
        if (!now.count(key)) now[key] = {o.replicas, o.monthly_cost.high};
        if (o.capacity_requests_per_s && o.meets_targets) CHECK(*o.capacity_requests_per_s >= rps * (1 - 1e-9));
      }
      for (const auto& [key, v] : now) {
        const auto before = last.find(key);
        if (before == last.end()) continue;
        INFO(key);
        CHECK(v.first >= before->second.first);
        CHECK(v.second >= before->second.second * (1 - 1e-9));
        ++checked;
      }
      last = std::move(now);
    }
  }
  CHECK(checked > 0);
}
