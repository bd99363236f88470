// Untrusted text to JSON: UTF-8 check, nlohmann's SAX parser driven without exceptions,
// duplicate-key detection, and positions as line:column.
#include "json_text.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>

namespace cardfit {

using nlohmann::json;

// [SECTION] IssueList

void IssueList::add(std::string field, std::string message) {
  if (issues_.size() >= limit_) {
    truncated_ = true;
    return;
  }
  issues_.push_back(Issue{std::move(field), std::move(message)});
}

std::vector<Issue> IssueList::take() {
  std::vector<Issue> out = std::move(issues_);
  if (truncated_) {
    out.push_back(Issue{"", "too many problems; stopped after the first " + std::to_string(limit_)});
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

std::string where(std::string_view text, std::size_t offset) {
  LineColumn lc = line_column(text, offset);
  return "line " + std::to_string(lc.line) + ", column " + std::to_string(lc.column);
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

// [SECTION] SAX: nlohmann's DOM builder plus duplicate-key detection and error capture

class CheckingSax {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  explicit CheckingSax(json& root) : dom_(root, false) {}

  bool null() { return scalar() && dom_.null(); }
  bool boolean(bool v) { return scalar() && dom_.boolean(v); }
  bool number_integer(number_integer_t v) { return scalar() && dom_.number_integer(v); }
  bool number_unsigned(number_unsigned_t v) { return scalar() && dom_.number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& s) { return scalar() && dom_.number_float(v, s); }
  bool string(string_t& v) { return scalar() && dom_.string(v); }
  bool binary(binary_t& v) { return scalar() && dom_.binary(v); }

  bool start_object(std::size_t n) {
    if (!push(false)) return false;
    return dom_.start_object(n);
  }
  bool key(string_t& k) {
    Frame& f = frames_.back();
    if (!f.keys.insert(k).second) {
      duplicate_path = path() + (frames_.size() > 1 ? "." : "") + k;
      return false;  // stops the parser; reported by parse_json_text
    }
    f.last_key = k;
    return dom_.key(k);
  }
  bool end_object() {
    frames_.pop_back();
    bump();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) {
    if (!push(true)) return false;
    return dom_.start_array(n);
  }
  bool end_array() {
    frames_.pop_back();
    bump();
    return dom_.end_array();
  }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& ex) {
    error_position = position;
    error_message = ex.what();
    return dom_.parse_error(position, token, ex);
  }

  bool too_deep = false;       // set when nesting exceeds kMaxJsonDepth
  std::string duplicate_path;  // set when an object repeats a key
  std::size_t error_position = 0;
  std::string error_message;   // set on a syntax error

 private:
  struct Frame {
    bool is_array;
    std::size_t index;  // next element index (arrays)
    std::string last_key;
    std::set<std::string> keys;
  };

  bool push(bool is_array) {
    if (frames_.size() >= kMaxJsonDepth) {
      too_deep = true;
      return false;
    }
    frames_.push_back(Frame{is_array, 0, {}, {}});
    return true;
  }

  // JSON path of the innermost container, built only when needed (an error).
  std::string path() const {
    std::string p;
    for (std::size_t i = 0; i + 1 < frames_.size(); ++i) {
      const Frame& f = frames_[i];
      if (f.is_array) {
        p += "[" + std::to_string(f.index) + "]";
      } else {
        p += (p.empty() ? "" : ".") + f.last_key;
      }
    }
    return p;
  }
  void bump() {
    if (!frames_.empty() && frames_.back().is_array) ++frames_.back().index;
  }
  bool scalar() {
    bump();
    return true;
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  std::vector<Frame> frames_;
};

// nlohmann's message is "[json.exception.parse_error.101] parse error at line 1, column 5:
// syntax error while parsing ..."; keep what follows "parse error ".
std::string plain_parse_message(const std::string& what) {
  const std::string marker = "parse error ";
  std::size_t at = what.find(marker);
  return at == std::string::npos ? what : what.substr(at + marker.size());
}

}  // namespace

bool parse_json_text(std::string_view text, const std::string& file, json& out, IssueList& issues) {
  out = json();
  if (text.size() > kMaxJsonBytes) {
    issues.add(file, "file is " + std::to_string(text.size()) + " bytes; the limit is " +
                         std::to_string(kMaxJsonBytes) + " bytes");
    return false;
  }
  if (std::size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
    issues.add(file, "invalid UTF-8 at byte " + std::to_string(bad) + " (" + where(text, bad) +
                         "); save the file as UTF-8");
    return false;
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    issues.add(file, "file is empty; expected a JSON object");
    return false;
  }
  json root;
  CheckingSax sax(root);
  const bool ok = json::sax_parse(text.begin(), text.end(), &sax, nlohmann::json::input_format_t::json, true, false);
  if (sax.too_deep) {
    issues.add(file, "JSON is nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return false;
  }
  if (!sax.duplicate_path.empty()) {
    issues.add(file + ": " + sax.duplicate_path, "key appears twice in the same object; keep one");
    return false;
  }
  if (!ok || root.is_discarded()) {
    issues.add(file, sax.error_message.empty() ? "invalid JSON"
                                               : "invalid JSON: " + plain_parse_message(sax.error_message));
    return false;
  }
  out = std::move(root);
  return true;
}

std::string describe_json(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return value.get<bool>() ? "true" : "false";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: {
      std::string s = value.get<std::string>();
      if (s.size() > 40) s = s.substr(0, 37) + "...";
      json shown = s;
      return "string " + shown.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    case json::value_t::discarded: return "nothing";
    default: return value.dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  if (a.size() > 64 || b.size() > 64) return 64;
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace cardfit
