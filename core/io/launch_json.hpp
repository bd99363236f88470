// Launch commands (core/plan/launch.hpp) as JSON, for the estimate and plan writers (private to core/io).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "launch.hpp"

namespace cardfit {

// [{"kind": "vllm", "file": null, "text": "vllm serve ..."}, ...]
inline nlohmann::ordered_json launch_json(const std::vector<LaunchCommand>& commands) {
  using json = nlohmann::ordered_json;
  json out = json::array();
  for (const LaunchCommand& c : commands) {
    out.push_back(json{{"kind", std::string(name_of(c.kind))},
                       {"file", c.file.empty() ? json(nullptr) : json(c.file)},
                       {"text", c.text}});
  }
  return out;
}

}  // namespace cardfit
