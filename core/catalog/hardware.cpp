// GPU facts (see hardware.hpp).
#include "hardware.hpp"

#include <algorithm>
#include <cmath>

namespace cardfit {

bool has_fast_link(const Gpu& g) { return g.interconnect != Interconnect::Pcie; }

bool has_hbm(const Gpu& g) { return g.memory_type.rfind("HBM", 0) == 0; }

double link_bytes_per_s(const Gpu& g) {
  if (has_fast_link(g) && g.nvlink_gb_per_s > 0) return g.nvlink_gb_per_s / 2 * 1e9;
  return 16e9 * std::pow(2.0, std::clamp(g.pcie_gen, 1, 9) - 3);
}

DenseRate dense_rate(const Gpu& g, ComputeType wanted) {
  const DenseRate fp16 = g.fp16_dense_tflops > 0 ? DenseRate{g.fp16_dense_tflops, ComputeType::Fp16, true}
                                                 : DenseRate{g.fp32_tflops, ComputeType::Fp32, false};
  auto fallback = [&fp16](bool native) { return DenseRate{fp16.tflops, fp16.used, native && fp16.native}; };
  switch (wanted) {
    case ComputeType::Fp32: return {g.fp32_tflops, ComputeType::Fp32, true};
    case ComputeType::Fp16: return fp16;
    case ComputeType::Bf16:
      if (g.bf16_dense_tflops > 0) return {g.bf16_dense_tflops, ComputeType::Bf16, true};
      return fallback(false);
    case ComputeType::Fp8:
      if (g.fp8_dense_tflops > 0) return {g.fp8_dense_tflops, ComputeType::Fp8, true};
      if (g.bf16_dense_tflops > 0) return {g.bf16_dense_tflops, ComputeType::Bf16, false};
      return fallback(false);
    case ComputeType::Int8:
      if (g.int8_dense_tops > 0) return {g.int8_dense_tops, ComputeType::Int8, true};
      return fallback(false);
    case ComputeType::Fp4:  // weight-only FP4 kernels dequantise to 16 bits
      if (g.fp4_dense_tflops > 0) return {g.fp4_dense_tflops, ComputeType::Fp4, true};
      if (g.bf16_dense_tflops > 0) return {g.bf16_dense_tflops, ComputeType::Bf16, false};
      return fallback(false);
  }
  return fp16;
}

bool capability_native(const Gpu& g, Capability c) {
  switch (c) {
    case Capability::None: return true;
    case Capability::Fp16: return g.fp16_dense_tflops > 0;
    case Capability::Bf16: return g.bf16_dense_tflops > 0;
    case Capability::Fp8: return g.fp8_dense_tflops > 0;
    case Capability::Int8: return g.int8_dense_tops > 0;
    case Capability::Fp4: return g.fp4_dense_tflops > 0;
  }
  return true;
}

bool runs_weights(const Gpu& g, Capability weights_need) {
  if (weights_need == Capability::Fp8) return g.fp8_path != Fp8Path::None;
  if (weights_need == Capability::Fp4) return g.fp4_path != Fp4Path::None;
  return true;
}

int machines_for(const Gpu& g, int cards) {
  const int per_node = std::max(1, g.max_cards_per_node);
  return std::max(1, (cards + per_node - 1) / per_node);
}

KernelSupport kernel_support(const Catalog& c, const Gpu& gpu, const std::string& engine, const std::string& precision) {
  KernelSupport out;
  const std::string_view runtime = name_of(gpu.runtime);
  if (const EngineProfile* e = c.find_engine(engine); e && !e->runtimes.empty()) {
    if (std::find(e->runtimes.begin(), e->runtimes.end(), runtime) == e->runtimes.end()) {
      out.runs = false;
      return out;
    }
  }
  const WeightPrecision* p = c.find_weight_precision(precision);
  if (!p) return out;
  bool listed = false;
  for (const KernelRow& r : p->support) {
    if (r.engine != engine) continue;
    listed = true;
    if (r.runtime != gpu.runtime) continue;
    const bool cc_ok = gpu.runtime != Runtime::Cuda || gpu.compute_capability <= 0 ||
                       gpu.compute_capability + 1e-9 >= r.min_compute_capability;
    if (!cc_ok) continue;
    if (!out.row || r.min_compute_capability > out.row->min_compute_capability) out.row = &r;
  }
  if (listed && !out.row) out.runs = false;
  if (out.row) out.version_dependent = out.row->version_dependent;
  return out;
}

}  // namespace cardfit
