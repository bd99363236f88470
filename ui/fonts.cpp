#include "fonts.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>

#include "embedded.hpp"
#include "platform.hpp"

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
// The glyphs the system draws (the web page's Chinese text, assets::system_glyphs) at the em
// the merged Droid Sans Fallback had: 1.15x the font's size over its 1.31 em ascent + descent.
constexpr float kSystemEm = kMergedFontScale / 1.31f;

// The characters of assets::system_glyphs drawn by the system (platform::draw_glyphs) into
// custom rectangles of the atlas, as glyphs of `font`; the atlas is built here. False when the
// system drew nothing (they show as '?', as with no CJK font).
bool add_system_glyphs(ImFontAtlas& atlas, ImFont* font, float size) {
  const std::string_view chars = assets::system_glyphs();
  if (chars.empty() || font == nullptr) return false;
  ImFontGlyphRangesBuilder builder;
  builder.AddText(chars.data(), chars.data() + chars.size());
  ImVector<ImWchar> ranges;
  builder.BuildRanges(&ranges);
  std::vector<ImWchar> codepoints;  // ascending, all above U+007E; `text` holds them in order (UTF-8)
  std::string text;
  for (int i = 0; i + 1 < ranges.Size; i += 2) {
    for (unsigned c = ranges[i]; c <= ranges[i + 1]; ++c) {
      codepoints.push_back(static_cast<ImWchar>(c));
      if (c < 0x800) {
        text += static_cast<char>(0xC0 | (c >> 6));
      } else {
        text += static_cast<char>(0xE0 | (c >> 12));
        text += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      }
      text += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  const float em = size * kSystemEm;
  const int cell_w = static_cast<int>(std::ceil(em * 1.1f)) + 2;   // 1 px either side
  const int cell_h = static_cast<int>(std::ceil(em * 1.25f)) + 2;
  const int baseline = static_cast<int>(std::ceil(em)) + 1;
  const std::size_t cell = static_cast<std::size_t>(cell_w) * static_cast<std::size_t>(cell_h);
  std::vector<unsigned char> alpha(codepoints.size() * cell);
  std::vector<float> advances(codepoints.size());
  if (!platform::draw_glyphs(text, em, cell_w, cell_h, baseline, alpha.data(), advances.data())) return false;
  std::vector<int> rects(codepoints.size());
  for (std::size_t i = 0; i < codepoints.size(); ++i) {
    rects[i] = atlas.AddCustomRectFontGlyph(font, codepoints[i], cell_w, cell_h, std::round(advances[i]),
                                            ImVec2(-1.0f, static_cast<float>(-baseline)));
  }
  atlas.Build();
  // Baseline on the font's: the cells were placed relative to it, so move them down by its ascent.
  const float ascent = std::round(font->Ascent);
  for (ImFontGlyph& g : font->Glyphs) {
    if (std::binary_search(codepoints.begin(), codepoints.end(), static_cast<ImWchar>(g.Codepoint))) {
      g.Y0 += ascent;
      g.Y1 += ascent;
    }
  }
  for (std::size_t i = 0; i < codepoints.size(); ++i) {
    const ImFontAtlasCustomRect* r = atlas.GetCustomRectByIndex(rects[i]);
    const unsigned char* src = alpha.data() + i * cell;
    for (int y = 0; y < cell_h; ++y) {
      unsigned char* dst = atlas.TexPixelsAlpha8 + (r->Y + y) * atlas.TexWidth + r->X;
      for (int x = 0; x < cell_w; ++x) dst[x] = src[y * cell_w + x];
    }
  }
  return true;
}
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
  ImFont* primary = nullptr;
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
    ImFont* font = io.Fonts->AddFontFromMemoryTTF(data, static_cast<int>(f.text.size()), size, &cfg, kAllGlyphs);
    if (!merged) primary = font;
  }
  add_system_glyphs(*io.Fonts, primary, kFontPixels * dpi_scale);
}

}  // namespace cardfit::ui
