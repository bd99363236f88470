// Sizes cardfit accepts from outside, in one place: every path a file or a request comes in by
// (CLI --config/--catalog, a file dropped or picked, the page's ?overlay=, openFiles, setOverlay,
// the JavaScript API) checks these, before copying into WebAssembly where there is a copy.
#pragma once

#include <cstddef>

namespace cardfit {

inline constexpr std::size_t kMaxFileBytes = 16u << 20;  // a config.json, an overlay, a catalog file: 16 MiB
inline constexpr int kMaxFileMb = 16;                     // the same limit as the messages say it
inline constexpr std::size_t kMaxFilesAtOnce = 20;        // files opened by one drop or pick
inline constexpr std::size_t kMaxRequestBytes = 1u << 20;  // a link, a --state, a JS request as a query: 1 MiB

static_assert(kMaxFileBytes == static_cast<std::size_t>(kMaxFileMb) << 20, "one limit, two units");

}  // namespace cardfit
