#include "fonts.hpp"

#include <imgui.h>

#include "embedded.hpp"

namespace cardfit::ui {
namespace {
constexpr float kFontPixels = 16.0f;  // at 1x; ImGui's style is scaled separately
// Chinese glyphs at the Latin font's size look smaller than the Latin text beside them:
// ImGui sizes a font by ascent + descent, and Droid Sans Fallback's (1.31 em) is taller than
// DejaVu Sans' (1.16 em), so its ideographs came out 10.8 px tall at 16 px, no taller than a
// Latin capital (10.0 px). Ideographs read as the same size at about 1.15x a capital's height
// (measured: U+4E2D 0.91 em, H 0.729 em; tools/font_chars.py subsets both), so the merged CJK
// font is scaled up by that much; ImGui aligns merged glyphs on the first font's baseline.
constexpr float kMergedFontScale = 1.15f;
// The subsets hold exactly the glyphs cardfit shows (tools/font_chars.py), so the whole
// Basic Multilingual Plane is requested: ImGui keeps only the glyphs a font has.
constexpr ImWchar kAllGlyphs[] = {0x0020, 0xFFFF, 0};
}  // namespace

void build_fonts(float dpi_scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const std::vector<assets::File> fonts = assets::ui_fonts();
  if (fonts.empty()) {
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * dpi_scale;
    io.Fonts->AddFontDefault(&cfg);
    return;
  }
  for (const assets::File& f : fonts) {
    const bool merged = &f != &fonts.front();
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false;  // static data compiled into the binary
    cfg.MergeMode = merged;            // later fonts fill in glyphs the first lacks
    // Sub-pixel oversampling sharpens small text; at 2x and more the pixels are small enough
    // (and the atlas for a phone's 3x stays at one texture of 2048 x 2048).
    cfg.OversampleH = dpi_scale < 1.5f ? 2 : 1;
    cfg.PixelSnapH = dpi_scale >= 1.5f;
    // ImGui takes a non-const pointer but never writes to data it does not own.
    void* data = const_cast<char*>(f.text.data());
    const float size = kFontPixels * dpi_scale * (merged ? kMergedFontScale : 1.0f);
    io.Fonts->AddFontFromMemoryTTF(data, static_cast<int>(f.text.size()), size, &cfg, kAllGlyphs);
  }
}

}  // namespace cardfit::ui
