// Command-line flags -> PlanRequest: the flags, their help and their defaults come from the
// input table (core/estimate/inputs.hpp); their values go through core/io/url_state.hpp.
// Files are read here.
#include "cli_scenario.hpp"

#include <algorithm>

#include "format.hpp"
#include "hf_config.hpp"
#include "labels.hpp"
#include "messages.hpp"
#include "native_files.hpp"
#include "plan_json.hpp"
#include "url_state.hpp"

namespace cardfit::cli {
namespace {

bool given(const RequestFlags& f, const std::string& key) {
  const auto it = f.options.find(key);
  return it != f.options.end() && it->second->count() > 0;
}

}  // namespace

Lang flags_lang(const RequestFlags& flags) {
  const auto l = flags.values.find("lang");
  return l == flags.values.end() ? Lang::En : parse_name<Lang>(l->second).value_or(Lang::En);
}

void add_request_flags(CLI::App* app, RequestFlags& flags, FlagSet set, const Catalog& catalog) {
  for (const InputSpec& spec : input_specs()) {
    if (spec.scope == InputScope::Plan && set == FlagSet::Scenario) continue;
    const std::string help = input_help(spec, catalog, Lang::En);
    if (spec.kind == InputKind::Flag) {
      flags.options[spec.key] = app->add_flag(std::string("--") + spec.key, flags.flags[spec.key], help);
      continue;
    }
    // NOTE: std::map nodes never move, so binding to flags.values[key] is safe.
    CLI::Option* o = app->add_option(std::string("--") + spec.key, flags.values[spec.key], help);
    o->type_name(spec.metavar);
    o->expected(0, 1);  // a missing value is our usage error to report, not CLI11's exception
    if (spec.kind == InputKind::IdList) o->multi_option_policy(CLI::MultiOptionPolicy::Join)->delimiter('\x1f');
    flags.options[spec.key] = o;
  }
}

void add_link_flag(CLI::App* app, RequestFlags& flags) {
  app->add_option("--link", flags.link,
                  "Start from the scenario of a share link (the page's \"Copy link\", a card's QR code); "
                  "flags given beside it change that scenario")
      ->type_name("URL")
      ->expected(0, 1);
}

void add_catalog_flag(CLI::App* app, CommonOptions& common) {
  app->add_option("--catalog", common.catalog_files, "Overlay FILE on the bundled catalog (repeatable)")
      ->type_name("FILE")
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app->add_option("--measurements", common.measurement_files,
                  "Your own measurements FILE, shown beside matching estimates as yours (repeatable; "
                  "docs/measurements.md)")
      ->type_name("FILE")
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

Result<PlanRequest> make_request(const RequestFlags& f, const Catalog& catalog) {
  std::vector<Issue> errors;
  KeyValues pairs;
  for (const auto& [key, value] : f.values) {
    if (!given(f, key)) continue;
    const InputSpec* spec = find_input(key);
    if (spec && !spec->cli_only && !value.empty()) {  // an empty value: a usage error (cli_run.cpp)
      std::string v = value;
      std::replace(v.begin(), v.end(), '\x1f', ',');  // a repeated list flag
      pairs.emplace_back(key, v);
    }
  }
  for (const auto& [key, on] : f.flags) {
    if (on) pairs.emplace_back(key, "1");
  }
  if (given(f, "model") + given(f, "params") + given(f, "config") > 1) {
    errors.push_back({"model", msg::cli_err_one_model()});
  }
  if (!f.link.empty()) {  // the link's scenario, the flags' values over it
    const std::size_t q = f.link.find('?');
    const std::string query = q == std::string::npos ? std::string() : f.link.substr(q + 1, f.link.find('#', q) - q - 1);
    KeyValues from_link = decode_query(query);
    if (from_link.empty()) {
      errors.push_back({"link", msg::err_link(f.link)});
    } else {
      // A model given by flag replaces the link's, whichever of model / params / arch it used.
      if (given(f, "model") || given(f, "params") || given(f, "config")) {
        from_link = with_changes(std::move(from_link), {{"model", ""}, {"params", ""}, {"arch", ""}});
      }
      pairs = with_changes(std::move(from_link), pairs);
    }
  }

  DecodedState decoded = request_from_pairs(catalog, pairs);
  errors.insert(errors.end(), decoded.issues.begin(), decoded.issues.end());
  const auto config = f.values.find("config");
  if (given(f, "config") && config != f.values.end() && !config->second.empty()) {
    const std::optional<std::string> text = native::read_file(config->second);
    if (!text) {
      errors.push_back({"config", msg::cli_err_config_read(config->second)});
    } else if (Result<ImportedModel> m = import_hf_config(*text, "custom"); !m.ok()) {
      for (Issue& i : m.errors) errors.push_back({"config", msg::cli_err_config(i.field, std::move(i.message))});
    } else {
      m.value->model.source = m.value->source.title;  // not a catalog entry: cite the file by name
      decoded.request.scenario.custom_model = std::move(m.value->model);
    }
  }
  if (!errors.empty()) return Result<PlanRequest>::failure(std::move(errors));
  return Result<PlanRequest>::success(std::move(decoded.request));
}

std::optional<Prepared> prepare(const RequestFlags& flags, const CommonOptions& common, const Format& format,
                                Output& io) {
  std::optional<Catalog> catalog = load_catalog_or_report(common, format, io);
  if (!catalog) return std::nullopt;
  Result<PlanRequest> request = make_request(flags, *catalog);
  if (!request.ok()) {
    print_errors(request.errors, format, io);
    return std::nullopt;
  }
  return Prepared{std::move(*catalog), std::move(*request.value)};
}

}  // namespace cardfit::cli
