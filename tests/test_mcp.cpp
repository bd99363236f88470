// core/io/mcp.hpp: the MCP server's protocol as a pure function (one message in, the reply out).
// Expectations come from the JSON-RPC 2.0 specification (error codes, section 5.1), MCP
// 2025-11-25 (basic/lifecycle: version negotiation; server/tools: tools/list, tools/call,
// isError) and the input table (core/estimate/inputs.cpp): each schema is checked against the
// table's rows, not against a copy of them.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <set>
#include <string>

#include "inputs.hpp"
#include "mcp.hpp"
#include "test_support.hpp"

using namespace cardfit;
using nlohmann::json;

namespace {

McpServer server(Lang lang = Lang::En) { return McpServer{&test::catalog(), "2026-12-01", "test", lang}; }

json ask(const std::string& message, Lang lang = Lang::En) {
  McpSession session;
  const std::string out = mcp_reply(server(lang), session, message);
  INFO(out);
  json doc = json::parse(out, nullptr, false);
  REQUIRE(doc.is_object());
  CHECK(doc["jsonrpc"] == "2.0");
  return doc;
}

json call(const std::string& tool, const json& arguments, Lang lang = Lang::En) {
  const json request{{"jsonrpc", "2.0"}, {"id", 7}, {"method", "tools/call"},
                     {"params", {{"name", tool}, {"arguments", arguments}}}};
  json r = ask(request.dump(), lang);
  REQUIRE(r.contains("result"));
  return r["result"];
}

// The errors of a tool result that failed.
json errors_of(const json& result) {
  REQUIRE(result["isError"] == true);
  REQUIRE(result["content"][0]["type"] == "text");
  const json doc = json::parse(result["content"][0]["text"].get<std::string>());
  CHECK(doc == result["structuredContent"]);
  CHECK(doc["ok"] == false);
  return doc["errors"];
}

json tools() {
  const json r = ask(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
  return r["result"]["tools"];
}

json tool(const std::string& name) {
  for (const json& t : tools()) {
    if (t["name"] == name) return t;
  }
  FAIL("no tool " << name);
  return {};
}

}  // namespace

TEST_CASE("mcp: initialize answers the client's revision when served, else the newest", "[mcp]") {
  for (const std::string& v : mcp_protocol_versions()) {
    const json r = ask(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":")" + v +
                       R"(","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})");
    CHECK(r["id"] == 1);
    CHECK(r["result"]["protocolVersion"] == v);
    CHECK(r["result"]["capabilities"].contains("tools"));
    CHECK(r["result"]["serverInfo"]["name"] == "cardfit");
  }
  const json old = ask(R"({"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":"1999-01-01"}})");
  CHECK(old["id"] == "a");  // a string id comes back as a string
  CHECK(old["result"]["protocolVersion"] == mcp_protocol_versions().front());
}

TEST_CASE("mcp: notifications and client responses get no reply, ping an empty result", "[mcp]") {
  McpSession s;
  CHECK(mcp_reply(server(), s, R"({"jsonrpc":"2.0","method":"notifications/initialized"})").empty());
  CHECK(s.initialized);
  CHECK(mcp_reply(server(), s, R"({"jsonrpc":"2.0","method":"notifications/whatever"})").empty());
  CHECK(mcp_reply(server(), s, R"({"jsonrpc":"2.0","id":3,"result":{}})").empty());
  CHECK(ask(R"({"jsonrpc":"2.0","id":2,"method":"ping"})")["result"] == json::object());
}

TEST_CASE("mcp: JSON-RPC errors: parse -32700, not a request -32600, unknown method -32601, unknown tool -32602", "[mcp]") {
  for (const char* bad : {"{bad", "", "\"\\ud800\"x", "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}"}) {
    const json r = ask(bad);
    CHECK(r["error"]["code"] == -32700);
    CHECK(r["id"].is_null());
  }
  for (const char* bad : {"[1,2]", "42", R"({"id":1,"method":"ping"})", R"({"jsonrpc":"1.0","id":1,"method":"ping"})",
                          R"({"jsonrpc":"2.0","id":{"x":1},"method":"ping"})", R"({"jsonrpc":"2.0","id":1,"method":5})"}) {
    CHECK(ask(bad)["error"]["code"] == -32600);
  }
  const json unknown = ask(R"({"jsonrpc":"2.0","id":9,"method":"resources/list"})");
  CHECK(unknown["id"] == 9);
  CHECK(unknown["error"]["code"] == -32601);
  CHECK(ask(R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"estimat"}})")["error"]["code"] == -32602);
  CHECK(ask(R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":[]})")["error"]["code"] == -32602);
}

TEST_CASE("mcp: every prefix of a request is answered, never a crash", "[mcp]") {
  const std::string full =
      R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"estimate","arguments":{"model":"qwen2.5-7b","context":"8k","platform":["a"]}}})";
  McpSession s;
  for (std::size_t n = 0; n < full.size(); ++n) {
    const std::string out = mcp_reply(server(), s, full.substr(0, n));
    CHECK(json::parse(out, nullptr, false)["error"]["code"] == -32700);
  }
}

TEST_CASE("mcp: tool schemas are the input table's rows", "[mcp]") {
  const json est = tool("estimate")["inputSchema"];
  const json plan = tool("plan")["inputSchema"];
  CHECK(est["type"] == "object");
  std::set<std::string> scenario;
  std::set<std::string> all;
  for (const InputSpec& s : input_specs()) {
    if (s.cli_only) {
      CHECK_FALSE(plan["properties"].contains(s.key));  // a file path is the CLI's alone
      continue;
    }
    all.insert(s.key);
    if (s.scope == InputScope::Scenario) scenario.insert(s.key);
    const json& p = plan["properties"][s.key];
    CHECK_FALSE(p["description"].get<std::string>().empty());
    if (s.kind == InputKind::Integer || s.kind == InputKind::Number) {
      INFO(s.key);
      CHECK(p[s.min_open ? "exclusiveMinimum" : "minimum"].get<double>() == s.min);
      CHECK(p["maximum"].get<double>() == s.max);
    }
  }
  std::set<std::string> est_keys;
  for (auto it = est["properties"].begin(); it != est["properties"].end(); ++it) est_keys.insert(it.key());
  std::set<std::string> plan_keys;
  for (auto it = plan["properties"].begin(); it != plan["properties"].end(); ++it) plan_keys.insert(it.key());
  CHECK(est_keys == scenario);
  CHECK(plan_keys == all);
  CHECK(tool("capacity")["inputSchema"]["required"] == json::array({"gpu"}));
  CHECK(tool("catalog_search")["inputSchema"]["required"] == json::array({"query"}));
  CHECK(plan["properties"]["student"]["type"] == "boolean");
  CHECK(plan["properties"]["platform"]["type"] == "array");
}

TEST_CASE("mcp: a good call returns the CLI's JSON as text and structuredContent", "[mcp]") {
  const json r = call("estimate", {{"model", "qwen2.5-7b"}, {"gpu", "rtx-4090"}, {"context", 8192}});
  CHECK(r["isError"] == false);
  const json doc = json::parse(r["content"][0]["text"].get<std::string>());
  CHECK(doc == r["structuredContent"]);
  CHECK(doc["schema"] == "cardfit.estimate/1");
  CHECK(doc["gpus"].size() == 1);
  const json cap = call("capacity", {{"gpu", "rtx-4090"}});
  CHECK(cap["structuredContent"]["schema"] == "cardfit.capacity/1");
  const json p = call("plan", {{"model", "qwen2.5-7b"}, {"platform", {"autodl", "yiwan"}}, {"student", false}});
  CHECK(p["structuredContent"]["schema"] == "cardfit.plan/1");
  const json found = call("catalog_search", {{"query", "RTX 4090"}, {"kind", "gpu"}});
  CHECK(found["isError"] == false);
  bool has = false;
  for (const json& g : found["structuredContent"]["gpus"]) has = has || g["id"] == "rtx-4090";
  CHECK(has);
  CHECK_FALSE(found["structuredContent"].contains("models"));
}

TEST_CASE("mcp: a bad argument is a tool error naming the field", "[mcp]") {
  const json type = errors_of(call("estimate", {{"context", true}}));
  CHECK(type[0]["field"] == "context");
  CHECK(type[0]["code"] == "mcp.err.type");
  const json model = errors_of(call("estimate", {{"model", "qwen2.5-7bb"}}));
  CHECK(model[0]["field"] == "model");
  CHECK(model[0]["message"].get<std::string>().find("'qwen2.5-7b'") != std::string::npos);
  const json big = errors_of(call("plan", {{"context", 1e12}}));
  CHECK(big[0]["field"] == "context");
  CHECK(big[0]["code"] == "err.input.range");
  const json unknown = errors_of(call("capacity", {{"gpu", "rtx-4090"}, {"card", 2}}));
  CHECK(unknown[0]["field"] == "card");
  CHECK(unknown[0]["code"] == "mcp.err.unknown_argument_near");
  CHECK(errors_of(call("capacity", json::object()))[0]["field"] == "gpu");  // the core's own check
  CHECK(errors_of(call("estimate", {{"budget", 100}}))[0]["code"] == "mcp.err.unknown_argument");  // plan's alone
  CHECK(errors_of(call("catalog_search", {{"query", 4090}}))[0]["field"] == "query");
  CHECK(errors_of(call("catalog_search", {{"query", "rtx-4900"}}))[0]["code"] == "mcp.err.no_match_near");
  CHECK(errors_of(call("catalog_search", {{"query", "4090"}, {"kind", "cpu"}}))[0]["field"] == "kind");
  const json args = ask(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"plan","arguments":[1]}})");
  CHECK(errors_of(args["result"])[0]["field"] == "arguments");
}

TEST_CASE("mcp: errors in the call's lang, else the server's", "[mcp]") {
  const auto message = [](const json& errors) { return errors[0]["message"].get<std::string>(); };
  const std::string en = message(errors_of(call("estimate", {{"context", 0}})));
  const std::string zh = message(errors_of(call("estimate", {{"context", 0}, {"lang", "zh"}})));
  const std::string server_zh = message(errors_of(call("estimate", {{"context", 0}}, Lang::Zh)));
  const std::string asked_en = message(errors_of(call("estimate", {{"context", 0}, {"lang", "en"}}, Lang::Zh)));
  CHECK(en != zh);
  CHECK(zh == server_zh);
  CHECK(asked_en == en);
  CHECK(en.rfind("context", 0) == 0);
  CHECK(zh.rfind("context", 0) == 0);
}
