// Number parsing with suffixes and number formatting for reports and explanations.
#include "numbers.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cardfit {
namespace {

constexpr double kMaxMagnitude = 1e18;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string examples(NumberStyle style) {
  return style == NumberStyle::Tokens ? "use e.g. 8192, 8k or 8e3" : "use e.g. 7000000000, 7B, 7e9 or 1.5M";
}

std::string not_a_number(std::string_view field, std::string_view text, NumberStyle style) {
  return std::string(field) + ": '" + std::string(text) + "' is not a number; " + examples(style);
}

// Multiplier for a suffix, 0 when unknown.
double suffix_multiplier(std::string_view s, NumberStyle style) {
  const bool tokens = style == NumberStyle::Tokens;
  if (s.empty()) return 1;
  if (s == "k" || s == "K") return tokens ? 1024.0 : 1e3;
  if (s == "m" || s == "M") return tokens ? 1048576.0 : 1e6;
  if (s == "b" || s == "B" || s == "g" || s == "G") return 1e9;
  if (s == "t" || s == "T") return 1e12;
  if (s == "\xE4\xB8\x87") return 1e4;  // 万
  if (s == "\xE4\xBA\xBF") return 1e8;  // 亿
  return 0;
}

}  // namespace

Result<double> parse_number(std::string_view text, std::string_view field, NumberStyle style) {
  const std::string_view t = trim(text);
  if (t.empty()) {
    return Result<double>::failure(std::string(field), std::string(field) + ": no value given; " + examples(style));
  }
  // Mantissa: [sign] digits [separators] [. digits] [e [sign] digits]; separators ("_" or ",")
  // only between digit groups of three.
  std::string clean;
  std::size_t i = 0;
  if (t[i] == '+' || t[i] == '-') clean.push_back(t[i++]);
  std::size_t digits = 0;
  std::size_t group = 0;  // digits since the last separator
  bool seen_separator = false;
  while (i < t.size()) {
    const char c = t[i];
    if (is_digit(c)) {
      clean.push_back(c);
      ++digits;
      ++group;
      ++i;
    } else if ((c == '_' || c == ',') && digits > 0 && i + 1 < t.size() && is_digit(t[i + 1])) {
      if (seen_separator ? group != 3 : group > 3) break;
      seen_separator = true;
      group = 0;
      ++i;
    } else {
      break;
    }
  }
  if (seen_separator && group != 3) {
    return Result<double>::failure(std::string(field), not_a_number(field, t, style));
  }
  if (i < t.size() && t[i] == '.') {
    clean.push_back('.');
    ++i;
    while (i < t.size() && is_digit(t[i])) {
      clean.push_back(t[i++]);
      ++digits;
    }
  }
  if (digits == 0) return Result<double>::failure(std::string(field), not_a_number(field, t, style));
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    std::size_t j = i + 1;
    std::string exponent = "e";
    if (j < t.size() && (t[j] == '+' || t[j] == '-')) exponent.push_back(t[j++]);
    std::size_t exponent_digits = 0;
    while (j < t.size() && is_digit(t[j])) {
      exponent.push_back(t[j++]);
      ++exponent_digits;
    }
    if (exponent_digits == 0) return Result<double>::failure(std::string(field), not_a_number(field, t, style));
    clean += exponent;
    i = j;
  }
  const double multiplier = suffix_multiplier(trim(t.substr(i)), style);
  if (multiplier == 0) return Result<double>::failure(std::string(field), not_a_number(field, t, style));

  char* end = nullptr;
  const double mantissa = std::strtod(clean.c_str(), &end);
  if (end == nullptr || *end != '\0' || !std::isfinite(mantissa)) {
    return Result<double>::failure(std::string(field), not_a_number(field, t, style));
  }
  const double value = mantissa * multiplier;
  if (!std::isfinite(value) || std::fabs(value) > kMaxMagnitude) {
    return Result<double>::failure(std::string(field),
                                   std::string(field) + ": '" + std::string(t) + "' is too large (limit 1e18)");
  }
  return Result<double>::success(value == 0 ? 0.0 : value);  // no "-0"
}

Result<std::int64_t> parse_integer(std::string_view text, std::string_view field, std::int64_t min,
                                   std::int64_t max, NumberStyle style) {
  Result<double> r = parse_number(text, field, style);
  if (!r.ok()) return Result<std::int64_t>::failure(std::move(r.errors));
  const double v = *r.value;
  if (v != std::floor(v)) {
    return Result<std::int64_t>::failure(std::string(field),
                                         std::string(field) + ": must be a whole number, got " + format_fixed(v, 3));
  }
  if (v < static_cast<double>(min) || v > static_cast<double>(max)) {
    return Result<std::int64_t>::failure(std::string(field), std::string(field) + ": must be between " +
                                                                 format_grouped(static_cast<double>(min)) + " and " +
                                                                 format_grouped(static_cast<double>(max)) + ", got " +
                                                                 format_grouped(v));
  }
  return Result<std::int64_t>::success(static_cast<std::int64_t>(v));
}

// [SECTION] Formatting

namespace {

// Digits of a non-negative integer.
void append_digits(std::string& out, std::uint64_t v) {
  char buf[24];
  int n = 0;
  do {
    buf[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v > 0);
  while (n > 0) out.push_back(buf[--n]);
}

}  // namespace

// NOTE: hand-rolled instead of snprintf("%.*f"): the estimate formats a few hundred numbers
// per call and glibc's exact float printing dominated the benchmark. Rounds half away from
// zero on the scaled value; values beyond 1e15 fall back to snprintf.
std::string format_fixed(double value, int decimals) {
  if (!std::isfinite(value)) return "n/a";
  decimals = decimals < 0 ? 0 : decimals > 9 ? 9 : decimals;
  if (std::fabs(value) >= 1e15) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
  }
  std::uint64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  const std::uint64_t scaled = static_cast<std::uint64_t>(std::fabs(value) * static_cast<double>(scale) + 0.5);
  std::string out;
  out.reserve(24);
  if (value < 0 && scaled != 0) out.push_back('-');
  append_digits(out, scaled / scale);
  if (decimals > 0) {
    out.push_back('.');
    std::string frac;
    append_digits(frac, scaled % scale);
    out.append(static_cast<std::size_t>(decimals) - frac.size(), '0');
    out += frac;
  }
  return out;
}

std::string format_grouped(double value) {
  if (!std::isfinite(value)) return "n/a";
  const std::string digits_signed = format_fixed(value, 0);
  std::string digits = digits_signed;
  std::string sign;
  if (!digits.empty() && digits[0] == '-') {
    sign = "-";
    digits.erase(0, 1);
  }
  std::string out;
  out.reserve(digits.size() + digits.size() / 3 + 1);
  const std::size_t n = digits.size();
  for (std::size_t k = 0; k < n; ++k) {
    out.push_back(digits[k]);
    const std::size_t left = n - k - 1;
    if (left > 0 && left % 3 == 0) out.push_back(',');
  }
  return sign + out;
}

std::string format_gb(double bytes) {
  return format_fixed(bytes / 1e9, bytes >= 1e11 ? 1 : 2) + " GB";
}

std::string format_bytes(double bytes) {
  const double gib = bytes / 1073741824.0;
  return format_gb(bytes) + " (" + format_fixed(gib, gib >= 100 ? 1 : 2) + " GiB)";
}

std::string format_count(double count) {
  const double a = std::fabs(count);
  if (a >= 1e12) return format_fixed(count / 1e12, 2) + " T";
  if (a >= 1e9) return format_fixed(count / 1e9, 2) + " B";
  if (a >= 1e6) return format_fixed(count / 1e6, 2) + " M";
  if (a >= 1e4) return format_fixed(count / 1e3, 1) + " K";
  return format_grouped(count);
}

std::string format_rate(double per_second) {
  const double a = std::fabs(per_second);
  if (a >= 1000) return format_grouped(per_second);
  if (a >= 100) return format_fixed(per_second, 0);
  if (a >= 10) return format_fixed(per_second, 1);
  return format_fixed(per_second, 2);
}

}  // namespace cardfit
