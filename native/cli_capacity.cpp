// `cardfit capacity`: what one GPU x cards can do (core/plan/capability.hpp): every catalog
// model with the best precision that fits with the headroom, largest first, with its largest
// context and concurrency. --json prints the contract of docs/cli.md; --format csv|markdown|html the table.
// --this-machine takes the GPU from nvidia-smi, else from the CPU's name for a unified-memory chip
// (core/catalog/this_machine.hpp matches the name), and adds what llama.cpp's offload into system
// memory allows (on unified memory, the part beside the GPU's share).

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "capability.hpp"
#include "capability_json.hpp"
#include "cli.hpp"
#include "cli_scenario.hpp"
#include "cli_table.hpp"
#include "messages.hpp"
#include "os.hpp"
#include "this_machine.hpp"

namespace cardfit::cli {
namespace {

struct CapacityOptions {
  RequestFlags flags;
  Format format;
  bool this_machine = false;  // --this-machine
  std::string ram;            // --ram GIB; "" = read from the system
};

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// The GPU nvidia-smi names ($CARDFIT_NVIDIA_SMI replaces the command, for tests), else the chip the
// CPU's name names when its GPU shares the memory (Apple silicon, Strix Halo), matched to the
// catalog. The first GPU when there are several. `how` says which of the two it was.
GpuMatch detect_gpu(const Catalog& catalog, std::int64_t ram_bytes, std::string* how) {
  std::string command = native::os::env("CARDFIT_NVIDIA_SMI");
  if (command.empty()) command = "nvidia-smi";
  const std::optional<std::string> text =
      native::os::capture(command + " --query-gpu=name,memory.total --format=csv,noheader,nounits");
  const std::vector<DetectedHardware> gpus = text ? parse_nvidia_smi(*text) : std::vector<DetectedHardware>{};
  DetectedHardware hw = gpus.empty() ? DetectedHardware{} : gpus.front();
  hw.cpu_name = native::os::cpu_name();
  hw.ram_mib = ram_bytes / (1024 * 1024);
  GpuMatch m = match_gpu(catalog, hw);
  *how = !hw.smi_name.empty() && m.detected == hw.smi_name.substr(0, m.detected.size()) ? "nvidia-smi" : "CPU";
  return m;
}

// --this-machine: sets the scenario's GPU (unless --gpu gave one) and says where it came from;
// the host memory for the offload section in *ram_bytes. False after printing the error.
bool pick_this_machine(CapacityOptions& opts, Prepared& in, std::int64_t* ram_bytes, std::vector<Message>* lines,
                       Output& io) {
  const Format& f = opts.format;
  Scenario& sc = in.request.scenario;
  Message ram_line = msg::tm_ram_unknown();
  if (!opts.ram.empty()) {
    char* end = nullptr;
    const double gib = std::strtod(opts.ram.c_str(), &end);
    if (end == opts.ram.c_str() || *end != '\0' || !(gib > 0) || gib > 1e6) {
      print_errors({Issue{"ram", msg::tm_err_ram(opts.ram)}}, f, io);
      return false;
    }
    *ram_bytes = static_cast<std::int64_t>(gib * 1024 * 1024 * 1024);
    ram_line = msg::tm_ram(fixed(gib, 1), "--ram");
  } else {
    *ram_bytes = native::os::system_memory_bytes();
    if (*ram_bytes > 0)
      ram_line = msg::tm_ram(fixed(static_cast<double>(*ram_bytes) / (1024.0 * 1024 * 1024), 1), "system");
  }
  if (!sc.gpu.empty()) {
    const Gpu* g = in.catalog.find_gpu(sc.gpu);
    lines->push_back(msg::tm_override(g ? g->name : sc.gpu));
  } else {
    std::string how;
    const GpuMatch m = detect_gpu(in.catalog, *ram_bytes, &how);
    Message error = msg::tm_err_no_gpu();
    switch (m.kind) {
      case GpuMatchKind::Found: {
        sc.gpu = m.ids.front();
        lines->push_back(msg::tm_detected(m.detected, how, in.catalog.find_gpu(sc.gpu)->name));
        break;
      }
      case GpuMatchKind::Ambiguous: {
        std::string ids;
        for (const std::string& id : m.ids) ids += (ids.empty() ? "" : ", ") + id;
        error = msg::tm_err_ambiguous(m.detected, ids);
        break;
      }
      case GpuMatchKind::Software: error = msg::tm_err_software(m.detected); break;
      case GpuMatchKind::Unknown: error = msg::tm_err_unknown(m.detected); break;
      case GpuMatchKind::Nothing: break;
    }
    if (sc.gpu.empty()) {
      print_errors({Issue{"gpu", error}}, f, io);
      return false;
    }
  }
  lines->push_back(ram_line);
  const Gpu* g = in.catalog.find_gpu(sc.gpu);
  if (g && g->unified_gpu_percent > 0 && *ram_bytes > 0) {
    const auto gib = [](double bytes) { return fixed(bytes / (1024.0 * 1024 * 1024), 1); };
    lines->push_back(msg::tm_unified(gib(gpu_memory_bytes(*g)), gib(static_cast<double>(host_memory_beside(*g, *ram_bytes)))));
  }
  return true;
}

// --this-machine, text: the larger models llama.cpp runs with part of them in system memory.
void print_offload(const Catalog& catalog, const Scenario& sc, std::int64_t ram_bytes, const Format& f, Output& io) {
  if (ram_bytes <= 0) return;
  const Gpu* g = catalog.find_gpu(sc.gpu);
  const std::string gib =
      fixed(static_cast<double>(g ? host_memory_beside(*g, ram_bytes) : ram_bytes) / (1024.0 * 1024 * 1024), 1);
  const Result<std::vector<OffloadCapability>> off = offload_capabilities(catalog, sc, ram_bytes);
  if (!off.ok()) return;
  io.out << "\n";
  if (off.value->empty()) {
    io.out << render(msg::tm_offload_none(gib), f.lang) << "\n";
  } else {
    io.out << render(msg::tm_offload_title(gib), f.lang) << "\n";
    for (const OffloadCapability& o : *off.value) {
      const Model* m = catalog.find_model(o.model.model);
      const WeightPrecision* p = catalog.find_weight_precision(o.model.precision);
      const double tps = o.model.decode_tokens_per_s;
      io.out << "  " << render(msg::tm_offload_row(m ? m->name : o.model.model, p ? p->name : o.model.precision,
                                                  std::to_string(o.gpu_layers), std::to_string(o.total_layers),
                                                  fixed(static_cast<double>(o.host_bytes) / (1024.0 * 1024 * 1024), 1),
                                                  fixed(tps, tps < 10 ? 1 : 0)),
                               f.lang)
             << "\n";
    }
  }
  io.out << render(msg::tm_rent(), f.lang) << "\n";
}

int run_capacity(CapacityOptions& opts, const CommonOptions& common, Output& io) {
  Format& f = opts.format;
  f.lang = flags_lang(opts.flags);
  if (!apply_format(f, io)) return kInvalid;
  std::optional<Prepared> in = prepare(opts.flags, common, f, io);
  if (!in) return kInvalid;
  std::int64_t ram_bytes = 0;
  std::vector<Message> machine;
  if (opts.this_machine && !pick_this_machine(opts, *in, &ram_bytes, &machine, io)) return kInvalid;
  const Catalog& catalog = in->catalog;
  const Result<CardCapability> c = card_capabilities(catalog, in->request.scenario);
  if (!c.ok()) {
    print_errors(c.errors, f, io);
    return kInvalid;
  }
  const TextTable rows = capability_table(*c.value, catalog, f.lang);
  if (f.json) {
    io.out << capability_to_json(*c.value, catalog, f.lang, f.style()) << "\n";
  } else if (is_paste_format(f.table)) {
    io.out << render_table(rows, f.table);
  } else {
    for (const Message& line : machine) io.out << render(line, f.lang) << "\n";
    io.out << render(capability_summary(*c.value, catalog), f.lang) << "\n";
    if (opts.this_machine) print_offload(catalog, in->request.scenario, ram_bytes, f, io);
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
  sub->add_flag("--this-machine", opts->this_machine,
                "Take the GPU from this machine (nvidia-smi; --gpu overrides) and add what llama.cpp offload into system memory allows");
  sub->add_option("--ram", opts->ram, "System memory in GiB for --this-machine (default: this machine's)");
  cmd.runners[sub] = [opts, &cmd] { return run_capacity(*opts, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
