// Builds the UI font: the compiled-in Latin subset (DejaVu Sans) with the CJK subset
// (Droid Sans Fallback) merged in, sized for the monitor's DPI; ImGui's built-in font if
// the subsets were not built. The web page carries no CJK subset: its Chinese glyphs are drawn
// by the browser's fonts into the atlas (platform::draw_glyphs), which is then built here.
#pragma once

namespace cardfit::ui {

void build_fonts(float dpi_scale);
// The em (px) of the glyphs the system draws (platform::draw_glyphs) at `dpi_scale`: dpi_scale
// times one float (tools/prebake_page.mjs writes it at 1x into the page for web/glyphs_pre.js).
float system_glyph_em(float dpi_scale);

}  // namespace cardfit::ui
