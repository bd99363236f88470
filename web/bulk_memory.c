// memcpy, memmove and memset as WebAssembly's bulk-memory instructions (memory.copy and
// memory.fill), in place of Emscripten 3.1.6's: a -Oz link takes libc's "optz" variant, whose
// memcpy and memset copy one byte per loop turn (system/lib/libc/emscripten_memcpy.c), and the
// prebuilt libc++ calls them for every std::string it copies. They were a sixth of an
// estimate({}) call (docs/web.md, "The API"). Every browser with WebGL2, which the page needs,
// has bulk memory (Chrome 75, Firefox 79, Safari 15), and so has Node 20.
// Compiled without LTO (web/CMakeLists.txt: cardfit_bulk_memory), so that the definitions are real symbols when the
// linker resolves libc's calls; -mbulk-memory (the web-release preset's, for the whole page)
// makes clang lower these builtins to the single instructions.
#include <stddef.h>

#if !defined(__wasm_bulk_memory__)
#error "web/bulk_memory.c needs -mbulk-memory"
#endif

void* memcpy(void* restrict dest, const void* restrict src, size_t n) {
  __builtin_memcpy(dest, src, n);
  return dest;
}

void* memmove(void* dest, const void* src, size_t n) {
  __builtin_memmove(dest, src, n);
  return dest;
}

void* memset(void* dest, int c, size_t n) {
  __builtin_memset(dest, c, n);
  return dest;
}
