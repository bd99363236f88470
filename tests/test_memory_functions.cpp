// memcpy, memmove and memset against byte loops. In the WebAssembly test build these are the
// page's own (web/bulk_memory.c: memory.copy and memory.fill in place of libc's); natively,
// the C library's.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstring>
#include <vector>

namespace {

// Called through pointers the compiler cannot see through: with -mbulk-memory (the web build)
// clang turns a direct call into the instruction itself, and the functions, which the prebuilt
// libc++ calls, would go untested.
void* (*volatile copy_fn)(void*, const void*, std::size_t) = std::memcpy;
void* (*volatile move_fn)(void*, const void*, std::size_t) = std::memmove;
void* (*volatile set_fn)(void*, int, std::size_t) = std::memset;

std::vector<unsigned char> pattern(std::size_t n) {
  std::vector<unsigned char> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<unsigned char>(i * 131 + 7);
  return v;
}

}  // namespace

TEST_CASE("memcpy, memmove and memset: every length and offset up to 300, overlaps both ways") {
  const std::vector<std::size_t> lengths{0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 63, 64, 65, 255, 300};
  for (std::size_t n : lengths) {
    for (std::size_t from = 0; from < 9; ++from) {
      for (std::size_t to = 0; to < 9; ++to) {
        CAPTURE(n, from, to);
        // memcpy between two buffers.
        const std::vector<unsigned char> src = pattern(n + 16);
        std::vector<unsigned char> dst(n + 16, 0xEE), want(n + 16, 0xEE);
        for (std::size_t i = 0; i < n; ++i) want[to + i] = src[from + i];
        copy_fn(dst.data() + to, src.data() + from, n);
        CHECK(dst == want);
        // memmove within one buffer: forwards and backwards overlaps.
        std::vector<unsigned char> buf = pattern(n + 16), moved = buf;
        std::vector<unsigned char> tmp(buf.begin() + static_cast<std::ptrdiff_t>(from),
                                       buf.begin() + static_cast<std::ptrdiff_t>(from + n));
        for (std::size_t i = 0; i < n; ++i) moved[to + i] = tmp[i];
        move_fn(buf.data() + to, buf.data() + from, n);
        CHECK(buf == moved);
        // memset with a value above 127 (the int is converted to unsigned char).
        std::vector<unsigned char> set = pattern(n + 16), filled = set;
        for (std::size_t i = 0; i < n; ++i) filled[to + i] = 0xA5;
        CHECK(set_fn(set.data() + to, 0x1A5, n) == set.data() + to);
        CHECK(set == filled);
      }
    }
  }
}
