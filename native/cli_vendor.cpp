// `cardfit vendor --check vendor.json`: a vendor kit's vendor.json and the files it names, checked
// by the core (parse_vendor, check_vendor_logo, the overlay on the bundled catalog) for
// `make vendor-kit` (tools/vendor_kit.py runs it; docs/embed.md): the one check of a kit.
// Exit 0 with the fields (as JSON with --json, the kit's input), or 1 with each problem naming
// its field in --lang's language.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "embedded.hpp"
#include "json_writer.hpp"
#include "messages.hpp"
#include "native_files.hpp"
#include "vendor.hpp"
#include "vendor_files.hpp"

namespace cardfit::cli {
namespace {

struct VendorOptions {
  std::string check;  // --check vendor.json
  std::string lang;   // --lang zh|en ("" = en)
  Format format;
};

int run_vendor(VendorOptions& opts, const CommonOptions& common, Output& io) {
  Format& f = opts.format;
  f.schema = "cardfit.vendor/1";
  if (!read_lang_flag(opts.lang, f, io)) return kInvalid;
  const Result<VendorFiles> files = read_vendor_files(opts.check);
  if (!files.ok()) {
    print_errors(files.errors, f, io);
    return kInvalid;
  }
  const Vendor& v = files.value->vendor;
  const std::string& dir = files.value->dir;
  if (!v.overlay.empty()) {
    CommonOptions with_overlay = common;
    with_overlay.catalog_files.push_back(dir + v.overlay);
    if (!load_catalog_or_report(with_overlay, f, io)) return kInvalid;
  }
  const std::vector<Issue>& warnings = files.value->warnings;
  if (!f.json) {
    io.out << render(msg::cli_vendor_ok(opts.check, v.name, v.page_url), f.lang) << "\n";
    for (const Issue& i : warnings) io.err << render(msg::cli_vendor_warning(issue_text(i, f.lang)), f.lang) << "\n";
    return kOk;
  }
  JsonWriter w(f.pretty);
  w.begin_object().field("schema", f.schema).field("ok", true);
  if (!warnings.empty()) {  // {"field", "message"} as the errors are written
    w.key("warnings").begin_array();
    for (const Issue& i : warnings) {
      w.begin_object().field("field", i.field).field("message", render(i.message, f.lang)).end_object();
    }
    w.end_array();
  }
  w.key("vendor").begin_object();
  for (const auto& [key, value] : {std::pair{"name", &v.name}, std::pair{"page_url", &v.page_url},
                                   std::pair{"accent", &v.accent}, std::pair{"logo", &v.logo},
                                   std::pair{"overlay", &v.overlay}, std::pair{"platform", &v.platform}}) {
    if (!value->empty()) w.key(std::string_view(key)).value(*value);
  }
  w.end_object().end_object();
  io.out << w.take() << "\n";
  return kOk;
}

}  // namespace

Result<VendorFiles> read_vendor_files(const std::string& path) {
  const std::optional<std::string> text = native::read_file(path);
  if (!text) return Result<VendorFiles>::failure({{path, msg::cli_err_unreadable()}});
  Result<Vendor> parsed = parse_vendor(*text, path);
  if (!parsed.ok()) return Result<VendorFiles>::failure(parsed.errors);
  VendorFiles out;
  out.vendor = std::move(*parsed.value);
  const std::size_t slash = path.rfind('/');
  out.dir = slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
  const Vendor& v = out.vendor;
  std::vector<Issue> issues;
  if (!v.logo.empty()) {
    const std::optional<std::string> logo = native::read_file(out.dir + v.logo);
    if (!logo) {
      issues.push_back({"logo", msg::err_vendor_file("logo", v.logo)});
    } else {
      for (Issue& i : check_vendor_logo(*logo, v.logo)) issues.push_back(std::move(i));
      out.logo = *logo;
    }
  }
  if (!v.overlay.empty() && !native::read_file(out.dir + v.overlay)) {
    issues.push_back({"overlay", msg::err_vendor_file("overlay", v.overlay)});
  }
  if (!issues.empty()) return Result<VendorFiles>::failure(std::move(issues));
  std::vector<std::string_view> fonts;
  for (const assets::File& font : assets::ui_fonts()) fonts.push_back(font.text);
  out.warnings = check_vendor_name_glyphs(v.name, fonts);
  return Result<VendorFiles>::success(std::move(out));
}

void add_vendor_command(CLI::App& app, Command& cmd) {
  auto opts = std::make_shared<VendorOptions>();
  CLI::App* sub = app.add_subcommand(
      "vendor", "Check a vendor kit's vendor.json and the logo and overlay it names, as `make vendor-kit` does (docs/embed.md)");
  sub->add_option("--check", opts->check, "The vendor.json to check; exit 1 listing each problem by its field")
      ->type_name("FILE")
      ->required();
  sub->add_option("--lang", opts->lang, "Language of the errors: zh | en (default en)")->type_name("zh|en");
  sub->add_flag("--json", opts->format.json, "Print {\"schema\", \"ok\", \"vendor\": {its fields}} or the errors as JSON");
  add_format_flags(sub, opts->format, false);
  cmd.runners[sub] = [opts, &cmd] { return run_vendor(*opts, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
