#include "this_machine.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace cardfit {
namespace {

// NOTE: a hostile string (a driver's or a VM's) is cut to this many bytes before it is read.
constexpr std::size_t kMaxDetected = 256;

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (const char ch : s.substr(0, kMaxDetected)) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80 && std::isalnum(c)) {
      w += static_cast<char>(std::tolower(c));
    } else if (!w.empty()) {
      out.push_back(w);
      w.clear();
    }
  }
  if (!w.empty()) out.push_back(w);
  return out;
}

bool has(const std::vector<std::string>& ws, std::string_view w) { return std::find(ws.begin(), ws.end(), w) != ws.end(); }

bool contains(std::string_view haystack, std::string_view needle) {
  std::string h(haystack.substr(0, kMaxDetected));
  for (char& c : h) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return h.find(needle) != std::string::npos;
}

// Words that name no model: vendor, brand, form factor, memory size ("48gb"), packaging.
bool generic(const std::string& w) {
  static const char* const kWords[] = {"nvidia", "geforce", "tesla", "amd", "instinct", "huawei", "gpu",
                                       "laptop", "mobile", "sxm", "sxm2", "sxm4", "sxm5", "pcie", "oam",
                                       "generation", "edition", "server", "workstation"};
  for (const char* k : kWords)
    if (w == k) return true;
  const std::size_t n = w.size();
  return n > 2 && w.compare(n - 2, 2, "gb") == 0 && std::all_of(w.begin(), w.end() - 2, [](char c) {
           return std::isdigit(static_cast<unsigned char>(c)) != 0;
         });
}

// The words of a name that name a model: less generic words and what follows a '(' (a note).
std::vector<std::string> model_words(std::string_view name) {
  std::vector<std::string> out;
  for (std::string& w : words(name.substr(0, name.find('('))))
    if (!generic(w)) out.push_back(std::move(w));
  return out;
}

bool has_digit(const std::string& w) {
  return std::any_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

// A unified-memory chip's tier ("Apple M5 Pro", "M5 Max", "M3 Ultra"): a detected tier the name
// lacks makes it another chip. NOTE: only for unified-memory chips; on a card "Max-Q" is a laptop.
bool other_tier(const std::vector<std::string>& need, const std::vector<std::string>& seen) {
  for (const char* tier : {"pro", "max", "ultra"})
    if (has(seen, tier) && !has(need, tier)) return true;
  return false;
}

// A card's variant word ("RTX 5070 Ti", "RTX 4070 SUPER"): a detected variant the name lacks makes it
// another card, never the plain model (an RTX 5070 Ti is no RTX 5070, whatever its memory).
bool other_variant(const std::vector<std::string>& need, const std::vector<std::string>& seen) {
  for (const char* variant : {"ti", "super"})
    if (has(seen, variant) && !has(need, variant)) return true;
  return false;
}

// How many model words of `g` the detected words hold: its name's or an alias's, the longest set
// that is there whole; 0 when none is. A set needs a word with a digit: "rtx" alone names no card.
std::size_t match_words(const Gpu& g, const std::vector<std::string>& seen) {
  std::size_t best = 0;
  auto consider = [&](std::string_view name) {
    const std::vector<std::string> need = model_words(name);
    if (std::none_of(need.begin(), need.end(), has_digit)) return;
    if (g.unified_gpu_percent > 0 && other_tier(need, seen)) return;
    if (other_variant(need, seen)) return;
    if (std::all_of(need.begin(), need.end(), [&](const std::string& w) { return has(seen, w); }))
      best = std::max(best, need.size());
  };
  consider(g.name);
  for (const std::string& a : g.aliases) consider(a);
  return best;
}

bool software_renderer(std::string_view s) {
  return contains(s, "llvmpipe") || contains(s, "softpipe") || contains(s, "swiftshader") ||
         contains(s, "microsoft basic render") || contains(s, "software rasterizer");
}

// The catalog GPUs one string names (see match_gpu); `unified_only` for a CPU's name.
GpuMatch match_string(const Catalog& catalog, const DetectedHardware& hw, std::string detected, bool unified_only) {
  GpuMatch out;
  if (detected.size() > kMaxDetected) detected.resize(kMaxDetected);
  out.detected = std::move(detected);
  const std::vector<std::string> seen = words(out.detected);
  if (seen.empty()) return out;
  out.kind = GpuMatchKind::Unknown;
  // "Max-Q" splits into "max" "q"; "Mobile" is how Mesa and some Windows drivers name laptop parts.
  const bool laptop = has(seen, "laptop") || has(seen, "mobile") || (has(seen, "max") && has(seen, "q"));
  std::vector<const Gpu*> found;
  std::size_t best = 0;
  for (const Gpu& g : catalog.gpus) {
    const bool unified = g.unified_gpu_percent > 0;
    if (unified_only && !unified) continue;
    if (!unified && (g.gpu_class == GpuClass::Laptop) != laptop) continue;
    const std::size_t n = match_words(g, seen);
    if (n == 0) continue;
    if (n > best) {
      best = n;
      found.clear();
    }
    if (n == best) found.push_back(&g);
  }
  // A chip or card is sold in several sizes: a known memory that no candidate has is not taken for
  // the one the catalog lists (a 64 GB Strix Halo is no 128 GB one, an 8 GB RTX 5060 Ti no 16 GB
  // one); the user picks.
  bool size_unknown = false;
  if (!found.empty()) {
    std::vector<const Gpu*> sized;
    auto known_of = [&hw](const Gpu* g) { return g->unified_gpu_percent > 0 ? hw.ram_mib : hw.memory_mib; };
    for (const Gpu* g : found) {
      const std::int64_t known = known_of(g);
      if (known > 0 && std::llabs(g->memory_mib - known) * 10 <= g->memory_mib) sized.push_back(g);
    }
    if (!sized.empty()) found = sized;
    else size_unknown = found.size() == 1 && known_of(found.front()) > 0;
    // Free memory, the size unknown: a card smaller than what is free is not this one. NOTE: a lower
    // bound only; when it drops every candidate (a variant the catalog lacks) the list stays.
    if (hw.memory_mib <= 0 && hw.free_mib > 0 && found.size() > 1) {
      std::vector<const Gpu*> large;
      for (const Gpu* g : found)
        if (g->unified_gpu_percent > 0 || g->memory_mib >= hw.free_mib) large.push_back(g);
      if (!large.empty()) found = large;
    }
  }
  for (const Gpu* g : found) out.ids.push_back(g->id);
  if (!found.empty())
    out.kind = found.size() == 1 && !size_unknown ? GpuMatchKind::Found : GpuMatchKind::Ambiguous;
  return out;
}

}  // namespace

GpuMatch match_gpu(const Catalog& catalog, const DetectedHardware& hw) {
  const std::string& first = !hw.smi_name.empty() ? hw.smi_name : hw.gl_renderer;
  if (software_renderer(first) || software_renderer(hw.gl_vendor)) {
    GpuMatch out;
    out.kind = GpuMatchKind::Software;
    out.detected = first.substr(0, kMaxDetected);
    return out;
  }
  GpuMatch out = match_string(catalog, hw, first, false);
  if (out.kind == GpuMatchKind::Unknown || out.kind == GpuMatchKind::Nothing) {
    GpuMatch chip = match_string(catalog, hw, hw.cpu_name, true);
    if (chip.kind == GpuMatchKind::Found || chip.kind == GpuMatchKind::Ambiguous) return chip;
  }
  return out;
}

std::optional<std::string> gpu_at_first_start(const Catalog& catalog, const GpuMatch& match, bool first_start) {
  if (!first_start || match.kind != GpuMatchKind::Found || match.ids.size() != 1) return std::nullopt;
  if (catalog.find_gpu(match.ids.front()) == nullptr) return std::nullopt;
  return match.ids.front();
}

std::vector<DetectedHardware> parse_nvidia_smi(std::string_view text) {
  std::vector<DetectedHardware> out;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    const std::size_t comma = line.rfind(',');
    if (comma == std::string_view::npos) continue;
    std::string_view name = line.substr(0, comma);
    std::string_view mib = line.substr(comma + 1);
    auto trim = [](std::string_view s) {
      while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
      while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
      return s;
    };
    name = trim(name);
    mib = trim(mib);
    // A unified-memory GPU (DGX Spark's GB10) reports no memory of its own: "[N/A]".
    const bool not_available = mib == "[N/A]" || mib == "N/A";
    if (name.empty() || mib.empty() || mib.size() > 9 ||
        (!not_available &&
         !std::all_of(mib.begin(), mib.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; })))
      continue;
    DetectedHardware hw;
    hw.smi_name = std::string(name.substr(0, kMaxDetected));
    hw.memory_mib = not_available ? 0 : std::strtoll(std::string(mib).c_str(), nullptr, 10);
    out.push_back(std::move(hw));
  }
  return out;
}

}  // namespace cardfit
