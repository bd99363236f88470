// Small ImGui helpers shared by the panels: text that wraps like a web page, typed numbers
// that keep the last good value, searchable id combos, a (?) marker with a tooltip, coloured
// fit labels, and the one way a message is turned into text on screen.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app.hpp"
#include "estimate_types.hpp"
#include "inputs.hpp"
#include "messages.hpp"

namespace cardfit::ui {

// Colours with a meaning.
inline const ImVec4 kGreen(0.10f, 0.50f, 0.22f, 1.0f);
inline const ImVec4 kAmber(0.62f, 0.40f, 0.02f, 1.0f);
inline const ImVec4 kRed(0.72f, 0.13f, 0.13f, 1.0f);
inline const ImVec4 kBlue(0.16f, 0.36f, 0.78f, 1.0f);

// The label of a message-table entry in the interface language.
const char* T(const App& app, MsgId id);
// A message rendered in the interface language.
std::string R(const App& app, const Message& message);
// "field: message" in the interface language.
std::string issue_text(const App& app, const Issue& issue);

// Breaks `text` into lines no wider than `width` pixels, as a browser would: at spaces and
// between Chinese characters (not before closing punctuation), never inside a number or a
// word ("1,026 CNY/month" stays whole); a word wider than the line is cut. '\n' breaks.
std::vector<std::string_view> wrap_lines(std::string_view text, float width);
// The same with each character's width (px) from advance(c, font): no ImGui needed (tests).
using CharAdvance = float (*)(char32_t c, const void* font);
std::vector<std::string_view> wrap_lines(std::string_view text, float width, CharAdvance advance, const void* font);

// A sentence that wraps at the content region's right edge (`colour` null: the text colour).
void wrapped(std::string_view text, const ImVec4* colour = nullptr);
void wrapped(std::string_view text, const ImVec4& colour);
void wrapped_disabled(std::string_view text);
// A bullet, then a wrapped sentence indented under it.
void bullet(std::string_view text, const ImVec4* colour = nullptr);

// Text boxes: ImGui::InputText(Multiline) that also report where they are (a tap there on a
// phone opens the on-screen keyboard at once).
bool input_text(App& app, const char* id, std::string& text, ImGuiInputTextFlags flags = 0);
bool input_multiline(App& app, const char* id, std::string& text, const ImVec2& size);
bool input_with_hint(App& app, const char* id, const char* hint, std::string& text);

// Records the last widget under `label` (App::labelled: the web page's cardfit.items()).
void note_item(App& app, const std::string& label);

// A label for the next widget: beside it in a label column as wide as the widest label, or
// above it when that column would leave the widget too little room (a phone). The next widget
// fills the rest of the line.
void row_label(App& app, const char* text, const char* help = nullptr);

// An input box for a number the user may type as "8k" or "7B". On each edit the text is
// parsed and checked against the input table's bounds; when valid `value` takes it and true is
// returned; when not, the reason shows under the box and `value` keeps its last good value.
bool number_input(App& app, MsgId label, std::string& text, Input input, std::int64_t& value,
                  const char* help = nullptr);
bool number_input(App& app, MsgId label, std::string& text, Input input, double& value, const char* help = nullptr);
// The same for an optional setting: an empty box means the default (`value` = `unset`).
bool optional_number_input(App& app, MsgId label, std::string& text, Input input, double& value, double unset,
                           const char* help = nullptr);

// A combo over (id, label) pairs; returns true when `id` changed. `searchable`: a box at the
// top of the list filters it by id and label as the user types.
using Items = std::vector<std::pair<std::string, std::string>>;
bool id_combo(App& app, const char* label, std::string& id, const Items& items, bool searchable = false);

// "(?)" after the previous item; `text` in a wrapped tooltip on hover (a tap on a phone).
void help_marker(const char* text);

// A tooltip of wrapped sentences for the previous item, when hovered.
void tooltip_lines(const std::vector<std::string>& lines);

// When the previous item is hovered: the core's explanation `key` (formula, the user's
// numbers, source) in a tooltip, the same text as the Explain tab and `--explain`.
void explain_tooltip(const App& app, std::string_view key);

// The fit verdict in words and colour ("comfortable" green, "tight" amber, "no" red).
void fit_label(const App& app, Fit fit);
const ImVec4& fit_colour(Fit fit);

// A button that fits its text (never truncated), on the current line when it fits there.
bool button_inline(const char* label);

// A framed box with a background behind whatever is drawn between the two calls (banners).
void box_begin();
void box_end(const ImVec4& background, const ImVec4& border);

// A source citation: its title, and a button that opens its address when there is one.
void source_line(App& app, const std::string& text, const std::string& url);

}  // namespace cardfit::ui
