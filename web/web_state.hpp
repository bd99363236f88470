// What the web driver shares with the Embind bindings.
#pragma once

#include <string>

long long cardfit_web_frame_count();     // frames drawn so far (0 under node: no UI)
std::string cardfit_web_state_query();  // the UI's scenario as a link query ("" under node)
