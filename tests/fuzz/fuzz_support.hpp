// Shared by the fuzz harnesses (tests/fuzz/README.md): a property that must hold, checked in
// every build (a failure aborts, which libFuzzer and the replay runner report with the input),
// and the bundled catalog loaded once.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "embedded.hpp"
#include "estimate.hpp"

#define FUZZ_CHECK(cond, what)                                                                  \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::fprintf(stderr, "fuzz property failed: %s (%s) at %s:%d\n", what, #cond, __FILE__, \
                   __LINE__);                                                                   \
      std::abort();                                                                             \
    }                                                                                           \
  } while (0)

namespace cardfit::fuzz {

inline const Catalog& bundled() {
  static const Catalog c = [] {
    Result<Catalog> r = assets::bundled_catalog();
    FUZZ_CHECK(r.ok(), "the bundled catalog loads");
    return *r.value;
  }();
  return c;
}

// Every figure of an estimate a user could see is finite and not negative.
inline bool all_real(const Estimate& e) {
  auto ok = [](double v) { return v == v && v >= 0 && v < 1e308; };
  if (e.memory.total < 0 || !ok(e.train_flops)) return false;
  for (const GpuEstimate& g : e.gpus) {
    for (double v : {g.decode_tokens_per_s, g.aggregate_tokens_per_s, g.prefill_tokens_per_s, g.ttft_ms,
                     g.dense_tflops, g.train_tokens_per_s, g.mfu, static_cast<double>(g.per_card_bytes),
                     static_cast<double>(g.max_context), static_cast<double>(g.max_concurrency)}) {
      if (!ok(v)) return false;
    }
    if (g.train_hours && !ok(*g.train_hours)) return false;
  }
  return true;
}

}  // namespace cardfit::fuzz
