// Unified memory (issue 30 item 4): Apple silicon, AMD Strix Halo and DGX Spark share the
// system RAM with the GPU. `unified_gpu_percent` is the share the GPU may use, and every fit reads
// the card's memory through gpu_memory_mib: the visible memory, the engine's tier, the verdict.
#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <string>

#include "catalog_load.hpp"
#include "embedded.hpp"
#include "fit.hpp"
#include "memory.hpp"
#include "resolve.hpp"

using namespace cardfit;
using cardfit::test::en;

namespace {

// The bundled catalog with one more GPU: a 128 GiB Mac whose GPU may use `percent` of it, so the
// test does not depend on the share the catalog gives a real machine.
Catalog with_mac(double percent) {
  Catalog c = test::catalog();
  Gpu mac = test::gpu("apple-m4-max-128g", c);
  mac.id = "test-mac-128g";
  mac.aliases.clear();
  mac.memory_mib = 128 * 1024;
  mac.unified_gpu_percent = percent;
  c.gpus.push_back(mac);
  return c;
}

GpuEstimate on_mac(const Catalog& c, const std::string& model, const std::string& precision) {
  Scenario s;
  s.model = model;
  s.precision = precision;
  s.engine = "llama.cpp";
  s.gpu = "test-mac-128g";
  s.cards = 1;
  s.context = 4096;
  s.explain = false;
  return test::on(test::run(s, c), "test-mac-128g");
}

}  // namespace

TEST_CASE("unified memory: the machines of issue 30 are in the catalog with their GPU share", "[catalog][unified]") {
  const Catalog& c = test::catalog();
  struct Row {
    const char* id;
    std::int64_t ram_gib;
    Runtime runtime;
  };
  for (const Row& r : {Row{"apple-m4-max-128g", 128, Runtime::Metal}, Row{"apple-m4-max-64g", 64, Runtime::Metal},
                       Row{"apple-m3-ultra-96g", 96, Runtime::Metal},
                       Row{"apple-m3-ultra-512g", 512, Runtime::Metal},
                       Row{"ryzen-ai-max-395-128g", 128, Runtime::Rocm}}) {
    INFO(r.id);
    const Gpu& g = test::gpu(r.id, c);
    CHECK(g.memory_mib == r.ram_gib * 1024);
    CHECK(g.runtime == r.runtime);
    CHECK(g.unified_gpu_percent >= 1);
    CHECK(g.unified_gpu_percent < 100);  // macOS and AMD's VGM keep part of the RAM from the GPU
    CHECK(gpu_memory_mib(g) == Approx(static_cast<double>(g.memory_mib) * g.unified_gpu_percent / 100));
    CHECK(gpu_memory_mib(g) < static_cast<double>(g.memory_mib));
  }
  // DGX Spark: CUDA may allocate all the RAM the OS reports (nvidia-smi reports none).
  const Gpu& spark = test::gpu("dgx-spark", c);
  CHECK(spark.runtime == Runtime::Cuda);
  CHECK(spark.unified_gpu_percent == 100);
  CHECK(gpu_memory_mib(spark) == static_cast<double>(spark.memory_mib));
  // Strix Halo: AMD's 96 GB of Variable Graphics Memory on the 128 GB machine (amd-vgm-faq).
  CHECK(gpu_memory_mib(test::gpu("ryzen-ai-max-395-128g", c)) == Approx(96 * 1024));
  // A card with its own memory keeps all of it: absent share = 0 = dedicated.
  const Gpu& h100 = test::gpu("h100-sxm", c);
  CHECK(h100.unified_gpu_percent == 0);
  CHECK(gpu_memory_mib(h100) == static_cast<double>(h100.memory_mib));
}

TEST_CASE("unified memory: every share is 0 or 1..100 and every unified GPU cites its sources", "[catalog][unified]") {
  const Catalog& c = test::catalog();
  int unified = 0;
  for (const Gpu& g : c.gpus) {
    INFO(g.id);
    CHECK((g.unified_gpu_percent == 0 || (g.unified_gpu_percent >= 1 && g.unified_gpu_percent <= 100)));
    if (g.unified_gpu_percent == 0) continue;
    ++unified;
    CHECK_FALSE(g.source.empty());
    // Says what memory_mib and the share are (the page's snapshot carries no notes).
    if (!assets::bundled_catalog_is_snapshot()) CHECK(g.notes.find("Unified memory") != std::string::npos);
    // Each `id (...)` reference of the source text names a catalog source.
    std::string::size_type at = 0;
    while (at < g.source.size()) {
      const std::string::size_type semi = g.source.find("; ", at);
      std::string part = g.source.substr(at, semi == std::string::npos ? std::string::npos : semi - at);
      const std::string id = part.substr(0, part.find(' '));
      INFO("source " << id);
      bool found = false;
      for (const Source& s : c.sources) found = found || s.id == id;
      CHECK(found);
      if (semi == std::string::npos) break;
      at = semi + 2;
    }
  }
  CHECK(unified >= 6);
}

TEST_CASE("unified memory: a share outside 1..100 is refused, 0 means dedicated", "[catalog][unified][errors]") {
  struct Row {
    const char* value;
    const char* message;  // "" = accepted
  };
  for (const Row& r : {Row{"150", "must be 0 (none) or a number from 1 to 100, got 150"},
                       Row{"0.5", "must be 0 (none) or a number from 1 to 100, got 0.5"},
                       Row{"-1", "must be 0 (none) or a number from 1 to 100, got -1"}, Row{"0", ""}, Row{"75", ""},
                       Row{"100", ""}}) {
    INFO("unified_gpu_percent = " << r.value);
    const Result<Catalog> c = apply_overlay(
        test::catalog(),
        CatalogFile{"overlay.json", std::string(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, )"
                                                R"("source": "cardfit", "unified_gpu_percent": )") +
                                        r.value + "}]}"});
    if (*r.message == '\0') {
      INFO(test::all_errors(c.errors));
      CHECK(c.ok());
    } else {
      REQUIRE_FALSE(c.ok());
      bool found = false;
      for (const Issue& i : c.errors)
        found = found || (i.field == "overlay.json: gpus[0].unified_gpu_percent" && en(i.message).find(r.message) != std::string::npos);
      INFO(test::all_errors(c.errors));
      CHECK(found);
    }
  }
}

TEST_CASE("unified memory: the fit uses the GPU's share of the RAM, not all of it", "[catalog][unified]") {
  const Catalog mac75 = with_mac(75);
  const Catalog mac100 = with_mac(100);
  const Gpu& g75 = test::gpu("test-mac-128g", mac75);
  const Defaults& d = mac75.defaults;
  // 128 GiB x 75% = 96 GiB the GPU may use, less what the runtime keeps.
  CHECK(gpu_memory_mib(g75) == 98304);
  CHECK(visible_bytes(g75, d) == Approx((98304 - d.driver_reserved_mib) * kMiB));
  CHECK(visible_bytes(test::gpu("test-mac-128g", mac100), d) == Approx((131072 - d.driver_reserved_mib) * kMiB));

  // Qwen3-235B-A22B in llama.cpp at 4k context: Q2_K (98 GB of weights, ~100 GB in all) fits the
  // 96 GiB (103 GB) the GPU gets; Q3_K_M needs more than 96 GiB but less than all 128 GiB.
  const GpuEstimate q2 = on_mac(mac75, "qwen3-235b-a22b", "q2_k");
  const GpuEstimate q3 = on_mac(mac75, "qwen3-235b-a22b", "q3_k_m");
  const GpuEstimate q3_all = on_mac(mac100, "qwen3-235b-a22b", "q3_k_m");
  INFO("q2_k needs " << static_cast<double>(q2.per_card_bytes) / 1e9 << " GB, q3_k_m "
                     << static_cast<double>(q3.per_card_bytes) / 1e9 << " GB");
  CHECK(static_cast<double>(q2.per_card_bytes) > 80e9);
  CHECK(static_cast<double>(q2.per_card_bytes) < 96 * test::kGiB);
  CHECK(q2.fit != Fit::No);
  CHECK(static_cast<double>(q3.per_card_bytes) > 96 * test::kGiB);
  CHECK(static_cast<double>(q3.per_card_bytes) < 128 * test::kGiB);
  CHECK(q3.fit == Fit::No);
  CHECK(q3_all.fit != Fit::No);  // the same model fits when the GPU may use all of the RAM
  // What the result reports as the card's memory is the share, 96 GiB, not the 128 GiB of RAM.
  CHECK(static_cast<double>(q2.card_memory_bytes) == Approx(96 * test::kGiB));
}
