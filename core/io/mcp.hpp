// `cardfit mcp`: a Model Context Protocol server (docs/agents.md). This is its protocol, as a
// pure function: one JSON-RPC 2.0 message in (one line of the stdio transport), the reply out.
// The native loop (native/cli_mcp.cpp) only reads lines from stdin and writes the replies.
//
// Tools: estimate, plan, capacity and catalog_search. Their input schemas are made from the
// input table (core/estimate/inputs.hpp, the CLI's flags and the links' keys) with its help text
// (io/input_words.hpp); their results are the CLI's JSON text (estimate_to_json, plan_to_json,
// capability_to_json, catalog_to_json) as a text content item and as structuredContent. A bad
// argument is a tool result with isError true whose text is errors_to_json (each error naming
// its field, in the `lang` argument's language or the server's); a message that is not JSON is
// -32700, not a JSON-RPC request -32600, an unknown method -32601, an unknown tool -32602.
// Never throws, never aborts on any input.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "message.hpp"

namespace cardfit {

// The protocol revisions served, newest first; initialize answers with the client's when it
// is one of these, else with the first. (2026-07-28, a stateless revision without initialize,
// is not served.)
const std::vector<std::string>& mcp_protocol_versions();

struct McpServer {
  const Catalog* catalog = nullptr;  // the bundled catalog with the user's overlays
  std::string today;                 // YYYY-MM-DD: how old each price is (plan); the core has no clock
  std::string version;               // serverInfo.version
  Lang lang = Lang::En;              // the client's locale: when a call gives no `lang`
};

// What a connection has agreed so far.
struct McpSession {
  std::string protocol_version;  // empty until initialize
  bool initialized = false;      // notifications/initialized seen
};

// The reply to one message (without a trailing newline), or "" when none is due (a
// notification, or a response from the client).
std::string mcp_reply(const McpServer& server, McpSession& session, std::string_view message);

// The -32700 reply for a message the transport refused unread (longer than `limit` bytes).
std::string mcp_too_large(const McpServer& server, std::size_t limit);

}  // namespace cardfit
