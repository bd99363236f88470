// Catalog -> one JSON document ("cardfit.catalog/1") in the format the loader reads.
// Optional fields holding their zero default are left out, as in the bundled files.
#include <cstdint>

#include "catalog_fields.hpp"
#include "catalog_write.hpp"
#include "json_writer.hpp"

namespace cardfit {
namespace {

using fields::FlagName;
using fields::Need;
using fields::Range;
using fields::TextRule;

// The visitor of catalog_fields.hpp writing each field present as a member of the open object.
class Writer {
 public:
  explicit Writer(JsonWriter& out) : out_(out) {}

  void text(const char* key, const std::string& v, Need need, TextRule) {
    if (need == Need::Optional && v.empty()) return;
    out_.field(key, v);
  }
  template <class I>
  void integer(const char* key, const I& v, Need need, Range) {
    if (need == Need::Optional && v == 0) return;
    out_.field(key, static_cast<std::int64_t>(v));
  }
  void number(const char* key, const double& v, Need need, Range) {
    if (need == Need::Optional && v == 0) return;
    out_.field(key, v);
  }
  void boolean(const char* key, const bool& v, Need need) {
    if (need == Need::Optional && !v) return;
    out_.field(key, v);
  }
  template <class E>
  void choice(const char* key, const E& v, Need) {
    const std::string_view name = name_of(v);
    out_.field(key, name.empty() ? std::string_view("invalid") : name);  // only reachable from a hand-built Catalog
  }
  template <class T, class F>
  void object(const char* key, const T& v, const bool* present, F&& visit) {
    if (present != nullptr && !*present) return;
    out_.key(key).begin_object();
    Writer w(out_);
    visit(w, v);
    out_.end_object();
  }
  template <class T, class F>
  void list(const char* key, const std::vector<T>& items, Need need, F&& visit) {
    if (need == Need::Optional && items.empty()) return;
    out_.key(key).begin_array();
    for (const T& item : items) {
      out_.begin_object();
      Writer w(out_);
      visit(w, item);
      out_.end_object();
    }
    out_.end_array();
  }
  void strings(const char* key, const std::vector<std::string>& items, Need need, TextRule) {
    if (need == Need::Optional && items.empty()) return;
    out_.field(key, items);
  }
  template <std::size_t N>
  void flags(const char* key, Need need, const std::array<FlagName<const bool>, N>& names) {
    bool any = false;
    for (const auto& n : names) any = any || *n.flag;
    if (need == Need::Optional && !any) return;
    out_.key(key).begin_array();
    for (const auto& n : names) {
      if (*n.flag) out_.value(n.name);
    }
    out_.end_array();
  }

 private:
  JsonWriter& out_;
};

}  // namespace

std::string catalog_to_json(const Catalog& catalog, bool pretty) {
  JsonWriter out(pretty);
  Writer w(out);
  out.begin_object().field("schema", "cardfit.catalog/1");
  fields::for_each_section(catalog, [&](const fields::Section& section, const auto& items, auto visit) {
    if (items.empty()) return;
    out.key(section.key).begin_array();
    for (const auto& item : items) {
      out.begin_object();
      visit(w, item);
      out.end_object();
    }
    out.end_array();
  });
  const Defaults& d = catalog.defaults;
  if (!d.source.empty()) {  // built-in defaults (no engines file) have no source to cite
    out.key("defaults").begin_object();
    fields::defaults_fields(w, d);
    out.end_object();
  }
  if (!d.usd_cny_source.empty()) out.field("default_usd_cny", d.usd_cny).field("usd_cny_source", d.usd_cny_source);
  if (!catalog.custom_budget.id.empty()) {
    out.key("custom").begin_object();
    fields::custom_budget_fields(w, catalog.custom_budget);
    out.end_object();
  }
  out.end_object();
  return out.take() + "\n";
}

}  // namespace cardfit
