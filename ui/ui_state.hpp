// UiState: only what the user chose. Everything shown is derived from it by the core
// on each frame (ui/app.cpp), never stored, so nothing can drift.
#pragma once

#include "strings.hpp"

namespace cardfit::ui {

struct UiState {
  Lang lang = Lang::Zh;
};

}  // namespace cardfit::ui
