// What the web driver shares with the Embind bindings.
#pragma once

#include <string>

namespace cardfit::ui {
struct App;
}

long long cardfit_web_frame_count();     // requestAnimationFrame ticks so far (0 under node: no UI)
std::string cardfit_web_state_query();  // the UI's scenario as a link query ("" under node)
void cardfit_web_wake();                // draw the next frames even without input (after an API call)
std::string cardfit_web_items(float dpr);  // the last frame's labelled widgets as JSON (web_items.cpp)
void cardfit_web_items_frame_done();       // called after each frame
const cardfit::ui::App* cardfit_web_app();  // the page's app (null under node)
cardfit::ui::App* cardfit_web_app_mut();     // the same, to change (a vendor's catalog overlay)
// A vendor kit's logo (docs/embed.md): the bytes of its file from index.html (`name` as
// vendor.json has it), or why there are none; the browser decodes them when the header first asks
// (platform::vendor_logo) and says how it went (_logoDecoded). The card carries only a logo the
// browser drew; a logo that did not draw leaves the header its name and a notice.
void cardfit_web_vendor_logo(std::string bytes, const std::string& name, const std::string& problem);
void cardfit_web_logo_decoded(int texture, int width, int height, const std::string& problem);
void cardfit_web_logo_lost();  // the GL context was lost with its textures: decoded again when restored
// After app_init: a catalog overlay given before the UI started (createCardfit({overlay})).
void cardfit_web_overlay_to_app(cardfit::ui::App& app);
// The first result as text in the loading skeleton (before the canvas draws it).
void cardfit_web_publish_preview(const cardfit::ui::App& app);
// The same first result as JSON for a link query and a language, computed by a fresh app (the
// page's own start-up without a canvas): tools/prebake_page.mjs writes the default page's into
// index.html at build time, and web/tests checks they are the same ("" if the scenario fails).
std::string cardfit_web_preview_json(const std::string& query, const std::string& lang);
