// The result card: the picture an article can show (issue 29). One layout, built here from the
// plan's answer, as a list of primitives (rectangles, text runs, a QR code's modules); the
// renderers only turn it into pixels or SVG (card_render.hpp). The options come from the one row
// model (plan_rows.hpp), the words from the message table (assets/i18n/card.json).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "message.hpp"
#include "plan_types.hpp"
#include "result.hpp"

namespace cardfit {

inline constexpr int kCardWidth = 1080;  // px: a phone shows it at full width

struct CardColour {
  std::uint8_t r = 0, g = 0, b = 0;
};

struct CardRect {
  int x = 0, y = 0, w = 0, h = 0;
  CardColour fill;
};

enum class CardAlign { Left, Right };

struct CardText {
  int x = 0;         // Left: where the text starts; Right: where it ends
  int baseline = 0;  // y of the baseline
  int size = 0;      // px: the Latin font's ascent + descent, as the UI sizes its font
  bool bold = false;
  CardColour colour;
  CardAlign align = CardAlign::Left;
  int max_width = 0;  // px the text must fit in; a renderer narrows a wider run to fit (0 = no limit)
  std::string text;   // UTF-8, drawn as text, never interpreted
};

struct CardQr {
  int x = 0, y = 0;    // top-left of the first module (the quiet zone lies around it)
  int module = 0;      // px per module
  int size = 0;        // modules per side; 0 = no QR code (the link did not encode)
  std::vector<std::uint8_t> dark;  // size x size, row by row: 1 = dark module
  bool at(int col, int row) const { return dark[static_cast<std::size_t>(row * size + col)] != 0; }
};

// A vendor's logo (vendor.json "logo", vendor.hpp): its file's bytes, drawn in a box of the header
// band, keeping its proportions. The PNG renderer draws a PNG; an SVG logo is drawn only by the
// SVG renderer (the PNG card then shows the name alone, and says so: card_logo_drawn).
enum class CardLogoKind { None, Png, Svg };
struct CardLogo {
  CardLogoKind kind = CardLogoKind::None;
  std::string bytes;
  int x = 0, y = 0, w = 0, h = 0;  // the box (set by card_layout)
};

struct Card {
  int width = kCardWidth;
  int height = 0;
  CardColour background{255, 255, 255};
  std::vector<CardRect> rects;  // drawn first, in order
  CardQr qr;                    // then the QR code
  std::vector<CardText> texts;  // then the text
  CardLogo logo;                // then the vendor's logo, if any
  std::string link;             // the scenario's link, as the QR code holds it
};

// What a card shows: the request, and its plan or the problems that stopped it.
struct CardInput {
  const Catalog* catalog = nullptr;  // the sources' short names
  const PlanRequest* request = nullptr;
  const Plan* plan = nullptr;        // nullptr when the scenario does not compute
  std::vector<Issue> errors;         // why it does not (shown on the card)
  std::string link;                  // the link to this exact scenario (card_link)
  Lang lang = Lang::En;
  std::string version;               // cardfit's version (kVersion)
  std::string vendor;                // a vendor's name (vendor.hpp), drawn as text in the header and
                                     // above the link, in `accent`; "" = cardfit's own card
  std::string accent;                // "#RRGGBB" (vendor.hpp parse_accent): the header band's colour; "" or bad = blue
  CardLogoKind logo_kind = CardLogoKind::None;  // the vendor's logo, beside its name in the header
  std::string logo;                  // its bytes (the front end reads the file; check_vendor_logo checks them)
};

// The card of `in`: always a card, one that says why when the scenario does not compute.
Card card_layout(const CardInput& in);

// The page a card's link opens when no other is given (the CLI's --page-url, the desktop app): the
// address `make run` serves.
inline constexpr const char* kDefaultPageUrl = "http://127.0.0.1:8080/";

// The link to `request` on the page at `page_url` ("https://host/path/"; its own query, if any,
// is dropped): page_url + "?" + the request's pairs (url_state.hpp, ids by their shortest names
// in `catalog`), the language among them.
std::string card_link(const Catalog& catalog, std::string_view page_url, const PlanRequest& request);

// The QR code of `text` (byte mode, error correction M or better, quiet zone not included);
// size 0 when it is too long for a QR code.
CardQr qr_code(std::string_view text);

// How wide the layout takes `text` to be at `size` px (an estimate from the fonts' advance
// widths, on the wide side; the renderers measure exactly and narrow a run that would overflow).
int estimate_text_width(std::string_view text, int size);

// The UTF-8 code points of `text` (invalid bytes become U+FFFD).
std::vector<std::uint32_t> code_points(std::string_view text);

// One code point as UTF-8 (code_points' inverse).
std::string utf8(std::uint32_t code_point);

}  // namespace cardfit
