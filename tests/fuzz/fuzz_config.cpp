// Fuzz target: the config.json importer (and, from the first 8 bytes, a bare parameter count),
// and the same text as a file dropped on the app (user_file.hpp: config.json or overlay).
// Properties: no crash or sanitizer report; an imported model passes the catalog's own model
// check; estimating it gives real figures or errors, never a NaN or a negative size.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "catalog_validate.hpp"
#include "estimate.hpp"
#include "fuzz_support.hpp"
#include "hf_config.hpp"
#include "user_file.hpp"

using namespace cardfit;

namespace {

void estimate_custom(const Model& model) {
  Scenario s;
  s.custom_model = model;
  s.explain = true;
  s.gpu = "rtx-4090";
  const Result<Estimate> e = estimate(fuzz::bundled(), s);
  if (e.ok()) FUZZ_CHECK(fuzz::all_real(*e.value), "an imported model's estimate is real");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<ImportedModel> m = import_hf_config(text, "custom");
  if (m.ok()) {
    FUZZ_CHECK(validate_model(m.value->model, "model", false).empty(), "an imported model is a valid model");
    estimate_custom(m.value->model);
  } else {
    FUZZ_CHECK(!m.errors.empty(), "a refused config says why");
  }
  const Result<OpenedFile> f = open_user_file(fuzz::bundled(), "dropped.json", text);
  if (f.ok()) {
    FUZZ_CHECK(f.value->kind == classify_file(text) && f.value->kind != FileKind::Unknown, "a loaded file has its kind");
  } else {
    FUZZ_CHECK(!f.errors.empty() && f.errors.front().field == "dropped.json", "a refused file is named");
  }
  if (size >= sizeof(double)) {
    double count = 0;
    std::memcpy(&count, data, sizeof count);
    const Result<ImportedModel> p = model_from_param_count(count, "custom", fuzz::bundled().models);
    if (p.ok()) estimate_custom(p.value->model);
  }
  return 0;
}
