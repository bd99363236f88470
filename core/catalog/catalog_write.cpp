// Catalog -> one JSON document ("cardfit.catalog/1") in the format the loader reads.
// Optional fields holding their zero default are left out, as in the bundled files.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "catalog_fields.hpp"
#include "catalog_write.hpp"

namespace cardfit {
namespace {

using nlohmann::ordered_json;
using fields::FlagName;
using fields::Need;
using fields::Range;
using fields::TextRule;

class Writer {
 public:
  explicit Writer(ordered_json& out) : out_(out) { out_ = ordered_json::object(); }

  void text(const char* key, const std::string& v, Need need, TextRule) {
    if (need == Need::Optional && v.empty()) return;
    out_[key] = v;
  }
  template <class I>
  void integer(const char* key, const I& v, Need need, Range) {
    if (need == Need::Optional && v == 0) return;
    out_[key] = static_cast<std::int64_t>(v);
  }
  void number(const char* key, const double& v, Need need, Range) {
    if (need == Need::Optional && v == 0) return;
    out_[key] = v;
  }
  void boolean(const char* key, const bool& v, Need need) {
    if (need == Need::Optional && !v) return;
    out_[key] = v;
  }
  template <class E>
  void choice(const char* key, const E& v, Need) {
    const std::string_view name = name_of(v);
    out_[key] = name.empty() ? "invalid" : std::string(name);  // only reachable from a hand-built Catalog
  }
  template <class T, class F>
  void object(const char* key, const T& v, const bool* present, F&& visit) {
    if (present != nullptr && !*present) return;
    ordered_json sub;
    Writer w(sub);
    visit(w, v);
    out_[key] = std::move(sub);
  }
  template <class T, class F>
  void list(const char* key, const std::vector<T>& items, Need need, F&& visit) {
    if (need == Need::Optional && items.empty()) return;
    ordered_json arr = ordered_json::array();
    for (const T& item : items) {
      ordered_json sub;
      Writer w(sub);
      visit(w, item);
      arr.push_back(std::move(sub));
    }
    out_[key] = std::move(arr);
  }
  void strings(const char* key, const std::vector<std::string>& items, Need need, TextRule) {
    if (need == Need::Optional && items.empty()) return;
    ordered_json arr = ordered_json::array();
    for (const std::string& s : items) arr.push_back(s);
    out_[key] = std::move(arr);
  }
  template <std::size_t N>
  void flags(const char* key, Need, const std::array<FlagName<const bool>, N>& names) {
    ordered_json arr = ordered_json::array();
    for (const auto& n : names) {
      if (*n.flag) arr.push_back(n.name);
    }
    out_[key] = std::move(arr);
  }

 private:
  ordered_json& out_;
};

}  // namespace

std::string catalog_to_json(const Catalog& catalog, bool pretty) {
  ordered_json doc = ordered_json::object();
  doc["schema"] = "cardfit.catalog/1";
  fields::for_each_section(catalog, [&](const fields::Section& section, const auto& items, auto visit) {
    if (items.empty()) return;
    ordered_json arr = ordered_json::array();
    for (const auto& item : items) {
      ordered_json entry;
      Writer w(entry);
      visit(w, item);
      arr.push_back(std::move(entry));
    }
    doc[section.key] = std::move(arr);
  });
  const Defaults& d = catalog.defaults;
  if (!d.source.empty()) {  // built-in defaults (no engines file) have no source to cite
    ordered_json defaults;
    Writer w(defaults);
    fields::defaults_fields(w, d);
    doc["defaults"] = std::move(defaults);
  }
  if (!d.usd_cny_source.empty()) {
    doc["default_usd_cny"] = d.usd_cny;
    doc["usd_cny_source"] = d.usd_cny_source;
  }
  if (!catalog.custom_budget.id.empty()) {
    ordered_json custom;
    Writer w(custom);
    fields::custom_budget_fields(w, catalog.custom_budget);
    doc["custom"] = std::move(custom);
  }
  // NOTE: `replace` instead of the default `strict`: a hand-built Catalog holding invalid
  // UTF-8 must not abort the program (strict throws, and throw means abort here).
  return doc.dump(pretty ? 2 : -1, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace cardfit
