// The field lists recorded as tables (field_table.hpp): each list is walked once over a
// default-constructed struct, and every field's place is its member's address minus the struct's.
#include "field_table.hpp"

#include <cassert>

namespace cardfit::fields {
namespace {

template <class E>
constexpr ChoiceOps kChoiceOps{
    [](void* field, std::string_view name) {
      const std::optional<E> e = parse_name<E>(name);
      if (e) *static_cast<E*>(field) = *e;
      return e.has_value();
    },
    [](void* field, std::uint64_t value) { *static_cast<E*>(field) = static_cast<E>(value); },
    [](const void* field) { return name_of(*static_cast<const E*>(field)); },
    [] { return names_list<E>(); }};

template <class T>
constexpr ListOps kListOps{
    [](const void* list) { return static_cast<const std::vector<T>*>(list)->size(); },
    [](const void* list, std::size_t i) -> const void* { return &(*static_cast<const std::vector<T>*>(list))[i]; },
    [](void* list) -> void* { return &static_cast<std::vector<T>*>(list)->emplace_back(); },
    [](void* list) { static_cast<std::vector<T>*>(list)->clear(); }};

// The visitor that records: the field lists call it as they call the reader or the checker.
// Its leaf methods are out of line, so that each field costs one call in each list's one copy.
class Recorder {
 public:
  Recorder(FieldTable& table, const void* base) : table_(table), base_(static_cast<const char*>(base)) {}

  [[gnu::noinline]] void text(const char* key, const std::string& m, Need need, TextRule rule) {
    add(key, Kind::Text, need, &m).rule = rule;
  }
  template <class I>
  void integer(const char* key, const I& m, Need need, Range range) {
    static_assert(std::is_same_v<I, int> || std::is_same_v<I, std::int64_t>, "integer fields are int or std::int64_t");
    add_integer(key, &m, sizeof(I), need, range);
  }
  [[gnu::noinline]] void number(const char* key, const double& m, Need need, Range range) {
    add(key, Kind::Number, need, &m).range = range;
  }
  [[gnu::noinline]] void boolean(const char* key, const bool& m, Need need) { add(key, Kind::Boolean, need, &m); }
  template <class E>
  void choice(const char* key, const E& m, Need need) {
    add_choice(key, &m, need, &kChoiceOps<E>);
  }
  template <class T, class F>
  void object(const char* key, const T& m, const bool* present, F&& visit) {
    Field& f = add(key, Kind::Object, present == nullptr ? Need::Required : Need::Optional, &m);
    if (present != nullptr) f.present = offset(present);
    f.reset = [](void* object) { *static_cast<T*>(object) = T{}; };
    f.sub = std::make_unique<FieldTable>();
    Recorder sub(*f.sub, &m);
    visit(sub, m);
  }
  template <class T, class F>
  void list(const char* key, const std::vector<T>& m, Need need, F&& visit) {
    Field& f = add(key, Kind::List, need, &m);
    f.list = &kListOps<T>;
    f.sub = std::make_unique<FieldTable>();
    const T item{};
    Recorder sub(*f.sub, &item);
    visit(sub, item);
  }
  [[gnu::noinline]] void strings(const char* key, const std::vector<std::string>& m, Need need, TextRule rule) {
    add(key, Kind::Strings, need, &m).rule = rule;
  }
  template <class B, std::size_t N>
  void flags(const char* key, Need need, const std::array<FlagName<B>, N>& names) {
    Field& f = add(key, Kind::Flags, need, base_);
    for (const FlagName<B>& n : names) f.flags.push_back(FlagWord{n.name, offset(n.flag)});
  }

 private:
  std::size_t offset(const void* m) const { return static_cast<std::size_t>(static_cast<const char*>(m) - base_); }
  [[gnu::noinline]] Field& add(const char* key, Kind kind, Need need, const void* m) {
    Field& f = table_.fields.emplace_back();
    f.key = key;
    f.kind = kind;
    f.need = need;
    f.offset = offset(m);
    return f;
  }
  [[gnu::noinline]] void add_integer(const char* key, const void* m, std::size_t bytes, Need need, Range range) {
    Field& f = add(key, Kind::Integer, need, m);
    f.integer_bytes = static_cast<int>(bytes);
    f.range = range;
  }
  [[gnu::noinline]] void add_choice(const char* key, const void* m, Need need, const ChoiceOps* ops) {
    add(key, Kind::Choice, need, m).choice = ops;
  }

  FieldTable& table_;
  const char* base_;
};

template <class T, class F>
void record(FieldTable& table, const T& probe, F&& visit) {
  Recorder recorder(table, &probe);
  visit(recorder, probe);
}

CatalogTables build() {
  CatalogTables t;
  const Catalog probe{};
  for_each_section(probe, [&](const Section& section, const auto& items, auto visit) {
    using T = typename std::decay_t<decltype(items)>::value_type;
    t.keys.push_back(section.key);
    record(t.sections.emplace_back(), T{}, visit);
  });
  record(t.defaults, probe.defaults, [](auto& v, auto& x) { defaults_fields(v, x); });
  record(t.custom_budget, probe.custom_budget, [](auto& v, auto& x) { custom_budget_fields(v, x); });
  return t;
}

}  // namespace

const FieldTable& CatalogTables::section(std::string_view key) const {
  std::size_t i = 0;
  while (i + 1 < keys.size() && keys[i] != key) ++i;
  assert(keys[i] == key && "no such section");
  return sections[i];
}

const CatalogTables& catalog_tables() {
  static const CatalogTables tables = build();
  return tables;
}

}  // namespace cardfit::fields
