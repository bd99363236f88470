// Where every datum in use comes from: the model's config, the precision's definition,
// each GPU's datasheet and each offer's article, with their dates. Sources are cited by their
// short titles (catalog sources table); those with an address are links. An offer's date says
// when its source prints no month, and when it is older than the catalog's stale_price_months.
#include <imgui.h>

#include <optional>
#include <set>

#include "labels.hpp"
#include "panels.hpp"
#include "platform.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

// The citations as a reader sees them, then one link per cited source that has an address.
void source_cell(const App& app, const std::string& source) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(citation_text(app.catalog, source).c_str());
  ImGui::PopTextWrapPos();
  std::set<std::string> shown;
  for (const Citation& c : parse_citations(source)) {
    const Source* s = app.catalog.find_source(c.id);
    if (!s || s->url.empty() || !shown.insert(s->id).second) continue;
    ImGui::PushID(s->id.c_str());
    ImGui::TextColored(ImVec4(0.2f, 0.45f, 0.85f, 1.0f), "%s", (s->short_title.empty() ? s->title : s->short_title).c_str());
    if (ImGui::IsItemHovered()) {
      ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      ImGui::SetTooltip("%s", s->url.c_str());
    }
    if (ImGui::IsItemClicked()) platform::open_url(s->url);
    ImGui::PopID();
  }
}

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

void source_row(const App& app, const char* kind, const std::string& name, const std::string& source,
                const std::string& as_of, bool judge_date) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(kind);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name.c_str());
  ImGui::TableNextColumn();
  source_cell(app, source);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted((judge_date ? date_text(app, as_of) : as_of).c_str());
}

}  // namespace

void panel_sources(App& app) {
  const Scenario& sc = app.state.request.scenario;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("sources", 4, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(T(app, MsgId::src_kind), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(T(app, MsgId::src_name), ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn(T(app, MsgId::src_source), ImGuiTableColumnFlags_WidthStretch, 6.0f);
  ImGui::TableSetupColumn(T(app, MsgId::src_as_of), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  const Model* model = sc.custom_model ? &*sc.custom_model : app.catalog.find_model(sc.model);
  if (model) source_row(app, T(app, MsgId::src_model), model->name, model->source, model->as_of, false);
  if (const WeightPrecision* p = app.catalog.find_weight_precision(sc.precision)) {
    source_row(app, T(app, MsgId::src_precision), p->name, p->source, p->as_of, false);
  }
  if (const EngineProfile* e = app.catalog.find_engine(sc.engine)) {
    source_row(app, T(app, MsgId::src_engine), e->name, e->source, e->as_of, false);
  }
  source_row(app, T(app, MsgId::src_defaults), T(app, MsgId::src_defaults_name), app.catalog.defaults.source,
             app.catalog.defaults.as_of, false);
  if (app.derived.plan) {
    std::set<std::string> gpus, offers;
    for (const Option& o : app.derived.plan->options) {
      gpus.insert(o.gpu);
      offers.insert(o.offer);
    }
    for (const std::string& id : gpus) {
      if (const Gpu* g = app.catalog.find_gpu(id)) source_row(app, T(app, MsgId::src_gpu), g->name, g->source, g->as_of, false);
    }
    for (const std::string& id : offers) {
      const Offer* o = app.catalog.find_offer(id);
      const Platform* pl = o ? app.catalog.find_platform(o->platform) : nullptr;
      if (o && pl) {
        source_row(app, T(app, MsgId::src_offer), R(app, platform_name(*pl)) + " · " + o->gpu, o->source, o->as_of, true);
        if (!o->notes.empty()) {  // the offer's notes under its citations
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::TableNextColumn();
          ImGui::TableNextColumn();
          ImGui::PushTextWrapPos(0.0f);
          ImGui::TextDisabled("%s", o->notes.c_str());
          ImGui::PopTextWrapPos();
          ImGui::TableNextColumn();
        }
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace cardfit::ui
