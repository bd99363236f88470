// The command line's contract in one place (docs/cli.md "Exit status and output"): parse with
// CLI11, turn every way the command line cannot be read into a usage error (exit 2, ours, as
// JSON with --json), then run the one command given (exit 0, or 1 for invalid input).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#if defined(_WIN32)
#include <io.h>
#else
#include <sys/ioctl.h>
#include <unistd.h>
#endif

#include "cardfit_version.hpp"
#include "cli.hpp"
#include "inputs.hpp"
#include "messages.hpp"
#include "plan_json.hpp"
#include "suggest.hpp"

namespace cardfit::cli {
namespace {

const char* schema_of(const std::string& command) {
  if (command == "estimate") return kEstimateSchema;
  if (command == "plan") return kPlanSchema;
  if (command == "capacity") return kCapacitySchema;
  if (command == "catalog" || command == "import-config") return kCatalogSchema;
  return "";
}

// How to report before (or instead of) a command's own flags being read: from the raw
// arguments, so that CLI11's own errors come as JSON with --json and in --lang too.
Format format_from_argv(int argc, const char* const* argv, const CLI::App& app) {
  Format f;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--json" || (a == "--format" && i + 1 < argc && std::string(argv[i + 1]) == "json") || a == "--format=json") {
      f.json = true;
    }
    if (a == "--pretty") f.pretty = true;
    std::string lang;
    if (a == "--lang" && i + 1 < argc) lang = argv[i + 1];
    if (a.rfind("--lang=", 0) == 0) lang = a.substr(7);
    if (const auto l = parse_name<Lang>(lang)) f.lang = *l;
  }
  for (int i = 1; i < argc; ++i) {  // the first word naming a command
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->get_name() == argv[i]) {
        f.schema = schema_of(sub->get_name());
        return f;
      }
    }
  }
  return f;
}

std::string command_list(const CLI::App& app) {
  std::string s;
  for (const CLI::App* sub : app.get_subcommands({})) s += (s.empty() ? "" : ", ") + sub->get_name();
  return s;
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

// The long flags of a command, for "did you mean".
std::vector<std::string> flag_names(const CLI::App& sub) {
  std::vector<std::string> names;
  for (const CLI::Option* o : sub.get_options()) {
    for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
  }
  return names;
}

bool repeatable(const CLI::Option& o) {
  const CLI::MultiOptionPolicy p = o.get_multi_option_policy();
  return p == CLI::MultiOptionPolicy::TakeAll || p == CLI::MultiOptionPolicy::Join;
}

// Arguments CLI11 could not place (allow_extras), flags given twice, and value flags given
// without their value: the command line cannot be read as meant.
std::vector<Issue> usage_problems(const CLI::App& sub) {
  std::vector<Issue> out;
  const std::vector<std::string> flags = flag_names(sub);
  for (const std::string& a : sub.remaining()) {
    const bool option = a.rfind("-", 0) == 0;
    if (!option) {
      out.push_back({a, msg::cli_err_unexpected(a)});
      continue;
    }
    const std::string name = a.substr(0, a.find('='));
    const std::string near = closest(flags, name);
    out.push_back({a, near.empty() ? msg::cli_err_unknown_option(a) : msg::cli_err_unknown_option_near(a, near)});
  }
  for (const CLI::Option* o : sub.get_options()) {
    if (o->get_lnames().empty()) continue;  // positionals and --help
    const std::string key = o->get_lnames().front();
    const std::string flag = "--" + key;
    const InputSpec* spec = find_input(key);  // errors name an input's field, as the core's do
    const std::string field = spec ? spec->field : key;
    if (o->count() > 1 && !repeatable(*o)) out.push_back({field, msg::cli_err_repeated(std::to_string(o->count()), flag)});
    if (o->count() > 0 && o->get_expected_max() >= 1) {
      const auto& results = o->results();
      const bool any_value = std::any_of(results.begin(), results.end(), [](const std::string& r) { return !r.empty(); });
      if (!any_value) out.push_back({field, msg::cli_err_needs_value(field, key)});
    }
  }
  return out;
}

}  // namespace

int terminal_columns() {
  if (const char* env = std::getenv("COLUMNS"); env != nullptr && *env != '\0') {
    char* end = nullptr;
    const long v = std::strtol(env, &end, 10);
    if (end != nullptr && *end == '\0' && v > 0 && v < 100000) return static_cast<int>(v);
  }
#if !defined(_WIN32)
  winsize ws{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
#endif
  return 0;
}

bool read_lang_flag(const std::string& text, Format& format, Output& io) {
  if (text.empty()) return true;
  const std::optional<Lang> lang = parse_name<Lang>(text);
  if (!lang) {
    print_errors({Issue{"lang", msg::err_link_one_of("lang", names_list<Lang>(), text)}}, format, io);
    return false;
  }
  format.lang = *lang;
  return true;
}

void print_errors(const std::vector<Issue>& issues, const Format& format, Output& io) {
  if (format.json) {
    io.out << errors_to_json(issues, format.lang, format.style(), format.schema) << "\n";
    return;
  }
  for (const Issue& i : issues) io.err << render(msg::cli_error_prefix(issue_text(i, format.lang)), format.lang) << "\n";
}

bool apply_format(Format& format, Output& io) {
  if (format.format.empty()) return true;
  const std::optional<TableFormat> t = parse_name<TableFormat>(format.format);
  if (!t) {
    print_errors({Issue{"format", msg::err_format(format.format, names_list<TableFormat>(" | "))}}, format, io);
    return false;
  }
  format.table = *t;
  if (*t == TableFormat::Json) format.json = true;
  return true;
}

void add_format_flags(CLI::App* sub, Format& format, bool tables) {
  sub->add_flag("--pretty", format.pretty, "With --json: indent the JSON (it is one line otherwise)");
  if (tables) sub->add_flag("--wide", format.wide, "Print every table column, however wide the terminal");
}

void add_export_flag(CLI::App* sub, Format& format) {
  sub->add_option("--format", format.format,
                  "table | json | csv | markdown | html: the report, its JSON (= --json), or the table alone to paste (html: inline styles only, for article editors; default table)");
}

int run(int argc, const char* const* argv, Output& io) {
  CLI::App app{"cardfit: will this model fit on that GPU, how fast, and what will it cost to rent?", "cardfit"};
  app.set_version_flag("--version", std::string("cardfit ") + kVersion);
  app.allow_extras();  // an unknown command is our usage error, as JSON with --json
  app.require_subcommand(0, 1);  // one command: a second command's name is an unexpected argument
  CommonOptions common;
  Command cmd{common, io, {}};
  add_estimate_command(app, cmd);
  add_plan_command(app, cmd);
  add_card_command(app, cmd);
  add_capacity_command(app, cmd);
  add_catalog_commands(app, cmd);
  add_completion_command(app, cmd);
  add_vendor_command(app, cmd);
  add_mcp_command(app, cmd);
  // Every flag given twice is reported by us (CLI11 would stop at the first with its own text).
  for (CLI::App* sub : app.get_subcommands({})) {
    sub->allow_extras();
    for (CLI::Option* o : sub->get_options()) {
      if (!repeatable(*o)) o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    }
  }

  Format early = format_from_argv(argc, argv, app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::ParseError& e) {
    print_errors({Issue{"", msg::cli_err_usage(std::string(e.what()))}}, early, io);
    return kUsage;
  }

  const std::vector<CLI::App*> parsed = app.get_subcommands();
  if (parsed.empty()) {
    std::vector<Issue> issues;
    for (const std::string& a : app.remaining()) {
      if (a.rfind("-", 0) == 0) continue;  // a command's flag before any command: "give a command"
      const std::string near = closest(command_names(app), a);
      issues.push_back({a, near.empty() ? msg::cli_err_unknown_command(a, command_list(app))
                                        : msg::cli_err_unknown_command_near(a, near)});
    }
    if (issues.empty()) issues.push_back({"", msg::cli_err_no_command(command_list(app))});
    print_errors(issues, early, io);
    return kUsage;
  }
  std::vector<Issue> usage = usage_problems(*parsed.front());
  for (const std::string& a : app.remaining()) usage.push_back({a, msg::cli_err_unexpected(a)});
  if (!usage.empty()) {
    print_errors(usage, early, io);
    return kUsage;
  }
  const CLI::App* chosen = parsed.front();  // or its subcommand with a runner: `catalog add-model`
  for (const CLI::App* sub : chosen->get_subcommands()) {
    if (cmd.runners.count(sub) != 0) chosen = sub;
  }
  return cmd.runners.at(chosen)();
}

}  // namespace cardfit::cli
