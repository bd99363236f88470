// Telling a dropped or picked file's kind by its content, and loading it (user_file.hpp).
#include "user_file.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "catalog_fields.hpp"
#include "catalog_load.hpp"
#include "json_text.hpp"
#include "format.hpp"
#include "messages.hpp"
#include "params.hpp"

namespace cardfit {
namespace {

using json = nlohmann::json;

// The catalog's own JSON reader (one parser instantiation in the page's WebAssembly);
// `issues` says why when the text is not JSON.
json parse_object(std::string_view text, const std::string& file, IssueList& issues) {
  json doc;
  if (!parse_json_text(text, file, doc, issues)) return json();
  return doc.is_object() ? doc : json();
}

bool is_overlay(const json& doc) {
  const auto schema = doc.find("schema");
  if (schema != doc.end() && schema->is_string() && schema->get<std::string>().rfind("cardfit.", 0) == 0) return true;
  bool found = false;
  Catalog none;
  fields::for_each_section(none, [&](const fields::Section& s, auto&, auto&&) { found |= doc.contains(s.key); });
  return found || doc.contains("defaults");
}

bool is_model_config(const json& doc) {
  for (const char* key : {"model_type", "num_hidden_layers", "hidden_size", "num_layers", "text_config"}) {
    if (doc.contains(key)) return true;
  }
  return false;
}

std::string entries(const json& doc, const char* section) {
  const auto it = doc.find(section);
  return std::to_string(it != doc.end() && it->is_array() ? it->size() : 0);
}

Message overlay_summary(const std::string& file, const json& doc) {
  return msg::files_loaded_overlay(file, entries(doc, "offers"), entries(doc, "gpus"), entries(doc, "models"),
                                   entries(doc, "platforms"));
}

}  // namespace

Message overlay_summary(std::string_view name, std::string_view text) {
  IssueList ignored;
  return overlay_summary(std::string(name), parse_object(text, std::string(name), ignored));
}

FileKind classify_file(std::string_view text) {
  IssueList ignored;
  const json doc = parse_object(text, "file", ignored);
  if (!doc.is_object()) return FileKind::Unknown;
  if (is_overlay(doc)) return FileKind::Overlay;
  return is_model_config(doc) ? FileKind::ModelConfig : FileKind::Unknown;
}

Result<OpenedFile> open_user_file(const Catalog& current, std::string_view name, std::string_view text) {
  using R = Result<OpenedFile>;
  const std::string file(name);
  IssueList issues;
  const json doc = parse_object(text, file, issues);
  OpenedFile out;
  out.kind = !doc.is_object() ? FileKind::Unknown
             : is_overlay(doc) ? FileKind::Overlay
             : is_model_config(doc) ? FileKind::ModelConfig
                                    : FileKind::Unknown;
  // Why not: the file named first, then the JSON reader's or the loader's reasons.
  std::vector<Issue> errors{Issue{file, out.kind == FileKind::Unknown ? msg::files_unknown(file) : msg::files_not_loaded(file)}};
  auto fail = [&](std::vector<Issue> why) {
    for (Issue& i : why) errors.push_back(std::move(i));
    return R::failure(std::move(errors));
  };
  if (out.kind == FileKind::Unknown) return fail(issues.take());
  // The user's own measurements (docs/measurements.md): kept apart from the bundled rows.
  const auto schema = doc.is_object() ? doc.find("schema") : doc.end();
  if (out.kind == FileKind::Overlay && schema != doc.end() && schema->is_string() &&
      schema->get<std::string>() == "cardfit.measurements/1") {
    Result<std::vector<Measurement>> yours = load_your_measurements(current, CatalogFile{file, text});
    if (!yours.ok()) return fail(std::move(yours.errors));
    out.catalog.emplace(current);
    for (Measurement& m : *yours.value) out.catalog->your_measurements.push_back(std::move(m));
    out.summary = msg::files_loaded_measurements(file, std::to_string(yours.value->size()));
    return R::success(std::move(out));
  }
  if (out.kind == FileKind::Overlay) {
    Result<Catalog> merged = apply_overlay(current, CatalogFile{file, text});
    if (!merged.ok()) return fail(std::move(merged.errors));
    out.catalog = std::move(merged.value);
    out.summary = overlay_summary(file, doc);
    return R::success(std::move(out));
  }
  Result<ImportedModel> m = import_hf_config(text, "custom");
  if (!m.ok()) return fail(std::move(m.errors));
  const Model& model = m.value->model;
  out.summary = msg::files_loaded_config(file, model.family, std::to_string(model.num_layers),
                                         format_count(static_cast<double>(count_params(model).total)));
  out.model = std::move(m.value);
  return R::success(std::move(out));
}

}  // namespace cardfit
