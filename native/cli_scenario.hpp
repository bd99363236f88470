// The flags shared by `cardfit estimate` and `cardfit plan` (docs/cli.md). They are the rows of
// the input table (core/estimate/inputs.hpp), and their values go through core/io/url_state.hpp:
// the command line, the web page's links and the JavaScript API accept the same words and
// report the same errors ({"field", "code", "message"}, in JSON when --json is given).
// Unknown, repeated and valueless flags are usage errors, found by cli_run.cpp.
#pragma once

#include <CLI/CLI.hpp>

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "input_words.hpp"
#include "inputs.hpp"
#include "plan.hpp"
#include "result.hpp"

namespace cardfit::cli {

enum class FlagSet { Scenario, ScenarioAndPlan };

struct RequestFlags {
  std::map<std::string, std::string> values;     // key ("context") -> text as typed ("8k")
  std::map<std::string, bool> flags;             // key ("student") -> given
  std::map<std::string, CLI::Option*> options;   // key -> its option, to tell "given" from "default"
  std::string link;                              // --link URL: the page's link to a scenario; flags
                                                 // given beside it change that scenario
};

// --link URL (plan, card): the scenario of a share link (core/io/url_state.hpp), as the page opens it.
void add_link_flag(CLI::App* app, RequestFlags& flags);

// Registers one flag per input (plan inputs only with ScenarioAndPlan), with the table's help
// text, default and choices (ids from `catalog`). Each value flag takes zero or one value, so
// that a missing value is reported by cli_run.cpp (not by CLI11).
void add_request_flags(CLI::App* app, RequestFlags& flags, FlagSet set, const Catalog& catalog);

// The language the flags ask for (--lang), English when none is readable.
Lang flags_lang(const RequestFlags& flags);

// --catalog FILE (repeatable), bound to common.catalog_files, and --measurements FILE (repeatable),
// bound to common.measurement_files (load_catalog_or_report reads both).
void add_catalog_flag(CLI::App* app, CommonOptions& common);

// The given flags -> a request, through core/io/url_state.hpp; --config FILE is read here and
// imported with core/estimate/hf_config.hpp. Ids are checked later by the core (estimate / plan).
Result<PlanRequest> make_request(const RequestFlags& flags, const Catalog& catalog);

// What `estimate` and `plan` share before computing: the catalog with its overlays and the
// request from the flags. The first problem found is printed (`format`) and nullopt returned:
// the command then exits with 1.
struct Prepared {
  Catalog catalog;
  PlanRequest request;
};
std::optional<Prepared> prepare(const RequestFlags& flags, const CommonOptions& common, const Format& format,
                                Output& io);

}  // namespace cardfit::cli
