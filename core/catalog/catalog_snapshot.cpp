// Format: "cardfit-snapshot/1\n", then the sections of fields::for_each_section (a count, then
// each entry's fields in field-list order), the defaults (fields::defaults_fields, then
// usd_cny and usd_cny_source), the custom budget, and "end". Field names are not stored.
// Values: text = length + bytes; integer = zigzag LEB128; number = a scale k and a zigzag
// LEB128 m for m / 10^k (the shortest k that reads back exactly), else 255 + 8 bytes (IEEE 754,
// little-endian); boolean = 1 byte;
// choice = the enum's value; optional object = 1 byte present, then its fields; list =
// count + entries; flags = one LEB128 bit set.
#include "catalog_snapshot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "catalog_fields.hpp"
#include "field_table.hpp"

namespace cardfit {
namespace {

using fields::Field;
using fields::FieldTable;
using fields::FlagName;
using fields::Kind;
using fields::member;
using fields::Need;
using fields::Range;
using fields::TextRule;

constexpr std::string_view kMagic = "cardfit-snapshot/1\n";
constexpr std::string_view kEnd = "end";
// Numbers: a scale k (the value is m / 10^k, m a zigzag LEB128) or kRawDouble (8 bytes follow).
constexpr int kMaxScale = 22;  // 10^22 is the largest power of ten a double holds exactly
constexpr unsigned char kRawDouble = 255;
constexpr double kPow10[kMaxScale + 1] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                          1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// [SECTION] Writing

class Out {
 public:
  std::string bytes;

  void unsigned_number(std::uint64_t u) {
    do {
      const auto b = static_cast<unsigned char>(u & 0x7f);
      u >>= 7;
      bytes += static_cast<char>(u != 0 ? (b | 0x80) : b);
    } while (u != 0);
  }
  void signed_number(std::int64_t i) {
    unsigned_number((static_cast<std::uint64_t>(i) << 1) ^ (i < 0 ? ~std::uint64_t{0} : 0));
  }
  void raw(std::string_view s) {
    unsigned_number(s.size());
    bytes.append(s);
  }

  void text(const char*, const std::string& v, Need, TextRule) { raw(v); }
  template <class I>
  void integer(const char*, const I& v, Need, Range) {
    signed_number(static_cast<std::int64_t>(v));
  }
  void number(const char*, const double& v, Need, Range) {
    // Most figures are short decimals ("989.4", "0.85"): m / 10^k, which reads back to the
    // same double (both exact, the division correctly rounded) and compresses as well as text.
    for (int k = 0; k <= kMaxScale; ++k) {
      const double scaled = std::round(v * kPow10[k]);
      if (!(std::fabs(scaled) < 9007199254740992.0)) break;  // 2^53: m must be exact
      if (scaled / kPow10[k] == v && !(v == 0 && std::signbit(v))) {
        bytes += static_cast<char>(k);
        signed_number(static_cast<std::int64_t>(scaled));
        return;
      }
    }
    bytes += static_cast<char>(kRawDouble);
    char b[8];
    std::memcpy(b, &v, 8);
    bytes.append(b, 8);
  }
  void boolean(const char*, const bool& v, Need) { bytes += v ? '\1' : '\0'; }
  template <class E>
  void choice(const char*, const E& v, Need) {
    unsigned_number(static_cast<std::uint64_t>(v));
  }
  template <class T, class F>
  void object(const char*, const T& v, const bool* present, F&& visit) {
    if (present != nullptr) {
      bytes += *present ? '\1' : '\0';
      if (!*present) return;
    }
    visit(*this, v);
  }
  template <class T, class F>
  void list(const char*, const std::vector<T>& items, Need, F&& visit) {
    unsigned_number(items.size());
    for (const T& item : items) visit(*this, item);
  }
  void strings(const char*, const std::vector<std::string>& items, Need, TextRule) {
    unsigned_number(items.size());
    for (const std::string& s : items) raw(s);
  }
  template <std::size_t N>
  void flags(const char*, Need, const std::array<FlagName<const bool>, N>& names) {
    static_assert(N <= 63);
    std::uint64_t set = 0;
    for (std::size_t i = 0; i < N; ++i) set |= (*names[i].flag ? std::uint64_t{1} : 0) << i;
    unsigned_number(set);
  }
};

// [SECTION] Reading: every read checks what is left; the first problem stops the reading.

class In {
 public:
  explicit In(std::string_view b) : b_(b) {}

  bool failed() const { return !problem_.empty(); }
  const std::string& problem() const { return problem_; }
  bool rest_is(std::string_view s) const { return b_.substr(pos_) == s; }
  void fail(std::string what) {
    if (problem_.empty()) problem_ = std::move(what) + " at byte " + std::to_string(pos_);
    pos_ = b_.size();
  }

  std::uint64_t unsigned_number() {
    std::uint64_t u = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= b_.size()) {
        fail("truncated number");
        return 0;
      }
      const auto c = static_cast<unsigned char>(b_[pos_++]);
      u |= static_cast<std::uint64_t>(c & 0x7f) << shift;
      if ((c & 0x80) == 0) return u;
    }
    fail("number too long");
    return 0;
  }
  std::int64_t signed_number() {
    const std::uint64_t u = unsigned_number();
    return static_cast<std::int64_t>((u >> 1) ^ (~(u & 1) + 1));
  }
  // A count of items that each take at least one byte: never more than what is left.
  std::size_t count() {
    const std::uint64_t n = unsigned_number();
    if (n > b_.size() - pos_) {
      fail("count " + std::to_string(n) + " past the end");
      return 0;
    }
    return static_cast<std::size_t>(n);
  }
  std::string_view raw() {
    const std::size_t n = count();
    const std::string_view s = b_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  unsigned char byte() {
    if (pos_ >= b_.size()) {
      fail("truncated value");
      return 0;
    }
    return static_cast<unsigned char>(b_[pos_++]);
  }
  bool flag() {
    const unsigned char c = byte();
    if (c > 1) fail("bad boolean");
    return c == 1;
  }

  void text(std::string& out) { out = std::string(raw()); }
  void number(double& out) {
    const unsigned char k = byte();
    if (k <= kMaxScale) {
      out = static_cast<double>(signed_number()) / kPow10[k];
      return;
    }
    if (k != kRawDouble || b_.size() - pos_ < 8) {
      fail("bad number");
      return;
    }
    std::memcpy(&out, b_.data() + pos_, 8);
    pos_ += 8;
  }

  // The fields of the struct at `base`, in the table's order: the field list's, as Out wrote
  // them. One loop for every entry type (field_table.hpp), not a copy per field list.
  void read(const FieldTable& table, void* base) {
    for (const Field& f : table.fields) field(f, base);
  }

 private:
  [[gnu::noinline]] void field(const Field& f, void* base) {
    void* m = &member<char>(base, f.offset);
    switch (f.kind) {
      case Kind::Text: return text(member<std::string>(base, f.offset));
      case Kind::Integer: {
        const std::int64_t v = signed_number();
        if (f.integer_bytes == sizeof(int)) {
          const int out = static_cast<int>(v);
          member<int>(base, f.offset) = out;
          if (static_cast<std::int64_t>(out) != v) fail(std::string(f.key) + " out of range");
        } else {
          member<std::int64_t>(base, f.offset) = v;
        }
        return;
      }
      case Kind::Number: return number(member<double>(base, f.offset));
      case Kind::Boolean:
        member<bool>(base, f.offset) = flag();
        return;
      case Kind::Choice:
        f.choice->set(m, unsigned_number());
        if (f.choice->name(m).empty()) fail(std::string(f.key) + ": unknown value");
        return;
      case Kind::Object:
        if (f.present != Field::kNoFlag) {
          member<bool>(base, f.present) = flag();
          if (!member<bool>(base, f.present)) return;
        }
        return read(*f.sub, m);
      case Kind::List: {
        const std::size_t n = count();
        f.list->clear(m);  // grown entry by entry: a damaged count costs no more than the entries read
        for (std::size_t i = 0; i < n && !failed(); ++i) read(*f.sub, f.list->append(m));
        return;
      }
      case Kind::Strings: {
        auto& out = member<std::vector<std::string>>(base, f.offset);
        const std::size_t n = count();
        out.clear();
        for (std::size_t i = 0; i < n && !failed(); ++i) out.emplace_back(raw());
        return;
      }
      case Kind::Flags: {
        const std::uint64_t set = unsigned_number();
        for (std::size_t i = 0; i < f.flags.size(); ++i) member<bool>(base, f.flags[i].offset) = ((set >> i) & 1) != 0;
        return;
      }
    }
  }

 private:
  std::string_view b_;
  std::size_t pos_ = 0;
  std::string problem_;
};

// Writing walks the field lists; reading walks their tables, in the same order.
void walk(Out& v, const Catalog& catalog) {
  fields::for_each_section(catalog, [&](const fields::Section& section, auto& items, auto visit) {
    v.list(section.key, items, Need::Required, visit);
  });
  auto& d = catalog.defaults;
  fields::defaults_fields(v, d);
  v.number("default_usd_cny", d.usd_cny, Need::Optional, fields::closed(0, 1000));
  v.text("usd_cny_source", d.usd_cny_source, Need::Optional, TextRule::Any);
  fields::custom_budget_fields(v, catalog.custom_budget);
}

void read_catalog(In& in, Catalog& catalog) {
  const fields::CatalogTables& tables = fields::catalog_tables();
  std::size_t section_index = 0;
  fields::for_each_section(catalog, [&](const fields::Section&, auto& items, auto) {
    const FieldTable& table = tables.sections[section_index++];
    const std::size_t n = in.count();
    items.clear();
    for (std::size_t i = 0; i < n && !in.failed(); ++i) in.read(table, &items.emplace_back());
  });
  in.read(tables.defaults, &catalog.defaults);
  in.number(catalog.defaults.usd_cny);
  in.text(catalog.defaults.usd_cny_source);
  in.read(tables.custom_budget, &catalog.custom_budget);
}

}  // namespace

std::string catalog_snapshot(const Catalog& catalog) {
  Out out;
  out.bytes.append(kMagic);
  walk(out, catalog);
  out.bytes.append(kEnd);
  return std::move(out.bytes);
}

Result<Catalog> catalog_from_snapshot(std::string_view bytes) {
  const auto damaged = [](const std::string& detail) {
    return Result<Catalog>::failure("catalog", msg::cat_snapshot_damaged(detail));
  };
  if (bytes.substr(0, kMagic.size()) != kMagic) return damaged("not a cardfit-snapshot/1");
  In in(bytes.substr(kMagic.size()));
  Catalog catalog;
  read_catalog(in, catalog);
  if (!in.failed() && !in.rest_is(kEnd)) in.fail("no end mark");
  if (in.failed()) return damaged(in.problem());
  return Result<Catalog>::success(std::move(catalog));
}

Catalog without_entry_notes(Catalog c) {
  const auto drop = [](auto& entries) {
    for (auto& e : entries) e.notes.clear();
  };
  drop(c.gpus);
  drop(c.models);
  drop(c.weight_precisions);
  drop(c.kv_precisions);
  drop(c.platforms);
  drop(c.offers);
  drop(c.budget_tiers);
  drop(c.engines);
  drop(c.api_prices);
  drop(c.sources);  // the page cites a source by its title, publisher, date and address
  for (Platform& p : c.platforms) drop(p.upgrades);
  // Measurements: the page shows the figure, its configuration, source and date; the
  // calibration's tolerance, the engine version and why the model misses a row stay in the JSON.
  drop(c.measurements);
  c.measurements.erase(std::remove_if(c.measurements.begin(), c.measurements.end(),
                                      [](const Measurement& m) { return !measurement_on_page(m); }),
                       c.measurements.end());
  for (Measurement& m : c.measurements) {
    // A web address then a locator ("https://... (Table 3)"): the page links the address.
    if (m.source.rfind("http", 0) == 0) m.source = m.source.substr(0, m.source.find(' '));
    m.tolerance = 0;
    m.version.clear();
    m.outside_reason.clear();
  }
  return c;
}

bool measurement_on_page(const Measurement& m) {
  const MeasurementScenario row = measurement_scenario(m.scenario);
  if (!(row.task.empty() || row.task == "inference") || !row.bad_key.empty() || row.special_layout) return false;
  if (row.model.empty() || row.precision.empty() || row.gpu.empty()) return false;
  for (const char* shown : {"decode_tokens_per_s", "aggregate_tokens_per_s", "tpot_ms", "ttft_ms",
                            "prefill_tokens_per_s", "kv_pool_gib"}) {
    if (m.metric == shown) return true;
  }
  return false;
}

}  // namespace cardfit
