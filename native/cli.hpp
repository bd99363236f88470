// The `cardfit` command-line tool: one CLI11 subcommand per file (cli_<command>.cpp), run by
// cli_run.cpp. The contract (docs/cli.md): exit 0 success, 1 invalid input, 2 usage error;
// results on standard output; errors on standard error, or as {"ok": false, ...} JSON on
// standard output with --json (CLI11's own parse errors too).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <map>
#include <optional>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "json_style.hpp"
#include "table_export.hpp"
#include "vendor.hpp"
#include "result.hpp"

namespace cardfit::cli {

enum Exit : int { kOk = 0, kInvalid = 1, kUsage = 2 };

// Where and how a run prints. Tests and the fuzzer pass string streams.
struct Output {
  std::ostream& out;  // results (text or JSON), and errors as JSON with --json
  std::ostream& err;  // errors and notes in text mode
  int width = 0;      // terminal columns tables must fit; 0 = no limit (not a terminal, or --wide)
  std::istream* in = nullptr;  // messages for `cardfit mcp` (main: std::cin); none = end of input at once
};

// How one command prints: chosen by its flags.
struct Format {
  bool json = false;           // --json
  bool pretty = false;         // --pretty: indented JSON
  bool wide = false;           // --wide: every table column, whatever the width
  std::string format;          // --format table|json|csv|markdown|html ("" = table, or json with --json)
  TableFormat table = TableFormat::Table;  // what --format asked for (apply_format)
  Lang lang = Lang::En;        // --lang
  const char* schema = "";     // the command's JSON contract ("cardfit.estimate/1")
  JsonStyle style() const { return pretty ? JsonStyle::Pretty : JsonStyle::Compact; }
};

struct CommonOptions {
  std::vector<std::string> catalog_files;  // --catalog FILE (repeatable): overlays on the bundled catalog
  std::vector<std::string> measurement_files;  // --measurements FILE (repeatable): the user's own measurements
};

// The whole tool: parses `argv` and runs one command. Returns the exit status.
int run(int argc, const char* const* argv, Output& io);

// The terminal's width in columns for standard output: $COLUMNS, else the tty's (0 when
// standard output is not a terminal).
int terminal_columns();

// The bundled catalog as --help lists its ids (empty when it does not load; the command then
// reports that problem).
const Catalog& help_catalog();

// The bundled catalog with every --catalog overlay applied. On error prints the problems and
// returns nullopt (the command exits with 1).
std::optional<Catalog> load_catalog_or_report(const CommonOptions& common, const Format& format, Output& io);

// vendor.json at `path` and the files it names beside it, read and checked by the core
// (parse_vendor, check_vendor_logo; the overlay only read here, loaded by the caller): the one
// reader of `cardfit vendor --check` and `cardfit card --vendor` (native/cli_vendor.cpp).
struct VendorFiles {
  Vendor vendor;
  std::string dir;   // vendor.json's folder ("" or ending in '/'): the logo and overlay are in it
  std::string logo;  // the logo file's bytes ("" when vendor.json names none)
  std::vector<Issue> warnings;  // valid, but not drawn as given: the name's characters cardfit's fonts lack
};
Result<VendorFiles> read_vendor_files(const std::string& path);

// Problems as {"schema", "ok": false, "errors": [...]} on `io.out` (JSON) or one "error: ..."
// line each on `io.err`, in the format's language.
void print_errors(const std::vector<Issue>& issues, const Format& format, Output& io);
// A --lang value into format.lang ("" leaves it); false after printing the error (exit kInvalid).
bool read_lang_flag(const std::string& text, Format& format, Output& io);

// The registration of each command: its flags on a CLI11 subcommand, and what it does once
// they are read (`runners`, returning the exit status; run() calls the one given).
struct Command {
  CommonOptions& common;
  Output& io;
  std::map<const CLI::App*, std::function<int()>> runners;
};
void add_catalog_commands(CLI::App& app, Command& cmd);     // catalog, import-config
void add_catalog_add_model(CLI::App* catalog, Command& cmd);  // catalog add-model (cli_catalog_add.cpp)
void add_estimate_command(CLI::App& app, Command& cmd);     // estimate
void add_plan_command(CLI::App& app, Command& cmd);         // plan
void add_card_command(CLI::App& app, Command& cmd);         // card (cli_card.cpp)
void add_vendor_command(CLI::App& app, Command& cmd);       // vendor --check (cli_vendor.cpp)
void add_capacity_command(CLI::App& app, Command& cmd);     // capacity
void add_completion_command(CLI::App& app, Command& cmd);   // completion bash|zsh|fish
void add_mcp_command(CLI::App& app, Command& cmd);          // mcp (cli_mcp.cpp)

// --json, --pretty (and, for commands with tables, --wide) on `sub`, bound to `format`.
void add_format_flags(CLI::App* sub, Format& format, bool tables);
// --format table|json|csv|markdown|html (estimate, plan), read by apply_format() before the command
// runs: false (after printing the error) for an unknown format.
void add_export_flag(CLI::App* sub, Format& format);
bool apply_format(Format& format, Output& io);

}  // namespace cardfit::cli
