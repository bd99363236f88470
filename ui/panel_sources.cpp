// Where every datum in use comes from: the model's config, the precision's definition,
// each GPU's datasheet and each offer's article, with their dates and clickable addresses.
#include <imgui.h>

#include <algorithm>
#include <set>

#include "labels.hpp"
#include "platform.hpp"
#include "panels.hpp"
#include "sources.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

struct Cited {
  std::string text;
  std::vector<std::string> urls;
};

// A source text with its web addresses taken out (they become buttons or links).
Cited split_urls(const std::string& source) {
  Cited c;
  std::size_t i = 0;
  while (i < source.size()) {
    std::size_t at = source.find("http", i);
    while (at != std::string::npos && source.compare(at, 7, "http://") != 0 && source.compare(at, 8, "https://") != 0) {
      at = source.find("http", at + 4);
    }
    c.text += source.substr(i, at == std::string::npos ? std::string::npos : at - i);
    if (at == std::string::npos) break;
    std::size_t end = source.find_first_of(" ;)\"", at);
    if (end == std::string::npos) end = source.size();
    std::string url = source.substr(at, end - at);
    while (!url.empty() && (url.back() == ',' || url.back() == '.')) url.pop_back();
    c.urls.push_back(url);
    i = at + url.size();
  }
  // Tidy the punctuation the addresses leave behind ("datasheet, ; memory ..." -> "datasheet; memory ...").
  std::string t;
  for (char ch : c.text) {
    if ((ch == ';' || ch == ',') && !t.empty() && (t.back() == ' ' || t.back() == ',' || t.back() == ';')) {
      while (!t.empty() && (t.back() == ' ' || t.back() == ',' || t.back() == ';')) t.pop_back();
      if (t.empty()) continue;
    }
    if (ch == ' ' && !t.empty() && t.back() == ' ') continue;
    t += ch;
  }
  while (!t.empty() && (t.front() == ';' || t.front() == ',' || t.front() == ' ')) t.erase(t.begin());
  while (!t.empty() && (t.back() == ';' || t.back() == ',' || t.back() == ' ')) t.pop_back();
  c.text = t;
  return c;
}

SourceRow row(MsgId kind, std::string name, const std::string& source, std::string as_of) {
  Cited c = split_urls(source);
  return SourceRow{kind, std::move(name), std::move(c.text), std::move(c.urls), std::move(as_of)};
}

void source_cell(App& app, const SourceRow& r) {
  wrapped(r.text);
  for (std::size_t k = 0; k < r.urls.size(); ++k) {
    ImGui::PushID(static_cast<int>(k));
    if (button_inline(T(app, MsgId::ui_open_link))) platform::open_url(r.urls[k]);
    if (ImGui::IsItemHovered()) tooltip_lines({r.urls[k]});
    ImGui::PopID();
  }
}

}  // namespace

std::vector<SourceRow> sources_in_use(const App& app) {
  const Scenario& sc = app.state.request.scenario;
  std::vector<SourceRow> rows;
  const Model* model = sc.custom_model ? &*sc.custom_model : app.catalog.find_model(sc.model);
  if (model) rows.push_back(row(MsgId::src_model, model->name, model->source, model->as_of));
  if (const WeightPrecision* p = app.catalog.find_weight_precision(sc.precision)) {
    rows.push_back(row(MsgId::src_precision, p->name, p->source, p->as_of));
  }
  if (const EngineProfile* e = app.catalog.find_engine(sc.engine)) {
    rows.push_back(row(MsgId::src_engine, e->name, e->source, e->as_of));
  }
  rows.push_back(row(MsgId::src_defaults, T(app, MsgId::src_defaults_name), app.catalog.defaults.source,
                     app.catalog.defaults.as_of));
  if (app.derived.plan) {
    std::set<std::string> gpus, offers;
    for (const Option& o : app.derived.plan->options) {
      gpus.insert(o.gpu);
      offers.insert(o.offer);
    }
    for (const std::string& id : gpus) {
      if (const Gpu* g = app.catalog.find_gpu(id)) rows.push_back(row(MsgId::src_gpu, g->name, g->source, g->as_of));
    }
    for (const std::string& id : offers) {
      const Offer* o = app.catalog.find_offer(id);
      const Platform* pl = o ? app.catalog.find_platform(o->platform) : nullptr;
      if (o && pl) {
        rows.push_back(row(MsgId::src_offer, R(app, platform_name(*pl)) + " · " + o->gpu, o->source, o->as_of));
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
      source_cell(app, r);
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
  ImGui::TableSetupColumn(T(app, MsgId::src_as_of), ImGuiTableColumnFlags_WidthFixed,
                          std::max(ImGui::CalcTextSize("2026-11-29").x, ImGui::CalcTextSize(T(app, MsgId::src_as_of)).x));
  ImGui::TableHeadersRow();
  for (const SourceRow& r : rows) {
    ImGui::PushID(&r);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    wrapped(T(app, r.kind));
    ImGui::TableNextColumn();
    wrapped(r.name);
    ImGui::TableNextColumn();
    source_cell(app, r);
    ImGui::TableNextColumn();
    wrapped(r.as_of);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace cardfit::ui
