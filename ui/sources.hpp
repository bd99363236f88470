// Where the data in use comes from: the rows of the Sources tab (model, precision, engine,
// defaults, each GPU and offer listed): the citations as readers see them, and the addresses of
// the sources cited (a button in the app, a link in the page's text view).
#pragma once

#include <string>
#include <vector>

#include "app.hpp"
#include "messages.hpp"

namespace cardfit::ui {

struct SourceLink {
  std::string title;  // the source's short title
  std::string url;
};

struct SourceRow {
  MsgId kind;                     // src_model, src_gpu, ...
  std::string name;               // "Qwen2.5-7B", "Zhixingyun · rtx-4090"
  std::string text;               // the citations as readers see them (short titles, sections)
  std::vector<SourceLink> links;  // the cited sources that have an address
  std::string as_of;              // offers: with "month not stated" / "stale" as the planner judges
  std::string notes;              // an offer's notes
};

std::vector<SourceRow> sources_in_use(const App& app);

}  // namespace cardfit::ui
