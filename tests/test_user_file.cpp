// user_file.hpp: which kind a dropped or picked file is (by content), and loading it with the
// CLI's loaders while the caller's catalog stays as it was on any failure.
#include "user_file.hpp"

#include "catalog_write.hpp"
#include "test_support.hpp"

namespace cardfit {
namespace {

// Qwen2.5-7B-Instruct's config.json (huggingface.co/Qwen/Qwen2.5-7B-Instruct), the keys cardfit reads.
const char* const kQwenConfig = R"({"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2",
  "hidden_size": 3584, "intermediate_size": 18944, "max_position_embeddings": 32768,
  "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4,
  "tie_word_embeddings": false, "vocab_size": 152064})";

const char* const kPriceOverlay = R"({"schema": "cardfit.catalog/1", "offers": [
  {"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "prices": [{"term": "monthly", "low": 850, "high": 850}]}]})";

TEST_CASE("classify_file: by content, never by name", "[user_file]") {
  CHECK(classify_file(kQwenConfig) == FileKind::ModelConfig);
  CHECK(classify_file(R"({"model_type": "llama"})") == FileKind::ModelConfig);  // incomplete, still a config
  CHECK(classify_file(R"({"text_config": {}})") == FileKind::ModelConfig);
  CHECK(classify_file(kPriceOverlay) == FileKind::Overlay);
  CHECK(classify_file(R"({"schema": "cardfit.gpus/1"})") == FileKind::Overlay);
  for (const char* section : {"offers", "platforms", "gpus", "models", "sources", "engines", "tiers"}) {
    CAPTURE(section);
    CHECK(classify_file(std::string(R"({")") + section + R"(": []})") == FileKind::Overlay);
  }
  // A catalog section wins over config keys: an overlay may add a model with hidden_size.
  CHECK(classify_file(R"({"models": [{"id": "m", "hidden_size": 4096}], "hidden_size": 1})") == FileKind::Overlay);
  for (const char* other : {"", "not json", "[1, 2]", "42", R"({"name": "x"})", R"({"schema": "other/1"})", "{"}) {
    CAPTURE(other);
    CHECK(classify_file(other) == FileKind::Unknown);
  }
}

TEST_CASE("open_user_file: a config.json becomes the custom model", "[user_file]") {
  const Result<OpenedFile> r = open_user_file(test::catalog(), "config.json", kQwenConfig);
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  CHECK(r.value->kind == FileKind::ModelConfig);
  REQUIRE(r.value->model);
  CHECK(r.value->model->model.num_layers == 28);
  CHECK(!r.value->catalog);
  CHECK(test::en(r.value->summary).find("config.json: qwen2, 28 layers") != std::string::npos);
  CHECK(test::zh(r.value->summary).find("28") != std::string::npos);
}

TEST_CASE("open_user_file: an overlay is laid over the current catalog", "[user_file]") {
  const Result<OpenedFile> r = open_user_file(test::catalog(), "vendor.json", kPriceOverlay);
  INFO(test::all_errors(r.errors));
  REQUIRE(r.ok());
  CHECK(r.value->kind == FileKind::Overlay);
  REQUIRE(r.value->catalog);
  CHECK(r.value->catalog->find_offer("yiwan-t4-card")->prices[0].price.low == 850);
  CHECK(test::en(r.value->summary) == "Loaded overlay vendor.json: 1 offers, 0 GPUs, 0 models, 0 platforms");
}

// The load-or-keep-last-good path: a good overlay, then a broken one, then an unknown file;
// the caller's catalog after each is the last one that loaded.
TEST_CASE("open_user_file: a failure names the file and leaves the last good catalog", "[user_file]") {
  Catalog current = test::catalog();
  auto open = [&current](const char* name, const std::string& text) {
    Result<OpenedFile> r = open_user_file(current, name, text);
    if (r.ok() && r.value->catalog) current = std::move(*r.value->catalog);
    return r;
  };
  REQUIRE(open("vendor.json", kPriceOverlay).ok());
  const std::string good = catalog_to_json(current);

  const Result<OpenedFile> bad = open("broken.json", R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "a10", "replaces": true, "source": "cardfit", "memory_mib": -5}]})");
  REQUIRE(!bad.ok());
  CHECK(bad.errors.front().field == "broken.json");
  CHECK(test::en(bad.errors.front().message) == "broken.json was not loaded; nothing was changed");
  CHECK(test::zh(bad.errors.front().message).find("broken.json") != std::string::npos);
  CHECK(bad.errors.size() > 1);  // and why, from the loader
  CHECK(catalog_to_json(current) == good);

  const Result<OpenedFile> unknown = open("notes.json", R"({"title": "my notes"})");
  REQUIRE(!unknown.ok());
  CHECK(test::en(unknown.errors.front().message).rfind("notes.json is neither a model config.json", 0) == 0);
  const Result<OpenedFile> text = open("photo.png", "\x89PNG");
  REQUIRE(!text.ok());
  CHECK(test::en(text.errors.front().message).rfind("photo.png is neither", 0) == 0);
  CHECK(test::all_errors(text.errors).find("photo.png: ") != std::string::npos);  // and the JSON reader's reason
  CHECK(catalog_to_json(current) == good);

  const Result<OpenedFile> config = open("config.json", R"({"model_type": "llama", "hidden_size": 4096})");
  REQUIRE(!config.ok());
  CHECK(test::en(config.errors.front().message) == "config.json was not loaded; nothing was changed");
  CHECK(test::all_errors(config.errors).find("num_hidden_layers") != std::string::npos);
}

}  // namespace
}  // namespace cardfit
