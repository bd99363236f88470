// The `cardfit` command-line tool: one CLI11 subcommand per file (cli_<command>.cpp).
// Each add_* function registers its subcommand; its callback sets `exit_code`.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "catalog.hpp"

namespace cardfit::cli {

struct CommonOptions {
  std::vector<std::string> catalog_files;  // --catalog FILE (repeatable): overlays on the bundled catalog
};

// The bundled catalog as --help lists its ids (empty when it does not load; the command then
// reports that problem).
const Catalog& help_catalog();

// The bundled catalog with every --catalog overlay applied. On error prints the problems
// (as {"ok": false, "errors": [...]} when `json`) to `out` and returns nullopt.
std::optional<Catalog> load_catalog_or_report(const CommonOptions& common, bool json, std::ostream& out);

void add_catalog_commands(CLI::App& app, CommonOptions& common, int& exit_code);  // catalog, import-config
void add_estimate_command(CLI::App& app, CommonOptions& common, int& exit_code);  // estimate
void add_plan_command(CLI::App& app, CommonOptions& common, int& exit_code);      // plan

}  // namespace cardfit::cli
