// The whole UI: a header, then either two columns (inputs left; summary and four tabs right)
// or, below ~760 CSS px, one column with the results first and the inputs in collapsible
// sections. Results are recomputed by the core whenever a panel marks the state dirty.
#include "app.hpp"

#include "limits.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "cardfit_version.hpp"
#include "embedded.hpp"
#include "fonts.hpp"
#include "limits.hpp"
#include "panels.hpp"
#include "platform.hpp"
#include "result_text.hpp"
#include "url_state.hpp"
#include "widgets.hpp"

namespace cardfit::ui {

void flash(App& app, MsgId what) { flash(app, T(app, what), 2.5); }

void flash(App& app, std::string text, double seconds) {
  app.flash = std::move(text);
  app.flash_until = ImGui::GetTime() + seconds;
}

namespace {

// Below this width (CSS pixels: framebuffer pixels / dpi_scale) the layout is one column.
constexpr float kNarrowWidth = 760.0f;

// "#RRGGBB" -> colour; nullopt for anything else.
std::optional<ImVec4> parse_accent(const std::string& text) {
  if (text.size() != 7 || text[0] != '#') return std::nullopt;
  float rgb[3];
  for (int i = 0; i < 3; ++i) {
    int v = 0;
    for (int k = 0; k < 2; ++k) {
      const char c = text[static_cast<std::size_t>(1 + i * 2 + k)];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return std::nullopt;
      v = v * 16 + d;
    }
    rgb[i] = static_cast<float>(v) / 255.0f;
  }
  return ImVec4(rgb[0], rgb[1], rgb[2], 1.0f);
}

void apply_style(float dpi_scale, const std::string& accent) {
  ImGuiStyle style;
  ImGui::StyleColorsLight(&style);
  // A vendor's colour replaces the light theme's blue wherever it is used, at the same alpha.
  if (const std::optional<ImVec4> a = parse_accent(accent)) {
    for (ImVec4& c : style.Colors) {
      if (std::fabs(c.x - 0.26f) < 0.005f && std::fabs(c.y - 0.59f) < 0.005f && std::fabs(c.z - 0.98f) < 0.005f) {
        c = ImVec4(a->x, a->y, a->z, c.w);
      }
    }
  }
  style.WindowRounding = 0.0f;
  style.ChildRounding = 4.0f;
  style.FrameRounding = 4.0f;
  style.GrabRounding = 4.0f;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 6);
  style.CellPadding = ImVec2(6, 3);
  style.GrabMinSize = 14.0f;
  style.ScrollbarSize = 16.0f;
  style.TouchExtraPadding = ImVec2(2, 2);  // fingers are not mouse pointers
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.96f, 0.97f, 0.98f, 1.0f);
  style.Colors[ImGuiCol_ChildBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
  style.Colors[ImGuiCol_FrameBg] = ImVec4(0.89f, 0.91f, 0.95f, 1.0f);
  style.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.80f, 0.86f, 0.96f, 1.0f);
  style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.40f, 0.42f, 0.47f, 1.0f);  // readable grey (WCAG AA on white)
  style.ScaleAllSizes(dpi_scale);
  ImGui::GetStyle() = style;
}

// The scenario as a link query. The interface language is left out: it is the reader's
// preference (saved in the settings), and an embedding page sets it with its own lang=.
std::string state_query(const Catalog& catalog, const PlanRequest& request) {
  KeyValues pairs = request_to_pairs(catalog, request);
  pairs.erase(std::remove_if(pairs.begin(), pairs.end(), [](const auto& kv) { return kv.first == "lang"; }), pairs.end());
  return encode_query(pairs);
}

void set_lang(App& app, Lang lang) {
  app.state.lang = lang;
  app.state.request.lang = lang;
  app.state.request.scenario.lang = lang;
  platform::remember_lang(std::string(name_of(lang)));
  app.dirty = true;  // reasons and warnings are worded in the new language
  app.published = false;
}

// The header's buttons, in order, each with its label: the other language, then those the
// platform and the state allow.
std::vector<MsgId> header_buttons(const App& app) {
  std::vector<MsgId> out{MsgId::app_language};
  if (!platform::share_link(app.published_state).empty()) out.push_back(MsgId::ui_copy_link);
  if (app.derived.plan) out.push_back(MsgId::ui_copy_result);
  if (platform::has_text_view()) out.push_back(MsgId::ui_text_view);
  return out;
}

// The release this page or app is (CMake project(VERSION)).
std::string version_label() { return std::string("v") + kVersion; }

// A vendor kit's logo at the left of the header (the page: platform::vendor_logo), as tall as a
// button and at most 4 times as wide, its proportions kept; nothing until the browser drew it.
void draw_logo(const App& app) {
  const platform::LogoTexture logo = app.vendor.empty() ? platform::LogoTexture{} : platform::vendor_logo();
  if (!logo.texture || logo.width <= 0 || logo.height <= 0) return;
  const float h = ImGui::GetFrameHeight();
  const float w = std::min(h * static_cast<float>(logo.width) / static_cast<float>(logo.height), 4 * h);
  ImGui::Image(reinterpret_cast<ImTextureID>(logo.texture),
               ImVec2(w, w * static_cast<float>(logo.height) / static_cast<float>(logo.width)));
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
}

void draw_header(App& app) {
  draw_logo(app);
  if (!app.embed) {
    ImGui::PushStyleColor(ImGuiCol_Text, kBlue);
    ImGui::TextUnformatted(T(app, MsgId::app_title));
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::TextDisabled("%s", version_label().c_str());
  }
  if (!app.vendor.empty()) {  // a vendor kit's name, as text, in its colour (or the title's blue)
    if (!app.embed) ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, parse_accent(app.accent).value_or(kBlue));
    ImGui::TextUnformatted(app.vendor.c_str());
    ImGui::PopStyleColor();
  }
  // The buttons follow the title, wrapping to the next line on a phone.
  ImGui::BeginGroup();
  bool first = app.embed;
  for (const MsgId b : header_buttons(app)) {
    const char* label = T(app, b);
    const bool clicked = first ? ImGui::Button(label) : button_inline(label);
    first = false;
    if (!clicked) continue;
    if (b == MsgId::app_language) {
      set_lang(app, app.state.lang == Lang::Zh ? Lang::En : Lang::Zh);
    } else if (b == MsgId::ui_copy_link) {
      platform::copy_text(platform::share_link(state_query(app.catalog, app.state.request)));
      flash(app, MsgId::ui_copied_link);
    } else if (b == MsgId::ui_copy_result) {
      platform::copy_text(result_text(app, platform::share_link(state_query(app.catalog, app.state.request))));
      flash(app, MsgId::ui_copied_result);
    } else {
      platform::toggle_text_view();
    }
  }
  if (!app.flash.empty() && ImGui::GetTime() < app.flash_until) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(kGreen, "%s", app.flash.c_str());
  }
  ImGui::EndGroup();
  if (!app.embed) wrapped_disabled(T(app, MsgId::app_tagline));
  ImGui::Separator();
}

void draw_catalog_errors(const App& app) {
  wrapped(T(app, MsgId::app_catalog_error), kRed);
  for (const auto& issue : app.catalog_errors) bullet(issue_text(app, issue));
}

void draw_tabs(App& app) {
  // Tabs scroll sideways instead of shrinking to "How it'…" when the pane is narrow.
  if (!ImGui::BeginTabBar("tabs", ImGuiTabBarFlags_FittingPolicyScroll)) return;
  const std::pair<Tab, MsgId> tabs[] = {{Tab::Plan, MsgId::tab_plan},
                                        {Tab::Charts, MsgId::tab_charts},
                                        {Tab::Gpus, MsgId::tab_gpus},
                                        {Tab::Explain, MsgId::tab_explain},
                                        {Tab::Sources, MsgId::tab_sources}};
  for (const auto& [tab, key] : tabs) {
    // The tab chosen in code (e.g. a GPU row clicked) is selected once, then the user's clicks rule.
    const ImGuiTabItemFlags flags = app.state.tab == tab && app.select_tab ? ImGuiTabItemFlags_SetSelected : 0;
    const bool open = ImGui::BeginTabItem(T(app, key), nullptr, flags);
    note_item(app, T(app, key));  // tabs by their label in the page's cardfit.items()
    if (open) {
      if (!app.select_tab) app.state.tab = tab;
      switch (tab) {
        case Tab::Plan: panel_options(app); break;
        case Tab::Charts: panel_charts(app); break;
        case Tab::Gpus: panel_gpus(app); break;
        case Tab::Explain: panel_explain(app); break;
        case Tab::Sources: panel_sources(app); break;
      }
      ImGui::EndTabItem();
    }
  }
  app.select_tab = false;
  ImGui::EndTabBar();
}

// The header of "what this card can do" (closed at first: it runs an estimate per model),
// listed by its label in the page's cardfit.items(). Open at first when the desktop app read this
// machine's GPU (or why it cannot name one): that line is in it.
// When this machine's GPU was taken at the first start, the section is also scrolled into view once.
bool capability_header(App& app) {
  if (app.machine.kind != GpuMatchKind::Nothing) ImGui::SetNextItemOpen(true, ImGuiCond_Once);
  const bool open = ImGui::CollapsingHeader(T(app, MsgId::cap_title));
  note_item(app, T(app, MsgId::cap_title));
  if (app.show_machine && !app.page_scroll) {
    ImGui::SetScrollHereY(0.0f);  // the header at the top of its pane
    app.show_machine = false;
  }
  return open;
}

// Two columns: the inputs in their own scrolling pane, the results beside them.
void draw_wide(App& app) {
  const float left = std::min(ImGui::GetFontSize() * 26.0f, ImGui::GetContentRegionAvail().x * 0.42f);
  ImGui::BeginChild("inputs", ImVec2(left, 0), true);
  panel_inputs(app);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("results", ImVec2(0, 0), false);
  panel_notices(app);
  ImGui::BeginDisabled(!app.derived.errors.empty());  // the last good result, greyed
  panel_summary(app);
  ImGui::Spacing();
  if (capability_header(app)) panel_capability(app);
  draw_tabs(app);
  ImGui::EndDisabled();
  ImGui::EndChild();
}

// One column, results first: the pick and its memory, the options and the charts, then the
// inputs and the other views in sections that open and close.
void draw_narrow(App& app) {
  panel_notices(app);
  ImGui::BeginDisabled(!app.derived.errors.empty());
  panel_summary(app);
  ImGui::EndDisabled();
  ImGui::Spacing();
  if (ImGui::CollapsingHeader(T(app, MsgId::tab_plan), ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::BeginDisabled(!app.derived.errors.empty());
    panel_options(app);
    ImGui::EndDisabled();
  }
  if (ImGui::CollapsingHeader(T(app, MsgId::tab_charts))) {
    ImGui::BeginDisabled(!app.derived.errors.empty());
    panel_charts(app);
    ImGui::EndDisabled();
  }
  if (capability_header(app)) panel_capability(app);
  panel_inputs(app);
  if (ImGui::CollapsingHeader(T(app, MsgId::tab_gpus))) panel_gpus(app);
  if (ImGui::CollapsingHeader(T(app, MsgId::tab_explain))) panel_explain(app);
  if (ImGui::CollapsingHeader(T(app, MsgId::tab_sources))) panel_sources(app);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 2));  // room under the last section
}

void publish(App& app) {
  if (app.derived.errors.empty() && !app.published) {
    platform::publish_result(app);
    app.published = true;
  }
}

// The input a link key sets when its value is GPU or platform ids (ids an overlay may bring).
std::optional<Input> id_input(const std::string& key) {
  for (const Input in : {Input::Gpu, Input::Platform, Input::PlatformFirst}) {
    if (key == input_spec(in).key || key == link_key(in)) return in;
  }
  return std::nullopt;
}

// A GPU or platform pair naming an id (any spelling match_entry reads) that `catalog` lacks.
bool names_unknown_id(const Catalog& catalog, const std::string& key, const std::string& value) {
  const std::optional<Input> in = id_input(key);
  if (!in || value.empty()) return false;
  if (*in == Input::Gpu) return match_entry(catalog.gpus, value) == nullptr;
  std::size_t start = 0;
  for (;;) {  // a list: '~' between items in version 2, ',' in version 1
    const std::size_t end = value.find_first_of("~,", start);
    const std::string id = value.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!id.empty() && match_entry(catalog.platforms, id) == nullptr) return true;
    if (end == std::string::npos) return false;
    start = end + 1;
  }
}

// An issue about `in`: its field, or an item of it ("platforms_first[0]").
bool names_input(const Issue& issue, Input in) {
  return issue.field.substr(0, issue.field.find_first_of(".[")) == input_spec(in).field;
}

void erase_notice(std::vector<Issue>& notices, const Issue& said) {
  const std::string text = render(said.message, Lang::En);
  const auto it = std::find_if(notices.begin(), notices.end(), [&](const Issue& i) {
    return i.field == said.field && render(i.message, Lang::En) == text;
  });
  if (it != notices.end()) notices.erase(it);
}

// A request from a link or a saved state, checked against the catalog: bad keys are dropped
// with a notice each (core/io/url_state.hpp request_from_link). A GPU or platform key dropped
// only for an id the catalog lacks waits in app.link_waiting for an overlay that has it.
// In an embed (?embed=1) the vendor's platform=ID lists that platform first rather than keeping
// only its offers: the reader of a vendor's post still sees the market (issue 13, docs/web.md).
PlanRequest read_link(App& app, const std::string& query) {
  KeyValues pairs = decode_query(query);
  if (app.embed) {
    for (auto& kv : pairs) {
      if (kv.first == "platform") kv.first = "platform-first";
      if (kv.first == link_key(Input::Platform)) kv.first = std::string(link_key(Input::PlatformFirst));  // v=2's "pl"
    }
  }
  DecodedState decoded = app.catalog_errors.empty() ? request_from_link(app.catalog, pairs) : request_from_pairs(app.catalog, pairs);
  app.state_notice = std::move(decoded.issues);
  app.link_waiting.clear();
  for (const auto& kv : pairs) {
    if (!app.catalog_errors.empty() || !names_unknown_id(app.catalog, kv.first, kv.second)) continue;
    WaitingInput w{kv.first, kv.second, {}};
    for (const Issue& i : app.state_notice) {
      if (names_input(i, *id_input(kv.first))) w.notices.push_back(i);
    }
    app.link_waiting.push_back(std::move(w));
  }
  if (app.catalog_errors.empty()) decoded.request = with_catalog_ids(app.catalog, std::move(decoded.request));  // "gpu=4090" -> rtx-4090
  decoded.request.today = platform::today();  // how old each price is (never part of the link)
  return decoded.request;
}

}  // namespace

HeaderTexts header_texts(const App& app) {
  HeaderTexts h;
  if (!app.embed) {
    h.title = T(app, MsgId::app_title);
    h.version = version_label();
    h.tagline = T(app, MsgId::app_tagline);
  }
  h.vendor = app.vendor;
  for (const MsgId b : header_buttons(app)) h.buttons.emplace_back(T(app, b));
  return h;
}

void app_init(App& app, const AppOptions& options) {
  auto catalog = assets::bundled_catalog();
  if (catalog.ok()) {
    app.catalog = std::move(*catalog.value);
  } else {
    app.catalog_errors = std::move(catalog.errors);
  }
  app.embed = options.embed;
  app.accent = options.accent;
  app.vendor = options.vendor;
  app.vendor_page = options.vendor_page;
  app.page_scroll = options.page_scroll;
  // A vendor kit's own platform in a link made on its page (its card, a copied link) is the
  // vendor's default, not the link's choice; like any id the catalog lacks it waits for the
  // overlay (app_catalog_changed), and the reader is not told about it: the kit brings it.
  KeyValues pairs = decode_query(options.state);
  const auto vendor_default = [&](const std::pair<std::string, std::string>& kv) {
    return !options.platform_first.empty() && kv.second == options.platform_first &&
           id_input(kv.first) == Input::PlatformFirst;
  };
  pairs.erase(std::remove_if(pairs.begin(), pairs.end(), vendor_default), pairs.end());
  const bool link_has_lang = std::any_of(pairs.begin(), pairs.end(), [](const auto& kv) { return kv.first == "lang"; });
  PlanRequest request = read_link(app, options.state);
  for (WaitingInput& w : app.link_waiting) {
    if (!vendor_default({w.key, w.value})) continue;
    for (const Issue& i : w.notices) erase_notice(app.state_notice, i);
    w.notices.clear();
  }
  std::string lang = options.lang;
  if (lang.empty()) lang = link_has_lang ? std::string(name_of(request.lang)) : platform::load_setting("lang");
  const Lang ui_lang = parse_name<Lang>(lang).value_or(Lang::Zh);
  app.state = make_ui_state(request, ui_lang);
  app.published_state = state_query(app.catalog, app.state.request);
  app.dpi_scale = options.dpi_scale;
  app.machine = match_gpu(app.catalog, options.hardware);
  // The first start opens on this machine: its GPU, found for certain, in the scenario (the line in
  // "What this card can do" says so and offers the way back); else the user picks.
  if (const auto gpu = gpu_at_first_start(app.catalog, app.machine, options.first_start)) {
    Scenario& sc = app.state.request.scenario;
    app.machine_before = GpuChoice{sc.gpu, sc.cards};
    sc.gpu = *gpu;
    sc.cards = 1;
    app.dirty = true;
    app.show_machine = true;
  }
  const bool link_platforms = std::any_of(pairs.begin(), pairs.end(), [](const auto& kv) {
    return kv.first == "platform" || kv.first == "platform-first" || kv.first == link_key(Input::Platform) ||
           kv.first == link_key(Input::PlatformFirst);
  });
  app.vendor_platform = link_platforms ? std::string() : options.platform_first;
  app_apply_vendor_platform(app);
}

void app_catalog_changed(App& app) {
  if (app.catalog_errors.empty() && !app.link_waiting.empty()) {
    const KeyValues now = request_to_pairs(app.state.request);
    KeyValues changes;
    std::vector<Input> inputs;
    std::vector<WaitingInput> still, ready;
    for (WaitingInput& w : app.link_waiting) {
      const Input in = *id_input(w.key);
      const std::string key(link_key(in));
      if (std::any_of(now.begin(), now.end(), [&key](const auto& kv) { return kv.first == key; })) continue;  // chosen since
      if (names_unknown_id(app.catalog, w.key, w.value)) {
        still.push_back(std::move(w));
        continue;
      }
      changes.emplace_back(key, w.value);
      inputs.push_back(in);
      ready.push_back(std::move(w));
    }
    app.link_waiting = std::move(still);
    if (!changes.empty()) {
      DecodedState d = request_from_link(app.catalog, with_changes(now, changes));
      const bool refused = std::any_of(d.issues.begin(), d.issues.end(), [&inputs](const Issue& i) {
        return std::any_of(inputs.begin(), inputs.end(), [&i](Input in) { return names_input(i, in); });
      });
      if (!refused) {  // else the notice the link had stays
        PlanRequest r = with_catalog_ids(app.catalog, std::move(d.request));
        r.today = app.state.request.today;
        app.state = with_request(app.state, r);
        for (const WaitingInput& w : ready) {
          for (const Issue& i : w.notices) erase_notice(app.state_notice, i);
        }
        app.published_state = state_query(app.catalog, app.state.request);  // the page's URL has them already
        app.dirty = true;
      }
    }
  }
  app_apply_vendor_platform(app);
}

void app_apply_vendor_platform(App& app) {
  if (app.vendor_platform.empty() || !app.catalog.find_platform(app.vendor_platform)) return;
  PlanRequest& r = app.state.request;
  if (r.platforms.empty() && r.platforms_first.empty()) {
    r.platforms_first = {app.vendor_platform};
    app.published_state = state_query(app.catalog, r);
    app.dirty = true;
  }
  app.vendor_platform.clear();
}

void app_open_link(App& app, const std::string& query) {
  const Lang lang = app.state.lang;
  const Tab tab = app.state.tab;
  app.state = make_ui_state(read_link(app, query), lang);
  app.state.tab = tab;
  app.published_state = state_query(app.catalog, app.state.request);  // it is the page's URL already
  app.dirty = true;
  app.published = false;
}

void app_paste(App& app, const std::string& text) {
  if (import_config_text(app, text)) app.dirty = true;
}

std::vector<FileOutcome> app_open_files(App& app, const std::vector<UserFile>& files) {
  app.files_loaded.clear();
  app.file_errors.clear();
  app.published = false;  // the text view lists them too
  std::vector<FileOutcome> out;
  if (files.size() > kMaxFilesAtOnce) {
    app.file_errors.push_back(Issue{"files", msg::files_too_many(std::to_string(files.size()), std::to_string(kMaxFilesAtOnce))});
  }
  for (const UserFile& f : files) {
    FileOutcome o;
    if (out.size() >= kMaxFilesAtOnce) {
      out.push_back(o);  // not opened: said once above
      continue;
    }
    if (f.too_big) {
      app.file_errors.push_back(Issue{f.name, msg::files_too_big(f.name, std::to_string(kMaxFileMb))});
    } else if (!f.text) {
      app.file_errors.push_back(Issue{f.name, msg::files_unreadable(f.name)});
    } else if (Result<OpenedFile> r = open_user_file(app.catalog, f.name, *f.text); !r.ok()) {
      o.kind = classify_file(*f.text);
      for (Issue& i : r.errors) app.file_errors.push_back(std::move(i));
    } else {
      o = FileOutcome{r.value->kind, true};
      if (r.value->catalog) app.catalog = std::move(*r.value->catalog);
      if (r.value->model) use_custom_model(app, std::move(*r.value->model), *f.text);
      app.files_loaded.push_back(std::move(r.value->summary));
      app.dirty = true;
      app.discrete = true;
      if (r.value->catalog) app_catalog_changed(app);
    }
    out.push_back(o);
  }
  return out;
}

void app_rescale(App& app, float dpi_scale) {
  app.dpi_scale = dpi_scale;
  build_fonts(dpi_scale);
  apply_style(dpi_scale, app.accent);
}

void app_compute(App& app) {
  if (app.dirty && app.catalog_errors.empty()) {
    recompute(app.catalog, app.state, app.derived);
    app.dirty = false;
    app.published = false;
    std::string query = state_query(app.catalog, app.state.request);
    if (app.derived.errors.empty() && query != app.published_state) {
      platform::remember_state(query, app.discrete);
      app.published_state = std::move(query);
    }
    app.discrete = false;
  }
}

void app_frame(App& app) {
  ++app.frame_count;
  const Tab tab_before = app.state.tab;
  app_compute(app);
  if (app.frame_count > 1) publish(app);  // the text view is not on the first frame: one frame later
  app.text_fields.clear();
  app.labelled.clear();
  app.label_width = app.label_width_next;
  app.label_width_next = 0;
  app.scroll_to = -1;

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  app.narrow = vp->WorkSize.x / app.dpi_scale < kNarrowWidth;
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                           ImGuiWindowFlags_NoBringToFrontOnFocus;
  const bool page = app.narrow && app.page_scroll;
  if (page) {
    // The host page scrolls (native touch scrolling, momentum, scroll chaining out of an
    // embed): the window is as tall as its content and drawn shifted by the page's scroll.
    // NOTE: ImGui's auto-fit stops at the display's height: the height is last frame's content.
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y - app.scroll_y));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, std::max(vp->WorkSize.y, app.page_height)));
    flags |= ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoScrollbar;
  } else {
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
  }
  ImGui::Begin("cardfit", nullptr, flags);
  draw_header(app);
  if (!app.catalog_errors.empty()) {
    draw_catalog_errors(app);
  } else if (app.narrow) {
    draw_narrow(app);
  } else {
    draw_wide(app);
  }
  app.page_height = page ? ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y : 0.0f;
  ImGui::End();
  if (app.state.tab != tab_before) app.select_tab = true;
}

}  // namespace cardfit::ui
