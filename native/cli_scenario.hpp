// The scenario flags shared by `cardfit estimate` and `cardfit plan` (docs/cli.md): registered
// as plain strings so that "8k", "7B" and bad values reach our own parser (core/numbers.hpp)
// and every problem comes back as {"field", "message"}, in JSON when --json is given.
#pragma once

#include <CLI/CLI.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "cli.hpp"
#include "result.hpp"
#include "scenario.hpp"

namespace cardfit::cli {

struct ScenarioFlags {
  std::string model;          // --model ID
  std::string params;         // --params N: a custom model from a parameter count (assumed shapes)
  std::string config;         // --config FILE: a custom model from a Hugging Face config.json
  std::string precision;      // --precision ID (default bf16; QLoRA: nf4)
  std::string task;           // --task inference|lora|qlora|full|pretrain
  std::string kv_precision;   // --kv-precision ID
  std::string context;        // --context N (tokens; k = 1024)
  std::string prompt;         // --prompt N (tokens; k = 1024)
  std::string concurrency;    // --concurrency N
  std::string batch;          // --batch N (training micro-batch)
  std::string lora_rank;      // --lora-rank N
  std::string lora_targets;   // --lora-targets q,k,v,o,gate,up,down | all-linear | attention | mlp
  std::string optimizer;      // --optimizer adamw|adamw-8bit|sgd
  std::string zero;           // --zero 0|1|2|3 (default: lowest that fits)
  std::string checkpointing;  // --checkpointing none|selective|full
  std::string tokens;         // --tokens N (training tokens)
  std::string tp;             // --tp N (training tensor parallelism)
  std::string engine;         // --engine ID
  std::string gpu;            // --gpu ID
  std::string cards;          // --cards N (0 = automatic)
  std::string headroom;       // --headroom F (0.2 or 20%)
  std::string mfu;            // --mfu F (0.4 or 40%)
  std::string lang;           // --lang zh|en
  std::vector<const CLI::Option*> options;  // for "given without a value" checks
};

// Registers the scenario flags on a subcommand. Each takes zero or one value so that a
// missing value is reported by make_scenario (not by CLI11); call app->allow_extras() too and
// pass app->remaining() to unknown_arguments().
void add_scenario_flags(CLI::App* app, ScenarioFlags& flags);

// --catalog FILE (repeatable), bound to common.catalog_files.
void add_catalog_flag(CLI::App* app, CommonOptions& common);

// Flags -> Scenario, checked against the catalog: unknown ids, bad numbers, a custom model
// from --params / --config (reads the file). Errors name the flag's field ("context", ...).
Result<Scenario> make_scenario(const ScenarioFlags& flags, const Catalog& catalog);

// Issues for arguments CLI11 did not recognise (allow_extras): {"--foo", "unknown option"}.
std::vector<Issue> unknown_arguments(const std::vector<std::string>& remaining);

// {"ok": false, "errors": [{"field", "message"}]} with --json, else "error: message" lines.
void print_errors(const std::vector<Issue>& issues, bool json, std::ostream& out);

}  // namespace cardfit::cli
