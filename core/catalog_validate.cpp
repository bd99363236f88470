// Catalog validation: every field against its rule (catalog_fields.hpp), rules that involve
// two fields of one entry, unique well-formed ids, and references between entries.
#include "catalog_validate.hpp"

#include <set>

#include "catalog_fields.hpp"
#include "catalog_load.hpp"

namespace cardfit {
namespace detail {

using fields::FlagName;
using fields::Name;
using fields::Need;
using fields::Range;
using fields::Text;

std::string EntryOrigins::path_of(const std::string& section, const std::string& id, std::size_t index) const {
  auto it = paths.find(key(section, id));
  if (it != paths.end()) return it->second;
  return section + "[" + std::to_string(index) + "]";
}

std::string EntryOrigins::path_or(const std::string& k, const std::string& fallback) const {
  auto it = paths.find(k);
  return it != paths.end() ? it->second : fallback;
}

namespace {

// [SECTION] Checker: the field lists applied to values already in structs

class Checker {
 public:
  Checker(std::string path, IssueList& issues) : path_(std::move(path)), issues_(issues) {}

  void text(const char* key, const std::string& v, Need need, Text rule) {
    if (auto e = fields::check_text(v, need, rule)) add(key, *e);
  }
  template <class I>
  void integer(const char* key, const I& v, Need, Range r) {
    if (auto e = fields::check_number(static_cast<double>(v), r, true)) add(key, *e);
  }
  void number(const char* key, const double& v, Need, Range r) {
    if (auto e = fields::check_number(v, r, false)) add(key, *e);
  }
  void boolean(const char*, const bool&, Need) {}
  template <class E, std::size_t N>
  void choice(const char* key, const E& v, Need, const std::array<Name<E>, N>& names) {
    if (fields::name_of(names, v) == nullptr) add(key, "has a value outside its enumeration");
  }
  template <std::size_t N>
  void word(const char* key, const std::string& v, Need, const std::array<const char*, N>& words) {
    for (const char* w : words) {
      if (v == w) return;
    }
    std::string list;
    for (const char* w : words) list += (list.empty() ? "" : ", ") + std::string(w);
    add(key, "must be one of " + list + "; got " + fields::quote_for_message(v));
  }
  template <class T, class F>
  void object(const char* key, const T& v, const bool* present, F&& visit) {
    if (present != nullptr && !*present) return;
    Checker sub(path_ + "." + key, issues_);
    visit(sub, v);
  }
  template <class T, class F>
  void list(const char* key, const std::vector<T>& items, Need, F&& visit) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      Checker sub(path_ + "." + key + "[" + std::to_string(i) + "]", issues_);
      visit(sub, items[i]);
    }
  }
  void strings(const char* key, const std::vector<std::string>& items, Need, Text rule) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (auto e = fields::check_text(items[i], Need::Required, rule)) {
        issues_.add(path_ + "." + key + "[" + std::to_string(i) + "]", *e);
      }
    }
  }
  template <class B, std::size_t N>
  void flags(const char*, Need, const std::array<FlagName<B>, N>&) {}

 private:
  void add(const char* key, std::string message) { issues_.add(path_ + "." + key, std::move(message)); }

  std::string path_;
  IssueList& issues_;
};

// [SECTION] Rules across the fields of one entry

struct Report {
  const std::string& path;
  IssueList& issues;
  void operator()(const std::string& field, std::string message) const {
    issues.add(path + "." + field, std::move(message));
  }
};

using fields::format_number;

void check_entry(const Gpu& g, const Report& report) {
  if (g.fp16_acc16_dense_tflops < g.fp16_dense_tflops) {
    report("fp16_acc16_dense_tflops", "must be >= fp16_dense_tflops (" + format_number(g.fp16_dense_tflops) +
                                          "): FP16 accumulate is never slower; got " +
                                          format_number(g.fp16_acc16_dense_tflops));
  }
  if (g.interconnect != Interconnect::Pcie && g.nvlink_gb_per_s <= 0) {
    report("nvlink_gb_per_s", "must be > 0 when interconnect is " +
                                  std::string(fields::name_of(fields::kInterconnect, g.interconnect)
                                                  ? fields::name_of(fields::kInterconnect, g.interconnect)
                                                  : "not pcie"));
  }
}

void check_entry(const Model& m, const Report& report) {
  if (m.num_kv_heads > m.num_attention_heads) {
    report("num_kv_heads", "must be <= num_attention_heads (" + std::to_string(m.num_attention_heads) + "), got " +
                               std::to_string(m.num_kv_heads));
  } else if (m.num_kv_heads > 0 && m.num_attention_heads % m.num_kv_heads != 0) {
    report("num_kv_heads", "must divide num_attention_heads (" + std::to_string(m.num_attention_heads) +
                               "), got " + std::to_string(m.num_kv_heads));
  }
  if (m.has_sliding_window && m.sliding_window.layers > m.num_layers) {
    report("sliding_window.layers", "must be <= num_layers (" + std::to_string(m.num_layers) + "), got " +
                                        std::to_string(m.sliding_window.layers));
  }
  if (m.is_moe) {
    if (m.moe.experts_per_token > m.moe.num_experts) {
      report("moe.experts_per_token", "must be <= moe.num_experts (" + std::to_string(m.moe.num_experts) +
                                          "), got " + std::to_string(m.moe.experts_per_token));
    }
    if (m.moe.dense_layers >= m.num_layers) {
      report("moe.dense_layers", "must be < num_layers (" + std::to_string(m.num_layers) + "), got " +
                                     std::to_string(m.moe.dense_layers));
    }
    if ((m.moe.num_shared_experts > 0) != (m.moe.shared_expert_intermediate_size > 0)) {
      report("moe.shared_expert_intermediate_size",
             "must be > 0 exactly when moe.num_shared_experts > 0 (num_shared_experts " +
                 std::to_string(m.moe.num_shared_experts) + ", shared_expert_intermediate_size " +
                 std::to_string(m.moe.shared_expert_intermediate_size) + ")");
    }
  }
  if (m.is_mla && m.head_dim != m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim) {
    report("head_dim", "must equal mla.qk_nope_head_dim + mla.qk_rope_head_dim (" +
                           std::to_string(m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim) + ") for MLA, got " +
                           std::to_string(m.head_dim));
  }
}

void check_engine_list(const std::vector<std::string>& engines, const Report& report) {
  if (engines.empty()) report("engines", "must name at least one engine");
  std::set<std::string> seen;
  for (const std::string& e : engines) {
    if (!seen.insert(e).second) report("engines", "lists '" + e + "' twice");
  }
}

void check_entry(const WeightPrecision& p, const Report& report) { check_engine_list(p.engines, report); }

void check_entry(const KvPrecision& p, const Report& report) {
  if (p.bits < p.nominal_bits) {
    report("effective_bits", "must be >= bits (" + format_number(p.nominal_bits) + "): scales only add, got " +
                                 format_number(p.bits));
  }
  check_engine_list(p.engines, report);
}

void check_range(const PriceRange& r, const std::string& field, const Report& report) {
  if (r.low > r.high) {
    report(field + ".high", "must be >= low (" + format_number(r.low) + "), got " + format_number(r.high));
  }
}

void check_entry(const Platform& p, const Report& report) {
  check_range(p.extra_fees_cny_per_month, "extra_fees_cny_per_month", report);
  check_range(p.spot_multiplier, "spot_multiplier", report);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < p.upgrades.size(); ++i) {
    if (!seen.insert(p.upgrades[i].id).second) {
      report("upgrades[" + std::to_string(i) + "].id", "duplicate upgrade id '" + p.upgrades[i].id + "'");
    }
  }
}

void check_entry(const Offer& o, const Report& report) {
  if (o.prices.empty()) report("prices", "must list at least one price (use \"on_inquiry\": true for a quote)");
  std::set<Term> terms;
  for (std::size_t i = 0; i < o.prices.size(); ++i) {
    const OfferPrice& p = o.prices[i];
    const std::string at = "prices[" + std::to_string(i) + "]";
    check_range(p.price, at, report);
    if (!p.on_inquiry && p.price.high <= 0) {
      report(at + ".low", "a price of 0 needs \"on_inquiry\": true (quote on request)");
    }
    if (!terms.insert(p.term).second) report(at + ".term", "this term is already priced in this offer");
  }
  if (o.unit == OfferUnit::Slice && o.slice_fraction >= 1) {
    report("slice_fraction", "must be < 1 for a slice, got " + format_number(o.slice_fraction));
  }
  if (o.unit != OfferUnit::Slice && o.slice_fraction != 1) {
    report("slice_fraction", "must be 1 unless unit is \"slice\", got " + format_number(o.slice_fraction));
  }
  if (o.unit != OfferUnit::Machine && o.cards != 1) {
    report("cards", "must be 1 unless unit is \"machine\", got " + std::to_string(o.cards));
  }
}

void check_entry(const BudgetTier& t, const Report& report) {
  if (t.high_cny_per_month != 0 && t.high_cny_per_month <= t.low_cny_per_month) {
    report("high_cny_per_month", "must be > low_cny_per_month (" + format_number(t.low_cny_per_month) +
                                     ") or 0 for open-ended, got " + format_number(t.high_cny_per_month));
  }
}

void check_entry(const EngineProfile&, const Report&) {}

// [SECTION] References

template <class T>
std::set<std::string> ids_of(const std::vector<T>& items) {
  std::set<std::string> ids;
  for (const T& x : items) ids.insert(x.id);
  return ids;
}

std::string nearest(const std::set<std::string>& ids, const std::string& wanted) {
  std::string best;
  std::size_t best_d = 3;  // suggest only close matches
  for (const std::string& id : ids) {
    const std::size_t d = edit_distance(id, wanted);
    if (d < best_d) {
      best_d = d;
      best = id;
    }
  }
  return best;
}

struct References {
  const std::vector<RemovedEntry>& removed;
  IssueList& issues;

  // `target_section`/`noun`: what is referred to; `from`: "offer 'x'"; `path`: where.
  void check(const std::set<std::string>& ids, const char* target_section, const char* noun, const std::string& id,
             const std::string& from, const std::string& path) const {
    if (ids.count(id) != 0) return;
    for (const RemovedEntry& r : removed) {
      if (r.section == target_section && r.id == id) {
        issues.add(r.path, std::string(noun) + " '" + id + "' is still used by " + from + " (" + path +
                               "); remove or change that entry too");
        return;
      }
    }
    std::string message = std::string("unknown ") + noun + " '" + id + "'";
    const std::string close = nearest(ids, id);
    if (!close.empty()) message += " (did you mean '" + close + "'?)";
    issues.add(path, message);
  }
};

}  // namespace

void validate_into(const Catalog& catalog, const EntryOrigins& origins, const std::vector<RemovedEntry>& removed,
                   IssueList& issues) {
  fields::for_each_section(catalog, [&](const fields::Section& section, const auto& items, auto visit) {
    std::map<std::string, std::size_t> first_index;
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (issues.full()) return;
      const auto& entry = items[i];
      const std::string path = origins.path_of(section.key, entry.id, i);
      auto [it, fresh] = first_index.emplace(entry.id, i);
      if (!fresh) {
        issues.add(path + ".id", "duplicate " + std::string(section.noun) + " id '" + entry.id + "' (also " +
                                     section.key + "[" + std::to_string(it->second) + "])");
      }
      Checker checker(path, issues);
      visit(checker, entry);
      check_entry(entry, Report{path, issues});
    }
  });

  const std::string defaults_path = origins.path_or(EntryOrigins::key("defaults", ""), "defaults");
  const Defaults& d = catalog.defaults;
  if (!d.source.empty()) {  // built-in defaults (no engines file loaded) carry no source
    Checker checker(defaults_path, issues);
    fields::defaults_fields(checker, d);
  }
  if (d.tight_headroom > d.headroom) {
    issues.add(defaults_path + ".tight_headroom", "must be <= headroom (" + fields::format_number(d.headroom) +
                                                      "), got " + fields::format_number(d.tight_headroom));
  }
  if (auto e = fields::check_number(d.usd_cny, fields::kUsdCny, false)) {
    issues.add(origins.path_or(EntryOrigins::key("default_usd_cny", ""), "default_usd_cny"), *e);
  }
  if (!catalog.custom_budget.id.empty()) {
    Checker checker(origins.path_or(EntryOrigins::key("custom", ""), "custom"), issues);
    fields::custom_budget_fields(checker, catalog.custom_budget);
  }

  // References between sections.
  const References refs{removed, issues};
  const auto gpu_ids = ids_of(catalog.gpus);
  const auto platform_ids = ids_of(catalog.platforms);
  const auto offer_ids = ids_of(catalog.offers);
  const auto engine_ids = ids_of(catalog.engines);
  for (std::size_t i = 0; i < catalog.offers.size(); ++i) {
    const Offer& o = catalog.offers[i];
    const std::string path = origins.path_of("offers", o.id, i);
    const std::string from = "offer '" + o.id + "'";
    refs.check(platform_ids, "platforms", "platform", o.platform, from, path + ".platform");
    refs.check(gpu_ids, "gpus", "GPU", o.gpu, from, path + ".gpu");
  }
  auto check_engines = [&](const char* section, const char* noun, const auto& precisions) {
    for (std::size_t i = 0; i < precisions.size(); ++i) {
      const auto& p = precisions[i];
      const std::string path = origins.path_of(section, p.id, i);
      for (std::size_t k = 0; k < p.engines.size(); ++k) {
        refs.check(engine_ids, "engines", "engine", p.engines[k], std::string(noun) + " '" + p.id + "'",
                   path + ".engines[" + std::to_string(k) + "]");
      }
    }
  };
  check_engines("weight_precisions", "weight precision", catalog.weight_precisions);
  check_engines("kv_precisions", "KV-cache precision", catalog.kv_precisions);
  for (std::size_t i = 0; i < catalog.budget_tiers.size(); ++i) {
    const BudgetTier& t = catalog.budget_tiers[i];
    const std::string path = origins.path_of("tiers", t.id, i);
    for (std::size_t k = 0; k < t.picks.size(); ++k) {
      refs.check(offer_ids, "offers", "offer", t.picks[k].offer, "budget tier '" + t.id + "'",
                 path + ".picks[" + std::to_string(k) + "].offer");
    }
  }
}

void validate_model_into(const Model& model, const std::string& path, IssueList& issues) {
  Checker checker(path, issues);
  fields::model_fields(checker, model);
  check_entry(model, Report{path, issues});
}

}  // namespace detail

std::vector<Issue> validate_catalog(const Catalog& catalog) {
  IssueList issues;
  detail::validate_into(catalog, detail::EntryOrigins{}, {}, issues);
  return issues.take();
}

}  // namespace cardfit
