// See mcp.hpp. JSON-RPC 2.0 and MCP's lifecycle and tools as the 2025-11-25 revision writes them
// (modelcontextprotocol.io/specification/2025-11-25: basic/lifecycle, basic/transports,
// server/tools). nlohmann-json is built without exceptions here (JSON_NOEXCEPTION): every value
// is looked at only after its type is checked.
#include "mcp.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include "capability.hpp"
#include "capability_json.hpp"
#include "catalog_write.hpp"
#include "estimate.hpp"
#include "estimate_json.hpp"
#include "format.hpp"
#include "input_words.hpp"
#include "inputs.hpp"
#include "json_style.hpp"
#include "json_text.hpp"
#include "messages.hpp"
#include "names.hpp"
#include "plan.hpp"
#include "plan_json.hpp"
#include "suggest.hpp"
#include "url_state.hpp"

namespace cardfit {
namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// JSON-RPC 2.0 error codes (jsonrpc.org/specification, section 5.1).
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;

// structuredContent came with 2025-06-18; older sessions get the text item alone.
constexpr std::string_view kStructuredSince = "2025-06-18";

std::string dump(const ojson& j) { return j.dump(-1, ' ', false, ojson::error_handler_t::replace); }

ojson copy_id(const json& id) {  // a request's id, as it came (string or number)
  return ojson::parse(id.dump(-1, ' ', false, json::error_handler_t::replace), nullptr, false);
}

std::string reply(const ojson& id, ojson result) {
  ojson r;
  r["jsonrpc"] = "2.0";
  r["id"] = id;
  r["result"] = std::move(result);
  return dump(r);
}

std::string error_reply(const ojson& id, int code, const Message& message, Lang lang) {
  ojson r;
  r["jsonrpc"] = "2.0";
  r["id"] = id;
  r["error"] = {{"code", code}, {"message", render(message, lang)}};
  return dump(r);
}

// [SECTION] Tools

enum class Tool { Estimate, Plan, Capacity, CatalogSearch };

struct ToolSpec {
  Tool tool;
  const char* name;
  MsgId description;
  const char* schema;  // of its JSON result (json_style.hpp)
};

constexpr ToolSpec kTools[] = {
    {Tool::Estimate, "estimate", MsgId::mcp_tool_estimate, kEstimateSchema},
    {Tool::Plan, "plan", MsgId::mcp_tool_plan, kPlanSchema},
    {Tool::Capacity, "capacity", MsgId::mcp_tool_capacity, kCapacitySchema},
    {Tool::CatalogSearch, "catalog_search", MsgId::mcp_tool_catalog_search, kCatalogSchema},
};

// catalog_search's own arguments (the catalog is not a scenario: they are not inputs).
constexpr const char* kQuery = "query";
constexpr const char* kKind = "kind";
const std::vector<std::string>& search_kinds() {
  static const std::vector<std::string> kinds{"gpu", "model", "precision", "kv-precision", "engine", "platform"};
  return kinds;
}

// Which inputs a tool takes: the CLI command's flags (estimate and capacity: the scenario;
// plan: the scenario and the plan's), never a file path. catalog_search takes only `lang`.
bool takes(Tool tool, const InputSpec& spec) {
  if (spec.cli_only) return false;
  if (tool == Tool::CatalogSearch) return spec.id == Input::Lang;
  return spec.scope == InputScope::Scenario || tool == Tool::Plan;
}

ojson bound(double v) {  // 1, not 1.0, when whole (2^53: exact as a double)
  if (v == std::floor(v) && std::fabs(v) < 9007199254740992.0) return static_cast<std::int64_t>(v);
  return v;
}

ojson number_bounds(const InputSpec& s, const char* type) {
  ojson p{{"type", type}};
  p[s.min_open ? "exclusiveMinimum" : "minimum"] = bound(s.min);
  p["maximum"] = bound(s.max);
  return p;
}

// One input's JSON Schema, from its row: kind -> type, bounds -> minimum/maximum, choices -> enum.
ojson input_schema(const InputSpec& s, const Catalog& catalog, Lang lang) {
  const std::vector<std::string> choices = input_choices(s, catalog);
  // Models and GPUs are many and grow with overlays: catalog_search finds them, the core checks them.
  const bool listed = !choices.empty() && s.id != Input::Model && s.id != Input::Gpu;
  ojson p;
  switch (s.kind) {
    case InputKind::Id:
    case InputKind::OptionalId:
    case InputKind::Enum:
      p = {{"type", "string"}};
      if (listed) {
        p["enum"] = choices;
        if (s.kind == InputKind::OptionalId) p["enum"].push_back("");
      }
      break;
    case InputKind::IdList:
      p = {{"type", "array"}, {"items", {{"type", "string"}}}};
      if (listed) p["items"]["enum"] = choices;
      break;
    case InputKind::Integer:
    case InputKind::Tokens: p = number_bounds(s, "integer"); break;
    case InputKind::Number:
    case InputKind::Fraction: p = number_bounds(s, "number"); break;
    case InputKind::Flag: p = {{"type", "boolean"}}; break;
    case InputKind::Params: p = {{"type", ojson::array({"string", "number"})}}; break;
    case InputKind::Zero:
    case InputKind::Offload: p = {{"type", ojson::array({"string", "integer"})}}; break;
    case InputKind::Date: p = {{"type", "string"}, {"pattern", "^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$"}}; break;
    case InputKind::Words:
    case InputKind::Shapes:
    case InputKind::File: p = {{"type", "string"}}; break;
  }
  p["description"] = input_help(s, catalog, lang);
  return p;
}

ojson tool_definition(const ToolSpec& t, const Catalog& catalog, Lang lang) {
  ojson props = ojson::object();
  ojson required = ojson::array();
  if (t.tool == Tool::CatalogSearch) {
    props[kQuery] = {{"type", "string"}, {"description", render(Message(MsgId::mcp_arg_query), lang)}};
    std::string list;
    for (const std::string& k : search_kinds()) list += (list.empty() ? "" : " | ") + k;
    props[kKind] = {{"type", "string"},
                    {"enum", search_kinds()},
                    {"description", render(message_with(MsgId::mcp_arg_kind, {{"choices", list}}), lang)}};
    required.push_back(kQuery);
  }
  for (const InputSpec& s : input_specs()) {
    if (takes(t.tool, s)) props[s.key] = input_schema(s, catalog, lang);
  }
  if (t.tool == Tool::Capacity) required.push_back(input_spec(Input::Gpu).key);
  ojson schema{{"type", "object"}, {"properties", std::move(props)}};
  if (!required.empty()) schema["required"] = std::move(required);
  schema["additionalProperties"] = false;
  return {{"name", t.name},
          {"title", t.name},
          {"description", render(Message(t.description), lang)},
          {"inputSchema", std::move(schema)}};
}

const ToolSpec* find_tool(std::string_view name) {
  for (const ToolSpec& t : kTools) {
    if (name == t.name) return &t;
  }
  return nullptr;
}

// [SECTION] Arguments -> the link's key=value pairs (io/url_state.hpp reads and checks them)

Message type_error(const std::string& field, MsgId expected, const json& got) {
  return msg::mcp_err_type(field, Message(expected), describe_json(got));
}

const InputSpec* find_argument(Tool tool, const std::string& name) {
  for (const InputSpec& s : input_specs()) {
    // The key ("lora-rank") or the field its errors name ("lora_rank").
    if ((name == s.key || name == s.field) && takes(tool, s)) return &s;
  }
  return nullptr;
}

std::vector<std::string> argument_names(Tool tool) {
  std::vector<std::string> names;
  if (tool == Tool::CatalogSearch) names = {kQuery, kKind};
  for (const InputSpec& s : input_specs()) {
    if (takes(tool, s)) names.emplace_back(s.key);
  }
  return names;
}

std::string number_text(const json& v) {
  if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
  return format_shortest(v.get<double>());
}

// A value as the link text of its input, or an Issue naming the field.
std::optional<std::string> value_text(const InputSpec& s, const json& v, std::vector<Issue>& errors) {
  const std::string field = s.key;
  const bool numeric = s.kind == InputKind::Integer || s.kind == InputKind::Tokens || s.kind == InputKind::Number ||
                       s.kind == InputKind::Fraction || s.kind == InputKind::Params || s.kind == InputKind::Zero ||
                       s.kind == InputKind::Offload;
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean() && s.kind == InputKind::Flag) return std::string(v.get<bool>() ? "1" : "0");
  if (v.is_number() && numeric) return number_text(v);
  if (v.is_array() && (s.kind == InputKind::IdList || s.kind == InputKind::Words)) {
    std::string joined;
    for (const json& item : v) {
      if (!item.is_string()) {
        errors.push_back({field, type_error(field, MsgId::mcp_type_list, item)});
        return std::nullopt;
      }
      joined += (joined.empty() ? "" : ",") + item.get<std::string>();
    }
    return joined;
  }
  const MsgId expected = s.kind == InputKind::Flag ? MsgId::mcp_type_boolean
                         : numeric                 ? MsgId::mcp_type_number
                         : s.kind == InputKind::IdList || s.kind == InputKind::Words ? MsgId::mcp_type_list
                                                                                     : MsgId::mcp_type_string;
  errors.push_back({field, type_error(field, expected, v)});
  return std::nullopt;
}

// The language of a call: its `lang` argument when readable, else the server's.
Lang call_lang(const json& args, Lang fallback) {
  if (!args.is_object()) return fallback;
  const auto it = args.find(input_spec(Input::Lang).key);
  if (it == args.end() || !it->is_string()) return fallback;
  return parse_name<Lang>(it->get<std::string>()).value_or(fallback);
}

struct Call {
  PlanRequest request;
  std::string query;  // catalog_search
  std::string kind;
};

Result<Call> read_arguments(const Catalog& catalog, Tool tool, const std::string& tool_name, const json& args,
                            Lang lang) {
  std::vector<Issue> errors;
  Call call;
  KeyValues pairs{{std::string(input_spec(Input::Lang).key), std::string(to_string(lang))}};
  if (!args.is_null() && !args.is_object()) {
    return Result<Call>::failure("arguments", msg::mcp_err_arguments(describe_json(args)));
  }
  if (args.is_object()) {
    for (auto it = args.begin(); it != args.end(); ++it) {
      const std::string& name = it.key();
      const json& v = it.value();
      if (v.is_null()) continue;  // an optional argument left out
      if (tool == Tool::CatalogSearch && (name == kQuery || name == kKind)) {
        if (!v.is_string()) {
          errors.push_back({name, type_error(name, MsgId::mcp_type_string, v)});
        } else {
          (name == kQuery ? call.query : call.kind) = v.get<std::string>();
        }
        continue;
      }
      const InputSpec* spec = find_argument(tool, name);
      if (spec == nullptr) {
        const std::string near = closest(argument_names(tool), name);
        errors.push_back({name, near.empty() ? msg::mcp_err_unknown_argument(name, tool_name)
                                             : msg::mcp_err_unknown_argument_near(name, tool_name, near)});
        continue;
      }
      if (std::optional<std::string> text = value_text(*spec, v, errors)) {
        if (spec->id == Input::Lang) pairs.erase(pairs.begin());  // the call's own, checked below
        pairs.emplace_back(spec->key, std::move(*text));
      }
    }
  }
  if (tool == Tool::CatalogSearch && !call.kind.empty()) {
    bool known = false;
    std::string list;
    for (const std::string& k : search_kinds()) {
      known = known || k == call.kind;
      list += (list.empty() ? "" : ", ") + k;
    }
    if (!known) errors.push_back({kKind, msg::err_link_one_of(kKind, list, call.kind)});
  }
  Result<PlanRequest> request = request_from_pairs_strict(catalog, pairs);
  if (!request.ok()) errors.insert(errors.end(), request.errors.begin(), request.errors.end());
  if (!errors.empty()) return Result<Call>::failure(std::move(errors));
  call.request = std::move(*request.value);
  return Result<Call>::success(std::move(call));
}

// [SECTION] catalog_search

bool matches(const std::vector<std::string>& words, const std::string& id, const std::string& name) {
  const std::string hay = ascii_lower(id + " " + name);
  for (const std::string& w : words) {
    if (hay.find(w) == std::string::npos) return false;
  }
  return true;
}

template <class T, class Name>
void pick(const std::vector<T>& from, std::vector<T>& to, const std::vector<std::string>& words, Name name,
          bool wanted, std::vector<std::string>& ids) {
  for (const T& e : from) {
    ids.push_back(e.id);
    if (wanted && matches(words, e.id, name(e))) to.push_back(e);
  }
}

Result<std::string> search(const Catalog& c, const Call& call) {
  std::vector<std::string> words;
  std::string word;
  for (char ch : ascii_lower(call.query) + " ") {
    if (ch == ' ' || ch == '\t' || ch == '\n') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += ch;
    }
  }
  const auto want = [&call](const char* kind) { return call.kind.empty() || call.kind == kind; };
  const auto name = [](const auto& e) { return e.name; };
  const auto both = [](const auto& e) { return e.name_zh + " " + e.name_en; };
  Catalog found;
  found.defaults = c.defaults;
  std::vector<std::string> ids;
  pick(c.gpus, found.gpus, words, name, want("gpu"), ids);
  pick(c.models, found.models, words, name, want("model"), ids);
  pick(c.weight_precisions, found.weight_precisions, words, name, want("precision"), ids);
  pick(c.kv_precisions, found.kv_precisions, words, name, want("kv-precision"), ids);
  pick(c.engines, found.engines, words, name, want("engine"), ids);
  pick(c.platforms, found.platforms, words, both, want("platform"), ids);
  if (found.gpus.empty() && found.models.empty() && found.weight_precisions.empty() && found.kv_precisions.empty() &&
      found.engines.empty() && found.platforms.empty()) {
    const std::string near = closest(ids, ascii_lower(call.query));
    return Result<std::string>::failure(kQuery, near.empty() ? msg::mcp_err_no_match(call.query)
                                                             : msg::mcp_err_no_match_near(call.query, near));
  }
  return Result<std::string>::success(catalog_to_json(found, false));
}

// [SECTION] Calls

Result<std::string> run_tool(const McpServer& server, const ToolSpec& t, Call call) {
  const Catalog& catalog = *server.catalog;
  const Lang lang = call.request.scenario.lang;
  switch (t.tool) {
    case Tool::Estimate: {
      Scenario s = call.request.scenario;
      s.explain = true;  // as `cardfit estimate --json`
      Result<Estimate> e = estimate(catalog, s);
      if (!e.ok()) return Result<std::string>::failure(std::move(e.errors));
      return Result<std::string>::success(estimate_to_json(*e.value, catalog, lang));
    }
    case Tool::Plan: {
      if (call.request.today.empty()) call.request.today = server.today;
      Result<Plan> p = plan(catalog, call.request);
      if (!p.ok()) return Result<std::string>::failure(std::move(p.errors));
      return Result<std::string>::success(plan_to_json(*p.value));
    }
    case Tool::Capacity: {
      Result<CardCapability> c = card_capabilities(catalog, call.request.scenario);
      if (!c.ok()) return Result<std::string>::failure(std::move(c.errors));
      return Result<std::string>::success(capability_to_json(*c.value, catalog, lang));
    }
    case Tool::CatalogSearch: return search(catalog, call);
  }
  return Result<std::string>::failure("name", Message());
}

ojson tool_result(const std::string& text, bool is_error, bool structured) {
  ojson r;
  r["content"] = ojson::array({{{"type", "text"}, {"text", text}}});
  if (structured) {
    ojson doc = ojson::parse(text, nullptr, false);
    if (doc.is_object()) r["structuredContent"] = std::move(doc);
  }
  r["isError"] = is_error;
  return r;
}

std::string call_tool(const McpServer& server, const McpSession& session, const ojson& id, const json& params) {
  const Lang server_lang = server.lang;
  const auto name = params.is_object() ? params.find("name") : params.end();
  if (!params.is_object() || name == params.end() || !name->is_string()) {
    return error_reply(id, kInvalidParams, msg::mcp_rpc_params(Message(MsgId::mcp_rpc_no_name)), server_lang);
  }
  const std::string tool_name = name->get<std::string>();
  const ToolSpec* t = find_tool(tool_name);
  if (t == nullptr) {
    std::string list;
    for (const ToolSpec& k : kTools) list += (list.empty() ? "" : ", ") + std::string(k.name);
    return error_reply(id, kInvalidParams, msg::mcp_rpc_unknown_tool(tool_name, list), server_lang);
  }
  const auto a = params.find("arguments");
  const json args = a == params.end() ? json() : *a;
  const Lang lang = call_lang(args, server_lang);
  const bool structured = session.protocol_version.empty() || session.protocol_version >= kStructuredSince;
  Result<Call> call = read_arguments(*server.catalog, t->tool, tool_name, args, lang);
  Result<std::string> out = call.ok() ? run_tool(server, *t, std::move(*call.value))
                                      : Result<std::string>::failure(std::move(call.errors));
  if (!out.ok()) return reply(id, tool_result(errors_to_json(out.errors, lang, JsonStyle::Compact, t->schema), true, structured));
  return reply(id, tool_result(*out.value, false, structured));
}

std::string initialize(const McpServer& server, McpSession& session, const ojson& id, const json& params) {
  std::string wanted;
  if (params.is_object()) {
    const auto v = params.find("protocolVersion");
    if (v != params.end() && v->is_string()) wanted = v->get<std::string>();
  }
  const std::vector<std::string>& served = mcp_protocol_versions();
  session.protocol_version = served.front();
  for (const std::string& v : served) {
    if (v == wanted) session.protocol_version = v;
  }
  ojson result;
  result["protocolVersion"] = session.protocol_version;
  result["capabilities"] = {{"tools", {{"listChanged", false}}}};
  result["serverInfo"] = {{"name", "cardfit"}, {"title", "cardfit"}, {"version", server.version}};
  result["instructions"] = render(Message(MsgId::mcp_instructions), server.lang);
  return reply(id, std::move(result));
}

}  // namespace

const std::vector<std::string>& mcp_protocol_versions() {
  static const std::vector<std::string> versions{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};
  return versions;
}

std::string mcp_too_large(const McpServer& server, std::size_t limit) {
  return error_reply(nullptr, kParseError, msg::mcp_rpc_parse_error(msg::mcp_rpc_too_large(format_grouped(static_cast<double>(limit)))),
                     server.lang);
}

std::string mcp_reply(const McpServer& server, McpSession& session, std::string_view message) {
  const Lang lang = server.lang;
  json doc;
  IssueList issues;
  if (!parse_json_text(message, "message", doc, issues)) {
    const std::vector<Issue> found = issues.take();
    const std::string detail = found.empty() ? std::string() : issue_text(found.front(), lang);
    return error_reply(nullptr, kParseError, msg::mcp_rpc_parse_error(detail), lang);
  }
  const Message not_request = msg::mcp_rpc_invalid_request(Message(MsgId::mcp_rpc_not_object));
  if (!doc.is_object()) return error_reply(nullptr, kInvalidRequest, not_request, lang);
  const auto id_it = doc.find("id");
  const bool has_id = id_it != doc.end();
  const bool id_ok = has_id && (id_it->is_string() || id_it->is_number());
  const ojson id = id_ok ? copy_id(*id_it) : ojson();
  const auto version = doc.find("jsonrpc");
  if (version == doc.end() || !version->is_string() || version->get<std::string>() != "2.0" || (has_id && !id_ok)) {
    return error_reply(id, kInvalidRequest, not_request, lang);
  }
  const auto method_it = doc.find("method");
  if (method_it == doc.end()) {
    // A response to a request of ours (we send none) or nothing at all.
    if (doc.contains("result") || doc.contains("error")) return std::string();
    return error_reply(id, kInvalidRequest, msg::mcp_rpc_invalid_request(Message(MsgId::mcp_rpc_no_method)), lang);
  }
  if (!method_it->is_string()) {
    return error_reply(id, kInvalidRequest, msg::mcp_rpc_invalid_request(Message(MsgId::mcp_rpc_no_method)), lang);
  }
  const std::string method = method_it->get<std::string>();
  const auto params_it = doc.find("params");
  const json params = params_it == doc.end() ? json() : *params_it;
  if (!has_id) {  // a notification: never answered
    if (method == "notifications/initialized") session.initialized = true;
    return std::string();
  }
  if (method == "initialize") return initialize(server, session, id, params);
  if (method == "ping") return reply(id, ojson::object());
  if (method == "tools/list") {
    ojson tools = ojson::array();
    for (const ToolSpec& t : kTools) tools.push_back(tool_definition(t, *server.catalog, lang));
    return reply(id, {{"tools", std::move(tools)}});
  }
  if (method == "tools/call") return call_tool(server, session, id, params);
  return error_reply(id, kMethodNotFound, msg::mcp_rpc_method_not_found(method), lang);
}

}  // namespace cardfit
