// Facts about a GPU that several parts of the estimate and the planner need, written once:
// which link counts as fast, which dense tensor rate a precision runs at, whether a capability
// is native, whether FP8 weights can run at all, and how many machines a card count spans.
#pragma once

#include "catalog.hpp"

namespace cardfit {

// NVLink, HCCS (Ascend) and Infinity Fabric (MI300) are fast card-to-card links; PCIe is not.
bool has_fast_link(const Gpu& gpu);

// HBM cards (memory_type "HBM...") reach less of their datasheet bandwidth on the small reads of
// one decode step than GDDR cards do (engines' bandwidth_efficiency_hbm vs _gddr).
bool has_hbm(const Gpu& gpu);

// Bytes/s one card sends in one direction to its peers: half the bidirectional fast-link figure,
// else PCIe x16 of its generation (Gen3 16 GB/s, Gen4 32, Gen5 64: 2^(gen - 3) x 16 GB/s).
double link_bytes_per_s(const Gpu& gpu);

struct DenseRate {
  double tflops = 0;                     // per card, dense (never sparse, never non-tensor unless FP32)
  ComputeType used = ComputeType::Fp16;  // the rate actually taken
  bool native = true;                    // false: the GPU lacks the wanted tensor type
};
// The datasheet DENSE rate matmuls run at: Fp32 -> non-tensor FP32; Fp16 -> FP16 tensor with FP32
// accumulate (engines that accumulate in FP16 take the fp16_acc16 rate: speed.hpp matmul_rate);
// Bf16 -> BF16, else FP16; Fp8 -> FP8, else BF16, else FP16 (weight-only FP8); Int8 -> INT8 TOPS,
// else FP16; Fp4 -> FP4, else BF16, else FP16 (weight-only FP4). A card with no FP16 tensor rate
// falls back to FP32.
DenseRate dense_rate(const Gpu& gpu, ComputeType wanted);

bool capability_native(const Gpu& gpu, Capability capability);

// False when no common engine runs the weights on this GPU at all (FP8 or FP4 checkpoints on a
// card whose fp8_path / fp4_path is "none"): such options are listed with a warning but never picked.
bool runs_weights(const Gpu& gpu, Capability weights_need);

// What the catalog's support table says about running weights of `precision` with `engine`
// ("training" for fine-tuning) on `gpu`. runs is false when the engine lists runtimes and the
// card's is not among them, or when the precision has rows for the engine and none matches the
// card's runtime and compute capability (a CUDA card without a stated compute capability passes
// the bound). version_dependent: the matching row (the one with the highest bound) holds only
// from some engine version.
struct KernelSupport {
  bool runs = true;
  bool version_dependent = false;
  const KernelRow* row = nullptr;  // the matching row, if the table has rows for the engine
};
KernelSupport kernel_support(const Catalog& catalog, const Gpu& gpu, const std::string& engine,
                             const std::string& precision);

// Machines `cards` cards span: whole nodes of max_cards_per_node.
int machines_for(const Gpu& gpu, int cards);

}  // namespace cardfit
