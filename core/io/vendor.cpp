// vendor.json's reader and check (vendor.hpp).
#include "vendor.hpp"

#include <nlohmann/json.hpp>

#include "json_text.hpp"
#include "messages.hpp"

namespace cardfit {
namespace {

using json = nlohmann::json;

bool name_ok(std::string_view s) {
  if (s.empty()) return false;
  const std::vector<std::uint32_t> cps = code_points(s);
  if (cps.size() > static_cast<std::size_t>(kVendorNameMax)) return false;
  for (std::uint32_t c : cps) {
    if (c < 0x20 || (c >= 0x7F && c < 0xA0) || c == 0xFFFD || c == 0x2028 || c == 0x2029) return false;
  }
  return true;
}

// https://HOST[/...]: nothing that would end the address in a chat's link detector, an HTML
// attribute or a QR reader's idea of a link.
bool page_url_ok(std::string_view s) {
  constexpr std::string_view scheme = "https://";
  if (s.size() > static_cast<std::size_t>(kVendorUrlMax) || s.substr(0, scheme.size()) != scheme) return false;
  const std::string_view rest = s.substr(scheme.size());
  const std::size_t host_end = rest.find_first_of("/?#");
  const std::string_view host = rest.substr(0, host_end);
  if (host.empty() || host.find('@') != std::string_view::npos) return false;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7F || c == '"' || c == '\'' || c == '<' || c == '>' || c == '\\' || c == '`') return false;
  }
  return true;
}

bool ends_with(std::string_view s, std::string_view e) { return s.size() >= e.size() && s.substr(s.size() - e.size()) == e; }

// A path beside vendor.json: letters, digits, - _ . /, relative, no "..", with one of `exts`.
bool path_ok(std::string_view s, std::initializer_list<std::string_view> exts) {
  if (s.empty() || s.size() > 200 || s[0] == '/' || s.find("..") != std::string_view::npos) return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
          c == '.' || c == '/'))
      return false;
  }
  for (std::string_view e : exts) {
    if (ends_with(s, e)) return true;
  }
  return false;
}

bool platform_ok(std::string_view s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

}  // namespace

std::optional<CardColour> parse_accent(std::string_view text) {
  if (text.size() != 7 || text[0] != '#') return std::nullopt;
  int v[3] = {0, 0, 0};
  for (int i = 0; i < 6; ++i) {
    const char c = text[static_cast<std::size_t>(1 + i)];
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return std::nullopt;
    v[i / 2] = v[i / 2] * 16 + d;
  }
  return CardColour{static_cast<std::uint8_t>(v[0]), static_cast<std::uint8_t>(v[1]), static_cast<std::uint8_t>(v[2])};
}

Result<Vendor> parse_vendor(std::string_view text, const std::string& file) {
  IssueList issues;
  json doc;
  if (!parse_json_text(text, file, doc, issues)) return Result<Vendor>::failure(issues.take());
  if (!doc.is_object()) {
    issues.add(file, msg::err_vendor_json(file));
    return Result<Vendor>::failure(issues.take());
  }
  Vendor v;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string& key = it.key();
    std::string* field = key == "name"       ? &v.name
                         : key == "page_url" ? &v.page_url
                         : key == "accent"   ? &v.accent
                         : key == "logo"     ? &v.logo
                         : key == "overlay"  ? &v.overlay
                         : key == "platform" ? &v.platform
                                             : nullptr;
    if (key == "schema" || key == "comment") continue;
    if (!field) {
      issues.add(key, msg::err_vendor_unknown(key));
    } else if (!it->is_string()) {
      issues.add(key, msg::err_vendor_string(key));
    } else {
      *field = it->get<std::string>();
    }
  }
  if (!name_ok(v.name)) issues.add("name", msg::err_vendor_name(std::to_string(kVendorNameMax)));
  if (!page_url_ok(v.page_url)) issues.add("page_url", msg::err_vendor_page_url(std::to_string(kVendorUrlMax)));
  if (!v.accent.empty() && !parse_accent(v.accent)) issues.add("accent", msg::err_vendor_accent(v.accent));
  if (!v.logo.empty() && !path_ok(v.logo, {".png", ".svg"})) issues.add("logo", msg::err_vendor_path("logo", ".png / .svg"));
  if (!v.overlay.empty() && !path_ok(v.overlay, {".json"})) issues.add("overlay", msg::err_vendor_path("overlay", ".json"));
  if (!v.platform.empty() && !platform_ok(v.platform)) issues.add("platform", msg::err_vendor_platform(v.platform));
  if (!issues.empty()) return Result<Vendor>::failure(issues.take());
  return Result<Vendor>::success(std::move(v));
}

}  // namespace cardfit
