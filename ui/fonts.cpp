#include "fonts.hpp"

#include <imgui.h>

#include "embedded.hpp"

namespace cardfit::ui {
namespace {
constexpr float kFontPixels = 16.0f;  // at 1x; ImGui's style is scaled separately

void add_catalog_text(ImFontGlyphRangesBuilder& b, const Catalog& c) {
  for (const auto& p : c.platforms) b.AddText(p.name_zh.c_str());
  for (const auto& t : c.budget_tiers) b.AddText(t.name_zh.c_str());
  for (const auto& w : c.weight_precisions) b.AddText(w.accuracy_note_zh.c_str());
  for (const auto& u : c.platforms) {
    for (const auto& up : u.upgrades) b.AddText(up.name_zh.c_str());
  }
}
}  // namespace

void build_fonts(const App& app, float dpi_scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const std::string_view ttf = assets::cjk_font();
  if (ttf.empty()) {
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * dpi_scale;
    io.Fonts->AddFontDefault(&cfg);
    return;
  }
  // NOTE: the ranges must stay alive until the atlas is built; static keeps them.
  static ImVector<ImWchar> ranges;
  ranges.clear();
  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
  for (const auto& [key, texts] : app.strings.table) {
    builder.AddText(texts.first.c_str());
  }
  add_catalog_text(builder, app.catalog);
  builder.AddText("，。：；（）、《》“”‘’…—→←↑↓✓✗±×÷≈≤≥");
  builder.BuildRanges(&ranges);

  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static data compiled into the binary
  cfg.OversampleH = 1;
  cfg.PixelSnapH = true;
  // ImGui takes a non-const pointer but does not write when it does not own the data.
  void* data = const_cast<char*>(ttf.data());
  io.Fonts->AddFontFromMemoryTTF(data, static_cast<int>(ttf.size()), kFontPixels * dpi_scale, &cfg, ranges.Data);
}

}  // namespace cardfit::ui
