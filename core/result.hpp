// Errors as values: every core entry point that can meet bad user input or bad data
// returns Result<T>, never throws. An Issue names the field (a JSON path or a CLI flag)
// and says, in plain English, what is wrong with it.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cardfit {

struct Issue {
  std::string field;    // JSON path ("gpus[3].memory_mib") or input name ("context")
  std::string message;  // plain reason, e.g. "must be > 0, got -5"
};

template <class T>
struct Result {
  std::optional<T> value;     // set when ok()
  std::vector<Issue> errors;  // empty when ok()

  bool ok() const { return value.has_value() && errors.empty(); }

  static Result success(T v) { return Result{std::move(v), {}}; }
  static Result failure(std::vector<Issue> issues) { return Result{std::nullopt, std::move(issues)}; }
  static Result failure(std::string field, std::string message) {
    return failure({Issue{std::move(field), std::move(message)}});
  }
};

}  // namespace cardfit
