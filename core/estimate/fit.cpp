// Card counts, layouts, verdicts and the largest context/concurrency that fit.
#include "fit.hpp"

#include <algorithm>
#include <cmath>

#include "inputs.hpp"

namespace cardfit {
namespace {

std::int64_t input_max(Input input) { return static_cast<std::int64_t>(input_spec(input).max); }

std::int64_t context_cap(const Resolved& r) {
  const std::int64_t model_max = r.model().max_context;
  const std::int64_t cap = model_max > 0 ? std::max(model_max, r.scenario().context) : input_max(Input::Context);
  return std::min(cap, input_max(Input::Context));
}

// Largest x in [1, hi] with fits(x); 0 when fits(1) is false. fits must be monotone.
template <class F>
std::int64_t largest_fitting(std::int64_t hi, F&& fits) {
  if (hi < 1 || !fits(1)) return 0;
  std::int64_t lo = 1;  // fits
  if (fits(hi)) return hi;
  while (hi - lo > 1) {  // fits(lo) && !fits(hi)
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (fits(mid)) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}

std::optional<Layout> training_layout(const Resolved& r, const Gpu& gpu, int cards) {
  const int tp = std::max(1, r.scenario().tensor_parallel);
  if (cards % tp != 0 || tp > std::max(1, gpu.max_cards_per_node)) return std::nullopt;
  Layout l;
  l.cards = cards;
  l.tensor_parallel = tp;
  l.data_parallel = cards / tp;
  return l;
}

double usable_for(const Resolved& r, const Gpu& gpu) {
  return usable_bytes(gpu, r.task == Task::Inference ? r.engine().memory_utilization : 1.0);
}

}  // namespace

std::vector<int> card_counts(const Gpu& gpu, int max_nodes) {
  const int per_node = std::max(1, gpu.max_cards_per_node);
  std::vector<int> out;
  for (int n = 1; n <= per_node; n *= 2) out.push_back(n);
  if (out.back() != per_node) out.push_back(per_node);
  const int nodes = gpu.gpu_class == GpuClass::Laptop ? 1 : std::max(1, max_nodes);
  for (int k = 2; k <= nodes; ++k) out.push_back(k * per_node);
  if (gpu.gpu_class == GpuClass::Laptop) out.resize(1);
  return out;
}

bool valid_tensor_parallel(const Model& m, int tp) {
  if (tp < 1) return false;
  if (tp == 1) return true;
  if (m.num_attention_heads <= 0 || m.num_attention_heads % tp != 0) return false;
  if (m.is_mla) return true;  // one latent, replicated
  if (m.num_kv_heads <= 0) return false;
  return m.num_kv_heads % tp == 0 || tp % m.num_kv_heads == 0;
}

std::optional<Layout> inference_layout(const Model& m, const EngineProfile& e, const Gpu& gpu, int cards) {
  if (cards < 1) return std::nullopt;
  Layout l;
  l.cards = cards;
  if (e.multi_gpu == MultiGpu::Tensor) {
    const int per_node = std::max(1, gpu.max_cards_per_node);
    for (int t = std::min(cards, per_node); t >= 1; --t) {
      if (cards % t == 0 && valid_tensor_parallel(m, t)) {
        l.tensor_parallel = t;
        break;
      }
    }
  }
  l.pipeline_parallel = cards / l.tensor_parallel;
  if (l.pipeline_parallel > std::max(1, m.num_layers)) return std::nullopt;
  return l;
}

double usable_bytes(const Gpu& gpu, double memory_utilization) {
  const double util = memory_utilization > 0 && memory_utilization <= 1 ? memory_utilization : 1.0;
  return static_cast<double>(std::max<std::int64_t>(0, gpu.memory_mib)) * kMiB * util;
}

Fit verdict(double need, double usable, double headroom, double tight_headroom) {
  if (!(usable > 0) || !(need >= 0)) return Fit::No;
  if (need * (1 + headroom) <= usable) return Fit::Comfortable;
  if (need * (1 + tight_headroom) <= usable) return Fit::Tight;
  return Fit::No;
}

FitChoice choose_cards(const Resolved& r, const Gpu& gpu) {
  const Scenario& sc = r.scenario();
  FitChoice best;
  best.usable = usable_for(r, gpu);
  const bool training = r.task != Task::Inference;
  const std::int64_t amount = training ? sc.batch : sc.concurrency;

  std::vector<int> counts = card_counts(gpu, r.catalog().defaults.max_nodes);
  best.max_cards_tried = counts.back();
  if (sc.cards > 0) {
    counts.assign(1, sc.cards);
    best.max_cards_tried = sc.cards;
  }

  bool have_tight = false;
  FitChoice tight;
  for (int n : counts) {
    std::optional<Layout> layout = training ? training_layout(r, gpu, n) : inference_layout(r.model(), r.engine(), gpu, n);
    if (!layout) continue;
    const int first_stage = training ? (r.zero_stage >= 0 ? r.zero_stage : 0) : 0;
    const int last_stage = training ? (r.zero_stage >= 0 ? r.zero_stage : (layout->data_parallel > 1 ? 3 : 0)) : 0;
    for (int stage = first_stage; stage <= last_stage; ++stage) {
      layout->zero_stage = stage;
      const MemoryBreakdown m = memory_per_card(r, *layout, sc.context, amount);
      const Fit f = verdict(static_cast<double>(m.total), best.usable, r.headroom, r.tight_headroom);
      if (f != Fit::No && best.min_cards_tight == 0) best.min_cards_tight = n;
      if (f == Fit::Comfortable) {
        best.found = true;
        best.layout = *layout;
        best.fit = f;
        best.per_card = m;
        return best;
      }
      if (f == Fit::Tight && !have_tight) {
        have_tight = true;
        tight = best;
        tight.found = true;
        tight.layout = *layout;
        tight.fit = f;
        tight.per_card = m;
      }
    }
  }
  if (have_tight) {
    tight.min_cards_tight = best.min_cards_tight;
    return tight;
  }
  // Nothing fits: report the need on the smallest layout tried (or one card).
  const int n = counts.front();
  std::optional<Layout> layout = training ? training_layout(r, gpu, n) : inference_layout(r.model(), r.engine(), gpu, n);
  best.layout = layout ? *layout : Layout{};
  if (training && r.zero_stage >= 0) best.layout.zero_stage = r.zero_stage;
  best.per_card = memory_per_card(r, best.layout, sc.context, amount);
  best.fit = Fit::No;
  return best;
}

namespace {

// Largest x in [1, cap] with need(x) <= usable, for need() piecewise linear and increasing in x:
// a guess from the slope between x = a and x = b, then a few exact steps; a binary search if the
// guess is far off (non-linear need, e.g. attention scores without FlashAttention).
template <class Need>
std::int64_t largest_fitting_linear(std::int64_t cap, std::int64_t a, std::int64_t b, double usable, Need&& need) {
  auto fits = [&](std::int64_t x) { return static_cast<double>(need(x)) <= usable; };
  if (cap < 1 || !fits(1)) return 0;
  a = std::clamp<std::int64_t>(a, 1, cap);
  b = std::clamp<std::int64_t>(b, 1, cap);
  std::int64_t x = cap;
  if (b > a) {
    const double na = static_cast<double>(need(a));
    const double slope = (static_cast<double>(need(b)) - na) / static_cast<double>(b - a);
    if (slope > 0) {
      const double guess = static_cast<double>(a) + (usable - na) / slope;
      x = guess < 1 ? 1 : guess >= static_cast<double>(cap) ? cap : static_cast<std::int64_t>(guess);
    }
  }
  for (int step = 0; step < 4; ++step) {
    if (!fits(x)) {
      --x;
    } else if (x < cap && fits(x + 1)) {
      ++x;
    } else {
      return x;
    }
    if (x < 1) return 0;
  }
  return fits(x) ? largest_fitting(cap, fits) : largest_fitting(x, fits);
}

}  // namespace

std::int64_t max_context(const Resolved& r, const Layout& layout, double usable) {
  const std::int64_t amount = r.task == Task::Inference ? r.scenario().concurrency : r.scenario().batch;
  auto need = [&](std::int64_t ctx) { return memory_per_card(r, layout, ctx, amount).total; };
  const std::int64_t cap = context_cap(r);
  // Below a window or chunk every layer grows with the context; past it only the uncapped
  // layers do: search each linear piece between the caps.
  const KvShape ks = kv_shape(r.model(), r.kv_bits);
  std::vector<std::int64_t> kinks;
  for (std::int64_t k : {ks.window, ks.chunk}) {
    if (k > 1 && k < cap) kinks.push_back(k);
  }
  std::sort(kinks.begin(), kinks.end());
  std::int64_t from = 1;
  for (std::int64_t k : kinks) {
    const std::int64_t below = largest_fitting_linear(k, from, from + 1024, usable, need);
    if (below < k) return below;
    from = k;
  }
  return largest_fitting_linear(cap, from, from + 1024, usable, need);
}

std::int64_t max_concurrency(const Resolved& r, const Layout& layout, double usable) {
  const std::int64_t cap = input_max(r.task == Task::Inference ? Input::Concurrency : Input::Batch);
  return largest_fitting_linear(cap, 1, 2, usable, [&](std::int64_t n) {
    return memory_per_card(r, layout, r.scenario().context, n).total;
  });
}

}  // namespace cardfit
