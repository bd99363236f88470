#include "json_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

namespace cardfit {

char* JsonWriter::room(std::size_t n) {
  if (capacity_ - size_ < n) {
    const std::size_t capacity = std::max(2 * capacity_, size_ + n + 4096);
    std::unique_ptr<char[]> grown(new char[capacity]);  // not zero-filled: every byte is written before it is read
    if (size_) std::memcpy(grown.get(), out_.get(), size_);
    out_ = std::move(grown);
    capacity_ = capacity;
  }
  char* p = out_.get() + size_;
  size_ += n;
  return p;
}

void JsonWriter::put(std::string_view s) {
  char* p = room(s.size());
  for (char c : s) *p++ = c;  // mostly a few bytes: a call to memcpy would cost more
}

void JsonWriter::newline() {
  put('\n');
  const std::size_t n = 2 * has_items_.size();
  std::memset(room(n), ' ', n);
}

// A comma between members, and in pretty mode each member on its own line.
void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (has_items_.empty()) return;
  if (has_items_.back()) put(',');
  has_items_.back() = 1;
  if (pretty_) newline();
}

JsonWriter& JsonWriter::open(char c) {
  before_value();
  put(c);
  has_items_.push_back(0);
  return *this;
}

JsonWriter& JsonWriter::close(char c) {
  const bool had = !has_items_.empty() && has_items_.back() != 0;
  if (!has_items_.empty()) has_items_.pop_back();
  if (pretty_ && had) newline();
  put(c);
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  // A key that is not a literal (an id, say): as it is when nothing in it needs escaping, else
  // as a string value.
  for (const char ch : k) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
      value(k);
      put(pretty_ ? ": " : ":");
      after_key_ = true;
      return *this;
    }
  }
  return plain_key(k.data(), k.size());
}

JsonWriter& JsonWriter::null() {
  before_value();
  put("null");
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  before_value();
  put(b ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::value(double d) {
  if (!std::isfinite(d)) return null();
  before_value();
  char buf[64];
  const char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, d);  // what dump() uses
  put(std::string_view(buf, static_cast<std::size_t>(end - buf)));
  return *this;
}

namespace {

// u's decimal digits, written at the end of buf.
std::string_view digits(std::uint64_t u, char (&buf)[24]) {
  char* p = buf + sizeof buf;
  do {
    *--p = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  return std::string_view(p, static_cast<std::size_t>(buf + sizeof buf - p));
}

}  // namespace

JsonWriter& JsonWriter::unsigned_integer(std::uint64_t u) {
  before_value();
  char buf[24];
  put(digits(u, buf));
  return *this;
}

JsonWriter& JsonWriter::integer(std::int64_t i) {
  before_value();
  if (i < 0) put('-');
  char buf[24];
  put(digits(i < 0 ? 0 - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i), buf));
  return *this;
}

namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 (RFC 3629: no overlongs,
// surrogates or code points above U+10FFFF).
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  const std::size_t left = s.size() - i;
  const auto cont = [&](std::size_t k) { return (b(k) & 0xC0) == 0x80; };
  if (c >= 0xC2 && c <= 0xDF) return left >= 2 && cont(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (left < 3 || !cont(i + 1) || !cont(i + 2)) return 0;
    if (c == 0xE0 && b(i + 1) < 0xA0) return 0;
    if (c == 0xED && b(i + 1) > 0x9F) return 0;
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (left < 4 || !cont(i + 1) || !cont(i + 2) || !cont(i + 3)) return 0;
    if (c == 0xF0 && b(i + 1) < 0x90) return 0;
    if (c == 0xF4 && b(i + 1) > 0x8F) return 0;
    return 4;
  }
  return 0;
}

}  // namespace

JsonWriter& JsonWriter::value(std::string_view s) {
  before_value();
  const std::size_t start = size_;
  put('"');
  std::size_t run = 0;  // start of the characters not yet appended, which need no escape
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
      ++i;
      continue;
    }
    if (c >= 0x80) {
      const std::size_t n = utf8_length(s, i);
      if (n == 0) {
        // Invalid UTF-8 (a hand-built value, never the catalog's or the message table's text):
        // nlohmann's own replacement rules, exactly.
        size_ = start;
        put(nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        return *this;
      }
      i += n;
      continue;
    }
    put(s.substr(run, i - run));
    switch (c) {
      case '"': put("\\\""); break;
      case '\\': put("\\\\"); break;
      case '\b': put("\\b"); break;
      case '\f': put("\\f"); break;
      case '\n': put("\\n"); break;
      case '\r': put("\\r"); break;
      case '\t': put("\\t"); break;
      default: {
        static const char hex[] = "0123456789abcdef";
        const char u[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
        put(std::string_view(u, sizeof u));
      }
    }
    run = ++i;
  }
  put(s.substr(run));
  put('"');
  return *this;
}

}  // namespace cardfit
