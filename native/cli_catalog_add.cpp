// `cardfit catalog add-model --config config.json [--id ID] [--source SOURCE_ID] [--out FILE]`:
// a maintainer's path to a new catalog model. The entry is derived by the same reader as
// `import-config` (core/estimate/hf_config.cpp), every figure the estimator will use is printed
// for review, a shape the core cannot account for is refused naming its field, and the result
// is written in the catalog's own format (temp file + rename with --out).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "catalog_load.hpp"
#include "catalog_write.hpp"
#include "cli.hpp"
#include "format.hpp"
#include "hf_config.hpp"
#include "memory.hpp"
#include "messages.hpp"
#include "native_files.hpp"
#include "os.hpp"
#include "params.hpp"

namespace cardfit::cli {
namespace {

struct AddModelOptions {
  std::string config;
  std::string id;
  std::string source;
  std::string out;
  Format format;
};

// Writes `text` to `path` through a temporary file in the same folder and a rename, so that a
// reader never sees half a catalog file.
bool write_replacing(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(native::os::path(tmp), std::ios::binary | std::ios::trunc);
    if (!f) return false;
    f << text;
    if (!f.flush()) return false;
  }
  if (!native::os::replace(tmp, path)) {  // std::rename refuses an existing target on Windows
    std::error_code ec;
    std::filesystem::remove(native::os::path(tmp), ec);
    return false;
  }
  return true;
}

// Every figure the estimator derives from the entry, for the maintainer to check against the
// model card before committing it.
void print_figures(const ImportedModel& imported, std::ostream& out) {
  const Model& m = imported.model;
  const ParamCounts p = count_params(m);
  const std::string published =
      m.published_params_b > 0 ? format_count(m.published_params_b * 1e9) : render(msg::cli_add_unpublished(), Lang::En);
  out << "  " << render(msg::cli_add_params(format_grouped(static_cast<double>(p.total)),
                                            format_grouped(static_cast<double>(p.active)), published),
                        Lang::En)
      << "\n";
  out << "  "
      << render(msg::cli_add_released(m.released_precision.empty() ? render(msg::cli_add_released_unknown(), Lang::En)
                                                                    : m.released_precision),
                Lang::En)
      << "\n";
  const KvShape kv = kv_shape(m, 16);
  out << "  "
      << render(msg::cli_add_kv(format_grouped(static_cast<double>(kv_cache_bytes_per_token(m, 16))),
                                format_grouped(static_cast<double>(kv_cache_bytes_per_token(m, 8))),
                                std::to_string(kv.full_layers), std::to_string(kv.window_layers),
                                std::to_string(kv.indexer_layers)),
                Lang::En)
      << "\n";
  out << "  "
      << render(msg::cli_add_sequence(format_grouped(static_cast<double>(m.max_context)),
                                      format_bytes(kv_cache_bytes_per_sequence(m, 16, m.max_context))),
                Lang::En)
      << "\n";
  const KvGroups g = vllm_kv_groups(m);
  if (g.group_size > 0) {
    out << "  "
        << render(msg::cli_add_groups(std::to_string(g.group_size), std::to_string(g.full_groups),
                                      std::to_string(g.window_groups), std::to_string(g.chunk_groups),
                                      std::to_string(g.linear_groups), std::to_string(g.padding_layers)),
                  Lang::En)
        << "\n";
  }
  const LinearState st = linear_state(m, 16);
  if (st.layers > 0) {
    out << "  "
        << render(msg::cli_add_state(format_bytes(st.bytes), std::to_string(st.layers), format_grouped(st.conv_values),
                                     format_grouped(st.recurrent_values),
                                     format_trimmed(st.recurrent_bytes_per_value * 8, 0)),
                  Lang::En)
        << "\n";
  }
}

int run_add_model(const AddModelOptions& opts, const CommonOptions& common, Output& io) {
  const Format& f = opts.format;
  const std::optional<std::string> text = native::read_file(opts.config);
  if (!text) {
    print_errors({Issue{opts.config, msg::cli_err_unreadable()}}, f, io);
    return kInvalid;
  }
  Result<ImportedModel> imported = import_hf_config(*text, opts.id.empty() ? "custom" : opts.id);
  if (imported.ok() && opts.id.empty()) {  // the id from the repository the config names
    const std::string name = imported.value->model.name;
    std::string id;
    for (char ch : name) {
      const char c = (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
      const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
      id += ok ? c : '-';
    }
    imported = import_hf_config(*text, id.empty() ? "custom" : id);
  }
  if (!imported.ok()) {
    print_errors(imported.errors, f, io);
    return kInvalid;
  }
  ImportedModel entry = std::move(*imported.value);
  Model& m = entry.model;
  m.as_of = native::today();  // the core has no clock
  Catalog one;
  if (!opts.source.empty()) {  // cite a source the catalog already holds instead of the config.json
    std::optional<Catalog> catalog = load_catalog_or_report(common, f, io);
    if (!catalog) return kInvalid;
    bool known = false;
    for (const Source& s : catalog->sources) known = known || s.id == opts.source;
    if (!known) {
      print_errors({Issue{"--source", msg::cli_err_add_source(opts.source)}}, f, io);
      return kInvalid;
    }
    m.source = opts.source;
  } else {
    Source s = entry.source;
    s.date = m.as_of;
    one.sources.push_back(std::move(s));
  }
  one.models.push_back(m);
  const std::string json_text = catalog_to_json(one, !f.json || f.pretty);
  if (!f.json) {
    io.out << m.id << " (" << m.family << ")\n";
    print_figures(entry, io.out);
    for (const Message& note : entry.notes) io.out << "  - " << render(note, Lang::En) << "\n";
  }
  // The entry itself (every shape field) is shown for review too; with --out it also goes to FILE.
  if (opts.out.empty() || !f.json) io.out << json_text;
  if (opts.out.empty()) return kOk;
  if (!write_replacing(opts.out, json_text)) {
    print_errors({Issue{opts.out, msg::cli_err_add_write(opts.out)}}, f, io);
    return kInvalid;
  }
  if (!f.json) io.out << render(msg::cli_add_wrote(opts.out), Lang::En) << "\n";
  return kOk;
}

}  // namespace

void add_catalog_add_model(CLI::App* catalog, Command& cmd) {
  auto opts = std::make_shared<AddModelOptions>();
  opts->format.schema = kCatalogSchema;
  CLI::App* sub = catalog->add_subcommand(
      "add-model", "Derive a catalog model entry from a Hugging Face config.json, print every figure it gives, write it");
  sub->add_option("--config", opts->config, "config.json to read (\"-\" reads standard input)")
      ->type_name("FILE")
      ->required();
  sub->add_option("--id", opts->id, "Catalog id (default: from _name_or_path)")->expected(0, 1);
  sub->add_option("--source", opts->source,
                  "Source id (in sources.json or a --catalog overlay) to cite instead of the config.json")
      ->expected(0, 1);
  sub->add_option("--out", opts->out, "Write the entry (and its source) to FILE, in the catalog's format")
      ->type_name("FILE")
      ->expected(0, 1);
  sub->add_flag("--json", opts->format.json, "Print only the catalog JSON (errors as {\"ok\": false, ...})");
  add_format_flags(sub, opts->format, false);
  cmd.runners[sub] = [opts, &cmd] { return run_add_model(*opts, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
