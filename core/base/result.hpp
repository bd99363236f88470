// Errors as values: every core entry point that can meet bad user input or bad data returns
// Result<T>, never throws. An Issue names the field (a JSON path, an input key) and carries
// a Message saying what is wrong, rendered in the reader's language (message.hpp).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "message.hpp"

namespace cardfit {

struct Issue {
  std::string field;  // JSON path ("gpus[3].memory_mib") or input key ("context")
  Message message;    // e.g. "context: must be between 1 and 10,000,000, got 0"
};

// "field: message" unless the message already starts with the field.
std::string issue_text(const Issue& issue, Lang lang);

template <class T>
struct Result {
  std::optional<T> value;     // set when ok()
  std::vector<Issue> errors;  // empty when ok()

  bool ok() const { return value.has_value() && errors.empty(); }

  static Result success(T v) { return Result{std::move(v), {}}; }
  static Result failure(std::vector<Issue> issues) { return Result{std::nullopt, std::move(issues)}; }
  static Result failure(std::string field, Message message) {
    return failure({Issue{std::move(field), std::move(message)}});
  }
};

}  // namespace cardfit
