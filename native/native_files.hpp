// File reading and the clock for the native front ends (the core never touches either).
#pragma once

#include <optional>
#include <string>

namespace cardfit::native {

// Whole file as bytes, up to kMaxFileBytes + 1 (limits.hpp: the loaders refuse a longer text by
// name); nullopt if it cannot be opened or read ("-" reads standard input).
std::optional<std::string> read_file(const std::string& path);

// Today's local date, YYYY-MM-DD, from the system clock (the core has no clock): dates an
// imported model and tells the planner how old each price is.
std::string today();

// Local date and time for file names, YYYYMMDD-HHMMSS.
std::string timestamp();

// Where saved files go: $XDG_DOWNLOAD_DIR, else the XDG user-dirs entry (~/.config/user-dirs.dirs: a
// localised folder on a Chinese desktop), else ~/Downloads (%USERPROFILE%\Downloads), when that
// folder exists; else "" (the current folder).
std::string downloads_folder();

// FOLDER/STEM-STAMP.EXT, or STEM-STAMP-2.EXT, -3, ... when that is taken: never an existing file.
std::string unused_path(const std::string& folder, const std::string& stem, const std::string& stamp,
                        const std::string& extension);

// Writes `text` to a new file at `path`; false if it exists (checked by the open itself, not
// before it) or cannot be written.
bool write_new_file(const std::string& path, const std::string& text);

// Replaces the file at `path` with `text` in one step: written to a temporary file beside it,
// flushed to the disk, then renamed over it. A crash at any moment leaves the old file or the
// new one. False (and no temporary left) when it cannot be written.
bool replace_file(const std::string& path, const std::string& text);

// Writes `text` to a temporary file beside `path`, then gives it the name `path` only if no file
// has that name: never half a file under the name, never an overwrite.
enum class NewFile { Written, Exists, Failed };
NewFile publish_new_file(const std::string& path, const std::string& text);

}  // namespace cardfit::native
