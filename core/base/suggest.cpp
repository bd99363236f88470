#include "suggest.hpp"

#include <algorithm>

namespace cardfit {

std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t cap) {
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > cap || b.size() > 256) return cap + 1;
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    std::size_t row_min = cur[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min > cap) return cap + 1;
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string closest(const std::vector<std::string>& known, std::string_view wanted) {
  const std::size_t limit = wanted.size() <= 4 ? 2 : 3;
  std::string best;
  std::size_t best_d = limit + 1;
  for (const std::string& k : known) {
    const std::size_t d = edit_distance(k, wanted, limit);
    if (d < best_d) {
      best_d = d;
      best = k;
    }
  }
  return best;
}

}  // namespace cardfit
