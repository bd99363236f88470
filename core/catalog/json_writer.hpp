// JSON text written as it goes: the writers of the JSON contracts (catalog_to_json,
// estimate_to_json, plan_to_json, capability_to_json, errors_to_json) append each key and value
// in the documented order straight to one string, instead of building a document tree and
// dumping it. The text is byte for byte what nlohmann-json's dump() writes for the same
// values (compact, or indented by 2; numbers shortest round-trip; non-finite numbers null;
// invalid UTF-8 replaced by U+FFFD), which the golden tests check. About 5x faster in the
// browser than a tree, and one JSON instantiation less in the page's wasm. The text grows in a
// buffer of its own (put), not by std::string appends: in the page those are calls into the
// prebuilt libc++, several per key, which made up a fifth of an estimate({}) call. The buffer is
// not a std::string either: its resize() zero-fills every byte it adds, and growing it that way
// (memset and memcpy, prebuilt) took another seventh.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cardfit {

class JsonWriter {
 public:
  explicit JsonWriter(bool pretty = false) : pretty_(pretty) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(std::string_view k);  // the next value is this key's (inside an object)
  // A key written as a string literal: one of the writers' own names, ASCII with nothing to
  // escape (the golden tests compare every writer's text with nlohmann's), copied as it is.
  template <std::size_t N>
  JsonWriter& key(const char (&k)[N]) { return plain_key(k, N - 1); }

  JsonWriter& null();
  JsonWriter& value(std::nullptr_t) { return null(); }
  JsonWriter& value(bool b);
  JsonWriter& value(double d);  // non-finite -> null
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int> = 0>
  JsonWriter& value(I i) {
    if constexpr (std::is_signed_v<I>) return integer(static_cast<std::int64_t>(i));
    else return unsigned_integer(static_cast<std::uint64_t>(i));
  }
  template <class T>
  JsonWriter& value(const std::optional<T>& v) { return v ? value(*v) : null(); }
  template <class T>
  JsonWriter& value(const std::vector<T>& list) {
    begin_array();
    for (const T& item : list) value(item);
    return end_array();
  }

  template <class K, class T>
  JsonWriter& field(const K& k, const T& v) { key(k); return value(v); }
  // `key: v` when `present`, else `key: null` (`v` must be valid either way).
  template <class K, class T>
  JsonWriter& field_if(const K& k, bool present, const T& v) {
    key(k);
    return present ? value(v) : null();
  }

  std::string take() {  // the text (once every container opened is closed)
    std::string text = size_ ? std::string(out_.get(), size_) : std::string();
    size_ = 0;
    return text;
  }

 private:
  JsonWriter& plain_key(const char* k, std::size_t n) {  // `"k": ` (compact: `"k":`), nothing to escape
    before_value();
    char* p = room(n + 4);
    p[0] = '"';
    std::memcpy(p + 1, k, n);
    p[n + 1] = '"';
    p[n + 2] = ':';
    p[n + 3] = ' ';
    if (!pretty_) --size_;
    after_key_ = true;
    return *this;
  }
  JsonWriter& open(char c);
  JsonWriter& close(char c);
  JsonWriter& integer(std::int64_t i);
  JsonWriter& unsigned_integer(std::uint64_t u);
  void before_value();
  void newline();
  char* room(std::size_t n);  // n more bytes at the end of the text, to be written
  void put(char c) { *room(1) = c; }
  void put(std::string_view s);

  std::unique_ptr<char[]> out_;  // the text is its first size_ bytes (of capacity_)
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  std::vector<unsigned char> has_items_;  // per open object/array: whether it has a member yet
  bool pretty_ = false;
  bool after_key_ = false;
};

}  // namespace cardfit
