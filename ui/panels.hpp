// The panels of the UI, one per file (panel_<name>.cpp). Each draws from App::state and
// App::derived and returns nothing; a panel that changes the state sets App::dirty.
#pragma once

#include "app.hpp"

namespace cardfit::ui {

void panel_inputs(App& app);    // model, precision, task, sizes, budget and billing
void panel_summary(App& app);   // the pick, memory breakdown, warnings, errors
void panel_options(App& app);   // every rentable option, alternatives
void panel_gpus(App& app);      // per-GPU fit, cards, speed
void panel_explain(App& app);   // formulas with the user's numbers, sources
void panel_sources(App& app);   // where every datum in use comes from

}  // namespace cardfit::ui
