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
const Measurement* Catalog::find_measurement(std::string_view id) const { return find_by_id(measurements, id); }
const ApiPrice* Catalog::find_api_price(std::string_view id) const { return find_by_id(api_prices, id); }

// NOTE: `max` is a plausibility bound against typos (a decimal point lost), not a datum: the
// fastest published single-sequence decode is a few thousand tok/s, a node's aggregate a few
// hundred thousand.
const std::vector<MeasurementMetric>& measurement_metrics() {
  static const std::vector<MeasurementMetric> metrics{
      {"decode_tokens_per_s", "tok/s", 1e5},        {"aggregate_tokens_per_s", "tok/s", 5e7},
      {"tpot_ms", "ms", 1e6},                       {"ttft_ms", "ms", 1e7},
      {"prefill_tokens_per_s", "tok/s", 5e7},       {"kv_pool_gib", "GiB", 1e5},
      {"kv_tokens", "tokens", 1e11},                {"max_concurrency_x", "x", 5e7},
      {"gpu_hours", "h", 1e10},                     {"train_tokens_per_s_per_gpu", "tok/s", 1e7},
      {"mfu_effective", "", 1}};
  return metrics;
}

const MeasurementMetric* find_measurement_metric(std::string_view name) {
  for (const MeasurementMetric& m : measurement_metrics()) {
    if (name == m.name) return &m;
  }
  return nullptr;
}

MeasurementScenario measurement_scenario(std::string_view query) {
  MeasurementScenario out;
  auto whole = [&out](std::string_view key, std::string_view value, std::int64_t& to) {
    std::int64_t v = 0;
    bool ok = !value.empty() && value.size() <= 15;
    for (char ch : value) {
      if (ch < '0' || ch > '9') ok = false;
      if (ok) v = v * 10 + (ch - '0');
    }
    if (ok && v >= 1) {
      to = v;
    } else if (out.bad_key.empty()) {
      out.bad_key = std::string(key);
    }
  };
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view key = pair.substr(0, eq);
    const std::string_view value = pair.substr(eq + 1);
    if (key == "model") out.model = std::string(value);
    if (key == "gpu") out.gpu = std::string(value);
    if (key == "engine") out.engine = std::string(value);
    if (key == "precision") out.precision = std::string(value);
    if (key == "kv-precision") out.kv_precision = std::string(value);
    if (key == "task") out.task = std::string(value);
    if (key == "cards") whole(key, value, out.cards);
    if (key == "context") whole(key, value, out.context);
    if (key == "concurrency") whole(key, value, out.concurrency);
    if (key == "prompt") whole(key, value, out.prompt);
    if (key == "output-tokens") whole(key, value, out.output_tokens);
    if (key == "tp") whole(key, value, out.tp);
    if (key == "ep") whole(key, value, out.ep);
    if (key == "offload" || key == "n-cpu-moe") out.special_layout = true;
  }
  return out;
}

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
