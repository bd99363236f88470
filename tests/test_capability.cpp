// core/plan/capability.hpp: "what this card can do". Every expected figure is read back from
// estimate() on the formula catalog (the function must agree with it, not with numbers here).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "capability.hpp"
#include "test_support.hpp"

using namespace cardfit;
using cardfit::test::all_errors;
using cardfit::test::formula::catalog;

namespace {

CardCapability capabilities(Scenario s) {
  Result<CardCapability> r = card_capabilities(catalog(), s);
  INFO(all_errors(r.errors));
  REQUIRE(r.ok());
  return *r.value;
}

Fit fit_at(Scenario s, const std::string& model, const std::string& precision) {
  s.model = model;
  s.precision = precision;
  s.explain = false;
  s.cards = std::max(1, s.cards);
  const Result<Estimate> e = estimate(catalog(), s);
  if (!e.ok()) return Fit::No;
  REQUIRE(e.value->gpus.size() == 1);
  return e.value->gpus[0].fit;
}

}  // namespace

TEST_CASE("capability: precisions best first, 16 bits and fewer, catalog order among equals") {
  const std::vector<const WeightPrecision*> order = capability_precisions(catalog());
  REQUIRE(!order.empty());
  CHECK(order.front()->id == "bf16");  // bf16 precedes fp16 in the catalog
  for (std::size_t i = 0; i < order.size(); ++i) {
    CHECK(order[i]->bits_per_weight <= 16);
    if (i > 0) CHECK(order[i - 1]->bits_per_weight >= order[i]->bits_per_weight);
  }
  CHECK(std::none_of(order.begin(), order.end(), [](const WeightPrecision* p) { return p->id == "fp32"; }));
}

TEST_CASE("capability: each model at the best precision that fits with the headroom, largest first") {
  Scenario s = test::formula::scenario();
  s.gpu = "rtx-4090";
  s.cards = 1;
  s.context = 4096;
  const CardCapability c = capabilities(s);
  CHECK(c.gpu == "rtx-4090");
  CHECK(c.cards == 1);
  REQUIRE(!c.models.empty());
  for (std::size_t i = 0; i < c.models.size(); ++i) {
    const ModelCapability& m = c.models[i];
    INFO(m.model << " " << m.precision);
    if (i > 0) CHECK(c.models[i - 1].params >= m.params);
    CHECK(fit_at(s, m.model, m.precision) == Fit::Comfortable);
    // Every better precision the engine runs does not fit comfortably.
    for (const std::string& better : c.precisions) {
      if (better == m.precision) break;
      CHECK(fit_at(s, m.model, better) != Fit::Comfortable);
    }
    CHECK(m.max_context >= s.context);
    CHECK(m.max_concurrency >= s.concurrency);
    CHECK(m.decode_tokens_per_s > 0);
  }
  // A model left out fits in none of the precisions.
  for (const Model& m : catalog().models) {
    const bool listed = std::any_of(c.models.begin(), c.models.end(), [&](const ModelCapability& x) { return x.model == m.id; });
    if (listed || (m.max_context > 0 && m.max_context < s.context)) continue;
    INFO(m.id);
    for (const std::string& p : c.precisions) CHECK(fit_at(s, m.id, p) != Fit::Comfortable);
  }
  // The engine (vLLM) runs every candidate precision; GGUF formats are llama.cpp's.
  CHECK(std::find(c.precisions.begin(), c.precisions.end(), "q4_k_m") == c.precisions.end());
}

TEST_CASE("capability: more cards or more headroom never shrink or grow the wrong way") {
  Scenario s = test::formula::scenario();
  s.gpu = "a100-80g";
  s.cards = 1;
  const CardCapability one = capabilities(s);
  s.cards = 4;
  const CardCapability four = capabilities(s);
  REQUIRE(!one.models.empty());
  REQUIRE(!four.models.empty());
  CHECK(four.models.front().params >= one.models.front().params);
  CHECK(four.models.size() >= one.models.size());
  s.cards = 1;
  s.headroom = 0.6;
  const CardCapability strict = capabilities(s);
  CHECK(strict.models.size() <= one.models.size());
}

TEST_CASE("capability: llama.cpp tries GGUF formats, and a context above a model's maximum leaves it out") {
  Scenario s = test::formula::scenario();
  s.gpu = "rtx-4050-laptop";
  s.engine = "llama.cpp";
  s.context = 32768;
  const CardCapability c = capabilities(s);
  CHECK(std::find(c.precisions.begin(), c.precisions.end(), "q4_k_m") != c.precisions.end());
  for (const ModelCapability& m : c.models) {
    const Model* model = catalog().find_model(m.model);
    REQUIRE(model != nullptr);
    CHECK((model->max_context == 0 || model->max_context >= 32768));
  }
}

TEST_CASE("capability: a GPU is required, and bad input names its field") {
  Scenario s = test::formula::scenario();
  const Result<CardCapability> none = card_capabilities(catalog(), s);
  REQUIRE(!none.ok());
  CHECK(none.errors[0].field == "gpu");
  s.gpu = "no-such-gpu";
  const Result<CardCapability> unknown = card_capabilities(catalog(), s);
  REQUIRE(!unknown.ok());
  CHECK(unknown.errors[0].field == "gpu");
  s.gpu = "4090";  // an alias
  s.context = 0;
  const Result<CardCapability> bad = card_capabilities(catalog(), s);
  REQUIRE(!bad.ok());
  CHECK(bad.errors[0].field == "context");
}
