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
// The glyphs the system draws (the web page's Chinese text) at the em the merged Droid Sans
// Fallback had: 1.15x the font's size over its 1.31 em ascent + descent. One float at 1x, so
// that web/glyphs_pre.js can draw them at the same em before the module has loaded (system_glyph_em).
constexpr float kSystemEmAt1x = kFontPixels * kMergedFontScale / 1.31f;

// The glyphs no embedded font holds, drawn by the system (platform::draw_glyphs, which also lists
// them) into custom rectangles of the atlas, as glyphs of `font`; the atlas is built here. False
// when the system drew nothing (they show as '?', as with no CJK font).
bool add_system_glyphs(ImFontAtlas& atlas, ImFont* font, float dpi_scale) {
  if (font == nullptr) return false;
  platform::SystemGlyphs drawn;
  if (!platform::draw_glyphs(system_glyph_em(dpi_scale), drawn)) return false;
  const int cell_w = drawn.cell_w, cell_h = drawn.cell_h, baseline = drawn.baseline;
  std::vector<ImWchar> codepoints;  // in the order drawn (the cells'), ascending; UTF-8 of the BMP
  for (std::size_t i = 0; i < drawn.chars.size();) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned>(static_cast<unsigned char>(drawn.chars[k])); };
    const unsigned lead = b(i);
    const std::size_t len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : 3;
    IM_ASSERT(i + len <= drawn.chars.size() && lead < 0xF0 && "system glyphs are in the BMP (ImWchar)");
    const unsigned c = len == 1 ? lead
                       : len == 2 ? ((lead & 0x1F) << 6) | (b(i + 1) & 0x3F)
                                  : ((lead & 0x0F) << 12) | ((b(i + 1) & 0x3F) << 6) | (b(i + 2) & 0x3F);
    codepoints.push_back(static_cast<ImWchar>(c));
    i += len;
  }
  if (!std::is_sorted(codepoints.begin(), codepoints.end())) return false;  // not as platform.hpp says
  const std::size_t cell = static_cast<std::size_t>(cell_w) * static_cast<std::size_t>(cell_h);
  IM_ASSERT(drawn.alpha.size() == codepoints.size() * cell && drawn.advances.size() == codepoints.size());
  const std::vector<unsigned char>& alpha = drawn.alpha;
  const std::vector<float>& advances = drawn.advances;
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

float system_glyph_em(float dpi_scale) { return dpi_scale * kSystemEmAt1x; }

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
  add_system_glyphs(*io.Fonts, primary, dpi_scale);
}

}  // namespace cardfit::ui
