// The result as plain text in the interface language: what "copy result" puts on the clipboard
// (the scenario, the pick and its reason, the memory, the options, the warnings, the link), with
// the measurements of a configuration where one matches (the pick's in full; each option's short
// marker and where and when it was measured), as the options and the explanation show them.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "app.hpp"

namespace cardfit::ui {

// "Qwen2.5-7B · BF16 · Inference · 4k · no budget": what the results are for.
std::string scenario_line(const App& app, const Plan& plan);

std::string result_text(const App& app, const std::string& link);

// The parts of the memory breakdown that are not zero, with their labels, in display order.
std::vector<std::pair<MsgId, std::int64_t>> memory_parts(const MemoryBreakdown& m);

}  // namespace cardfit::ui
