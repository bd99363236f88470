// Internal to core (needs nlohmann/json, which core links privately): turn untrusted text
// into a JSON value or a list of Issues. Checks size, UTF-8, syntax and duplicate keys.
// NOTE: never throws; the core is built with -fno-exceptions and JSON_NOEXCEPTION.
#pragma once

#include "limits.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "result.hpp"

namespace cardfit {

// Issues with a cap, so that a garbage file cannot produce megabytes of messages.
class IssueList {
 public:
  static constexpr std::size_t kDefaultLimit = 100;
  explicit IssueList(std::size_t limit = kDefaultLimit) : limit_(limit) {}

  void add(std::string field, Message message);
  bool full() const { return truncated_; }
  bool empty() const { return issues_.empty(); }
  std::size_t size() const { return issues_.size(); }
  std::vector<Issue> take();  // the issues, plus a final "stopped after N" note if capped

 private:
  std::size_t limit_;
  bool truncated_ = false;
  std::vector<Issue> issues_;
};

constexpr std::size_t kMaxJsonBytes = kMaxFileBytes;  // limits.hpp: 16 MiB, every way in
constexpr std::size_t kMaxJsonDepth = 256;        // catalogs and configs nest 5 levels at most

// Parses `text` into `out`. On failure adds Issues whose field is `file` (plus the JSON path
// for duplicate keys) and returns false. Rejects: more than kMaxJsonBytes, invalid UTF-8,
// syntax errors (with line and column), nesting deeper than kMaxJsonDepth, and an object
// key given twice.
bool parse_json_text(std::string_view text, const std::string& file, nlohmann::json& out, IssueList& issues);

// Short description of a JSON value for messages: `string "abc"`, `-5`, `an array`.
Message describe_json(const nlohmann::json& value);

}  // namespace cardfit
