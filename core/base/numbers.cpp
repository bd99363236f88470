// Number parsing with suffixes (see numbers.hpp).
#include "numbers.hpp"

#include "format.hpp"
#include "messages.hpp"

#include <cmath>
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

Message examples(NumberStyle style) {
  return style == NumberStyle::Tokens ? msg::err_number_examples_tokens() : msg::err_number_examples_decimal();
}

Result<double> not_a_number(std::string_view field, std::string_view text, const Message& examples) {
  return Result<double>::failure(std::string(field), msg::err_number_not_a_number(field, text, examples));
}

// Multiplier for a suffix, 0 when unknown.
double suffix_multiplier(std::string_view s, NumberStyle style) {
  const bool tokens = style == NumberStyle::Tokens;
  if (s.empty()) return 1;
  if (s == "k" || s == "K") return tokens ? 1024.0 : 1e3;
  if (s == "m" || s == "M") return tokens ? 1048576.0 : 1e6;
  if (s == "b" || s == "B" || s == "g" || s == "G") return 1e9;
  if (s == "t" || s == "T") return 1e12;
  if (s == "\xE4\xB8\x87") return 1e4;  // U+4E07 wan
  if (s == "\xE4\xBA\xBF") return 1e8;  // U+4EBF yi
  return 0;
}

}  // namespace

Result<double> parse_number(std::string_view text, std::string_view field, NumberStyle style) {
  return parse_number(text, field, style, examples(style));
}

Result<double> parse_number(std::string_view text, std::string_view field, NumberStyle style, const Message& examples) {
  const std::string_view t = trim(text);
  if (t.empty()) {
    return Result<double>::failure(std::string(field), msg::err_number_empty(field, examples));
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
    return not_a_number(field, t, examples);
  }
  if (i < t.size() && t[i] == '.') {
    clean.push_back('.');
    ++i;
    while (i < t.size() && is_digit(t[i])) {
      clean.push_back(t[i++]);
      ++digits;
    }
  }
  if (digits == 0) return not_a_number(field, t, examples);
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    std::size_t j = i + 1;
    std::string exponent = "e";
    if (j < t.size() && (t[j] == '+' || t[j] == '-')) exponent.push_back(t[j++]);
    std::size_t exponent_digits = 0;
    while (j < t.size() && is_digit(t[j])) {
      exponent.push_back(t[j++]);
      ++exponent_digits;
    }
    if (exponent_digits == 0) return not_a_number(field, t, examples);
    clean += exponent;
    i = j;
  }
  const double multiplier = suffix_multiplier(trim(t.substr(i)), style);
  if (multiplier == 0) return not_a_number(field, t, examples);

  char* end = nullptr;
  const double mantissa = std::strtod(clean.c_str(), &end);
  if (end == nullptr || *end != '\0' || !std::isfinite(mantissa)) {
    return not_a_number(field, t, examples);
  }
  const double value = mantissa * multiplier;
  if (!std::isfinite(value) || std::fabs(value) > kMaxMagnitude) {
    return Result<double>::failure(std::string(field), msg::err_number_too_large(field, t));
  }
  return Result<double>::success(value == 0 ? 0.0 : value);  // no "-0"
}

Result<std::int64_t> parse_integer(std::string_view text, std::string_view field, std::int64_t min,
                                   std::int64_t max, NumberStyle style) {
  Result<double> r = parse_number(text, field, style);
  if (!r.ok()) return Result<std::int64_t>::failure(std::move(r.errors));
  const double v = *r.value;
  if (v != std::floor(v)) {
    return Result<std::int64_t>::failure(std::string(field), msg::err_number_not_whole(field, format_trimmed(v, 3)));
  }
  if (v < static_cast<double>(min) || v > static_cast<double>(max)) {
    return Result<std::int64_t>::failure(
        std::string(field), msg::err_number_range(field, format_grouped(static_cast<double>(min)),
                                                  format_grouped(static_cast<double>(max)), format_grouped(v)));
  }
  return Result<std::int64_t>::success(static_cast<std::int64_t>(v));
}

}  // namespace cardfit
