// The Embind API (JavaScript names in camelCase). Every function returns a plain object
// {ok, value, errors}: no C++ handles for JavaScript to .delete(), no exceptions.
// Inputs are the CLI's flag names as an object or a query string (core/io/url_state.hpp):
//   cardfit.estimate({model: 'qwen2.5-14b', precision: 'int4', context: '8k'})
//   cardfit.plan('model=llama-3.1-70b&precision=int8&budget-tier=3000-6000')
// NOTE: the functions JavaScript calls are web/api.js's: it reads the caller's input inside
// try/catch (a throwing getter, a Proxy, a cyclic object) and hands the raw functions below
// only strings, so no JavaScript exception ever unwinds through C++ (with exceptions off,
// one would leave the module's stack broken).
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

// Errors in the caller's language, the same {field, code, message} as the CLI's.
val failed(const std::vector<cardfit::Issue>& issues, cardfit::Lang lang) {
  val r = val::object();
  r.set("ok", false);
  r.set("value", val::null());
  r.set("errors", parse_json(cardfit::errors_to_json(issues, lang))["errors"]);
  return r;
}

// The bundled catalog, loaded once per module instance.
const cardfit::Result<cardfit::Catalog>& bundled() {
  static const auto catalog = cardfit::assets::bundled_catalog();
  return catalog;
}

// What api.js read from the caller: a query (an object's pairs are encoded as one), or the key
// whose value could not be used and what it was; `lang`: the caller's lang when it read.
struct Input {
  std::string query;
  std::string bad_key;   // "input" for the whole input
  std::string bad_type;  // "object", "unreadable object", ...
  cardfit::Lang lang = cardfit::Lang::En;
};

Input read_input(const std::string& query, const std::string& bad_key, const std::string& bad_type,
                 const std::string& lang) {
  Input in{query, bad_key, bad_type, cardfit::parse_name<cardfit::Lang>(lang).value_or(cardfit::Lang::En)};
  if (lang.empty()) {
    for (const auto& [k, v] : cardfit::decode_query(query)) {
      if (k == "lang") in.lang = cardfit::parse_name<cardfit::Lang>(v).value_or(in.lang);
    }
  }
  return in;
}

cardfit::Result<cardfit::PlanRequest> read_request(const Input& in) {
  using R = cardfit::Result<cardfit::PlanRequest>;
  if (in.bad_key == "input") return R::failure("input", cardfit::msg::err_js_input_type(in.bad_type));
  if (!in.bad_key.empty()) {
    const std::string key = in.bad_key.substr(0, 64);
    return R::failure(key, cardfit::msg::err_js_value_type(key, in.bad_type));
  }
  return cardfit::request_from_pairs_strict(cardfit::decode_query(in.query));
}

val catalog() {
  const auto& c = bundled();
  if (!c.ok()) return failed(c.errors, cardfit::Lang::En);
  return ok(parse_json(cardfit::catalog_to_json(*c.value)));
}

val raw_estimate(std::string query, std::string bad_key, std::string bad_type, std::string lang) {
  const Input in = read_input(query, bad_key, bad_type, lang);
  const auto& c = bundled();
  if (!c.ok()) return failed(c.errors, in.lang);
  const auto rq = read_request(in);
  if (!rq.ok()) return failed(rq.errors, in.lang);
  const auto e = cardfit::estimate(*c.value, rq.value->scenario);
  if (!e.ok()) return failed(e.errors, in.lang);
  return ok(parse_json(cardfit::estimate_to_json(*e.value, *c.value, rq.value->lang)));
}

val raw_plan(std::string query, std::string bad_key, std::string bad_type, std::string lang) {
  const Input in = read_input(query, bad_key, bad_type, lang);
  const auto& c = bundled();
  if (!c.ok()) return failed(c.errors, in.lang);
  const auto rq = read_request(in);
  if (!rq.ok()) return failed(rq.errors, in.lang);
  const auto p = cardfit::plan(*c.value, *rq.value);
  if (!p.ok()) return failed(p.errors, in.lang);
  return ok(parse_json(cardfit::plan_to_json(*p.value)));
}

// The canonical link query for an input ("v=1&model=..."), e.g. to build embed URLs.
val raw_state_query(std::string query, std::string bad_key, std::string bad_type, std::string lang) {
  const Input in = read_input(query, bad_key, bad_type, lang);
  const auto rq = read_request(in);
  if (!rq.ok()) return failed(rq.errors, in.lang);
  return ok(val(cardfit::encode_query(cardfit::request_to_pairs(*rq.value))));
}

double frame_count() { return static_cast<double>(cardfit_web_frame_count()); }
// [{label, x, y, w, h}] of the widgets drawn last frame (CSS px); starts recording on first call.
val items() {
  cardfit_web_wake();  // the list is filled by the frames drawn from now on
  return parse_json(cardfit_web_items(static_cast<float>(val::global("devicePixelRatio").as<double>())));
}
std::string ui_state() { return cardfit_web_state_query(); }
std::string version() { return cardfit::kVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(cardfit) {
  emscripten::function("version", &version);
  emscripten::function("frameCount", &frame_count);
  emscripten::function("uiState", &ui_state);
  emscripten::function("items", &items);
  emscripten::function("catalog", &catalog);
  emscripten::function("_rawEstimate", &raw_estimate);
  emscripten::function("_rawPlan", &raw_plan);
  emscripten::function("_rawStateQuery", &raw_state_query);
}
