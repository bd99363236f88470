// An option's cells as text in the interface language: the options table and cards draw them,
// the copied result and the web page's text view print them, so all read the same.
#pragma once

#include <string>

#include "app.hpp"

namespace cardfit::ui {

struct OptionText {
  std::string gpu;       // "RTX 4090 24GB x1"
  std::string platform;  // "Zhixingyun"
  std::string term;      // "monthly", "hourly · spot"
  std::string cost;      // "1,026 CNY/month" ("≈" in front: on inquiry; "*" after: derived)
  std::string budget;    // "within" / "over" / "below" ("" without a budget)
  std::string fit;       // "comfortable"
  std::string speed;     // "54.6 t/s · 7.25/M", or a training job's hours and cost
};

OptionText option_text(const App& app, const Plan& plan, const Option& option);

// The pick appears among the options too: this is it.
bool is_pick(const Plan& plan, const Option& option);

}  // namespace cardfit::ui
