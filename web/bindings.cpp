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

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cardfit_version.hpp"
#include "app.hpp"
#include "capability.hpp"
#include "capability_json.hpp"
#include "catalog_load.hpp"
#include "catalog_write.hpp"
#include "embedded.hpp"
#include "fonts.hpp"
#include "limits.hpp"
#include "estimate_json.hpp"
#include "messages.hpp"
#include "plan_json.hpp"
#include "platform.hpp"
#include "url_state.hpp"
#include "user_file.hpp"
#include "web_state.hpp"

namespace {
using emscripten::val;

// UTF-8 text -> a JavaScript string (and JSON text -> a JavaScript value). The text goes over as
// bytes for one TextDecoder: Embind's own std::string conversion looks for NULs byte by byte in
// JavaScript (an eighth of an estimate({}) call). The writers' text is valid UTF-8 (json_writer.hpp).
val decode_text(const std::string& text) {
  static const val decoder = val::global("TextDecoder").new_();
  const val bytes(emscripten::typed_memory_view(text.size(), reinterpret_cast<const unsigned char*>(text.data())));
  return decoder.call<val>("decode", bytes);
}
val parse_json(const std::string& text) { return val::global("JSON").call<val>("parse", decode_text(text)); }

val ok(val value) {
  val r = val::object();
  r.set("ok", true);
  r.set("value", value);
  r.set("errors", val::array());
  return r;
}

// An answer's JSON text as a JavaScript object, or as the text itself when the caller asked for
// it (`json: true`: the text of `cardfit estimate --json`, without JSON.parse, which is about two
// fifths of an estimate({}) call).
val answer(const std::string& text, bool json) { return ok(json ? decode_text(text) : parse_json(text)); }

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

// A vendor's overlay on the bundled catalog (setOverlay), and what the page must show about
// the last one that failed (the bundled catalog then stays in use).
struct Overlay {
  std::optional<cardfit::Result<cardfit::Catalog>> applied;  // bundled + the last overlay that worked
  std::vector<cardfit::Issue> notice;
  std::size_t shown = 0;  // issues of `notice` last put at the end of the page's notices
  std::optional<cardfit::Message> loaded;  // "Loaded overlay URL: ...", listed with the files
};
Overlay& overlay() {
  static Overlay o;
  return o;
}

// The catalog the API and the page answer from.
const cardfit::Result<cardfit::Catalog>& current() { return overlay().applied ? *overlay().applied : bundled(); }

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

// `catalog`'s models give a parameter count its shape.
cardfit::Result<cardfit::PlanRequest> read_request(const Input& in, const cardfit::Catalog& catalog) {
  using R = cardfit::Result<cardfit::PlanRequest>;
  // api.js measures the request before copying it here ("input:too_big"); the bytes are checked again.
  if (in.bad_key == "input:too_big" || in.query.size() > cardfit::kMaxRequestBytes) {
    return R::failure("input", cardfit::msg::err_js_too_big(std::to_string(cardfit::kMaxRequestBytes >> 20)));
  }
  if (in.bad_key == "input") return R::failure("input", cardfit::msg::err_js_input_type(in.bad_type));
  if (!in.bad_key.empty()) {
    const std::string key = in.bad_key.substr(0, 64);
    return R::failure(key, cardfit::msg::err_js_value_type(key, in.bad_type));
  }
  return cardfit::request_from_pairs_strict(catalog, cardfit::decode_query(in.query));
}

val catalog() {
  const auto& c = current();
  if (!c.ok()) return failed(c.errors, cardfit::Lang::En);
  return ok(parse_json(cardfit::catalog_to_json(*c.value)));
}

// `explain`: fill "explain" with the formulas and their numbers (the caller's explain: true);
// `json`: the answer as JSON text (json: true).
val raw_estimate(std::string query, std::string bad_key, std::string bad_type, std::string lang, bool explain, bool json) {
  const Input in = read_input(query, bad_key, bad_type, lang);
  const auto& c = current();
  if (!c.ok()) return failed(c.errors, in.lang);
  auto rq = read_request(in, *c.value);
  if (!rq.ok()) return failed(rq.errors, in.lang);
  rq.value->scenario.explain = explain;
  const auto e = cardfit::estimate(*c.value, rq.value->scenario);
  if (!e.ok()) return failed(e.errors, in.lang);
  return answer(cardfit::estimate_to_json(*e.value, *c.value, rq.value->lang), json);
}

// What one GPU x cards can do (`cardfit capacity --json`); "gpu" is an error when none is named.
val raw_capacity(std::string query, std::string bad_key, std::string bad_type, std::string lang, bool, bool json) {
  const Input in = read_input(query, bad_key, bad_type, lang);
  const auto& c = current();
  if (!c.ok()) return failed(c.errors, in.lang);
  const auto rq = read_request(in, *c.value);
  if (!rq.ok()) return failed(rq.errors, in.lang);
  const auto k = cardfit::card_capabilities(*c.value, rq.value->scenario);
  if (!k.ok()) return failed(k.errors, in.lang);
  return answer(cardfit::capability_to_json(*k.value, *c.value, rq.value->lang), json);
}

val raw_plan(std::string query, std::string bad_key, std::string bad_type, std::string lang, bool, bool json) {
  const Input in = read_input(query, bad_key, bad_type, lang);
  const auto& c = current();
  if (!c.ok()) return failed(c.errors, in.lang);
  const auto rq = read_request(in, *c.value);
  if (!rq.ok()) return failed(rq.errors, in.lang);
  const auto p = cardfit::plan(*c.value, *rq.value);
  if (!p.ok()) return failed(p.errors, in.lang);
  return answer(cardfit::plan_to_json(*p.value), json);
}

// The canonical link query for an input ("v=2&m=..."), e.g. to build embed URLs.
val raw_state_query(std::string query, std::string bad_key, std::string bad_type, std::string lang, bool, bool) {
  const Input in = read_input(query, bad_key, bad_type, lang);
  const auto& c = current();
  if (!c.ok()) return failed(c.errors, in.lang);
  const auto rq = read_request(in, *c.value);
  if (!rq.ok()) return failed(rq.errors, in.lang);
  return ok(val(cardfit::encode_query(cardfit::request_to_pairs(*rq.value))));
}

// The page's UI takes the current catalog and shows the overlay's problems (if any).
void overlay_to(cardfit::ui::App& app) {
  const auto& c = current();
  if (c.ok()) {
    app.catalog = cardfit::Catalog(*c.value);  // a copy moved in: no Catalog copy-assignment in the page (docs/web.md)
    app.catalog_errors.clear();
  }
  cardfit::ui::app_catalog_changed(app);  // the link's ids and a vendor kit's platform may be its overlay's
  // Under the link's own notices: the last overlay's problems replace those of the one before.
  std::vector<cardfit::Issue>& shown = app.state_notice;
  const std::size_t old = std::min(shown.size(), overlay().shown);
  shown.erase(shown.end() - static_cast<std::ptrdiff_t>(old), shown.end());
  shown.insert(shown.end(), overlay().notice.begin(), overlay().notice.end());
  overlay().shown = overlay().notice.size();
  // Listed with the files the reader dropped or picked: the text view shows what data is in use.
  if (overlay().loaded) {
    auto& files = app.files_loaded;
    const std::string said = cardfit::render(*overlay().loaded, cardfit::Lang::En);
    files.erase(std::remove_if(files.begin(), files.end(),
                               [&](const cardfit::Message& m) { return cardfit::render(m, cardfit::Lang::En) == said; }),
                files.end());
    files.insert(files.begin(), *overlay().loaded);
  }
  app.dirty = true;
}

// setOverlay (api.js): `text`, a catalog overlay (docs/catalog.md) from `source`, on top of the
// bundled catalog; `problem` "origin" / "unreadable" when the page could not fetch it.
// On any problem the bundled catalog stays in use and the page lists why.
val raw_set_overlay(std::string text, std::string source, std::string problem, std::string detail, std::string lang) {
  const cardfit::ui::App* app = cardfit_web_app();
  const cardfit::Lang l = app ? app->state.lang : cardfit::parse_name<cardfit::Lang>(lang).value_or(cardfit::Lang::En);
  std::vector<cardfit::Issue> issues;
  if (problem == "origin") {
    issues.push_back({"overlay", cardfit::msg::web_overlay_other_origin(source)});
  } else if (problem == "unreadable") {
    issues.push_back({"overlay", cardfit::msg::web_overlay_unreadable(source, detail)});
  } else if (problem == "too_big" || text.size() > cardfit::kMaxFileBytes) {
    issues.push_back({"overlay", cardfit::msg::files_too_big(source, std::to_string(cardfit::kMaxFileMb))});
  } else if (!bundled().ok()) {
    return failed(bundled().errors, l);
  } else {
    auto r = cardfit::apply_overlay(*bundled().value, cardfit::CatalogFile{source, text});
    if (r.ok()) {
      overlay().applied = std::move(r);
      overlay().notice.clear();
      overlay().loaded = cardfit::overlay_summary(source, text);
      if (cardfit::ui::App* a = cardfit_web_app_mut()) overlay_to(*a);
      cardfit_web_wake();
      return ok(val(true));
    }
    issues = std::move(r.errors);
  }
  issues.insert(issues.begin(), cardfit::Issue{"overlay", cardfit::msg::web_overlay_not_applied(source)});
  overlay().notice = issues;
  overlay().loaded.reset();
  if (cardfit::ui::App* a = cardfit_web_app_mut()) overlay_to(*a);
  cardfit_web_wake();
  return failed(issues, l);
}

// openFiles (api.js): files dropped on the page or picked with its file button, handed over
// one by one (_rawAddFile: name, text, whether the browser could read it; strings only), then
// opened in the page's app in order (_rawOpenFiles, ui::app_open_files). An overlay that loads
// is laid over the catalog in use and the API answers from it too.
// -> {ok, value: [{name, kind, ok}], errors: the problems of those that did not}.
std::vector<cardfit::ui::UserFile>& pending_files() {
  static std::vector<cardfit::ui::UserFile> files;
  return files;
}

// `too_big`: api.js found it over kMaxFileBytes and copied none of it.
void raw_add_file(std::string name, std::string text, bool readable, bool too_big) {
  too_big = too_big || text.size() > cardfit::kMaxFileBytes;
  pending_files().push_back({std::move(name), readable && !too_big ? std::optional(std::move(text)) : std::nullopt, too_big});
}

val raw_open_files() {
  const std::vector<cardfit::ui::UserFile> files = std::move(pending_files());
  pending_files().clear();
  cardfit::ui::App* app = cardfit_web_app_mut();
  if (!app) return failed({cardfit::Issue{"files", cardfit::msg::files_no_page()}}, cardfit::Lang::En);
  const auto outcomes = cardfit::ui::app_open_files(*app, files);
  bool overlay_loaded = false;
  val list = val::array();
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    val o = val::object();
    o.set("name", files[i].name);
    o.set("kind", std::string(cardfit::name_of(outcomes[i].kind)));
    o.set("ok", outcomes[i].ok);
    list.call<void>("push", o);
    overlay_loaded |= outcomes[i].ok && outcomes[i].kind == cardfit::FileKind::Overlay;
  }
  if (overlay_loaded) {
    overlay().applied = cardfit::Result<cardfit::Catalog>::success(app->catalog);
    overlay().notice.clear();
    overlay_to(*app);
  }
  cardfit_web_wake();
  if (!app->file_errors.empty()) {
    val r = failed(app->file_errors, app->state.lang);
    r.set("value", list);
    return r;
  }
  return ok(list);
}

double frame_count() { return static_cast<double>(cardfit_web_frame_count()); }
// [{label, x, y, w, h}] of the widgets drawn last frame (CSS px); starts recording on first call.
val items() {
  cardfit_web_wake();  // the list is filled by the frames drawn from now on
  return parse_json(cardfit_web_items(static_cast<float>(val::global("devicePixelRatio").as<double>())));
}
std::string ui_state() { return cardfit_web_state_query(); }
std::string version() { return cardfit::kVersion; }

// Each input's key in a version-2 link by its long key ({model: 'm', 'budget-tier': 'b', ...}): the
// HTML view's form (index.html) reads and clears a link's inputs by these, from the one key table
// (core/io/url_state.cpp), so a key changed there cannot leave the page behind.
val link_keys() {
  val keys = val::object();
  for (const cardfit::InputSpec& spec : cardfit::input_specs()) {
    keys.set(spec.key, std::string(cardfit::link_key(spec.id)));
  }
  return keys;
}

// The page's HTML view (index.html: no WebGL2, or a lost context): the link's scenario in the
// page's app, computed and published as the text view, as a frame of the canvas would; with
// `remember`, the page's URL follows (a new history entry). -> the scenario as a link query.
std::string show_link(std::string query, bool remember) {
  cardfit::ui::App* app = cardfit_web_app_mut();
  if (!app) return std::string();
  cardfit::ui::app_open_link(*app, query);
  if (remember) {
    app->published_state.clear();
    app->discrete = true;
  }
  cardfit::ui::app_compute(*app);
  cardfit::ui::platform::publish_result(*app);
  app->published = true;
  cardfit_web_wake();
  return app->published_state;
}

}  // namespace

void cardfit_web_overlay_to_app(cardfit::ui::App& app) {
  if (overlay().applied || !overlay().notice.empty()) overlay_to(app);
}

EMSCRIPTEN_BINDINGS(cardfit) {
  emscripten::function("version", &version);
  emscripten::function("frameCount", &frame_count);
  emscripten::function("uiState", &ui_state);
  emscripten::function("items", &items);
  emscripten::function("catalog", &catalog);
  emscripten::function("_rawEstimate", &raw_estimate);
  emscripten::function("_rawPlan", &raw_plan);
  emscripten::function("_rawCapacity", &raw_capacity);
  emscripten::function("_rawStateQuery", &raw_state_query);
  emscripten::function("_rawSetOverlay", &raw_set_overlay);
  emscripten::function("_rawAddFile", &raw_add_file);
  emscripten::function("_rawOpenFiles", &raw_open_files);
  emscripten::function("_vendorLogo", &cardfit_web_vendor_logo);  // index.html: a kit's logo file
  emscripten::function("_logoDecoded", &cardfit_web_logo_decoded);  // library_cardfit.js cardfit_js_logo
  emscripten::function("_showLink", &show_link);
  emscripten::function("_linkKeys", &link_keys);
  // The loading skeleton's first result for a link query and a language, as JSON text ("" when
  // that scenario has errors): tools/prebake_page.mjs and web/tests/prebake.test.mjs.
  emscripten::function("_preview", &cardfit_web_preview_json);
  // The em (px) of the browser-drawn glyphs at devicePixelRatio 1 (ui/fonts.cpp), which
  // tools/prebake_page.mjs writes into the page for web/glyphs_pre.js's early drawing.
  emscripten::function("_glyphEm", +[] { return cardfit::ui::system_glyph_em(1.0f); });
  // limits.hpp, for api.js and the page: sizes checked before anything is copied into the module.
  emscripten::constant("maxFileBytes", static_cast<double>(cardfit::kMaxFileBytes));
  emscripten::constant("maxFilesAtOnce", static_cast<double>(cardfit::kMaxFilesAtOnce));
  emscripten::constant("maxRequestBytes", static_cast<double>(cardfit::kMaxRequestBytes));
}
