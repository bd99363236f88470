// Shared by the tests: the bundled catalog (loaded once) and small helpers.
#pragma once

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "catalog_load.hpp"
#include "embedded.hpp"
#include "estimate.hpp"
#include "launch.hpp"
#include "message.hpp"
#include "messages.hpp"
#include "names.hpp"
#include "params.hpp"
#include "plan.hpp"
#include "verify.hpp"

namespace cardfit::embedded {
std::string_view formula_catalog();  // tests/fixtures/formula-catalog.json, compiled in
std::string_view plan_platforms();     // tests/fixtures/plan-platforms.json
std::string_view plan_budget_tiers();  // tests/fixtures/plan-budget-tiers.json
}  // namespace cardfit::embedded

namespace cardfit::test {

// Every architecture field the estimator reads: an imported config.json against its catalog entry.
// `same_extra` false: a vision tower the import does not count (the text decoder still matches).
inline void check_same_architecture(const Model& got, const Model& want, bool same_extra = true) {
  CHECK(got.family == want.family);
  CHECK(got.num_layers == want.num_layers);
  CHECK(got.hidden_size == want.hidden_size);
  CHECK(got.intermediate_size == want.intermediate_size);
  CHECK(got.num_attention_heads == want.num_attention_heads);
  CHECK(got.num_kv_heads == want.num_kv_heads);
  CHECK(got.head_dim == want.head_dim);
  CHECK(got.vocab_size == want.vocab_size);
  CHECK(got.max_context == want.max_context);
  CHECK(got.tie_embeddings == want.tie_embeddings);
  CHECK(got.qkv_bias == want.qkv_bias);
  CHECK(got.qk_norm == want.qk_norm);
  CHECK(got.attention_output_gate == want.attention_output_gate);
  CHECK(got.has_sliding_window == want.has_sliding_window);
  CHECK(got.sliding_window.window == want.sliding_window.window);
  CHECK(got.sliding_window.layers == want.sliding_window.layers);
  CHECK(got.sliding_window.num_kv_heads == want.sliding_window.num_kv_heads);
  CHECK(got.v_head_dim == want.v_head_dim);
  CHECK(got.has_chunked_attention == want.has_chunked_attention);
  CHECK(got.chunked_attention.chunk == want.chunked_attention.chunk);
  CHECK(got.chunked_attention.layers == want.chunked_attention.layers);
  CHECK(got.has_linear_attention == want.has_linear_attention);
  CHECK(got.linear_attention.layers == want.linear_attention.layers);
  CHECK(got.linear_attention.num_key_heads == want.linear_attention.num_key_heads);
  CHECK(got.linear_attention.num_value_heads == want.linear_attention.num_value_heads);
  CHECK(got.linear_attention.key_head_dim == want.linear_attention.key_head_dim);
  CHECK(got.linear_attention.value_head_dim == want.linear_attention.value_head_dim);
  CHECK(got.linear_attention.conv_kernel == want.linear_attention.conv_kernel);
  CHECK(got.linear_attention.recurrent_bits == want.linear_attention.recurrent_bits);
  CHECK(got.linear_attention.kind == want.linear_attention.kind);
  CHECK(got.has_indexer == want.has_indexer);
  CHECK(got.indexer.num_heads == want.indexer.num_heads);
  CHECK(got.indexer.layers == want.indexer.layers);
  CHECK(got.indexer.head_dim == want.indexer.head_dim);
  CHECK(got.indexer.top_k == want.indexer.top_k);
  CHECK(got.indexer.key_bits == Approx(want.indexer.key_bits));
  CHECK(got.indexer.dense_layers == want.indexer.dense_layers);
  CHECK(got.indexer.kind == want.indexer.kind);
  CHECK(got.has_compressed_attention == want.has_compressed_attention);
  CHECK(got.compressed_attention.window == want.compressed_attention.window);
  CHECK(got.compressed_attention.ratio4_layers == want.compressed_attention.ratio4_layers);
  CHECK(got.compressed_attention.ratio128_layers == want.compressed_attention.ratio128_layers);
  CHECK(got.compressed_attention.q_lora_rank == want.compressed_attention.q_lora_rank);
  CHECK(got.compressed_attention.rope_head_dim == want.compressed_attention.rope_head_dim);
  CHECK(got.compressed_attention.o_groups == want.compressed_attention.o_groups);
  CHECK(got.compressed_attention.o_lora_rank == want.compressed_attention.o_lora_rank);
  CHECK(got.compressed_attention.hc_mult == want.compressed_attention.hc_mult);
  CHECK(got.compressed_attention.index_heads == want.compressed_attention.index_heads);
  CHECK(got.compressed_attention.index_head_dim == want.compressed_attention.index_head_dim);
  CHECK(got.compressed_attention.index_topk == want.compressed_attention.index_topk);
  CHECK(got.is_moe == want.is_moe);
  CHECK(got.moe.num_experts == want.moe.num_experts);
  CHECK(got.moe.experts_per_token == want.moe.experts_per_token);
  CHECK(got.moe.num_shared_experts == want.moe.num_shared_experts);
  CHECK(got.moe.expert_intermediate_size == want.moe.expert_intermediate_size);
  CHECK(got.moe.shared_expert_intermediate_size == want.moe.shared_expert_intermediate_size);
  CHECK(got.moe.dense_layers == want.moe.dense_layers);
  CHECK(got.moe.latent_size == want.moe.latent_size);
  CHECK(got.moe.router_bias == want.moe.router_bias);
  CHECK(got.moe.latent_norm == want.moe.latent_norm);
  CHECK(got.is_mla == want.is_mla);
  CHECK(got.mla.kv_lora_rank == want.mla.kv_lora_rank);
  CHECK(got.mla.q_lora_rank == want.mla.q_lora_rank);
  CHECK(got.mla.qk_rope_head_dim == want.mla.qk_rope_head_dim);
  CHECK(got.mla.qk_nope_head_dim == want.mla.qk_nope_head_dim);
  CHECK(got.mla.v_head_dim == want.mla.v_head_dim);
  if (same_extra) {
    CHECK(got.extra_params == want.extra_params);
    CHECK(count_params(got).total == count_params(want).total);
  } else {  // the tower is not counted on import: the text decoder still matches
    CHECK(got.extra_params == 0);
    CHECK(count_params(got).total + want.extra_params == count_params(want).total);
  }
}

// A message as the English / Chinese reader sees it.
inline std::string en(const Message& m) { return render(m, Lang::En); }
inline std::string zh(const Message& m) { return render(m, Lang::Zh); }

// Every issue on its own line, for failure messages.
inline std::string all_errors(const std::vector<Issue>& issues) {
  std::string s;
  for (const Issue& i : issues) s += issue_text(i, Lang::En) + "\n";
  return s;
}

inline const Catalog& catalog() {
  static const Catalog c = [] {
    Result<Catalog> r = assets::bundled_catalog();
    INFO(all_errors(r.errors));
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

// The formula tests' catalog: a frozen copy of the entries they use, so that correcting a
// bundled datum (a datasheet figure, an engine's calibration) does not change what they check.
inline const Catalog& fixture() {
  static const Catalog c = [] {
    Result<Catalog> r = load_catalog({CatalogFile{"formula-catalog.json", embedded::formula_catalog()}});
    INFO(all_errors(r.errors));
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

// The planner tests' catalog: the bundled GPUs, models and engines with frozen prices (platforms,
// offers, the USD-CNY rate and budget tiers from tests/fixtures/plan-*.json), so that updating a
// bundled price or the rate does not break a test that checks the planner's arithmetic.
inline const Catalog& plan_catalog() {
  static const Catalog c = [] {
    std::vector<CatalogFile> files;
    for (const assets::File& f : assets::catalog_files()) {
      if (f.name == "platforms.json") {
        files.push_back(CatalogFile{"plan-platforms.json", embedded::plan_platforms()});
      } else if (f.name == "budget_tiers.json") {
        files.push_back(CatalogFile{"plan-budget-tiers.json", embedded::plan_budget_tiers()});
      } else {
        files.push_back(CatalogFile{std::string(f.name), f.text});
      }
    }
    Result<Catalog> r = load_catalog(files);
    INFO(all_errors(r.errors));
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

inline const Model& model(const std::string& id, const Catalog& c = catalog()) {
  const Model* m = c.find_model(id);
  INFO("model " << id);
  REQUIRE(m != nullptr);
  return *m;
}

inline const Gpu& gpu(const std::string& id, const Catalog& c = catalog()) {
  const Gpu* g = c.find_gpu(id);
  INFO("gpu " << id);
  REQUIRE(g != nullptr);
  return *g;
}

// estimate() that must succeed; prints the errors otherwise.
inline Estimate run(const Scenario& s, const Catalog& c = catalog()) {
  Result<Estimate> r = estimate(c, s);
  INFO(all_errors(r.errors));
  REQUIRE(r.ok());
  return *r.value;
}

// plan() that must succeed; prints the errors otherwise.
inline Plan run_plan(const PlanRequest& r, const Catalog& c) {
  Result<Plan> p = plan(c, r);
  INFO(all_errors(p.errors));
  REQUIRE(p.ok());
  return *p.value;
}

// The same helpers over the fixture, for the formula tests (`using namespace test::formula`).
namespace formula {
inline const Catalog& catalog() { return fixture(); }
inline const Model& model(const std::string& id) { return test::model(id, fixture()); }
inline const Gpu& gpu(const std::string& id) { return test::gpu(id, fixture()); }
inline Estimate run(const Scenario& s) { return test::run(s, fixture()); }
// A default scenario on the fixture: the fixture is frozen with Qwen2.5-7B, the defaults' model
// before issue 26 made it Qwen3.5-27B (which the fixture does not hold).
inline Scenario scenario() {
  Scenario s;
  s.model = "qwen2.5-7b";
  return s;
}

// One GPU's estimate of `s` on the fixture, with the launch commands and the benchmark cardfit
// writes for it from catalog `c` (tests/test_launch.cpp, tests/test_verify.cpp).
struct LaunchRow {
  Estimate e;
  GpuEstimate g;
  std::vector<LaunchCommand> launch;
  std::optional<VerifyCommand> verify;
};

inline LaunchRow launch_row(Scenario s, const std::string& gpu, const Catalog& c = catalog()) {
  s.gpu = gpu;
  s.explain = false;
  LaunchRow r{run(s), {}, {}, {}};
  REQUIRE(r.e.gpus.size() == 1);
  r.g = r.e.gpus[0];
  r.launch = launch_commands(c, r.e.scenario, r.g);
  r.verify = verify_for(c, r.e.scenario, r.g, r.launch);
  return r;
}
}  // namespace formula

inline const GpuEstimate& on(const Estimate& e, const std::string& gpu_id) {
  for (const GpuEstimate& g : e.gpus) {
    if (g.gpu == gpu_id) return g;
  }
  FAIL("no GPU " << gpu_id << " in the estimate");
  return e.gpus.front();
}

inline bool has_error(const Result<Estimate>& r, const std::string& field) {
  for (const Issue& i : r.errors) {
    if (i.field == field) return true;
  }
  return false;
}

// Whether a list of warnings holds one with this code (message_code of its id).
inline bool has_code(const std::vector<Message>& warnings, const std::string& code) {
  for (const Message& m : warnings) {
    if (message_code(m.id) == code) return true;
  }
  return false;
}

inline constexpr double kGB = 1e9;
inline constexpr double kGiB = 1073741824.0;

}  // namespace cardfit::test
