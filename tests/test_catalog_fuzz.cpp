// Fuzz-style loader tests: truncated and bit-flipped files, wrong types and absurd numbers
// at every field, unknown ids, unicode and invalid UTF-8. The loader must answer with an
// error Result (or a valid catalog), never crash. Deterministic (fixed seed, std::mt19937's
// raw output only) and fast, because they also run under ASan and in WebAssembly.
#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "catalog_load.hpp"
#include "catalog_validate.hpp"
#include "catalog_write.hpp"
#include "embedded.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;
using nlohmann::json;

namespace {

std::string_view bundled_file(std::string_view name) {
  for (const assets::File& f : assets::catalog_files()) {
    if (f.name == name) return f.text;
  }
  FAIL("no bundled file " << name);
  return {};
}

// The contract: ok with a catalog that validates, or not ok with at least one error,
// every error naming a field (except the "stopped after" note) and giving a reason.
void check_answer(const Result<Catalog>& r) {
  if (r.ok()) {
    CHECK(validate_catalog(*r.value).empty());
    return;
  }
  CHECK_FALSE(r.value.has_value());
  REQUIRE_FALSE(r.errors.empty());
  CHECK(r.errors.size() <= 101);
  for (const Issue& e : r.errors) CHECK_FALSE(en(e.message).empty());
}

Result<Catalog> overlay_text(const std::string& text) { return apply_overlay(test::catalog(), CatalogFile{"fuzz.json", text}); }

Result<Catalog> overlay_entry(const char* section, const json& entry) {
  json doc = {{"schema", "cardfit.catalog/1"}, {section, json::array({entry})}};
  return overlay_text(doc.dump());
}

}  // namespace

TEST_CASE("every truncation of a real file is an error, never a crash", "[catalog][fuzz]") {
  const std::string full(bundled_file("budget_tiers.json"));
  const std::size_t complete = full.rfind('}') + 1;  // from here on only whitespace is missing
  std::size_t wrongly_ok = 0, without_errors = 0, complete_failed = 0;
  for (std::size_t n = 0; n < full.size(); ++n) {
    const Result<Catalog> r = overlay_text(full.substr(0, n));
    if (n < complete) {
      wrongly_ok += r.ok() ? 1 : 0;
      without_errors += r.errors.empty() ? 1 : 0;
    } else {
      complete_failed += r.ok() ? 0 : 1;
    }
  }
  CHECK(wrongly_ok == 0);
  CHECK(without_errors == 0);
  CHECK(complete_failed == 0);
  // Larger files: 12 prefixes each (all of them would take too long under ASan).
  for (std::string_view name : {"gpus.json", "platforms.json", "precisions.json", "engines.json", "models.json"}) {
    const std::string text(bundled_file(name));
    for (std::size_t n = 7; n + 2 < text.size(); n += text.size() / 12) {
      const Result<Catalog> r = load_catalog({CatalogFile{std::string(name), text.substr(0, n)}});
      INFO(name << " prefix " << n);
      REQUIRE_FALSE(r.ok());
    }
  }
}

TEST_CASE("random byte flips are answered, never crash", "[catalog][fuzz]") {
  std::mt19937 rng(20261129u);  // fixed seed: the same bytes on every platform
  for (std::string_view name : {"engines.json", "budget_tiers.json", "platforms.json"}) {
    const std::string original(bundled_file(name));
    const int rounds = original.size() > 20000 ? 15 : 60;
    for (int round = 0; round < rounds; ++round) {
      std::string text = original;
      const std::uint32_t flips = 1 + rng() % 4;
      for (std::uint32_t k = 0; k < flips; ++k) {
        const std::size_t at = rng() % text.size();
        text[at] = static_cast<char>(static_cast<unsigned char>(text[at]) ^ (1u << (rng() % 8)));
      }
      INFO(name << " round " << round);
      check_answer(overlay_text(text));
    }
  }
  // And through load_catalog, a file on its own.
  const std::string gpus(bundled_file("gpus.json"));
  for (int round = 0; round < 10; ++round) {
    std::string text = gpus;
    const std::size_t at = rng() % text.size();
    text[at] = static_cast<char>(rng() % 256);
    const Result<Catalog> r = load_catalog({CatalogFile{"gpus.json", text}});
    if (!r.ok()) REQUIRE_FALSE(r.errors.empty());
  }
}

TEST_CASE("wrong types at every field are errors", "[catalog][fuzz]") {
  const json catalog = json::parse(catalog_to_json(test::catalog()), nullptr, false);
  REQUIRE(catalog.is_object());
  // Values of another JSON type than the field's; an optional object also takes null (= none).
  auto wrong_for = [](const json& v) -> std::vector<json> {
    if (v.is_number()) return {"12", nullptr, json::object()};
    if (v.is_string()) return {12, nullptr, json::array()};
    if (v.is_boolean()) return {"true", 0};
    if (v.is_array()) return {json::object(), "x"};
    return {json::array(), 1};
  };
  for (const char* section :
       {"gpus", "models", "weight_precisions", "kv_precisions", "engines", "platforms", "offers", "tiers"}) {
    // The first entry, and for models one with MoE + MLA (deepseek-v3) too.
    std::vector<json> entries{catalog[section].front()};
    if (std::string(section) == "models") {
      for (const json& m : catalog[section]) {
        if (m["id"] == "deepseek-v3") entries.push_back(m);
      }
    }
    for (const json& entry : entries) {
      for (auto field = entry.begin(); field != entry.end(); ++field) {
        if (field.key() == "id") continue;
        for (const json& wrong : wrong_for(*field)) {
          json changed = entry;
          changed[field.key()] = wrong;
          INFO(section << " " << entry["id"] << " " << field.key() << " = " << wrong.dump());
          const Result<Catalog> r = overlay_entry(section, changed);
          check_answer(r);
          CHECK_FALSE(r.ok());
        }
      }
    }
  }
}

TEST_CASE("negative, absurd and out-of-range numbers are errors", "[catalog][fuzz]") {
  const json catalog = json::parse(catalog_to_json(test::catalog()), nullptr, false);
  // 1e308 and -1 break every rule (all ranges are finite and >= 0); the others are
  // answered either way but must not crash or wrap around.
  const char* always_bad[] = {"1e308", "-1", "18446744073709551615", "-9223372036854775808", "1e20"};
  const char* maybe[] = {"-0", "0.5", "9223372036854775807", "4.9e-324"};
  for (const char* section : {"gpus", "models", "engines", "offers", "tiers", "platforms"}) {
    const json& entry = catalog[section].front();
    for (auto field = entry.begin(); field != entry.end(); ++field) {
      if (!field->is_number()) continue;
      for (const char* number : always_bad) {
        const std::string text = R"({"schema": "cardfit.catalog/1", ")" + std::string(section) + R"(": [{"id": )" +
                                 entry["id"].dump() + R"(, ")" + field.key() + R"(": )" + number + "}]}";
        INFO(text);
        const Result<Catalog> r = overlay_text(text);
        CHECK_FALSE(r.ok());
        check_answer(r);
      }
      for (const char* number : maybe) {
        const std::string text = R"({"schema": "cardfit.catalog/1", ")" + std::string(section) + R"(": [{"id": )" +
                                 entry["id"].dump() + R"(, ")" + field.key() + R"(": )" + number + "}]}";
        INFO(text);
        check_answer(overlay_text(text));
      }
    }
  }
  // JSON cannot say NaN or infinity; numbers too large for a double are a syntax error.
  for (const char* number : {"NaN", "Infinity", "-Infinity", "1e400", "0x10", "+1", ".5", "01"}) {
    INFO(number);
    const Result<Catalog> r =
        overlay_text(std::string(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit", "tdp_w": )") + number + "}]}");
    CHECK_FALSE(r.ok());
  }
}

TEST_CASE("unknown ids in references are errors", "[catalog][fuzz]") {
  const struct {
    const char* text;
    const char* message;
  } rows[] = {
      {R"({"schema": "cardfit.catalog/1", "offers": [{"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "platform": "nowhere"}]})", "unknown platform 'nowhere'"},
      {R"({"schema": "cardfit.catalog/1", "offers": [{"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "gpu": "h300"}]})", "unknown GPU 'h300'"},
      {R"({"schema": "cardfit.catalog/1", "kv_precisions": [{"id": "fp8", "replaces": true, "source": "cardfit", "engines": ["warp-drive"]}]})", "unknown engine 'warp-drive'"},
      {R"({"schema": "cardfit.catalog/1", "tiers": [{"id": "lt-1000", "replaces": true, "source": "cardfit", "picks": [{"offer": "free-lunch", "units": 1}]}]})", "unknown offer 'free-lunch'"},
      {R"({"schema": "cardfit.catalog/1", "engines": [{"id": "vllm", "remove": true}]})", "still used by"},
  };
  for (const auto& row : rows) {
    INFO(row.text);
    const Result<Catalog> r = overlay_text(row.text);
    REQUIRE_FALSE(r.ok());
    bool found = false;
    for (const Issue& e : r.errors) found = found || en(e.message).find(row.message) != std::string::npos;
    CHECK(found);
  }
}

TEST_CASE("unicode is text, invalid UTF-8 is an error", "[catalog][fuzz]") {
  // Valid: CJK, emoji, combining marks, escapes (even \u0000) in free text.
  for (const char* name : {"测试卡", "🚀 GPU", "e\xCC\x81", "\\u0000", "\\ud83d\\ude80", "\xEF\xBB\xBF"}) {
    INFO(name);
    const Result<Catalog> r = overlay_text(std::string(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit", "name": ")") +
                                           name + "\"}]}");
    check_answer(r);
    CHECK(r.ok());
  }
  // Invalid: overlong, surrogate, above U+10FFFF, cut short, stray continuation, 0xFF,
  // and a lone surrogate escape.
  for (const char* bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE6\xB5", "\x80", "\xFF", "\\ud800"}) {
    INFO(json(std::string(bad)).dump(-1, ' ', true, json::error_handler_t::replace));
    for (const std::string& text : {std::string(R"({"schema": "cardfit.catalog/1", "gpus": [{"id": "t4", "replaces": true, "source": "cardfit", "name": ")") + bad + "\"}]}",
                                    std::string(R"({"schema": "cardfit.catalog/1")") + bad + "}"}) {
      const Result<Catalog> r = overlay_text(text);
      REQUIRE_FALSE(r.ok());
      check_answer(r);
    }
  }
  const Result<Catalog> r = load_catalog({CatalogFile{"bad.json", "{\"schema\": \"cardfit.catalog/1\", \"x\": \"\xC3\x28\"}"}});
  REQUIRE_FALSE(r.ok());
  CHECK(en(r.errors[0].message).find("invalid UTF-8 at byte") != std::string::npos);
}

TEST_CASE("odd documents are errors, never crashes", "[catalog][fuzz]") {
  const std::string deep_array(20000, '[');
  std::string deep_object;
  for (int i = 0; i < 5000; ++i) deep_object += R"({"a":)";
  const std::string docs[] = {
      "",
      "   \n\t",
      "null",
      "42",
      "\"cardfit.catalog/1\"",
      "[]",
      "{}",
      "{\"schema\": 1}",
      R"({"schema": "cardfit.catalog/1", "gpus": {}})",
      R"({"schema": "cardfit.catalog/1", "gpus": [1, "x", null, [], {}]})",
      R"({"schema": "cardfit.catalog/1", "gpus": [{"id": 7}]})",
      R"({"schema": "cardfit.catalog/1", "defaults": []})",
      R"({"schema": "cardfit.catalog/1", "models": [{"id": "qwen3-8b", "replaces": true, "source": "cardfit", "moe": {"num_experts": 4}}]})",
      R"({"schema": "cardfit.catalog/1", "models": [{"id": "qwen3-8b", "replaces": true, "source": "cardfit", "num_kv_heads": 5}]})",
      R"({"schema": "cardfit.catalog/1", "offers": [{"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "prices": []}]})",
      R"({"schema": "cardfit.catalog/1", "offers": [{"id": "yiwan-t4-card", "replaces": true, "source": "cardfit", "unit": "slice"}]})",
      R"({"schema": "cardfit.catalog/1", "weight_precisions": [{"id": "int4", "replaces": true, "source": "cardfit", "unquantized": ["lm_head", "lm_head"]}]})",
      R"({"schema": "cardfit.catalog/1", "custom": {"id": "Custom"}})",
      R"({"schema": "cardfit.catalog/1"} trailing)",
      R"({"schema": "cardfit.catalog/1", /* comment */ "gpus": []})",
      "{\"schema\": \"cardfit.catalog/1\", \"gpus\": " + deep_array,
      "{\"schema\": \"cardfit.catalog/1\", \"gpus\": [" + deep_array + std::string(20000, ']') + "]}",
      "{\"schema\": \"cardfit.catalog/1\", \"defaults\": " + deep_object + "1" + std::string(5000, '}') + "}",
      deep_array,
  };
  for (const std::string& text : docs) {
    INFO(text.substr(0, 120));
    if (text.find("[[[[") != std::string::npos) {
      const Result<Catalog> r = overlay_text(text);
      REQUIRE_FALSE(r.ok());
      CHECK(en(r.errors[0].message).find("nested deeper than") != std::string::npos);
    }
    const Result<Catalog> r = overlay_text(text);
    check_answer(r);
    CHECK_FALSE(r.ok());
    const Result<Catalog> loaded = load_catalog({CatalogFile{"odd.json", text}});
    if (!loaded.ok()) CHECK_FALSE(loaded.errors.empty());
  }
}
