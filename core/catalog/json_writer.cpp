#include "json_writer.hpp"

#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

namespace cardfit {

void JsonWriter::newline() {
  out_ += '\n';
  out_.append(2 * has_items_.size(), ' ');
}

// A comma between members, and in pretty mode each member on its own line.
void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (has_items_.empty()) return;
  if (has_items_.back()) out_ += ',';
  has_items_.back() = 1;
  if (pretty_) newline();
}

JsonWriter& JsonWriter::open(char c) {
  before_value();
  out_ += c;
  has_items_.push_back(0);
  return *this;
}

JsonWriter& JsonWriter::close(char c) {
  const bool had = !has_items_.empty() && has_items_.back() != 0;
  if (!has_items_.empty()) has_items_.pop_back();
  if (pretty_ && had) newline();
  out_ += c;
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  // The keys are the writers' own short ASCII names: `"key":` in one append when nothing in
  // them needs escaping, else as a string value.
  char buf[72];
  bool plain = k.size() + 4 <= sizeof buf;
  for (std::size_t i = 0; plain && i < k.size(); ++i) {
    const auto c = static_cast<unsigned char>(k[i]);
    plain = c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
  }
  if (plain) {
    before_value();
    buf[0] = '"';
    std::memcpy(buf + 1, k.data(), k.size());
    buf[k.size() + 1] = '"';
    buf[k.size() + 2] = ':';
    buf[k.size() + 3] = ' ';
    out_.append(buf, k.size() + (pretty_ ? 4 : 3));
  } else {
    value(k);
    out_ += pretty_ ? ": " : ":";
  }
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::value(double d) {
  if (!std::isfinite(d)) return null();
  before_value();
  char buf[64];
  const char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, d);  // what dump() uses
  out_.append(buf, static_cast<std::size_t>(end - buf));
  return *this;
}

namespace {

void append_digits(std::string& out, std::uint64_t u) {
  char buf[24];
  char* p = buf + sizeof buf;
  do {
    *--p = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  out.append(p, static_cast<std::size_t>(buf + sizeof buf - p));
}

}  // namespace

JsonWriter& JsonWriter::unsigned_integer(std::uint64_t u) {
  before_value();
  append_digits(out_, u);
  return *this;
}

JsonWriter& JsonWriter::integer(std::int64_t i) {
  before_value();
  if (i < 0) out_ += '-';
  append_digits(out_, i < 0 ? 0 - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i));
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
  const std::size_t start = out_.size();
  out_ += '"';
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
        out_.resize(start);
        out_ += nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return *this;
      }
      i += n;
      continue;
    }
    out_.append(s.data() + run, i - run);
    switch (c) {
      case '"': out_ += "\\\""; break;
      case '\\': out_ += "\\\\"; break;
      case '\b': out_ += "\\b"; break;
      case '\f': out_ += "\\f"; break;
      case '\n': out_ += "\\n"; break;
      case '\r': out_ += "\\r"; break;
      case '\t': out_ += "\\t"; break;
      default: {
        static const char hex[] = "0123456789abcdef";
        const char u[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
        out_.append(u, sizeof u);
      }
    }
    run = ++i;
  }
  out_.append(s.data() + run, s.size() - run);
  out_ += '"';
  return *this;
}

}  // namespace cardfit
