// Launch commands (core/plan/launch.hpp) as JSON, for the estimate and plan writers (private to core/io).
#pragma once

#include <vector>

#include "json_writer.hpp"
#include "launch.hpp"

namespace cardfit {

// [{"kind": "vllm", "file": null, "text": "vllm serve ...", "argv": ["vllm", "serve", ...]}, ...]
// `argv`: a command line's words as the shell will pass them (a variable as "$NAME"); null for a file.
inline void launch_json(JsonWriter& w, const std::vector<LaunchCommand>& commands) {
  w.begin_array();
  for (const LaunchCommand& c : commands) {
    w.begin_object()
        .field("kind", name_of(c.kind))
        .field_if("file", !c.file.empty(), c.file)
        .field("text", c.text)
        .key("argv");
    if (c.argv.empty()) {
      w.null();
    } else {
      w.begin_array();
      for (const ShellWord& a : c.argv) w.value(a.variable ? "$" + a.text : a.text);
      w.end_array();
    }
    w.end_object();
  }
  w.end_array();
}

}  // namespace cardfit
