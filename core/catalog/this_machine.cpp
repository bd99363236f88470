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

// The model words of a catalog GPU: its name less generic words and what follows a '(' (a note).
std::vector<std::string> model_words(const Gpu& g) {
  const std::string_view name = std::string_view(g.name).substr(0, g.name.find('('));
  std::vector<std::string> out;
  for (std::string& w : words(name))
    if (!generic(w)) out.push_back(std::move(w));
  return out;
}

bool software_renderer(std::string_view s) {
  return contains(s, "llvmpipe") || contains(s, "softpipe") || contains(s, "swiftshader") ||
         contains(s, "microsoft basic render") || contains(s, "software rasterizer");
}

}  // namespace

GpuMatch match_gpu(const Catalog& catalog, const DetectedHardware& hw) {
  GpuMatch out;
  out.detected = !hw.smi_name.empty() ? hw.smi_name : hw.gl_renderer;
  if (out.detected.size() > kMaxDetected) out.detected.resize(kMaxDetected);
  const std::vector<std::string> seen = words(out.detected);
  if (seen.empty()) {
    out.kind = software_renderer(hw.gl_vendor) ? GpuMatchKind::Software : GpuMatchKind::Nothing;
    return out;
  }
  if (software_renderer(out.detected) || software_renderer(hw.gl_vendor)) {
    out.kind = GpuMatchKind::Software;
    return out;
  }
  // "Max-Q" splits into "max" "q"; "Mobile" is how Mesa and some Windows drivers name laptop parts.
  const bool laptop = has(seen, "laptop") || has(seen, "mobile") || (has(seen, "max") && has(seen, "q"));

  std::vector<const Gpu*> found;
  std::size_t best = 0;
  for (const Gpu& g : catalog.gpus) {
    if ((g.gpu_class == GpuClass::Laptop) != laptop) continue;
    const std::vector<std::string> need = model_words(g);
    // A model word with a digit is required: "rtx" alone names no card.
    if (std::none_of(need.begin(), need.end(), [](const std::string& w) {
          return std::any_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
        }))
      continue;
    if (!std::all_of(need.begin(), need.end(), [&](const std::string& w) { return has(seen, w); })) continue;
    if (need.size() > best) {
      best = need.size();
      found.clear();
    }
    if (need.size() == best) found.push_back(&g);
  }
  if (found.size() > 1 && hw.memory_mib > 0) {
    std::vector<const Gpu*> sized;
    for (const Gpu* g : found)
      if (std::llabs(g->memory_mib - hw.memory_mib) * 10 <= g->memory_mib) sized.push_back(g);
    if (!sized.empty()) found = sized;
  }
  for (const Gpu* g : found) out.ids.push_back(g->id);
  out.kind = found.empty() ? GpuMatchKind::Unknown : found.size() == 1 ? GpuMatchKind::Found : GpuMatchKind::Ambiguous;
  return out;
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
    if (name.empty() || mib.empty() || mib.size() > 9 ||
        !std::all_of(mib.begin(), mib.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }))
      continue;
    DetectedHardware hw;
    hw.smi_name = std::string(name.substr(0, kMaxDetected));
    hw.memory_mib = std::strtoll(std::string(mib).c_str(), nullptr, 10);
    out.push_back(std::move(hw));
  }
  return out;
}

}  // namespace cardfit
