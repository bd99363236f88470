#include "ui_state.hpp"

#include "format.hpp"
#include "params.hpp"

namespace cardfit::ui {
namespace {
std::string plain(double v) { return format_trimmed(v, 3); }
}  // namespace

UiState make_ui_state(const PlanRequest& request, Lang lang) {
  UiState st;
  st.lang = lang;
  st.request = request;
  st.request.lang = lang;
  st.request.scenario.lang = lang;
  const Scenario& sc = request.scenario;
  st.text.context = plain(static_cast<double>(sc.context));
  st.text.prompt = plain(static_cast<double>(sc.prompt));
  st.text.concurrency = plain(static_cast<double>(sc.concurrency));
  st.text.batch = plain(static_cast<double>(sc.batch));
  st.text.tokens = plain(sc.tokens);
  st.text.min_tokens_per_s = plain(request.min_tokens_per_s);
  st.text.max_ttft_ms = plain(request.max_ttft_ms);
  st.text.offload_layers = plain(sc.offload.mode == Offload::Mode::Layers ? sc.offload.layers : 0);
  st.text.host_bandwidth = plain(sc.host_bandwidth.value_or(0));
  st.text.n_cpu_moe = sc.n_cpu_moe ? plain(*sc.n_cpu_moe) : "";
  st.text.gpu_memory_utilization = sc.gpu_memory_utilization ? plain(*sc.gpu_memory_utilization) : "";
  st.text.max_num_batched_tokens = sc.max_num_batched_tokens ? plain(static_cast<double>(*sc.max_num_batched_tokens)) : "";
  st.text.max_num_seqs = sc.max_num_seqs ? plain(static_cast<double>(*sc.max_num_seqs)) : "";
  st.text.ep = sc.expert_parallel > 0 ? plain(sc.expert_parallel) : "";
  st.text.output_tokens = plain(static_cast<double>(sc.output_tokens));
  st.text.max_tpot_ms = plain(sc.max_tpot_ms);
  st.text.requests_per_s = plain(request.requests_per_s);
  st.text.buy_months = plain(request.buy_months);
  st.text.kwh_price = request.kwh_price > 0 ? plain(request.kwh_price) : "";
  if (request.budget > 0) {
    st.budget_choice = "custom";
    st.text.budget = plain(request.budget);
  } else {
    st.budget_choice = request.budget_tier;
  }
  st.custom_model = sc.custom_model.has_value();
  if (sc.custom_model && sc.custom_model->assumed_architecture) {
    st.text.custom_params = plain(static_cast<double>(count_params(*sc.custom_model).total));
  }
  return st;
}

UiState with_request(const UiState& old, const PlanRequest& request) {
  UiState st = make_ui_state(request, old.lang);
  st.config_json = old.config_json;
  st.tab = old.tab;
  st.explain_gpu = old.explain_gpu;
  return st;
}

}  // namespace cardfit::ui
