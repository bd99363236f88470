#include "web_input.hpp"

namespace cardfit::web {
namespace {
template <std::size_t N>
void object(std::string& out, const char* key, const Named (&items)[N]) {
  out += '"';
  out += key;
  out += "\":{";
  for (std::size_t i = 0; i < N; ++i) {
    if (i) out += ',';
    out += '"';
    out += items[i].name;  // letters, digits and underscores only: nothing to escape
    out += "\":";
    out += std::to_string(items[i].value);
  }
  out += '}';
}
}  // namespace

std::string input_table_json() {
  std::string out = "{";
  object(out, "events", kEvents);
  out += ',';
  object(out, "mods", kMods);
  out += ',';
  object(out, "keys", kKeys);
  out += ',';
  object(out, "letters", kLetters);
  out += '}';
  return out;
}

}  // namespace cardfit::web
