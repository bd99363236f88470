// Builds the UI font: the compiled-in CJK subset (Droid Sans Fallback, ASCII included),
// sized for the monitor's DPI; ImGui's built-in font if the subset is missing.
#pragma once

#include "app.hpp"

namespace cardfit::ui {

void build_fonts(const App& app, float dpi_scale);

}  // namespace cardfit::ui
