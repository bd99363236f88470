// The Embind API (JavaScript names in camelCase). Every function returns a plain object
// {ok, value, errors}: no C++ handles for JavaScript to .delete(), no exceptions.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <nlohmann/json.hpp>
#include <string>

#include "catalog_load.hpp"
#include "embedded.hpp"
#include "web_state.hpp"

namespace {
using emscripten::val;
using nlohmann::json;

val to_val(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return val::null();
    case json::value_t::boolean: return val(j.get<bool>());
    case json::value_t::number_integer: return val(static_cast<double>(j.get<std::int64_t>()));
    case json::value_t::number_unsigned: return val(static_cast<double>(j.get<std::uint64_t>()));
    case json::value_t::number_float: return val(j.get<double>());
    case json::value_t::string: return val(j.get<std::string>());
    case json::value_t::array: {
      val a = val::array();
      unsigned i = 0;
      for (const auto& x : j) a.set(i++, to_val(x));
      return a;
    }
    case json::value_t::object: {
      val o = val::object();
      for (const auto& [k, v] : j.items()) o.set(k, to_val(v));
      return o;
    }
    default: return val::undefined();
  }
}

json issues_json(const std::vector<cardfit::Issue>& issues) {
  json a = json::array();
  for (const auto& i : issues) a.push_back({{"field", i.field}, {"message", i.message}});
  return a;
}

val ok(const json& value) { return to_val({{"ok", true}, {"value", value}, {"errors", json::array()}}); }
val failed(const std::vector<cardfit::Issue>& issues) {
  return to_val({{"ok", false}, {"value", nullptr}, {"errors", issues_json(issues)}});
}

// The bundled catalog, loaded once per module instance.
const cardfit::Result<cardfit::Catalog>& bundled() {
  static const auto catalog = cardfit::assets::bundled_catalog();
  return catalog;
}

val catalog() {
  const auto& c = bundled();
  if (!c.ok()) return failed(c.errors);
  return ok(json::parse(cardfit::catalog_to_json(*c.value), nullptr, false));
}

double frame_count() { return static_cast<double>(cardfit_web_frame_count()); }
std::string version() { return "0.1.0"; }

}  // namespace

EMSCRIPTEN_BINDINGS(cardfit) {
  emscripten::function("version", &version);
  emscripten::function("frameCount", &frame_count);
  emscripten::function("catalog", &catalog);
}
