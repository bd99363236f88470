// Catalog lookups by id.
#include "catalog.hpp"

#include <algorithm>

#include "assert.hpp"
#include "messages.hpp"
#include "suggest.hpp"

namespace cardfit {
namespace {
template <class T>
const T* find_by_id(const std::vector<T>& items, std::string_view id) {
  auto it = std::find_if(items.begin(), items.end(), [&](const T& x) { return x.id == id; });
  return it == items.end() ? nullptr : &*it;
}
}  // namespace

const Gpu* Catalog::find_gpu(std::string_view id) const { return find_by_id(gpus, id); }
const Model* Catalog::find_model(std::string_view id) const { return find_by_id(models, id); }
const WeightPrecision* Catalog::find_weight_precision(std::string_view id) const {
  return find_by_id(weight_precisions, id);
}
const KvPrecision* Catalog::find_kv_precision(std::string_view id) const { return find_by_id(kv_precisions, id); }
const Platform* Catalog::find_platform(std::string_view id) const { return find_by_id(platforms, id); }
const Offer* Catalog::find_offer(std::string_view id) const { return find_by_id(offers, id); }
const BudgetTier* Catalog::find_budget_tier(std::string_view id) const { return find_by_id(budget_tiers, id); }
const EngineProfile* Catalog::find_engine(std::string_view id) const { return find_by_id(engines, id); }
const Source* Catalog::find_source(std::string_view id) const { return find_by_id(sources, id); }

Issue unknown_id(const std::string& field, MsgId noun, const std::string& id, const std::vector<std::string>& known) {
  const std::string near = closest(known, ascii_lower(id));
  return Issue{field, near.empty() ? msg::err_id_unknown(field, Message(noun), id)
                                   : msg::err_id_unknown_near(field, Message(noun), id, near)};
}

Issue unknown_id_among(const std::string& field, MsgId noun, const std::string& text, const std::vector<std::string>& names,
                       const std::vector<const std::string*>& owners) {
  CARDFIT_ASSERT(names.size() == owners.size(), "one owner per name");
  const std::string lower = ascii_lower(text);
  // A name the text begins ("a100" -> "a100-40g") beats one a letter away ("v100").
  std::string near;
  for (const std::string& n : names) {
    if (near.empty() && !lower.empty() && n.size() > lower.size() + 1 && n.compare(0, lower.size(), lower) == 0 &&
        (n[lower.size()] == '-' || n[lower.size()] == '.')) {
      near = n;
    }
  }
  if (near.empty()) near = closest(names, lower);
  std::string id;
  for (std::size_t i = 0; i < names.size() && id.empty(); ++i) {
    if (names[i] == near) id = *owners[i];
  }
  return Issue{field, id.empty() ? msg::err_id_unknown(field, Message(noun), text)
                                 : msg::err_id_unknown_near(field, Message(noun), text, id)};
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace cardfit
