// Single-field rules shared by the catalog reader and checker: numeric ranges, id and date
// formats, and how values are quoted in messages.
#include "catalog_fields.hpp"

#include <cmath>
#include <cstdio>
#include <string_view>

#include "format.hpp"

namespace cardfit::fields {
namespace {

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

// Hugging Face's repository id grammar (huggingface_hub's validate_repo_id): [owner/]name, each
// part of ASCII letters, digits, '-', '_' and '.', starting and ending with a letter, digit or
// '_', at most 96 characters, without "--" or "..", not ending in ".git". Nothing a shell, YAML or
// a URL would read as syntax can pass.
bool is_repo_part(std::string_view p) {
  auto word = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; };
  if (p.empty() || p.size() > 96 || !word(p.front()) || !word(p.back())) return false;
  for (char c : p) {
    if (!word(c) && c != '-' && c != '.') return false;
  }
  return p.find("--") == std::string_view::npos && p.find("..") == std::string_view::npos;
}

bool is_repo_id(const std::string& s) {
  const std::string_view v(s);
  const std::size_t slash = v.find('/');
  if (v.size() >= 4 && v.substr(v.size() - 4) == ".git") return false;
  if (slash == std::string_view::npos) return is_repo_part(v);
  return is_repo_part(v.substr(0, slash)) && is_repo_part(v.substr(slash + 1));
}

// An address a reader can follow: http(s)://, then no space, control character, quote, angle
// bracket or backslash (so it is one token in text, HTML and Markdown).
bool is_web_url(const std::string& s) {
  const std::string_view v(s);
  const std::size_t scheme = v.substr(0, 8) == "https://" ? 8 : v.substr(0, 7) == "http://" ? 7 : 0;
  if (scheme == 0 || v.size() <= scheme || v.size() > 2048) return false;
  for (char c : v) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f || c == '"' || c == '\'' || c == '<' || c == '>' || c == '\\' || c == '`') return false;
  }
  return true;
}

}  // namespace

std::string quote_for_message(const std::string& s) {
  std::size_t n = s.size();
  bool cut = false;
  if (n > 40) {  // cut at 40 bytes on a UTF-8 character boundary
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
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += hex;
    } else {
      out += c;
    }
  }
  return out + (cut ? "...\"" : "\"");
}

std::optional<Message> check_number(double value, const Range& r, bool integer) {
  const bool lo_ok = r.lo_open ? value > r.lo : value >= r.lo;
  const bool hi_ok = r.hi_open ? value < r.hi : value <= r.hi;
  const bool nonzero_ok = value == 0 || !(value < r.least_nonzero);
  if (std::isfinite(value) && lo_ok && hi_ok && nonzero_ok) return std::nullopt;
  const std::string got = format_shortest(value);
  const std::string lo = format_shortest(r.lo), hi = format_shortest(r.hi);
  if (r.least_nonzero > 0) return msg::cat_rule_zero_or(format_shortest(r.least_nonzero), hi, got);
  if (integer) {
    if (r.lo == 1 && !r.lo_open) return msg::cat_rule_positive_int(hi, got);
    return msg::cat_rule_int_range(lo, hi, got);
  }
  if (!r.lo_open && !r.hi_open) return msg::cat_rule_number_range(lo, hi, got);
  return msg::cat_rule_bounds(r.lo_open ? ">" : ">=", lo, r.hi_open ? "<" : "<=", hi, got);
}

std::optional<Message> check_text(const std::string& value, Need need, TextRule rule) {
  if (value.empty()) {
    if (need == Need::Required) return msg::cat_rule_not_empty();
    return std::nullopt;
  }
  switch (rule) {
    case TextRule::Any: return std::nullopt;
    case TextRule::Id:
      if (is_id(value)) return std::nullopt;
      return msg::cat_rule_id(quote_for_message(value));
    case TextRule::Date:
      if (is_date(value)) return std::nullopt;
      return msg::cat_rule_date(quote_for_message(value));
    case TextRule::RepoId:
      if (is_repo_id(value)) return std::nullopt;
      return msg::cat_rule_repo_id(quote_for_message(value));
    case TextRule::WebUrl:
      if (is_web_url(value)) return std::nullopt;
      return msg::cat_rule_web_url(quote_for_message(value));
    case TextRule::Currency:
      if (value == "CNY" || value == "USD") return std::nullopt;
      return msg::cat_rule_currency(quote_for_message(value));
  }
  return std::nullopt;
}

}  // namespace cardfit::fields
