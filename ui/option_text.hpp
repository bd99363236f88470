// An option's cells as text in the interface language, joined from the plan's row model
// (core/io/plan_rows.hpp, which the CLI, CSV and Markdown print): the options table and cards
// draw them, the copied result and the web page's text view print them, so all read the same.
#pragma once

#include <string>
#include <vector>

#include "app.hpp"
#include "plan_rows.hpp"

namespace cardfit::ui {

struct OptionText {
  std::string gpu;       // "RTX 4090 24GB x1", "A100 40GB x1/7" (a slice), "RTX 4090 24GB x2x4" (replicas)
  std::string platform;  // "Zhixingyun"
  std::string term;      // "monthly", "hourly · spot"
  std::string cost;      // "1,026 CNY/month" ("?" after the amount: on inquiry; "*": derived)
  std::string budget;    // "within" / "over" / "below" ("" without a budget)
  std::string fit;       // "comfortable"
  std::string speed;     // "54.6 t/s · 7.25/M", or a training job's hours and cost
  std::string measured;  // "measured decode 61.0 tok/s (-5%)": the measurements of this configuration, short
                         // (the row model's Measured cell); "" where none matches
  std::vector<std::string> measured_lines;  // each in full: cardfit's figure, the difference, source and date
};

OptionText option_text(const App& app, const Plan& plan, const Option& option);

using cardfit::is_pick;  // core/io/plan_rows.hpp

}  // namespace cardfit::ui
