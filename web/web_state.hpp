// What the web driver shares with the Embind bindings.
#pragma once

long long cardfit_web_frame_count();  // frames drawn so far (0 under node: no UI)
