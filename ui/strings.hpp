// UI strings in Chinese and English, from assets/i18n/strings.json (compiled in).
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "scenario.hpp"  // Lang

namespace cardfit::ui {

struct Strings {
  std::map<std::string, std::pair<std::string, std::string>, std::less<>> table;  // key -> (zh, en)
  std::string load_error;  // non-empty if strings.json was bad: keys are shown instead
};

Strings load_strings(std::string_view json_text);

// The text for `key` in `lang`; the key itself when missing (visible, never a crash).
const char* tr(const Strings& strings, Lang lang, std::string_view key);

}  // namespace cardfit::ui
