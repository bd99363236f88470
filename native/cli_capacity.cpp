// `cardfit capacity`: what one GPU x cards can do (core/plan/capability.hpp): every catalog
// model with the best precision that fits with the headroom, largest first, with its largest
// context and concurrency. --json prints the contract of docs/cli.md; --format csv|markdown the table.

#include <memory>
#include <string>

#include "capability.hpp"
#include "capability_json.hpp"
#include "cli.hpp"
#include "cli_scenario.hpp"
#include "cli_table.hpp"
#include "messages.hpp"

namespace cardfit::cli {
namespace {

struct CapacityOptions {
  RequestFlags flags;
  Format format;
};

int run_capacity(CapacityOptions& opts, const CommonOptions& common, Output& io) {
  Format& f = opts.format;
  f.lang = flags_lang(opts.flags);
  if (!apply_format(f, io)) return kInvalid;
  std::optional<Prepared> in = prepare(opts.flags, common, f, io);
  if (!in) return kInvalid;
  const Catalog& catalog = in->catalog;
  const Result<CardCapability> c = card_capabilities(catalog, in->request.scenario);
  if (!c.ok()) {
    print_errors(c.errors, f, io);
    return kInvalid;
  }
  const TextTable rows = capability_table(*c.value, catalog, f.lang);
  if (f.json) {
    io.out << capability_to_json(*c.value, catalog, f.lang, f.style()) << "\n";
  } else if (f.table == TableFormat::Csv || f.table == TableFormat::Markdown) {
    io.out << render_table(rows, f.table);
  } else {
    io.out << render(capability_summary(*c.value, catalog), f.lang) << "\n";
    if (rows.rows.empty()) return kOk;
    std::vector<Column> columns;
    const int drop[] = {0, 3, 0, 4, 1, 2, 5};  // which go first on a narrow terminal
    for (std::size_t i = 0; i < rows.header.size(); ++i) columns.push_back({rows.header[i], drop[i], i == 0});
    Table table(columns);
    for (const std::vector<std::string>& r : rows.rows) table.add(r);
    io.out << "\n";
    table.print(io.out, f.wide ? 0 : io.width, f.lang);
  }
  return kOk;
}

}  // namespace

void add_capacity_command(CLI::App& app, Command& cmd) {
  auto opts = std::make_shared<CapacityOptions>();
  opts->format.schema = kCapacitySchema;
  CLI::App* sub = app.add_subcommand(
      "capacity", "What one GPU x cards can do: the largest model and best precision that fit, with context and concurrency (docs/cli.md)");
  add_request_flags(sub, opts->flags, FlagSet::Scenario, help_catalog());
  add_catalog_flag(sub, cmd.common);
  sub->add_flag("--json", opts->format.json, "Print one JSON object (the contract in docs/cli.md)");
  add_format_flags(sub, opts->format, true);
  add_export_flag(sub, opts->format);
  cmd.runners[sub] = [opts, &cmd] { return run_capacity(*opts, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
