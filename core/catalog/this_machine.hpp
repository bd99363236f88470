// "This machine": the hardware strings a front end reads (OpenGL GL_RENDERER / GL_VENDOR,
// nvidia-smi's name, the memory it reports) matched to a catalog GPU. Pure: the reading itself
// happens in native/ (and, on a click, in web/). Nothing is guessed: a software renderer, an
// unknown name or a name several catalog GPUs share comes back as such, for the user to pick.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"

namespace cardfit {

struct DetectedHardware {
  std::string gl_renderer;      // GL_RENDERER ("NVIDIA GeForce RTX 4060 Laptop GPU/PCIe/SSE2"); "" = not read
  std::string gl_vendor;        // GL_VENDOR ("NVIDIA Corporation"); "" = not read
  std::string smi_name;         // nvidia-smi --query-gpu=name ("NVIDIA GeForce RTX 4090"); "" = none
  std::int64_t memory_mib = 0;  // dedicated GPU memory as the driver reports it, MiB; 0 = unknown
  std::int64_t free_mib = 0;    // dedicated memory free at start-up (GL_ATI_meminfo's TEXTURE_FREE_MEMORY_ATI,
                                // AMD's drivers), MiB; 0 = unknown. Not the size: only a lower bound on it
  std::string cpu_name;         // the CPU's brand string ("Apple M4 Max", "AMD RYZEN AI MAX+ 395 w/ Radeon
                                // 8060S"): names the GPU only of a chip with unified memory; "" = not read
  std::int64_t ram_mib = 0;     // system memory, MiB; 0 = unknown (tells unified-memory sizes apart)
};

enum class GpuMatchKind {
  Found,      // exactly one catalog GPU: ids[0]
  Ambiguous,  // several catalog GPUs fit the name (and memory): ids lists them
  Software,   // a software renderer (llvmpipe, softpipe, SwiftShader, Microsoft Basic Render Driver)
  Unknown,    // a name that no catalog GPU matches
  Nothing,    // no string to go on
};

struct GpuMatch {
  GpuMatchKind kind = GpuMatchKind::Nothing;
  std::vector<std::string> ids;  // Gpu::id: one when Found, two or more when Ambiguous, else none
  std::string detected;          // the string the match was made on (nvidia-smi's name, GL_RENDERER, CPU)
};

// nvidia-smi's name wins over GL_RENDERER (it names the compute GPU on a hybrid laptop). A catalog
// GPU matches when every word of its model name (its `name` less vendor, brand, size and form
// words, and what follows a '(': "rtx 4090 d"), or of one of its aliases ("gb10", "radeon-8060s"),
// is a word of the detected string, and, for a card with its own memory, it is a laptop GPU exactly
// when the string says "Laptop", "Mobile" or "Max-Q" (a unified-memory chip is the same chip in a
// laptop or a desktop; its tier word, "Pro", "Max" or "Ultra", must be in the catalog name too:
// an "Apple M5" entry never stands for an "Apple M5 Pro"). Among matches the most specific names win (RTX 4090 D over RTX 4090); a
// known memory size then keeps those within 10% of it: the card's memory for a dedicated GPU, the
// system memory (ram_mib) for a unified-memory chip; a size no candidate has leaves the choice to
// the user (Ambiguous, even with one candidate: an 8 GB RTX 5060 Ti is not the 16 GB entry).
// Without the size, free memory (free_mib) only drops the dedicated candidates smaller than it
// (more than 16 GB free is no 16 GB card); it never picks a size nor rules a candidate out otherwise. When neither nvidia-smi's name nor
// GL_RENDERER names a catalog GPU, the CPU's brand string is tried, and kept only when it names a
// unified-memory chip (Apple silicon, Strix Halo): a CPU name says nothing of a separate card.
GpuMatch match_gpu(const Catalog& catalog, const DetectedHardware& hw);

// The desktop app's first start (no scenario saved, none given on the command line) opens on this
// machine: the GPU to put in the scenario (at 1 card) when the match is Found, as long as the catalog
// still has it. Anything else (Ambiguous, Unknown, Software, Nothing) or a later start: nullopt,
// the scenario stays as it is and the user picks; a saved GPU is never replaced.
std::optional<std::string> gpu_at_first_start(const Catalog& catalog, const GpuMatch& match, bool first_start);

// The output of `nvidia-smi --query-gpu=name,memory.total --format=csv,noheader,nounits`: one
// "name, MiB" line per GPU ("[N/A]" MiB, as DGX Spark's GB10 prints, reads as 0: unknown). Lines
// that do not read as such are skipped (an error text, a blank line).
std::vector<DetectedHardware> parse_nvidia_smi(std::string_view text);

}  // namespace cardfit
