// core/base/message.hpp and result.hpp: messages render in both languages, nest, take
// arguments by name, and carry stable keys and codes; an Issue reads "field: message".
#include <catch2/catch.hpp>

#include "message.hpp"
#include "messages.hpp"
#include "result.hpp"

using namespace cardfit;

TEST_CASE("a message renders in either language with its arguments") {
  const Message m = msg::err_number_range("context", "1", "10,000,000", "0");
  CHECK(render(m, Lang::En) == "context: must be between 1 and 10,000,000, got 0");
  CHECK(render(m, Lang::Zh) == "context：必须在 1 到 10,000,000 之间，收到 0");
}

TEST_CASE("messages nest, and an empty message renders as nothing") {
  const Message m = msg::err_number_not_a_number("prompt", "x", msg::err_number_examples_tokens());
  CHECK(render(m, Lang::En) == "prompt: 'x' is not a number; use e.g. 8192, 8k or 8e3");
  CHECK(render(m, Lang::Zh) == "prompt：“x”不是数字；可写作 8192、8k 或 8e3");
  CHECK(render(Message(), Lang::En).empty());
  CHECK(Message().empty());
  CHECK(render(msg::plan_cite(""), Lang::En) == " ()");
}

TEST_CASE("literal braces and a catalog entry's two names") {
  CHECK(render(msg::cat_doc_not_object("x"), Lang::En).find("{\"schema\"") != std::string::npos);
  const Message name = msg::common_bilingual("Yiwan Network", "一万网络");
  CHECK(render(name, Lang::En) == "Yiwan Network");
  CHECK(render(name, Lang::Zh) == "一万网络");
}

TEST_CASE("keys, codes and arguments by name") {
  CHECK(message_key(MsgId::plan_warn_tight_fit) == "plan.warn.tight_fit");
  CHECK(message_code(MsgId::plan_warn_tight_fit) == "tight_fit");
  CHECK(message_id("plan.warn.tight_fit") == MsgId::plan_warn_tight_fit);
  CHECK(message_id("no.such.message") == MsgId::none);
  const Message m = message_with(MsgId::input_context_help, {{"fallback", "4096"}, {"unused", "x"}});
  CHECK(render(m, Lang::En).find("(default 4096)") != std::string::npos);
  CHECK(std::string(text(MsgId::app_title, Lang::Zh)).find("cardfit") == 0);
}

TEST_CASE("issue_text adds the field unless the message starts with it") {
  CHECK(issue_text(Issue{"gpus.json: gpus[3].memory_mib", msg::cat_field_missing()}, Lang::En) ==
        "gpus.json: gpus[3].memory_mib: is required but missing");
  CHECK(issue_text(Issue{"context", msg::err_number_not_whole("context", "1.5")}, Lang::En) ==
        "context: must be a whole number, got 1.5");
}
