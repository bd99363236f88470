// ui::platform for the web page: settings in localStorage, the scenario in the URL (pushState
// for choices, replaceState for typing), the browser's clipboard and downloads, links in new tabs, and the
// DOM mirror: the current result as accessible HTML (JavaScript in library_cardfit.js renders
// the JSON built here from the same texts the canvas shows).
#include <nlohmann/json.hpp>

#include <set>

#include "card_render.hpp"
#include "chart_text.hpp"
#include "explain.hpp"
#include "measured.hpp"
#include "format.hpp"
#include "option_text.hpp"
#include "panels.hpp"
#include "platform.hpp"
#include "result_text.hpp"
#include "sources.hpp"
#include "vendor_files.hpp"
#include "web_js.hpp"
#include "web_state.hpp"
#include "widgets.hpp"

namespace cardfit::ui::platform {
namespace {

using json = nlohmann::json;  // the instantiation the catalog reader uses (the JavaScript reads by key)

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json labels(const App& app) {
  json l;
  for (const auto& [key, id] : std::initializer_list<std::pair<const char*, MsgId>>{
           {"title", MsgId::app_title},
           {"tagline", MsgId::app_tagline},
           {"text_view", MsgId::ui_text_view},
           {"close", MsgId::ui_close_text_view},
           {"pick", MsgId::sum_pick},
           {"no_pick", MsgId::sum_no_pick},
           {"memory", MsgId::sum_memory_total},
           {"options", MsgId::tab_plan},
           {"charts", MsgId::tab_charts},
           {"alternatives", MsgId::opt_alternatives},
           {"warnings", MsgId::col_warnings},
           {"sources", MsgId::tab_sources},
           {"notice", MsgId::sum_link_notice},
           {"canvas", MsgId::ui_canvas_label},
           {"link", MsgId::ui_copy_link},
           {"launch", MsgId::launch_title},
           {"verify", MsgId::verify_title},
           {"verify_how", MsgId::verify_how},
           {"capability", MsgId::cap_title}}) {
    l[key] = T(app, id);
  }
  json columns = json::array();
  for (MsgId c : {MsgId::col_gpu, MsgId::col_platform, MsgId::col_term, MsgId::col_monthly, MsgId::col_budget,
                  MsgId::col_fit, MsgId::col_speed_or_job, MsgId::col_warnings}) {
    columns.push_back(T(app, c));
  }
  l["columns"] = std::move(columns);
  return l;
}

json memory_parts_json(const App& app, const MemoryBreakdown& m) {
  json parts = json::array();
  for (const auto& [label, bytes] : memory_parts(m)) {
    parts.push_back(json::array({T(app, label), format_gb(static_cast<double>(bytes))}));
  }
  return parts;
}

// The scenario, the pick (or why there is none) and the memory total: what the loading
// skeleton shows before the canvas (cardfit_web_publish_preview) and the text view's top.
json headline(const App& app, json labels) {
  const Plan& p = *app.derived.plan;
  json j;
  j["lang"] = std::string(name_of(app.state.lang));
  j["labels"] = std::move(labels);
  j["scenario"] = scenario_line(app, p);
  if (p.pick) {
    const OptionText t = option_text(app, p, *p.pick);
    // The pick's reason, then any measurement of its configuration, as the canvas shows them
    // (docs/measurements.md).
    std::string reason = R(app, p.pick->reason);
    for (const MeasuredFigure& m : p.pick->measured) reason += " " + R(app, measured_message(m, m.source_id)) + ".";
    j["pick"] = json{{"line", t.gpu + " · " + t.platform + " · " + t.cost}, {"reason", std::move(reason)}};
  } else {
    j["pick"] = nullptr;
    j["no_pick_reason"] = R(app, p.no_pick_reason);
  }
  j["memory"] = json{{"total", format_bytes(static_cast<double>(app.derived.estimate->memory.total))}};
  return j;
}

// What the skeleton shows: the headline with its three labels, and the header's texts
// (header_texts), so that the header is as tall as the canvas's (on a phone it wraps) and the
// result does not move down when the canvas comes.
json preview(const App& app) {
  json l;
  for (const auto& [key, id] : std::initializer_list<std::pair<const char*, MsgId>>{
           {"pick", MsgId::sum_pick}, {"no_pick", MsgId::sum_no_pick}, {"memory", MsgId::sum_memory_total}}) {
    l[key] = T(app, id);
  }
  json j = headline(app, std::move(l));
  const HeaderTexts h = header_texts(app);
  j["head"] = json{{"title", h.title}, {"version", h.version}, {"tagline", h.tagline}, {"vendor", h.vendor}, {"buttons", h.buttons}};
  return j;
}

json mirror(const App& app) {
  const Plan& p = *app.derived.plan;
  json j = headline(app, labels(app));
  if (p.pick) {
    json launch = json::array();  // the commands to paste, with their engine's name
    for (const LaunchCommand& c : p.pick->launch) {
      launch.push_back(json{{"label", T(app, label_of(c.kind))}, {"file", c.file}, {"text", c.text}});
    }
    j["pick"]["launch"] = std::move(launch);
    json verify = nullptr;  // the benchmark that checks the figures there, and what to compare
    if (const std::optional<VerifyCommand>& v = p.pick->verify) {
      json compare = json::array();
      for (const VerifyCompare& c : v->compare) compare.push_back(R(app, compare_message(c)));
      json also = json::array();  // the engine's one-batch benchmark beside it (vllm bench latency, bench_one_batch)
      for (const VerifyRun& r : v->also) {
        json run_compare = json::array();
        for (const VerifyCompare& c : r.compare) run_compare.push_back(R(app, compare_message(c)));
        also.push_back(json{{"label", T(app, label_of(r.tool))}, {"text", r.text}, {"compare", std::move(run_compare)}});
      }
      verify = json{{"label", T(app, label_of(v->tool))}, {"text", v->text}, {"compare", std::move(compare)},
                    {"also", std::move(also)}};
    }
    j["pick"]["verify"] = std::move(verify);
  }
  json alternatives = json::array();
  for (const Alternative& a : p.alternatives) {
    const OptionText t = option_text(app, p, a.pick);
    alternatives.push_back(R(app, a.change) + ": " + t.gpu + " · " + t.platform + " · " + t.cost);
  }
  j["alternatives"] = std::move(alternatives);
  j["memory"]["parts"] = memory_parts_json(app, app.derived.estimate->memory);
  j["budget_set"] = p.budget.set;
  j["options_count"] = std::string(T(app, MsgId::opt_count)) + " " + std::to_string(p.options.size()) + " / " +
                       std::to_string(p.options_total) + " · " +
                       (p.budget.set ? R(app, p.budget.label) : std::string(T(app, MsgId::ui_no_budget)));
  json options = json::array();
  for (const Option& o : p.options) {
    const OptionText t = option_text(app, p, o);
    json warnings = json::array();
    for (const Message& w : o.warnings) warnings.push_back(R(app, w));
    options.push_back(json{{"offer", o.offer}, {"pick", is_pick(p, o)}, {"gpu", t.gpu}, {"platform", t.platform},
                           {"term", t.term}, {"cost", t.cost}, {"budget", t.budget}, {"fit", t.fit},
                           {"speed", t.speed}, {"measured", t.measured_lines}, {"warnings", std::move(warnings)},
                           {"reason", R(app, o.reason)}});
  }
  j["options"] = std::move(options);
  json warnings = json::array();
  for (const Message& w : app.derived.estimate->warnings) warnings.push_back(R(app, w));
  j["warnings"] = std::move(warnings);
  json notices = json::array();
  for (const Issue& i : app.state_notice) notices.push_back(issue_text(app, i));
  j["notices"] = std::move(notices);
  json files = json::array();  // what the files dropped or picked loaded, and why any did not
  for (const Message& m : app.files_loaded) files.push_back(R(app, m));
  for (const Issue& i : app.file_errors) files.push_back(issue_text(app, i));
  j["files"] = std::move(files);
  json sources = json::array();
  for (const SourceRow& r : sources_in_use(app)) {
    json urls = json::array();
    for (const SourceLink& l : r.links) urls.push_back(l.url);
    sources.push_back(json{{"kind", T(app, r.kind)}, {"name", r.name}, {"text", r.text}, {"urls", std::move(urls)},
                           {"as_of", r.as_of}, {"notes", r.notes}});
  }
  // The papers and guides the formulas cite, with their addresses.
  std::set<std::string> cited;
  if (app.derived.focus) {
    for (const Explanation& x : app.derived.focus->explain) cited.insert(x.sources.begin(), x.sources.end());
  }
  json citations = json::array();
  for (const std::string& ref : cited) {
    const Source* s = app.catalog.find_source(ref);
    citations.push_back(json{{"text", R(app, cite(app.catalog, ref))}, {"url", s ? s->url : std::string()}});
  }
  json charts = json::array();  // one small table per chart: the figures the canvas draws
  for (const ChartTable& c : chart_tables(app)) {
    json rows = json::array();
    for (const std::vector<std::string>& r : c.table.rows) rows.push_back(r);
    charts.push_back(json{{"title", c.title}, {"caption", c.caption}, {"head", c.table.header}, {"rows", std::move(rows)}});
  }
  j["charts"] = std::move(charts);
  j["capability"] = nullptr;  // what this card can do, once its section computed it for this request
  if (const CardCapability* c = current_capability(app.state, app.derived)) {
    const TextTable t = capability_rows(app, *c);
    json rows = json::array();
    for (const std::vector<std::string>& r : t.rows) rows.push_back(r);
    j["capability"] = json{{"summary", R(app, capability_summary(*c, app.catalog))}, {"head", t.header},
                           {"rows", std::move(rows)}};
  }
  j["sources"] = std::move(sources);
  j["citations"] = std::move(citations);
  j["link"] = share_link(app.published_state);
  return j;
}

}  // namespace

std::string load_setting(const std::string& key) { return take_js_string(cardfit_js_load_setting(key.c_str())); }

void save_setting(const std::string& key, const std::string& value) { cardfit_js_save_setting(key.c_str(), value.c_str()); }

void remember_state(const std::string& query, bool discrete) { cardfit_js_set_state(query.c_str(), discrete ? 1 : 0); }

void remember_lang(const std::string& lang) {
  save_setting("lang", lang);
  cardfit_js_set_lang(lang.c_str());
}

void copy_text(const std::string& text) { cardfit_js_copy(text.c_str()); }

void copy_html(const std::string& html, const std::string& text) { cardfit_js_copy_html(html.c_str(), text.c_str()); }

Message save_file(const std::string& stem, const std::string& extension, const std::string& mime,
                  const std::string& text) {
  cardfit_js_download(stem.c_str(), extension.c_str(), mime.c_str(), text.c_str());
  return Message();  // the browser shows its own download
}

void request_paste(App&) { cardfit_js_request_paste(); }  // the text arrives as a paste event

void open_url(const std::string& url) { cardfit_js_open_url(url.c_str()); }

std::string share_link(const std::string& query) { return take_js_string(cardfit_js_share_link(query.c_str())); }

bool has_text_view() { return true; }

void toggle_text_view() { cardfit_js_toggle_text_view(); }

void publish_result(const App& app) {
  if (!app.derived.plan || !app.derived.estimate) return;
  cardfit_js_mirror(dump(mirror(app)).c_str());
}

bool draw_glyphs(const std::string& chars, float em_px, int cell_w, int cell_h, int baseline,
                 unsigned char* alpha, float* advances) {
  return cardfit_js_draw_glyphs(chars.c_str(), em_px, cell_w, cell_h, baseline, alpha, advances) != 0;
}

bool can_copy_card() { return cardfit_js_can_copy_image() != 0; }

Message deliver_card(const Card& card, CardAction action) {
  cardfit_js_card(card_svg(card).c_str(), card.width, card.height, action == CardAction::Copy ? 1 : 0);
  return action == CardAction::Copy ? msg::ui_card_copying() : Message{};
}

bool can_detect_gpu() { return true; }

DetectedHardware detect_gpu() {
  const std::string both = take_js_string(cardfit_js_gpu_strings());
  const std::size_t nl = both.find('\n');
  DetectedHardware hw;
  hw.gl_renderer = both.substr(0, nl);
  if (nl != std::string::npos) hw.gl_vendor = both.substr(nl + 1);
  return hw;
}

std::string today() {
  char buf[16] = {0};
  cardfit_js_today(buf, static_cast<int>(sizeof buf));
  return buf;
}

// [SECTION] A vendor kit's logo (web_state.hpp cardfit_web_vendor_logo)

namespace {
struct Logo {
  std::string name, bytes;  // vendor.json's name for it; its file's bytes (until the browser drew them)
  bool asked = false;       // cardfit_js_logo called for the current GL context
  LogoTexture texture;
};
Logo& logo() {
  static Logo l;
  return l;
}
bool is_svg(const std::string& name) { return name.size() >= 4 && name.compare(name.size() - 4, 4, ".svg") == 0; }
}  // namespace

LogoTexture vendor_logo() {
  Logo& l = logo();
  if (!l.asked && !l.bytes.empty()) {
    l.asked = true;  // the header draws only with a GL context: the texture is made in it
    cardfit_js_logo(l.bytes.data(), static_cast<int>(l.bytes.size()), is_svg(l.name) ? 1 : 0);
  }
  return l.texture;
}

}  // namespace cardfit::ui::platform

namespace {
// The header without a logo, and the reader told why ("logo: vendor-logo.png could not be read
// (HTTP 404)"), first among the link's notices.
void logo_not_drawn(cardfit::Message why) {
  cardfit::ui::App* app = cardfit_web_app_mut();
  if (!app) return;
  app->state_notice.insert(app->state_notice.begin(), {"logo", std::move(why)});
  app->dirty = true;
  cardfit_web_wake();
}
}  // namespace

void cardfit_web_vendor_logo(std::string bytes, const std::string& name, const std::string& problem) {
  using cardfit::ui::platform::logo;
  const cardfit::ui::App* app = cardfit_web_app();
  if (!app || app->vendor.empty() || !logo().name.empty()) return;  // no kit (its block did not check), or given before
  logo().name = name;
  if (!problem.empty()) return logo_not_drawn(cardfit::msg::web_logo_unreadable(name, problem));
  if (bytes.empty() || bytes.size() > cardfit::kVendorLogoMaxBytes) {  // the kit's own check's limit
    return logo_not_drawn(cardfit::msg::web_logo_size(name, std::to_string(bytes.size()), std::to_string(cardfit::kVendorLogoMaxBytes)));
  }
  logo().bytes = std::move(bytes);
  cardfit_web_wake();  // the next frame's header asks the browser to decode it
}

void cardfit_web_logo_decoded(int texture, int width, int height, const std::string& problem) {
  using cardfit::ui::platform::logo;
  cardfit::ui::App* app = cardfit_web_app_mut();
  if (!app || logo().bytes.empty()) return;
  if (texture <= 0 || width <= 0 || height <= 0) {
    logo().bytes.clear();
    return logo_not_drawn(cardfit::msg::web_logo_unreadable(logo().name, problem.empty() ? "?" : problem));
  }
  logo().texture = {static_cast<std::uintptr_t>(texture), width, height};
  if (app->vendor_logo.empty()) {  // the card's: the same bytes, drawn by the SVG card's <image>
    app->vendor_logo_kind = cardfit::ui::platform::is_svg(logo().name) ? cardfit::CardLogoKind::Svg : cardfit::CardLogoKind::Png;
    app->vendor_logo = logo().bytes;
  }
  cardfit_web_wake();
}

void cardfit_web_logo_lost() {
  using cardfit::ui::platform::logo;
  logo().texture = {};
  logo().asked = false;
}

namespace {
bool has_preview(const cardfit::ui::App& app) {
  return app.derived.plan && app.derived.estimate && app.derived.errors.empty();
}
}  // namespace

void cardfit_web_publish_preview(const cardfit::ui::App& app) {
  if (!has_preview(app)) return;
  namespace platform = cardfit::ui::platform;
  cardfit_js_preview(platform::dump(platform::preview(app)).c_str());
}

std::string cardfit_web_preview_json(const std::string& query, const std::string& lang) {
  cardfit::ui::App app;
  cardfit::ui::AppOptions options;
  options.page_scroll = true;
  options.lang = lang;
  options.state = query;
  cardfit::ui::app_init(app, options);
  cardfit::ui::app_compute(app);
  return has_preview(app) ? cardfit::ui::platform::dump(cardfit::ui::platform::preview(app)) : std::string();
}
