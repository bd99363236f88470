// The input panel: everything the user chooses. Writes UiState only; sets app.dirty.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "format.hpp"
#include "hf_config.hpp"
#include "labels.hpp"
#include "panels.hpp"
#include "params.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

using Items = std::vector<std::pair<std::string, std::string>>;

void section(const App& app, MsgId title) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.23f, 0.43f, 0.85f, 1.0f), "%s", T(app, title));
  ImGui::Separator();
}

bool combo_row(const App& app, MsgId label, std::string& id, const Items& items) {
  row_label(app, T(app, label));
  ImGui::PushID(static_cast<int>(label));
  const bool changed = id_combo("##c", id, items);
  ImGui::PopID();
  return changed;
}

// An enum as a combo of its values, labelled from its name table (names.hpp).
template <class E>
bool enum_row(const App& app, MsgId label, E& value) {
  std::string id(name_of(value));
  Items labelled;
  for (const Name<E>& n : EnumNames<E>::list) {
    if (n.label != MsgId::none) labelled.emplace_back(n.name, T(app, n.label));
  }
  if (!combo_row(app, label, id, labelled)) return false;
  if (const auto v = parse_name<E>(id)) value = *v;
  return true;
}

// The ZeRO stage: auto (-1) or 0-3.
bool zero_row(const App& app, int& stage) {
  const std::pair<int, MsgId> stages[] = {
      {-1, MsgId::zero_auto}, {0, MsgId::zero_0}, {1, MsgId::zero_1}, {2, MsgId::zero_2}, {3, MsgId::zero_3}};
  std::string id = std::to_string(stage);
  Items items;
  for (const auto& [v, label] : stages) items.emplace_back(std::to_string(v), T(app, label));
  if (!combo_row(app, MsgId::in_zero, id, items)) return false;
  stage = std::stoi(id);
  return true;
}

bool model_inputs(App& app) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  bool changed = false;
  section(app, MsgId::in_model);
  if (ImGui::Checkbox(T(app, MsgId::in_custom_model), &st.custom_model)) {
    changed = true;
    if (!st.custom_model) sc.custom_model.reset();
  }
  help_marker(T(app, MsgId::in_custom_model_help));
  if (!st.custom_model) {
    Items models;
    for (const Model& m : app.catalog.models) {
      models.emplace_back(m.id, m.name + "  (" + format_count(static_cast<double>(count_params(m).total)) + ")");
    }
    changed |= combo_row(app, MsgId::in_model_id, sc.model, models);
  } else {
    double params = 0;  // parsed from the text box every frame (the last valid value)
    if (number_input(app, MsgId::in_params, st.text.custom_params, Input::Params, params) || !sc.custom_model) {
      auto m = model_from_param_count(params > 0 ? params : 7e9, "custom");
      if (m.ok()) {
        sc.custom_model = std::move(m.value->model);
        st.custom_model_note = T(app, MsgId::in_params_assumed);
        changed = true;
      }
    }
    ImGui::TextUnformatted(T(app, MsgId::in_config));
    help_marker(T(app, MsgId::in_config_help));
    ImGui::InputTextMultiline("##config", &st.config_json, ImVec2(-1, ImGui::GetTextLineHeight() * 5));
    if (ImGui::Button(T(app, MsgId::in_config_import))) {
      auto m = import_hf_config(st.config_json, "custom");
      if (m.ok()) {
        m.value->model.name = m.value->model.family + " (config.json)";
        m.value->model.source = m.value->source.title;  // not a catalog entry: cite the file by name
        sc.custom_model = std::move(m.value->model);
        st.custom_model_note = T(app, MsgId::in_config_imported);
        st.config_error.clear();
        changed = true;
      } else {
        st.config_error = issue_text(app, m.errors.front());
      }
    }
    if (!st.config_error.empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(ImVec4(0.75f, 0.15f, 0.15f, 1), "%s", st.config_error.c_str());
      ImGui::PopTextWrapPos();
    }
    if (sc.custom_model) {
      const Model& m = *sc.custom_model;
      ImGui::TextDisabled("%s: %d x %lld, %d/%d heads, %s", st.custom_model_note.c_str(), m.num_layers,
                          static_cast<long long>(m.hidden_size), m.num_attention_heads, m.num_kv_heads,
                          format_count(static_cast<double>(count_params(m).total)).c_str());
    }
  }
  Items precisions;
  for (const WeightPrecision& p : app.catalog.weight_precisions) precisions.emplace_back(p.id, p.name);
  changed |= combo_row(app, MsgId::in_precision, sc.precision, precisions);
  Items kv{{"", T(app, MsgId::in_kv_follow)}};
  for (const KvPrecision& k : app.catalog.kv_precisions) kv.emplace_back(k.id, k.name);
  changed |= combo_row(app, MsgId::in_kv_precision, sc.kv_precision, kv);
  return changed;
}

bool task_inputs(App& app) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  bool changed = false;
  section(app, MsgId::in_task);
  for (const Name<Task>& n : EnumNames<Task>::list) {
    if (ImGui::RadioButton(T(app, n.label), sc.task == n.value)) {
      sc.task = n.value;
      changed = true;
    }
    if (n.value != Task::Qlora && n.value != Task::Pretrain) ImGui::SameLine();  // two rows
  }
  const bool training = is_training(sc.task);
  changed |= number_input(app, training ? MsgId::in_seq_len : MsgId::in_context, st.text.context, Input::Context, sc.context);
  if (!training) {
    help_marker(T(app, MsgId::in_context_help));
    changed |= number_input(app, MsgId::in_prompt, st.text.prompt, Input::Prompt, sc.prompt);
    changed |= number_input(app, MsgId::in_concurrency, st.text.concurrency, Input::Concurrency, sc.concurrency);
    Items engines;
    for (const EngineProfile& e : app.catalog.engines) engines.emplace_back(e.id, e.name);
    changed |= combo_row(app, MsgId::in_engine, sc.engine, engines);
  } else {
    changed |= number_input(app, MsgId::in_batch, st.text.batch, Input::Batch, sc.batch);
    if (is_lora(sc.task)) {
      row_label(app, T(app, MsgId::in_lora_rank));
      const InputSpec& rank = input_spec(Input::LoraRank);
      changed |= ImGui::SliderInt("##rank", &sc.lora_rank, static_cast<int>(rank.min), static_cast<int>(rank.max), "%d",
                                  ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic);
    }
    changed |= enum_row(app, MsgId::in_optimizer, sc.optimizer);
    changed |= zero_row(app, sc.zero_stage);
    changed |= enum_row(app, MsgId::in_checkpointing, sc.checkpointing);
    changed |= number_input(app, MsgId::in_tokens, st.text.tokens, Input::Tokens, sc.tokens);
    help_marker(T(app, MsgId::in_tokens_help));
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(app, MsgId::in_headroom));
  help_marker(T(app, MsgId::in_headroom_help));
  ImGui::SameLine(label_width(app));
  ImGui::SetNextItemWidth(-1);
  float headroom_pct = static_cast<float>((sc.headroom < 0 ? app.catalog.defaults.headroom : sc.headroom) * 100.0);
  const float max_pct = static_cast<float>(input_spec(Input::Headroom).max * 100.0);
  if (ImGui::SliderFloat("##headroom", &headroom_pct, 0.0f, max_pct, "%.0f%%", ImGuiSliderFlags_AlwaysClamp)) {
    sc.headroom = static_cast<double>(headroom_pct) / 100.0;
    changed = true;
  }
  return changed;
}

bool budget_inputs(App& app) {
  UiState& st = app.state;
  PlanRequest& rq = st.request;
  bool changed = false;
  section(app, MsgId::in_budget);
  Items tiers{{"", T(app, MsgId::budget_none)}};
  for (const BudgetTier& t : app.catalog.budget_tiers) tiers.emplace_back(t.id, R(app, tier_label(t)));
  tiers.emplace_back("custom", T(app, MsgId::budget_custom));
  changed |= combo_row(app, MsgId::in_budget_tier, st.budget_choice, tiers);
  if (st.budget_choice == "custom") {
    double amount = rq.budget;
    changed |= number_input(app, MsgId::in_budget_amount, st.text.budget, Input::Budget, amount);
    rq.budget = amount;  // the last valid amount typed
    rq.budget_tier.clear();
  } else {
    rq.budget = 0;
    rq.budget_tier = st.budget_choice;
  }
  changed |= enum_row(app, MsgId::in_term, rq.term);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(app, MsgId::in_hours_per_day));
  help_marker(T(app, MsgId::in_hours_per_day_help));
  ImGui::SameLine(label_width(app));
  ImGui::SetNextItemWidth(-1);
  float hours = static_cast<float>(rq.hours_per_day);
  if (ImGui::SliderFloat("##hours", &hours, 1.0f, 24.0f, "%.0f h", ImGuiSliderFlags_AlwaysClamp)) {
    rq.hours_per_day = static_cast<double>(hours);
    changed = true;
  }
  changed |= enum_row(app, MsgId::in_currency, rq.currency);
  changed |= ImGui::Checkbox(T(app, MsgId::in_student), &rq.student);
  ImGui::SameLine();
  changed |= ImGui::Checkbox(T(app, MsgId::in_spot), &rq.allow_spot);
  help_marker(T(app, MsgId::in_spot_help));
  if (!is_training(rq.scenario.task)) {
    changed |= number_input(app, MsgId::in_min_tps, st.text.min_tokens_per_s, Input::MinTokensPerS, rq.min_tokens_per_s);
    changed |= number_input(app, MsgId::in_max_ttft, st.text.max_ttft_ms, Input::MaxTtftMs, rq.max_ttft_ms);
  }
  return changed;
}

}  // namespace

void panel_inputs(App& app) {
  bool changed = model_inputs(app);
  changed |= task_inputs(app);
  changed |= budget_inputs(app);
  if (changed) {
    app.state.request.lang = app.state.lang;
    app.state.request.scenario.lang = app.state.lang;
    app.dirty = true;
  }
}

}  // namespace cardfit::ui
