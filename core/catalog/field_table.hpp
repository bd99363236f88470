// Internal to core: the field lists of catalog_fields.hpp as data. Each list is walked once
// with a recorder; the JSON reader (catalog_load.cpp), the JSON writer (catalog_write.cpp), the
// checker and citation walker (catalog_validate.cpp) and the snapshot's reader
// (catalog_snapshot.cpp) then loop over the tables: one function for every entry type instead of
// a copy of each per entry type (issue 28, docs/web.md "Where the bytes are").
// A field is still added in one place: its line in catalog_fields.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "catalog_fields.hpp"

namespace cardfit::fields {

enum class Kind : std::uint8_t { Text, Integer, Number, Boolean, Choice, Object, List, Strings, Flags };

// One enum's values reached without naming the enum (one set of functions per enum).
struct ChoiceOps {
  bool (*parse)(void* field, std::string_view name);  // sets the field; false when `name` is no spelling
  void (*set)(void* field, std::uint64_t value);      // the enum's value as a number (the snapshot's)
  std::string_view (*name)(const void* field);        // the value's spelling; "" when it has none
  std::string (*names)();                             // "a, b, c", for messages
};

// One std::vector<T> of structs reached without naming T.
struct ListOps {
  std::size_t (*size)(const void* list);
  const void* (*at)(const void* list, std::size_t i);
  void* (*append)(void* list);  // a T{} added at the end
  void (*clear)(void* list);
};

struct FlagWord {  // one word of a Flags field and the bool it sets
  const char* name;
  std::size_t offset;
};

struct FieldTable;

struct Field {
  static constexpr std::size_t kNoFlag = static_cast<std::size_t>(-1);

  const char* key;             // "memory_mib"
  Kind kind;
  Need need;
  TextRule rule = TextRule::Any;  // Text, Strings
  int integer_bytes = 0;          // Integer: sizeof the member (int or std::int64_t)
  Range range{0, 0};              // Integer, Number
  std::size_t offset = 0;         // of the member from the start of its struct
  std::size_t present = kNoFlag;  // Object: offset of its "has_" flag; kNoFlag = a required object
  const ChoiceOps* choice = nullptr;
  const ListOps* list = nullptr;
  void (*reset)(void* object) = nullptr;  // Object: back to its default
  std::unique_ptr<FieldTable> sub;        // Object, List: the fields of the object / of one item
  std::vector<FlagWord> flags;            // Flags
};

struct FieldTable {
  std::vector<Field> fields;  // in the field list's order (the order keys are read and checked in)
};

// The member a field describes, in the struct at `base`.
template <class M>
M& member(void* base, std::size_t offset) {
  return *reinterpret_cast<M*>(static_cast<char*>(base) + offset);
}
template <class M>
const M& member(const void* base, std::size_t offset) {
  return *reinterpret_cast<const M*>(static_cast<const char*>(base) + offset);
}

struct CatalogTables {  // every table a catalog document needs
  std::vector<FieldTable> sections;  // one per section, in for_each_section's order
  std::vector<const char*> keys;     // each section's key ("gpus")
  FieldTable defaults;
  FieldTable custom_budget;

  const FieldTable& section(std::string_view key) const;  // a section's table; asserts it exists
};

// Built on first use and never changed afterwards. NOTE: a cache of what the field lists say,
// not state: the same on every call.
const CatalogTables& catalog_tables();

}  // namespace cardfit::fields
