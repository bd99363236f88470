// The page's input path in one table: the event types and modifier bits the browser side
// (web/library_cardfit.js) queues, and the keys by the browser's names (KeyboardEvent.key) with
// ImGui's own enum. library_cardfit.js holds no number of its own: cardfit_js_init() receives
// this table as JSON (input_table_json()) and reads every value from it, so a key ImGui renames
// or renumbers breaks this build, not the keyboard.
#pragma once

#include <imgui.h>

#include <string>

namespace cardfit::web {

enum Event { kMove = 1, kButton, kWheel, kKey, kText, kPaste, kBlur, kLeave, kFrame, kPopState, kPointer, kClip };
enum Mods { kCtrl = 1, kShift = 2, kAlt = 4, kSuper = 8 };

struct Named {
  const char* name;  // the name library_cardfit.js uses
  int value;
};

inline constexpr Named kEvents[] = {
    {"MOVE", kMove},   {"BUTTON", kButton}, {"WHEEL", kWheel},       {"KEY", kKey},
    {"TEXT", kText},   {"PASTE", kPaste},   {"BLUR", kBlur},         {"LEAVE", kLeave},
    {"FRAME", kFrame}, {"POPSTATE", kPopState}, {"POINTER", kPointer}, {"CLIP", kClip}};
static_assert(sizeof kEvents / sizeof kEvents[0] == kClip, "every Event is named once");

inline constexpr Named kMods[] = {{"CTRL", kCtrl}, {"SHIFT", kShift}, {"ALT", kAlt}, {"SUPER", kSuper}};

// Keys by KeyboardEvent.key: the ones ImGui's text boxes and navigation read.
inline constexpr Named kKeys[] = {
    {"Tab", ImGuiKey_Tab},         {"ArrowLeft", ImGuiKey_LeftArrow}, {"ArrowRight", ImGuiKey_RightArrow},
    {"ArrowUp", ImGuiKey_UpArrow}, {"ArrowDown", ImGuiKey_DownArrow}, {"PageUp", ImGuiKey_PageUp},
    {"PageDown", ImGuiKey_PageDown}, {"Home", ImGuiKey_Home},         {"End", ImGuiKey_End},
    {"Insert", ImGuiKey_Insert},   {"Delete", ImGuiKey_Delete},       {"Backspace", ImGuiKey_Backspace},
    {"Enter", ImGuiKey_Enter},     {"Escape", ImGuiKey_Escape}};

// The letters of ImGui's shortcuts with Ctrl (Cmd on a Mac), by the lower-cased key.
inline constexpr Named kLetters[] = {{"a", ImGuiKey_A}, {"c", ImGuiKey_C}, {"v", ImGuiKey_V},
                                     {"x", ImGuiKey_X}, {"y", ImGuiKey_Y}, {"z", ImGuiKey_Z}};

// {"events": {"MOVE": 1, ...}, "mods": {...}, "keys": {"Tab": ..., ...}, "letters": {...}}
std::string input_table_json();

}  // namespace cardfit::web
