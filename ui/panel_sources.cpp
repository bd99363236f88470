// Where every datum in use comes from: the model's config, the precision's definition,
// each GPU's datasheet and each offer's article, with their dates. Sources are cited by their
// short titles (catalog sources table); those with an address open it. An offer's date says
// when its source prints no month, and when it is older than the catalog's stale_price_months.
#include <imgui.h>

#include <algorithm>
#include <optional>
#include <set>

#include "labels.hpp"
#include "panels.hpp"
#include "platform.hpp"
#include "sources.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

// "2026-03 · stale" / "2026 (month not stated)": the date as the planner judges it.
std::string date_text(const App& app, const std::string& as_of) {
  const std::optional<CatalogDate> d = parse_catalog_date(as_of);
  if (!d) return as_of;
  std::string out = as_of;
  if (d->month == 0) out += std::string(" (") + T(app, MsgId::price_month_unknown_short) + ")";
  const std::optional<CatalogDate> today = parse_catalog_date(app.state.request.today);
  if (today && months_between(*d, *today) > app.catalog.defaults.thresholds.stale_price_months) {
    out += std::string(" \xC2\xB7 ") + T(app, MsgId::price_stale_short);
  }
  return out;
}

// The citations as a reader sees them, and one link per cited source that has an address.
SourceRow row(const App& app, MsgId kind, std::string name, const std::string& source, const std::string& as_of,
              bool judge_date, std::string notes = {}) {
  SourceRow r{kind, std::move(name), citation_text(app.catalog, source), {}, judge_date ? date_text(app, as_of) : as_of,
              std::move(notes)};
  std::set<std::string> seen;
  for (const Citation& c : parse_citations(source)) {
    const Source* s = app.catalog.find_source(c.id);
    if (!s || s->url.empty() || !seen.insert(s->id).second) continue;
    r.links.push_back(SourceLink{s->short_title.empty() ? s->title : s->short_title, s->url});
  }
  return r;
}

void source_cell(const SourceRow& r) {
  wrapped(r.text);
  for (std::size_t k = 0; k < r.links.size(); ++k) {
    ImGui::PushID(static_cast<int>(k));
    if (button_inline(r.links[k].title.c_str())) platform::open_url(r.links[k].url);
    if (ImGui::IsItemHovered()) tooltip_lines({r.links[k].url});
    ImGui::PopID();
  }
  if (!r.notes.empty()) wrapped_disabled(r.notes);
}

}  // namespace

std::vector<SourceRow> sources_in_use(const App& app) {
  const Scenario& sc = app.state.request.scenario;
  std::vector<SourceRow> rows;
  const Model* model = sc.custom_model ? &*sc.custom_model : app.catalog.find_model(sc.model);
  if (model) rows.push_back(row(app, MsgId::src_model, model->name, model->source, model->as_of, false));
  if (const WeightPrecision* p = app.catalog.find_weight_precision(as_run(app.catalog, sc).precision)) {
    rows.push_back(row(app, MsgId::src_precision, p->name, p->source, p->as_of, false));
  }
  if (const EngineProfile* e = app.catalog.find_engine(engine_id(app.catalog, sc))) {
    rows.push_back(row(app, MsgId::src_engine, e->name, e->source, e->as_of, false));
  }
  rows.push_back(row(app, MsgId::src_defaults, T(app, MsgId::src_defaults_name), app.catalog.defaults.source,
                     app.catalog.defaults.as_of, false));
  if (app.derived.plan) {
    std::set<std::string> gpus, offers;
    for (const Option& o : app.derived.plan->options) {
      gpus.insert(o.gpu);
      offers.insert(o.offer);
    }
    for (const std::string& id : gpus) {
      if (const Gpu* g = app.catalog.find_gpu(id)) rows.push_back(row(app, MsgId::src_gpu, g->name, g->source, g->as_of, false));
    }
    for (const std::string& id : offers) {
      const Offer* o = app.catalog.find_offer(id);
      const Platform* pl = o ? app.catalog.find_platform(o->platform) : nullptr;
      if (o && pl) {
        rows.push_back(row(app, MsgId::src_offer, R(app, platform_name(*pl)) + " · " + o->gpu, o->source, o->as_of,
                           true, o->notes));
      }
    }
  }
  return rows;
}

void panel_sources(App& app) {
  const std::vector<SourceRow> rows = sources_in_use(app);
  if (app.narrow || ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 30.0f) {
    for (const SourceRow& r : rows) {
      ImGui::PushID(&r);
      wrapped(std::string(T(app, r.kind)) + " · " + r.name + " · " + r.as_of, kBlue);
      source_cell(r);
      ImGui::Separator();
      ImGui::PopID();
    }
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("sources", 4, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(T(app, MsgId::src_kind), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(T(app, MsgId::src_name), ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn(T(app, MsgId::src_source), ImGuiTableColumnFlags_WidthStretch, 6.0f);
  ImGui::TableSetupColumn(T(app, MsgId::src_as_of), ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::TableHeadersRow();
  for (const SourceRow& r : rows) {
    ImGui::PushID(&r);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    wrapped(T(app, r.kind));
    ImGui::TableNextColumn();
    wrapped(r.name);
    ImGui::TableNextColumn();
    source_cell(r);
    ImGui::TableNextColumn();
    wrapped(r.as_of);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace cardfit::ui
