// Explanations: every reported figure as {formula, the same with the user's numbers, source},
// in English and Chinese. The UI tooltips and `cardfit estimate --explain` print this text.
#pragma once

#include <vector>

#include "catalog.hpp"
#include "estimate.hpp"
#include "memory.hpp"
#include "resolve.hpp"

namespace cardfit {

// Source citations used by the explanations and docs/model.md.
inline constexpr const char* kSrcTransformerMath = "Transformer Math 101 (Anthony, Biderman, Schoelkopf; EleutherAI 2023)";
inline constexpr const char* kSrcKorthikanti = "Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer Models (arXiv:2205.05198)";
inline constexpr const char* kSrcZero = "ZeRO (Rajbhandari et al. 2020, arXiv:1910.02054)";
inline constexpr const char* kSrcQlora = "QLoRA (Dettmers et al. 2023, arXiv:2305.14314); LoRA (Hu et al. 2021, arXiv:2106.09685)";
inline constexpr const char* kSrcVllm = "vLLM / PagedAttention (Kwon et al. 2023, arXiv:2309.06180)";
inline constexpr const char* kSrcMla = "DeepSeek-V2 multi-head latent attention (DeepSeek-AI 2024, arXiv:2405.04434)";
inline constexpr const char* kSrcPalm = "PaLM appendix B, model FLOPs 6N + 12LHQT (Chowdhery et al. 2022, arXiv:2204.02311)";

// Model-level figures: parameters, weights, KV cache, activations, training states, total, FLOPs.
std::vector<Explanation> explain_model(const Resolved& r, const Estimate& e);

// Per-GPU figures for one entry of e.gpus: fit and cards, decode, prefill/TTFT, max context,
// training time.
std::vector<Explanation> explain_gpu(const Resolved& r, const Estimate& e, const GpuEstimate& g, const Gpu& gpu);

}  // namespace cardfit
