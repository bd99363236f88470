// Files dropped on the desktop window (GLFW's drop callback), and what the app remembers
// between runs besides the scenario (overlays, window size). Needs no window: gui_main.cpp
// calls it, tests/native test it.
#pragma once

#include <string>
#include <vector>

#include "app.hpp"

namespace cardfit::native {

// Reads each path and opens the files in the app in order (ui::app_open_files): a config.json
// becomes the custom model, an overlay is laid over the catalog; a missing, unreadable or
// invalid file leaves a message and changes nothing.
std::vector<ui::FileOutcome> open_paths(ui::App& app, const std::vector<std::string>& paths);

// The overlays to reopen next time: `remembered` and then each of `paths` that loaded as an
// overlay (once each, in the order applied).
std::vector<std::string> remember_overlays(std::vector<std::string> remembered, const std::vector<std::string>& paths,
                                           const std::vector<ui::FileOutcome>& outcomes);

// The remembered list as a settings value (a JSON array of paths) and back; a corrupt value
// reads as no overlays.
std::string overlays_setting(const std::vector<std::string>& paths);
std::vector<std::string> overlays_from_setting(const std::string& value);

// At start-up: reopens the remembered overlays, keeps only those that still load, and says so.
// Returns the list to remember from now on.
std::vector<std::string> reopen_overlays(ui::App& app, const std::vector<std::string>& remembered);

// The window size as a settings value, "1280x800", and back within the command line's bounds
// (320..7680 x 240..4320); anything else leaves width and height as they are (false).
std::string window_size_setting(int width, int height);
bool window_size_from_setting(const std::string& value, int& width, int& height);

}  // namespace cardfit::native
