// The files a vendor.json names (vendor_files.hpp).
#include "vendor_files.hpp"

#include <string>

#include "card_render.hpp"  // card_logo_png_readable, missing_glyphs: what the card can draw
#include "messages.hpp"

namespace cardfit {
namespace {

bool ends_with(std::string_view s, std::string_view e) { return s.size() >= e.size() && s.substr(s.size() - e.size()) == e; }

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// An event attribute: white space, "on", letters, optional white space, '=' (onload=, onclick =).
bool has_event_attribute(std::string_view s) {
  for (std::size_t i = 0; i + 3 < s.size(); ++i) {
    if (!is_space(s[i]) || s[i + 1] != 'o' || s[i + 2] != 'n') continue;
    std::size_t j = i + 3;
    while (j < s.size() && s[j] >= 'a' && s[j] <= 'z') ++j;
    if (j == i + 3) continue;
    while (j < s.size() && is_space(s[j])) ++j;
    if (j < s.size() && s[j] == '=') return true;
  }
  return false;
}

}  // namespace

std::vector<Issue> check_vendor_logo(std::string_view bytes, std::string_view path) {
  std::vector<Issue> issues;
  if (bytes.size() > kVendorLogoMaxBytes) {
    issues.push_back({"logo", msg::err_vendor_logo_size(std::to_string(bytes.size()), std::to_string(kVendorLogoMaxBytes))});
    return issues;
  }
  if (ends_with(path, ".png")) {
    constexpr std::string_view signature("\x89PNG\r\n\x1a\n", 8);
    if (bytes.substr(0, signature.size()) != signature || !card_logo_png_readable(bytes)) {
      issues.push_back({"logo", msg::err_vendor_logo_png(std::to_string(kCardLogoMaxSide))});
    }
  } else if (ends_with(path, ".svg")) {
    const std::string text = lower_ascii(bytes);
    if (text.find("<svg") == std::string::npos || text.find("<script") != std::string::npos ||
        text.find("<foreignobject") != std::string::npos || text.find("javascript:") != std::string::npos ||
        has_event_attribute(text)) {
      issues.push_back({"logo", msg::err_vendor_logo_svg()});
    }
  }
  return issues;
}

std::vector<Issue> check_vendor_name_glyphs(std::string_view name, const std::vector<std::string_view>& fonts) {
  if (fonts.empty()) return {};  // a build without font subsets draws with ImGui's own font: nothing to compare
  const std::vector<std::uint32_t> missing = missing_glyphs(name, fonts);
  if (missing.empty()) return {};
  return {{"name", msg::warn_vendor_name_glyphs(code_point_list(missing))}};
}

}  // namespace cardfit
