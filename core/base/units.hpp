// Units and the one conversion of a computed size to whole bytes.
#pragma once

#include <cstdint>

namespace cardfit {

inline constexpr double kMiB = 1048576.0;     // 2^20 bytes
inline constexpr double kGiB = 1073741824.0;  // 2^30 bytes

// Rounds to whole bytes (or a whole count), clamps to [0, 4.6e18]; NaN and negatives -> 0.
inline std::int64_t to_bytes(double bytes) {
  if (!(bytes > 0)) return 0;
  if (bytes > 4.6e18) return static_cast<std::int64_t>(4.6e18);
  return static_cast<std::int64_t>(bytes + 0.5);
}

}  // namespace cardfit
