// C declarations of the functions in web/library_cardfit.js.
#pragma once

extern "C" {
int cardfit_js_in_browser();
void cardfit_js_query_param(const char* name, char* buf, int size);
void cardfit_js_location_query(char* buf, int size);
void cardfit_js_load_setting(const char* key, char* buf, int size);
void cardfit_js_save_setting(const char* key, const char* value);
void cardfit_js_replace_state(const char* query);
void cardfit_js_notify(const char* what, const char* detail);
void cardfit_js_today(char* buf, int size);
void cardfit_js_open_url(const char* url);
}
