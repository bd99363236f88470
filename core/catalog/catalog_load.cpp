// Catalog loader: JSON documents -> Catalog, and vendor/user overlays on top of a catalog.
// Reading checks types, required keys, single-field rules and unknown keys; the merged
// result then goes through validate_into (cross-field rules, ids, references).
#include "catalog_load.hpp"

#include <algorithm>
#include <functional>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <set>
#include <type_traits>
#include <utility>

#include "catalog_fields.hpp"
#include "catalog_validate.hpp"
#include "field_table.hpp"
#include "json_text.hpp"
#include "format.hpp"
#include "messages.hpp"
#include "suggest.hpp"

namespace cardfit {
namespace {

using nlohmann::json;
using fields::Field;
using fields::FieldTable;
using fields::Kind;
using fields::member;
using fields::Need;
using fields::Range;
using fields::TextRule;

template <std::size_t N>
std::string one_of(const std::array<const char*, N>& words) {
  std::string s;
  for (const char* w : words) s += (s.empty() ? "" : ", ") + std::string(w);
  return s;
}


// [SECTION] Reader: applies one JSON object onto a struct through its field table
//
// One loop over the table (field_table.hpp) for every entry type: a copy of the reader per
// entry type's field list was most of the page's `overlay_on` (docs/web.md "Where the bytes are").

class Reader {
 public:
  // complete: a new entry (every Required key must be present). Otherwise the object is a
  // partial override and only the keys it has are applied onto the existing value.
  Reader(const json& obj, std::string path, bool complete, IssueList& issues)
      : obj_(obj), path_(std::move(path)), complete_(complete), issues_(issues) {}

  void allow(const char* key) { known_.emplace_back(key); }
  // A new overlay entry: missing fields are reported as "new GPU 'x' (not in the catalog; did
  // you mean 'y'?) is missing ...". `nearest` is only asked when something is missing, so that
  // a large overlay of complete entries costs no edit-distance search.
  void set_new_entry(MsgId noun, std::string id, std::function<std::string(const std::string&)> nearest) {
    new_noun_ = noun;
    new_id_ = std::move(id);
    nearest_ = std::move(nearest);
  }

  // Applies the object's keys onto the struct at `base`, whose fields `table` lists.
  void read(const FieldTable& table, void* base) {
    for (const Field& f : table.fields) field(f, base);
  }

  [[gnu::noinline]] void field(const Field& f, void* base) {
    switch (f.kind) {
      case Kind::Text: return text(f, member<std::string>(base, f.offset));
      case Kind::Integer: return integer(f, base);
      case Kind::Number: return number(f, member<double>(base, f.offset));
      case Kind::Boolean: return boolean(f, member<bool>(base, f.offset));
      case Kind::Choice: return choice(f, &member<char>(base, f.offset));
      case Kind::Object: return object(f, base);
      case Kind::List: return list(f, &member<char>(base, f.offset));
      case Kind::Strings: return strings(f, member<std::vector<std::string>>(base, f.offset));
      case Kind::Flags: return flags(f, base);
    }
  }

  void text(const Field& f, std::string& out) {
    const json* v = take(f.key, f.need);
    if (v == nullptr) return;
    if (!v->is_string()) return fail(f.key, msg::cat_type_string(describe_json(*v)));
    std::string s = v->get<std::string>();
    if (auto e = fields::check_text(s, f.need, f.rule)) return fail(f.key, *e);
    out = std::move(s);
  }

  void integer(const Field& f, void* base) {
    const json* v = take(f.key, f.need);
    if (v == nullptr) return;
    if (!v->is_number_integer()) return fail(f.key, msg::cat_type_integer(describe_json(*v)));
    if (v->is_number_unsigned() && v->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
      return fail(f.key, msg::cat_rule_int_range(format_shortest(f.range.lo), format_shortest(f.range.hi),
                                                 describe_json(*v)));
    }
    const std::int64_t x = v->get<std::int64_t>();
    if (auto e = fields::check_number(static_cast<double>(x), f.range, true)) return fail(f.key, *e);
    // in range: every rule's bounds fit the field's type
    if (f.integer_bytes == sizeof(int)) {
      member<int>(base, f.offset) = static_cast<int>(x);
    } else {
      member<std::int64_t>(base, f.offset) = x;
    }
  }

  void number(const Field& f, double& out) {
    const json* v = take(f.key, f.need);
    if (v == nullptr) return;
    if (!v->is_number()) return fail(f.key, msg::cat_type_number(describe_json(*v)));
    const double x = v->get<double>() + 0.0;  // + 0.0 turns -0 into 0
    if (auto e = fields::check_number(x, f.range, false)) return fail(f.key, *e);
    out = x;
  }

  void boolean(const Field& f, bool& out) {
    const json* v = take(f.key, f.need);
    if (v == nullptr) return;
    if (!v->is_boolean()) return fail(f.key, msg::cat_type_bool(describe_json(*v)));
    out = v->get<bool>();
  }

  void choice(const Field& f, void* out) {
    const json* v = take(f.key, f.need);
    if (v == nullptr) return;
    if (v->is_string() && f.choice->parse(out, v->get<std::string>())) return;
    fail(f.key, msg::cat_type_one_of(f.choice->names(), describe_json(*v)));
  }

  // An optional object (f.present set): null clears it.
  void object(const Field& f, void* base) {
    const bool optional = f.present != Field::kNoFlag;
    const json* v = take(f.key, optional ? Need::Optional : Need::Required);
    if (v == nullptr) return;
    void* out = &member<char>(base, f.offset);
    if (optional && v->is_null()) {
      member<bool>(base, f.present) = false;
      f.reset(out);
      return;
    }
    if (!v->is_object()) return fail(f.key, msg::cat_type_object(describe_json(*v)));
    const bool had = !optional || member<bool>(base, f.present);
    if (optional) member<bool>(base, f.present) = true;
    Reader sub(*v, path_ + "." + f.key, complete_ || !had, issues_);
    sub.read(*f.sub, out);
    sub.finish();
  }

  // The list is replaced by the array's objects (each a complete item).
  void list(const Field& f, void* out) {
    const json* v = take(f.key, f.need);
    if (v == nullptr) return;
    if (!v->is_array()) return fail(f.key, msg::cat_type_array(describe_json(*v)));
    f.list->clear(out);
    for (std::size_t i = 0; i < v->size() && !issues_.full(); ++i) {
      const json& e = (*v)[i];
      const std::string at = path_ + "." + f.key + "[" + std::to_string(i) + "]";
      if (!e.is_object()) {
        issues_.add(at, msg::cat_type_object(describe_json(e)));
        continue;
      }
      Reader sub(e, at, true, issues_);
      sub.read(*f.sub, f.list->append(out));
      sub.finish();
    }
  }

  void strings(const Field& f, std::vector<std::string>& out) {
    const json* v = take(f.key, f.need);
    if (v == nullptr) return;
    if (!v->is_array()) return fail(f.key, msg::cat_type_strings(describe_json(*v)));
    std::vector<std::string> items;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const json& e = (*v)[i];
      const std::string at = path_ + "." + f.key + "[" + std::to_string(i) + "]";
      if (!e.is_string()) {
        issues_.add(at, msg::cat_type_string(describe_json(e)));
        continue;
      }
      std::string s = e.get<std::string>();
      if (auto err = fields::check_text(s, Need::Required, f.rule)) {
        issues_.add(at, *err);
        continue;
      }
      items.push_back(std::move(s));
    }
    out = std::move(items);
  }

  void flags(const Field& f, void* base) {
    const json* v = take(f.key, f.need);
    if (v == nullptr) return;
    std::string words;
    for (const fields::FlagWord& w : f.flags) words += (words.empty() ? "" : ", ") + std::string(w.name);
    if (!v->is_array()) return fail(f.key, msg::cat_type_words(words, describe_json(*v)));
    std::vector<char> set(f.flags.size(), 0);
    for (std::size_t i = 0; i < v->size(); ++i) {
      const json& e = (*v)[i];
      const std::string at = path_ + "." + f.key + "[" + std::to_string(i) + "]";
      std::size_t found = set.size();
      for (std::size_t k = 0; k < set.size() && e.is_string(); ++k) {
        if (e.get<std::string>() == f.flags[k].name) found = k;
      }
      if (found == set.size()) {
        issues_.add(at, msg::cat_type_one_of(words, describe_json(e)));
      } else if (set[found]) {
        issues_.add(at, msg::cat_type_twice(describe_json(e)));
      } else {
        set[found] = 1;
      }
    }
    for (std::size_t k = 0; k < set.size(); ++k) member<bool>(base, f.flags[k].offset) = set[k] != 0;
  }

  // Reports missing required keys (one issue for several) and every key no field claimed
  // ("comment" is always allowed and ignored).
  void finish() {
    if (missing_.size() == 1 && new_noun_ == MsgId::none) {
      issues_.add(path_ + "." + missing_[0], msg::cat_field_missing());
    } else if (!missing_.empty()) {
      std::string list;
      for (const std::string& m : missing_) list += (list.empty() ? "" : ", ") + m;
      if (new_noun_ == MsgId::none) {
        issues_.add(path_, msg::cat_field_missing_list(list));
      } else {
        const std::string near = nearest_ ? nearest_(new_id_) : std::string();
        issues_.add(path_, near.empty() ? msg::cat_field_missing_new(Message(new_noun_), new_id_, list)
                                        : msg::cat_field_missing_new_near(Message(new_noun_), new_id_, near, list));
      }
    }
    for (auto it = obj_.begin(); it != obj_.end() && !issues_.full(); ++it) {
      const std::string& k = it.key();
      if (k == "comment" || std::find(known_.begin(), known_.end(), k) != known_.end()) continue;
      const std::string near = closest(std::vector<std::string>(known_.begin(), known_.end()), k);  // on failure only
      issues_.add(path_ + "." + k, near.empty() ? msg::cat_field_unknown(k) : msg::cat_field_unknown_near(k, near));
    }
  }

 private:
  [[gnu::noinline]] const json* take(const char* key, Need need) {
    known_.emplace_back(key);
    auto it = obj_.find(key);
    if (it == obj_.end()) {
      if (complete_ && need == Need::Required) missing_.emplace_back(key);
      return nullptr;
    }
    return &*it;
  }
  [[gnu::noinline]] void fail(const char* key, Message message) { issues_.add(path_ + "." + key, std::move(message)); }

  const json& obj_;
  std::string path_;
  bool complete_;
  IssueList& issues_;
  std::vector<std::string_view> known_;  // the field lists' keys: string literals, never copied
  std::vector<std::string> missing_;
  MsgId new_noun_ = MsgId::none;  // set for a new overlay entry
  std::string new_id_;
  std::function<std::string(const std::string&)> nearest_;
};

// [SECTION] Documents

enum class Mode { Load, Overlay };

struct Target {  // what documents are read into
  Catalog& catalog;
  detail::EntryOrigins& origins;
  std::vector<detail::RemovedEntry>& removed;
  Mode mode;
  IssueList& issues;
  bool measurements = false;  // an overlay may hold "measurements" (only load_your_measurements' reading)
};

// What read_section needs of one section's entries, whatever their type; one reader of
// sections for all of them (a copy per entry type was most of the page's catalog reader).
class Entries {
 public:
  virtual std::size_t size() const = 0;
  virtual const std::string& id(std::size_t k) const = 0;
  // Applies the object onto entry k, or onto a new entry appended when k == size().
  virtual void read(std::size_t k, Reader& reader) = 0;
  virtual void drop(const std::vector<char>& gone) = 0;  // removes the entries marked 1
  virtual void mark(std::size_t k, const std::string& overlay) = 0;  // entry k came from this overlay

 protected:
  ~Entries() = default;
};

template <class T>
class EntriesOf final : public Entries {
 public:
  EntriesOf(std::vector<T>& items, const FieldTable& table) : items_(items), table_(table) {}
  std::size_t size() const override { return items_.size(); }
  const std::string& id(std::size_t k) const override { return items_[k].id; }
  void read(std::size_t k, Reader& reader) override {
    if (k == items_.size()) items_.emplace_back();
    reader.read(table_, &items_[k]);
  }
  void drop(const std::vector<char>& gone) override {
    std::size_t kept = 0;
    for (std::size_t k = 0; k < items_.size(); ++k) {
      if (!gone[k]) {
        if (kept != k) items_[kept] = std::move(items_[k]);
        ++kept;
      }
    }
    items_.resize(kept);
  }
  void mark(std::size_t k, const std::string& overlay) override {
    if constexpr (has_overlay<T>::value) items_[k].overlay = overlay;
  }

 private:
  template <class U, class = void>
  struct has_overlay : std::false_type {};
  template <class U>
  struct has_overlay<U, std::void_t<decltype(std::declval<U&>().overlay)>> : std::true_type {};

  std::vector<T>& items_;
  const FieldTable& table_;
};

// The ids of entries [0, n) not marked gone, for "did you mean" (only when something failed).
std::string nearest_id(const Entries& items, std::size_t n, const std::vector<char>& gone, const std::string& id) {
  std::vector<std::string> ids;
  for (std::size_t k = 0; k < n; ++k) {
    if (!gone[k]) ids.push_back(items.id(k));
  }
  return closest(ids, id);
}

// What read_section keeps while it reads one document's section. NOTE: linear time in the size
// of the section and of the document (a vendor overlay may hold tens of thousands of offers):
// ids are found through an index, not a search, and removed entries are dropped in one pass at the end.
struct SectionState {
  std::unordered_map<std::string, std::size_t> index;      // id -> position in `items`
  std::vector<char> gone;                                   // removed by this document
  std::unordered_map<std::string, std::size_t> seen_here;  // id -> its first position in this document
};

// The id of entry i of the document, or nullopt with an issue: not an object, no id or a bad
// one, or an id the document already gave.
std::optional<std::string> entry_id(const json& e, const std::string& path, std::size_t i,
                                    const fields::Section& section, SectionState& st, IssueList& issues) {
  if (!e.is_object()) {
    issues.add(path, msg::cat_type_object(describe_json(e)));
    return std::nullopt;
  }
  auto id_it = e.find("id");
  if (id_it == e.end() || !id_it->is_string()) {
    issues.add(path + ".id", id_it == e.end() ? msg::cat_field_missing() : msg::cat_type_string(describe_json(*id_it)));
    return std::nullopt;
  }
  std::string id = id_it->get<std::string>();
  if (auto err = fields::check_text(id, Need::Required, TextRule::Id)) {
    issues.add(path + ".id", *err);
    return std::nullopt;
  }
  auto [first, fresh] = st.seen_here.emplace(id, i);
  if (!fresh) {
    issues.add(path + ".id", msg::cat_entry_duplicate_here(Message(section.noun), id, section.key,
                                                          std::to_string(first->second)));
    return std::nullopt;
  }
  return id;
}

// The entry's "remove" flag (false when absent), or nullopt with an issue: not a boolean, or in
// a bundled file (only overlays remove).
std::optional<bool> remove_flag(const json& e, const std::string& path, Target& t) {
  const auto r = e.find("remove");
  if (r == e.end()) return false;
  if (!r->is_boolean()) {
    t.issues.add(path + ".remove", msg::cat_type_bool(describe_json(*r)));
    return std::nullopt;
  }
  if (t.mode == Mode::Load) {
    t.issues.add(path + ".remove", msg::cat_entry_remove_overlay_only());
    return std::nullopt;
  }
  return r->get<bool>();
}

// {"id", "remove": true}: marks the entry gone (dropped at the end of the section), or says
// what is wrong: other fields beside the id, or no such entry (with the nearest id).
void remove_entry(const json& e, const std::string& path, const std::string& id, const fields::Section& section,
                  const Entries& items, SectionState& st, Target& t) {
  for (auto it = e.begin(); it != e.end(); ++it) {
    if (it.key() != "id" && it.key() != "remove" && it.key() != "comment") {
      t.issues.add(path + "." + it.key(), msg::cat_entry_remove_only_id());
    }
  }
  const auto found = st.index.find(id);
  if (found == st.index.end()) {
    const std::string near = nearest_id(items, items.size(), st.gone, id);
    t.issues.add(path + ".id", near.empty() ? msg::cat_entry_remove_missing(Message(section.noun), id)
                                            : msg::cat_entry_remove_missing_near(Message(section.noun), id, near));
    return;
  }
  st.gone[found->second] = 1;
  st.index.erase(found);
  t.origins.paths.erase(detail::EntryOrigins::key(section.key, id));
  t.removed.push_back(detail::RemovedEntry{section.key, id, path});
}

// Whether the document may change the existing entry `id` at `position`: a bundled file may not
// give an id twice; an overlay that changes an entry it did not add says so, and cites its own
// source for what it changes: a vendor's price is never shown under the bundled report's name (issue 32).
bool may_change(const json& e, const std::string& path, const std::string& id, std::size_t position,
                const fields::Section& section, Target& t) {
  if (t.mode == Mode::Load) {
    t.issues.add(path + ".id", msg::cat_entry_duplicate_at(Message(section.noun), id,
                                                         t.origins.path_of(section.key, id, position)));
    return false;
  }
  if (t.mode != Mode::Overlay) return true;
  const auto replaces = e.find("replaces");
  if (replaces == e.end() || !replaces->is_boolean() || !replaces->get<bool>()) {
    t.issues.add(path + ".replaces", msg::cat_entry_replaces(Message(section.noun), id));
    return false;
  }
  if (std::string_view(section.key) != "sources" && e.find("source") == e.end()) {
    t.issues.add(path + ".source", msg::cat_entry_replaces_source(Message(section.noun), id));
    return false;
  }
  return true;
}

// Reads the object into the entry at `position`, or into a new one appended when there is none
// (position == nullopt): a new entry must be complete, an existing one is overridden field by field.
void read_entry(const json& e, const std::string& path, const std::string& file, const std::string& id,
                std::optional<std::size_t> position, const fields::Section& section, Entries& items,
                SectionState& st, Target& t) {
  const bool is_new = !position;
  Reader reader(e, path, is_new, t.issues);
  reader.allow("remove");
  reader.allow("replaces");
  const std::size_t n = items.size();
  std::vector<char>& gone = st.gone;
  if (is_new && t.mode == Mode::Overlay) {
    reader.set_new_entry(section.noun, id, [&items, &gone, n](const std::string& wanted) {
      return nearest_id(items, n, gone, wanted);
    });
  }
  items.read(is_new ? n : *position, reader);
  reader.finish();
  if (t.mode == Mode::Overlay) items.mark(is_new ? n : *position, file);
  if (is_new) {
    st.index.emplace(id, n);
    st.gone.push_back(0);
  }
  t.origins.paths[detail::EntryOrigins::key(section.key, id)] = path;
}

// One document's section: each entry adds, changes or (in an overlay) removes one of `items`.
void read_section(const json& value, const std::string& file, const fields::Section& section, Entries& items,
                  Target& t) {
  const std::string base = file + ": " + section.key;
  if (!value.is_array()) {
    t.issues.add(base, msg::cat_section_array(describe_json(value)));
    return;
  }
  SectionState st;
  st.index.reserve(items.size() + value.size());
  for (std::size_t k = 0; k < items.size(); ++k) st.index.emplace(items.id(k), k);
  st.gone.assign(items.size(), 0);
  for (std::size_t i = 0; i < value.size() && !t.issues.full(); ++i) {
    const json& e = value[i];
    const std::string path = base + "[" + std::to_string(i) + "]";
    const std::optional<std::string> id = entry_id(e, path, i, section, st, t.issues);
    if (!id) continue;
    const std::optional<bool> remove = remove_flag(e, path, t);
    if (!remove) continue;
    if (*remove) {
      remove_entry(e, path, *id, section, items, st, t);
      continue;
    }
    const auto found = st.index.find(*id);
    std::optional<std::size_t> position;
    if (found != st.index.end()) position = found->second;
    if (position && !may_change(e, path, *id, *position, section, t)) continue;
    read_entry(e, path, file, *id, position, section, items, st, t);
  }
  if (std::find(st.gone.begin(), st.gone.end(), 1) != st.gone.end()) items.drop(st.gone);
}

// "defaults" and "custom": one object per catalog; a load may give each only once.
void read_single(const json& value, const std::string& file, const char* key, void* out, const FieldTable& table,
                 bool complete, Target& t) {
  const std::string path = file + ": " + key;
  const std::string origin_key = detail::EntryOrigins::key(key, "");
  if (t.mode == Mode::Load && t.origins.paths.count(origin_key) != 0) {
    t.issues.add(path, msg::cat_single_twice(t.origins.paths[origin_key]));
    return;
  }
  if (!value.is_object()) {
    t.issues.add(path, msg::cat_type_object(describe_json(value)));
    return;
  }
  Reader reader(value, path, complete, t.issues);
  reader.read(table, out);
  reader.finish();
  t.origins.paths[origin_key] = path;
}

void read_document(const json& doc, const std::string& file, Target& t) {
  if (!doc.is_object()) {
    t.issues.add(file, msg::cat_doc_not_object(describe_json(doc)));
    return;
  }
  auto schema = doc.find("schema");
  if (schema == doc.end()) {
    t.issues.add(file + ": schema", msg::cat_doc_schema_missing());
  } else if (!schema->is_string() || std::find_if(fields::kSchemas.begin(), fields::kSchemas.end(), [&](const char* s) {
                                        return schema->get<std::string>() == s;
                                      }) == fields::kSchemas.end()) {
    t.issues.add(file + ": schema", msg::cat_type_one_of(one_of(fields::kSchemas), describe_json(*schema)));
  }

  std::vector<std::string> known{"schema", "comment", "notes", "defaults", "default_usd_cny", "usd_cny_source", "custom"};
  fields::for_each_section(t.catalog, [&](const fields::Section& s, auto&, auto) { known.emplace_back(s.key); });

  Catalog& c = t.catalog;
  const fields::CatalogTables& tables = fields::catalog_tables();
  for (auto it = doc.begin(); it != doc.end() && !t.issues.full(); ++it) {
    const std::string& key = it.key();
    const json& value = it.value();
    if (key == "notes" && !value.is_string()) {
      t.issues.add(file + ": notes", msg::cat_type_string(describe_json(value)));
    }
    bool handled = key == "schema" || key == "comment" || key == "notes";
    // The user's own measurements are a file of their own (--measurements), never laid over the
    // bundled rows by a catalog overlay (docs/measurements.md).
    if (key == "measurements" && t.mode == Mode::Overlay && !t.measurements) {
      t.issues.add(file + ": measurements", msg::cat_measurement_not_overlay());
      continue;
    }
    std::size_t section_index = 0;
    fields::for_each_section(c, [&](const fields::Section& s, auto& items, auto) {
      const FieldTable& table = tables.sections[section_index++];
      if (key != s.key) return;
      handled = true;
      EntriesOf entries(items, table);
      read_section(value, file, s, entries, t);
    });
    if (handled) continue;
    if (key == "defaults") {
      read_single(value, file, "defaults", &c.defaults, tables.defaults, t.mode == Mode::Load, t);
    } else if (key == "custom") {
      read_single(value, file, "custom", &c.custom_budget, tables.custom_budget,
                  t.mode == Mode::Load || c.custom_budget.id.empty(), t);
    } else if (key == "default_usd_cny") {
      const std::string path = file + ": default_usd_cny";
      const std::string origin_key = detail::EntryOrigins::key("default_usd_cny", "");
      if (t.mode == Mode::Load && t.origins.paths.count(origin_key) != 0) {
        t.issues.add(path, msg::cat_single_twice(t.origins.paths[origin_key]));
      } else if (!value.is_number()) {
        t.issues.add(path, msg::cat_doc_usd_cny_number(describe_json(value)));
      } else if (auto e = fields::check_number(value.get<double>(), fields::kUsdCny, false)) {
        t.issues.add(path, *e);
      } else {
        c.defaults.usd_cny = value.get<double>();
        t.origins.paths[origin_key] = path;
      }
      if (doc.find("usd_cny_source") == doc.end()) {
        t.issues.add(file + ": usd_cny_source", msg::cat_doc_usd_cny_source_required());
      }
    } else if (key == "usd_cny_source") {
      if (!value.is_string() || value.get<std::string>().empty()) {
        t.issues.add(file + ": usd_cny_source", msg::cat_doc_nonempty_string(describe_json(value)));
      } else {
        c.defaults.usd_cny_source = value.get<std::string>();
      }
    } else {
      const std::string near = closest(known, key);
      t.issues.add(file + ": " + key,
                   near.empty() ? msg::cat_doc_unknown_section(key) : msg::cat_doc_unknown_section_near(key, near));
    }
  }
}

// "f.json: gpus[3].memory_mib" -> "f.json: gpus[3]"; "f.json: defaults.x" -> "f.json: defaults".
std::string entry_of(const std::string& field) {
  const std::size_t bracket = field.find(']');
  if (bracket != std::string::npos) return field.substr(0, bracket + 1);
  const std::size_t colon = field.find(": ");
  const std::size_t dot = field.find('.', colon == std::string::npos ? 0 : colon + 2);
  return dot == std::string::npos ? field : field.substr(0, dot);
}

// Cross-entry validation after reading. When some entries had reading errors their
// half-read state would only add noise, so their validation issues are dropped; the
// rest of the catalog (references, other entries) is still checked.
void validate_after_reading(const Catalog& catalog, const detail::EntryOrigins& origins,
                            const std::vector<detail::RemovedEntry>& removed, IssueList& issues) {
  std::vector<Issue> read = issues.take();
  std::set<std::string> broken;
  for (const Issue& i : read) broken.insert(entry_of(i.field));
  for (Issue& i : read) issues.add(std::move(i.field), std::move(i.message));
  IssueList checked;
  detail::validate_into(catalog, origins, removed, checked);
  for (Issue& i : checked.take()) {
    if (broken.count(entry_of(i.field)) == 0) issues.add(std::move(i.field), std::move(i.message));
  }
}

}  // namespace

// [SECTION] API

Result<Catalog> load_catalog(const std::vector<CatalogFile>& files) {
  IssueList issues;
  Catalog catalog;
  detail::EntryOrigins origins;
  std::vector<detail::RemovedEntry> removed;
  Target target{catalog, origins, removed, Mode::Load, issues};
  bool all_parsed = true;
  for (const CatalogFile& f : files) {
    json doc;
    if (!parse_json_text(f.text, f.name, doc, issues)) {
      all_parsed = false;  // its entries are missing: checking references would only add noise
      continue;
    }
    read_document(doc, f.name, target);
  }
  if (all_parsed && !issues.full()) validate_after_reading(catalog, origins, removed, issues);
  if (!issues.empty()) return Result<Catalog>::failure(issues.take());
  return Result<Catalog>::success(std::move(catalog));
}

namespace {
Result<Catalog> overlay_on(const Catalog& base, const CatalogFile& overlay, bool measurements) {
  IssueList issues;
  json doc;
  if (!parse_json_text(overlay.text, overlay.name, doc, issues)) return Result<Catalog>::failure(issues.take());
  Catalog merged = base;  // work on a copy: `base` is never touched
  detail::EntryOrigins origins;
  std::vector<detail::RemovedEntry> removed;
  Target target{merged, origins, removed, Mode::Overlay, issues, measurements};
  read_document(doc, overlay.name, target);
  if (!issues.full()) validate_after_reading(merged, origins, removed, issues);
  if (!issues.empty()) return Result<Catalog>::failure(issues.take());
  return Result<Catalog>::success(std::move(merged));
}
}  // namespace

Result<Catalog> apply_overlay(const Catalog& base, const CatalogFile& overlay) {
  return overlay_on(base, overlay, false);
}

Result<std::vector<Measurement>> load_your_measurements(const Catalog& base, const CatalogFile& file) {
  using Out = Result<std::vector<Measurement>>;
  IssueList issues;
  json doc;
  if (!parse_json_text(file.text, file.name, doc, issues)) return Out::failure(issues.take());
  if (doc.is_object()) {
    for (auto it = doc.begin(); it != doc.end(); ++it) {
      if (it.key() != "schema" && it.key() != "comment" && it.key() != "measurements") {
        issues.add(file.name + ": " + it.key(), msg::cat_measurement_only(fields::quote_for_message(it.key())));
      }
    }
    if (!issues.empty()) return Out::failure(issues.take());
  }
  // Read as an overlay on the catalog without its bundled rows: every row is new, checked
  // complete, its ids resolved against the catalog, and none can replace a bundled one.
  Catalog alone = base;
  alone.measurements.clear();
  alone.your_measurements.clear();
  Result<Catalog> read = overlay_on(alone, file, true);
  if (!read.ok()) return Out::failure(std::move(read.errors));
  return Out::success(std::move(read.value->measurements));
}

}  // namespace cardfit
