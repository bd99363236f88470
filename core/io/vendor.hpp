// A vendor kit's vendor.json (issue 29 item 6, docs/embed.md): the vendor's name, the address of
// its copy of the page, its colour, logo, catalog overlay and platform. One reader and one check
// for every way in: `cardfit card --vendor`, the page (the JSON block `make vendor-kit` writes
// into index.html) and the card. Every string is data: drawn as text, never markup or code.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "card.hpp"
#include "result.hpp"

namespace cardfit {

inline constexpr int kVendorNameMax = 40;         // code points: one line of the card's header
inline constexpr int kVendorUrlMax = 200;         // characters of page_url (the QR code and the printed link)

struct Vendor {
  std::string name;      // shown as text in the page's header and on the card (required)
  std::string page_url;  // "https://host/path/": the vendor's copy of the page (required)
  std::string accent;    // "#RRGGBB", or "" = cardfit's blue
  std::string logo;      // relative path of a .png or .svg beside vendor.json, or ""
  std::string overlay;   // relative path of a catalog overlay (.json) beside vendor.json, or ""
  std::string platform;  // a platform id to list first, or "" (the page checks it against its catalog)
};

// vendor.json's text -> a Vendor, or the issues naming each bad field. `file` names the text in
// the messages.
Result<Vendor> parse_vendor(std::string_view text, const std::string& file);

// "#RRGGBB" -> the colour; nullopt for anything else (the page's ?accent= reads the same way).
std::optional<CardColour> parse_accent(std::string_view text);

}  // namespace cardfit
