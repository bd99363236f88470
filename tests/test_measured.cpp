// core/estimate/measured.hpp: measurements beside the estimate of the same configuration, and a
// user's own measurements file (catalog_load.hpp load_your_measurements; docs/measurements.md).
// The rows used are bundled ones (assets/catalog/measurements.json): the llama.cpp llama-bench
// tg128 run of ggml-org/llama.cpp PR 4766 (llama 7B F16 on an RTX 4090, 61.03 tok/s, 2024-01-10).
#include <catch2/catch.hpp>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "calibration.hpp"
#include "catalog_load.hpp"
#include "catalog_snapshot.hpp"
#include "estimate.hpp"
#include "measured.hpp"
#include "test_support.hpp"
#include "url_state.hpp"
#include "user_file.hpp"

using namespace cardfit;

namespace {

constexpr const char* kRow = "llamacpp-4090-llama2-7b-f16-tg128";

// The public row's figure and source, as a user's file would repeat them: only the reading is tested.
constexpr const char* kGood = R"({"schema": "cardfit.measurements/1", "measurements": [
    {"id": "my-4090-run", "metric": "decode_tokens_per_s", "measured": 61.03,
     "scenario": "model=llama-2-7b&precision=fp16&engine=llama.cpp&gpu=rtx-4090&cards=1&context=128&prompt=1",
     "source": "https://github.com/ggml-org/llama.cpp/pull/4766", "date": "2024-01-10"}]})";

// The scenario a row's link query reproduces (the link reader's own parse).
// The bundled catalog as the JSON loader reads it: test::catalog() natively; in the page's build,
// where that is the snapshot (only the measurements an estimate can show, catalog_snapshot.hpp),
// every row of assets/catalog/measurements.json.
const Catalog& json_catalog() {
  static const Catalog c = [] {
    std::vector<CatalogFile> files;
    for (const assets::File& f : assets::catalog_files()) files.push_back(CatalogFile{std::string(f.name), f.text});
    Result<Catalog> r = load_catalog(files);
    INFO(test::all_errors(r.errors));
    REQUIRE(r.ok());
    return *r.value;
  }();
  return c;
}

Scenario scenario_of(const Measurement& m) {
  Result<PlanRequest> r = request_from_pairs_strict(test::catalog(), decode_query(m.scenario));
  REQUIRE(r.ok());
  return r.value->scenario;
}

const Measurement& row() {
  const Measurement* m = test::catalog().find_measurement(kRow);
  REQUIRE(m != nullptr);
  return *m;
}

bool shows(const Estimate& e, const std::string& id) {
  for (const MeasuredFigure& f : e.gpus.front().measured) {
    if (f.id == id) return true;
  }
  return false;
}

const MeasuredFigure& figure(const Estimate& e, const std::string& id) {
  for (const MeasuredFigure& f : e.gpus.front().measured) {
    if (f.id == id) return f;
  }
  FAIL("no measured figure " << id);
  return e.gpus.front().measured.front();
}

}  // namespace

TEST_CASE("measured: a row's own scenario shows the row, with the estimate's figure and the difference",
          "[measured]") {
  const Estimate e = test::run(scenario_of(row()));
  REQUIRE(shows(e, kRow));
  const MeasuredFigure& f = figure(e, kRow);
  const GpuEstimate& g = e.gpus.front();
  CHECK(f.figure == "decode_tokens_per_s");
  CHECK(f.unit == "tok/s");
  CHECK(f.value == Approx(61.03));
  CHECK(f.as_of == "2024-01-10");
  CHECK(f.source_id == "https://github.com/ggml-org/llama.cpp/pull/4766");
  CHECK(f.estimate == Approx(g.decode_tokens_per_s));
  CHECK(f.delta == Approx((g.decode_tokens_per_s - 61.03) / 61.03));
  CHECK(f.twin.empty());
  CHECK_FALSE(f.yours);
}

TEST_CASE("measured: each criterion alone can fail the match", "[measured]") {
  const Scenario base = scenario_of(row());
  REQUIRE(shows(test::run(base), kRow));
  struct Change {
    const char* what;
    void (*apply)(Scenario&);
    bool still;
  };
  const Change changes[] = {
      {"another GPU", [](Scenario& s) { s.gpu = "rtx-3090"; }, false},
      {"another card count", [](Scenario& s) { s.cards = 2; }, false},
      {"another engine", [](Scenario& s) { s.engine = "vllm"; }, false},
      {"another precision", [](Scenario& s) { s.precision = "q8_0"; }, false},
      {"another KV precision", [](Scenario& s) { s.kv_precision = "int8"; }, false},
      {"another concurrency", [](Scenario& s) { s.concurrency = 2; }, false},
      {"context more than 2x", [](Scenario& s) { s.context = 257; }, false},
      {"context less than half", [](Scenario& s) { s.context = 63; }, false},
      {"context exactly 2x", [](Scenario& s) { s.context = 256; }, true},
      {"context exactly half", [](Scenario& s) { s.context = 64; }, true},
      {"another model", [](Scenario& s) { s.model = "qwen2.5-7b"; }, false},
      {"training", [](Scenario& s) { s.task = Task::Full; }, false},
  };
  for (const Change& c : changes) {
    Scenario s = base;
    c.apply(s);
    Result<Estimate> e = estimate(test::catalog(), s);
    INFO(c.what);
    REQUIRE(e.ok());
    CHECK(shows(*e.value, kRow) == c.still);
  }
}

TEST_CASE("measured: the difference's sign says whether cardfit says more or less", "[measured]") {
  const Estimate e = test::run(scenario_of(row()));
  const GpuEstimate& g = e.gpus.front();
  Catalog c = test::catalog();
  Measurement slower = row();
  slower.id = "half";
  slower.measured = g.decode_tokens_per_s / 2;  // measured slower: the estimate is above, delta +1
  Measurement faster = row();
  faster.id = "double";
  faster.measured = g.decode_tokens_per_s * 2;  // measured faster: the estimate is below, delta -0.5
  c.your_measurements = {slower, faster};
  const Estimate mine = test::run(scenario_of(row()), c);
  CHECK(figure(mine, "half").delta == Approx(1.0));
  CHECK(figure(mine, "double").delta == Approx(-0.5));
  CHECK(figure(mine, "half").yours);
  CHECK_FALSE(figure(mine, kRow).yours);
}

TEST_CASE("measured: an architecture twin stands in for the model, and says so", "[measured]") {
  Catalog c = test::catalog();
  Model twin = test::model("llama-2-7b");
  twin.id = "my-llama-2-7b-finetune";
  twin.name = "My Llama 2 7B fine-tune";
  twin.aliases.clear();
  twin.max_context = 16384;  // a longer context limit does not change the shape
  c.models.push_back(twin);
  CHECK(architecture_twins(twin, test::model("llama-2-7b")));
  Scenario s = scenario_of(row());
  s.model = twin.id;
  Estimate e = test::run(s, c);
  REQUIRE(shows(e, kRow));
  CHECK(figure(e, kRow).twin == "llama-2-7b");

  Model wider = twin;
  wider.id = "wider";
  wider.intermediate_size += 128;  // one shape field differs: no longer a twin
  CHECK_FALSE(architecture_twins(wider, test::model("llama-2-7b")));
  c.models.push_back(wider);
  s.model = "wider";
  CHECK_FALSE(shows(test::run(s, c), kRow));
}

TEST_CASE("measured: training rows and slices of figures the estimate does not show match nothing",
          "[measured]") {
  // The JSON catalog's rows: the page's snapshot leaves out both (measurement_on_page).
  const Catalog& c = json_catalog();
  // A KV-token row's figure is not one the estimate shows: no line even on its own scenario.
  const Measurement* kv = c.find_measurement("vllm-a100-llama2-7b-fp16-kvtokens-v0");
  REQUIRE(kv != nullptr);
  CHECK_FALSE(shows(test::run(scenario_of(*kv), c), kv->id));
  CHECK_FALSE(measurement_on_page(*kv));
  // A training row: the estimate of its own scenario shows nothing.
  const Measurement* train = c.find_measurement("train-8xh100-mpt-7b-bf16-tokps");
  REQUIRE(train != nullptr);
  CHECK(test::run(scenario_of(*train), c).gpus.front().measured.empty());
  CHECK_FALSE(measurement_on_page(*train));
}

TEST_CASE("measured: a user's file is read apart from the bundled rows, and bad figures name their field",
          "[measured]") {
  const Catalog& base = test::catalog();
  const std::string good = kGood;
  Result<std::vector<Measurement>> mine = load_your_measurements(base, CatalogFile{"mine.json", good});
  REQUIRE(mine.ok());
  REQUIRE(mine.value->size() == 1);
  CHECK(base.find_measurement("my-4090-run") == nullptr);  // never merged into the bundled rows

  struct Bad {
    const char* key;    // the good row's field replaced
    const char* value;  // by this JSON value
    const char* field;  // the path the error names
  };
  const Bad bad[] = {
      {"measured", "-3", "measurements[0].measured"},
      {"measured", "0", "measurements[0].measured"},
      {"measured", "5e7", "measurements[0].measured"},  // 50 million tok/s for one sequence
      {"measured", "\"fast\"", "measurements[0].measured"},
      {"metric", "\"speed\"", "measurements[0].metric"},
      {"date", "\"yesterday\"", "measurements[0].date"},
      {"id", "\"My Run\"", "measurements[0].id"},
      {"scenario", "\"model=llama-2-7b&gpu=rtx-9999&cards=1\"", "measurements[0].scenario"},
      {"scenario", "\"model=llama-9&gpu=rtx-4090&cards=1\"", "measurements[0].scenario"},
      {"scenario", "\"model=llama-2-7b&gpu=rtx-4090&cards=0\"", "measurements[0].scenario"},
      {"scenario", "\"model=llama-2-7b&cards=1\"", "measurements[0].scenario"},
      {"source", "\"not-a-known-source\"", "measurements[0].source"},
  };
  for (const Bad& b : bad) {
    nlohmann::json doc = nlohmann::json::parse(good);
    doc["measurements"][0][b.key] = nlohmann::json::parse(b.value);
    Result<std::vector<Measurement>> r = load_your_measurements(base, CatalogFile{"mine.json", doc.dump()});
    INFO(b.key << " = " << b.value);
    REQUIRE_FALSE(r.ok());
    CHECK(test::all_errors(r.errors).find(b.field) != std::string::npos);
  }

  // Only measurements: a file that also changes a GPU is refused, the section named.
  const std::string extra = R"({"schema": "cardfit.measurements/1", "gpus": [], "measurements": []})";
  Result<std::vector<Measurement>> r = load_your_measurements(base, CatalogFile{"mine.json", extra});
  REQUIRE_FALSE(r.ok());
  CHECK(test::all_errors(r.errors).find("mine.json: gpus") != std::string::npos);
}

TEST_CASE("measured: every bundled row names catalog ids and a source that resolves", "[measured]") {
  const Catalog& c = test::catalog();
  REQUIRE(c.measurements.size() >= 100);
  for (const Measurement& m : c.measurements) {
    INFO(m.id);
    const MeasurementScenario sc = measurement_scenario(m.scenario);
    CHECK(sc.bad_key.empty());
    CHECK(c.find_gpu(sc.gpu) != nullptr);
    if (!sc.model.empty()) CHECK(c.find_model(sc.model) != nullptr);
    CHECK(find_measurement_metric(m.metric) != nullptr);
    CHECK((m.source.rfind("https://", 0) == 0 || c.find_source(m.source.substr(0, m.source.find(' '))) != nullptr));
  }
}

TEST_CASE("measured: a catalog overlay cannot touch the bundled rows, and a dropped measurements file is yours",
          "[measured]") {
  const std::string overlay = R"({"schema": "cardfit.catalog/1", "measurements": []})";
  Result<Catalog> r = apply_overlay(test::catalog(), CatalogFile{"vendor.json", overlay});
  REQUIRE_FALSE(r.ok());
  CHECK(test::all_errors(r.errors).find("vendor.json: measurements") != std::string::npos);

  Result<OpenedFile> f = open_user_file(test::catalog(), "mine.json", kGood);
  REQUIRE(f.ok());
  CHECK(f.value->kind == FileKind::Overlay);
  REQUIRE(f.value->catalog);
  CHECK(f.value->catalog->your_measurements.size() == 1);
  CHECK(f.value->catalog->measurements.size() == test::catalog().measurements.size());
  CHECK(test::en(f.value->summary).find("mine.json: 1 rows") != std::string::npos);
}

// A serving benchmark (its scenario names output-tokens) is compared with cardfit's figure under the
// benchmark's conditions, prefill mixed in, by the very computation the calibration holds to its
// tolerance: the delta shown is the calibration's residual for that row, whether or not the estimate
// itself names output-tokens.
TEST_CASE("measured: a serving row's delta is the calibration's residual for it", "[measured][calibration]") {
  const calibration::Rows rows = calibration::parse_rows(calibration::embedded_rows());
  REQUIRE(rows.errors.empty());
  int checked = 0;
  int moved = 0;  // rows whose figure differs from the estimate's decode-only figure
  for (const calibration::Row& r : rows.rows) {
    const Measurement* m = test::catalog().find_measurement(r.id);
    if (m == nullptr || measurement_scenario(r.scenario).output_tokens == 0) continue;
    INFO(r.id << ": " << r.scenario);
    const calibration::Prediction p = calibration::predict(test::catalog(), r);
    REQUIRE(p.error.empty());
    Scenario plain = scenario_of(*m);
    REQUIRE(plain.output_tokens > 0);
    for (const bool names_output : {true, false}) {
      Scenario sc = plain;
      if (!names_output) sc.output_tokens = 0;  // the estimate shows decode alone
      const Estimate e = test::run(sc);
      REQUIRE(shows(e, r.id));
      const MeasuredFigure& f = figure(e, r.id);
      CHECK(f.compared_with == ComparedWith::Serving);
      CHECK(f.value == r.measured);
      CHECK(f.delta == Approx(p.relative_error()).epsilon(1e-12));
      CHECK(f.estimate == Approx(p.value).epsilon(1e-12));
      if (!names_output) {
        const std::optional<double> decode = estimated_figure(e.gpus.front(), r.metric);
        REQUIRE(decode);
        if (std::fabs(*decode / f.estimate - 1) > 1e-6) ++moved;
      }
    }
    ++checked;
  }
  CHECK(checked >= 50);  // 59 serving rows bundled on 2026-12-06
  CHECK(moved > checked / 2);
}

TEST_CASE("measured: a decode-only row (llama-bench tg) still compares with decode", "[measured]") {
  for (const std::int64_t output : {std::int64_t{0}, std::int64_t{64}}) {
    Scenario sc = scenario_of(row());
    sc.output_tokens = output;  // an estimate with output-tokens has g.mixed; the row is not a serving run
    const Estimate e = test::run(sc);
    INFO("output tokens " << output);
    REQUIRE(shows(e, kRow));
    REQUIRE(e.gpus.front().mixed.has_value() == (output > 0));
    const MeasuredFigure& f = figure(e, kRow);
    CHECK(f.compared_with == ComparedWith::Estimate);
    CHECK(f.estimate == Approx(e.gpus.front().decode_tokens_per_s).epsilon(1e-12));
    CHECK(measured_message(f, f.source_id).args.size() > 0);
  }
}
