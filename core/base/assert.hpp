// CARDFIT_ASSERT(cond, msg): a programmer's mistake (a broken precondition, an impossible
// state), never bad user input or data: those come back as Result<T> errors. Active in every
// build, including release and WebAssembly: it prints the message and aborts.
#pragma once

namespace cardfit::detail {
[[noreturn]] void assert_failed(const char* condition, const char* message, const char* file, int line);
}  // namespace cardfit::detail

#define CARDFIT_ASSERT(cond, msg) \
  ((cond) ? static_cast<void>(0) : ::cardfit::detail::assert_failed(#cond, msg, __FILE__, __LINE__))
