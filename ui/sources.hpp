// Where the data in use comes from: the rows of the Sources tab (model, precision, engine,
// defaults, each GPU and offer listed), with the web addresses in their source texts taken out
// so they can be opened (a button in the app, a link in the page's text view).
#pragma once

#include <string>
#include <vector>

#include "app.hpp"
#include "messages.hpp"

namespace cardfit::ui {

struct SourceRow {
  MsgId kind;                     // src_model, src_gpu, ...
  std::string name;               // "Qwen2.5-7B", "Zhixingyun · rtx-4090"
  std::string text;               // the catalog's source text without its addresses
  std::vector<std::string> urls;  // the addresses it cites
  std::string as_of;
};

std::vector<SourceRow> sources_in_use(const App& app);

}  // namespace cardfit::ui
