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

std::optional<CatalogDate> parse_catalog_date(std::string_view text) {
  auto number = [&text](std::size_t at, std::size_t n, int lo, int hi) -> std::optional<int> {
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (text[i] < '0' || text[i] > '9') return std::nullopt;
      v = v * 10 + (text[i] - '0');
    }
    if (v < lo || v > hi) return std::nullopt;
    return v;
  };
  if (text.size() != 4 && text.size() != 7 && text.size() != 10) return std::nullopt;
  CatalogDate d;
  const auto year = number(0, 4, 1990, 2100);
  if (!year) return std::nullopt;
  d.year = *year;
  if (text.size() >= 7) {
    const auto month = text[4] == '-' ? number(5, 2, 1, 12) : std::nullopt;
    if (!month) return std::nullopt;
    d.month = *month;
  }
  if (text.size() == 10) {
    const auto day = text[7] == '-' ? number(8, 2, 1, 31) : std::nullopt;
    if (!day) return std::nullopt;
    d.day = *day;
  }
  return d;
}

int months_between(const CatalogDate& from, const CatalogDate& to) {
  const int from_month = from.month == 0 ? 12 : from.month;
  const int to_month = to.month == 0 ? 12 : to.month;
  return (to.year - from.year) * 12 + (to_month - from_month);
}

std::vector<Citation> parse_citations(std::string_view source) {
  std::vector<Citation> out;
  auto trim = [](std::string_view t) {
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    return t;
  };
  // The next ';' outside parentheses: a locator may hold "(a; b)".
  auto next_semi = [](std::string_view t) {
    int depth = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (t[i] == '(') ++depth;
      else if (t[i] == ')' && depth > 0) --depth;
      else if (t[i] == ';' && depth == 0) return i;
    }
    return std::string_view::npos;
  };
  while (!source.empty()) {
    const std::size_t semi = next_semi(source);
    const std::string_view part = trim(source.substr(0, semi));
    const std::size_t space = part.find(' ');
    Citation c;
    c.id = std::string(part.substr(0, space));
    if (space != std::string_view::npos) c.locator = std::string(trim(part.substr(space + 1)));
    out.push_back(std::move(c));
    if (semi == std::string_view::npos) break;
    source.remove_prefix(semi + 1);
  }
  return out;
}

std::string citation_text(const Catalog& catalog, std::string_view source) {
  const Source* first = nullptr;
  for (const Citation& c : parse_citations(source)) {
    if (catalog.find_source(c.id)) first = catalog.find_source(c.id);
  }
  if (!first) return std::string(source);  // no catalog source named: as written
  std::string out;
  for (const Citation& c : parse_citations(source)) {
    const Source* s = catalog.find_source(c.id);
    std::string one = s ? (s->short_title.empty() ? s->title : s->short_title) : c.id;
    if (!c.locator.empty()) one += " " + c.locator;
    out += (out.empty() ? "" : "; ") + one;
  }
  return out;
}

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
