#include "fonts.hpp"

#include <imgui.h>

#include "embedded.hpp"

namespace cardfit::ui {
namespace {
constexpr float kFontPixels = 16.0f;  // at 1x; ImGui's style is scaled separately
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
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false;      // static data compiled into the binary
    cfg.MergeMode = &f != &fonts.front();  // later fonts fill in glyphs the first lacks
    cfg.OversampleH = 2;
    // ImGui takes a non-const pointer but never writes to data it does not own.
    void* data = const_cast<char*>(f.text.data());
    io.Fonts->AddFontFromMemoryTTF(data, static_cast<int>(f.text.size()), kFontPixels * dpi_scale, &cfg, kAllGlyphs);
  }
}

}  // namespace cardfit::ui
