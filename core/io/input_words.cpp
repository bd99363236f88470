// See input_words.hpp.
#include "input_words.hpp"

#include "format.hpp"
#include "labels.hpp"
#include "messages.hpp"
#include "plan_types.hpp"
#include "url_state.hpp"

namespace cardfit {
namespace {

template <class E>
std::vector<std::string> enum_names() {  // the first spelling of each value (not "RMB", "adamw8bit")
  std::vector<std::string> out;
  const auto& list = EnumNames<E>::list;
  for (std::size_t i = 0; i < list.size(); ++i) {
    bool alias = false;
    for (std::size_t k = 0; k < i; ++k) alias = alias || list[k].value == list[i].value;
    if (!alias) out.emplace_back(list[i].name);
  }
  return out;
}

template <class T>
std::vector<std::string> ids(const std::vector<T>& entries) {
  std::vector<std::string> out;
  for (const T& e : entries) out.push_back(e.id);
  return out;
}

std::string joined(const std::vector<std::string>& words, const char* separator) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : separator) + w;
  return s;
}

}  // namespace

std::vector<std::string> input_choices(const InputSpec& spec, const Catalog& catalog) {
  switch (spec.id) {
    case Input::Task: return enum_names<Task>();
    case Input::Optimizer: return enum_names<Optimizer>();
    case Input::Checkpointing: return enum_names<Checkpointing>();
    case Input::Lang: return enum_names<Lang>();
    case Input::Currency: return enum_names<Currency>();
    case Input::Term: return enum_names<TermChoice>();
    case Input::Zero: return {"auto", "0", "1", "2", "3"};
    case Input::Model: return ids(catalog.models);
    case Input::Gpu: return ids(catalog.gpus);
    case Input::Precision: return ids(catalog.weight_precisions);
    case Input::KvPrecision: return ids(catalog.kv_precisions);
    case Input::Engine: return ids(catalog.engines);
    case Input::BudgetTier: return ids(catalog.budget_tiers);
    case Input::Platform:
    case Input::PlatformFirst: return ids(catalog.platforms);
    case Input::LoraTargets: return {"q", "k", "v", "o", "gate", "up", "down", "all-linear", "attention", "mlp"};
    default: return {};
  }
}

std::string input_help(const InputSpec& spec, const Catalog& catalog, Lang lang) {
  // Models and GPUs are too many to list in --help: `cardfit catalog` lists them.
  const bool listed = spec.id != Input::Model && spec.id != Input::Gpu && spec.id != Input::LoraTargets &&
                      spec.id != Input::Zero;
  const std::string choices = listed ? joined(input_choices(spec, catalog), spec.kind == InputKind::Enum ? " | " : " ")
                                     : std::string();
  // Defaults that live in the catalog rather than in the request.
  std::string fallback = default_text(spec.id);
  if (spec.id == Input::Headroom) fallback = format_trimmed(catalog.defaults.headroom * 100, 2) + "%";
  if (spec.id == Input::Engine) fallback = kDefaultEngine;  // default_engine(): it follows the weights
  if (spec.id == Input::UsdCny) fallback = format_shortest(catalog.defaults.usd_cny);
  return render(message_with(spec.help, {{"fallback", fallback}, {"choices", choices}}), lang);
}

}  // namespace cardfit
