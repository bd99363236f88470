// Catalog -> one JSON document ("cardfit.catalog/1") in the format the loader reads.
// Optional fields holding their zero default are left out, as in the bundled files.
#include <cstdint>

#include "catalog_write.hpp"
#include "field_table.hpp"
#include "json_writer.hpp"

namespace cardfit {
namespace {

using fields::Field;
using fields::FieldTable;
using fields::Kind;
using fields::member;
using fields::Need;

// Writes each field of the struct at `base` that holds a value as a member of the open object
// (one loop over the field table for every entry type, field_table.hpp).
void write_fields(JsonWriter& out, const FieldTable& table, const void* base) {
  for (const Field& f : table.fields) {
    const bool optional = f.need == Need::Optional;
    switch (f.kind) {
      case Kind::Text: {
        const auto& v = member<std::string>(base, f.offset);
        if (!(optional && v.empty())) out.field(f.key, v);
        break;
      }
      case Kind::Integer: {
        const std::int64_t v = f.integer_bytes == sizeof(int) ? member<int>(base, f.offset)
                                                              : member<std::int64_t>(base, f.offset);
        if (!(optional && v == 0)) out.field(f.key, v);
        break;
      }
      case Kind::Number: {
        const double v = member<double>(base, f.offset);
        if (!(optional && v == 0)) out.field(f.key, v);
        break;
      }
      case Kind::Boolean: {
        const bool v = member<bool>(base, f.offset);
        if (!(optional && !v)) out.field(f.key, v);
        break;
      }
      case Kind::Choice: {
        const std::string_view name = f.choice->name(&member<char>(base, f.offset));
        out.field(f.key, name.empty() ? std::string_view("invalid") : name);  // only reachable from a hand-built Catalog
        break;
      }
      case Kind::Object:
        if (f.present == Field::kNoFlag || member<bool>(base, f.present)) {
          out.key(f.key).begin_object();
          write_fields(out, *f.sub, &member<char>(base, f.offset));
          out.end_object();
        }
        break;
      case Kind::List: {
        const void* items = &member<char>(base, f.offset);
        const std::size_t n = f.list->size(items);
        if (optional && n == 0) break;
        out.key(f.key).begin_array();
        for (std::size_t i = 0; i < n; ++i) {
          out.begin_object();
          write_fields(out, *f.sub, f.list->at(items, i));
          out.end_object();
        }
        out.end_array();
        break;
      }
      case Kind::Strings: {
        const auto& items = member<std::vector<std::string>>(base, f.offset);
        if (!(optional && items.empty())) out.field(f.key, items);
        break;
      }
      case Kind::Flags: {
        bool any = false;
        for (const fields::FlagWord& w : f.flags) any = any || member<bool>(base, w.offset);
        if (optional && !any) break;
        out.key(f.key).begin_array();
        for (const fields::FlagWord& w : f.flags) {
          if (member<bool>(base, w.offset)) out.value(w.name);
        }
        out.end_array();
        break;
      }
    }
  }
}

}  // namespace

std::string catalog_to_json(const Catalog& catalog, bool pretty) {
  JsonWriter out(pretty);
  const fields::CatalogTables& tables = fields::catalog_tables();
  std::size_t section_index = 0;
  out.begin_object().field("schema", "cardfit.catalog/1");
  fields::for_each_section(catalog, [&](const fields::Section& section, const auto& items, auto) {
    const FieldTable& table = tables.sections[section_index++];
    if (items.empty()) return;
    out.key(section.key).begin_array();
    for (const auto& item : items) {
      out.begin_object();
      write_fields(out, table, &item);
      out.end_object();
    }
    out.end_array();
  });
  const Defaults& d = catalog.defaults;
  if (!d.source.empty()) {  // built-in defaults (no engines file) have no source to cite
    out.key("defaults").begin_object();
    write_fields(out, tables.defaults, &d);
    out.end_object();
  }
  if (!d.usd_cny_source.empty()) out.field("default_usd_cny", d.usd_cny).field("usd_cny_source", d.usd_cny_source);
  if (!catalog.custom_budget.id.empty()) {
    out.key("custom").begin_object();
    write_fields(out, tables.custom_budget, &catalog.custom_budget);
    out.end_object();
  }
  out.end_object();
  return out.take() + "\n";
}

}  // namespace cardfit
