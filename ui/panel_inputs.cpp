// The input panel: everything the user chooses. Writes UiState only; sets app.dirty.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "hf_config.hpp"
#include "panels.hpp"
#include "plan_text.hpp"
#include "resolve.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

using Items = std::vector<std::pair<std::string, std::string>>;

void section(const App& app, const char* key) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.23f, 0.43f, 0.85f, 1.0f), "%s", T(app, key));
  ImGui::Separator();
}

bool combo_row(const App& app, const char* label_key, std::string& id, const Items& items) {
  row_label(app, T(app, label_key));
  ImGui::PushID(label_key);
  const bool changed = id_combo("##c", id, items);
  ImGui::PopID();
  return changed;
}

// An enum as a combo of (value, strings key) pairs.
template <class E>
bool enum_row(const App& app, const char* label_key, E& value, const std::vector<std::pair<E, const char*>>& items) {
  std::string id;
  Items labelled;
  for (const auto& [v, key] : items) {
    labelled.emplace_back(key, T(app, key));
    if (v == value) id = key;
  }
  if (!combo_row(app, label_key, id, labelled)) return false;
  for (const auto& [v, key] : items) {
    if (id == key) value = v;
  }
  return true;
}

bool model_inputs(App& app) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  bool changed = false;
  section(app, "in.model");
  if (ImGui::Checkbox(T(app, "in.custom_model"), &st.custom_model)) {
    changed = true;
    if (!st.custom_model) sc.custom_model.reset();
  }
  help_marker(T(app, "in.custom_model.help"));
  if (!st.custom_model) {
    Items models;
    for (const Model& m : app.catalog.models) {
      models.emplace_back(m.id, m.name + "  (" + format_count(static_cast<double>(count_params(m).total)) + ")");
    }
    changed |= combo_row(app, "in.model_id", sc.model, models);
  } else {
    double params = 0;  // parsed from the text box every frame (the last valid value)
    if (number_input(app, "in.params", st.text.custom_params, "params", params, 1e7, 1e13, NumberStyle::Decimal) ||
        !sc.custom_model) {
      auto m = model_from_param_count(params > 0 ? params : 7e9, "custom");
      if (m.ok()) {
        sc.custom_model = std::move(*m.value);
        st.custom_model_note = T(app, "in.params.assumed");
        changed = true;
      }
    }
    ImGui::TextUnformatted(T(app, "in.config"));
    help_marker(T(app, "in.config.help"));
    ImGui::InputTextMultiline("##config", &st.config_json, ImVec2(-1, ImGui::GetTextLineHeight() * 5));
    if (ImGui::Button(T(app, "in.config.import"))) {
      auto m = import_hf_config(st.config_json, "custom");
      if (m.ok()) {
        m.value->name = m.value->family + " (config.json)";
        sc.custom_model = std::move(*m.value);
        st.custom_model_note = T(app, "in.config.imported");
        st.config_error.clear();
        changed = true;
      } else {
        st.config_error = m.errors.front().field + ": " + m.errors.front().message;
      }
    }
    if (!st.config_error.empty()) ImGui::TextColored(ImVec4(0.75f, 0.15f, 0.15f, 1), "%s", st.config_error.c_str());
    if (sc.custom_model) {
      const Model& m = *sc.custom_model;
      ImGui::TextDisabled("%s: %d x %lld, %d/%d heads, %s", st.custom_model_note.c_str(), m.num_layers,
                          static_cast<long long>(m.hidden_size), m.num_attention_heads, m.num_kv_heads,
                          format_count(static_cast<double>(count_params(m).total)).c_str());
    }
  }
  Items precisions;
  for (const WeightPrecision& p : app.catalog.weight_precisions) precisions.emplace_back(p.id, p.name);
  changed |= combo_row(app, "in.precision", sc.precision, precisions);
  Items kv{{"", T(app, "in.kv.follow")}};
  for (const KvPrecision& k : app.catalog.kv_precisions) kv.emplace_back(k.id, k.name);
  changed |= combo_row(app, "in.kv_precision", sc.kv_precision, kv);
  return changed;
}

bool task_inputs(App& app) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  bool changed = false;
  section(app, "in.task");
  const std::pair<Task, const char*> tasks[] = {{Task::Inference, "task.inference"}, {Task::Lora, "task.lora"},
                                                {Task::Qlora, "task.qlora"},         {Task::Full, "task.full"},
                                                {Task::Pretrain, "task.pretrain"}};
  for (const auto& [task, key] : tasks) {
    if (ImGui::RadioButton(T(app, key), sc.task == task)) {
      sc.task = task;
      changed = true;
    }
    if (task != Task::Qlora && task != Task::Pretrain) ImGui::SameLine();  // two rows
  }
  const bool training = is_training(sc.task);
  changed |= number_input(app, training ? "in.seq_len" : "in.context", st.text.context, "context", sc.context, 1,
                          kMaxContext, NumberStyle::Tokens);
  if (!training) {
    help_marker(T(app, "in.context.help"));
    changed |= number_input(app, "in.prompt", st.text.prompt, "prompt", sc.prompt, 1, kMaxContext, NumberStyle::Tokens);
    changed |= number_input(app, "in.concurrency", st.text.concurrency, "concurrency", sc.concurrency, 1,
                            kMaxConcurrency, NumberStyle::Decimal);
    Items engines;
    for (const EngineProfile& e : app.catalog.engines) engines.emplace_back(e.id, e.name);
    changed |= combo_row(app, "in.engine", sc.engine, engines);
  } else {
    changed |= number_input(app, "in.batch", st.text.batch, "batch", sc.batch, 1, kMaxBatch, NumberStyle::Decimal);
    if (sc.task == Task::Lora || sc.task == Task::Qlora) {
      row_label(app, T(app, "in.lora_rank"));
      changed |= ImGui::SliderInt("##rank", &sc.lora_rank, 1, 256, "%d", ImGuiSliderFlags_AlwaysClamp);
    }
    changed |= enum_row(app, "in.optimizer", sc.optimizer,
                        {{Optimizer::AdamW, "opt.adamw"}, {Optimizer::AdamW8bit, "opt.adamw8bit"}, {Optimizer::Sgd, "opt.sgd"}});
    changed |= enum_row(app, "in.zero", sc.zero_stage,
                        {{-1, "zero.auto"}, {0, "zero.0"}, {1, "zero.1"}, {2, "zero.2"}, {3, "zero.3"}});
    changed |= enum_row(app, "in.checkpointing", sc.checkpointing,
                        {{Checkpointing::None, "ckpt.none"}, {Checkpointing::Selective, "ckpt.selective"},
                         {Checkpointing::Full, "ckpt.full"}});
    changed |= number_input(app, "in.tokens", st.text.tokens, "tokens", sc.tokens, 0, kMaxTokens, NumberStyle::Decimal);
    help_marker(T(app, "in.tokens.help"));
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(app, "in.headroom"));
  help_marker(T(app, "in.headroom.help"));
  ImGui::SameLine(label_width(app));
  ImGui::SetNextItemWidth(-1);
  float headroom_pct = static_cast<float>((sc.headroom < 0 ? app.catalog.defaults.headroom : sc.headroom) * 100.0);
  if (ImGui::SliderFloat("##headroom", &headroom_pct, 0.0f, 100.0f, "%.0f%%", ImGuiSliderFlags_AlwaysClamp)) {
    sc.headroom = static_cast<double>(headroom_pct) / 100.0;
    changed = true;
  }
  return changed;
}

bool budget_inputs(App& app) {
  UiState& st = app.state;
  PlanRequest& rq = st.request;
  bool changed = false;
  section(app, "in.budget");
  Items tiers{{"", T(app, "budget.none")}};
  for (const BudgetTier& t : app.catalog.budget_tiers) {
    tiers.emplace_back(t.id, st.lang == Lang::Zh ? t.name_zh : t.name_en);
  }
  tiers.emplace_back("custom", T(app, "budget.custom"));
  changed |= combo_row(app, "in.budget_tier", st.budget_choice, tiers);
  if (st.budget_choice == "custom") {
    double amount = rq.budget;
    changed |= number_input(app, "in.budget_amount", st.text.budget, "budget", amount, 1, 1e9, NumberStyle::Decimal);
    rq.budget = amount;  // the last valid amount typed
    rq.budget_tier.clear();
  } else {
    rq.budget = 0;
    rq.budget_tier = st.budget_choice;
  }
  changed |= enum_row(app, "in.term", rq.term,
                      {{TermChoice::Cheapest, "term.cheapest"}, {TermChoice::Hourly, "term.hourly"},
                       {TermChoice::Weekly, "term.weekly"}, {TermChoice::Monthly, "term.monthly"},
                       {TermChoice::Yearly, "term.yearly"}});
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(app, "in.hours_per_day"));
  help_marker(T(app, "in.hours_per_day.help"));
  ImGui::SameLine(label_width(app));
  ImGui::SetNextItemWidth(-1);
  float hours = static_cast<float>(rq.hours_per_day);
  if (ImGui::SliderFloat("##hours", &hours, 1.0f, 24.0f, "%.0f h", ImGuiSliderFlags_AlwaysClamp)) {
    rq.hours_per_day = static_cast<double>(hours);
    changed = true;
  }
  changed |= enum_row(app, "in.currency", rq.currency, {{Currency::Cny, "cur.cny"}, {Currency::Usd, "cur.usd"}});
  changed |= ImGui::Checkbox(T(app, "in.student"), &rq.student);
  ImGui::SameLine();
  changed |= ImGui::Checkbox(T(app, "in.spot"), &rq.allow_spot);
  help_marker(T(app, "in.spot.help"));
  if (!is_training(rq.scenario.task)) {
    changed |= number_input(app, "in.min_tps", st.text.min_tokens_per_s, "min_tokens_per_s", rq.min_tokens_per_s, 0,
                            1e7, NumberStyle::Decimal);
    changed |= number_input(app, "in.max_ttft", st.text.max_ttft_ms, "max_ttft_ms", rq.max_ttft_ms, 0, 1e9,
                            NumberStyle::Decimal);
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
