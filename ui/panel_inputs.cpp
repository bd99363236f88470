// The input panel: everything the user chooses. Writes UiState only; sets app.dirty (and
// app.discrete for choices, so the browser's back button returns to the scenario before).
// Wide layouts show three titled sections; the one-column layout folds them.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <type_traits>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "format.hpp"
#include "hf_config.hpp"
#include "labels.hpp"
#include "panels.hpp"
#include "params.hpp"
#include "platform.hpp"
#include "widgets.hpp"

namespace cardfit::ui {
namespace {

// A section title; in the one-column layout a header that folds (false: folded, skip it).
bool section(App& app, MsgId title, bool open_by_default) {
  if (app.narrow) {
    return ImGui::CollapsingHeader(T(app, title), open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  }
  ImGui::Spacing();
  ImGui::TextColored(kBlue, "%s", T(app, title));
  ImGui::Separator();
  return true;
}

// Hidden ImGui ids carry the row's label ("##Model"): cardfit.items() names the widget by it.
std::string hidden_id(const App& app, MsgId label) { return std::string("##") + T(app, label); }

bool combo_row(App& app, MsgId label, std::string& id, const Items& items, bool searchable = false) {
  row_label(app, T(app, label));
  ImGui::PushID(static_cast<int>(label));
  const bool changed = id_combo(app, hidden_id(app, label).c_str(), id, items, searchable);
  ImGui::PopID();
  return changed;
}

// An enum as a combo of its values, labelled from its name table (names.hpp).
template <class E>
bool enum_row(App& app, MsgId label, E& value) {
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
bool zero_row(App& app, std::optional<int>& stage) {
  const std::pair<const char*, MsgId> stages[] = {
      {"auto", MsgId::zero_auto}, {"0", MsgId::zero_0}, {"1", MsgId::zero_1}, {"2", MsgId::zero_2}, {"3", MsgId::zero_3}};
  std::string id = stage ? std::to_string(*stage) : "auto";
  Items items;
  for (const auto& [v, label] : stages) items.emplace_back(v, T(app, label));
  if (!combo_row(app, MsgId::in_zero, id, items)) return false;
  stage = id == "auto" ? std::nullopt : std::optional<int>(std::stoi(id));
  return true;
}

// Choices (combos, buttons, sliders) and typing (number boxes) mark the state differently.
struct Changes {
  bool choice = false;
  bool typed = false;
};

// Partial offload (layer-split engines): none | auto | N layers on the GPU, and the host memory's
// bandwidth, both rows of the input table (Input::Offload, Input::HostBandwidth).
void offload_inputs(App& app, Changes& c) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  const EngineProfile* engine = app.catalog.find_engine(engine_id(app.catalog, sc));
  if (!engine || engine->multi_gpu != MultiGpu::Layer) {
    if (sc.offload.any()) {
      sc.offload = Offload::none();  // only layer-split engines offload; the choice goes with the engine
      c.choice = true;
    }
    return;
  }
  const std::string layers = "layers";
  std::string id = sc.offload.mode == Offload::Mode::None ? "none" : sc.offload.mode == Offload::Mode::Auto ? "auto" : layers;
  const Items items{{"none", T(app, MsgId::in_offload_none)},
                    {"auto", T(app, MsgId::in_offload_auto)},
                    {layers, T(app, MsgId::in_offload_layers)}};
  if (combo_row(app, MsgId::in_offload, id, items)) {
    const int n = std::max(0, static_cast<int>(std::strtol(st.text.offload_layers.c_str(), nullptr, 10)));
    sc.offload = id == "none" ? Offload::none() : id == "auto" ? Offload::automatic() : Offload::gpu_layers(n);
    c.choice = true;
  }
  if (sc.offload.mode == Offload::Mode::Layers) {
    std::int64_t n = sc.offload.layers;
    if (number_input(app, MsgId::in_offload_layers, st.text.offload_layers, Input::Offload, n)) {
      sc.offload = Offload::gpu_layers(static_cast<int>(n));
      c.typed = true;
    }
  }
  if (sc.offload.any()) {
    double gbps = sc.host_bandwidth.value_or(0);  // the box shows 0 for the catalog's
    if (number_input(app, MsgId::in_host_bandwidth, st.text.host_bandwidth, Input::HostBandwidth, gbps)) {
      sc.host_bandwidth = gbps;
      c.typed = true;
    }
  }
}

// Engine flags (issue 27), each a row of the input table; an empty box keeps the engine's default.
// vLLM/SGLang: memory share, batched tokens, sequences; llama.cpp: --n-cpu-moe; MoE: --ep.
void engine_flag_inputs(App& app, Changes& c) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  const EngineProfile* engine = app.catalog.find_engine(engine_id(app.catalog, sc));
  const Model* model = app.catalog.find_model(sc.model);
  const bool moe = sc.custom_model ? sc.custom_model->is_moe : model && model->is_moe;
  if (!engine) return;
  auto optional = [&](MsgId label, std::string& text, Input input, auto& field) {  // a std::optional field
    using V = typename std::remove_reference_t<decltype(field)>::value_type;
    const double unset = std::numeric_limits<double>::quiet_NaN();
    double v = field ? static_cast<double>(*field) : unset;
    if (optional_number_input(app, label, text, input, v, unset)) {
      field = std::isnan(v) ? std::nullopt : std::optional<V>(static_cast<V>(v));
      c.typed = true;
    }
  };
  if (engine->kv_pool == KvPool::Budget || engine->kv_pool == KvPool::Reserve || engine->kv_pool == KvPool::Free) {
    optional(MsgId::in_gpu_memory_utilization, st.text.gpu_memory_utilization, Input::GpuMemoryUtilization,
             sc.gpu_memory_utilization);
  }
  if (engine->kv_pool == KvPool::Budget || engine->kv_pool == KvPool::Reserve) {
    optional(MsgId::in_max_num_batched_tokens, st.text.max_num_batched_tokens, Input::MaxNumBatchedTokens,
             sc.max_num_batched_tokens);
    optional(MsgId::in_max_num_seqs, st.text.max_num_seqs, Input::MaxNumSeqs, sc.max_num_seqs);
  }
  if (engine->expert_offload && moe) optional(MsgId::in_n_cpu_moe, st.text.n_cpu_moe, Input::NCpuMoe, sc.n_cpu_moe);
  if (engine->multi_gpu == MultiGpu::Tensor && moe) {
    double ep = sc.expert_parallel;  // 0 = none, a value the user types
    if (optional_number_input(app, MsgId::in_ep, st.text.ep, Input::Ep, ep, 0)) {
      sc.expert_parallel = static_cast<int>(ep);
      c.typed = true;
    }
  }
}

void custom_model_inputs(App& app, Changes& c) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  double params = 0;  // parsed from the text box every frame (the last valid value)
  if (number_input(app, MsgId::in_params, st.text.custom_params, Input::Params, params) || !sc.custom_model) {
    auto m = model_from_param_count(params > 0 ? params : 7e9, "custom", app.catalog.models);
    if (m.ok()) {
      sc.custom_model = std::move(m.value->model);
      c.typed = true;
    }
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(app, MsgId::in_config));
  help_marker(T(app, MsgId::in_config_help));
  input_multiline(app, "##config", st.config_json, ImVec2(-1, ImGui::GetTextLineHeight() * 5));
  note_item(app, "config.json");
  if (ImGui::Button(T(app, MsgId::in_config_import))) c.choice |= import_config_text(app, st.config_json);
  if (button_inline(T(app, MsgId::ui_paste))) platform::request_paste(app);
  if (!st.config_error.empty()) wrapped(st.config_error, kRed);
  wrapped_disabled(T(app, MsgId::files_drop_hint));
  if (sc.custom_model) {
    const Model& m = *sc.custom_model;
    const MsgId note = m.assumed_architecture ? MsgId::in_params_assumed : MsgId::in_config_imported;
    wrapped_disabled(std::string(T(app, note)) + ": " + std::to_string(m.num_layers) + " x " +
                     std::to_string(m.hidden_size) + ", " + std::to_string(m.num_attention_heads) + "/" +
                     std::to_string(m.num_kv_heads) + " heads, " + format_count(static_cast<double>(count_params(m).total)));
  }
}

void model_inputs(App& app, Changes& c) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  if (ImGui::Checkbox(T(app, MsgId::in_custom_model), &st.custom_model)) {
    c.choice = true;
    if (!st.custom_model) sc.custom_model.reset();
  }
  help_marker(T(app, MsgId::in_custom_model_help));
  if (!st.custom_model) {
    Items models;
    for (const Model& m : app.catalog.models) {
      models.emplace_back(m.id, m.name + "  (" + format_count(static_cast<double>(count_params(m).total)) + ")");
    }
    c.choice |= combo_row(app, MsgId::in_model_id, sc.model, models, true);
  } else {
    custom_model_inputs(app, c);
  }
  // "" follows the model: its weights as released for inference (scenario.hpp default_precision).
  Items precisions{{"", R(app, msg::in_precision_released(precision_label(default_precision(app.catalog, sc))))}};
  for (const WeightPrecision& p : app.catalog.weight_precisions) precisions.emplace_back(p.id, p.name);
  if (combo_row(app, MsgId::in_precision, sc.precision, precisions, true)) {
    sc = with_engine_following(app.catalog, std::move(sc));  // an engine the new weights do not list follows them
    c.choice = true;
  }
  // "" follows the weights, or names the layout the model fixes (DeepSeek-V4: fp8_ds_mla).
  Items kv{{"", R(app, kv_default_label(app.catalog, sc))}};
  for (const KvPrecision& k : app.catalog.kv_precisions) kv.emplace_back(k.id, k.name);
  c.choice |= combo_row(app, MsgId::in_kv_precision, sc.kv_precision, kv);
}

// A task switch keeps the weights valid for the new task, predictably: QLoRA trains on an NF4
// base; LoRA, full fine-tuning and pre-training train 16-bit weights (BF16) when the current
// ones are quantised. "As released" already follows the task (default_precision).
void switch_task(App& app, Task task) {
  Scenario& sc = app.state.request.scenario;
  sc.task = task;
  if (sc.precision.empty()) return;
  const WeightPrecision* p = app.catalog.find_weight_precision(sc.precision);
  const bool float_weights = p && p->family == PrecisionFamily::Float;
  if (task == Task::Qlora) {
    if (app.catalog.find_weight_precision("nf4")) sc.precision = "nf4";
  } else if (task != Task::Inference && !float_weights) {
    sc.precision = "bf16";
  }
}

void task_inputs(App& app, Changes& c) {
  UiState& st = app.state;
  Scenario& sc = st.request.scenario;
  bool first = true;
  for (const Name<Task>& n : EnumNames<Task>::list) {
    // Radio buttons flow onto as many lines as the width needs.
    const char* label = T(app, n.label);
    const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
    }
    first = false;
    if (ImGui::RadioButton(label, sc.task == n.value) && sc.task != n.value) {
      switch_task(app, n.value);
      c.choice = true;
    }
  }
  const bool training = is_training(sc.task);
  if (!training) {
    c.typed |= number_input(app, MsgId::in_context, st.text.context, Input::Context, sc.context,
                            T(app, MsgId::in_context_help));
    c.typed |= number_input(app, MsgId::in_prompt, st.text.prompt, Input::Prompt, sc.prompt);
    c.typed |= number_input(app, MsgId::in_concurrency, st.text.concurrency, Input::Concurrency, sc.concurrency);
    Items engines;
    for (const EngineProfile& e : app.catalog.engines) engines.emplace_back(e.id, e.name);
    // Not named: the combo shows the engine that follows the weights; a choice names it.
    std::string engine = engine_id(app.catalog, sc);
    if (combo_row(app, MsgId::in_engine, engine, engines)) {
      sc.engine = engine;
      c.choice = true;
    }
    offload_inputs(app, c);
    engine_flag_inputs(app, c);
  } else {
    c.typed |= number_input(app, MsgId::in_seq_len, st.text.context, Input::Context, sc.context);
    c.typed |= number_input(app, MsgId::in_batch, st.text.batch, Input::Batch, sc.batch);
    if (is_lora(sc.task)) {
      row_label(app, T(app, MsgId::in_lora_rank));
      const InputSpec& rank = input_spec(Input::LoraRank);
      c.choice |= ImGui::SliderInt(hidden_id(app, MsgId::in_lora_rank).c_str(), &sc.lora_rank, static_cast<int>(rank.min), static_cast<int>(rank.max), "%d",
                                   ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic);
    }
    c.choice |= enum_row(app, MsgId::in_optimizer, sc.optimizer);
    c.choice |= ImGui::Checkbox(T(app, MsgId::in_optimizer_offload), &sc.optimizer_offload);
    c.choice |= zero_row(app, sc.zero_stage);
    c.choice |= enum_row(app, MsgId::in_checkpointing, sc.checkpointing);
    c.typed |= number_input(app, MsgId::in_tokens, st.text.tokens, Input::Tokens, sc.tokens, T(app, MsgId::in_tokens_help));
  }
  row_label(app, T(app, MsgId::in_headroom), T(app, MsgId::in_headroom_help));
  float headroom_pct = static_cast<float>(sc.headroom.value_or(app.catalog.defaults.headroom) * 100.0);
  const float max_pct = static_cast<float>(input_spec(Input::Headroom).max * 100.0);
  if (ImGui::SliderFloat(hidden_id(app, MsgId::in_headroom).c_str(), &headroom_pct, 0.0f, max_pct, "%.0f%%", ImGuiSliderFlags_AlwaysClamp)) {
    sc.headroom = static_cast<double>(headroom_pct) / 100.0;
    c.choice = true;
  }
}

// Buy or rent (with "Compare with API prices"): the months a bought consumer card is amortised
// over and the electricity price, rows of the input table (Input::BuyMonths, Input::KwhPrice).
void buy_inputs(App& app, Changes& c) {
  UiState& st = app.state;
  PlanRequest& rq = st.request;
  const InputSpec& months = input_spec(Input::BuyMonths);
  const std::string months_help = R(app, msg::in_buy_months_help(format_trimmed(months.min, 0), format_trimmed(months.max, 0)));
  std::int64_t n = rq.buy_months;
  if (number_input(app, MsgId::in_buy_months, st.text.buy_months, Input::BuyMonths, n, months_help.c_str())) {
    rq.buy_months = static_cast<int>(n);
    c.typed = true;
  }
  const double cny = app.catalog.defaults.electricity_cny_per_kwh;
  const std::string kwh_help = R(app, msg::in_kwh_price_help(R(app, money_label(Money{cny, cny}, Currency::Cny))));
  double kwh = rq.kwh_price;  // 0 = the catalog's, an empty box
  if (optional_number_input(app, MsgId::in_kwh_price, st.text.kwh_price, Input::KwhPrice, kwh, 0, kwh_help.c_str())) {
    rq.kwh_price = kwh;
    c.typed = true;
  }
}

void budget_inputs(App& app, Changes& c) {
  UiState& st = app.state;
  PlanRequest& rq = st.request;
  Items tiers{{"", T(app, MsgId::budget_none)}};
  for (const BudgetTier& t : app.catalog.budget_tiers) tiers.emplace_back(t.id, R(app, tier_label(t)));
  tiers.emplace_back("custom", T(app, MsgId::budget_custom));
  c.choice |= combo_row(app, MsgId::in_budget_tier, st.budget_choice, tiers);
  if (st.budget_choice == "custom") {
    double amount = rq.budget;
    c.typed |= number_input(app, MsgId::in_budget_amount, st.text.budget, Input::Budget, amount);
    rq.budget = amount;  // the last valid amount typed
    rq.budget_tier.clear();
  } else {
    rq.budget = 0;
    rq.budget_tier = st.budget_choice;
  }
  c.choice |= enum_row(app, MsgId::in_term, rq.term);
  row_label(app, T(app, MsgId::in_hours_per_day), T(app, MsgId::in_hours_per_day_help));
  float hours = static_cast<float>(rq.hours_per_day);
  if (ImGui::SliderFloat(hidden_id(app, MsgId::in_hours_per_day).c_str(), &hours, 1.0f, 24.0f, "%.0f h", ImGuiSliderFlags_AlwaysClamp)) {
    rq.hours_per_day = static_cast<double>(hours);
    c.choice = true;
  }
  c.choice |= enum_row(app, MsgId::in_currency, rq.currency);
  c.choice |= ImGui::Checkbox(T(app, MsgId::in_student), &rq.student);
  const char* spot = T(app, MsgId::in_spot);
  const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(spot).x;
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < w + ImGui::GetFontSize() * 2) ImGui::NewLine();
  c.choice |= ImGui::Checkbox(spot, &rq.allow_spot);
  help_marker(T(app, MsgId::in_spot_help));
  if (!is_training(rq.scenario.task)) {
    c.choice |= ImGui::Checkbox(T(app, MsgId::in_compare_api), &rq.compare_api);
    help_marker(T(app, MsgId::input_compare_api_help));
    if (rq.compare_api) buy_inputs(app, c);
    c.typed |= number_input(app, MsgId::in_min_tps, st.text.min_tokens_per_s, Input::MinTokensPerS, rq.min_tokens_per_s);
    c.typed |= number_input(app, MsgId::in_max_ttft, st.text.max_ttft_ms, Input::MaxTtftMs, rq.max_ttft_ms);
    // Sizing from traffic: requests/s with the tokens each request generates (docs/planner.md §6a).
    c.typed |= number_input(app, MsgId::in_requests_per_s, st.text.requests_per_s, Input::RequestsPerS, rq.requests_per_s,
                            T(app, MsgId::input_requests_per_s_help));
    c.typed |= number_input(app, MsgId::in_output_tokens, st.text.output_tokens, Input::OutputTokens,
                            rq.scenario.output_tokens);
    c.typed |= number_input(app, MsgId::in_max_tpot, st.text.max_tpot_ms, Input::MaxTpotMs, rq.scenario.max_tpot_ms);
  }
}

}  // namespace

bool import_config_text(App& app, const std::string& text) {
  UiState& st = app.state;
  st.config_json = text;
  st.custom_model = true;
  auto m = import_hf_config(text, "custom");
  if (!m.ok()) {
    st.config_error = issue_text(app, m.errors.front());
    return false;
  }
  use_custom_model(app, std::move(*m.value), text);
  return true;
}

void use_custom_model(App& app, ImportedModel imported, const std::string& text) {
  UiState& st = app.state;
  st.config_json = text;
  st.custom_model = true;
  imported.model.name = imported.model.family + " (config.json)";
  imported.model.source = imported.source.title;  // not a catalog entry: cite the file by name
  st.request.scenario.custom_model = std::move(imported.model);
  st.config_error.clear();
  app.discrete = true;
}

void panel_inputs(App& app) {
  Changes c;
  if (app.narrow) app.inputs_y = ImGui::GetCursorPosY();
  if (section(app, MsgId::in_model, true)) model_inputs(app, c);
  if (section(app, MsgId::in_task, !app.narrow)) task_inputs(app, c);
  if (section(app, MsgId::in_budget, !app.narrow)) budget_inputs(app, c);
  if (c.choice || c.typed) {
    app.state.request.lang = app.state.lang;
    app.state.request.scenario.lang = app.state.lang;
    app.dirty = true;
    app.discrete |= c.choice;
  }
}

}  // namespace cardfit::ui
