#include "cli_table.hpp"

#include <algorithm>

#include "messages.hpp"

namespace cardfit::cli {
namespace {

constexpr std::size_t kGap = 2;           // spaces between columns
constexpr std::size_t kMinShortened = 8;  // a shortened column keeps at least this many columns

// One UTF-8 character at `i`: its length in bytes and its display width.
void next_char(const std::string& s, std::size_t i, std::size_t& len, std::size_t& width) {
  const auto c = static_cast<unsigned char>(s[i]);
  len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  unsigned cp = len == 1 ? c : len == 2 ? (c & 0x1Fu) : len == 3 ? (c & 0x0Fu) : (c & 0x07u);
  for (std::size_t k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
  const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
                    (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                    (cp >= 0xFFE0 && cp <= 0xFFE6) || cp >= 0x20000;
  width = wide ? 2 : 1;
}

}  // namespace

std::size_t display_width(const std::string& s) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = 0, w = 0;
    next_char(s, i, len, w);
    width += w;
    i += len;
  }
  return width;
}

std::string shorten_to(const std::string& s, std::size_t width) {
  if (display_width(s) <= width) return s;
  if (width == 0) return "";
  std::string out;
  std::size_t used = 0;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = 0, w = 0;
    next_char(s, i, len, w);
    if (used + w + 1 > width) break;  // keep one column for the ellipsis
    out.append(s, i, len);
    used += w;
    i += len;
  }
  return out + "\xE2\x80\xA6";  // U+2026
}

void Table::print(std::ostream& out, int width_limit, Lang lang) const {
  const std::size_t n = columns_.size();
  std::vector<std::size_t> widths(n, 0);
  for (std::size_t c = 0; c < n; ++c) widths[c] = display_width(columns_[c].header);
  for (const auto& r : rows_) {
    for (std::size_t c = 0; c < n && c < r.size(); ++c) widths[c] = std::max(widths[c], display_width(r[c]));
  }
  std::vector<char> shown(n, 1);
  auto total = [&] {
    std::size_t t = 0, k = 0;
    for (std::size_t c = 0; c < n; ++c) {
      if (!shown[c]) continue;
      t += widths[c] + (k++ > 0 ? kGap : 0);
    }
    return t;
  };
  const std::size_t limit = width_limit > 0 ? static_cast<std::size_t>(width_limit) : 0;
  while (limit > 0 && total() > limit) {  // drop the most droppable column (the rightmost of equals)
    std::size_t victim = n;
    for (std::size_t c = 0; c < n; ++c) {
      if (shown[c] && columns_[c].drop > 0 && (victim == n || columns_[c].drop >= columns_[victim].drop)) victim = c;
    }
    if (victim == n) break;
    shown[victim] = 0;
  }
  for (std::size_t c = 0; c < n && limit > 0 && total() > limit; ++c) {  // then shorten
    if (!shown[c] || !columns_[c].shorten) continue;
    const std::size_t over = total() - limit;
    widths[c] = std::max(kMinShortened, widths[c] > over ? widths[c] - over : 0);
  }

  auto line = [&](auto cell) {
    std::string s;
    std::size_t pending = 0;  // padding owed by the previous column, written only before a next one
    for (std::size_t c = 0; c < n; ++c) {
      if (!shown[c]) continue;
      if (!s.empty() || pending > 0) s += std::string(pending + kGap, ' ');
      const std::string text = shorten_to(cell(c), widths[c]);
      s += text;
      pending = widths[c] - display_width(text);
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    out << s << "\n";
  };
  line([&](std::size_t c) { return columns_[c].header; });
  for (const auto& r : rows_) line([&](std::size_t c) { return c < r.size() ? r[c] : std::string(); });
  std::string names;  // the hidden columns, in table order
  for (std::size_t c = 0; c < n; ++c) {
    if (!shown[c]) names += (names.empty() ? "" : ", ") + columns_[c].header;
  }
  if (!names.empty()) out << render(msg::cli_table_hidden(names, std::to_string(limit)), lang) << "\n";
}

}  // namespace cardfit::cli
