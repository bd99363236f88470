// The files a vendor.json names, checked as `cardfit vendor --check` (and so `make vendor-kit`)
// reads them: the logo's bytes. Native only (core/io/CMakeLists.txt): the page leaves a kit's
// logo to the browser's decoder (web/platform_web.cpp uses only kVendorLogoMaxBytes), and these
// words (assets/i18n/vendor_kit.json) are not in the page's message table.
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

// The characters of a vendor's name no font of `fonts` has (assets::ui_fonts(): the desktop app's
// and the PNG card's glyphs; the page draws the same characters, tools/font_chars.py): one issue
// naming "name" and each character, or none. A warning, not an error: the name is valid, but the
// page's and the app's header would show them as "?" and the PNG card would leave them out.
std::vector<Issue> check_vendor_name_glyphs(std::string_view name, const std::vector<std::string_view>& fonts);

}  // namespace cardfit
