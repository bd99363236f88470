// The result card's two renderers (card.hpp has its layout): SVG text, and a PNG drawn with
// the embedded fonts (assets::ui_fonts(): the Latin subset, then the CJK one) through
// stb_truetype and encoded with stb_image_write. Pure: bytes in, bytes out.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "card.hpp"
#include "result.hpp"

namespace cardfit {

// The card as an SVG document: every text escaped, the QR code one path.
std::string card_svg(const Card& card);

// The card as PNG bytes, drawn with `fonts` (TrueType files, first font with the glyph wins; a
// CJK font is drawn 1.15x as the UI merges it). Fails when no font loads.
Result<std::string> card_png(const Card& card, const std::vector<std::string_view>& fonts);

// The same pixels as PNG (indexed when the card has at most 256 colours, else RGB) or as a
// baseline JPEG at quality 90 (for the editors that want JPG).
enum class CardImage { Png, Jpg };
Result<std::string> card_image(const Card& card, const std::vector<std::string_view>& fonts, CardImage kind);

// A PNG the card can draw (card.hpp CardLogo): its header reads, 1..kCardLogoMaxSide px a side.
// The logo's one check is check_vendor_logo (vendor_files.hpp), which asks this.
inline constexpr int kCardLogoMaxSide = 4096;
bool card_logo_png_readable(std::string_view bytes);

// The code points the card prints that none of `fonts` holds (none when every glyph is there).
std::vector<std::uint32_t> card_missing_glyphs(const Card& card, const std::vector<std::string_view>& fonts);
// The same for one text: each code point of `text` (printable, not a space) none of `fonts` has,
// once, in the order they first appear.
std::vector<std::uint32_t> missing_glyphs(std::string_view text, const std::vector<std::string_view>& fonts);
// Code points for a message: "Ⅹ (U+2169), ｘ (U+FF58)" (each as UTF-8, then its number).
std::string code_point_list(const std::vector<std::uint32_t>& code_points);

}  // namespace cardfit
