// Words as values: a Message is a message-table id plus its arguments; it becomes a sentence
// only when rendered in a language. Every sentence a user reads (UI labels, warnings, reasons,
// errors, formula prose, CLI headers) is one entry of the table in assets/i18n/*.json, in
// English and Chinese with named placeholders. tools/gen_messages.py compiles the table into
// messages.hpp: enum MsgId and one builder per entry, msg::<id>(args...).
// NOTE: the core formats numbers itself (language-neutral: "1,026", "15.23 GB") and passes
// them as text; only words live in the table.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cardfit {

enum class Lang { En, Zh };
enum class MsgId : std::uint16_t;  // generated: messages.hpp

struct Message;

// One placeholder's value: text, or a message rendered in the same language.
struct Arg {
  std::string text;
  std::vector<Message> nested;  // empty, or exactly one message

  // Implicit by design: builders take Arg, callers pass text or a message.
  Arg(std::string s);       // NOLINT(google-explicit-constructor)
  Arg(const char* s);       // NOLINT(google-explicit-constructor)
  Arg(std::string_view s);  // NOLINT(google-explicit-constructor)
  Arg(Message m);           // NOLINT(google-explicit-constructor)
};

struct Message {
  MsgId id{};              // MsgId::none: an empty message (renders as "")
  std::vector<Arg> args;   // in the entry's placeholder order (the builder's parameter order)

  Message() = default;
  explicit Message(MsgId i) : id(i) {}
  Message(MsgId i, std::vector<Arg> a) : id(i), args(std::move(a)) {}
  bool empty() const { return id == MsgId{}; }
};

inline Arg::Arg(std::string s) : text(std::move(s)) {}
inline Arg::Arg(const char* s) : text(s) {}
inline Arg::Arg(std::string_view s) : text(s) {}
inline Arg::Arg(Message m) { nested.push_back(std::move(m)); }

// The sentence in `lang`. Appending form for hot paths.
std::string render(const Message& message, Lang lang);
void render_to(std::string& out, const Message& message, Lang lang);

// A message of an id known only at run time (a table of inputs, say), its arguments by
// placeholder name; placeholders not given render empty, names the entry lacks are ignored.
Message message_with(MsgId id, const std::vector<std::pair<std::string_view, Arg>>& named);

// The text of an entry without placeholders (UI labels); a pointer into static data.
const char* text(MsgId id, Lang lang);

// The table key of an id ("warn.tight_fit"), and back (nullopt-like MsgId::none when unknown).
std::string_view message_key(MsgId id);
MsgId message_id(std::string_view key);
// The last dotted word of the key: a stable machine code for warnings ("tight_fit").
std::string_view message_code(MsgId id);

std::string_view to_string(Lang lang);  // "en" | "zh"

namespace detail {
struct MessageEntry {  // one row of the generated table
  const char* key;
  const char* en;         // placeholders stored as '\x1a' + ('A' + index)
  const char* zh;
  const char* arg_names;  // "field,min,max": the placeholders in builder order
  std::uint8_t args;      // placeholder count
};
}  // namespace detail

}  // namespace cardfit
