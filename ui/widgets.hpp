// Small ImGui helpers shared by the panels: typed numbers that keep the last good value,
// id combos over catalog entries, a (?) marker with a tooltip, coloured fit labels, and the
// one way a message is turned into text on screen.
#pragma once

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

// The label of a message-table entry in the interface language.
const char* T(const App& app, MsgId id);
// A message rendered in the interface language.
std::string R(const App& app, const Message& message);
// "field: message" in the interface language.
std::string issue_text(const App& app, const Issue& issue);

// A label in the left column; the next widget fills the rest of the line.
void row_label(const App& app, const char* text);

// An input box for a number the user may type as "8k" or "7B". On each edit the text is
// parsed and checked against the input table's bounds; when valid `value` takes it and true is
// returned; when not, the reason shows under the box and `value` keeps its last good value.
bool number_input(const App& app, MsgId label, std::string& text, Input input, std::int64_t& value);
bool number_input(const App& app, MsgId label, std::string& text, Input input, double& value);

// A combo over (id, label) pairs; returns true when `id` changed.
bool id_combo(const char* label, std::string& id, const std::vector<std::pair<std::string, std::string>>& items);

// "(?)" after the previous item; `text` in a wrapped tooltip on hover.
void help_marker(const char* text);

// When the previous item is hovered: the core's explanation `key` (formula, the user's
// numbers, source) in a tooltip, the same text as the Explain tab and `--explain`.
void explain_tooltip(const App& app, std::string_view key);

// The fit verdict in words and colour ("comfortable" green, "tight" amber, "no" red).
void fit_label(const App& app, Fit fit);

// Width of the label column in the input panel, scaled for DPI.
float label_width(const App& app);

}  // namespace cardfit::ui
