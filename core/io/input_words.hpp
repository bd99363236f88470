// The words of the input table (core/estimate/inputs.hpp) a reader sees: an input's help text
// with its default and choices filled in, and the words it accepts. The CLI's --help and shell
// completion (native/cli_scenario.cpp, cli_completion.cpp) and the MCP server's tool schemas
// (core/io/mcp.hpp) print them from here, so a flag and a tool argument read the same.
#pragma once

#include <string>
#include <vector>

#include "catalog.hpp"
#include "inputs.hpp"
#include "message.hpp"

namespace cardfit {

// An input's help text in `lang`, its default and choices filled in.
std::string input_help(const InputSpec& spec, const Catalog& catalog, Lang lang);

// The words an input accepts: enum names or catalog ids (empty for numbers and files).
std::vector<std::string> input_choices(const InputSpec& spec, const Catalog& catalog);

}  // namespace cardfit
