// Number formatting (see format.hpp).
#include "format.hpp"

#include <fmt/format.h>

#include <cmath>

namespace cardfit {

std::string format_fixed(double value, int decimals) {
  if (!std::isfinite(value)) return "n/a";
  decimals = decimals < 0 ? 0 : decimals > 9 ? 9 : decimals;
  std::string s = fmt::format("{:.{}f}", value, decimals);
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

std::string format_shortest(double value) {
  if (!std::isfinite(value)) return "n/a";
  return fmt::format("{}", value == 0 ? 0.0 : value);
}

std::string format_gb(double bytes) { return format_fixed(bytes / 1e9, std::fabs(bytes) >= 1e11 ? 1 : 2) + " GB"; }

std::string format_bytes(double bytes) {
  const double gib = bytes / 1073741824.0;
  return format_gb(bytes) + " (" + format_fixed(gib, std::fabs(gib) >= 100 ? 1 : 2) + " GiB)";
}

std::string format_count(double count) {
  const double a = std::fabs(count);
  if (!std::isfinite(count)) return "n/a";
  if (a >= 1e15) return fmt::format("{:.2e} ", count);  // training FLOPs: "4.10e+25 "
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
