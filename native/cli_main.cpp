// `cardfit`: the command-line front end. Subcommands live in cli_<command>.cpp.
#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) {
  CLI::App app{"cardfit: will this model fit on that GPU, how fast, and what will it cost to rent?"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "cardfit 0.1.0");
  cardfit::cli::CommonOptions common;
  int exit_code = 0;
  cardfit::cli::add_catalog_commands(app, common, exit_code);
  cardfit::cli::add_estimate_command(app, common, exit_code);
  cardfit::cli::add_plan_command(app, common, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);  // prints the problem (or --help) and returns CLI11's exit code
  }
  return exit_code;
}
