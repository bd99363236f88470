// The one row model of a plan's options: a column per fact and a cell per option, each cell with
// its kind, value, unit and words in the plan's language. The CLI's table (native/cli_plan.cpp),
// CSV and Markdown (table_export.hpp), the UI's options table and cards (ui/option_text.cpp) and
// the page's text view (web/platform_web.cpp, through option_text) all print these cells, so one
// plan reads the same everywhere (docs/architecture.md, "One row model").
#pragma once

#include <string>
#include <vector>

#include "message.hpp"
#include "plan.hpp"

namespace cardfit {

// Which fact a column shows. The order is the order of the columns.
enum class PlanColumn {
  Mark,       // "*" the pick, "ref" a market reference price, "-" a layout without a launch recipe
              // (neither pickable), "" otherwise
  Gpu,        // short name; id = Gpu::id
  Cards,      // "2", "1/7" (a slice), "2x4" (replicas x cards), "8 (16)" (cards rented)
  Platform,   // name in the plan's language, "(from vendor.json)" after it when an overlay gave the
              // offer, its platform or GPU; id = Platform::id
  Offer,      // Offer::id
  Term,       // billing term in the plan's language, "· spot" when spot priced; id = term spelling
  Monthly,    // monthly cost in the plan currency ("?" on inquiry, "*" derived)
  Fit,        // comfortable / tight / does not fit; id = fit spelling
  Headroom,   // memory left over the need, percent
  Speed,      // decode tokens/s per sequence
  Measured,   // a public (or the user's) measurement of the option's configuration and the difference:
              // "decode 61.0 tok/s (-5%)", several joined by "; " (core/estimate/measured.hpp; only
              // when some option has one); value and unit = the first one's figure
  Latency,    // inference: time to first token, ms; training job: its hours
  Cost,       // inference: cost per million tokens; training job: its total cost
  Budget,     // within / over / below (only when the plan has a budget)
  AsOf,       // the price's date, with "month not stated" / "stale price"
  Source,     // the price's source: citations of source ids (detail)
  Overlay,    // the overlay file that added or changed the offer, "" when bundled (detail)
  MeasuredSource,  // where and when each measurement was made: "<source id or address>, 2024-01-10" (detail;
                   // with Measured)
};

enum class CellKind {
  Text,     // words only
  Id,       // words for a catalog id or an enum spelling (`id` holds it, as the plan JSON does)
  Number,   // `value` (known ? a figure : none)
  Money,    // `value`..`high` in the plan currency
  Percent,  // `value` as a fraction (0.19 = 19%)
};

struct Cell {
  CellKind kind = CellKind::Text;
  std::string id;      // Id cells: "rtx-4090", "monthly", "comfortable"
  double value = 0;    // Number, Percent; Money: the low end
  double high = 0;     // Money: the high end (== value when exact)
  bool known = true;   // Number/Money/Percent: false when there is no figure (words "-")
  std::string unit;    // what the figure is in: "CNY/month", "tok/s", "ms", "h", "%", "" for words
  std::string words;   // the cell as a reader sees it, in the plan's language
};

struct PlanColumnHead {
  PlanColumn column = PlanColumn::Mark;
  std::string header;  // in the plan's language, the unit in it where it has one
  int drop = 0;        // a narrow terminal drops these first (highest first); 0 = always shown
  bool shorten = false;  // may be cut with "…" once nothing more can be dropped
  bool detail = false;   // provenance (long citations, file paths): a readable table shows it when asked
                         // (the CLI's --wide); CSV, Markdown and the JSON always carry it
};

struct PlanRow {
  std::vector<Cell> cells;  // one per column, in the order of PlanRows::columns
};

struct PlanRows {
  std::vector<PlanColumnHead> columns;
  std::vector<PlanRow> rows;  // one per listed option, in the plan's order
  // The cell of `column` in `row`; nullptr when the plan has no such column (e.g. Budget without a budget).
  const Cell* cell(const PlanRow& row, PlanColumn column) const;
};

// The options of `plan` as rows in `lang`.
PlanRows plan_rows(const Plan& plan, Lang lang);
// One option's row (the pick, an alternative's pick): the cells of plan_rows(plan, lang).columns.
PlanRow plan_row(const Plan& plan, const Option& option, Lang lang);
// The columns plan_rows gives `plan`.
std::vector<PlanColumnHead> plan_columns(const Plan& plan, Lang lang);

// The pick appears among the options too: this is it.
bool is_pick(const Plan& plan, const Option& option);

}  // namespace cardfit
