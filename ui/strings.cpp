#include "strings.hpp"

#include <nlohmann/json.hpp>

namespace cardfit::ui {

Strings load_strings(std::string_view json_text) {
  Strings s;
  const auto doc = nlohmann::json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (!doc.is_object()) {
    s.load_error = "strings.json is not a JSON object";
    return s;
  }
  for (const auto& [key, value] : doc.items()) {
    if (key == "schema") continue;
    const auto zh = value.find("zh");
    const auto en = value.find("en");
    if (!value.is_object() || zh == value.end() || en == value.end() || !zh->is_string() || !en->is_string()) {
      s.load_error = "strings.json: '" + key + "' needs string fields zh and en";
      continue;
    }
    s.table[key] = {zh->get<std::string>(), en->get<std::string>()};
  }
  return s;
}

const char* tr(const Strings& strings, Lang lang, std::string_view key) {
  const auto it = strings.table.find(key);
  if (it == strings.table.end()) {
    // Interned so the pointer stays valid; missing keys are a programmer's mistake that
    // a test catches (every key used by ui/ exists in strings.json).
    static std::map<std::string, std::string, std::less<>> missing;
    return missing.emplace(std::string(key), std::string(key)).first->second.c_str();
  }
  return lang == Lang::Zh ? it->second.first.c_str() : it->second.second.c_str();
}

}  // namespace cardfit::ui
