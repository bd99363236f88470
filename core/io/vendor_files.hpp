// The files a vendor.json names, checked as `cardfit vendor --check` (and so `make vendor-kit`)
// reads them: the logo's bytes. Native only (core/io/CMakeLists.txt): the page never sees the
// logo file, and its words (assets/i18n/vendor_kit.json) are not in the page's message table.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "result.hpp"

namespace cardfit {

inline constexpr std::size_t kVendorLogoMaxBytes = 256 * 1024;  // bytes: a header logo, not a photograph

// The logo file's bytes (vendor.json's `logo`, whose extension says the kind): at most
// kVendorLogoMaxBytes; a .png starts with PNG's signature and its header reads (1..4096 px a side); a .svg is an SVG without scripts,
// event attributes, javascript: addresses or foreignObject (opened on its own, not as an
// <img>, an SVG runs its scripts on the vendor's origin). Empty = fine; each issue names "logo".
std::vector<Issue> check_vendor_logo(std::string_view bytes, std::string_view path);

}  // namespace cardfit
