// The panels of the UI, one per file (panel_<name>.cpp). Each draws from App::state and
// App::derived and returns nothing; a panel that changes the state sets App::dirty.
#pragma once

#include <string>

#include "app.hpp"
#include "table_export.hpp"
#include "url_state.hpp"

namespace cardfit::ui {

void panel_notices(App& app);   // link notices; input problems with their one-click fixes
void panel_inputs(App& app);    // model, precision, task, sizes, budget and billing
void panel_summary(App& app);   // the pick, memory breakdown, warnings; or why nothing and what would
void panel_options(App& app);   // every rentable option: a table, or one card per option when narrow
void panel_gpus(App& app);      // per-GPU fit, cards, speed
void panel_explain(App& app);   // formulas with the user's numbers, sources
void panel_sources(App& app);   // where every datum in use comes from
void panel_charts(App& app);    // memory vs context, cost vs speed, memory on each card
void panel_capability(App& app);  // what this card can do: the largest model and a table (computed when drawn)

// The capability table's compact columns (model, precision, max context, max concurrency,
// tokens/s) in the interface language: the section and the web page's text view.
TextTable capability_rows(const App& app, const CardCapability& capability);

// A short confirmation next to the top buttons ("Link copied"), for a moment.
void flash(App& app, MsgId what);
void flash(App& app, std::string text, double seconds);

// Applies a suggested change (a fix or an alternative, as link pairs) to the state.
void apply_changes(App& app, const KeyValues& set);

// A config.json text: imported as the custom model (true), or its error kept for the inputs
// panel to show (false).
bool import_config_text(App& app, const std::string& text);

// An imported model (from `text`) becomes the custom model in use.
void use_custom_model(App& app, ImportedModel imported, const std::string& text);

}  // namespace cardfit::ui
