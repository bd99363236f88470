// The Embind API (JavaScript names in camelCase). Every function returns a plain object
// {ok, value, errors}: no C++ handles for JavaScript to .delete(), no exceptions.
// Inputs are the CLI's flag names as an object or a query string (core/url_state.hpp):
//   cardfit.estimate({model: 'qwen2.5-14b', precision: 'int4', context: '8k'})
//   cardfit.plan('model=llama-3.1-70b&precision=int8&budget-tier=3000-6000')
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "cardfit_version.hpp"
#include "catalog_write.hpp"
#include "embedded.hpp"
#include "estimate_json.hpp"
#include "messages.hpp"
#include "plan_json.hpp"
#include "url_state.hpp"
#include "web_state.hpp"

namespace {
using emscripten::val;

val parse_json(const std::string& text) { return val::global("JSON").call<val>("parse", text); }

val ok(val value) {
  val r = val::object();
  r.set("ok", true);
  r.set("value", value);
  r.set("errors", val::array());
  return r;
}

// Errors in the caller's language (its `lang`), the same {field, code, message} as the CLI's.
val failed(const std::vector<cardfit::Issue>& issues, cardfit::Lang lang) {
  val r = val::object();
  r.set("ok", false);
  r.set("value", val::null());
  r.set("errors", parse_json(cardfit::errors_to_json(issues, lang))["errors"]);
  return r;
}

// The language asked for by an input object or query ("lang"), English when none is readable.
cardfit::Lang lang_of(const val& input) {
  const std::string type = input.typeOf().as<std::string>();
  std::string lang;
  if (type == "string") {
    for (const auto& [k, v] : cardfit::decode_query(input.as<std::string>())) {
      if (k == "lang") lang = v;
    }
  } else if (type == "object" && !input.isNull() && input["lang"].typeOf().as<std::string>() == "string") {
    lang = input["lang"].as<std::string>();
  }
  return cardfit::parse_name<cardfit::Lang>(lang).value_or(cardfit::Lang::En);
}

// The bundled catalog, loaded once per module instance.
const cardfit::Result<cardfit::Catalog>& bundled() {
  static const auto catalog = cardfit::assets::bundled_catalog();
  return catalog;
}

// A query string, or an object whose values are strings, numbers, booleans or arrays
// (joined with commas), -> the request; anything else is an error naming the key.
cardfit::Result<cardfit::PlanRequest> read_request(const val& input) {
  const std::string type = input.typeOf().as<std::string>();
  if (type == "string") return cardfit::request_from_pairs_strict(cardfit::decode_query(input.as<std::string>()));
  if (type == "undefined") return cardfit::Result<cardfit::PlanRequest>::success({});
  if (type != "object" || input.isNull()) {
    return cardfit::Result<cardfit::PlanRequest>::failure("input", cardfit::msg::err_js_input_type(type));
  }
  cardfit::KeyValues pairs;
  const val keys = val::global("Object").call<val>("keys", input);
  const unsigned n = keys["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    const val v = input[key];
    const std::string vt = v.typeOf().as<std::string>();
    if (vt == "string" || vt == "number" || vt == "boolean") {
      pairs.emplace_back(key, val::global("String")(v).as<std::string>());
    } else if (val::global("Array").call<bool>("isArray", v)) {
      pairs.emplace_back(key, v.call<std::string>("join", std::string(",")));
    } else {
      return cardfit::Result<cardfit::PlanRequest>::failure(key, cardfit::msg::err_js_value_type(key, vt));
    }
  }
  return cardfit::request_from_pairs_strict(pairs);
}

val catalog() {
  const auto& c = bundled();
  if (!c.ok()) return failed(c.errors, cardfit::Lang::En);
  return ok(parse_json(cardfit::catalog_to_json(*c.value)));
}

val estimate(val input) {
  const cardfit::Lang lang = lang_of(input);
  const auto& c = bundled();
  if (!c.ok()) return failed(c.errors, lang);
  const auto rq = read_request(input);
  if (!rq.ok()) return failed(rq.errors, lang);
  const auto e = cardfit::estimate(*c.value, rq.value->scenario);
  if (!e.ok()) return failed(e.errors, lang);
  return ok(parse_json(cardfit::estimate_to_json(*e.value, *c.value, rq.value->lang)));
}

val plan(val input) {
  const cardfit::Lang lang = lang_of(input);
  const auto& c = bundled();
  if (!c.ok()) return failed(c.errors, lang);
  const auto rq = read_request(input);
  if (!rq.ok()) return failed(rq.errors, lang);
  const auto p = cardfit::plan(*c.value, *rq.value);
  if (!p.ok()) return failed(p.errors, lang);
  return ok(parse_json(cardfit::plan_to_json(*p.value)));
}

// The canonical link query for an input ("v=1&model=..."), e.g. to build embed URLs.
val state_query(val input) {
  const auto rq = read_request(input);
  if (!rq.ok()) return failed(rq.errors, lang_of(input));
  return ok(val(cardfit::encode_query(cardfit::request_to_pairs(*rq.value))));
}

double frame_count() { return static_cast<double>(cardfit_web_frame_count()); }
std::string ui_state() { return cardfit_web_state_query(); }
std::string version() { return cardfit::kVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(cardfit) {
  emscripten::function("version", &version);
  emscripten::function("frameCount", &frame_count);
  emscripten::function("uiState", &ui_state);
  emscripten::function("catalog", &catalog);
  emscripten::function("estimate", &estimate);
  emscripten::function("plan", &plan);
  emscripten::function("stateQuery", &state_query);
}
