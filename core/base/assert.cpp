#include "assert.hpp"

#include <cstdio>
#include <cstdlib>

namespace cardfit::detail {

void assert_failed(const char* condition, const char* message, const char* file, int line) {
  std::fprintf(stderr, "cardfit: internal error: %s (%s) at %s:%d\n", message, condition, file, line);
  std::abort();
}

}  // namespace cardfit::detail
