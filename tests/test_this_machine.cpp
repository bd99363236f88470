// core/catalog/this_machine.hpp: hardware strings -> a catalog GPU, or why none is picked; the
// nvidia-smi CSV reader; the capacity with llama.cpp offload into system memory (capability.hpp).
// The strings are the forms drivers print: nvidia-smi's name (its --query-gpu=name output) and
// OpenGL's GL_RENDERER ("<name>/PCIe/SSE2" from NVIDIA's Linux and Windows drivers; Mesa's
// "llvmpipe (LLVM 15.0.6, 256 bits)"; ANGLE's SwiftShader string; Windows' fallback adapter).
#include <catch2/catch.hpp>

#include "capability.hpp"
#include "test_support.hpp"
#include "this_machine.hpp"

using namespace cardfit;
using cardfit::test::catalog;

namespace {
GpuMatch smi(const std::string& name, std::int64_t mib = 0) {
  DetectedHardware hw;
  hw.smi_name = name;
  hw.memory_mib = mib;
  return match_gpu(catalog(), hw);
}
GpuMatch gl(const std::string& renderer, const std::string& vendor = "") {
  DetectedHardware hw;
  hw.gl_renderer = renderer;
  hw.gl_vendor = vendor;
  return match_gpu(catalog(), hw);
}
}  // namespace

TEST_CASE("this machine: names drivers print map to one catalog GPU", "[this_machine]") {
  struct Row {
    const char* detected;
    std::int64_t mib;
    const char* id;
  };
  const Row rows[] = {
      {"NVIDIA GeForce RTX 4090", 24564, "rtx-4090"},
      {"NVIDIA GeForce RTX 4090 D", 24564, "rtx-4090d"},  // the more specific name wins
      {"NVIDIA GeForce RTX 4060 Laptop GPU", 8188, "rtx-4060-laptop"},
      {"NVIDIA GeForce RTX 4050 Laptop GPU", 6141, "rtx-4050-laptop"},
      {"NVIDIA GeForce RTX 4090 Laptop GPU", 16376, "rtx-4090-laptop"},
      {"NVIDIA GeForce RTX 5090", 32607, "rtx-5090"},
      {"NVIDIA GeForce RTX 5090 Laptop GPU", 24463, "rtx-5090-laptop"},
      {"NVIDIA GeForce RTX 5080", 16303, "rtx-5080"},
      {"NVIDIA GeForce RTX 3080 Ti", 12288, "rtx-3080-ti"},
      {"NVIDIA A100-SXM4-80GB", 81920, "a100-80g"},  // A100 40GB and 80GB told apart by memory
      {"NVIDIA A100-PCIE-40GB", 40960, "a100-40g"},
      {"Tesla T4", 15360, "t4"},
      {"Tesla V100-SXM2-16GB", 16384, "v100-16g"},
      {"NVIDIA L40S", 46068, "l40s"},  // not L40
      {"NVIDIA L40", 46068, "l40"},
      {"NVIDIA H20", 97871, "h20"},  // H20 96GB and 141GB told apart by memory
      {"NVIDIA RTX 6000 Ada Generation", 49140, "rtx-6000-ada"},
  };
  for (const Row& r : rows) {
    CAPTURE(r.detected);
    const GpuMatch m = smi(r.detected, r.mib);
    CHECK(m.kind == GpuMatchKind::Found);
    REQUIRE(m.ids.size() == 1);
    CHECK(m.ids[0] == r.id);
    CHECK(m.detected == r.detected);
  }
  // GL_RENDERER with NVIDIA's "/PCIe/SSE2" tail; a laptop says so, a desktop does not.
  CHECK(gl("NVIDIA GeForce RTX 4070 Laptop GPU/PCIe/SSE2", "NVIDIA Corporation").ids ==
        std::vector<std::string>{"rtx-4070-laptop"});
  CHECK(gl("NVIDIA GeForce RTX 4080 Laptop GPU/PCIe/SSE2").ids == std::vector<std::string>{"rtx-4080-laptop"});
  CHECK(gl("NVIDIA GeForce RTX 4090 D/PCIe/SSE2").ids == std::vector<std::string>{"rtx-4090d"});
  // Without a memory figure (no GL_NVX_gpu_memory_info) the 24GB and 48GB RTX 4090 stay two.
  CHECK(gl("NVIDIA GeForce RTX 4090/PCIe/SSE2").kind == GpuMatchKind::Ambiguous);
  // The page's "Detect my GPU": Chrome's WebGL renderer strings (ANGLE over Direct3D 11 and Metal).
  CHECK(gl("ANGLE (NVIDIA, NVIDIA GeForce RTX 4070 Laptop GPU (0x00002820) Direct3D11 vs_5_0 ps_5_0, D3D11)",
           "Google Inc. (NVIDIA)")
            .ids == std::vector<std::string>{"rtx-4070-laptop"});
  CHECK(gl("ANGLE (Apple, ANGLE Metal Renderer: Apple M4 Max, Unspecified Version)").ids ==
        std::vector<std::string>{"apple-m4-max-128g", "apple-m4-max-64g"});  // no memory from a browser
  // "Max-Q" is a laptop part too.
  CHECK(gl("NVIDIA GeForce RTX 4060 Max-Q").ids == std::vector<std::string>{"rtx-4060-laptop"});
  // nvidia-smi's name wins over GL_RENDERER (a hybrid laptop draws on its integrated GPU).
  DetectedHardware hybrid;
  hybrid.gl_renderer = "Mesa Intel(R) UHD Graphics 630 (CFL GT2)";
  hybrid.smi_name = "NVIDIA GeForce RTX 4060 Laptop GPU";
  CHECK(match_gpu(catalog(), hybrid).ids == std::vector<std::string>{"rtx-4060-laptop"});
}

TEST_CASE("this machine: a laptop GPU never matches its desktop namesake, nor the reverse", "[this_machine]") {
  // No RTX 3090 laptop part in the catalog: the laptop string must not fall back to the desktop card.
  CHECK(smi("NVIDIA GeForce RTX 3080 Ti Laptop GPU").kind == GpuMatchKind::Unknown);
  for (const Gpu& g : catalog().gpus) {
    if (g.gpu_class != GpuClass::Laptop) continue;
    if (g.unified_gpu_percent > 0) continue;  // Apple silicon, Strix Halo: a chip, no desktop namesake
    CAPTURE(g.id);
    // The laptop entry's name with "Laptop GPU" taken out names no laptop entry.
    std::string desktop = g.name;
    desktop.erase(desktop.find(" Laptop GPU"), 11);
    const GpuMatch m = smi(desktop);
    CHECK(std::find(m.ids.begin(), m.ids.end(), g.id) == m.ids.end());
    // And the entry's own name finds it.
    CHECK(smi(g.name).ids == std::vector<std::string>{g.id});
  }
}

TEST_CASE("this machine: several candidates come back as a list, never one picked", "[this_machine]") {
  // RTX 4090 24GB and the 48GB modified card share the name; without memory both are listed.
  const GpuMatch m = smi("NVIDIA GeForce RTX 4090");
  CHECK(m.kind == GpuMatchKind::Ambiguous);
  CHECK(m.ids == std::vector<std::string>{"rtx-4090", "rtx-4090-48g"});
  // With nvidia-smi's memory, one.
  CHECK(smi("NVIDIA GeForce RTX 4090", 49140).ids == std::vector<std::string>{"rtx-4090-48g"});
  // H100 SXM and PCIe have the same memory: both listed.
  const GpuMatch h = smi("NVIDIA H100 80GB HBM3", 81559);
  CHECK(h.kind == GpuMatchKind::Ambiguous);
  CHECK(h.ids == std::vector<std::string>{"h100-sxm", "h100-pcie"});
  // A memory size no candidate has keeps the list (a variant the catalog lacks is not guessed).
  CHECK(smi("NVIDIA A100", 7000).ids == std::vector<std::string>{"a100-40g", "a100-80g"});
}

TEST_CASE("this machine: software renderers and unknown or hostile strings pick nothing", "[this_machine]") {
  const char* software[] = {"llvmpipe (LLVM 15.0.6, 256 bits)",
                            "softpipe",
                            "Google SwiftShader",
                            "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)",
                            "Microsoft Basic Render Driver",
                            "D3D12 (Microsoft Basic Render Driver)"};
  for (const char* s : software) {
    CAPTURE(s);
    const GpuMatch m = gl(s, "Mesa");
    CHECK(m.kind == GpuMatchKind::Software);
    CHECK(m.ids.empty());
  }
  struct Row {
    const char* detected;
    GpuMatchKind kind;
  };
  const Row rows[] = {
      {"", GpuMatchKind::Nothing},
      {"   /// ", GpuMatchKind::Nothing},
      {"NVIDIA GeForce RTX", GpuMatchKind::Unknown},  // no model number: no card
      {"NVIDIA", GpuMatchKind::Unknown},
      {"AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.6)", GpuMatchKind::Unknown},
      {"Mesa Intel(R) UHD Graphics 630 (CFL GT2)", GpuMatchKind::Unknown},
      {"NVIDIA GeForce RTX 40900", GpuMatchKind::Unknown},  // a digit more is another card
      {"NVIDIA GeForce RTX 4\xD0\x9E" "90", GpuMatchKind::Unknown},  // a Cyrillic O for the zero
      {"\xFF\xFEgarbage\x01", GpuMatchKind::Unknown},
  };
  for (const Row& r : rows) {
    CAPTURE(r.detected);
    const GpuMatch m = gl(r.detected);
    CHECK(m.kind == r.kind);
    CHECK(m.ids.empty());
  }
  // A very long string is cut, not read past 256 bytes; the name after the cut is not seen.
  const GpuMatch long_one = gl(std::string(10000, 'x') + " RTX 4090");
  CHECK(long_one.kind == GpuMatchKind::Unknown);
  CHECK(long_one.detected.size() == 256);
  // An embedded NUL is one more separator, not the end of the string.
  CHECK(gl(std::string("NVIDIA GeForce RTX 4090\0D", 25)).ids == std::vector<std::string>{"rtx-4090d"});
  // Words inside other words do not count: "a1000" is not "a100".
  CHECK(gl("NVIDIA RTX A1000").kind == GpuMatchKind::Unknown);
}

// The chips whose GPU shares the system memory. The strings are what their systems print: macOS's
// GL_RENDERER and sysctl machdep.cpu.brand_string ("Apple M4 Max"); Linux's /proc/cpuinfo model name
// on Strix Halo ("AMD RYZEN AI MAX+ 395 w/ Radeon 8060S", as lscpu quotes it in public benchmark
// reports); Windows' adapter name ("AMD Radeon(TM) 8060S Graphics"); nvidia-smi on DGX Spark
// ("NVIDIA GB10, [N/A]", nvitop PR 208 and many public test fixtures).
TEST_CASE("this machine: unified-memory chips from their GPU or CPU name, sized by system memory", "[this_machine]") {
  const std::int64_t gib = 1024;  // MiB
  auto chip = [](const std::string& gl_renderer, const std::string& cpu, std::int64_t ram_mib) {
    DetectedHardware hw;
    hw.gl_renderer = gl_renderer;
    hw.cpu_name = cpu;
    hw.ram_mib = ram_mib;
    return match_gpu(catalog(), hw);
  };
  // A MacBook Pro's M4 Max (a "laptop" entry) matches with no "Laptop" in the name; RAM tells 64 from 128.
  CHECK(chip("Apple M4 Max", "", 128 * gib).ids == std::vector<std::string>{"apple-m4-max-128g"});
  CHECK(chip("Apple M4 Max", "", 64 * gib).ids == std::vector<std::string>{"apple-m4-max-64g"});
  CHECK(chip("", "Apple M4 Max", 64 * gib).ids == std::vector<std::string>{"apple-m4-max-64g"});  // the CLI: no GL
  // RAM unknown, or a size the catalog lacks (an M3 Ultra with 256 GB): a list, nothing picked.
  CHECK(chip("Apple M4 Max", "", 0).kind == GpuMatchKind::Ambiguous);
  const GpuMatch ultra = chip("Apple M3 Ultra", "", 256 * gib);
  CHECK(ultra.kind == GpuMatchKind::Ambiguous);
  CHECK(ultra.ids == std::vector<std::string>{"apple-m3-ultra-96g", "apple-m3-ultra-512g"});
  // The one Strix Halo entry (128 GB) is not claimed for a 64 GB machine: offered, not picked.
  const GpuMatch small_halo = chip("", "AMD RYZEN AI MAX+ 395 w/ Radeon 8060S", 64 * gib);
  CHECK(small_halo.kind == GpuMatchKind::Ambiguous);
  CHECK(small_halo.ids == std::vector<std::string>{"ryzen-ai-max-395-128g"});
  // The M4 Pro (issue 30: Apple's 273 GB/s, huggingface.js's 9.2 TFLOPS): 48 GB is the catalog's entry;
  // a 24 GB M4 Pro is offered it, not given it (the GPU's share and the memory differ).
  CHECK(chip("Apple M4 Pro", "Apple M4 Pro", 48 * gib).ids == std::vector<std::string>{"apple-m4-pro-48g"});
  const GpuMatch small_pro = chip("Apple M4 Pro", "", 24 * gib);
  CHECK(small_pro.kind == GpuMatchKind::Ambiguous);
  CHECK(small_pro.ids == std::vector<std::string>{"apple-m4-pro-48g"});
  // A chip the catalog lacks is not taken for its bigger siblings: a base M4 is neither the M4 Pro nor an M4 Max.
  CHECK(chip("Apple M4", "Apple M4", 16 * gib).kind == GpuMatchKind::Unknown);
  CHECK(chip("Apple M4", "Apple M4", 48 * gib).kind == GpuMatchKind::Unknown);
  // Strix Halo: Mesa's renderer names no catalog GPU, the CPU's name does; Windows' adapter name does too.
  const GpuMatch halo = chip("AMD Radeon Graphics (radeonsi, gfx1151, LLVM 19.1.7, DRM 3.61, 6.14.0)",
                             "AMD RYZEN AI MAX+ 395 w/ Radeon 8060S", 128 * gib);
  CHECK(halo.ids == std::vector<std::string>{"ryzen-ai-max-395-128g"});
  CHECK(halo.detected == "AMD RYZEN AI MAX+ 395 w/ Radeon 8060S");
  CHECK(chip("AMD Radeon(TM) 8060S Graphics", "", 0).ids == std::vector<std::string>{"ryzen-ai-max-395-128g"});
  // DGX Spark: nvidia-smi's name through the catalog's alias.
  DetectedHardware spark = parse_nvidia_smi("NVIDIA GB10, [N/A]\n").front();
  spark.ram_mib = 124610;
  CHECK(match_gpu(catalog(), spark).ids == std::vector<std::string>{"dgx-spark"});
  // A CPU's name never stands for a separate card: a Ryzen desktop with an unknown GPU stays unknown,
  // and a software renderer in a virtual machine on a Strix Halo host stays a software renderer.
  const GpuMatch desktop = chip("AMD Radeon RX 7900 XTX", "AMD Ryzen 9 7950X 16-Core Processor", 64 * gib);
  CHECK(desktop.kind == GpuMatchKind::Unknown);
  CHECK(desktop.detected == "AMD Radeon RX 7900 XTX");
  CHECK(chip("llvmpipe (LLVM 15.0.6, 256 bits)", "AMD RYZEN AI MAX+ 395 w/ Radeon 8060S", 64 * gib).kind ==
        GpuMatchKind::Software);
  CHECK(chip("", "Intel(R) Core(TM) i7-13700H", 32 * gib).kind == GpuMatchKind::Nothing);
}

// Issue 30's hardware that the catalog does not list (no page gave every required figure, or the
// chip does not exist: docs/catalog.md): each comes back unknown, for the user to pick, never as its
// nearest listed sibling. The strings: nvidia-smi's and the drivers' names ("NVIDIA GeForce RTX 5070
// Ti Laptop GPU"), macOS's machdep.cpu.brand_string and GL_RENDERER ("Apple M4", "Apple M5 Pro").
TEST_CASE("this machine: laptops and chips the catalog lacks stay unknown, not a sibling", "[this_machine]") {
  const std::int64_t gib = 1024;  // MiB
  // The RTX 5070 Ti Laptop GPU is not the listed RTX 5070 Laptop GPU (a "Ti" the name lacks) nor the
  // desktop RTX 5070 Ti, nor the desktop RTX 5060 the RTX 5060 Laptop GPU.
  const char* const cards[] = {
      "NVIDIA GeForce RTX 5070 Ti Laptop GPU", "NVIDIA GeForce RTX 5070 Ti Laptop GPU/PCIe/SSE2",
      "NVIDIA GeForce RTX 5060",               "NVIDIA GeForce RTX 4070 SUPER",
  };
  for (const char* name : cards) {
    CAPTURE(name);
    CHECK(smi(name, 8 * gib).kind == GpuMatchKind::Unknown);
    CHECK(smi(name, 16 * gib).kind == GpuMatchKind::Unknown);
    CHECK(gl(name).kind == GpuMatchKind::Unknown);
  }
  // No M4 Ultra exists and no M5 Ultra was announced by Apple (docs/catalog.md); a base M3 is no M3
  // Pro, M3 Max or M3 Ultra.
  const char* const chips[] = {"Apple M4", "Apple M5 Pro", "Apple M5 Ultra", "Apple M4 Ultra", "Apple M3"};
  for (const char* name : chips) {
    CAPTURE(name);
    DetectedHardware hw;
    hw.gl_renderer = name;
    hw.cpu_name = name;
    hw.ram_mib = 48 * gib;
    CHECK(match_gpu(catalog(), hw).kind == GpuMatchKind::Unknown);
  }
}

// The desk hardware issue 30 added (desktop RTX 5070 and RTX 5060 Ti 16 GB; Apple M5 in 16, 24 and
// 32 GB; M5 Max 128 GB) from the strings their drivers print: nvidia-smi's name, NVIDIA's GL_RENDERER
// with its "/PCIe/SSE2" tail, macOS's GL_RENDERER and CPU brand string, Chrome's WebGL string on a Mac.
// Memory sizes here are the marketing sizes in MiB (no driver reading is assumed).
TEST_CASE("this machine: issue 30's desk GPUs and Apple M5 chips map to their entries", "[this_machine]") {
  const std::int64_t gib = 1024;  // MiB
  CHECK(smi("NVIDIA GeForce RTX 5070", 12 * gib).ids == std::vector<std::string>{"rtx-5070"});
  CHECK(gl("NVIDIA GeForce RTX 5070/PCIe/SSE2", "NVIDIA Corporation").ids == std::vector<std::string>{"rtx-5070"});
  CHECK(smi("NVIDIA GeForce RTX 5060 Ti", 16 * gib).ids == std::vector<std::string>{"rtx-5060-ti-16g"});
  CHECK(gl("NVIDIA GeForce RTX 5060 Ti/PCIe/SSE2").ids == std::vector<std::string>{"rtx-5060-ti-16g"});
  // The 8 GB RTX 5060 Ti (same name, half the memory) is offered the 16 GB entry, never given it.
  const GpuMatch small = smi("NVIDIA GeForce RTX 5060 Ti", 8 * gib);
  CHECK(small.kind == GpuMatchKind::Ambiguous);
  CHECK(small.ids == std::vector<std::string>{"rtx-5060-ti-16g"});
  // An RTX 5070 Ti is its own entry, never the RTX 5070, with or without memory; a size it does not
  // have (the RTX 5070's 12 GB) is offered the entry, not given it.
  CHECK(gl("NVIDIA GeForce RTX 5070 Ti/PCIe/SSE2").ids == std::vector<std::string>{"rtx-5070-ti"});
  CHECK(smi("NVIDIA GeForce RTX 5070 Ti", 16303).ids == std::vector<std::string>{"rtx-5070-ti"});
  const GpuMatch ti12 = smi("NVIDIA GeForce RTX 5070 Ti", 12 * gib);
  CHECK(ti12.kind == GpuMatchKind::Ambiguous);
  CHECK(ti12.ids == std::vector<std::string>{"rtx-5070-ti"});
  // A desktop name is never a laptop entry's, nor the reverse.
  CHECK(gl("NVIDIA GeForce RTX 5070 Laptop GPU/PCIe/SSE2").ids == std::vector<std::string>{"rtx-5070-laptop"});

  auto mac = [](const std::string& gl_renderer, const std::string& cpu, std::int64_t ram_mib) {
    DetectedHardware hw;
    hw.gl_renderer = gl_renderer;
    hw.cpu_name = cpu;
    hw.ram_mib = ram_mib;
    return match_gpu(catalog(), hw);
  };
  CHECK(mac("Apple M5", "Apple M5", 16 * gib).ids == std::vector<std::string>{"apple-m5-16g"});
  CHECK(mac("Apple M5", "Apple M5", 24 * gib).ids == std::vector<std::string>{"apple-m5-24g"});
  CHECK(mac("Apple M5", "Apple M5", 32 * gib).ids == std::vector<std::string>{"apple-m5-32g"});
  CHECK(mac("", "Apple M5", 24 * gib).ids == std::vector<std::string>{"apple-m5-24g"});  // the CLI: no GL
  CHECK(mac("Apple M5 Max", "Apple M5 Max", 128 * gib).ids == std::vector<std::string>{"apple-m5-max-128g"});
  // A 64 GB M5 Max is offered the 128 GB entry, not given it; RAM unknown lists every M5 size.
  const GpuMatch max64 = mac("Apple M5 Max", "Apple M5 Max", 64 * gib);
  CHECK(max64.kind == GpuMatchKind::Ambiguous);
  CHECK(max64.ids == std::vector<std::string>{"apple-m5-max-128g"});
  const GpuMatch page = gl("ANGLE (Apple, ANGLE Metal Renderer: Apple M5, Unspecified Version)", "Google Inc. (Apple)");
  CHECK(page.kind == GpuMatchKind::Ambiguous);
  CHECK(page.ids == std::vector<std::string>{"apple-m5-16g", "apple-m5-24g", "apple-m5-32g"});
  // The base M5's entries never stand for the M5 Max, and the M5 Max's never for an M5.
  CHECK(mac("Apple M5 Max", "", 32 * gib).ids == std::vector<std::string>{"apple-m5-max-128g"});
  CHECK(mac("Apple M5", "", 128 * gib).ids == std::vector<std::string>{"apple-m5-16g", "apple-m5-24g", "apple-m5-32g"});
}

// Issue 30's RTX 50 laptops (5080, 5070, 5060 Laptop GPU) and Apple M3 Pro (18 and 36 GB) and M3
// Max (128 GB) from the strings their drivers print: nvidia-smi's name with its memory (the marketing
// size in MiB less what the driver keeps, as for the RTX 4060 and 5090 Laptop rows above), NVIDIA's
// GL_RENDERER, "Max-Q", macOS's GL_RENDERER and CPU brand string, and Chrome's WebGL string on a Mac.
TEST_CASE("this machine: the RTX 5080/5070/5060 Laptop GPUs and Apple M3 Pro and M3 Max map to their entries",
          "[this_machine]") {
  const std::int64_t gib = 1024;  // MiB
  CHECK(smi("NVIDIA GeForce RTX 5080 Laptop GPU", 16303).ids == std::vector<std::string>{"rtx-5080-laptop"});
  CHECK(smi("NVIDIA GeForce RTX 5070 Laptop GPU", 8151).ids == std::vector<std::string>{"rtx-5070-laptop"});
  CHECK(smi("NVIDIA GeForce RTX 5060 Laptop GPU", 8151).ids == std::vector<std::string>{"rtx-5060-laptop"});
  CHECK(gl("NVIDIA GeForce RTX 5080 Laptop GPU/PCIe/SSE2", "NVIDIA Corporation").ids ==
        std::vector<std::string>{"rtx-5080-laptop"});
  CHECK(gl("NVIDIA GeForce RTX 5060 Laptop GPU/PCIe/SSE2").ids == std::vector<std::string>{"rtx-5060-laptop"});
  CHECK(gl("NVIDIA GeForce RTX 5070 Max-Q").ids == std::vector<std::string>{"rtx-5070-laptop"});
  CHECK(gl("ANGLE (NVIDIA, NVIDIA GeForce RTX 5060 Laptop GPU (0x00002d59) Direct3D11 vs_5_0 ps_5_0, D3D11)",
           "Google Inc. (NVIDIA)")
            .ids == std::vector<std::string>{"rtx-5060-laptop"});
  // The desktop namesakes keep their own entries: the RTX 5080 and RTX 5070 are not their laptop parts.
  CHECK(smi("NVIDIA GeForce RTX 5080", 16303).ids == std::vector<std::string>{"rtx-5080"});
  CHECK(gl("NVIDIA GeForce RTX 5070/PCIe/SSE2").ids == std::vector<std::string>{"rtx-5070"});
  // An RTX 5070 Ti Laptop GPU (12 GB) is not the RTX 5070 Laptop GPU, whatever memory it reports.
  CHECK(smi("NVIDIA GeForce RTX 5070 Ti Laptop GPU", 12227).kind == GpuMatchKind::Unknown);
  CHECK(smi("NVIDIA GeForce RTX 5070 Ti Laptop GPU", 8151).kind == GpuMatchKind::Unknown);
  // A laptop part reporting a memory size its entry lacks is offered, not given.
  const GpuMatch odd = smi("NVIDIA GeForce RTX 5080 Laptop GPU", 8151);
  CHECK(odd.kind == GpuMatchKind::Ambiguous);
  CHECK(odd.ids == std::vector<std::string>{"rtx-5080-laptop"});

  auto mac = [](const std::string& gl_renderer, const std::string& cpu, std::int64_t ram_mib) {
    DetectedHardware hw;
    hw.gl_renderer = gl_renderer;
    hw.cpu_name = cpu;
    hw.ram_mib = ram_mib;
    return match_gpu(catalog(), hw);
  };
  CHECK(mac("Apple M3 Pro", "Apple M3 Pro", 18 * gib).ids == std::vector<std::string>{"apple-m3-pro-18g"});
  CHECK(mac("Apple M3 Pro", "Apple M3 Pro", 36 * gib).ids == std::vector<std::string>{"apple-m3-pro-36g"});
  CHECK(mac("", "Apple M3 Pro", 18 * gib).ids == std::vector<std::string>{"apple-m3-pro-18g"});  // the CLI: no GL
  CHECK(mac("Apple M3 Max", "Apple M3 Max", 128 * gib).ids == std::vector<std::string>{"apple-m3-max-128g"});
  // A 36 GB or 64 GB M3 Max is offered the 128 GB entry, not given it; RAM unknown lists both M3 Pro sizes.
  const GpuMatch max36 = mac("Apple M3 Max", "Apple M3 Max", 36 * gib);
  CHECK(max36.kind == GpuMatchKind::Ambiguous);
  CHECK(max36.ids == std::vector<std::string>{"apple-m3-max-128g"});
  const GpuMatch pro = gl("ANGLE (Apple, ANGLE Metal Renderer: Apple M3 Pro, Unspecified Version)", "Google Inc. (Apple)");
  CHECK(pro.kind == GpuMatchKind::Ambiguous);
  CHECK(pro.ids == std::vector<std::string>{"apple-m3-pro-18g", "apple-m3-pro-36g"});
  // The tiers stay apart: an M3 Max is never an M3 Pro or M3 Ultra entry, an M3 Ultra never an M3 Max.
  CHECK(mac("Apple M3 Max", "", 96 * gib).ids == std::vector<std::string>{"apple-m3-max-128g"});
  CHECK(mac("Apple M3 Ultra", "", 96 * gib).ids == std::vector<std::string>{"apple-m3-ultra-96g"});
  CHECK(mac("Apple M3 Pro", "", 128 * gib).ids == std::vector<std::string>{"apple-m3-pro-18g", "apple-m3-pro-36g"});
}

// A chip's tier is part of its name: the base "Apple M5" entries (every word of "Apple M5" is in
// "Apple M5 Pro") are never an M5 Pro or M5 Ultra, while an M5 is one of them.
TEST_CASE("this machine: a base chip's entry does not claim its Pro, Max or Ultra", "[this_machine]") {
  auto cpu = [](const std::string& name) {  // a Mac's GL_RENDERER and CPU brand string
    DetectedHardware hw;
    hw.gl_renderer = name;
    hw.cpu_name = name;
    hw.ram_mib = 32 * 1024;
    return match_gpu(catalog(), hw);
  };
  CHECK(cpu("Apple M5").ids == std::vector<std::string>{"apple-m5-32g"});
  CHECK(cpu("Apple M5 Pro").kind == GpuMatchKind::Unknown);
  CHECK(cpu("Apple M5 Ultra").kind == GpuMatchKind::Unknown);
  // The M5 Max has its own entry: offered (32 GB is no size it is listed in), never an M5's.
  const GpuMatch max = cpu("Apple M5 Max");
  CHECK(max.kind == GpuMatchKind::Ambiguous);
  CHECK(max.ids == std::vector<std::string>{"apple-m5-max-128g"});
  // The listed tiers still match their own names; on a card "Max-Q" stays a laptop word.
  DetectedHardware m4max;
  m4max.cpu_name = "Apple M4 Max";
  m4max.ram_mib = 64 * 1024;
  CHECK(match_gpu(catalog(), m4max).ids == std::vector<std::string>{"apple-m4-max-64g"});
  CHECK(gl("NVIDIA GeForce RTX 4060 Max-Q").ids == std::vector<std::string>{"rtx-4060-laptop"});
}

TEST_CASE("this machine: on unified memory the offload counts only the RAM beside the GPU's share", "[this_machine]") {
  const Gpu* mac = catalog().find_gpu("apple-m4-max-64g");
  REQUIRE(mac != nullptr);
  const std::int64_t gib = 1024LL * 1024 * 1024;
  // 64 GiB, 75% of it the GPU's (48 GiB): 16 GiB beside it; a card with its own memory leaves all.
  CHECK(host_memory_beside(*mac, 64 * gib) == 16 * gib);
  CHECK(host_memory_beside(*mac, 32 * gib) == 0);  // less RAM than the entry's share: nothing left, never negative
  CHECK(host_memory_beside(*catalog().find_gpu("rtx-4090"), 64 * gib) == 64 * gib);
  Scenario sc;
  sc.gpu = "apple-m4-max-64g";
  sc.context = 4096;
  const Result<std::vector<OffloadCapability>> off = offload_capabilities(catalog(), sc, 64 * gib);
  REQUIRE(off.ok());
  REQUIRE(!off.value->empty());
  for (const OffloadCapability& o : *off.value) {
    CAPTURE(o.model.model);
    CHECK(o.host_bytes <= 16 * gib);
  }
  // The same RAM next to a dedicated card of the same size offloads more.
  Scenario card = sc;
  card.gpu = "rtx-4090";
  const Result<std::vector<OffloadCapability>> all = offload_capabilities(catalog(), card, 64 * gib);
  REQUIRE(all.ok());
  CHECK(std::any_of(all.value->begin(), all.value->end(), [](const OffloadCapability& o) { return o.host_bytes > 16 * 1024LL * 1024 * 1024; }));
}

TEST_CASE("this machine: nvidia-smi's CSV, one GPU a line, junk skipped", "[this_machine]") {
  const std::vector<DetectedHardware> two =
      parse_nvidia_smi("NVIDIA GeForce RTX 4090, 24564\nNVIDIA GeForce RTX 3090, 24576\r\n");
  REQUIRE(two.size() == 2);
  CHECK(two[0].smi_name == "NVIDIA GeForce RTX 4090");
  CHECK(two[0].memory_mib == 24564);
  CHECK(two[1].smi_name == "NVIDIA GeForce RTX 3090");
  CHECK(two[1].memory_mib == 24576);
  CHECK(parse_nvidia_smi("").empty());
  CHECK(parse_nvidia_smi("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\n").empty());
  // DGX Spark's GB10 prints no memory of its own (unified): the name, memory unknown.
  const std::vector<DetectedHardware> spark = parse_nvidia_smi("NVIDIA GB10, [N/A]\n");
  REQUIRE(spark.size() == 1);
  CHECK(spark[0].smi_name == "NVIDIA GB10");
  CHECK(spark[0].memory_mib == 0);
  CHECK(parse_nvidia_smi("NVIDIA GeForce RTX 4090, [N/A\n").empty());
  CHECK(parse_nvidia_smi(", 24564\n").empty());
  CHECK(parse_nvidia_smi("x, 99999999999999999999\n").empty());
}

TEST_CASE("this machine: llama.cpp offload runs larger models only within system memory", "[this_machine]") {
  Scenario sc;
  sc.gpu = "rtx-4060-laptop";
  sc.context = 4096;
  const std::int64_t gib = 1024LL * 1024 * 1024;
  const Result<std::vector<OffloadCapability>> none = offload_capabilities(catalog(), sc, 0);
  REQUIRE(none.ok());
  CHECK(none.value->empty());
  const Result<std::vector<OffloadCapability>> small = offload_capabilities(catalog(), sc, 16 * gib);
  const Result<std::vector<OffloadCapability>> big = offload_capabilities(catalog(), sc, 128 * gib);
  REQUIRE(small.ok());
  REQUIRE(big.ok());
  CHECK(big.value->size() > small.value->size());  // more RAM, more models
  Scenario alone_sc = sc;
  alone_sc.engine = "llama.cpp";
  const Result<CardCapability> alone = card_capabilities(catalog(), alone_sc);
  REQUIRE(alone.ok());
  for (const OffloadCapability& o : *big.value) {
    CAPTURE(o.model.model);
    CHECK(o.host_bytes > 0);
    CHECK(o.host_bytes <= 128 * gib);
    CHECK(o.gpu_layers <= o.total_layers);  // MoE: every layer on the GPU, routed experts in RAM
    // Offload lists only what does not fit on the card alone.
    for (const ModelCapability& a : alone.value->models) CHECK(a.model != o.model.model);
  }
  for (std::size_t i = 1; i < big.value->size(); ++i) CHECK((*big.value)[i - 1].model.params >= (*big.value)[i].model.params);
  // No GPU: the capacity's own error.
  Scenario no_gpu;
  const Result<std::vector<OffloadCapability>> err = offload_capabilities(catalog(), no_gpu, 16 * gib);
  REQUIRE(!err.ok());
  CHECK(err.errors[0].field == "gpu");
}

TEST_CASE("this machine: the first start takes a GPU found for certain, nothing else, never later", "[this_machine]") {
  const GpuMatch found = gl("NVIDIA GeForce RTX 4090 Laptop GPU/PCIe/SSE2", "NVIDIA Corporation");
  REQUIRE(found.kind == GpuMatchKind::Found);
  CHECK(gpu_at_first_start(catalog(), found, true) == std::optional<std::string>("rtx-4090-laptop"));
  // A later start keeps the scenario saved (or given on the command line).
  CHECK_FALSE(gpu_at_first_start(catalog(), found, false));
  // Ambiguous, a software renderer, an unknown name, nothing read: the user picks.
  const GpuMatch ambiguous = smi("NVIDIA GeForce RTX 4090");
  REQUIRE(ambiguous.kind == GpuMatchKind::Ambiguous);
  CHECK_FALSE(gpu_at_first_start(catalog(), ambiguous, true));
  const GpuMatch software = gl("llvmpipe (LLVM 15.0.6, 256 bits)", "Mesa");
  REQUIRE(software.kind == GpuMatchKind::Software);
  CHECK_FALSE(gpu_at_first_start(catalog(), software, true));
  const GpuMatch unknown = gl("NVIDIA GeForce GT 710/PCIe/SSE2", "NVIDIA Corporation");
  REQUIRE(unknown.kind == GpuMatchKind::Unknown);
  CHECK_FALSE(gpu_at_first_start(catalog(), unknown, true));
  CHECK_FALSE(gpu_at_first_start(catalog(), GpuMatch{}, true));
  // A match whose id the catalog in use no longer has (a hand-made match, an older catalog).
  GpuMatch gone = found;
  gone.ids = {"rtx-9090-laptop"};
  CHECK_FALSE(gpu_at_first_start(catalog(), gone, true));
}

TEST_CASE("this machine: free memory (GL_ATI_meminfo) is a lower bound on the size, never the size", "[this_machine]") {
  auto ati = [](const std::string& renderer, std::int64_t free_mib, std::int64_t memory_mib = 0) {
    DetectedHardware hw;
    hw.gl_renderer = renderer;
    hw.free_mib = free_mib;
    hw.memory_mib = memory_mib;
    return match_gpu(catalog(), hw);
  };
  // RTX 4090 24GB and 48GB share the name: 30 GiB free is no 24 GB card.
  const GpuMatch big = ati("NVIDIA GeForce RTX 4090/PCIe/SSE2", 30000);
  CHECK(big.kind == GpuMatchKind::Found);
  CHECK(big.ids == std::vector<std::string>{"rtx-4090-48g"});
  // 20 GiB free fits both: still the user's choice, not the smaller one guessed.
  const GpuMatch both = ati("NVIDIA GeForce RTX 4090/PCIe/SSE2", 20000);
  CHECK(both.kind == GpuMatchKind::Ambiguous);
  CHECK(both.ids == std::vector<std::string>{"rtx-4090", "rtx-4090-48g"});
  // More free than any candidate has (a variant the catalog lacks): the list stays.
  CHECK(ati("NVIDIA GeForce RTX 4090/PCIe/SSE2", 60000).kind == GpuMatchKind::Ambiguous);
  // The size, when known, decides; free memory adds nothing.
  CHECK(ati("NVIDIA GeForce RTX 4090/PCIe/SSE2", 30000, 24564).ids == std::vector<std::string>{"rtx-4090"});
}
