// Catalog validation: every field against its rule (catalog_fields.hpp), rules that involve
// two fields of one entry, unique well-formed ids, and references between entries.
#include "catalog_validate.hpp"

#include <map>
#include <set>

#include "catalog_fields.hpp"
#include "field_table.hpp"
#include "format.hpp"
#include "messages.hpp"
#include "suggest.hpp"

namespace cardfit {
namespace detail {

using fields::Field;
using fields::FieldTable;
using fields::Kind;
using fields::member;
using fields::Need;
using fields::Range;
using fields::TextRule;

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

// [SECTION] Checker: every field's rule, on values already in structs (one loop over the
// field table for every entry type, field_table.hpp)

class Checker {
 public:
  Checker(std::string path, IssueList& issues) : path_(std::move(path)), issues_(issues) {}

  [[gnu::noinline]] void check(const FieldTable& table, const void* base) {
    for (const Field& f : table.fields) {
      switch (f.kind) {
        case Kind::Text:
          if (auto e = fields::check_text(member<std::string>(base, f.offset), f.need, f.rule)) add(f.key, *e);
          break;
        case Kind::Integer: {
          const double v = f.integer_bytes == sizeof(int)
                               ? static_cast<double>(member<int>(base, f.offset))
                               : static_cast<double>(member<std::int64_t>(base, f.offset));
          if (auto e = fields::check_number(v, f.range, true)) add(f.key, *e);
          break;
        }
        case Kind::Number:
          if (auto e = fields::check_number(member<double>(base, f.offset), f.range, false)) add(f.key, *e);
          break;
        case Kind::Choice:
          if (f.choice->name(&member<char>(base, f.offset)).empty()) add(f.key, msg::cat_rule_outside_enum());
          break;
        case Kind::Object:
          if (f.present == Field::kNoFlag || member<bool>(base, f.present)) {
            Checker sub(path_ + "." + f.key, issues_);
            sub.check(*f.sub, &member<char>(base, f.offset));
          }
          break;
        case Kind::List: {
          const void* items = &member<char>(base, f.offset);
          for (std::size_t i = 0; i < f.list->size(items); ++i) {
            Checker sub(path_ + "." + f.key + "[" + std::to_string(i) + "]", issues_);
            sub.check(*f.sub, f.list->at(items, i));
          }
          break;
        }
        case Kind::Strings: {
          const auto& items = member<std::vector<std::string>>(base, f.offset);
          for (std::size_t i = 0; i < items.size(); ++i) {
            if (auto e = fields::check_text(items[i], Need::Required, f.rule)) {
              issues_.add(path_ + "." + f.key + "[" + std::to_string(i) + "]", *e);
            }
          }
          break;
        }
        case Kind::Boolean:
        case Kind::Flags:
          break;
      }
    }
  }

 private:
  void add(const char* key, Message message) { issues_.add(path_ + "." + key, std::move(message)); }

  std::string path_;
  IssueList& issues_;
};

// [SECTION] Rules across the fields of one entry

struct Report {
  const std::string& path;
  IssueList& issues;
  void operator()(const std::string& field, Message message) const {
    issues.add(path + "." + field, std::move(message));
  }
};

std::string num(double v) { return format_shortest(v); }
std::string num(std::int64_t v) { return std::to_string(v); }
std::string num(int v) { return std::to_string(v); }

void check_entry(const Gpu& g, const Report& report) {
  if (g.fp16_acc16_dense_tflops < g.fp16_dense_tflops) {
    report("fp16_acc16_dense_tflops", msg::cat_gpu_acc16(num(g.fp16_dense_tflops), num(g.fp16_acc16_dense_tflops)));
  }
  if (g.interconnect != Interconnect::Pcie && g.nvlink_gb_per_s <= 0) {
    report("nvlink_gb_per_s", msg::cat_gpu_link_bw(name_of(g.interconnect)));
  }
  if (g.fp8_path == Fp8Path::Native && !(g.fp8_dense_tflops > 0)) report("fp8_path", msg::cat_gpu_fp8_native());
  if (g.fp4_path == Fp4Path::Native && !(g.fp4_dense_tflops > 0)) report("fp4_path", msg::cat_gpu_fp4_native());
  // A street price is all or nothing: a price without its date, currency, condition and source is refused.
  const bool priced = g.street_price_low > 0;
  const std::pair<const char*, const std::string*> street[] = {{"street_price_currency", &g.street_price_currency},
                                                               {"street_price_condition", &g.street_price_condition},
                                                               {"street_price_as_of", &g.street_price_as_of},
                                                               {"street_price_source", &g.street_price_source}};
  if (priced) {
    if (g.street_price_high < g.street_price_low) {
      report("street_price_high", msg::cat_gpu_street_price_order(num(g.street_price_low), num(g.street_price_high)));
    }
    for (const auto& [field, value] : street) {
      if (value->empty()) report(field, msg::cat_gpu_street_price_needs());
    }
    if (!g.street_price_condition.empty() && g.street_price_condition != "new" && g.street_price_condition != "used") {
      report("street_price_condition", msg::cat_gpu_street_price_condition(fields::quote_for_message(g.street_price_condition)));
    }
  } else if (g.street_price_high > 0 || !g.street_price_currency.empty() || !g.street_price_as_of.empty() ||
             !g.street_price_source.empty() || !g.street_price_condition.empty()) {
    report("street_price_low", msg::cat_gpu_street_price_orphan());
  }
}

void check_entry(const Model& m, const Report& report) {
  if (m.repos_source.empty() && (!m.gguf_repo.empty() || !m.awq_repo.empty() || !m.fp8_repo.empty())) {
    report("repos_source", msg::cat_model_repos_source());
  }
  if (m.num_kv_heads > m.num_attention_heads) {
    report("num_kv_heads", msg::cat_model_kv_le_heads(num(m.num_attention_heads), num(m.num_kv_heads)));
  } else if (m.num_kv_heads > 0 && m.num_attention_heads % m.num_kv_heads != 0) {
    report("num_kv_heads", msg::cat_model_kv_divides(num(m.num_attention_heads), num(m.num_kv_heads)));
  }
  if (m.has_sliding_window && m.sliding_window.layers > m.num_layers) {
    report("sliding_window.layers", msg::cat_model_window_layers(num(m.num_layers), num(m.sliding_window.layers)));
  }
  // Each layer has one kind of attention: windowed, chunked, linear, or else full.
  const int special = (m.has_sliding_window ? m.sliding_window.layers : 0) +
                      (m.has_chunked_attention ? m.chunked_attention.layers : 0) +
                      (m.has_linear_attention ? m.linear_attention.layers : 0);
  if (special > m.num_layers && (m.has_chunked_attention || m.has_linear_attention)) {
    report(m.has_linear_attention ? "linear_attention.layers" : "chunked_attention.layers",
           msg::cat_model_attention_layers(num(m.num_layers), num(special)));
  }
  if (m.has_compressed_attention) {
    const int compressed = m.compressed_attention.ratio4_layers + m.compressed_attention.ratio128_layers;
    if (compressed > m.num_layers) {
      report("compressed_attention.ratio128_layers", msg::cat_model_attention_layers(num(m.num_layers), num(compressed)));
    }
  }
  if (m.has_indexer && m.indexer.layers + m.indexer.dense_layers > m.num_layers) {
    report("indexer.dense_layers", msg::cat_model_indexer_layers(num(m.num_layers), num(m.indexer.layers + m.indexer.dense_layers)));
  }
  if (m.has_indexer && !m.indexer.kind.empty() && m.indexer.kind != "block_sparse") {
    report("indexer.kind", msg::cat_model_indexer_kind(m.indexer.kind));
  }
  if (m.is_moe) {
    if (m.moe.experts_per_token > m.moe.num_experts) {
      report("moe.experts_per_token", msg::cat_model_top_k(num(m.moe.num_experts), num(m.moe.experts_per_token)));
    }
    if (m.moe.dense_layers >= m.num_layers) {
      report("moe.dense_layers", msg::cat_model_dense_layers(num(m.num_layers), num(m.moe.dense_layers)));
    }
    if ((m.moe.num_shared_experts > 0) != (m.moe.shared_expert_intermediate_size > 0)) {
      report("moe.shared_expert_intermediate_size",
             msg::cat_model_shared(num(m.moe.num_shared_experts), num(m.moe.shared_expert_intermediate_size)));
    }
  }
  if (m.has_linear_attention && !m.linear_attention.kind.empty() && m.linear_attention.kind != "mamba2" &&
      m.linear_attention.kind != "kda") {
    report("linear_attention.kind", msg::cat_model_linear_kind(m.linear_attention.kind));
  }
  if (m.is_mla && m.head_dim != m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim) {
    report("head_dim", msg::cat_model_mla_head_dim(num(m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim), num(m.head_dim)));
  }
}

void check_engine_list(const std::vector<std::string>& engines, const Report& report) {
  if (engines.empty()) report("engines", msg::cat_list_engines_empty());
  std::set<std::string> seen;
  for (const std::string& e : engines) {
    if (!seen.insert(e).second) report("engines", msg::cat_list_twice(e));
  }
}

void check_entry(const WeightPrecision& p, const Report& report) { check_engine_list(p.engines, report); }

void check_entry(const KvPrecision& p, const Report& report) {
  if (p.bits < p.nominal_bits) report("effective_bits", msg::cat_kv_effective(num(p.nominal_bits), num(p.bits)));
  check_engine_list(p.engines, report);
}

void check_range(const PriceRange& r, const std::string& field, const Report& report) {
  if (r.low > r.high) report(field + ".high", msg::cat_range_high(num(r.low), num(r.high)));
}

void check_entry(const Platform& p, const Report& report) {
  check_range(p.extra_fees_cny_per_month, "extra_fees_cny_per_month", report);
  check_range(p.spot_multiplier, "spot_multiplier", report);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < p.upgrades.size(); ++i) {
    if (!seen.insert(p.upgrades[i].id).second) {
      report("upgrades[" + std::to_string(i) + "].id", msg::cat_platform_upgrade_dup(p.upgrades[i].id));
    }
  }
}

void check_entry(const Offer& o, const Report& report) {
  if (o.prices.empty()) report("prices", msg::cat_offer_no_prices());
  std::set<Term> terms;
  for (std::size_t i = 0; i < o.prices.size(); ++i) {
    const OfferPrice& p = o.prices[i];
    const std::string at = "prices[" + std::to_string(i) + "]";
    check_range(p.price, at, report);
    if (!p.on_inquiry && p.price.high <= 0) {
      report(at + ".low", msg::cat_offer_zero_price());
    }
    if (!terms.insert(p.term).second) report(at + ".term", msg::cat_offer_term_twice());
  }
  if (o.unit == OfferUnit::Slice && o.slice_fraction >= 1) {
    report("slice_fraction", msg::cat_offer_slice_lt1(num(o.slice_fraction)));
  }
  if (o.unit != OfferUnit::Slice && o.slice_fraction != 1) {
    report("slice_fraction", msg::cat_offer_slice_1(num(o.slice_fraction)));
  }
  if (o.unit != OfferUnit::Machine && o.cards != 1) report("cards", msg::cat_offer_cards_1(num(o.cards)));
  if (o.product_en.empty() != o.product_zh.empty()) {
    report(o.product_en.empty() ? "product_en" : "product_zh", msg::cat_offer_product_pair());
  }
}

void check_entry(const BudgetTier& t, const Report& report) {
  if (t.high_cny_per_month != 0 && t.high_cny_per_month <= t.low_cny_per_month) {
    report("high_cny_per_month", msg::cat_tier_high(num(t.low_cny_per_month), num(t.high_cny_per_month)));
  }
}

void check_entry(const EngineProfile& e, const Report& report) {
  if (e.tiers.empty()) report("tiers", msg::cat_engine_tiers_empty());
  for (std::size_t i = 0; i < e.tiers.size(); ++i) {
    const std::int64_t below = e.tiers[i].below_mib;
    const std::string at = "tiers[" + std::to_string(i) + "].below_mib";
    if (i + 1 == e.tiers.size()) {
      if (below != 0) report(at, msg::cat_engine_tier_last(num(below)));
    } else if (below <= (i == 0 ? 0 : e.tiers[i - 1].below_mib)) {
      report(at, msg::cat_engine_tier_order(num(i == 0 ? std::int64_t{0} : e.tiers[i - 1].below_mib),
                                            num(below)));
    }
  }
}
void check_entry(const Source&, const Report&) {}

void check_entry(const ApiPrice& a, const Report& report) {
  if (a.cache_hit_per_mtok > a.input_per_mtok) {
    report("cache_hit_per_mtok", msg::cat_api_cache_above_input(num(a.cache_hit_per_mtok), num(a.input_per_mtok)));
  }
}

void check_entry(const Measurement& m, const Report& report) {
  const MeasurementMetric* metric = find_measurement_metric(m.metric);
  if (metric == nullptr) {
    std::string list;
    for (const MeasurementMetric& x : measurement_metrics()) list += (list.empty() ? "" : ", ") + std::string(x.name);
    report("metric", msg::cat_measurement_metric(fields::quote_for_message(m.metric), list));
  } else if (m.measured > metric->max) {
    report("measured", msg::cat_measurement_absurd(num(m.measured), metric->unit, metric->name, num(metric->max)));
  }
  const MeasurementScenario sc = measurement_scenario(m.scenario);
  if (!sc.bad_key.empty()) report("scenario", msg::cat_measurement_scenario_number(sc.bad_key));
  if (sc.gpu.empty()) report("scenario", msg::cat_measurement_scenario_gpu());
}

// [SECTION] References

// Every `source` text of an entry (nested upgrades included), with its path.
void source_texts(const FieldTable& table, const void* base, const std::string& path,
                  std::vector<std::pair<std::string, std::string>>& out) {
  for (const Field& f : table.fields) {
    if (f.kind == Kind::Text) {
      const std::string k(f.key);
      const std::string& v = member<std::string>(base, f.offset);
      // A measurement may cite its page by address (then a locator) instead of by source id
      // (docs/measurements.md).
      if ((k == "source" || k == "repos_source") && !v.empty() &&
          fields::check_text(v.substr(0, v.find(' ')), Need::Required, TextRule::WebUrl).has_value()) {
        out.emplace_back(path + "." + k, v);
      }
    } else if (f.kind == Kind::Object) {
      if (f.present == Field::kNoFlag || member<bool>(base, f.present)) {
        source_texts(*f.sub, &member<char>(base, f.offset), path + "." + f.key, out);
      }
    } else if (f.kind == Kind::List) {
      const void* items = &member<char>(base, f.offset);
      for (std::size_t i = 0; i < f.list->size(items); ++i) {
        source_texts(*f.sub, f.list->at(items, i), path + "." + f.key + "[" + std::to_string(i) + "]", out);
      }
    }
  }
}

// Not a template on the entry type, so that References::check is one function (issue 28).
struct IdSet {  // the ids of one section: a set to look up, a list for "did you mean"
  std::set<std::string> set;
  std::vector<std::string> list;
  template <class T>
  explicit IdSet(const std::vector<T>& items) {
    for (const T& x : items) {
      set.insert(x.id);
      list.push_back(x.id);
    }
  }
};

struct Ids {  // the ids of every section that entries refer to
  explicit Ids(const Catalog& c)
      : sources(c.sources), gpus(c.gpus), platforms(c.platforms), offers(c.offers), engines(c.engines),
        models(c.models), weights(c.weight_precisions), kvs(c.kv_precisions) {}
  IdSet sources;
  IdSet gpus;
  IdSet platforms;
  IdSet offers;
  IdSet engines;
  IdSet models;
  IdSet weights;
  IdSet kvs;
};

struct References {
  const Catalog& catalog;
  const EntryOrigins& origins;
  const std::vector<RemovedEntry>& removed;
  IssueList& issues;
  const Ids ids;

  // `target_section`/`noun`: what is referred to; `from`: "offer 'x'"; `path`: where.
  void check(const IdSet& known, const char* target_section, MsgId noun, const std::string& id, const Message& from,
             const std::string& path) const {
    if (known.set.count(id) != 0) return;
    for (const RemovedEntry& r : removed) {
      if (r.section == target_section && r.id == id) {
        issues.add(r.path, msg::cat_ref_still_used(Message(noun), id, from, path));
        return;
      }
    }
    const std::string near = closest(known.list, id);  // only for references that fail
    issues.add(path, near.empty() ? msg::cat_ref_unknown(Message(noun), id)
                                  : msg::cat_ref_unknown_near(Message(noun), id, near));
  }
  // The sections referred to from more than one place:
  void gpu(const std::string& id, const Message& from, const std::string& path) const {
    check(ids.gpus, "gpus", MsgId::cat_noun_gpu, id, from, path);
  }
  void engine(const std::string& id, const Message& from, const std::string& path) const {
    check(ids.engines, "engines", MsgId::cat_noun_engine, id, from, path);
  }
  void model(const std::string& id, const Message& from, const std::string& path) const {
    check(ids.models, "models", MsgId::cat_noun_model, id, from, path);
  }
  void weight_precision(const std::string& id, const Message& from, const std::string& path) const {
    check(ids.weights, "weight_precisions", MsgId::cat_noun_weight_precision, id, from, path);
  }
};

// Every alias names one entry: not another entry's id or alias, not its own id, not twice.
template <class T>
void check_aliases(const std::vector<T>& items, const fields::Section& section, const EntryOrigins& origins,
                   IssueList& issues) {
  if constexpr (HasAliases<T>::value) {
    std::map<std::string, const std::string*> owner;  // id or alias -> the entry's id
    for (const T& e : items) owner.emplace(e.id, &e.id);
    for (std::size_t i = 0; i < items.size() && !issues.full(); ++i) {
      const T& e = items[i];
      for (std::size_t k = 0; k < e.aliases.size(); ++k) {
        auto [it, fresh] = owner.emplace(e.aliases[k], &e.id);
        if (!fresh) {
          issues.add(origins.path_of(section.key, e.id, i) + ".aliases[" + std::to_string(k) + "]",
                     msg::cat_alias_taken(e.aliases[k], Message(section.noun), *it->second));
        }
      }
    }
  } else {
    (void)items, (void)section, (void)origins, (void)issues;
  }
}

// [SECTION] One section's entries, the defaults

// Entry i's path; says so when its id was taken before. Out of line: one copy for every entry
// type (issue 28, the page's bytes), not one per check_entries<T>.
[[gnu::noinline]] std::string entry_path(const fields::Section& section, const std::string& id, std::size_t i,
                                         std::map<std::string, std::size_t>& first_index, const EntryOrigins& origins,
                                         IssueList& issues) {
  std::string path = origins.path_of(section.key, id, i);
  auto [it, fresh] = first_index.emplace(id, i);
  if (!fresh) {
    issues.add(path + ".id", msg::cat_entry_duplicate(Message(section.noun), id, section.key,
                                                      std::to_string(it->second)));
  }
  return path;
}

// Aliases, then per entry: its id not taken before, every field's rule, the rules across its fields.
template <class T>
void check_entries(const fields::Section& section, const std::vector<T>& items, const FieldTable& table,
                   const EntryOrigins& origins, IssueList& issues) {
  check_aliases(items, section, origins, issues);
  std::map<std::string, std::size_t> first_index;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (issues.full()) return;
    const T& entry = items[i];
    const std::string path = entry_path(section, entry.id, i, first_index, origins, issues);
    Checker(path, issues).check(table, &entry);
    check_entry(entry, Report{path, issues});
  }
}

std::string defaults_path(const EntryOrigins& origins) {
  return origins.path_or(EntryOrigins::key("defaults", ""), "defaults");
}

std::string usd_cny_path(const EntryOrigins& origins) {
  return origins.path_or(EntryOrigins::key("default_usd_cny", ""), "default_usd_cny");
}

// The engines file's defaults, the exchange rate and the custom budget tier.
void check_defaults(const Catalog& catalog, const EntryOrigins& origins, IssueList& issues) {
  const Defaults& d = catalog.defaults;
  if (!d.source.empty()) {  // built-in defaults (no engines file loaded) carry no source
    Checker(defaults_path(origins), issues).check(fields::catalog_tables().defaults, &d);
  }
  if (d.tight_headroom > d.headroom) {
    issues.add(defaults_path(origins) + ".tight_headroom",
               msg::cat_defaults_tight(num(d.headroom), num(d.tight_headroom)));
  }
  // 0: no default_usd_cny loaded (a partial catalog); plan() then asks for one.
  if (auto e = d.usd_cny == 0 ? std::nullopt : fields::check_number(d.usd_cny, fields::kUsdCny, false)) {
    issues.add(usd_cny_path(origins), *e);
  }
  if (!catalog.custom_budget.id.empty()) {
    Checker(origins.path_or(EntryOrigins::key("custom", ""), "custom"), issues)
        .check(fields::catalog_tables().custom_budget, &catalog.custom_budget);
  }
}

// [SECTION] References, by the section that refers

using SourceTextList = std::vector<std::pair<std::string, std::string>>;  // (path, `source` text)

// Every `source` names sources by id (catalog.hpp "Citations").
void check_citations(const References& r, const Message& from, const SourceTextList& texts) {
  for (const auto& [path, text] : texts) {
    for (const Citation& c : parse_citations(text)) {
      if (c.id.empty()) {
        r.issues.add(path, msg::cat_source_empty_citation(fields::quote_for_message(text)));
        continue;
      }
      r.check(r.ids.sources, "sources", MsgId::cat_noun_source, c.id, from, path);
    }
  }
}

// Out of line: one copy for every entry type, not one per section (issue 28).
[[gnu::noinline]] void check_entry_citations(const References& r, const fields::Section& section, const std::string& id,
                                             const SourceTextList& texts) {
  check_citations(r, msg::cat_ref_from(Message(section.noun), id), texts);
}

void check_entry_sources(const References& r) {
  std::size_t section_index = 0;
  fields::for_each_section(r.catalog, [&](const fields::Section& section, const auto& items, auto) {
    const FieldTable& table = fields::catalog_tables().sections[section_index++];
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (r.issues.full()) return;
      SourceTextList texts;
      source_texts(table, &items[i], r.origins.path_of(section.key, items[i].id, i), texts);
      check_entry_citations(r, section, items[i].id, texts);
    }
  });
}

void check_defaults_sources(const References& r) {
  const Defaults& d = r.catalog.defaults;
  if (!d.source.empty()) {
    check_citations(r, msg::cat_ref_from_defaults(), {{defaults_path(r.origins) + ".source", d.source}});
  }
  if (!d.usd_cny_source.empty()) {
    const std::string path = usd_cny_path(r.origins);
    check_citations(r, msg::cat_ref_from_defaults(),
                    {{path.substr(0, path.rfind("default_usd_cny")) + "usd_cny_source", d.usd_cny_source}});
  }
}

void check_offer_references(const References& r) {
  for (std::size_t i = 0; i < r.catalog.offers.size(); ++i) {
    const Offer& o = r.catalog.offers[i];
    const std::string path = r.origins.path_of("offers", o.id, i);
    const Message from = msg::cat_ref_from(msg::cat_noun_offer(), o.id);
    r.check(r.ids.platforms, "platforms", MsgId::cat_noun_platform, o.platform, from, path + ".platform");
    r.gpu(o.gpu, from, path + ".gpu");
  }
}

void check_api_price_references(const References& r) {
  for (std::size_t i = 0; i < r.catalog.api_prices.size() && !r.issues.full(); ++i) {
    const ApiPrice& a = r.catalog.api_prices[i];
    r.model(a.model, msg::cat_ref_from(msg::cat_noun_api_price(), a.id),
            r.origins.path_of("api_prices", a.id, i) + ".model");
  }
}

// A measurement's configuration names catalog entries (docs/measurements.md).
void check_measurement_references(const References& r) {
  for (std::size_t i = 0; i < r.catalog.measurements.size() && !r.issues.full(); ++i) {
    const Measurement& m = r.catalog.measurements[i];
    const std::string path = r.origins.path_of("measurements", m.id, i) + ".scenario";
    const Message from = msg::cat_ref_from(msg::cat_noun_measurement(), m.id);
    const MeasurementScenario sc = measurement_scenario(m.scenario);
    if (!sc.gpu.empty()) r.gpu(sc.gpu, from, path);
    if (!sc.model.empty()) r.model(sc.model, from, path);
    if (!sc.engine.empty()) r.engine(sc.engine, from, path);
    if (!sc.precision.empty()) r.weight_precision(sc.precision, from, path);
    if (!sc.kv_precision.empty()) {
      r.check(r.ids.kvs, "kv_precisions", MsgId::cat_noun_kv_precision, sc.kv_precision, from, path);
    }
  }
}

// The engines a weight or KV precision lists.
template <class P>
void check_precision_engines(const References& r, const char* section, MsgId noun, const std::vector<P>& precisions) {
  for (std::size_t i = 0; i < precisions.size(); ++i) {
    const P& p = precisions[i];
    const std::string path = r.origins.path_of(section, p.id, i);
    for (std::size_t k = 0; k < p.engines.size(); ++k) {
      r.engine(p.engines[k], msg::cat_ref_from(Message(noun), p.id), path + ".engines[" + std::to_string(k) + "]");
    }
  }
}

// A weight precision's engines, and its support table's rows: an engine, or "training" (the fine-tuning stack).
void check_weight_precision_references(const References& r) {
  check_precision_engines(r, "weight_precisions", MsgId::cat_noun_weight_precision, r.catalog.weight_precisions);
  for (std::size_t i = 0; i < r.catalog.weight_precisions.size(); ++i) {
    const WeightPrecision& p = r.catalog.weight_precisions[i];
    const std::string path = r.origins.path_of("weight_precisions", p.id, i);
    for (std::size_t k = 0; k < p.support.size(); ++k) {
      if (p.support[k].engine == "training") continue;
      r.engine(p.support[k].engine, msg::cat_ref_from(msg::cat_noun_weight_precision(), p.id),
               path + ".support[" + std::to_string(k) + "].engine");
    }
  }
}

void check_model_references(const References& r) {
  for (std::size_t i = 0; i < r.catalog.models.size(); ++i) {
    const Model& m = r.catalog.models[i];
    const std::string path = r.origins.path_of("models", m.id, i);
    if (!m.released_precision.empty()) {
      r.weight_precision(m.released_precision, msg::cat_ref_from(msg::cat_noun_model(), m.id),
                         path + ".released_precision");
    }
    for (std::size_t k = 0; k < m.release_parts.size(); ++k) {
      r.weight_precision(m.release_parts[k].precision, msg::cat_ref_from(msg::cat_noun_model(), m.id),
                         path + ".release_parts[" + std::to_string(k) + "].precision");
    }
  }
}

void check_engine_references(const References& r) {
  for (std::size_t i = 0; i < r.catalog.engines.size(); ++i) {
    const EngineProfile& e = r.catalog.engines[i];
    const std::string path = r.origins.path_of("engines", e.id, i);
    for (std::size_t k = 0; k < e.first_tier_gpus.size(); ++k) {
      r.gpu(e.first_tier_gpus[k], msg::cat_ref_from(msg::cat_noun_engine(), e.id),
            path + ".first_tier_gpus[" + std::to_string(k) + "]");
    }
    for (std::size_t k = 0; k < e.decode_efficiency_by_precision.size(); ++k) {
      r.weight_precision(e.decode_efficiency_by_precision[k].precision, msg::cat_ref_from(msg::cat_noun_engine(), e.id),
                         path + ".decode_efficiency_by_precision[" + std::to_string(k) + "].precision");
    }
  }
}

void check_tier_references(const References& r) {
  for (std::size_t i = 0; i < r.catalog.budget_tiers.size(); ++i) {
    const BudgetTier& t = r.catalog.budget_tiers[i];
    const std::string path = r.origins.path_of("tiers", t.id, i);
    for (std::size_t k = 0; k < t.picks.size(); ++k) {
      r.check(r.ids.offers, "offers", MsgId::cat_noun_offer, t.picks[k].offer,
              msg::cat_ref_from(msg::cat_noun_tier(), t.id), path + ".picks[" + std::to_string(k) + "].offer");
    }
  }
}

}  // namespace

void validate_into(const Catalog& catalog, const EntryOrigins& origins, const std::vector<RemovedEntry>& removed,
                   IssueList& issues) {
  std::size_t section_index = 0;
  fields::for_each_section(catalog, [&](const fields::Section& section, const auto& items, auto) {
    check_entries(section, items, fields::catalog_tables().sections[section_index++], origins, issues);
  });
  check_defaults(catalog, origins, issues);
  const References refs{catalog, origins, removed, issues, Ids(catalog)};
  check_entry_sources(refs);
  check_defaults_sources(refs);
  check_offer_references(refs);
  check_api_price_references(refs);
  check_measurement_references(refs);
  check_weight_precision_references(refs);
  check_model_references(refs);
  check_engine_references(refs);
  check_precision_engines(refs, "kv_precisions", MsgId::cat_noun_kv_precision, catalog.kv_precisions);
  check_tier_references(refs);
}

}  // namespace detail

std::vector<Issue> validate_model(const Model& model, const std::string& path, bool provenance) {
  Model m = model;
  if (!provenance) {  // stand-ins, so that only the shapes are judged
    if (m.source.empty()) m.source = "custom";
    if (m.as_of.empty()) m.as_of = "2000";
  }
  IssueList issues;
  detail::Checker(path, issues).check(fields::catalog_tables().section("models"), &m);
  detail::check_entry(m, detail::Report{path, issues});
  return issues.take();
}

std::vector<Issue> validate_catalog(const Catalog& catalog) {
  IssueList issues;
  detail::validate_into(catalog, detail::EntryOrigins{}, {}, issues);
  return issues.take();
}

}  // namespace cardfit
