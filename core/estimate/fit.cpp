// Card counts, layouts, verdicts and the largest context/concurrency that fit.
#include "fit.hpp"

#include <algorithm>
#include <cmath>

#include "hardware.hpp"
#include "inputs.hpp"

namespace cardfit {
namespace {

std::int64_t input_max(Input input) { return static_cast<std::int64_t>(input_spec(input).max); }

// The model's maximum context, or the context asked for when that is larger (the estimate
// warns about it): max_context never reports less than what the scenario already fits.
std::int64_t context_cap(const Resolved& r) {
  const std::int64_t model_max = r.model().max_context;
  const std::int64_t cap = model_max > 0 ? std::max(model_max, r.scenario().context) : input_max(Input::Context);
  return std::min(cap, input_max(Input::Context));
}

bool training(const Resolved& r) { return r.task != Task::Inference; }

std::int64_t amount_of(const Resolved& r) { return training(r) ? r.scenario().batch : r.scenario().concurrency; }

// --ep on a layout: the routed experts split over `ep` of its cards when the cards (training: the
// TP x DP ranks of a stage) divide into expert groups; else no expert parallelism.
Layout with_expert_parallel(const Resolved& r, Layout l) {
  const int ep = r.scenario().expert_parallel;
  const int ranks = training(r) ? std::max(1, l.tensor_parallel) * std::max(1, l.data_parallel) : l.cards;
  const bool tensor = training(r) || r.engine().multi_gpu == MultiGpu::Tensor;
  l.expert_parallel = ep > 1 && r.model().is_moe && tensor && ranks % ep == 0 ? ep : 1;
  return l;
}

// The layouts tried on `cards` cards, in preference order (inference: one).
std::vector<Layout> layouts_for(const Resolved& r, const Gpu& gpu, int cards) {
  if (training(r)) return training_layouts(r, gpu, cards);
  std::optional<Layout> l = inference_layout(r.model(), r.engine(), gpu, cards, r.scenario().max_tensor_parallel);
  return l ? std::vector<Layout>{with_expert_parallel(r, *l)} : std::vector<Layout>{};
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

// The same search over every layout the scenario allows at this card count (training with an
// automatic layout may switch layouts for a longer sequence); the layout itself otherwise.
template <class Search>
std::int64_t best_over_layouts(const Resolved& r, const Gpu& gpu, const Layout& layout, Search&& search) {
  if (!training(r)) return search(layout);
  std::int64_t best = 0;
  for (const Layout& l : training_layouts(r, gpu, layout.cards)) best = std::max(best, search(l));
  return best;
}

}  // namespace

std::vector<int> card_counts(const Gpu& gpu, int max_nodes, int doubling_nodes) {
  const int per_node = std::max(1, gpu.max_cards_per_node);
  std::vector<int> out;
  if (gpu.gpu_class == GpuClass::Laptop) return {1};
  for (int n = 1; n <= per_node; n *= 2) out.push_back(n);
  if (out.back() != per_node) out.push_back(per_node);
  const int nodes = std::max(1, max_nodes);
  for (int k = 2; k <= nodes; ++k) out.push_back(k * per_node);
  for (long long k = 2LL * nodes; k <= doubling_nodes && k * per_node <= input_max(Input::Cards); k *= 2) {
    out.push_back(static_cast<int>(k * per_node));
  }
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

int tensor_parallel_cap(const Gpu& gpu, std::optional<int> max_tensor_parallel) {
  const int per_node = std::max(1, gpu.max_cards_per_node);
  return max_tensor_parallel ? std::clamp(*max_tensor_parallel, 1, per_node) : per_node;
}

std::optional<Layout> inference_layout(const Model& m, const EngineProfile& e, const Gpu& gpu, int cards,
                                       std::optional<int> max_tensor_parallel) {
  if (cards < 1) return std::nullopt;
  Layout l;
  l.cards = cards;
  if (e.multi_gpu == MultiGpu::Tensor) {
    const int per_node = tensor_parallel_cap(gpu, max_tensor_parallel);
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

std::vector<Layout> training_layouts(const Resolved& r, const Gpu& gpu, int cards) {
  const Scenario& sc = r.scenario();
  const Model& m = r.model();
  std::vector<Layout> out;
  if (cards < 1) return out;
  std::vector<int> tps;
  const int tp_cap = tensor_parallel_cap(gpu, sc.max_tensor_parallel);
  if (sc.tensor_parallel > 0) {
    tps.push_back(sc.tensor_parallel);
  } else {
    // Tensor parallelism only over a fast link (NVLink, HCCS, Infinity Fabric): over PCIe its
    // two all-reduces per layer stall every step, so consumer cards train data parallel with
    // ZeRO / FSDP, or in pipeline stages (docs/model.md §3).
    const int top = has_fast_link(gpu) ? std::min(8, tp_cap) : 1;
    for (int t = 1; t <= top; t *= 2) {
      if (valid_tensor_parallel(m, t)) tps.push_back(t);
    }
  }
  const double tokens_per_micro = static_cast<double>(std::max<std::int64_t>(1, sc.context)) *
                                  static_cast<double>(std::max<std::int64_t>(1, sc.batch));
  for (int tp : tps) {
    if (cards % tp != 0 || tp > tp_cap) continue;
    for (int pp = 1; pp <= std::max(1, m.num_layers) && cards % (tp * pp) == 0; pp *= 2) {
      Layout l;
      l.cards = cards;
      l.tensor_parallel = tp;
      l.pipeline_parallel = pp;
      l.data_parallel = cards / (tp * pp);
      const Defaults& d = r.catalog().defaults;
      l.microbatches = std::max({1.0, std::floor(step_tokens(r) / tokens_per_micro / l.data_parallel),
                                 pp > 1 ? d.microbatches_per_stage * pp : 1.0});
      const int top = pp > 1 ? 1 : 3;
      const int first = r.zero_stage.value_or(0);
      const int last = r.zero_stage ? *r.zero_stage : (l.data_parallel > 1 ? top : 0);
      for (int stage = first; stage <= last; ++stage) {
        l.zero_stage = stage;
        out.push_back(with_expert_parallel(r, l));
      }
      if (sc.tensor_parallel > 0 && pp * tp >= cards) break;
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Layout& a, const Layout& b) {
    const double ba = pipeline_bubble(a), bb = pipeline_bubble(b);
    if (ba != bb) return ba < bb;
    if (a.tensor_parallel != b.tensor_parallel) return a.tensor_parallel < b.tensor_parallel;
    if (a.pipeline_parallel != b.pipeline_parallel) return a.pipeline_parallel < b.pipeline_parallel;
    return a.zero_stage < b.zero_stage;
  });
  return out;
}

Fit verdict(double need, double usable, double held_back, double headroom, double tight_headroom) {
  if (!(usable > 0) || !(need >= 0)) return Fit::No;
  if (need <= usable && need * (1 + headroom) <= usable + std::max(0.0, held_back)) return Fit::Comfortable;
  if (need * (1 + tight_headroom) <= usable) return Fit::Tight;
  return Fit::No;
}

double headroom_of(double need, double usable, double held_back) {
  return need > 0 ? (usable + std::max(0.0, held_back)) / need - 1 : 0;
}

namespace {

// One layout measured: its need, the engine's budget and what it holds back, and the verdict.
void measure(const Resolved& r, const Gpu& gpu, std::int64_t amount, FitChoice& c) {
  const std::int64_t context = r.scenario().context;
  c.per_card = memory_per_card(r, &gpu, c.layout, context, amount);
  c.usable = usable_per_card(r, gpu, c.layout, context, amount);
  c.held_back = held_back_per_card(r, gpu, c.layout, context, amount);
  c.fit = verdict(static_cast<double>(c.per_card.total), c.usable, c.held_back, r.headroom, r.tight_headroom);
}

// Partial offload on `cards` cards: --offload N keeps N layers on the GPU; auto walks from all on
// the GPU toward none, first moving the routed experts of one MoE layer at a time (llama.cpp
// --n-cpu-moe), then whole layers, and stops at the first split that fits comfortably (else the
// first that fits tightly, else all layers in host memory).
FitChoice choose_offload(const Resolved& r, const Gpu& gpu, int cards) {
  const Scenario& sc = r.scenario();
  FitChoice c;
  c.max_cards_tried = cards;
  std::optional<Layout> base = inference_layout(r.model(), r.engine(), gpu, cards, sc.max_tensor_parallel);
  if (!base) base = Layout{};
  auto judge = [&](Layout l) {
    FitChoice f = c;
    f.layout = l;
    measure(r, gpu, sc.concurrency, f);
    f.found = f.fit != Fit::No;
    f.min_cards_tight = f.found ? cards : 0;
    return f;
  };
  const int layers = std::max(1, r.model().num_layers);
  const bool layers_given = sc.offload.mode == Offload::Mode::Layers;
  if (layers_given || sc.n_cpu_moe) {  // as given: -ngl N and/or --n-cpu-moe N
    Layout l = *base;
    l.gpu_layers = layers_given ? std::min(sc.offload.layers, layers) : layers;
    // llama.cpp counts --n-cpu-moe from the first layer; leading dense layers have no experts to move.
    const int moe_layers = std::clamp(r.params.moe_layers, 0, layers);
    l.experts_on_cpu = std::clamp(sc.n_cpu_moe.value_or(-1) - (layers - moe_layers), 0, moe_layers);
    return judge(l);
  }
  const int moe = r.engine().expert_offload ? std::clamp(r.params.moe_layers, 0, layers) : 0;
  std::optional<FitChoice> tight;
  FitChoice last;
  for (int step = 0; step <= moe + layers; ++step) {
    Layout l = *base;
    l.gpu_layers = step <= moe ? layers : layers - (step - moe);
    l.experts_on_cpu = std::min(step, std::min(moe, l.gpu_layers));
    last = judge(l);
    if (last.fit == Fit::Comfortable) return last;
    if (last.fit == Fit::Tight && !tight) tight = last;
  }
  return tight ? *tight : last;
}

}  // namespace

FitChoice choose_cards(const Resolved& r, const Gpu& gpu) {
  const Scenario& sc = r.scenario();
  if (r.task == Task::Inference && (sc.offload.any() || sc.n_cpu_moe)) {
    return choose_offload(r, gpu, std::max(1, sc.cards));
  }
  const Defaults& d = r.catalog().defaults;
  const std::int64_t amount = amount_of(r);
  std::vector<int> counts = card_counts(gpu, d.max_nodes, training(r) ? d.max_training_nodes : 0);
  if (sc.cards > 0) counts.assign(1, sc.cards);

  FitChoice best;
  best.max_cards_tried = counts.back();
  std::optional<FitChoice> tight;
  std::optional<FitChoice> first;  // the smallest layout tried, for the need when nothing fits
  const int node = std::max(1, gpu.max_cards_per_node);
  for (int n : counts) {
    // A tight fit in one machine beats a comfortable one over several (8x H20 for DeepSeek-R1 in
    // FP8, the engines' reference deployment, not 16 over two machines): the short headroom is
    // said as a warning, never paid for with a second machine and its network.
    if (tight && tight->layout.cards <= node && n > node) break;
    for (const Layout& layout : layouts_for(r, gpu, n)) {
      FitChoice c = best;
      c.layout = layout;
      measure(r, gpu, amount, c);
      if (!first) first = c;
      if (c.fit != Fit::No && best.min_cards_tight == 0) best.min_cards_tight = n;
      if (c.fit == Fit::Comfortable) {
        c.found = true;
        c.min_cards_tight = best.min_cards_tight;
        return c;
      }
      if (c.fit == Fit::Tight && !tight) {
        c.found = true;
        tight = c;
      }
    }
  }
  if (tight) {
    tight->min_cards_tight = best.min_cards_tight;
    return *tight;
  }
  // Nothing fits: report the need on the smallest layout tried (or one card).
  if (first) {
    first->min_cards_tight = 0;
    first->fit = Fit::No;
    return *first;
  }
  best.layout = Layout{};
  measure(r, gpu, amount, best);
  best.fit = Fit::No;  // no count was tried: the need on one card, as a figure only
  return best;
}

std::int64_t max_context(const Resolved& r, const Gpu& gpu, const Layout& layout) {
  const std::int64_t amount = amount_of(r);
  const std::int64_t cap = context_cap(r);
  // Below a window or chunk every layer grows with the context; past it only the uncapped
  // layers do: search each linear piece between the caps.
  const KvShape ks = kv_shape(r.model(), r.kv_bits);
  std::vector<std::int64_t> kinks;
  for (std::int64_t k : {ks.window, ks.chunk}) {
    if (k > 1 && k < cap) kinks.push_back(k);
  }
  std::sort(kinks.begin(), kinks.end());
  return best_over_layouts(r, gpu, layout, [&](const Layout& l) -> std::int64_t {
    const double usable = usable_per_card(r, gpu, l, r.scenario().context, amount);
    auto need = [&](std::int64_t ctx) { return memory_per_card(r, &gpu, l, ctx, amount).total; };
    std::int64_t from = 1;
    for (std::int64_t k : kinks) {
      const std::int64_t below = largest_fitting_linear(k, from, from + 1024, usable, need);
      if (below < k) return below;
      from = k;
    }
    return largest_fitting_linear(cap, from, from + 1024, usable, need);
  });
}

std::int64_t max_concurrency(const Resolved& r, const Gpu& gpu, const Layout& layout) {
  const std::int64_t cap = input_max(training(r) ? Input::Batch : Input::Concurrency);
  return best_over_layouts(r, gpu, layout, [&](const Layout& l) -> std::int64_t {
    const double usable = usable_per_card(r, gpu, l, r.scenario().context, amount_of(r));
    return largest_fitting_linear(cap, 1, 2, usable, [&](std::int64_t n) {
      return memory_per_card(r, &gpu, l, r.scenario().context, n).total;
    });
  });
}

}  // namespace cardfit
