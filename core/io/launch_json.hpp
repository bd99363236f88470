// Launch commands (core/plan/launch.hpp) and the benchmark beside them (core/plan/verify.hpp) as
// JSON, for the estimate and plan writers (private to core/io).
#pragma once

#include <vector>

#include "json_writer.hpp"
#include "launch.hpp"
#include "verify.hpp"

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

// [{"field": "avg_ts", "select": "n_prompt=1024 n_gen=0 n_depth=0" | null,
//   "figure": "prefill_tokens_per_s", "predicted": 2400.5, "unit": "tok/s"}, ...]
inline void compare_json(JsonWriter& w, const std::vector<VerifyCompare>& compare) {
  w.begin_array();
  for (const VerifyCompare& c : compare) {
    w.begin_object()
        .field("field", c.field)
        .field_if("select", !c.select.empty(), c.select)
        .field("figure", c.figure)
        .field("predicted", c.predicted)
        .field("unit", c.unit)
        .end_object();
  }
  w.end_array();
}

// {"tool": "llama-bench", "launch": "llama-server", "command": "llama-bench ...", "argv": [...],
//  "compare": [...], "also": [{"tool": "vllm-bench-latency", "command": ..., "argv": [...],
//  "compare": [...]}]} or null.
inline void verify_json(JsonWriter& w, const std::optional<VerifyCommand>& v) {
  if (!v) {
    w.null();
    return;
  }
  w.begin_object()
      .field("tool", name_of(v->tool))
      .field("launch", name_of(v->launch))
      .field("command", v->text)
      .key("argv")
      .begin_array();
  for (const ShellWord& a : v->argv) w.value(a.text);
  w.end_array();
  compare_json(w.key("compare"), v->compare);
  w.key("also").begin_array();
  for (const VerifyRun& r : v->also) {
    w.begin_object().field("tool", name_of(r.tool)).field("command", r.text).key("argv").begin_array();
    for (const ShellWord& a : r.argv) w.value(a.variable ? "$" + a.text : a.text);
    w.end_array();
    compare_json(w.key("compare"), r.compare);
    w.end_object();
  }
  w.end_array().end_object();
}

}  // namespace cardfit
