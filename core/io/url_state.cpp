// Links, --state and JS objects <-> PlanRequest, driven by the input table (inputs.hpp): the key,
// kind and bounds of every input come from there; bind() below says which field each input is.
#include "url_state.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <iterator>

#include "catalog_validate.hpp"
#include "format.hpp"
#include "hf_config.hpp"
#include "inputs.hpp"
#include "messages.hpp"
#include "numbers.hpp"
#include "params.hpp"
#include "plan.hpp"

namespace cardfit {
namespace {

// decode_shapes with the version's list separators (below, [SECTION] Shapes).
Result<Model> decode_shapes_with(std::string_view text, const std::string& field, std::string_view separators);

// [SECTION] The binding: input -> PlanRequest field, once for the reader and the writer

// V is Reader or Writer (below); R is PlanRequest or const PlanRequest.
template <class V, class R>
void bind(V& v, R& rq) {
  auto& sc = rq.scenario;
  v.model(Input::Model, sc);
  v.params(Input::Params, sc);
  v.shapes(Input::Arch, sc);
  v.text(Input::Precision, sc.precision);
  v.text(Input::KvPrecision, sc.kv_precision);
  v.enumeration(Input::Task, sc.task);
  v.integer(Input::Context, sc.context);
  v.integer(Input::Prompt, sc.prompt);
  v.integer(Input::Concurrency, sc.concurrency);
  v.integer(Input::Batch, sc.batch);
  v.integer(Input::LoraRank, sc.lora_rank);
  v.list(Input::LoraTargets, sc.lora_targets);
  v.enumeration(Input::Optimizer, sc.optimizer);
  v.zero(Input::Zero, sc.zero_stage);
  v.enumeration(Input::Checkpointing, sc.checkpointing);
  v.integer(Input::Tokens, sc.tokens);  // a whole count, held as a double (up to 1e16)
  v.integer(Input::Tp, sc.tensor_parallel);
  v.text(Input::Engine, sc.engine);
  v.text(Input::Gpu, sc.gpu);
  v.integer(Input::Cards, sc.cards);
  v.offload(Input::Offload, sc.offload);
  v.number(Input::HostBandwidth, sc.host_bandwidth);
  v.integer(Input::NCpuMoe, sc.n_cpu_moe);
  v.number(Input::GpuMemoryUtilization, sc.gpu_memory_utilization);
  v.integer(Input::MaxNumBatchedTokens, sc.max_num_batched_tokens);
  v.integer(Input::MaxNumSeqs, sc.max_num_seqs);
  v.integer(Input::Ep, sc.expert_parallel);
  v.flag(Input::OptimizerOffload, sc.optimizer_offload);
  v.integer(Input::OutputTokens, sc.output_tokens);
  v.number(Input::MaxTpotMs, sc.max_tpot_ms);
  v.number(Input::Headroom, sc.headroom);
  v.number(Input::Mfu, sc.mfu);
  v.lang(Input::Lang, rq);
  v.text(Input::BudgetTier, rq.budget_tier);
  v.number(Input::Budget, rq.budget);
  v.enumeration(Input::Currency, rq.currency);
  v.number(Input::UsdCny, rq.usd_cny);
  v.number(Input::HoursPerDay, rq.hours_per_day);
  v.enumeration(Input::Term, rq.term);
  v.list(Input::Platform, rq.platforms);
  v.list(Input::PlatformFirst, rq.platforms_first);
  v.flag(Input::Student, rq.student);
  v.flag(Input::AllowSpot, rq.allow_spot);
  v.number(Input::MinTokensPerS, rq.min_tokens_per_s);
  v.number(Input::MaxTtftMs, rq.max_ttft_ms);
  v.number(Input::RequestsPerS, rq.requests_per_s);
  v.flag(Input::CompareApi, rq.compare_api);
  v.number(Input::ApiInputRatio, rq.api_mix.input_per_output);
  v.number(Input::ApiCacheHit, rq.api_mix.cache_hit_share);
  v.integer(Input::BuyMonths, rq.buy_months);
  v.number(Input::KwhPrice, rq.kwh_price);
  v.integer(Input::Top, rq.top);
  v.date(Input::Today, rq.today);
}

// [SECTION] Version 2's keys

// Version 2 writes each input under a key of a few letters (issue 29: a link short enough for a
// QR code printed small); it also reads the long keys (the CLI's flags, version 1's keys).
// "lang" keeps its name: the page's script reads it before the core starts (web/web_main.cpp).
// NOTE: a key once written is part of every link shared since: never reuse or rename one.
struct LinkKey {
  Input input;
  const char* key;
};
constexpr LinkKey kLinkKeys[] = {
    {Input::Model, "m"},          {Input::Params, "n"},
    {Input::Arch, "a"},           {Input::Precision, "p"},
    {Input::KvPrecision, "kv"},   {Input::Task, "t"},
    {Input::Context, "c"},        {Input::Prompt, "pr"},
    {Input::Concurrency, "cc"},   {Input::Batch, "bs"},
    {Input::LoraRank, "r"},       {Input::LoraTargets, "lt"},
    {Input::Tp, "tp"},            {Input::Optimizer, "op"},
    {Input::Zero, "z"},           {Input::Checkpointing, "ck"},
    {Input::Tokens, "tk"},        {Input::Engine, "e"},
    {Input::Gpu, "g"},            {Input::Cards, "k"},
    {Input::Offload, "of"},       {Input::HostBandwidth, "hb"},
    {Input::NCpuMoe, "nc"},       {Input::GpuMemoryUtilization, "gm"},
    {Input::MaxNumBatchedTokens, "mbt"}, {Input::MaxNumSeqs, "mns"},
    {Input::Ep, "ep"},            {Input::OptimizerOffload, "oo"},
    {Input::OutputTokens, "ot"},  {Input::MaxTpotMs, "tpot"},
    {Input::Headroom, "h"},       {Input::Mfu, "mfu"},
    {Input::BudgetTier, "b"},     {Input::Budget, "bm"},
    {Input::Currency, "cu"},      {Input::UsdCny, "fx"},
    {Input::HoursPerDay, "hd"},   {Input::Term, "tm"},
    {Input::Platform, "pl"},      {Input::PlatformFirst, "pf"},
    {Input::Student, "s"},        {Input::AllowSpot, "sp"},
    {Input::MinTokensPerS, "mtps"}, {Input::MaxTtftMs, "ttft"},
    {Input::RequestsPerS, "rps"}, {Input::Top, "top"},
    {Input::CompareApi, "api"},   {Input::ApiInputRatio, "air"},
    {Input::ApiCacheHit, "ach"},  {Input::BuyMonths, "bmo"},
    {Input::KwhPrice, "kwh"},
    {Input::Today, "today"},      {Input::Lang, "lang"},
};

// The input a link of `version` names by `key` (version 1: the long keys only), or nullptr.
const InputSpec* input_of_key(std::string_view key, int version) {
  if (const InputSpec* spec = find_input(key)) return spec;
  if (version < 2) return nullptr;
  for (const LinkKey& k : kLinkKeys) {
    if (key == k.key) return &input_spec(k.input);
  }
  return nullptr;
}

// [SECTION] Reading one pair

// An id as users may type it: any case ("Qwen2.5-7B", "Q4_K_M") or an alias ("4090"); the
// catalog match (plan.hpp with_catalog_ids) happens in estimate() and plan().
bool is_id_text(const std::string& s) {
  return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
  });
}

// A family as a link carries it: a catalog-style id, lowercase.
bool is_family(const std::string& s) {
  return is_id_text(s) && std::none_of(s.begin(), s.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

// Version 1 separates list items with ','; version 2 writes '~' (RFC 3986 unreserved: chat apps'
// link detectors end a link at a ',') and reads both.
constexpr std::string_view kSeparatorsV1 = ",";
constexpr std::string_view kSeparatorsV2 = ",~";
constexpr char kListSeparator = '~';  // what version 2 writes

std::vector<std::string> split_list(const std::string& value, std::string_view separators) {
  std::vector<std::string> items;
  std::string item;
  for (char c : value) {
    if (separators.find(c) != std::string_view::npos) {
      if (!item.empty()) items.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  if (!item.empty()) items.push_back(item);
  return items;
}

// Applies the one pair whose key is `spec.key`; `issue` is set when the value is refused.
class Reader {
 public:
  Reader(const InputSpec& spec, const std::string& value, std::string_view separators, const Catalog& catalog)
      : spec_(spec), value_(value), separators_(separators), catalog_(catalog) {}
  std::optional<Issue> issue;

  void model(Input in, Scenario& sc) {
    if (!mine(in)) return;
    std::string id;
    if (read_id(id)) {
      sc.model = id;
      sc.custom_model.reset();
    }
  }
  void params(Input in, Scenario& sc) {
    if (!mine(in)) return;
    double count = 0;
    if (!read_number(NumberStyle::Decimal, count)) return;
    Result<ImportedModel> m = model_from_param_count(count, "custom", catalog_.models);
    if (!m.ok()) return fail(m.errors.front().message);
    sc.custom_model = std::move(m.value->model);
  }
  void shapes(Input in, Scenario& sc) {
    if (!mine(in)) return;
    Result<Model> m = decode_shapes_with(value_, spec_.field, separators_);
    if (!m.ok()) {
      issue = std::move(m.errors.front());
      return;
    }
    sc.custom_model = std::move(*m.value);
  }
  void text(Input in, std::string& out) {
    if (!mine(in)) return;
    if (spec_.kind == InputKind::OptionalId && value_.empty()) {
      out.clear();
      return;
    }
    std::string id;
    if (read_id(id)) out = id;
  }
  // Not named (no key, or an empty value): nullopt, and the scenario's default applies.
  void text(Input in, std::optional<std::string>& out) {
    if (!mine(in)) return;
    if (value_.empty()) {
      out.reset();
      return;
    }
    std::string id;
    if (read_id(id)) out = id;
  }
  template <class E>
  void enumeration(Input in, E& out) {
    if (!mine(in)) return;
    if (const auto v = parse_name<E>(value_)) {
      out = *v;
    } else {
      fail(msg::err_link_one_of(spec_.field, names_list<E>(), value_));
    }
  }
  template <class I>
  void integer(Input in, I& out) {
    if (!mine(in)) return;
    double v = 0;
    if (!read_number(spec_.kind == InputKind::Tokens ? NumberStyle::Tokens : NumberStyle::Decimal, v)) return;
    if (v != static_cast<double>(static_cast<std::int64_t>(v))) {
      return fail(msg::err_number_not_whole(spec_.field, format_trimmed(v, 3)));
    }
    if (!in_range(v)) return;
    out = static_cast<I>(v);
  }
  void number(Input in, double& out) {
    if (!mine(in)) return;
    double v = 0;
    if (spec_.kind == InputKind::Fraction ? read_fraction(v) : read_number(NumberStyle::Decimal, v)) {
      if (in_range(v)) out = v;
    }
  }
  // An input that may be left out: set when the value is read.
  template <class T>
  void integer(Input in, std::optional<T>& out) {
    if (!mine(in)) return;
    T v{};
    integer(in, v);
    if (!issue) out = v;
  }
  void number(Input in, std::optional<double>& out) {
    if (!mine(in)) return;
    double v = 0;
    number(in, v);
    if (!issue) out = v;
  }
  void zero(Input in, std::optional<int>& out) {
    if (!mine(in)) return;
    if (value_ == "auto") {
      out.reset();
      return;
    }
    integer(in, out);
  }
  void offload(Input in, Offload& out) {
    if (!mine(in)) return;
    if (value_ == "none") {
      out = Offload::none();
    } else if (value_ == "auto") {
      out = Offload::automatic();
    } else {
      int n = 0;
      integer(in, n);
      if (!issue) out = Offload::gpu_layers(n);
    }
  }
  void lang(Input in, PlanRequest& rq) {
    if (!mine(in)) return;
    enumeration(in, rq.lang);
    rq.scenario.lang = rq.lang;
  }
  void list(Input in, std::vector<std::string>& out) {
    if (!mine(in)) return;
    std::vector<std::string> items = split_list(value_, separators_);
    if (items.empty()) return fail(msg::err_link_empty_list(spec_.field));
    for (const std::string& item : items) {
      if (spec_.kind == InputKind::Words ? !is_lora_target(item) : !is_id_text(item)) {
        return fail(spec_.kind == InputKind::Words ? msg::err_lora_targets_unknown(item)
                                                    : msg::err_link_id(spec_.field, item));
      }
    }
    out = std::move(items);
  }
  void date(Input in, std::string& out) {
    if (!mine(in)) return;
    const std::optional<CatalogDate> d = parse_catalog_date(value_);
    if (!d || d->month == 0) return fail(msg::err_today_date(spec_.field, value_));
    out = value_;
  }
  void flag(Input in, bool& out) {
    if (!mine(in)) return;
    if (value_ == "1" || value_ == "true" || value_.empty()) {
      out = true;
    } else if (value_ == "0" || value_ == "false") {
      out = false;
    } else {
      fail(msg::err_link_flag(spec_.field, value_));
    }
  }

 private:
  bool mine(Input in) const { return in == spec_.id; }
  void fail(Message m) { issue = Issue{spec_.field, std::move(m)}; }
  bool read_id(std::string& out) {
    if (!is_id_text(value_)) {
      fail(msg::err_link_id(spec_.field, value_));
      return false;
    }
    out = value_;
    return true;
  }
  // What an error suggests typing, by the input's kind.
  Message examples(NumberStyle style) const {
    if (spec_.id == Input::Tokens) return msg::err_number_examples_decimal();  // "2B" reads like a parameter count
    switch (spec_.kind) {
      case InputKind::Integer:
      case InputKind::Zero:
      case InputKind::Offload: return msg::err_number_examples_integer();
      case InputKind::Number: return msg::err_number_examples_amount();
      case InputKind::Fraction: return msg::err_number_examples_fraction();
      default:
        return style == NumberStyle::Tokens ? msg::err_number_examples_tokens() : msg::err_number_examples_decimal();
    }
  }
  bool read_number(NumberStyle style, double& out) {
    Result<double> r = parse_number(value_, spec_.field, style, examples(style));
    if (!r.ok()) {
      issue = r.errors.front();
      return false;
    }
    out = *r.value;
    return true;
  }
  // "20%" -> 0.2, "0.2" -> 0.2 (headroom, MFU).
  bool read_fraction(double& out) {
    std::string t = value_;
    const bool percent = !t.empty() && t.back() == '%';
    if (percent) t.pop_back();
    Result<double> r = parse_number(t, spec_.field, NumberStyle::Decimal, examples(NumberStyle::Decimal));
    if (!r.ok()) {
      issue = r.errors.front();
      return false;
    }
    out = percent ? *r.value / 100 : *r.value;
    return true;
  }
  bool in_range(double v) {
    if (std::optional<Issue> e = check_input(spec_.id, v)) {
      issue = std::move(e);
      return false;
    }
    return true;
  }

  const InputSpec& spec_;
  const std::string& value_;
  std::string_view separators_;
  const Catalog& catalog_;  // its models give a parameter count its shape
};

// Defaults that depend on what else was given (the CLI's documented behaviour): the prompt
// never exceeds the context. (The weights left unsaid are the model's as released, NF4 for
// QLoRA: scenario.hpp default_precision, which needs the catalog.)
// `accepted`: the inputs read without an issue (a refused pair counts as not given).
void finish(const std::vector<Input>& accepted, PlanRequest& rq) {
  auto given = [&accepted](const char* key) {
    const InputSpec* spec = find_input(key);
    return spec != nullptr && std::find(accepted.begin(), accepted.end(), spec->id) != accepted.end();
  };
  Scenario& sc = rq.scenario;
  if (!given("prompt")) sc.prompt = std::min(sc.prompt, sc.context);
  if (given("prompt") && !given("context") && sc.prompt > sc.context) sc.context = sc.prompt;
}

// [SECTION] Writing

std::string number_text(double v) {
  if (v == static_cast<double>(static_cast<std::int64_t>(v)) && v < 1e15 && v > -1e15) {
    return std::to_string(static_cast<std::int64_t>(v));
  }
  return format_shortest(v);
}

// A whole number in a link's shortest form (version 2): tokens in binary units as the reader
// takes them ("8k" = 8192, "1m" = 1048576), other counts in decimal ones ("13b", "500m", "3k").
// Only exact multiples are shortened; anything else is number_text.
std::string compact_number(double v, bool tokens) {
  if (!(v > 0 && v < 1e15) || v != static_cast<double>(static_cast<std::int64_t>(v))) return number_text(v);
  const auto n = static_cast<std::int64_t>(v);
  struct Unit {
    std::int64_t size;
    const char* suffix;
  };
  static constexpr Unit kBinary[] = {{1048576, "m"}, {1024, "k"}};
  static constexpr Unit kDecimal[] = {{1000000000000, "t"}, {1000000000, "b"}, {1000000, "m"}, {1000, "k"}};
  const Unit* first = tokens ? std::begin(kBinary) : std::begin(kDecimal);
  const Unit* last = tokens ? std::end(kBinary) : std::end(kDecimal);
  for (const Unit* u = first; u != last; ++u) {
    if (n % u->size == 0) return std::to_string(n / u->size) + u->suffix;
  }
  return number_text(v);
}

std::string join(const std::vector<std::string>& items, char separator) {
  std::string out;
  for (const std::string& s : items) {
    if (!out.empty()) out += separator;
    out += s;
  }
  return out;
}

// Each input's value as text (what a link would say), for one request. `compact`: version 2's
// link form (short numbers, '~' between list items); else the plain form --help shows.
class Texts {
 public:
  explicit Texts(bool compact) : compact_(compact) {}
  std::array<std::string, static_cast<std::size_t>(Input::kCount)> values;

  void model(Input in, const Scenario& sc) { set(in, sc.custom_model ? std::string() : sc.model); }
  // A model made from a parameter count travels as the count asked for (its shape is derived
  // from it again, the same way); one read from a config.json as its shapes, so the reader
  // computes the same figures.
  // NOTE: the total of an assumed shape differs from the count asked for (the intermediate size
  // is rounded), and writing it would move the link to another shape on every round trip.
  void params(Input in, const Scenario& sc) {
    const Model* m = sc.custom_model ? &*sc.custom_model : nullptr;
    if (!m || !m->assumed_architecture) return set(in, std::string());
    const double count = m->published_params_b > 0 ? std::round(m->published_params_b * 1e9)
                                                   : static_cast<double>(count_params(*m).total);
    set(in, whole(in, count));
  }
  void shapes(Input in, const Scenario& sc) {
    set(in, sc.custom_model && !sc.custom_model->assumed_architecture ? encode_shapes(*sc.custom_model) : std::string());
  }
  void text(Input in, const std::string& v) { set(in, v); }
  void text(Input in, const std::optional<std::string>& v) { set(in, v.value_or(std::string())); }  // not named: no text
  template <class E>
  void enumeration(Input in, const E& v) {
    set(in, std::string(name_of(v)));
  }
  template <class I>
  void integer(Input in, const I& v) {
    set(in, whole(in, static_cast<double>(v)));
  }
  void number(Input in, const double& v) { set(in, whole(in, v)); }
  // Not given: no text (the default is not written).
  template <class T>
  void integer(Input in, const std::optional<T>& v) {
    set(in, v ? whole(in, static_cast<double>(*v)) : std::string());
  }
  void number(Input in, const std::optional<double>& v) { set(in, v ? whole(in, *v) : std::string()); }
  void zero(Input in, const std::optional<int>& v) { set(in, v ? std::to_string(*v) : "auto"); }
  void offload(Input in, const Offload& v) {
    switch (v.mode) {
      case Offload::Mode::None: return set(in, "none");
      case Offload::Mode::Auto: return set(in, "auto");
      case Offload::Mode::Layers: return set(in, std::to_string(v.layers));
    }
  }
  void lang(Input in, const PlanRequest& rq) { enumeration(in, rq.lang); }
  void list(Input in, const std::vector<std::string>& v) { set(in, join(v, compact_ ? kListSeparator : ',')); }
  void flag(Input in, const bool& v) { set(in, v ? "1" : "0"); }
  void date(Input in, const std::string& v) { set(in, v); }

 private:
  void set(Input in, std::string v) { values[static_cast<std::size_t>(in)] = std::move(v); }
  // A number as this form writes it (fractions such as headroom stay decimals: 0.2).
  std::string whole(Input in, double v) const {
    const InputKind kind = input_spec(in).kind;
    if (!compact_ || kind == InputKind::Fraction) return number_text(v);
    return compact_number(v, kind == InputKind::Tokens);
  }
  bool compact_;
};

Texts texts_of(const PlanRequest& rq, bool compact = true) {
  Texts t(compact);
  bind(t, rq);
  return t;
}

// [SECTION] Shapes: a custom model in a few dozen characters

// One tag per figure; compound tags join their numbers with '-', tags are separated by '~'
// (version 1 wrote ','; both are read). Only [A-Za-z0-9~-] appear, so the text needs no
// percent-encoding in a link.
struct ShapeTag {
  char tag;
  int count;  // numbers the tag holds
};
constexpr ShapeTag kShapeTags[] = {{'l', 1}, {'h', 1}, {'i', 1}, {'a', 1}, {'k', 1}, {'d', 1}, {'v', 1}, {'c', 1},
                                   {'n', 1}, {'t', 1}, {'b', 1}, {'q', 1}, {'g', 1}, {'w', 2}, {'r', 2}, {'y', 6},
                                   {'e', 6}, {'m', 5}, {'s', 4}, {'x', 1}, {'z', 1}, {'u', 1}, {'p', 1}, {'o', 1},
                                   // Issue 26: sliding head size (Gemma 4), hybrid blocks and ungated MLP
                                   // (Nemotron-H), K = V projection, Mamba-2 linear layers, latent MoE.
                                   {'j', 1}, {'f', 3}, {'K', 1}, {'M', 1}, {'L', 1},
                                   // Kimi-K3 MoE vectors: router bias, latent norm (with 'e').
                                   {'E', 2},
                                   // DeepSeek-V4 compressed attention: window, ratio-4 and ratio-128
                                   // layers, q_lora, rope, o_groups, o_lora, hc_mult, index heads, dim;
                                   // its indexer's top-k (with 'C').
                                   {'C', 10}, {'T', 1},
                                   // MiniMax-M3: the indexer's dense layers and kind (1 = block_sparse).
                                   {'I', 2}};
// The indexer's key bits travel in thousandths (8.5 -> 8500).
constexpr double kKeyBitsScale = 1000;
constexpr const char* kRequiredShapes = "l h a k d v";

std::string shape_item(char tag, std::initializer_list<std::int64_t> values) {
  std::string s(1, tag);
  bool first = true;
  for (std::int64_t v : values) {
    s += (first ? "" : "-") + std::to_string(v);
    first = false;
  }
  return s;
}

// Whole numbers 0..1e15 separated by '-', exactly `count` of them.
bool shape_numbers(std::string_view text, int count, std::vector<std::int64_t>& out) {
  out.clear();
  std::int64_t v = 0;
  int digits = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '-') {
      if (digits == 0) return false;
      out.push_back(v);
      v = 0;
      digits = 0;
    } else if (text[i] >= '0' && text[i] <= '9' && digits < 15) {
      v = v * 10 + (text[i] - '0');
      ++digits;
    } else {
      return false;
    }
  }
  return static_cast<int>(out.size()) == count;
}

}  // namespace

std::string encode_shapes(const Model& m) {
  std::string s = m.family.empty() || !is_family(m.family) ? "custom" : m.family;
  auto add = [&s](char tag, std::initializer_list<std::int64_t> values) { s += kListSeparator + shape_item(tag, values); };
  add('l', {m.num_layers});
  add('h', {m.hidden_size});
  add('i', {m.intermediate_size});
  add('a', {m.num_attention_heads});
  add('k', {m.num_kv_heads});
  add('d', {m.head_dim});
  add('v', {m.vocab_size});
  add('c', {m.max_context});
  if (m.norms_per_layer != Model{}.norms_per_layer) add('n', {m.norms_per_layer});
  if (m.tie_embeddings) add('t', {1});
  if (m.qkv_bias) add('b', {1});
  if (m.qk_norm) add('q', {1});
  if (m.attention_output_gate) add('g', {1});
  if (m.has_sliding_window) add('w', {m.sliding_window.window, m.sliding_window.layers});
  if (m.has_sliding_window && m.sliding_window.num_kv_heads > 0) add('o', {m.sliding_window.num_kv_heads});
  if (m.has_sliding_window && m.sliding_window.head_dim > 0) add('j', {m.sliding_window.head_dim});
  if (m.v_head_dim > 0) add('p', {m.v_head_dim});
  if (m.no_attention_layers > 0 || m.no_mlp_layers > 0 || m.ungated_mlp) {
    add('f', {m.no_attention_layers, m.no_mlp_layers, m.ungated_mlp ? 1 : 0});
  }
  if (m.attention_k_eq_v) add('K', {1});
  if (m.has_chunked_attention) add('r', {m.chunked_attention.chunk, m.chunked_attention.layers});
  if (m.has_linear_attention) {
    const LinearAttention& a = m.linear_attention;
    add('y', {a.layers, a.num_key_heads, a.num_value_heads, a.key_head_dim, a.value_head_dim, a.conv_kernel});
  }
  if (m.has_linear_attention && m.linear_attention.recurrent_bits > 0) add('z', {m.linear_attention.recurrent_bits});
  if (m.has_linear_attention && m.linear_attention.kind == "mamba2") add('M', {1});
  if (m.has_linear_attention && m.linear_attention.kind == "kda") add('M', {2});
  if (m.is_moe) {
    const MoeSpec& e = m.moe;
    add('e', {e.num_experts, e.experts_per_token, e.num_shared_experts, e.expert_intermediate_size,
              e.shared_expert_intermediate_size, e.dense_layers});
    if (e.latent_size > 0) add('L', {e.latent_size});
    if (e.router_bias || e.latent_norm) add('E', {e.router_bias ? 1 : 0, e.latent_norm ? 1 : 0});
  }
  if (m.is_mla) {
    const MlaSpec& a = m.mla;
    add('m', {a.kv_lora_rank, a.q_lora_rank, a.qk_rope_head_dim, a.qk_nope_head_dim, a.v_head_dim});
  }
  if (m.has_indexer) {
    const Indexer& x = m.indexer;
    add('s', {x.num_heads, x.head_dim, x.top_k, std::llround(x.key_bits * kKeyBitsScale)});
    if (x.layers > 0) add('u', {x.layers});
    if (x.dense_layers > 0 || !x.kind.empty()) add('I', {x.dense_layers, x.kind == "block_sparse" ? 1 : 2});
  }
  if (m.has_compressed_attention) {
    const CompressedAttention& a = m.compressed_attention;
    add('C', {a.window, a.ratio4_layers, a.ratio128_layers, a.q_lora_rank, a.rope_head_dim, a.o_groups, a.o_lora_rank,
              a.hc_mult, a.index_heads, a.index_head_dim});
    if (a.index_topk > 0) add('T', {a.index_topk});
  }
  if (m.extra_params > 0) add('x', {m.extra_params});
  return s;
}

Result<Model> decode_shapes(std::string_view text, const std::string& field) {
  return decode_shapes_with(text, field, kSeparatorsV2);
}

namespace {

// A shape number as an int field, capped at 2^30.
int narrow(std::int64_t v) { return static_cast<int>(std::min<std::int64_t>(v, 1 << 30)); }

// [SECTION] decode_shapes' tags, one function per group: each applies the numbers of its own tags
// and says whether the tag was one of them.

// The dense transformer: layers, widths, heads, vocabulary, context, norms and flags.
bool apply_core_shape(char tag, const std::vector<std::int64_t>& n, Model& m) {
  switch (tag) {
    case 'l': m.num_layers = narrow(n[0]); break;
    case 'h': m.hidden_size = n[0]; break;
    case 'i': m.intermediate_size = n[0]; break;
    case 'a': m.num_attention_heads = narrow(n[0]); break;
    case 'k': m.num_kv_heads = narrow(n[0]); break;
    case 'd': m.head_dim = narrow(n[0]); break;
    case 'v': m.vocab_size = n[0]; break;
    case 'c': m.max_context = n[0]; break;
    case 'n': m.norms_per_layer = narrow(n[0]); break;
    case 't': m.tie_embeddings = n[0] != 0; break;
    case 'b': m.qkv_bias = n[0] != 0; break;
    case 'q': m.qk_norm = n[0] != 0; break;
    case 'g': m.attention_output_gate = n[0] != 0; break;
    case 'x': m.extra_params = n[0]; break;
    case 'p': m.v_head_dim = narrow(n[0]); break;
    case 'f':
      m.no_attention_layers = narrow(n[0]);
      m.no_mlp_layers = narrow(n[1]);
      m.ungated_mlp = n[2] != 0;
      break;
    case 'K': m.attention_k_eq_v = n[0] != 0; break;
    default: return false;
  }
  return true;
}

// Chunked attention, linear attention (Mamba-2, KDA) and the sparse-attention indexer.
bool apply_linear_shape(char tag, const std::vector<std::int64_t>& n, Model& m) {
  switch (tag) {
    case 'r':
      m.has_chunked_attention = true;
      m.chunked_attention = ChunkedAttention{n[0], narrow(n[1])};
      break;
    case 'y':
      m.has_linear_attention = true;
      m.linear_attention = LinearAttention{narrow(n[0]), narrow(n[1]), narrow(n[2]), narrow(n[3]), narrow(n[4]), narrow(n[5]),
                                           m.linear_attention.recurrent_bits, m.linear_attention.kind};
      break;
    case 's':
      m.has_indexer = true;
      m.indexer = Indexer{narrow(n[0]), narrow(n[1]), n[2], static_cast<double>(n[3]) / kKeyBitsScale, m.indexer.layers,
                          m.indexer.dense_layers, m.indexer.kind};
      break;
    case 'z': m.linear_attention.recurrent_bits = narrow(n[0]); break;  // with 'y'
    case 'u': m.indexer.layers = narrow(n[0]); break;                   // with 's'
    case 'I':                                                           // with 's'
      m.indexer.dense_layers = narrow(n[0]);
      m.indexer.kind = n[1] == 0 ? "" : n[1] == 1 ? "block_sparse" : "?";  // "?" is refused by validation
      break;
    case 'M': m.linear_attention.kind = n[0] == 1 ? "mamba2" : n[0] == 2 ? "kda" : "?"; break;  // with 'y'; "?" is refused
    default: return false;
  }
  return true;
}

// The sliding window and DeepSeek-V4's compressed attention.
bool apply_window_shape(char tag, const std::vector<std::int64_t>& n, Model& m) {
  switch (tag) {
    case 'w':
      m.has_sliding_window = true;
      m.sliding_window = SlidingWindow{n[0], narrow(n[1]), m.sliding_window.num_kv_heads, m.sliding_window.head_dim};
      break;
    case 'o': m.sliding_window.num_kv_heads = narrow(n[0]); break;  // with 'w'
    case 'j': m.sliding_window.head_dim = narrow(n[0]); break;  // with 'w'
    case 'C':
      m.has_compressed_attention = true;
      m.compressed_attention = CompressedAttention{narrow(n[0]), narrow(n[1]), narrow(n[2]), narrow(n[3]), narrow(n[4]),
                                                   narrow(n[5]), narrow(n[6]), narrow(n[7]), narrow(n[8]), narrow(n[9]),
                                                   m.compressed_attention.index_topk};
      break;
    case 'T': m.compressed_attention.index_topk = narrow(n[0]); break;  // with 'C'
    default: return false;
  }
  return true;
}

// Mixture of experts and multi-head latent attention.
bool apply_expert_shape(char tag, const std::vector<std::int64_t>& n, Model& m) {
  switch (tag) {
    case 'e':
      m.is_moe = true;
      m.moe = MoeSpec{narrow(n[0]), narrow(n[1]), narrow(n[2]), n[3], n[4], narrow(n[5]), m.moe.latent_size,
                      m.moe.router_bias, m.moe.latent_norm};
      break;
    case 'm':
      m.is_mla = true;
      m.mla = MlaSpec{narrow(n[0]), narrow(n[1]), narrow(n[2]), narrow(n[3]), narrow(n[4])};
      break;
    case 'L': m.moe.latent_size = n[0]; break;                              // with 'e'
    case 'E':                                                               // with 'e'
      m.moe.router_bias = n[0] != 0;
      m.moe.latent_norm = n[1] != 0;
      break;
    default: return false;
  }
  return true;
}

// The tag's spec in kShapeTags (the last of that letter); nullptr for an unknown tag.
const ShapeTag* find_shape_tag(char tag) {
  const ShapeTag* spec = nullptr;
  for (const ShapeTag& t : kShapeTags) {
    if (t.tag == tag) spec = &t;
  }
  return spec;
}

// The required tags (kRequiredShapes) not in `seen`, comma-separated.
std::string missing_shapes(const std::string& seen) {
  std::string missing;
  for (const char* t = kRequiredShapes; *t; ++t) {
    if (*t != ' ' && seen.find(*t) == std::string::npos) missing += (missing.empty() ? "" : ", ") + std::string(1, *t);
  }
  return missing;
}

Result<Model> decode_shapes_with(std::string_view text, const std::string& field, std::string_view separators) {
  auto fail = [&field](Message m) { return Result<Model>::failure(field, std::move(m)); };
  const std::vector<std::string> items = split_list(std::string(text), separators);
  if (items.empty() || !is_family(items.front()) || (items.front()[0] >= '0' && items.front()[0] <= '9')) {
    return fail(msg::err_link_shapes_family(field, std::string(text.substr(0, 64))));
  }
  Model m;
  m.id = "custom";
  m.family = items.front();
  m.name = m.family + " (config.json)";
  m.source = "config.json";
  std::string seen;
  std::vector<std::int64_t> n;
  for (std::size_t i = 1; i < items.size(); ++i) {
    const std::string& item = items[i];
    const char tag = item[0];
    const ShapeTag* spec = find_shape_tag(tag);
    if (!spec || !shape_numbers(std::string_view(item).substr(1), spec->count, n)) {
      return fail(msg::err_link_shapes_item(field, item.substr(0, 64)));
    }
    if (seen.find(tag) != std::string::npos) return fail(msg::err_link_shapes_repeated(field, std::string(1, tag)));
    seen += tag;
    apply_core_shape(tag, n, m) || apply_linear_shape(tag, n, m) || apply_window_shape(tag, n, m) ||
        apply_expert_shape(tag, n, m);
  }
  if (const std::string missing = missing_shapes(seen); !missing.empty()) {
    return fail(msg::err_link_shapes_missing(field, missing));
  }
  if (std::vector<Issue> bad = validate_model(m, field, false); !bad.empty()) {
    return fail(msg::err_link_shapes_model(field, std::move(bad.front().message)));
  }
  return Result<Model>::success(std::move(m));
}

// [SECTION] Percent-encoding

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

// [SECTION] API

bool is_page_option(std::string_view key) { return key == "embed" || key == "accent" || key == "overlay"; }

DecodedState request_from_pairs(const Catalog& catalog, const KeyValues& pairs) {
  DecodedState out;
  std::vector<Input> accepted, seen;
  // NOTE: a hostile query can hold a million bad pairs; the first few issues say enough.
  constexpr std::size_t kMaxIssues = 32;
  auto report = [&out](Issue issue) {
    if (out.issues.size() < kMaxIssues) out.issues.push_back(std::move(issue));
  };
  // The version: the first "v" (none: the current one, as the JS API's objects and --state
  // write it); every "v" must name a version this reader knows.
  int version = 0;
  for (const auto& [key, value] : pairs) {
    if (key != "v") continue;
    const int v = value == kStateVersion ? 2 : value == kStateVersionV1 ? 1 : 0;
    if (v == 0) return DecodedState{PlanRequest{}, {Issue{"v", msg::err_link_version(value, std::string(kStateVersion))}}};
    if (version == 0) version = v;
  }
  if (version == 0) version = 2;
  // Version 1's defaults where they differ from today's (a link leaves out its defaults).
  if (version == 1) out.request.scenario.model = std::string(kV1DefaultModel);
  const std::string_view separators = version == 1 ? kSeparatorsV1 : kSeparatorsV2;
  for (const auto& [key, value] : pairs) {
    if (key == "v") continue;
    if (is_page_option(key)) continue;
    const InputSpec* spec = input_of_key(key, version);
    if (spec == nullptr || spec->cli_only) {
      report(Issue{key.substr(0, 64), msg::err_link_unknown_key(key.substr(0, 64))});
      continue;
    }
    // NOTE: no input needs more; a 10 MB value would only be echoed back in its error message.
    constexpr std::size_t kMaxValue = 4096;
    if (value.size() > kMaxValue) {
      report(Issue{spec->field, msg::err_link_too_long(spec->field, std::to_string(value.size()), std::to_string(kMaxValue))});
      continue;
    }
    // A key given twice: the last one is used, and said (a link edited by hand, a pasted query).
    if (std::find(seen.begin(), seen.end(), spec->id) != seen.end()) {
      report(Issue{spec->field, msg::err_link_repeated(spec->key)});
    }
    seen.push_back(spec->id);
    Reader reader(*spec, value, separators, catalog);
    bind(reader, out.request);
    if (reader.issue) {
      report(std::move(*reader.issue));
    } else {
      accepted.push_back(spec->id);
    }
  }
  finish(accepted, out.request);
  return out;
}

DecodedState request_from_link(const Catalog& catalog, const KeyValues& pairs) {
  // No pairs, nothing to drop: the defaults (the page's first load) need no trial plan.
  if (pairs.empty()) return request_from_pairs(catalog, pairs);
  // The keys of `kept` an issue's field names: "platforms[1]" -> platform, "model" -> model (or
  // the params/arch that made a custom model).
  auto keys_named = [](const std::string& field, const KeyValues& kept) {
    const std::string head = field.substr(0, field.find_first_of(".["));
    std::vector<std::string> keys;
    // The link's own spelling of the key (long or short) for an input.
    auto add_present = [&kept, &keys](Input in) {
      for (const auto& kv : kept) {
        const InputSpec* spec = input_of_key(kv.first, 2);
        if (spec != nullptr && spec->id == in && std::find(keys.begin(), keys.end(), kv.first) == keys.end()) {
          keys.push_back(kv.first);
        }
      }
    };
    for (const InputSpec& s : input_specs()) {
      if (head == s.field) add_present(s.id);
    }
    if (keys.empty() && head == input_spec(Input::Model).field) {
      for (Input in : {Input::Params, Input::Arch}) add_present(in);
    }
    return keys;
  };
  KeyValues kept = pairs;
  std::vector<Issue> dropped;
  for (std::size_t round = 0; round <= pairs.size(); ++round) {
    DecodedState d = request_from_pairs(catalog, kept);
    PlanRequest check = d.request;
    check.alternatives = false;
    const Result<Plan> p = plan(catalog, check);
    if (p.ok()) {
      d.issues.insert(d.issues.end(), dropped.begin(), dropped.end());
      return d;
    }
    bool any = false;
    for (const Issue& e : p.errors) {
      const std::vector<std::string> keys = keys_named(e.field, kept);
      for (const std::string& k : keys) {
        kept.erase(std::remove_if(kept.begin(), kept.end(), [&k](const auto& kv) { return kv.first == k; }), kept.end());
      }
      if (!keys.empty()) {
        dropped.push_back(e);
        any = true;
      }
    }
    if (!any) {  // the request fails for a reason no single key explains: the defaults
      DecodedState out;
      out.issues = std::move(d.issues);
      out.issues.insert(out.issues.end(), dropped.begin(), dropped.end());
      out.issues.insert(out.issues.end(), p.errors.begin(), p.errors.end());
      return out;
    }
  }
  return DecodedState{PlanRequest{}, std::move(dropped)};
}

KeyValues with_changes(KeyValues pairs, const KeyValues& changes) {
  for (const auto& change : changes) {
    const std::string& key = change.first;  // NOTE: not a structured binding: lambdas cannot capture those in C++17
    // A change names its input by the long key ("precision"), the pairs may spell it "p".
    const InputSpec* input = input_of_key(key, 2);
    auto same = [&key, input](const auto& kv) {
      if (kv.first == key) return true;
      const InputSpec* other = input_of_key(kv.first, 2);
      return input != nullptr && other != nullptr && other->id == input->id;
    };
    pairs.erase(std::remove_if(pairs.begin(), pairs.end(), same), pairs.end());
    if (!change.second.empty()) pairs.emplace_back(key, change.second);
  }
  return pairs;
}

Result<PlanRequest> request_from_pairs_strict(const Catalog& catalog, const KeyValues& pairs) {
  DecodedState d = request_from_pairs(catalog, pairs);
  if (!d.issues.empty()) return Result<PlanRequest>::failure(std::move(d.issues));
  return Result<PlanRequest>::success(std::move(d.request));
}

KeyValues request_to_pairs(const PlanRequest& rq) {
  const Texts defaults = texts_of(PlanRequest{});
  const Texts now = texts_of(rq);
  auto pairs_where = [&](auto&& wanted) {
    KeyValues kv{{"v", std::string(kStateVersion)}};
    for (const InputSpec& spec : input_specs()) {
      if (spec.id == Input::Today) continue;  // the reader's own date, never part of a link
      const std::string& t = now.values[static_cast<std::size_t>(spec.id)];
      if (t.empty() || !wanted(spec.id, t)) continue;
      // A flag that is on is its key alone ("&s": the reader takes an empty value as on).
      kv.emplace_back(std::string(link_key(spec.id)), spec.kind == InputKind::Flag && t == "1" ? std::string() : t);
    }
    return kv;
  };
  const KeyValues short_form = pairs_where([&](Input in, const std::string& t) {
    return t != defaults.values[static_cast<std::size_t>(in)];
  });
  // A default the reader derives from other values (finish(): QLoRA's NF4, the prompt capped at
  // the context) is written when reading the short form would not give it back: links round-trip.
  // A custom model from a parameter count reads back with its own shape as the only reference.
  Catalog own;
  if (rq.scenario.custom_model) own.models.push_back(*rq.scenario.custom_model);
  const Texts read_back = texts_of(request_from_pairs(own, short_form).request);
  return pairs_where([&](Input in, const std::string& t) {
    const auto i = static_cast<std::size_t>(in);
    return t != defaults.values[i] || t != read_back.values[i];
  });
}

namespace {

// The shortest name `text`'s catalog entry goes by that reads back as that same entry (its id, or
// an alias no other entry claims first); `text` itself when no entry matches.
template <class T>
std::string shortest_name(const std::vector<T>& entries, const std::string& text) {
  const T* entry = match_entry(entries, text);
  if (entry == nullptr) return text;
  std::string best = entry->id;
  for (const std::string& alias : entry->aliases) {
    if (alias.size() < best.size() && is_id_text(alias) && match_entry(entries, alias) == entry) best = alias;
  }
  return best;
}

}  // namespace

KeyValues request_to_pairs(const Catalog& catalog, const PlanRequest& request) {
  KeyValues pairs = request_to_pairs(request);
  for (auto& kv : pairs) {
    const InputSpec* spec = input_of_key(kv.first, 2);
    if (spec == nullptr) continue;
    std::string& value = kv.second;
    switch (spec->id) {
      // Precisions and engines keep their ids: they are short, and an alias names a method
      // ("awq" for int4) rather than the choice.
      case Input::Model: value = shortest_name(catalog.models, value); break;
      case Input::Gpu: value = shortest_name(catalog.gpus, value); break;
      case Input::Platform:
      case Input::PlatformFirst: {
        std::vector<std::string> items = split_list(value, kSeparatorsV2);
        for (std::string& item : items) item = shortest_name(catalog.platforms, item);
        value = join(items, kListSeparator);
        break;
      }
      default: break;
    }
  }
  return pairs;
}

std::string default_text(Input input) {
  return texts_of(PlanRequest{}, false).values[static_cast<std::size_t>(input)];
}

std::string_view link_key(Input input) {
  for (const LinkKey& k : kLinkKeys) {
    if (k.input == input) return k.key;
  }
  return input_spec(input).key;
}

std::string encode_query(const KeyValues& pairs) {
  std::string out;
  auto append = [&out](const std::string& text) {
    for (char ch : text) {
      const auto c = static_cast<unsigned char>(ch);
      const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                         c == '.' || c == '_' || c == '~' || c == ',';
      if (plain) {
        out += ch;
      } else {
        hex_escape(out, c);
      }
    }
  };
  for (const auto& [key, value] : pairs) {
    if (!out.empty()) out += '&';
    append(key);
    if (value.empty()) continue;  // "key" and "key=" read the same (decode_query): the shorter
    out += '=';
    append(value);
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
