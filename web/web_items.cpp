// The widgets of the last frame with their labels and places (CSS px), through ImGui's test
// engine hooks: cardfit.items() lets tests and automation find "the Model list" or "Copy link"
// instead of guessing pixels. Off until first asked for (g.TestEngineHookItems): no cost before.
#include <imgui.h>
#include <imgui_internal.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "app.hpp"
#include "web_state.hpp"

namespace {

struct Item {
  ImGuiID id = 0;
  ImRect bb;
  std::string label;
};

std::vector<Item> g_building;  // NOTE: ImGui's hooks are free functions: the lists are globals.
std::vector<Item> g_last;

}  // namespace

void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect& bb, ImGuiID id) {
  if (id != 0) g_building.push_back(Item{id, bb, std::string()});
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
  for (auto it = g_building.rbegin(); it != g_building.rend(); ++it) {
    if (it->id == id) {
      it->label = label ? label : "";
      return;
    }
  }
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }

void cardfit_web_items_frame_done() {
  ImGuiContext* g = ImGui::GetCurrentContext();
  if (!g || !g->TestEngineHookItems) return;
  g_last.swap(g_building);
  g_building.clear();
}

std::string cardfit_web_items(float dpr) {
  ImGuiContext* g = ImGui::GetCurrentContext();
  if (!g) return "[]";
  g->TestEngineHookItems = true;  // from now on, every frame records its items
  nlohmann::json out = nlohmann::json::array();
  // Lists and text boxes by their row label (the UI notes them: their ImGui labels are hidden).
  if (const cardfit::ui::App* app = cardfit_web_app()) {
    for (const auto& [label, r] : app->labelled) {
      out.push_back({{"label", label}, {"x", r.x / dpr}, {"y", r.y / dpr}, {"w", r.w / dpr}, {"h", r.h / dpr}});
    }
  }
  for (const Item& i : g_last) {
    if (i.label.empty()) continue;
    std::string label = i.label;
    const std::size_t hash = label.find("##");
    label = hash == 0 ? label.substr(2) : label.substr(0, hash);
    if (label.empty()) continue;
    out.push_back({{"label", label},
                   {"x", i.bb.Min.x / dpr},
                   {"y", i.bb.Min.y / dpr},
                   {"w", i.bb.GetWidth() / dpr},
                   {"h", i.bb.GetHeight() / dpr}});
  }
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
