// `cardfit card`: the plan's result card (core/io/card.hpp) as a PNG, JPEG or SVG file, for an article
// (docs/cli.md "card"). The layout and both renderers are the core's; this reads the flags,
// picks the fonts and writes the file (never over an existing one unless --force).
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "card.hpp"
#include "card_render.hpp"
#include "cardfit_version.hpp"
#include "cli.hpp"
#include "cli_scenario.hpp"
#include "embedded.hpp"
#include "messages.hpp"
#include "native_files.hpp"
#include "plan.hpp"
#include "vendor.hpp"

namespace cardfit::cli {
namespace {

// Where the card's link points when neither --page-url nor --link names the page: the page as
// `make run` serves it. A card meant for print should name the published page (--page-url).

struct CardFlags {
  RequestFlags request;
  Format format;
  std::string out;
  std::string page_url;
  std::string vendor;  // --vendor vendor.json (core/io/vendor.hpp)
  bool force = false;
};

int run_card(CardFlags& flags, const CommonOptions& common, Output& io) {
  Format& f = flags.format;
  f.lang = flags_lang(flags.request);
  const auto ends_with = [&flags](const char* ext) {
    const std::string e(ext);
    return flags.out.size() >= e.size() && flags.out.compare(flags.out.size() - e.size(), e.size(), e) == 0;
  };
  const std::string kind = !f.format.empty()                      ? f.format
                           : ends_with(".svg")                    ? "svg"
                           : ends_with(".jpg") || ends_with(".jpeg") ? "jpg"
                                                                  : "png";
  if (kind != "png" && kind != "svg" && kind != "jpg") {
    print_errors({{"format", msg::err_card_format(kind)}}, f, io);
    return kUsage;
  }
  // --vendor: its name and colour on the card, its page in the link, its overlay on the catalog
  // and its platform first (each only where the flags say nothing else).
  std::optional<VendorFiles> vendor_files;
  CommonOptions with_vendor = common;
  if (!flags.vendor.empty()) {
    Result<VendorFiles> files = read_vendor_files(flags.vendor);
    if (!files.ok()) {
      print_errors(files.errors, f, io);
      return kInvalid;
    }
    vendor_files = std::move(*files.value);
    if (!vendor_files->vendor.overlay.empty()) {
      with_vendor.catalog_files.push_back(vendor_files->dir + vendor_files->vendor.overlay);
    }
  }
  const Vendor* vendor = vendor_files ? &vendor_files->vendor : nullptr;
  std::optional<Catalog> catalog = load_catalog_or_report(with_vendor, f, io);
  if (!catalog) return kInvalid;

  // A scenario that does not compute still gets its card, saying why (exit status 1).
  CardInput in;
  in.catalog = &*catalog;
  in.version = kVersion;
  Result<PlanRequest> request = make_request(flags.request, *catalog);
  PlanRequest req = request.ok() ? *request.value : PlanRequest{};
  in.lang = request.ok() ? req.lang : f.lang;
  f.lang = in.lang;
  if (req.today.empty()) req.today = native::today();
  if (vendor && !vendor->platform.empty() && req.platforms.empty() && req.platforms_first.empty()) {
    req.platforms_first = {vendor->platform};
  }
  std::string logo_file;  // vendor.json's logo, beside it
  if (vendor) {
    in.vendor = vendor->name;
    in.accent = vendor->accent;
    if (!vendor->logo.empty()) {
      logo_file = vendor_files->dir + vendor->logo;
      const bool svg = logo_file.size() >= 4 && logo_file.compare(logo_file.size() - 4, 4, ".svg") == 0;
      in.logo_kind = svg ? CardLogoKind::Svg : CardLogoKind::Png;  // parse_vendor allows .png and .svg only
      in.logo = vendor_files->logo;
    }
  }
  in.request = &req;
  std::optional<Result<Plan>> planned;
  if (request.ok()) {
    planned = plan(*catalog, req);
    if (planned->ok()) {
      in.plan = &*planned->value;
    } else {
      in.errors = planned->errors;
    }
  } else {
    in.errors = request.errors;
  }
  std::string page = flags.page_url;
  if (page.empty() && vendor) page = vendor->page_url;
  if (page.empty()) page = flags.request.link.empty() ? kDefaultPageUrl : flags.request.link;
  // The link reproduces the request as read (a request that did not read: the link as given).
  in.link = request.ok() ? card_link(*catalog, page, req) : (flags.request.link.empty() ? page : flags.request.link);
  const Card card = card_layout(in);

  std::string bytes;
  std::vector<std::uint32_t> missing;  // characters the PNG/JPG leaves out (a vendor's or an overlay's name)
  if (kind == "svg") {
    bytes = card_svg(card);
  } else {
    std::vector<std::string_view> fonts;
    for (const assets::File& font : assets::ui_fonts()) fonts.push_back(font.text);
    if (!fonts.empty()) missing = card_missing_glyphs(card, fonts);
    Result<std::string> png = card_image(card, fonts, kind == "jpg" ? CardImage::Jpg : CardImage::Png);
    if (!png.ok()) {
      print_errors(png.errors, f, io);
      return kInvalid;
    }
    bytes = std::move(*png.value);
  }
  if (flags.out == "-") {
    // The contract (docs/cli.md): a failure prints nothing on standard output; its card goes to files only.
    if (in.errors.empty()) io.out << bytes;
  } else if (flags.force) {
    if (!native::replace_file(flags.out, bytes)) {
      print_errors({{"out", msg::err_card_write(flags.out)}}, f, io);
      return kInvalid;
    }
  } else {
    const native::NewFile wrote = native::publish_new_file(flags.out, bytes);
    if (wrote != native::NewFile::Written) {
      print_errors({{"out", wrote == native::NewFile::Exists ? msg::err_card_exists(flags.out)
                                                             : msg::err_card_write(flags.out)}},
                   f, io);
      return kInvalid;
    }
  }
  if (!in.errors.empty()) {
    print_errors(in.errors, f, io);
    return kInvalid;
  }
  if (in.logo_kind == CardLogoKind::Svg && kind != "svg") io.err << render(msg::card_logo_svg_only(logo_file), f.lang) << "\n";
  if (!missing.empty()) io.err << render(msg::card_glyphs_missing(code_point_list(missing)), f.lang) << "\n";
  if (flags.out != "-" && !f.json) io.err << flags.out << " (" << bytes.size() << " bytes): " << in.link << "\n";
  return kOk;
}

}  // namespace

void add_card_command(CLI::App& app, Command& cmd) {
  auto flags = std::make_shared<CardFlags>();
  CLI::App* sub = app.add_subcommand(
      "card", "The plan's result card, a 1080 px PNG (or SVG) with the QR code of the scenario's link, for an article");
  add_request_flags(sub, flags->request, FlagSet::ScenarioAndPlan, help_catalog());
  add_link_flag(sub, flags->request);
  add_catalog_flag(sub, cmd.common);
  sub->add_option("--out", flags->out, "Write the card to FILE (\"-\": standard output)")
      ->type_name("FILE")
      ->required();
  sub->add_option("--format", flags->format.format, "png | svg | jpg (default: from --out's extension, else png)");
  sub->add_option("--page-url", flags->page_url,
                  std::string("The page the card's link and QR code open (default: --link's page, else ") +
                      kDefaultPageUrl + ")")
      ->type_name("URL");
  sub->add_option("--vendor", flags->vendor,
                  "A vendor kit's vendor.json: its name and colour on the card, its page_url in the link (unless "
                  "--page-url), its overlay and platform (docs/embed.md)")
      ->type_name("FILE");
  sub->add_flag("--force", flags->force, "Replace --out if it exists (default: refuse)");
  cmd.runners[sub] = [flags, &cmd] { return run_card(*flags, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
