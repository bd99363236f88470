// Where every datum in use comes from: the model's config, the precision's definition,
// each GPU's datasheet and each offer's article, with their dates.
#include <imgui.h>

#include <set>

#include "labels.hpp"
#include "panels.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

void source_row(const char* kind, const std::string& name, const std::string& source, const std::string& as_of) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(kind);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name.c_str());
  ImGui::TableNextColumn();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(source.c_str());
  ImGui::PopTextWrapPos();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(as_of.c_str());
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
  if (model) source_row(T(app, MsgId::src_model), model->name, model->source, model->as_of);
  if (const WeightPrecision* p = app.catalog.find_weight_precision(sc.precision)) {
    source_row(T(app, MsgId::src_precision), p->name, p->source, p->as_of);
  }
  if (const EngineProfile* e = app.catalog.find_engine(sc.engine)) {
    source_row(T(app, MsgId::src_engine), e->name, e->source, e->as_of);
  }
  source_row(T(app, MsgId::src_defaults), T(app, MsgId::src_defaults_name), app.catalog.defaults.source, app.catalog.defaults.as_of);
  if (app.derived.plan) {
    std::set<std::string> gpus, offers;
    for (const Option& o : app.derived.plan->options) {
      gpus.insert(o.gpu);
      offers.insert(o.offer);
    }
    for (const std::string& id : gpus) {
      if (const Gpu* g = app.catalog.find_gpu(id)) source_row(T(app, MsgId::src_gpu), g->name, g->source, g->as_of);
    }
    for (const std::string& id : offers) {
      const Offer* o = app.catalog.find_offer(id);
      const Platform* pl = o ? app.catalog.find_platform(o->platform) : nullptr;
      if (o && pl) {
        source_row(T(app, MsgId::src_offer), R(app, platform_name(*pl)) + " · " + o->gpu,
                   o->source + (o->notes.empty() ? "" : " — " + o->notes), o->as_of);
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace cardfit::ui
