// Untrusted text to JSON: UTF-8 check, nlohmann's public SAX interface driven without
// exceptions (our own DOM builder), duplicate-key detection, and positions as line:column.
#include "json_text.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "format.hpp"
#include "messages.hpp"

namespace cardfit {

using nlohmann::json;

// [SECTION] IssueList

void IssueList::add(std::string field, Message message) {
  if (issues_.size() >= limit_) {
    truncated_ = true;
    return;
  }
  issues_.push_back(Issue{std::move(field), std::move(message)});
}

std::vector<Issue> IssueList::take() {
  std::vector<Issue> out = std::move(issues_);
  if (truncated_) {
    out.push_back(Issue{"", msg::cat_json_too_many(std::to_string(limit_))});
  }
  issues_.clear();
  truncated_ = false;
  return out;
}

// [SECTION] Positions and UTF-8

namespace {

struct LineColumn {
  std::size_t line = 1;
  std::size_t column = 1;  // in bytes
};

LineColumn line_column(std::string_view text, std::size_t offset) {
  LineColumn lc;
  offset = std::min(offset, text.size());
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++lc.line;
      lc.column = 1;
    } else {
      ++lc.column;
    }
  }
  return lc;
}

Message where(std::string_view text, std::size_t offset) {
  LineColumn lc = line_column(text, offset);
  return msg::cat_json_where(std::to_string(lc.line), std::to_string(lc.column));
}

// Offset of the first byte that is not well-formed UTF-8 (RFC 3629: no overlongs, no
// surrogates, nothing above U+10FFFF), or npos when the whole text is valid.
std::size_t first_invalid_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    const unsigned c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = 0;
    unsigned lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;  // overlong
      if (c == 0xED) hi = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;  // overlong
      if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else {
      return i;
    }
    if (i + len > n) return i;
    if (s[i + 1] < lo || s[i + 1] > hi) return i;
    for (std::size_t k = 2; k < len; ++k) {
      if (s[i + k] < 0x80 || s[i + k] > 0xBF) return i;
    }
    i += len;
  }
  return std::string_view::npos;
}

// [SECTION] SAX: a DOM builder over nlohmann's public SAX interface, plus duplicate-key
// detection, a depth limit and error capture (nothing throws).

class CheckingSax {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  explicit CheckingSax(json& root) : root_(root) {}

  bool null() { return put(json(nullptr)) != nullptr; }
  bool boolean(bool v) { return put(json(v)) != nullptr; }
  bool number_integer(number_integer_t v) { return put(json(v)) != nullptr; }
  bool number_unsigned(number_unsigned_t v) { return put(json(v)) != nullptr; }
  bool number_float(number_float_t v, const string_t&) { return put(json(v)) != nullptr; }
  bool string(string_t& v) { return put(json(std::move(v))) != nullptr; }
  bool binary(binary_t& v) { return put(json::binary(std::move(v))) != nullptr; }

  bool start_object(std::size_t) { return open(json::object(), false); }
  bool key(string_t& k) {
    Frame& f = frames_.back();
    if (f.value->contains(k)) {  // the object itself is the set of keys seen so far
      duplicate_path = path() + (frames_.size() > 1 ? "." : "") + k;
      return false;  // stops the parser; reported by parse_json_text
    }
    f.last_key = k;
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(json::array(), true); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t position, const std::string& token, const json::exception&) {
    error_position = position;
    error_token = token;
    failed = true;
    return false;
  }

  bool too_deep = false;       // set when nesting exceeds kMaxJsonDepth
  bool failed = false;         // set on a syntax error
  std::string duplicate_path;  // set when an object repeats a key
  std::size_t error_position = 0;
  std::string error_token;     // the last token read before a syntax error

 private:
  struct Frame {
    json* value;        // the container being filled
    bool is_array;
    std::size_t index;  // next element index (arrays)
    std::string last_key;
  };

  // Places `v` in the innermost container (or as the root); returns where it now lives.
  json* put(json v) {
    if (frames_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Frame& f = frames_.back();
    if (f.is_array) {
      ++f.index;
      f.value->push_back(std::move(v));
      return &f.value->back();
    }
    json& slot = (*f.value)[f.last_key];
    slot = std::move(v);
    return &slot;
  }
  bool open(json container, bool is_array) {
    if (frames_.size() >= kMaxJsonDepth) {
      too_deep = true;
      return false;
    }
    json* at = put(std::move(container));
    frames_.push_back(Frame{at, is_array, 0, {}});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return true;
  }

  // JSON path of the innermost container, built only when needed (an error).
  std::string path() const {
    std::string p;
    for (std::size_t i = 0; i + 1 < frames_.size(); ++i) {
      const Frame& f = frames_[i];
      if (f.is_array) {
        p += "[" + std::to_string(f.index - 1) + "]";
      } else {
        p += (p.empty() ? "" : ".") + f.last_key;
      }
    }
    return p;
  }

  json& root_;
  std::vector<Frame> frames_;
};

}  // namespace

bool parse_json_text(std::string_view text, const std::string& file, json& out, IssueList& issues) {
  out = json();
  if (text.size() > kMaxJsonBytes) {
    issues.add(file, msg::cat_json_too_big(std::to_string(kMaxFileMb)));
    return false;
  }
  if (std::size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
    issues.add(file, msg::cat_json_bad_utf8(std::to_string(bad), where(text, bad)));
    return false;
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    issues.add(file, msg::cat_json_empty());
    return false;
  }
  json root;
  CheckingSax sax(root);
  const bool ok = json::sax_parse(text.begin(), text.end(), &sax, json::input_format_t::json, true, false);
  if (sax.too_deep) {
    issues.add(file, msg::cat_json_too_deep(std::to_string(kMaxJsonDepth)));
    return false;
  }
  if (!sax.duplicate_path.empty()) {
    issues.add(file + ": " + sax.duplicate_path, msg::cat_json_duplicate_key());
    return false;
  }
  if (!ok || sax.failed) {
    const std::string token = sax.error_token.size() > 40 ? sax.error_token.substr(0, 37) + "..." : sax.error_token;
    const std::size_t at = sax.error_position > 0 ? sax.error_position - 1 : 0;
    issues.add(file, msg::cat_json_syntax(where(text, at), json(token).dump(-1, ' ', false, json::error_handler_t::replace)));
    return false;
  }
  out = std::move(root);
  return true;
}

Message describe_json(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return msg::cat_value_null();
    case json::value_t::object: return msg::cat_value_object();
    case json::value_t::array: return msg::cat_value_array();
    case json::value_t::string: {
      std::string s = value.get<std::string>();
      if (s.size() > 40) s = s.substr(0, 37) + "...";
      return msg::cat_value_string(json(s).dump(-1, ' ', false, json::error_handler_t::replace));
    }
    case json::value_t::discarded: return msg::cat_value_nothing();
    default: return msg::common_verbatim(value.dump(-1, ' ', false, json::error_handler_t::replace));
  }
}

}  // namespace cardfit
