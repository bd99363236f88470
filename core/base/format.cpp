// Number formatting (see format.hpp).
#include "format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cardfit {

std::string format_fixed(double value, int decimals) {
  if (!std::isfinite(value)) return "n/a";
  decimals = decimals < 0 ? 0 : decimals > 9 ? 9 : decimals;
  char buf[352];  // DBL_MAX with 9 decimals fits
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  std::string s = buf;
  if (s.size() > 1 && s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);  // no "-0"
  return s;
}

std::string format_grouped(double value) {
  if (!std::isfinite(value)) return "n/a";
  const std::string digits = format_fixed(value, 0);
  const std::size_t first = digits[0] == '-' ? 1 : 0;
  std::string out = digits.substr(0, first);
  for (std::size_t k = first; k < digits.size(); ++k) {
    out += digits[k];
    const std::size_t left = digits.size() - k - 1;
    if (left > 0 && left % 3 == 0) out += ',';
  }
  return out;
}

std::string format_trimmed(double value, int max_decimals) {
  std::string s = format_fixed(value, max_decimals);
  if (s.find('.') == std::string::npos) return s;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

namespace {

// value = digits x 10^scale, read back by strtod.
double read_back(long long digits, int scale) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%llde%d", digits, scale);
  return std::strtod(buf, nullptr);
}

}  // namespace

std::string format_shortest(double value) {
  if (!std::isfinite(value)) return "n/a";
  if (value == 0) return "0";
  // The fewest significant digits that read back as the same double: printf's correctly
  // rounded digits, or one unit either side of them (2^-24 = 5.9604644775390625e-08 ->
  // "5.960464477539063e-08").
  const double a = std::fabs(value);
  long long digits = 0;
  int scale = 0;
  for (int p = 1; p <= 17; ++p) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*e", p - 1, a);
    long long m = 0;
    const char* c = buf;
    for (; *c != 'e'; ++c)
      if (*c != '.') m = m * 10 + (*c - '0');
    const int x = std::atoi(c + 1) - (p - 1);
    digits = m;
    scale = x;
    if (read_back(m, x) == a) break;
    // Never both neighbours: m lies between them, so it would read back too.
    if (read_back(m + 1, x) == a) {
      digits = m + 1;
      break;
    }
    if (m > 1 && read_back(m - 1, x) == a) {
      digits = m - 1;
      break;
    }
  }
  while (digits % 10 == 0) digits /= 10, ++scale;
  const std::string d = std::to_string(digits);
  const int exponent = scale + static_cast<int>(d.size()) - 1;  // as in 1.5e+03
  std::string out = value < 0 ? "-" : "";
  // Plain decimals for exponents -4..15; "1e+300", "1e-05" beyond.
  if (exponent < -4 || exponent >= 16) {
    char e[16];
    std::snprintf(e, sizeof e, "e%+03d", exponent);
    return out + d.substr(0, 1) + (d.size() > 1 ? "." + d.substr(1) : "") + e;
  }
  if (exponent < 0) return out + "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + d;
  const std::size_t whole = static_cast<std::size_t>(exponent) + 1;
  if (d.size() <= whole) return out + d + std::string(whole - d.size(), '0');
  return out + d.substr(0, whole) + "." + d.substr(whole);
}

std::string format_gb(double bytes) { return format_fixed(bytes / 1e9, std::fabs(bytes) >= 1e11 ? 1 : 2) + " GB"; }

std::string format_bytes(double bytes) {
  const double gib = bytes / 1073741824.0;
  return format_gb(bytes) + " (" + format_fixed(gib, std::fabs(gib) >= 100 ? 1 : 2) + " GiB)";
}

std::string format_count(double count) {
  const double a = std::fabs(count);
  if (!std::isfinite(count)) return "n/a";
  if (a >= 1e15) {  // training FLOPs: "4.10e+25 "
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2e ", count);
    return buf;
  }
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

std::string format_amount(double value) {
  if (!std::isfinite(value)) return "n/a";
  const double a = std::fabs(value);
  if (a >= 100) return format_grouped(value);
  if (a >= 1) return format_trimmed(value, 2);
  return format_trimmed(value, 4);
}

std::string format_percent(double fraction) { return format_fixed(fraction * 100.0, 0); }

std::string format_headroom(double headroom) { return format_trimmed(headroom * 100.0, 1); }

std::string format_margin(double margin, double headroom) {
  if (!std::isfinite(margin)) return "n/a";
  const double h = headroom * 100.0;
  const int decimals = std::fabs(h - std::round(h)) < 1e-9 ? 0 : 1;
  const double scale = decimals == 0 ? 1.0 : 10.0;
  // NOTE: the epsilon keeps an exact margin (need x 1.2 == usable) from flooring to 19.
  return format_fixed(std::floor(margin * 100.0 * scale + 1e-6) / scale, decimals);
}

}  // namespace cardfit
