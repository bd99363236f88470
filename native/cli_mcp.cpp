// `cardfit mcp`: the Model Context Protocol server over stdio (docs/agents.md). The protocol is
// the core's pure function (core/io/mcp.hpp); this file is the transport: one JSON-RPC message
// per line on standard input, one reply per line on standard output (nothing else is written
// there), notes on standard error. End of input ends the server with exit status 0.
#include <cstdlib>
#include <istream>
#include <memory>
#include <string>

#if !defined(_WIN32)
#include <csignal>
#endif

#include "cardfit_version.hpp"
#include "cli.hpp"
#include "cli_scenario.hpp"
#include "limits.hpp"
#include "mcp.hpp"
#include "messages.hpp"
#include "native_files.hpp"

namespace cardfit::cli {
namespace {

struct McpOptions {
  std::string lang;  // --lang; else the locale's (LC_ALL, LC_MESSAGES, LANG)
};

// The client's locale, as the environment it started us with says: zh_CN.UTF-8 -> zh.
Lang locale_lang() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0') continue;
    return std::string(v).rfind("zh", 0) == 0 ? Lang::Zh : Lang::En;
  }
  return Lang::En;
}

enum class Read { Line, TooLong, End };

// One line of at most `limit` bytes (its '\n' and a '\r' before it dropped). A longer line is
// read to its end and dropped: the server answers it and goes on.
Read read_line(std::istream& in, std::string& line, std::size_t limit) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool too_long = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      if (line.empty() && !too_long) return Read::End;
      break;
    }
    if (c == '\n') break;
    if (line.size() >= limit) {
      too_long = true;
      line.clear();
    }
    if (!too_long) line += static_cast<char>(c);
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return too_long ? Read::TooLong : Read::Line;
}

int run_mcp(const McpOptions& opts, const CommonOptions& common, Output& io) {
  Format f;  // problems before serving (an overlay that does not load) go to standard error
  f.lang = locale_lang();
  if (!read_lang_flag(opts.lang, f, io)) return kInvalid;
  std::optional<Catalog> catalog = load_catalog_or_report(common, f, io);
  if (!catalog) return kInvalid;
  if (io.in == nullptr) return kOk;
#if !defined(_WIN32)
  std::signal(SIGPIPE, SIG_IGN);  // a client that goes away is the end of input, not a crash
#endif
  const McpServer server{&*catalog, native::today(), kVersion, f.lang};
  McpSession session;
  std::string line;
  for (;;) {
    const Read r = read_line(*io.in, line, kMaxFileBytes);
    if (r == Read::End) return kOk;
    if (r == Read::Line && line.find_first_not_of(" \t") == std::string::npos) continue;  // a blank line
    const std::string answer = r == Read::TooLong ? mcp_too_large(server, kMaxFileBytes) : mcp_reply(server, session, line);
    if (answer.empty()) continue;
    io.out << answer << '\n';
    io.out.flush();
    if (!io.out) return kOk;  // standard output closed
  }
}

}  // namespace

void add_mcp_command(CLI::App& app, Command& cmd) {
  auto opts = std::make_shared<McpOptions>();
  CLI::App* sub = app.add_subcommand(
      "mcp", "Serve the estimate, plan, capacity and catalog_search tools to an AI agent: a Model Context Protocol "
             "server on standard input and output (docs/agents.md)");
  sub->add_option("--lang", opts->lang, "Language of tool descriptions and errors when a call gives no lang: zh | en "
                                        "(default: from LC_ALL / LC_MESSAGES / LANG)")
      ->type_name("zh|en")
      ->expected(0, 1);
  add_catalog_flag(sub, cmd.common);
  cmd.runners[sub] = [opts, &cmd] { return run_mcp(*opts, cmd.common, cmd.io); };
}

}  // namespace cardfit::cli
