// The catalog as a compact binary snapshot: what the web page embeds instead of the catalog's
// JSON files, so that it starts without parsing and checking 316 KB of JSON (docs/web.md).
// The snapshot is written at build time from the catalog that load_catalog() read and
// validated (tools/catalog_snapshot.cpp), walking the same field lists as the JSON reader,
// writer and checker (catalog_fields.hpp), so it holds exactly what the JSON does; tests
// compare the two catalogs. Reading checks every length and count and fails with a message,
// never reading past the end.
#pragma once

#include <string>
#include <string_view>

#include "catalog.hpp"
#include "result.hpp"

namespace cardfit {

std::string catalog_snapshot(const Catalog& catalog);
Result<Catalog> catalog_from_snapshot(std::string_view bytes);

// The catalog the page carries (tools/catalog_snapshot.cpp): without the entries' own notes (how
// a maintainer read each figure off its source) and the sources' notes, which the page never shows
// (it cites a source by title, publisher, date and address); the measurements' figures,
// configurations, sources and dates stay, without their calibration fields (tolerance, version,
// outside_reason) (docs/web.md). Of the measurements it keeps only those an estimate can show
// (measurement_on_page).
Catalog without_entry_notes(Catalog catalog);

// A measurement the matcher can put beside an estimate (core/estimate/measured.hpp): an inference
// row that names a model and a weight precision, without offload or a bad key, of a metric an
// estimate has a figure for (estimated_figure). The rest (training rows, KV token counts) serve
// the calibration and the CLI, never the page, whose snapshot leaves them out.
bool measurement_on_page(const Measurement& m);

}  // namespace cardfit
