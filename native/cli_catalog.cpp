// `cardfit catalog` (list, --json, --validate a vendor overlay) and `cardfit import-config`
// (Hugging Face config.json or a bare parameter count -> a catalog model entry).
// Files are read here (native's job); parsing and checking are the core's.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "catalog_load.hpp"
#include "catalog_write.hpp"
#include "cli.hpp"
#include "cli_scenario.hpp"
#include "cli_table.hpp"
#include "embedded.hpp"
#include "format.hpp"
#include "hf_config.hpp"
#include "messages.hpp"
#include "native_files.hpp"
#include "numbers.hpp"

namespace cardfit::cli {
namespace {

using nlohmann::json;

// [SECTION] Reading files

// native::read_file, plus: libstdc++ throws std::ios_failure when the path is a directory.
std::optional<std::string> read_text(const std::string& path) {
  try {
    return native::read_file(path);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<Issue> unreadable(const std::string& path) { return {Issue{path, msg::cli_err_unreadable()}}; }

// [SECTION] The listing

// A catalog number in a table: '-' for 0 (not supported / none).
std::string num(double v) { return v == 0 ? "-" : format_shortest(v); }

std::string price_text(const Offer& o, Lang lang) {
  std::string s;
  for (const OfferPrice& p : o.prices) {
    if (!s.empty()) s += "; ";
    std::string amount = p.price.low == p.price.high ? num(p.price.low) : num(p.price.low) + "-" + num(p.price.high);
    if (p.on_inquiry) amount = render(p.price.high > 0 ? msg::cli_cat_inquiry_about(amount) : msg::cli_cat_inquiry(), lang);
    s += std::string(name_of(p.term)) + " " + amount;
  }
  return s + " " + o.currency;
}

std::string names_of(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : ", ") + w;
  return s;
}

// `width`: the terminal's columns (0 = any); each table drops its least needed columns first.
void print_catalog(const Catalog& c, Lang lang, int width, std::ostream& out) {
  auto say = [lang](const Message& m) { return render(m, lang); };
  auto word = [lang](MsgId id) { return std::string(text(id, lang)); };
  out << say(msg::cli_cat_gpus(std::to_string(c.gpus.size()))) << "\n";
  Table gpus({{word(MsgId::cli_col_id)}, {word(MsgId::cli_col_name), 0, true}, {word(MsgId::cli_col_class), 6},
              {word(MsgId::cli_col_memory_mib)}, {word(MsgId::cli_col_bandwidth)}, {word(MsgId::cli_col_fp16), 2},
              {word(MsgId::cli_col_fp16_acc16), 8}, {word(MsgId::cli_col_bf16), 3}, {word(MsgId::cli_col_fp8), 4},
              {word(MsgId::cli_col_int8), 7}, {word(MsgId::cli_col_link), 5}});
  for (const Gpu& g : c.gpus) {
    gpus.add({g.id, g.name, std::string(name_of(g.gpu_class)), num(static_cast<double>(g.memory_mib)),
              num(g.memory_bandwidth_gb_per_s), num(g.fp16_dense_tflops), num(g.fp16_acc16_dense_tflops),
              num(g.bf16_dense_tflops), num(g.fp8_dense_tflops), num(g.int8_dense_tops),
              std::string(name_of(g.interconnect))});
  }
  gpus.print(out, width, lang);

  out << "\n" << say(msg::cli_cat_models(std::to_string(c.models.size()))) << "\n";
  Table models({{word(MsgId::cli_col_id)}, {word(MsgId::cli_col_params_b)}, {word(MsgId::cli_col_layers), 4},
                {word(MsgId::cli_col_hidden), 3}, {word(MsgId::cli_col_heads), 2}, {word(MsgId::cli_col_head_dim), 5},
                {word(MsgId::cli_col_context)}, {word(MsgId::cli_col_kind), 1, true}});
  for (const Model& m : c.models) {
    std::string kind = m.is_moe ? "MoE " + std::to_string(m.moe.experts_per_token) + "/" + std::to_string(m.moe.num_experts)
                                : std::string("dense");
    if (m.is_mla) kind += ", MLA";
    if (m.has_sliding_window) kind += ", window " + std::to_string(m.sliding_window.window);
    if (m.extra_params > 0) kind += ", vision";
    models.add({m.id, num(m.published_params_b), std::to_string(m.num_layers), std::to_string(m.hidden_size),
                std::to_string(m.num_attention_heads) + "/" + std::to_string(m.num_kv_heads), std::to_string(m.head_dim),
                std::to_string(m.max_context), kind});
  }
  models.print(out, width, lang);

  out << "\n" << say(msg::cli_cat_weight_precisions(std::to_string(c.weight_precisions.size()))) << "\n";
  Table wp({{word(MsgId::cli_col_id)}, {word(MsgId::cli_col_name), 0, true}, {word(MsgId::cli_col_bits_per_weight)},
            {word(MsgId::cli_col_engines), 1, true}});
  for (const WeightPrecision& p : c.weight_precisions) wp.add({p.id, p.name, num(p.bits_per_weight), names_of(p.engines)});
  wp.print(out, width, lang);

  out << "\n" << say(msg::cli_cat_kv_precisions(std::to_string(c.kv_precisions.size()))) << "\n";
  Table kv({{word(MsgId::cli_col_id)}, {word(MsgId::cli_col_name), 0, true}, {word(MsgId::cli_col_bits), 1},
            {word(MsgId::cli_col_effective_bits)}});
  for (const KvPrecision& p : c.kv_precisions) kv.add({p.id, p.name, num(p.nominal_bits), num(p.bits)});
  kv.print(out, width, lang);

  out << "\n" << say(msg::cli_cat_engines(std::to_string(c.engines.size()))) << "\n";
  Table en({{word(MsgId::cli_col_id)}, {word(MsgId::cli_col_name), 0, true}, {word(MsgId::cli_col_version), 4, true},
            {word(MsgId::cli_col_multi_gpu), 1}, {word(MsgId::cli_col_kv_pool), 2}, {word(MsgId::cli_col_memory_use), 3},
            {word(MsgId::cli_col_non_torch_mib), 5}});
  for (const EngineProfile& e : c.engines) {
    en.add({e.id, e.name, e.version, std::string(name_of(e.multi_gpu)), std::string(name_of(e.kv_pool)),
            num(e.memory_utilization), num(e.non_torch_mib)});
  }
  en.print(out, width, lang);

  out << "\n" << say(msg::cli_cat_platforms(std::to_string(c.platforms.size()))) << "\n";
  Table pl({{word(MsgId::cli_col_id)}, {word(MsgId::cli_col_name), 0, true}, {word(MsgId::cli_col_sla), 2},
            {word(MsgId::cli_col_student), 3}, {word(MsgId::cli_col_source), 1, true}});
  for (const Platform& p : c.platforms) {
    pl.add({p.id, p.name_zh == p.name_en ? p.name_en : p.name_zh + " " + p.name_en, num(p.sla_percent),
            num(p.student_multiplier), citation_text(c, p.source)});
  }
  pl.print(out, width, lang);

  out << "\n" << say(msg::cli_cat_offers(std::to_string(c.offers.size()))) << "\n";
  Table of({{word(MsgId::cli_col_id), 0, true}, {word(MsgId::cli_col_platform)}, {word(MsgId::cli_col_gpu)},
            {word(MsgId::cli_col_unit), 2}, {word(MsgId::cli_col_price), 0, true}, {word(MsgId::cli_col_as_of), 3},
            {word(MsgId::cli_col_source), 1, true}});
  for (const Offer& o : c.offers) {
    std::string unit = o.unit == OfferUnit::Machine ? say(msg::cli_cat_machine(std::to_string(o.cards)))
                       : o.unit == OfferUnit::Slice ? say(msg::cli_cat_slice(num(o.slice_fraction)))
                                                    : say(msg::cli_cat_card());
    of.add({o.id, o.platform, o.gpu, unit, price_text(o, lang), o.as_of, citation_text(c, o.source)});
  }
  of.print(out, width, lang);

  out << "\n" << say(msg::cli_cat_tiers()) << "\n";
  Table bt({{word(MsgId::cli_col_id)}, {word(MsgId::cli_col_range)}, {word(MsgId::cli_col_name)},
            {word(MsgId::cli_col_defined_by), 2}, {word(MsgId::cli_col_article_pick), 1, true}});
  for (const BudgetTier& t : c.budget_tiers) {
    const std::string low = t.low_cny_per_month > 0 ? num(t.low_cny_per_month) : "0";
    const std::string range = low + " - " + (t.high_cny_per_month > 0 ? num(t.high_cny_per_month) : "");
    bt.add({t.id, range, lang == Lang::Zh ? t.name_zh : t.name_en, std::string(name_of(t.defined_by)), t.article_pick});
  }
  if (!c.custom_budget.id.empty()) {
    bt.add({c.custom_budget.id, "any", lang == Lang::Zh ? c.custom_budget.name_zh : c.custom_budget.name_en, "", ""});
  }
  bt.print(out, width, lang);

  out << "\n" << say(msg::cli_cat_rate(num(c.defaults.usd_cny))) << "\n";
}

// [SECTION] catalog

struct CatalogOptions {
  Format format;
  std::string lang;      // --lang
  std::string validate;  // overlay file to check
};

std::size_t count_entries(std::string_view text) {
  const json doc = json::parse(text.begin(), text.end(), nullptr, false);
  std::size_t n = 0;
  if (!doc.is_object()) return 0;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (it->is_array()) n += it->size();
    if (it->is_object()) n += 1;  // defaults, custom
  }
  if (doc.contains("default_usd_cny")) n += 1;
  return n;
}

int run_validate(const CatalogOptions& opts, const CommonOptions& common, Output& io) {
  Format f = opts.format;
  f.schema = kValidateSchema;
  std::optional<Catalog> base = load_catalog_or_report(common, f, io);
  if (!base) return kInvalid;
  const std::optional<std::string> text = read_text(opts.validate);
  if (!text) {
    print_errors(unreadable(opts.validate), f, io);
    return kInvalid;
  }
  const Result<Catalog> merged = apply_overlay(*base, CatalogFile{opts.validate, *text});
  if (!merged.ok()) {
    if (!f.json) io.err << render(msg::cli_cat_problems(opts.validate, std::to_string(merged.errors.size())), f.lang) << "\n";
    print_errors(merged.errors, f, io);
    return kInvalid;
  }
  const std::size_t n = count_entries(*text);
  if (f.json) {
    const nlohmann::ordered_json doc{{"schema", kValidateSchema}, {"ok", true}, {"entries", n}};
    io.out << doc.dump(f.pretty ? 2 : -1) << "\n";
  } else {
    io.out << render(msg::cli_cat_ok(std::to_string(n)), f.lang) << "\n";
  }
  return kOk;
}

int run_catalog(CatalogOptions& opts, const CommonOptions& common, Output& io) {
  Format& f = opts.format;
  if (!read_lang_flag(opts.lang, f, io)) return kInvalid;
  if (!opts.validate.empty()) return run_validate(opts, common, io);
  std::optional<Catalog> catalog = load_catalog_or_report(common, f, io);
  if (!catalog) return kInvalid;
  if (f.json) {
    io.out << catalog_to_json(*catalog, f.pretty);
  } else {
    print_catalog(*catalog, f.lang, f.wide ? 0 : io.width, io.out);
  }
  return kOk;
}

// [SECTION] import-config

struct ImportOptions {
  std::string file;
  std::string id;
  std::string params;  // "7e9", "7B", "500M"
  Format format;       // --json, --pretty
};


// A catalog id from free text: lowercase, other characters become '-'.
std::string make_id(const std::string& text) {
  std::string id;
  for (char ch : text) {
    const char c = (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (ok) {
      id += c;
    } else if (!id.empty() && id.back() != '-') {
      id += '-';
    }
  }
  while (!id.empty() && !((id[0] >= 'a' && id[0] <= 'z') || (id[0] >= '0' && id[0] <= '9'))) id.erase(0, 1);
  while (!id.empty() && id.back() == '-') id.pop_back();
  if (id.size() > 64) id.resize(64);
  return id.empty() ? "custom-model" : id;
}

std::string default_id(const std::string& file, const std::string& text) {
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_object()) {
    auto it = doc.find("_name_or_path");
    if (it != doc.end() && it->is_string() && !it->get<std::string>().empty()) {
      const std::string name = it->get<std::string>();
      return make_id(name.substr(name.find_last_of('/') == std::string::npos ? 0 : name.find_last_of('/') + 1));
    }
  }
  std::string stem = file.substr(file.find_last_of("/\\") == std::string::npos ? 0 : file.find_last_of("/\\") + 1);
  if (stem == "config.json") {  // .../Qwen2.5-7B/config.json: the folder names the model
    const std::size_t end = file.find_last_of("/\\");
    const std::size_t start = end == std::string::npos || end == 0 ? std::string::npos : file.find_last_of("/\\", end - 1);
    if (end != std::string::npos && end > 0) stem = file.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1));
  }
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0) stem.resize(stem.size() - 5);
  return make_id(stem);
}

void print_model_summary(const ImportedModel& imported, std::ostream& out) {
  const Model& m = imported.model;
  out << m.id << " (" << m.family << (m.assumed_architecture ? ", ASSUMED architecture" : "") << ")\n"
      << "  layers " << m.num_layers << ", hidden " << m.hidden_size << ", intermediate " << m.intermediate_size
      << ", heads " << m.num_attention_heads << " / KV " << m.num_kv_heads << ", head_dim " << m.head_dim << "\n"
      << "  vocab " << m.vocab_size << ", context " << m.max_context << (m.tie_embeddings ? ", tied embeddings" : "")
      << "\n";
  if (m.is_moe) {
    out << "  MoE: " << m.moe.num_experts << " experts, " << m.moe.experts_per_token << " per token, "
        << m.moe.num_shared_experts << " shared, " << m.moe.dense_layers << " dense layers\n";
  }
  if (m.is_mla) out << "  MLA: kv_lora_rank " << m.mla.kv_lora_rank << ", rope dim " << m.mla.qk_rope_head_dim << "\n";
  if (m.has_sliding_window) {
    out << "  sliding window " << m.sliding_window.window << " on " << m.sliding_window.layers << " layers\n";
  }
  if (m.extra_params > 0) out << "  extra (vision) params " << m.extra_params << "\n";
  for (const Message& note : imported.notes) out << "  - " << render(note, Lang::En) << "\n";
  out << render(msg::cli_import_entry(), Lang::En) << "\n";
}

int run_import(const ImportOptions& opts, Output& io) {
  Format f = opts.format;
  Result<ImportedModel> model;
  if (!opts.params.empty() && !opts.file.empty()) {
    print_errors({Issue{"params", msg::cli_err_import_both()}}, f, io);
    return kUsage;
  }
  if (!opts.params.empty()) {
    Result<double> count = parse_number(opts.params, "params");
    if (!count.ok()) {
      print_errors(count.errors, f, io);
      return kInvalid;
    }
    // The bundled catalog's dense models give the count its shape (import-params reads no overlays).
    model = model_from_param_count(*count.value, opts.id.empty() ? make_id("custom-" + opts.params) : opts.id,
                                   help_catalog().models);
  } else if (opts.file.empty()) {
    print_errors({Issue{"FILE", msg::cli_err_import_none()}}, f, io);
    return kUsage;
  } else {
    const std::optional<std::string> text = read_text(opts.file);
    if (!text) {
      print_errors(unreadable(opts.file), f, io);
      return kInvalid;
    }
    model = import_hf_config(*text, opts.id.empty() ? default_id(opts.file, *text) : opts.id);
  }
  if (!model.ok()) {
    print_errors(model.errors, f, io);
    return kInvalid;
  }
  Model m = model.value->model;
  m.as_of = native::today();  // the core has no clock
  Catalog one;
  one.models.push_back(m);
  if (!model.value->source.id.empty()) {  // the config.json the model cites, dated today
    Source s = model.value->source;
    s.date = m.as_of;
    one.sources.push_back(std::move(s));
  }
  if (!f.json) print_model_summary(*model.value, io.out);
  io.out << catalog_to_json(one, !f.json || f.pretty);  // a file to paste: indented unless --json
  return kOk;
}

}  // namespace

// [SECTION] API

const Catalog& help_catalog() {
  static const Catalog catalog = [] {
    Result<Catalog> c = assets::bundled_catalog();
    return c.ok() ? std::move(*c.value) : Catalog{};
  }();
  return catalog;
}

std::optional<Catalog> load_catalog_or_report(const CommonOptions& common, const Format& format, Output& io) {
  Result<Catalog> catalog = assets::bundled_catalog();
  if (!catalog.ok()) {
    std::vector<Issue> issues = catalog.errors;
    issues.insert(issues.begin(), Issue{"bundled catalog", msg::cli_err_bundled()});
    print_errors(issues, format, io);
    return std::nullopt;
  }
  for (const std::string& path : common.catalog_files) {
    const std::optional<std::string> text = read_text(path);
    if (!text) {
      print_errors(unreadable(path), format, io);
      return std::nullopt;
    }
    Result<Catalog> merged = apply_overlay(*catalog.value, CatalogFile{path, *text});
    if (!merged.ok()) {
      print_errors(merged.errors, format, io);
      return std::nullopt;
    }
    catalog = std::move(merged);
  }
  // The user's own measurements: checked against the merged catalog, kept apart from the bundled.
  for (const std::string& path : common.measurement_files) {
    const std::optional<std::string> text = read_text(path);
    if (!text) {
      print_errors(unreadable(path), format, io);
      return std::nullopt;
    }
    Result<std::vector<Measurement>> yours = load_your_measurements(*catalog.value, CatalogFile{path, *text});
    if (!yours.ok()) {
      print_errors(yours.errors, format, io);
      return std::nullopt;
    }
    for (Measurement& m : *yours.value) catalog.value->your_measurements.push_back(std::move(m));
  }
  return std::move(*catalog.value);
}

void add_catalog_commands(CLI::App& app, Command& cmd) {
  auto catalog_opts = std::make_shared<CatalogOptions>();
  catalog_opts->format.schema = kCatalogSchema;
  CLI::App* cat = app.add_subcommand("catalog", "List GPUs, models, precisions, platforms, offers and budget tiers");
  cat->add_flag("--json", catalog_opts->format.json, "Print the merged catalog as JSON (the loader's own format)");
  add_format_flags(cat, catalog_opts->format, true);
  cat->add_option("--lang", catalog_opts->lang, "Language of the listing and of errors: zh | en (default en)")
      ->type_name("zh|en")
      ->expected(0, 1);
  add_catalog_flag(cat, cmd.common);
  cat->add_option("--validate", catalog_opts->validate,
                  "Check a vendor/user overlay FILE against the bundled catalog; exit 1 listing the problems")
      ->type_name("FILE")
      ->expected(0, 1);
  cmd.runners[cat] = [catalog_opts, &cmd] { return run_catalog(*catalog_opts, cmd.common, cmd.io); };
  add_catalog_add_model(cat, cmd);

  auto import_opts = std::make_shared<ImportOptions>();
  import_opts->format.schema = kCatalogSchema;
  CLI::App* imp = app.add_subcommand(
      "import-config", "Turn a Hugging Face config.json (or --params COUNT) into a catalog model entry");
  imp->add_option("FILE", import_opts->file, "config.json to read (\"-\" reads standard input)")->type_name("FILE");
  imp->add_option("--id", import_opts->id, "Catalog id for the model (default: from _name_or_path or the file name)")
      ->expected(0, 1);
  imp->add_option("--params", import_opts->params,
                  "No config: a parameter count (7e9, 7B, 500M) with an assumed Llama-like shape")
      ->expected(0, 1);
  imp->add_flag("--json", import_opts->format.json, "Print only the catalog JSON (errors as {\"ok\": false, ...})");
  add_format_flags(imp, import_opts->format, false);
  cmd.runners[imp] = [import_opts, &cmd] { return run_import(*import_opts, cmd.io); };
}

}  // namespace cardfit::cli
