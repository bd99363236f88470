// Rendering messages: the generated table's templates with their arguments filled in.
#include "message.hpp"


#include <algorithm>
#include <cstring>
#include <vector>

#include "assert.hpp"
#include "messages.hpp"

namespace cardfit {
namespace detail {
// The generated table (tools/gen_messages.py): the keys, the en texts, the zh texts and the
// placeholder names, each column in MsgId order, each text NUL-terminated. Packed text rather
// than an array of pointers: the page carried 17.8 KB of pointers (docs/web.md).
extern const char kMessageText[];
extern const std::size_t kMessageTextSize;
const MessageEntry& message_entry(std::size_t i);  // tests/test_sources.cpp reads the raw templates

const MessageEntry& message_entry(std::size_t i) {
  CARDFIT_ASSERT(i < kMessageCount, "message id out of range");
  // Indexed once, on first use (a walk over the text, well under a millisecond).
  static const std::vector<MessageEntry> table = [] {
    std::vector<MessageEntry> t(kMessageCount);
    const char* p = kMessageText;
    const auto next = [&p] {
      const char* s = p;
      p += std::strlen(p) + 1;
      return s;
    };
    for (MessageEntry& e : t) e.key = next();
    for (MessageEntry& e : t) e.en = next();
    for (MessageEntry& e : t) e.zh = next();
    for (MessageEntry& e : t) {
      e.arg_names = next();
      e.args = *e.arg_names == '\0' ? 0 : static_cast<std::uint8_t>(1 + std::count(e.arg_names, p - 1, ','));
    }
    CARDFIT_ASSERT(p == kMessageText + kMessageTextSize, "the message text ends where its table does");
    return t;
  }();
  return table[i];
}
}  // namespace detail

namespace {

const detail::MessageEntry& entry(MsgId id) { return detail::message_entry(static_cast<std::size_t>(id)); }

}  // namespace

void render_to(std::string& out, const Message& message, Lang lang) {
  const detail::MessageEntry& e = entry(message.id);
  CARDFIT_ASSERT(message.args.size() == e.args, "message built with the wrong number of arguments");
  for (const char* p = lang == Lang::Zh ? e.zh : e.en; *p != '\0'; ++p) {
    if (*p != '\x1a') {
      // The text up to the next placeholder in one append (a call per character into the
      // prebuilt libc++ was an eighth of a plan({}) call in the page).
      const char* run = p;
      while (p[1] != '\0' && p[1] != '\x1a') ++p;
      out.append(run, static_cast<std::size_t>(p - run + 1));
      continue;
    }
    const auto i = static_cast<std::size_t>(*++p - 'A');
    CARDFIT_ASSERT(i < message.args.size(), "placeholder without an argument");
    const Arg& a = message.args[i];
    if (a.nested.empty()) {
      out += a.text;
    } else {
      render_to(out, a.nested.front(), lang);
    }
  }
}

std::string render(const Message& message, Lang lang) {
  std::string out;
  render_to(out, message, lang);
  return out;
}

const char* text(MsgId id, Lang lang) {
  const detail::MessageEntry& e = entry(id);
  CARDFIT_ASSERT(e.args == 0, "text() is for entries without placeholders; use render()");
  return lang == Lang::Zh ? e.zh : e.en;
}

Message message_with(MsgId id, const std::vector<std::pair<std::string_view, Arg>>& named) {
  const detail::MessageEntry& e = entry(id);
  Message m(id, std::vector<Arg>(e.args, Arg("")));
  std::string_view names = e.arg_names;
  for (std::size_t i = 0; i < e.args; ++i) {
    const std::size_t comma = names.find(',');
    const std::string_view name = names.substr(0, comma);
    for (const auto& [n, value] : named) {
      if (n == name) m.args[i] = value;
    }
    names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
  }
  return m;
}

std::string_view message_key(MsgId id) { return entry(id).key; }

MsgId message_id(std::string_view key) {
  for (std::size_t i = 1; i < kMessageCount; ++i) {
    if (key == detail::message_entry(i).key) return static_cast<MsgId>(i);
  }
  return MsgId::none;
}

std::string_view message_code(MsgId id) {
  const std::string_view key = message_key(id);
  const std::size_t dot = key.rfind('.');
  return dot == std::string_view::npos ? key : key.substr(dot + 1);
}

std::string_view to_string(Lang lang) { return lang == Lang::Zh ? "zh" : "en"; }

}  // namespace cardfit
