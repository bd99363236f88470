// A file the user hands the app without a file dialog (dropped on the desktop window, dropped
// or picked on the page): a Hugging Face config.json (a custom model) or a catalog overlay
// (prices, platforms, GPUs, models), told apart by its content and read with the CLI's own
// loaders (--config: import_hf_config; --catalog: apply_overlay; a "cardfit.measurements/1" file:
// --measurements' load_your_measurements, kind Overlay, its rows in Catalog::your_measurements).
// The caller reads the file.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "catalog.hpp"
#include "hf_config.hpp"
#include "message.hpp"
#include "names.hpp"
#include "result.hpp"

namespace cardfit {

enum class FileKind { ModelConfig, Overlay, Unknown };
template <>
struct EnumNames<FileKind> {
  static constexpr std::array<Name<FileKind>, 3> list{
      {{FileKind::ModelConfig, "config"}, {FileKind::Overlay, "overlay"}, {FileKind::Unknown, "unknown"}}};
};

// By content, never by file name: a JSON object with a "schema" of "cardfit.*" or any catalog
// section (gpus, models, offers, platforms, ...) is an overlay; one with config.json keys
// (model_type, num_hidden_layers, hidden_size, num_layers, text_config) is a model config;
// anything else (not JSON, not an object, neither) is Unknown.
FileKind classify_file(std::string_view text);

struct OpenedFile {
  FileKind kind = FileKind::Unknown;
  std::optional<Catalog> catalog;      // Overlay: `current` with the overlay laid over it
  std::optional<ImportedModel> model;  // ModelConfig: the imported model (id "custom", no as_of)
  Message summary;                     // what was loaded: "Loaded overlay vendor.json: 12 offers, ..."
};

// Classifies `text` and loads it. On any problem the errors name the file (`name`, shown as
// given) first and `current` is not touched: the caller keeps its last good catalog and model.
Result<OpenedFile> open_user_file(const Catalog& current, std::string_view name, std::string_view text);

// "Loaded overlay NAME: 12 offers, ..." for an overlay that loaded by another way in (the page's
// ?overlay=, setOverlay), so that it is listed like a dropped file.
Message overlay_summary(std::string_view name, std::string_view text);

}  // namespace cardfit
