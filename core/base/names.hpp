// One table of names per enum: its spelling in JSON, links, the CLI and the JS API, plus the
// message that labels it on screen. Each enum that users or files name specialises
// EnumNames<E> next to its definition:
//   template <> struct EnumNames<Task> {
//     static constexpr std::array<Name<Task>, 6> list{{{Task::Inference, "inference", MsgId::task_inference}, ...}};
//   };
// The first entry of a value is its spelling; later entries with the same value are aliases
// that are read but never written ("adamw8bit" for "adamw-8bit").
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "messages.hpp"

namespace cardfit {

template <class E>
struct Name {
  E value;
  const char* name;
  MsgId label = MsgId::none;  // how the UI and sentences name it; none = the name itself
};

template <class E>
struct EnumNames;  // specialised per enum

// The spelling of `value`; "" when it has none (only a hand-built bad value).
template <class E>
std::string_view name_of(E value) {
  for (const Name<E>& n : EnumNames<E>::list) {
    if (n.value == value) return n.name;
  }
  return {};
}

template <class E>
MsgId label_of(E value) {
  for (const Name<E>& n : EnumNames<E>::list) {
    if (n.value == value) return n.label;
  }
  return MsgId::none;
}

// Exact spelling or alias; case-sensitive (JSON and links are exact; the CLI lowercases first).
template <class E>
std::optional<E> parse_name(std::string_view text) {
  for (const Name<E>& n : EnumNames<E>::list) {
    if (text == n.name) return n.value;
  }
  return std::nullopt;
}

// "inference, lora, qlora" (aliases left out), for messages and --help.
template <class E>
std::string names_list(std::string_view separator = ", ") {
  std::string out;
  const auto& list = EnumNames<E>::list;
  for (std::size_t i = 0; i < list.size(); ++i) {
    bool alias = false;
    for (std::size_t k = 0; k < i; ++k) alias = alias || list[k].value == list[i].value;
    if (alias) continue;
    if (!out.empty()) out += separator;
    out += list[i].name;
  }
  return out;
}

template <>
struct EnumNames<Lang> {
  static constexpr std::array<Name<Lang>, 2> list{{{Lang::En, "en", MsgId::lang_en}, {Lang::Zh, "zh", MsgId::lang_zh}}};
};

}  // namespace cardfit
