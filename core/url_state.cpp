#include "url_state.hpp"

#include <algorithm>
#include <cstdint>

#include "hf_config.hpp"
#include "numbers.hpp"
#include "params.hpp"
#include "resolve.hpp"

namespace cardfit {
namespace {

// [SECTION] Reading one pair

// The message names the key as the user wrote it; apply()'s caller sets the field name.
Issue bad(const std::string& key, const std::string& message) { return Issue{key, key + ": " + message}; }

std::optional<Issue> read_int(const std::string& key, const std::string& value, std::int64_t min, std::int64_t max,
                              NumberStyle style, std::int64_t& out) {
  auto r = parse_integer(value, key, min, max, style);
  if (!r.ok()) return r.errors.front();
  out = *r.value;
  return std::nullopt;
}

std::optional<Issue> read_int(const std::string& key, const std::string& value, int min, int max, int& out) {
  std::int64_t v = 0;
  if (auto e = read_int(key, value, min, max, NumberStyle::Decimal, v)) return e;
  out = static_cast<int>(v);
  return std::nullopt;
}

std::optional<Issue> read_number(const std::string& key, const std::string& value, double min, double max,
                                 double& out) {
  auto r = parse_number(value, key);
  if (!r.ok()) return r.errors.front();
  if (*r.value < min || *r.value > max) {
    return bad(key, "must be between " + format_grouped(min) + " and " + format_grouped(max) + ", got '" + value + "'");
  }
  out = *r.value;
  return std::nullopt;
}

std::optional<Issue> read_bool(const std::string& key, const std::string& value, bool& out) {
  if (value == "1" || value == "true" || value.empty()) {
    out = true;
  } else if (value == "0" || value == "false") {
    out = false;
  } else {
    return bad(key, "must be 1 or 0, got '" + value + "'");
  }
  return std::nullopt;
}

template <class E, class Parse>
std::optional<Issue> read_enum(const std::string& key, const std::string& value, Parse parse, const char* allowed,
                               E& out) {
  const auto v = parse(value);
  if (!v) return bad(key, "must be one of " + std::string(allowed) + ", got '" + value + "'");
  out = *v;
  return std::nullopt;
}

std::optional<Issue> read_id(const std::string& key, const std::string& value, std::string& out) {
  const bool ok = !value.empty() && value.size() <= 64 && std::all_of(value.begin(), value.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
  });
  if (!ok) return bad(key, "must be a catalog id (lowercase letters, digits, '.', '_', '-'), got '" + value + "'");
  out = value;
  return std::nullopt;
}

// An id that may be empty ("" = the default: every GPU, no tier, KV follows the weights).
std::optional<Issue> read_optional_id(const std::string& key, const std::string& value, std::string& out) {
  if (value.empty()) {
    out.clear();
    return std::nullopt;
  }
  return read_id(key, value, out);
}

std::vector<std::string> split_list(const std::string& value) {
  std::vector<std::string> items;
  std::string item;
  for (char c : value) {
    if (c == ',') {
      if (!item.empty()) items.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  if (!item.empty()) items.push_back(item);
  return items;
}

// "20%" -> 0.2, "0.2" -> 0.2 (headroom, MFU).
std::optional<Issue> read_fraction(const std::string& key, const std::string& value, double min, double max,
                                   double& out) {
  std::string t = value;
  const bool percent = !t.empty() && t.back() == '%';
  if (percent) t.pop_back();
  double v = 0;
  if (auto e = read_number(key, t, percent ? min * 100 : min, percent ? max * 100 : max, v)) {
    e->message = key + ": must be between " + format_grouped(min * 100) + "% and " + format_grouped(max * 100) +
                 "% (e.g. 0.2 or 20%), got '" + value + "'";
    return e;
  }
  out = percent ? v / 100 : v;
  return std::nullopt;
}

// Applies one pair to `rq`; returns the problem when the pair is not applied.
std::optional<Issue> apply(const std::string& key, const std::string& value, PlanRequest& rq) {
  Scenario& sc = rq.scenario;
  if (key == "model") {
    sc.custom_model.reset();
    return read_id(key, value, sc.model);
  }
  if (key == "params") {
    double params = 0;
    if (auto e = read_number(key, value, 1e7, 1e13, params)) return e;
    auto m = model_from_param_count(params, "custom");
    if (!m.ok()) return m.errors.front();
    sc.custom_model = std::move(*m.value);
    return std::nullopt;
  }
  if (key == "precision") return read_id(key, value, sc.precision);
  if (key == "kv-precision") return read_optional_id(key, value, sc.kv_precision);
  if (key == "task") return read_enum(key, value, task_from_string, "inference, lora, qlora, full, pretrain", sc.task);
  if (key == "context") return read_int(key, value, 1, kMaxContext, NumberStyle::Tokens, sc.context);
  if (key == "prompt") return read_int(key, value, 1, kMaxContext, NumberStyle::Tokens, sc.prompt);
  if (key == "concurrency") return read_int(key, value, 1, kMaxConcurrency, NumberStyle::Decimal, sc.concurrency);
  if (key == "batch") return read_int(key, value, 1, kMaxBatch, NumberStyle::Decimal, sc.batch);
  if (key == "lora-rank") return read_int(key, value, 1, 4096, sc.lora_rank);
  if (key == "lora-targets") {
    sc.lora_targets = split_list(value);
    for (const std::string& t : sc.lora_targets) {
      if (!is_lora_target(t)) return bad(key, "unknown target '" + t + "'; use q,k,v,o,gate,up,down, all-linear, attention or mlp");
    }
    if (sc.lora_targets.empty()) return bad(key, "needs at least one target");
    return std::nullopt;
  }
  if (key == "tp") return read_int(key, value, 1, 64, sc.tensor_parallel);
  if (key == "optimizer") {
    return read_enum(key, value, optimizer_from_string, "adamw, adamw-8bit, sgd", sc.optimizer);
  }
  if (key == "zero") {
    if (value == "auto") {
      sc.zero_stage = -1;
      return std::nullopt;
    }
    return read_int(key, value, 0, 3, sc.zero_stage);
  }
  if (key == "checkpointing") {
    return read_enum(key, value, checkpointing_from_string, "none, selective, full", sc.checkpointing);
  }
  if (key == "tokens") return read_number(key, value, 0, kMaxTokens, sc.tokens);
  if (key == "engine") return read_id(key, value, sc.engine);
  if (key == "gpu") return read_optional_id(key, value, sc.gpu);
  if (key == "cards") return read_int(key, value, 0, 4096, sc.cards);
  if (key == "headroom") return read_fraction(key, value, 0, kMaxHeadroom, sc.headroom);
  if (key == "mfu") return read_fraction(key, value, 0, 1, sc.mfu);
  if (key == "lang") {
    if (auto e = read_enum(key, value, lang_from_string, "zh, en", rq.lang)) return e;
    sc.lang = rq.lang;
    return std::nullopt;
  }
  if (key == "budget-tier") return read_optional_id(key, value, rq.budget_tier);
  if (key == "budget") return read_number(key, value, 0, 1e12, rq.budget);
  if (key == "currency") return read_enum(key, value, parse_currency, "CNY, USD", rq.currency);
  if (key == "usd-cny") return read_number(key, value, 0, 1000, rq.usd_cny);
  if (key == "hours-per-day") return read_number(key, value, 0.1, 24, rq.hours_per_day);
  if (key == "term") {
    return read_enum(key, value, term_choice_from_string, "hourly, weekly, monthly, yearly, cheapest", rq.term);
  }
  if (key == "platform") {
    std::vector<std::string> ids;
    for (const std::string& id : split_list(value)) {
      std::string checked;
      if (auto e = read_id(key, id, checked)) return e;
      ids.push_back(checked);
    }
    rq.platforms = std::move(ids);
    return std::nullopt;
  }
  if (key == "student") return read_bool(key, value, rq.student);
  if (key == "allow-spot") return read_bool(key, value, rq.allow_spot);
  if (key == "min-tokens-per-s") return read_number(key, value, 0, 1e9, rq.min_tokens_per_s);
  if (key == "max-ttft-ms") return read_number(key, value, 0, 1e9, rq.max_ttft_ms);
  if (key == "top") return read_int(key, value, 1, 1000, rq.top);
  return bad(key, "unknown key");
}

// Issues name the PlanRequest/Scenario field, as the core's own validation does, so the CLI,
// links and the JavaScript API report the same names ("lora_rank" for the key "lora-rank").
std::string field_of(const std::string& key) {
  static const std::pair<const char*, const char*> renamed[] = {
      {"zero", "zero_stage"}, {"tp", "tensor_parallel"}, {"platform", "platforms"}};
  for (const auto& [k, field] : renamed) {
    if (key == k) return field;
  }
  std::string field = key;
  std::replace(field.begin(), field.end(), '-', '_');
  return field;
}

// Defaults that depend on what else was given (the CLI's documented behaviour):
// QLoRA stores NF4 weights unless told otherwise; the prompt never exceeds the context.
void finish(const KeyValues& pairs, PlanRequest& rq) {
  auto given = [&pairs](const char* key) {
    return std::any_of(pairs.begin(), pairs.end(), [key](const auto& kv) { return kv.first == key; });
  };
  Scenario& sc = rq.scenario;
  if (sc.task == Task::Qlora && !given("precision")) sc.precision = "nf4";
  if (!given("prompt")) sc.prompt = std::min(sc.prompt, sc.context);
  if (given("prompt") && !given("context") && sc.prompt > sc.context) sc.context = sc.prompt;
}

// [SECTION] Writing

std::string number_text(double v) {
  // Shortest text that reads back to the same value for the magnitudes used here.
  if (v == static_cast<double>(static_cast<std::int64_t>(v)) && v < 1e15 && v > -1e15) {
    return std::to_string(static_cast<std::int64_t>(v));
  }
  std::string s = format_fixed(v, 6);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

void hex_escape(std::string& out, unsigned char c) {
  static const char* digits = "0123456789ABCDEF";
  out += '%';
  out += digits[c >> 4];
  out += digits[c & 15];
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];  // a stray '%' stays literal; the value check then names it
    }
  }
  return out;
}

}  // namespace

DecodedState request_from_pairs(const KeyValues& pairs) {
  DecodedState out;
  for (const auto& [key, value] : pairs) {
    if (key == "v") {
      if (value != kStateVersion) {
        return DecodedState{PlanRequest{}, {Issue{"v", "link version '" + value + "' is not supported (this is version " +
                                                           std::string(kStateVersion) + "); defaults are shown"}}};
      }
      continue;
    }
    if (key == "embed") continue;  // page chrome, not state
    if (auto issue = apply(key, value, out.request)) {
      issue->field = field_of(key);
      out.issues.push_back(std::move(*issue));
    }
  }
  finish(pairs, out.request);
  return out;
}

Result<PlanRequest> request_from_pairs_strict(const KeyValues& pairs) {
  DecodedState d = request_from_pairs(pairs);
  if (!d.issues.empty()) return Result<PlanRequest>::failure(std::move(d.issues));
  return Result<PlanRequest>::success(std::move(d.request));
}

KeyValues request_to_pairs(const PlanRequest& rq) {
  const PlanRequest def;
  const Scenario& sc = rq.scenario;
  const Scenario& d = def.scenario;
  KeyValues kv{{"v", std::string(kStateVersion)}};
  auto put = [&kv](const char* key, std::string value) { kv.emplace_back(key, std::move(value)); };
  if (sc.custom_model) {
    put("params", number_text(static_cast<double>(count_params(*sc.custom_model).total)));
  } else if (sc.model != d.model) {
    put("model", sc.model);
  }
  if (sc.precision != d.precision) put("precision", sc.precision);
  if (sc.kv_precision != d.kv_precision) put("kv-precision", sc.kv_precision);
  if (sc.task != d.task) put("task", std::string(to_string(sc.task)));
  if (sc.context != d.context) put("context", number_text(static_cast<double>(sc.context)));
  if (sc.prompt != d.prompt) put("prompt", number_text(static_cast<double>(sc.prompt)));
  if (sc.concurrency != d.concurrency) put("concurrency", number_text(static_cast<double>(sc.concurrency)));
  if (sc.batch != d.batch) put("batch", number_text(static_cast<double>(sc.batch)));
  if (sc.lora_rank != d.lora_rank) put("lora-rank", std::to_string(sc.lora_rank));
  if (sc.lora_targets != d.lora_targets) {
    std::string list;
    for (const std::string& t : sc.lora_targets) list += (list.empty() ? "" : ",") + t;
    put("lora-targets", list);
  }
  if (sc.tensor_parallel != d.tensor_parallel) put("tp", std::to_string(sc.tensor_parallel));
  if (sc.optimizer != d.optimizer) put("optimizer", std::string(to_string(sc.optimizer)));
  if (sc.zero_stage != d.zero_stage) put("zero", sc.zero_stage < 0 ? "auto" : std::to_string(sc.zero_stage));
  if (sc.checkpointing != d.checkpointing) put("checkpointing", std::string(to_string(sc.checkpointing)));
  if (sc.tokens != d.tokens) put("tokens", number_text(sc.tokens));
  if (sc.engine != d.engine) put("engine", sc.engine);
  if (sc.gpu != d.gpu) put("gpu", sc.gpu);
  if (sc.cards != d.cards) put("cards", std::to_string(sc.cards));
  if (sc.headroom >= 0 && sc.headroom != d.headroom) put("headroom", number_text(sc.headroom));
  if (sc.mfu != d.mfu) put("mfu", number_text(sc.mfu));
  if (rq.budget_tier != def.budget_tier) put("budget-tier", rq.budget_tier);
  if (rq.budget != def.budget) put("budget", number_text(rq.budget));
  if (rq.currency != def.currency) put("currency", currency_code(rq.currency));
  if (rq.usd_cny != def.usd_cny) put("usd-cny", number_text(rq.usd_cny));
  if (rq.hours_per_day != def.hours_per_day) put("hours-per-day", number_text(rq.hours_per_day));
  if (rq.term != def.term) put("term", std::string(to_string(rq.term)));
  if (!rq.platforms.empty()) {
    std::string list;
    for (const std::string& p : rq.platforms) list += (list.empty() ? "" : ",") + p;
    put("platform", list);
  }
  if (rq.student) put("student", "1");
  if (rq.allow_spot) put("allow-spot", "1");
  if (rq.min_tokens_per_s != def.min_tokens_per_s) put("min-tokens-per-s", number_text(rq.min_tokens_per_s));
  if (rq.max_ttft_ms != def.max_ttft_ms) put("max-ttft-ms", number_text(rq.max_ttft_ms));
  if (rq.top != def.top) put("top", std::to_string(rq.top));
  if (rq.lang != def.lang) put("lang", std::string(to_string(rq.lang)));
  return kv;
}

std::string encode_query(const KeyValues& pairs) {
  std::string out;
  for (const auto& [key, value] : pairs) {
    if (!out.empty()) out += '&';
    for (const std::string* part : {&key, &value}) {
      for (char ch : *part) {
        const auto c = static_cast<unsigned char>(ch);
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                           c == '.' || c == '_' || c == '~' || c == ',';
        if (plain) {
          out += ch;
        } else {
          hex_escape(out, c);
        }
      }
      if (part == &key) out += '=';
    }
  }
  return out;
}

KeyValues decode_query(std::string_view query) {
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  KeyValues kv;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view item = query.substr(0, amp);
    if (!item.empty()) {
      const std::size_t eq = item.find('=');
      kv.emplace_back(percent_decode(item.substr(0, eq)),
                      eq == std::string_view::npos ? std::string() : percent_decode(item.substr(eq + 1)));
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return kv;
}

}  // namespace cardfit
