// The user's choices as versioned key=value pairs: the web page's URL
// (index.html?v=2&m=qwen2.5-14b&p=int4&c=8k), the desktop app's --state argument and the
// Embind API's input objects all go through this one reader.
// Keys, kinds and bounds come from the input table (core/estimate/inputs.hpp); only values that
// differ from the defaults are written, so links stay short (docs/cli.md "Links": at most 150
// characters with a 28-character page address, tests/test_url_state.cpp).
// Version 2 (written): short keys (m, p, c, ...), '~' between list items, "128k"-style numbers,
// only RFC 3986 unreserved characters in keys and values. Version 1 (read): the long keys (which
// version 2 reads too), ',' between list items, and the default model Qwen2.5-7B.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "inputs.hpp"
#include "plan_types.hpp"
#include "result.hpp"

namespace cardfit {

inline constexpr std::string_view kStateVersion = "2";    // the "v" key written; bump on incompatible changes
inline constexpr std::string_view kStateVersionV1 = "1";  // still read: every link shared before issue 29
inline constexpr std::string_view kV1DefaultModel = "qwen2.5-7b";  // what a v=1 link without a model means

using KeyValues = std::vector<std::pair<std::string, std::string>>;

struct DecodedState {
  PlanRequest request;        // defaults with every valid pair applied
  std::vector<Issue> issues;  // pairs that were skipped, each naming its key and the reason
};

// Keys of the page's link that are not the scenario but the page's own options, read by the
// page (web/index.html, web/web_main.cpp) and skipped here: embed=1, accent=#RRGGBB, overlay=URL.
bool is_page_option(std::string_view key);

// Lenient, for links: a bad pair is skipped (and reported), the others still apply.
// An unknown version "v" ignores every pair: the defaults stay, with one issue saying so.
// `catalog`'s models give a parameter count ("params") its assumed shape (model_from_param_count).
DecodedState request_from_pairs(const Catalog& catalog, const KeyValues& pairs);

// Strict, for APIs: any bad pair fails the whole call.
Result<PlanRequest> request_from_pairs_strict(const Catalog& catalog, const KeyValues& pairs);

// Lenient, for links opened in the UI: as request_from_pairs, and then a pair the catalog or
// the planner refuses (an unknown model id, a prompt longer than the context) is dropped too,
// alone, with its issue; the rest still applies. Only an issue that names no key of the link
// (or an unknown version) leaves the defaults.
DecodedState request_from_link(const Catalog& catalog, const KeyValues& pairs);

// The pairs that reproduce `request` ("v" first, then only non-default values, under version
// 2's short keys). A custom model travels as its parameter count ("n") when its shapes were
// assumed from one, else as its shapes ("a", encode_shapes): a config.json import reads back the same.
KeyValues request_to_pairs(const PlanRequest& request);
// The same, each model, GPU and platform id written as the shortest name of its entry that reads
// back as that entry ("tencent" for tencent-cloud, "4090" for rtx-4090): the links
// people share (the page's, the card's). NOTE: an alias written here is part of shared links.
KeyValues request_to_pairs(const Catalog& catalog, const PlanRequest& request);

// The key version 2 writes for `input` ("m" for the model; "lang" stays "lang").
std::string_view link_key(Input input);

// `pairs` with `changes` applied: each change replaces its key's pair, or removes it when its
// value is "" (the default). How a suggested change (Alternative::set) becomes a request.
KeyValues with_changes(KeyValues pairs, const KeyValues& changes);

// A custom model's shapes as link text ("llama~l32~h4096~i14336~a32~k8~d128~v128256~c131072"),
// and back (errors name `field`; ',' between items is read too, as version 1 wrote it).
// Everything the estimate reads of a Model is kept.
std::string encode_shapes(const Model& model);
Result<Model> decode_shapes(std::string_view text, const std::string& field);

// The text an input has in the default request ("4096" for context, "auto" for zero, "" when
// there is no default value such as --params): --help shows it.
std::string default_text(Input input);

// "a=1&b=x%20y" <-> pairs; a leading '?' is skipped; '+' decodes to a space.
std::string encode_query(const KeyValues& pairs);
KeyValues decode_query(std::string_view query);

}  // namespace cardfit
