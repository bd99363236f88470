// core/estimate/context_curve.hpp: memory per card as the context grows, on the estimate's layout.
// Formula tests: they run on tests/fixtures/formula-catalog.json, not the bundled catalog.
#include <catch2/catch.hpp>

#include "context_curve.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::on;
using cardfit::test::formula::catalog;
using cardfit::test::formula::run;

namespace {

ContextCurve curve(const Scenario& s, const std::string& gpu, const std::vector<std::int64_t>& contexts) {
  Result<ContextCurve> r = memory_vs_context(catalog(), s, gpu, contexts);
  INFO(cardfit::test::all_errors(r.errors));
  REQUIRE(r.ok());
  return *r.value;
}

Scenario scenario(const char* model, std::int64_t context, const char* engine = "vllm", Task task = Task::Inference) {
  Scenario s;
  s.model = model;
  s.context = context;
  s.engine = engine;
  s.task = task;
  return s;
}

}  // namespace

TEST_CASE("chart contexts: powers of two from 1K, the cap and the scenario's own, ascending", "[context_curve]") {
  CHECK(chart_contexts(32768, 5000) == std::vector<std::int64_t>{1024, 2048, 4096, 5000, 8192, 16384, 32768});
  CHECK(chart_contexts(40960, 4096) == std::vector<std::int64_t>{1024, 2048, 4096, 8192, 16384, 32768, 40960});
  CHECK(chart_contexts(512, 4096) == std::vector<std::int64_t>{512});  // the own context past the cap is left out
  CHECK(chart_contexts(0, 4096).empty());
}

TEST_CASE("memory vs context: the estimate's figures at the scenario's context, monotone, crossing at max_context",
          "[context_curve]") {
  struct Row {
    const char* model;
    const char* gpu;
    std::int64_t context;
    const char* engine;
    Task task;
  };
  const Row rows[] = {
      {"llama-3.1-8b", "rtx-4090", 8192, "vllm", Task::Inference},      // vLLM's pool runs out near 40K
      {"llama-3.1-8b", "a100-80g", 8192, "llama.cpp", Task::Inference},  // no pool: context-sized cache
      {"gemma-2-9b", "rtx-4090", 4096, "vllm", Task::Inference},         // sliding window: a kink at 4K
      {"llama-3-70b", "a100-80g", 8192, "vllm", Task::Inference},        // several cards
      {"qwen2.5-7b", "a100-80g", 2048, "vllm", Task::Lora},              // training: sequence length
  };
  for (const Row& row : rows) {
    INFO(row.model << " on " << row.gpu << " with " << row.engine);
    Scenario s = scenario(row.model, row.context, row.engine, row.task);
    s.gpu = row.gpu;
    const Estimate e = run(s);
    const GpuEstimate& g = on(e, row.gpu);
    const std::vector<std::int64_t> xs = chart_contexts(catalog().find_model(row.model)->max_context, row.context);
    const ContextCurve c = curve(s, row.gpu, xs);
    CHECK(c.gpu == row.gpu);
    CHECK(c.cards == std::max(1, g.cards));
    CHECK(c.max_context == g.max_context);
    REQUIRE(c.points.size() == xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) {
      INFO("context " << xs[i]);
      CHECK(c.points[i].context == xs[i]);
      if (xs[i] == row.context) CHECK(c.points[i].memory.total == g.per_card_bytes);
      if (i > 0) CHECK(c.points[i].memory.total >= c.points[i - 1].memory.total);
      // Inference: max_context is searched on this very layout, so the curve is under the line up to it.
      if (row.task == Task::Inference) CHECK((c.points[i].memory.total <= c.usable_bytes) == (xs[i] <= c.max_context));
    }
    if (row.task == Task::Inference && c.max_context > 0) {
      const ContextCurve edge = curve(s, row.gpu, {c.max_context, c.max_context + 1});
      CHECK(edge.points[0].memory.total <= c.usable_bytes);
      if (c.max_context < catalog().find_model(row.model)->max_context) CHECK(edge.points[1].memory.total > c.usable_bytes);
    }
  }
}

TEST_CASE("memory vs context: an unknown GPU is an error naming gpu", "[context_curve]") {
  Result<ContextCurve> r = memory_vs_context(catalog(), scenario("qwen2.5-7b", 4096), "no-such-card", {1024});
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().field == "gpu");
}
