// Small ImGui helpers shared by the panels: typed numbers that keep the last good value,
// id combos over catalog entries, a (?) marker with a tooltip, coloured fit labels.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app.hpp"
#include "estimate.hpp"
#include "numbers.hpp"

namespace cardfit::ui {

// Shorthand for the current language's text of a strings.json key.
const char* T(const App& app, std::string_view key);

// A label in the left column; the next widget fills the rest of the line.
void row_label(const App& app, const char* text);

// An input box for a number the user may type as "8k" or "7B". On each edit the text is
// parsed; when valid `value` takes it and true is returned; when not, the parser's message
// shows under the box and `value` keeps its last good value.
bool number_input(const App& app, const char* label_key, std::string& text, std::string_view field,
                  std::int64_t& value, std::int64_t min, std::int64_t max, NumberStyle style);
bool number_input(const App& app, const char* label_key, std::string& text, std::string_view field, double& value,
                  double min, double max, NumberStyle style);

// A combo over (id, label) pairs; returns true when `id` changed.
bool id_combo(const char* label, std::string& id, const std::vector<std::pair<std::string, std::string>>& items);

// "(?)" after the previous item; `text` in a wrapped tooltip on hover.
void help_marker(const char* text);

// When the previous item is hovered: the core's explanation `key` (formula, the user's
// numbers, source) in a tooltip, the same text as the Explain tab and `--explain`.
void explain_tooltip(const App& app, std::string_view key);

// The fit verdict in words and colour ("comfortable" green, "tight" amber, "no" red).
void fit_label(const App& app, Fit fit);

// "field: message", or just the message when it already names the field.
std::string issue_text(const Issue& issue);

// Width of the label column in the input panel, scaled for DPI.
float label_width(const App& app);

}  // namespace cardfit::ui
