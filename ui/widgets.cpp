#include "widgets.hpp"

#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "explain.hpp"
#include "numbers.hpp"
#include "platform.hpp"

namespace cardfit::ui {
namespace {

// [SECTION] Line breaking

// One UTF-8 code point at `s[i]`; advances `i`. Invalid bytes count as one character each.
char32_t next_char(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  int n = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : -1;
  if (n < 0 || (n > 0 && i + static_cast<std::size_t>(n) >= s.size())) {
    ++i;
    return b;
  }
  char32_t c = n == 0 ? b : n == 1 ? (b & 0x1F) : n == 2 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k <= n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
  i += static_cast<std::size_t>(n) + 1;
  return c;
}

bool is_cjk(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF);
}

// Kinsoku: punctuation that never starts a line, and that never ends one.
bool no_break_before(char32_t c) {
  static constexpr char32_t kClosing[] = {U'，', U'。', U'、', U'；', U'：', U'？', U'！', U'）', U'」', U'』',
                                          U'》', U'〉', U'】', U'”', U'’', U'％', U'…', U',', U'.', U';',
                                          U':', U'!', U'?', U')', U'%', U'/'};
  return std::find(std::begin(kClosing), std::end(kClosing), c) != std::end(kClosing);
}
bool no_break_after(char32_t c) {
  static constexpr char32_t kOpening[] = {U'（', U'「', U'『', U'《', U'〈', U'【', U'“', U'‘', U'(', U'/'};
  return std::find(std::begin(kOpening), std::end(kOpening), c) != std::end(kOpening);
}

bool is_alnum(char32_t c) { return (c >= U'0' && c <= U'9') || (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }

bool break_between(char32_t before, char32_t after) {
  if (after == U' ') return false;  // spaces stay at the end of the line they follow
  if (before == U' ') return true;
  if (is_cjk(before) && is_cjk(after)) return !no_break_before(after) && !no_break_after(before);
  // A number or word next to a Chinese character stays with it (an amount and its yuan unit read whole).
  if (is_cjk(before) || is_cjk(after)) {
    return !is_alnum(before) && !is_alnum(after) && !no_break_before(after) && !no_break_after(before);
  }
  return false;
}

std::string_view trim_end(std::string_view s) {
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Up to the right edge of the content region, or to ImGui's text wrap position when one is set
// (a framed box keeps its text off its border); then ImGui does not wrap the lines again.
float line_width() {
  float width = ImGui::GetContentRegionAvail().x;
  const float wrap_pos = ImGui::GetCurrentWindow()->DC.TextWrapPos;
  if (wrap_pos > 0.0f) width = std::min(width, wrap_pos - ImGui::GetCursorPosX());
  return std::max(width, ImGui::GetFontSize() * 4);
}

void text_lines(std::string_view text, const ImVec4* colour) {
  const float width = line_width();
  if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
  for (std::string_view line : wrap_lines(text, width)) {
    if (line.empty()) {
      ImGui::TextUnformatted("");
    } else {
      ImGui::TextUnformatted(line.data(), line.data() + line.size());
    }
  }
  if (colour) ImGui::PopStyleColor();
}

// [SECTION] Numbers

// Parses `text` for `input` (its kind's suffixes, its bounds); nullopt when fine.
std::optional<Issue> parse_input(const std::string& text, Input input, double& out) {
  const InputSpec& spec = input_spec(input);
  Result<double> r = parse_number(text, spec.field,
                                  spec.kind == InputKind::Tokens ? NumberStyle::Tokens : NumberStyle::Decimal);
  if (!r.ok()) return r.errors.front();
  const bool whole = spec.kind == InputKind::Integer || spec.kind == InputKind::Tokens;
  if (whole && *r.value != std::floor(*r.value)) {
    return Issue{spec.field, msg::err_number_not_whole(spec.field, text)};
  }
  if (std::optional<Issue> e = check_input(input, *r.value)) return e;
  out = *r.value;
  return std::nullopt;
}

bool number_row(App& app, MsgId label, std::string& text, Input input, double& out, const char* help) {
  row_label(app, T(app, label), help);
  ImGui::PushID(static_cast<int>(input));
  const bool edited = input_text(app, (std::string("##") + T(app, label)).c_str(), text, ImGuiInputTextFlags_CharsNoBlank);
  note_item(app, T(app, label));
  ImGui::PopID();
  if (std::optional<Issue> e = parse_input(text, input, out)) {
    wrapped(R(app, e->message), kRed);
    return false;
  }
  return edited;
}

Rect last_item_rect() {
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  return Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

void note_text_field(App& app) { app.text_fields.push_back(last_item_rect()); }

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

// [SECTION] Words

const char* T(const App& app, MsgId id) { return text(id, app.state.lang); }

std::string R(const App& app, const Message& message) { return render(message, app.state.lang); }

std::string issue_text(const App& app, const Issue& issue) { return cardfit::issue_text(issue, app.state.lang); }

// [SECTION] Wrapped text

std::vector<std::string_view> wrap_lines(std::string_view text, float width, CharAdvance advance, const void* font) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;                           // byte where the current line starts
  std::size_t last_break = std::string_view::npos; // latest byte where the line may end
  std::size_t last_soft = std::string_view::npos;  // ... between a number and its unit (if nothing else)
  float line_w = 0;
  char32_t prev = 0;
  char32_t word_end = 0;  // the last character before the latest space
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t at = i;
    const char32_t c = next_char(text, i);
    if (c == U'\n') {
      lines.push_back(trim_end(text.substr(start, at - start)));
      start = i;
      last_break = last_soft = std::string_view::npos;
      line_w = 0;
      prev = 0;
      continue;
    }
    // A number keeps its unit: "17.4 GB", "1,026 CNY/month" move to the next line whole.
    const bool unit = prev == U' ' && word_end >= U'0' && word_end <= U'9' && c > U'9';
    if (at > start && break_between(prev, c)) (unit ? last_soft : last_break) = at;
    if (c != U' ') word_end = c;
    line_w += advance(c, font);
    if (line_w > width && at > start && c != U' ') {
      const auto usable = [&start](std::size_t b) { return b != std::string_view::npos && b > start; };
      const std::size_t cut = usable(last_break) ? last_break : usable(last_soft) ? last_soft : at;
      lines.push_back(trim_end(text.substr(start, cut - start)));
      start = cut;
      while (start < text.size() && text[start] == ' ') ++start;
      // NOTE: a break after the cut stays usable: "RTX PRO 6000 Blackwell" cut before "6000" as
      // "B" overflowed keeps the break before "Blackwell" (it was lost: "6000 Blackwel / l").
      if (!usable(last_break)) last_break = std::string_view::npos;
      if (!usable(last_soft)) last_soft = std::string_view::npos;
      line_w = 0;
      for (std::size_t k = start; k < i;) line_w += advance(next_char(text, k), font);
    }
    prev = c;
  }
  if (start < text.size() || lines.empty()) lines.push_back(trim_end(text.substr(start)));
  return lines;
}

std::vector<std::string_view> wrap_lines(std::string_view text, float width) {
  return wrap_lines(text, width, [](char32_t c, const void* f) {
    const ImFont* font = static_cast<const ImFont*>(f);
    return font->GetCharAdvance(static_cast<ImWchar>(c <= 0xFFFF ? c : U'?')) * ImGui::GetFontSize() / font->FontSize;
  }, ImGui::GetFont());
}

void wrapped(std::string_view text, const ImVec4* colour) { text_lines(text, colour); }
void wrapped(std::string_view text, const ImVec4& colour) { text_lines(text, &colour); }
void wrapped_disabled(std::string_view text) { text_lines(text, &ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]); }

void bullet(std::string_view text, const ImVec4* colour) {
  ImGui::Bullet();
  ImGui::SameLine();
  ImGui::BeginGroup();
  text_lines(text, colour);
  ImGui::EndGroup();
}

// [SECTION] Text boxes

bool input_text(App& app, const char* id, std::string& text, ImGuiInputTextFlags flags) {
  const bool changed = ImGui::InputText(id, &text, flags);
  note_text_field(app);
  return changed;
}

bool input_multiline(App& app, const char* id, std::string& text, const ImVec2& size) {
  const bool changed = ImGui::InputTextMultiline(id, &text, size);
  note_text_field(app);
  return changed;
}

bool input_with_hint(App& app, const char* id, const char* hint, std::string& text) {
  const bool changed = ImGui::InputTextWithHint(id, hint, &text);
  note_text_field(app);
  return changed;
}

// [SECTION] Rows

void note_item(App& app, const std::string& label) { app.labelled.emplace_back(label, last_item_rect()); }

void row_label(App& app, const char* text, const char* help) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float help_w = help ? ImGui::CalcTextSize("(?)").x + style.ItemSpacing.x : 0.0f;
  const float need = ImGui::CalcTextSize(text).x + help_w + style.ItemSpacing.x * 2;
  app.label_width_next = std::max(app.label_width_next, need);
  const float column = std::max(app.label_width, need);
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool stacked = column > avail * 0.55f;  // the widget would be squeezed: label above it
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  if (help) help_marker(help);
  if (!stacked) ImGui::SameLine(column);
  ImGui::SetNextItemWidth(-1);
}

bool number_input(App& app, MsgId label, std::string& text, Input input, std::int64_t& value, const char* help) {
  double v = static_cast<double>(value);
  if (!number_row(app, label, text, input, v, help)) return false;
  value = static_cast<std::int64_t>(v);
  return true;
}

bool number_input(App& app, MsgId label, std::string& text, Input input, double& value, const char* help) {
  return number_row(app, label, text, input, value, help);
}

bool optional_number_input(App& app, MsgId label, std::string& text, Input input, double& value, double unset,
                           const char* help) {
  if (!text.empty()) {
    const bool changed = number_row(app, label, text, input, value, help);
    if (!text.empty()) return changed;
    value = unset;  // emptied this frame: back to the default
    return true;
  }
  row_label(app, T(app, label), help);
  ImGui::PushID(static_cast<int>(input));
  const bool edited = input_text(app, (std::string("##") + T(app, label)).c_str(), text, ImGuiInputTextFlags_CharsNoBlank);
  note_item(app, T(app, label));
  ImGui::PopID();
  if (!edited) return false;
  if (text.empty()) {
    value = unset;
    return true;
  }
  double v = 0;
  if (parse_input(text, input, v)) return false;
  value = v;
  return true;
}

bool id_combo(App& app, const char* label, std::string& id, const Items& items, bool searchable) {
  const char* preview = id.c_str();
  for (const auto& [item_id, item_label] : items) {
    if (item_id == id) preview = item_label.c_str();
  }
  bool changed = false;
  const bool open = ImGui::BeginCombo(label, preview, ImGuiComboFlags_HeightLargest);
  note_item(app, label[0] == '#' && label[1] == '#' ? label + 2 : label);
  if (!open) return false;
  const std::string* filter = nullptr;
  if (searchable) {
    // The search box stays at the top; the list under it scrolls.
    if (ImGui::IsWindowAppearing()) {
      app.combo_filter.clear();
      if (!app.touch_input) ImGui::SetKeyboardFocusHere();  // a phone's keyboard would hide the list
    }
    ImGui::SetNextItemWidth(-1);
    input_with_hint(app, "##filter", T(app, MsgId::ui_search_hint), app.combo_filter);
    note_item(app, "filter");
    filter = &app.combo_filter;
  }
  const std::string needle = filter ? lower(*filter) : std::string();
  // Other names people search by (Qwen by its Chinese name): "family=name name;..." in the message table.
  std::vector<std::string> families;  // ids starting with these also match the needle
  const std::string aliases = T(app, MsgId::ui_search_aliases);
  for (std::size_t at = 0; !needle.empty() && at < aliases.size();) {
    const std::size_t end = std::min(aliases.find(';', at), aliases.size());
    const std::string entry = aliases.substr(at, end - at);
    const std::size_t eq = entry.find('=');
    if (eq != std::string::npos && lower(entry.substr(eq + 1)).find(needle) != std::string::npos) {
      families.push_back(entry.substr(0, eq));
    }
    at = end + 1;
  }
  auto matches = [&needle, &families](const std::pair<std::string, std::string>& item) {
    if (needle.empty() || lower(item.first).find(needle) != std::string::npos ||
        lower(item.second).find(needle) != std::string::npos) {
      return true;
    }
    return std::any_of(families.begin(), families.end(), [&item](const std::string& f) { return item.first.rfind(f, 0) == 0; });
  };
  int shown = 0;
  for (const auto& item : items) shown += matches(item) ? 1 : 0;
  // Long lists get room: up to 12 rows, or 60% of the screen on a phone.
  const float row = ImGui::GetTextLineHeightWithSpacing();
  const float rows = std::min({12.0f, static_cast<float>(std::max(shown, 1)),
                               ImGui::GetIO().DisplaySize.y * 0.6f / row});
  const bool appearing = ImGui::IsWindowAppearing();
  ImGui::BeginChild("##list", ImVec2(0, rows * row + ImGui::GetStyle().WindowPadding.y));
  for (const auto& [item_id, item_label] : items) {
    if (!matches({item_id, item_label})) continue;
    const bool selected = item_id == id;
    if (ImGui::Selectable(item_label.c_str(), selected) && !selected) {
      id = item_id;
      changed = true;
      ImGui::CloseCurrentPopup();
    }
    if (selected && appearing) ImGui::SetScrollHereY();
  }
  if (shown == 0) ImGui::TextDisabled("%s", T(app, MsgId::ui_search_none));
  ImGui::EndChild();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();  // as a browser's list
  // Enter picks the only match left.
  if (searchable && shown == 1 && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
    for (const auto& item : items) {
      if (!matches(item)) continue;
      changed = item.first != id;
      id = item.first;
    }
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndCombo();
  return changed;
}

// [SECTION] Tooltips and labels

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) tooltip_lines({text});
}

void tooltip_lines(const std::vector<std::string>& lines) {
  ImGui::BeginTooltip();
  const float width = std::min(ImGui::GetFontSize() * 30.0f, ImGui::GetIO().DisplaySize.x * 0.8f);
  ImGui::Dummy(ImVec2(width, 0));
  for (const std::string& line : lines) {
    for (std::string_view l : wrap_lines(line, width)) ImGui::TextUnformatted(l.data(), l.data() + l.size());
  }
  ImGui::EndTooltip();
}

void explain_tooltip(const App& app, std::string_view key) {
  if (!ImGui::IsItemHovered() || !app.derived.focus) return;
  for (const Explanation& x : app.derived.focus->explain) {
    if (x.key != key) continue;
    std::vector<std::string> lines{R(app, x.quantity), R(app, x.formula), R(app, x.substituted)};
    for (const std::string& ref : x.sources) lines.push_back(R(app, cite(app.catalog, ref)));
    tooltip_lines(lines);
    return;
  }
}

const ImVec4& fit_colour(Fit fit) {
  switch (fit) {
    case Fit::Comfortable: return kGreen;
    case Fit::Tight: return kAmber;
    case Fit::No: return kRed;
  }
  return kRed;
}

void fit_label(const App& app, Fit fit) {
  const MsgId id = fit == Fit::Comfortable ? MsgId::fit_comfortable : fit == Fit::Tight ? MsgId::fit_tight : MsgId::fit_no;
  ImGui::TextColored(fit_colour(fit), "%s", T(app, id));
}

bool button_inline(const char* label) {
  const float w = ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
  return ImGui::Button(label);
}

void box_begin() {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  const float pad = ImGui::GetStyle().FramePadding.x;
  ImGui::Dummy(ImVec2(0, pad * 0.5f));
  ImGui::Indent(pad);
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - pad);
}

void box_end(const ImVec4& background, const ImVec4& border) {
  const float pad = ImGui::GetStyle().FramePadding.x;
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  const float top = ImGui::GetItemRectMin().y - pad * 0.5f;
  const float bottom = ImGui::GetItemRectMax().y + pad * 0.5f;
  ImGui::Unindent(pad);
  ImGui::Dummy(ImVec2(0, pad * 0.5f));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSetCurrent(0);
  const ImVec2 min(ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMin().x, top);
  const ImVec2 max(ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x, bottom);
  draw->AddRectFilled(min, max, ImGui::GetColorU32(background), ImGui::GetStyle().FrameRounding);
  draw->AddRect(min, max, ImGui::GetColorU32(border), ImGui::GetStyle().FrameRounding);
  draw->ChannelsMerge();
}

void source_line(App& app, const std::string& text, const std::string& url) {
  ImGui::BeginGroup();
  wrapped(text);
  ImGui::EndGroup();
  if (url.empty()) return;
  ImGui::PushID(url.c_str());
  if (button_inline(T(app, MsgId::ui_open_link))) platform::open_url(url);
  if (ImGui::IsItemHovered()) tooltip_lines({url});
  ImGui::PopID();
}

}  // namespace cardfit::ui
