// The result card's layout (card.hpp): top to bottom, the question, the pick, its memory bar,
// the top options, the prices' month and sources, and the QR code with the link printed.
#include "card.hpp"

#include <algorithm>
#include <iterator>
#include <set>

#include <qrcodegen.h>

#include "format.hpp"
#include "labels.hpp"
#include "messages.hpp"
#include "names.hpp"
#include "plan_rows.hpp"
#include "url_state.hpp"
#include "vendor.hpp"

namespace cardfit {
namespace {

constexpr int kMargin = 60;
constexpr int kInner = kCardWidth - 2 * kMargin;  // 960 px of content
constexpr CardColour kInk{26, 26, 26};
constexpr CardColour kMuted{90, 98, 112};
constexpr CardColour kWhite{255, 255, 255};
constexpr CardColour kHeader{30, 58, 95};
constexpr CardColour kGreen{27, 127, 59};
constexpr CardColour kGreenBg{232, 245, 236};
constexpr CardColour kRed{176, 42, 30};
constexpr CardColour kRedBg{251, 234, 232};
constexpr CardColour kTrack{220, 227, 234};
constexpr CardColour kBar{47, 111, 176};
constexpr CardColour kAmber{184, 118, 0};
constexpr CardColour kRule{225, 229, 234};
constexpr CardColour kRowPick{240, 248, 242};

bool is_wide(std::uint32_t c) {  // drawn by the CJK font, about an em wide
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0x3000 && c <= 0x303F);
}

// Advance widths as a fraction of a text run's size (its px: the Latin font's ascent + descent,
// 1.164 em for DejaVu Sans), by class and rounded up: DejaVu Sans' advances / 1.164, and the CJK
// font's em at the UI's merge (1.15 / 1.31 of the size, ui/fonts.cpp). The layout only needs an
// upper bound; the renderers measure.
double advance_em(std::uint32_t c) {
  if (is_wide(c)) return 0.88;
  if (c == ' ' || c == '.' || c == ',' || c == ':' || c == ';' || c == '\'' || c == '|' || c == '!') return 0.30;
  if (c == 'i' || c == 'j' || c == 'l' || c == 'I' || c == 'f' || c == 't' || c == 'r' || c == '(' || c == ')' ||
      c == '[' || c == ']' || c == '/' || c == '-')
    return 0.36;
  if (c == 'm' || c == 'w' || c == 'M' || c == 'W' || c == '@' || c == '%') return 0.84;
  if (c >= 'A' && c <= 'Z') return 0.64;
  if (c >= '0' && c <= '9') return 0.56;
  return 0.56;
}


// Chinese line breaking (GB/T 15834, as JIS X 4051's kinsoku): closing punctuation never begins a
// line, opening punctuation never ends one.
bool no_line_start(std::uint32_t c) {
  static constexpr std::uint32_t kClosing[] = {0xFF09, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3009, 0xFF0C,
                                               0x3002, 0x3001, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F, 0xFF05, 0x2026,
                                               ')', ']', ',', '.', ':', ';', '!', '?', '%'};
  return std::find(std::begin(kClosing), std::end(kClosing), c) != std::end(kClosing);
}
bool no_line_end(std::uint32_t c) {
  static constexpr std::uint32_t kOpening[] = {0xFF08, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3008, '(', '['};
  return std::find(std::begin(kOpening), std::end(kOpening), c) != std::end(kOpening);
}

// `text` in lines of at most `width` px at `size`: breaks after spaces, around wide (CJK)
// characters (not before closing or after opening punctuation), and anywhere in a word longer
// than a line (links). At most `max_lines`; the last one kept ends with "…" when text was left out.
std::vector<std::string> wrap(std::string_view text, int size, int width, std::size_t max_lines) {
  const std::vector<std::uint32_t> cps = code_points(text);
  std::vector<std::string> lines;
  std::size_t i = 0;
  while (i < cps.size() && lines.size() < max_lines) {
    double w = 0;
    std::size_t end = i, last_break = i, link_break = i;
    while (end < cps.size()) {
      const double a = advance_em(cps[end]) * size;
      if (w + a > width && end > i) break;
      w += a;
      ++end;
      const bool next_wide = end < cps.size() && is_wide(cps[end]);
      const bool allowed = !no_line_end(cps[end - 1]) && !(end < cps.size() && no_line_start(cps[end]));
      if ((cps[end - 1] == ' ' || is_wide(cps[end - 1]) || next_wide) && allowed) last_break = end;
      if (cps[end - 1] == '&' || cps[end - 1] == '/') link_break = end;  // a link (no spaces) breaks after these
    }
    if (last_break == i) last_break = link_break;
    if (end < cps.size() && last_break > i) end = last_break;
    std::string line;
    for (std::size_t k = i; k < end; ++k) line += utf8(cps[k]);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
    i = end;
    while (i < cps.size() && cps[i] == ' ') ++i;
  }
  if (i < cps.size() && !lines.empty()) lines.back() += "…";
  return lines;
}

// A name in a narrow column: the lines and the size they are drawn at.
struct Lines {
  int size = 24;
  std::vector<std::string> lines;
};

bool cut(const std::vector<std::string>& lines) {
  return !lines.empty() && lines.back().size() >= 3 && lines.back().compare(lines.back().size() - 3, 3, "…") == 0;
}

// Two lines at 24, 22 or 20 px when one of them holds all of `s`; else up to three at 20 px
// (a name longer still ends in "…").
Lines fit_lines(std::string_view s, int width) {
  for (int size : {24, 22, 20}) {
    Lines l{size, wrap(s, size, width, 2)};
    if (!cut(l.lines)) return l;
  }
  return Lines{20, wrap(s, 20, width, 3)};
}

struct Builder {
  Card card;
  int y = 0;

  void rect(int x, int top, int w, int h, CardColour fill) { card.rects.push_back({x, top, w, h, fill}); }
  void text(int x, int baseline, int size, bool bold, CardColour colour, std::string s, int max_width = kInner,
            CardAlign align = CardAlign::Left) {
    card.texts.push_back({x, baseline, size, bold, colour, align, max_width, std::move(s)});
  }
  // Wrapped lines from the current y; returns the lines' count.
  int para(int x, int size, bool bold, CardColour colour, std::string_view s, int width, std::size_t max_lines,
           int line_height) {
    const std::vector<std::string> lines = wrap(s, size, width, max_lines);
    for (const std::string& l : lines) {
      y += line_height;
      text(x, y, size, bold, colour, l, width);
    }
    return static_cast<int>(lines.size());
  }
};

std::string word(MsgId id, Lang lang) { return std::string(text(id, lang)); }

std::string joined(const std::vector<std::string>& parts, const char* sep) {
  std::string s;
  for (const std::string& p : parts) {
    if (p.empty()) continue;
    s += (s.empty() ? "" : sep) + p;
  }
  return s;
}

// The question: model, precision, task, context and budget.
void question(Builder& b, const CardInput& in) {
  const Lang lang = in.lang;
  const PlanRequest& r = *in.request;
  const Scenario& s = r.scenario;
  std::string model = in.plan ? in.plan->model_name : s.custom_model ? s.custom_model->name : s.model;
  if (model.empty()) model = s.model;
  std::string precision = in.plan ? in.plan->precision : s.precision;
  b.para(kMargin, 52, true, kInk, model, kInner, 2, 64);
  std::string budget;
  if (in.plan && in.plan->budget.set) {
    budget = render(msg::card_budget(render(in.plan->budget.label, lang)), lang);
  } else if (!r.budget_tier.empty() || r.budget > 0) {
    budget = render(msg::card_budget(r.budget_tier.empty() ? format_amount(r.budget) : r.budget_tier), lang);
  } else {
    budget = word(MsgId::card_no_budget, lang);
  }
  const std::string line = joined({precision.empty() ? "" : precision_label(precision), word(label_of(s.task), lang),
                                   render(msg::card_context(tokens_label(s.context)), lang), budget},
                                  " · ");
  b.y += 8;
  b.para(kMargin, 32, false, kMuted, line, kInner, 3, 44);
  b.y += 30;
}

// A box with a bold heading and lines under it; its height follows its lines.
void box(Builder& b, CardColour bg, CardColour accent, const std::string& heading,
         const std::vector<std::pair<int, std::string>>& lines_by_size, const std::string& body) {
  const std::size_t at = b.card.rects.size();
  const int top = b.y;
  b.rect(kMargin, top, kInner, 0, bg);
  b.rect(kMargin, top, 10, 0, accent);
  const int x = kMargin + 40, w = kInner - 70;
  b.y += 12;
  b.para(x, 32, true, accent, heading, w, 2, 44);
  for (const auto& [size, s] : lines_by_size) b.para(x, size, true, kInk, s, w, 2, size + 16);
  if (!body.empty()) {
    b.y += 8;
    b.para(x, 30, false, kInk, body, w, 6, 42);
  }
  b.y += 30;
  b.card.rects[at].h = b.y - top;
  b.card.rects[at + 1].h = b.y - top;
  b.y += 36;
}

void memory_bar(Builder& b, const Option& o, Lang lang) {
  const double need = o.need_bytes, usable = o.usable_bytes;
  if (!(usable > 0) || !(need > 0)) return;
  b.para(kMargin, 30, false, kInk, render(msg::card_memory(format_gb(need), format_gb(usable)), lang), kInner, 2, 42);
  b.y += 16;
  const int h = 36;
  b.rect(kMargin, b.y, kInner, h, kTrack);
  const double f = std::min(1.0, need / usable);
  const CardColour c = o.fit == Fit::Comfortable ? kBar : o.fit == Fit::Tight ? kAmber : kRed;
  b.rect(kMargin, b.y, std::max(2, static_cast<int>(f * kInner)), h, c);
  b.text(kMargin + kInner - 14, b.y + h - 9, 26, true, f > 0.85 ? kWhite : kInk, format_percent(need / usable) + "%", 200,
         CardAlign::Right);
  b.y += h + 50;
}

// [SECTION] The top options: GPU x cards, platform, monthly cost, fit, speed (cells of plan_rows).

struct OptionColumn {
  PlanColumn column;
  int x;  // left edge, or right edge when right-aligned
  int width;
  CardAlign align;
};
constexpr OptionColumn kOptionColumns[] = {{PlanColumn::Gpu, kMargin + 12, 288, CardAlign::Left},
                                           {PlanColumn::Platform, kMargin + 310, 200, CardAlign::Left},
                                           {PlanColumn::Monthly, kMargin + 730, 210, CardAlign::Right},
                                           {PlanColumn::Fit, kMargin + 750, 145, CardAlign::Left},
                                           {PlanColumn::Speed, kMargin + kInner - 8, 52, CardAlign::Right}};
constexpr const OptionColumn& kFitColumn = kOptionColumns[3];
constexpr const OptionColumn& kSpeedColumn = kOptionColumns[4];
constexpr int kOptionRowHeight = 62;

bool is_pick_row(const PlanRows& rows, const PlanRow& r) {
  const Cell* m = rows.cell(r, PlanColumn::Mark);
  return m && m->words == "*";
}

// Headers: the row model's, but one column says "GPU x cards".
void option_headers(Builder& b, const PlanRows& rows, Lang lang) {
  const int head_h = 50;
  b.rect(kMargin, b.y, kInner, head_h, {240, 242, 245});
  for (const OptionColumn& c : kOptionColumns) {
    std::string h;
    if (c.column == PlanColumn::Gpu) {
      h = word(MsgId::card_col_gpu, lang);
    } else {
      for (const PlanColumnHead& ch : rows.columns) {
        if (ch.column == c.column) h = ch.header;
      }
    }
    b.text(c.x, b.y + 34, 24, true, kMuted, h, c.column == PlanColumn::Speed ? 110 : c.width, c.align);
  }
  b.y += head_h;
}

// The first five, the pick among them (in the last place when it ranks lower: a single
// machine within the budget can cost more than a cluster of cheaper cards).
std::vector<PlanRow> shown_option_rows(const Plan& p, const PlanRows& rows, Lang lang) {
  std::vector<PlanRow> shown(rows.rows.begin(), rows.rows.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(5, rows.rows.size())));
  if (p.pick) {
    const PlanRow pick_row = plan_row(p, *p.pick, lang);
    if (std::none_of(shown.begin(), shown.end(), [&rows](const PlanRow& r) { return is_pick_row(rows, r); })) {
      if (shown.size() == 5) shown.pop_back();
      shown.push_back(pick_row);
    }
  }
  return shown;
}

// The speed column as wide as its widest figure.
int speed_column_width(const PlanRows& rows, const std::vector<PlanRow>& shown) {
  int speed_width = 0;
  for (const PlanRow& r : shown) {
    if (const Cell* cell = rows.cell(r, PlanColumn::Speed)) {
      speed_width = std::max(speed_width, std::min(110, estimate_text_width(cell->words, 28)));
    }
  }
  return speed_width;
}

// The words a cell shows: the GPU column names the cards too.
std::string option_cell_words(const PlanRows& rows, const PlanRow& r, const OptionColumn& c, const Cell& cell) {
  std::string s = cell.words;
  if (c.column == PlanColumn::Gpu) {
    const Cell* cards = rows.cell(r, PlanColumn::Cards);
    s += " × " + (cards ? cards->words : std::string("?"));
  }
  return s;
}

CardColour option_cell_colour(const OptionColumn& c, const Cell& cell) {
  if (c.column != PlanColumn::Fit) return kInk;
  return cell.id == "comfortable" ? kGreen : cell.id == "tight" ? kAmber : kRed;
}

// A long name in smaller lines rather than one too narrow to read: two lines at the largest size
// that holds all of it, else three (the row grows), never cut. Returns the row's height.
int long_name_cell(Builder& b, const OptionColumn& c, const std::string& s, bool bold, CardColour colour, int h) {
  const Lines l = fit_lines(s, c.width);
  const int step = l.size + 2;
  const int n = static_cast<int>(l.lines.size());
  const int first = n == 1 ? 42 : n == 2 ? 28 : 24;
  h = std::max(h, first + step * (n - 1) + 8);
  for (std::size_t k = 0; k < l.lines.size(); ++k) {
    b.text(c.x, b.y + first + step * static_cast<int>(k), l.size, bold, colour, l.lines[k], c.width, c.align);
  }
  return h;
}

// The fit word drawn at the largest size that leaves a gap before the speed ("comfortable" takes
// 22-24 px in English; the Chinese word stays at 28).
void fit_cell(Builder& b, const OptionColumn& c, const std::string& s, bool bold, CardColour colour, int fit_width) {
  int size = 28;
  while (size > 20 && estimate_text_width(s, size) > fit_width) size -= 2;
  b.text(c.x, b.y + 42, size, bold, colour, s, fit_width, c.align);
}

// One option's row; returns its height.
int option_row(Builder& b, const PlanRows& rows, const PlanRow& r, int speed_width, int fit_width) {
  const bool pick = is_pick_row(rows, r);
  if (pick) b.rect(kMargin, b.y, kInner, kOptionRowHeight, kRowPick);  // grown below when a name takes three lines
  const std::size_t pick_rect = b.card.rects.size() - 1;
  int h = kOptionRowHeight;
  for (const OptionColumn& c : kOptionColumns) {
    const Cell* cell = rows.cell(r, c.column);
    if (!cell) continue;
    const std::string s = option_cell_words(rows, r, c, *cell);
    const CardColour colour = option_cell_colour(c, *cell);
    const bool bold = pick && c.column != PlanColumn::Fit;
    if ((c.column == PlanColumn::Gpu || c.column == PlanColumn::Platform) && estimate_text_width(s, 28) > c.width) {
      h = long_name_cell(b, c, s, bold, colour, h);
    } else if (c.column == PlanColumn::Fit) {
      fit_cell(b, c, s, bold, colour, fit_width);
    } else {
      b.text(c.x, b.y + 42, 28, bold, colour, s, c.column == PlanColumn::Speed ? speed_width : c.width, c.align);
    }
  }
  if (pick) b.card.rects[pick_rect].h = h;
  return h;
}

void options(Builder& b, const Plan& p, Lang lang) {
  const PlanRows rows = plan_rows(p, lang);
  if (rows.rows.empty()) return;
  b.para(kMargin, 34, true, kInk, word(MsgId::card_options, lang), kInner, 1, 44);
  b.y += 14;
  option_headers(b, rows, lang);
  const std::vector<PlanRow> shown = shown_option_rows(p, rows, lang);
  const int speed_width = speed_column_width(rows, shown);
  const int fit_width = kSpeedColumn.x - speed_width - 16 - kFitColumn.x;
  for (const PlanRow& r : shown) {
    b.y += option_row(b, rows, r, speed_width, fit_width);
    b.rect(kMargin, b.y - 1, kInner, 1, kRule);
  }
  b.y += 40;
}

// "2026-10" or "2026-09 – 2026-11": the months of the shown prices; the sources' short names.
void provenance(Builder& b, const Plan& p, const Catalog* catalog, Lang lang) {
  std::set<std::string> months;
  std::vector<std::string> sources;
  // The options the card shows: the first five, and the pick.
  std::vector<const Option*> shown;
  for (std::size_t i = 0; i < std::min<std::size_t>(5, p.options.size()); ++i) shown.push_back(&p.options[i]);
  if (p.pick) shown.push_back(&*p.pick);
  for (const Option* shown_option : shown) {
    const Option& o = *shown_option;
    if (o.as_of.size() >= 7) months.insert(o.as_of.substr(0, 7));  // a year alone ("month not stated") is no month
    for (const Citation& c : parse_citations(o.price_source)) {
      const Source* s = catalog ? catalog->find_source(c.id) : nullptr;
      std::string name = s ? (s->short_title.empty() ? s->title : s->short_title) : c.id;
      if (std::find(sources.begin(), sources.end(), name) == sources.end()) sources.push_back(name);
    }
  }
  if (!months.empty()) {
    const std::string m = months.size() == 1 ? *months.begin() : *months.begin() + " – " + *months.rbegin();
    b.para(kMargin, 26, false, kMuted, render(msg::card_prices(m), lang), kInner, 1, 38);
  }
  if (!sources.empty()) {
    b.para(kMargin, 26, false, kMuted, render(msg::card_sources(joined(sources, "; ")), lang), kInner, 3, 38);
  }
  b.y += 30;
}

// The header band's colour: the vendor's accent, else cardfit's blue.
CardColour band_colour(const CardInput& in) { return parse_accent(in.accent).value_or(kHeader); }

// Ink that reads on `bg`: white on a dark colour, near-black on a light one (relative luminance,
// WCAG 2.x, with the sRGB curve approximated by a square).
CardColour ink_on(CardColour bg) {
  const auto lin = [](std::uint8_t v) { return (v / 255.0) * (v / 255.0); };
  const double y = 0.2126 * lin(bg.r) + 0.7152 * lin(bg.g) + 0.0722 * lin(bg.b);
  return y > 0.18 ? kInk : kWhite;
}

// The header band: cardfit's title; with a vendor, the vendor's name large and the title under it.
// A logo takes an 88 px square at the band's left and the words move right of it.
void header(Builder& b, const CardInput& in) {
  const CardColour bg = band_colour(in), ink = ink_on(bg);
  b.rect(0, 0, kCardWidth, 120, bg);
  if (in.vendor.empty()) {
    b.text(kMargin, 78, 40, true, ink, word(MsgId::app_title, in.lang));
    return;
  }
  int x = kMargin;
  if (in.logo_kind != CardLogoKind::None && !in.logo.empty()) {
    b.card.logo = CardLogo{in.logo_kind, in.logo, kMargin, 16, 88, 88};
    x += 88 + 24;
  }
  const int width = kMargin + kInner - x;
  int size = 44;  // the largest that holds the name on one line (the renderer narrows what is still wider)
  while (size > 28 && estimate_text_width(in.vendor, size) > width) size -= 2;
  b.text(x, 62, size, true, ink, in.vendor, width);
  b.text(x, 102, 26, false, ink, word(MsgId::app_title, in.lang), width);
}

// The QR code (left) beside the version and the invitation to scan; the link printed below.
void footer(Builder& b, const CardInput& in) {
  const Lang lang = in.lang;
  b.rect(kMargin, b.y, kInner, 2, kRule);
  b.y += 40;
  CardQr qr = qr_code(in.link);
  const int top = b.y;
  int qr_px = 0;
  if (qr.size > 0) {
    qr.module = std::max(4, 300 / (qr.size + 8));  // a 4-module quiet zone each side stays white
    qr_px = (qr.size + 8) * qr.module;
    qr.x = kMargin + 4 * qr.module;
    qr.y = top + 4 * qr.module;
    b.card.qr = std::move(qr);
  }
  const int x = kMargin + qr_px + 30, w = kInner - qr_px - 30;
  b.y = top + 20;
  b.para(x, 34, true, kInk, word(MsgId::card_scan, lang), w, 3, 48);
  b.y += 10;
  b.para(x, 26, false, kMuted, render(msg::card_version(in.version), lang), w, 2, 38);
  b.y = std::max(b.y, top + qr_px) + 10;
  if (!in.vendor.empty()) {  // in the accent where it reads on white, else in ink
    const CardColour bg = band_colour(in);
    b.para(kMargin, 30, true, ink_on(bg).r == kWhite.r ? bg : kInk, in.vendor, kInner, 2, 42);
  }
  b.para(kMargin, 24, false, kHeader, in.link, kInner, 4, 34);
  b.y += 50;
}

}  // namespace

std::vector<std::uint32_t> code_points(std::string_view s) {
  std::vector<std::uint32_t> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : 9;
    std::uint32_t cp = n == 0 ? c : n == 1 ? (c & 0x1Fu) : n == 2 ? (c & 0x0Fu) : (c & 0x07u);
    bool ok = n != 9 && i + n < s.size();
    for (std::size_t k = 1; ok && k <= n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      ok = (d & 0xC0) == 0x80;
      cp = (cp << 6) | (d & 0x3Fu);
    }
    out.push_back(ok ? cp : 0xFFFD);
    i += ok ? n + 1 : 1;
  }
  return out;
}

std::string utf8(std::uint32_t c) {
  std::string s;
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (c >> 18));
    s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
  return s;
}

int estimate_text_width(std::string_view text, int size) {
  double w = 0;
  for (std::uint32_t c : code_points(text)) w += advance_em(c) * size;
  return static_cast<int>(w + 0.5);
}

CardQr qr_code(std::string_view text) {
  CardQr qr;
  std::vector<std::uint8_t> temp(qrcodegen_BUFFER_LEN_MAX), code(qrcodegen_BUFFER_LEN_MAX);
  if (text.size() > qrcodegen_BUFFER_LEN_MAX) return qr;
  std::copy(text.begin(), text.end(), temp.begin());
  // Byte mode: a link's lowercase letters leave alphanumeric mode anyway.
  if (!qrcodegen_encodeBinary(temp.data(), text.size(), code.data(), qrcodegen_Ecc_MEDIUM, qrcodegen_VERSION_MIN,
                              qrcodegen_VERSION_MAX, qrcodegen_Mask_AUTO, true)) {
    return qr;
  }
  qr.size = qrcodegen_getSize(code.data());
  qr.dark.resize(static_cast<std::size_t>(qr.size * qr.size));
  for (int row = 0; row < qr.size; ++row) {
    for (int col = 0; col < qr.size; ++col) {
      qr.dark[static_cast<std::size_t>(row * qr.size + col)] = qrcodegen_getModule(code.data(), col, row) ? 1 : 0;
    }
  }
  return qr;
}

std::string card_link(const Catalog& catalog, std::string_view page_url, const PlanRequest& request) {
  std::string base(page_url.substr(0, page_url.find_first_of("?#")));
  return base + "?" + encode_query(request_to_pairs(catalog, request));
}

Card card_layout(const CardInput& in) {
  Builder b;
  const Lang lang = in.lang;
  b.card.link = in.link;
  header(b, in);
  b.y = 140;
  if (in.request) question(b, in);

  if (!in.plan) {
    std::vector<std::string> parts;
    for (const Issue& i : in.errors) parts.push_back(issue_text(i, lang));
    box(b, kRedBg, kRed, word(MsgId::card_error, lang), {}, joined(parts, " · "));
  } else if (const Plan& p = *in.plan; p.pick) {
    const Option& o = *p.pick;
    const std::string gpu = gpu_short_name(o.gpu_name.empty() ? o.gpu : o.gpu_name) + " × " + std::to_string(o.cards);
    box(b, kGreenBg, kGreen, word(MsgId::sum_pick, lang),
        {{44, gpu + " · " + render(platform_with_product(o.platform_name, o.product), lang)}, {52, render(monthly_label(o.monthly_cost, p.currency), lang)}},
        render(o.reason, lang));
    memory_bar(b, o, lang);
    options(b, p, lang);
    provenance(b, p, in.catalog, lang);
  } else {
    box(b, kRedBg, kRed, word(MsgId::card_nothing, lang), {}, render(p.no_pick_reason, lang));
    options(b, p, lang);
    provenance(b, p, in.catalog, lang);
  }
  footer(b, in);
  b.card.height = b.y;
  return b.card;
}

}  // namespace cardfit
