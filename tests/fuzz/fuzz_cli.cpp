// Fuzz target: the command line (native/cli_run.cpp): the input is split at NUL bytes into at
// most 24 arguments. Properties: no crash, exception or sanitizer report; the exit status is 0,
// 1 or 2; with --json, standard output is one JSON object whose "ok" says whether the status is
// 0 and whose "schema" names the command's contract; without it, a failure prints nothing on
// standard output and its reason on standard error.
// Files: the harness runs in an empty folder of its own and refuses arguments that could name
// a file elsewhere ('/' or "-" for standard input), so the CLI only ever fails to find them.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli.hpp"
#include "fuzz_support.hpp"

namespace {

bool has(const std::vector<std::string>& args, const char* a) {
  for (const std::string& s : args) {
    if (s == a) return true;
  }
  return false;
}

// CLI11 reads "-hxyz" as -h (short flags cluster) and "--help=x" as --help: help, not JSON.
bool asks_help(const std::vector<std::string>& args) {
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& s = args[i];
    if (s.rfind("--help", 0) == 0 || s.rfind("--version", 0) == 0 || (s.rfind("-h", 0) == 0)) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  char dir[] = "/tmp/cardfit-fuzz-cli-XXXXXX";
  if (mkdtemp(dir) == nullptr || chdir(dir) != 0) std::abort();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"cardfit"};
  std::string cur;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      args.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(data[i]);
    }
  }
  args.push_back(cur);
  if (args.size() > 25) return -1;  // not worth keeping in the corpus
  for (const std::string& a : args) {
    if (a.find('/') != std::string::npos || a == "-" || a.size() > 512) return -1;
  }
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());

  std::ostringstream out, err;
  cardfit::cli::Output io{out, err, 80};
  const int status = cardfit::cli::run(static_cast<int>(argv.size()), argv.data(), io);
  FUZZ_CHECK(status == 0 || status == 1 || status == 2, "the exit status is 0, 1 or 2");

  // --help and --version print CLI11's text whatever else is given; completion prints a script.
  if (asks_help(args) || has(args, "completion")) return 0;
  if (has(args, "--json")) {
    const nlohmann::json doc = nlohmann::json::parse(out.str(), nullptr, false);
    FUZZ_CHECK(doc.is_object(), "with --json, standard output is one JSON object");
    FUZZ_CHECK(doc.contains("ok") || doc.contains("schema"), "the JSON says ok or names its schema");
    if (doc.contains("ok")) FUZZ_CHECK(doc["ok"] == (status == 0), "ok says whether the exit status is 0");
    if (status != 0) FUZZ_CHECK(!doc["errors"].empty(), "a failure lists its errors");
  } else if (status != 0) {
    FUZZ_CHECK(out.str().empty(), "a failure prints nothing on standard output");
    FUZZ_CHECK(!err.str().empty(), "a failure says why on standard error");
  }
  return 0;
}
