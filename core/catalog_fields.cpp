// Single-field rules shared by the catalog reader and checker: numeric ranges, id and date
// formats, and how values are quoted in messages.
#include "catalog_fields.hpp"

#include <cmath>
#include <cstdio>

namespace cardfit::fields {

std::string format_number(double value) {
  if (value == 0) return "0";  // also -0
  char buf[32];
  if (std::isfinite(value) && std::fabs(value) < 1e15 && value == std::floor(value)) {
    std::snprintf(buf, sizeof buf, "%.0f", value);
  } else {
    std::snprintf(buf, sizeof buf, "%.10g", value);
  }
  return buf;
}

namespace {

// "abc" with quotes and escapes, cut at 40 bytes on a UTF-8 character boundary.
std::string quoted(const std::string& s) {
  std::size_t n = s.size();
  bool cut = false;
  if (n > 40) {
    n = 40;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    cut = true;
  }
  std::string out = "\"";
  for (std::size_t i = 0; i < n; ++i) {
    const char c = s[i];
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + (cut ? "...\"" : "\"");
}

bool is_id(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!alnum && (i == 0 || (c != '.' && c != '_' && c != '-'))) return false;
  }
  return true;
}

bool digits(const std::string& s, std::size_t at, std::size_t n, int lo, int hi) {
  int v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  return v >= lo && v <= hi;
}

bool is_date(const std::string& s) {
  // YYYY | YYYY-MM | YYYY-MM-DD; the year 1990-2100 catches typos like 20026.
  if (s.size() != 4 && s.size() != 7 && s.size() != 10) return false;
  if (!digits(s, 0, 4, 1990, 2100)) return false;
  if (s.size() >= 7 && (s[4] != '-' || !digits(s, 5, 2, 1, 12))) return false;
  if (s.size() == 10 && (s[7] != '-' || !digits(s, 8, 2, 1, 31))) return false;
  return true;
}

}  // namespace

std::optional<std::string> check_number(double value, const Range& r, bool integer) {
  const bool lo_ok = r.lo_open ? value > r.lo : value >= r.lo;
  const bool hi_ok = r.hi_open ? value < r.hi : value <= r.hi;
  if (std::isfinite(value) && lo_ok && hi_ok) return std::nullopt;
  const std::string got = ", got " + format_number(value);
  const std::string lo = format_number(r.lo), hi = format_number(r.hi);
  if (integer) {
    if (r.lo == 1 && !r.lo_open) return "must be a positive integer (at most " + hi + ")" + got;
    return "must be an integer from " + lo + " to " + hi + got;
  }
  if (!r.lo_open && !r.hi_open) return "must be a number from " + lo + " to " + hi + got;
  return std::string("must be ") + (r.lo_open ? "> " : ">= ") + lo + " and " + (r.hi_open ? "< " : "<= ") + hi + got;
}

std::optional<std::string> check_text(const std::string& value, Need need, Text rule) {
  if (value.empty()) {
    if (need == Need::Required) return std::string("must not be empty");
    return std::nullopt;
  }
  switch (rule) {
    case Text::Any: return std::nullopt;
    case Text::Id:
      if (is_id(value)) return std::nullopt;
      return "must be a lowercase id (a-z, 0-9, then also . _ -; at most 64 characters), got " + quoted(value);
    case Text::Date:
      if (is_date(value)) return std::nullopt;
      return "must be a date YYYY, YYYY-MM or YYYY-MM-DD, got " + quoted(value);
    case Text::Currency:
      if (value == "CNY" || value == "USD") return std::nullopt;
      return "must be \"CNY\" or \"USD\", got " + quoted(value);
  }
  return std::nullopt;
}

std::string quote_for_message(const std::string& s) { return quoted(s); }

}  // namespace cardfit::fields
