// Fuzz target: the link decoder (core/io/url_state.hpp), lenient and strict. Properties: no
// crash or sanitizer report; strict accepts exactly what lenient reads without an issue, to the
// same request; the request lenient reads writes back to a link that strict reads without an
// issue and that writes the same link again (round trip); a decoded request estimates and plans
// into an answer or an error, never a NaN.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "plan.hpp"
#include "url_state.hpp"

using namespace cardfit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const KeyValues pairs = decode_query(text);
  const DecodedState lenient = request_from_pairs(fuzz::bundled(), pairs);
  const KeyValues written = request_to_pairs(lenient.request);
  const std::string link = encode_query(written);

  const Result<PlanRequest> strict = request_from_pairs_strict(fuzz::bundled(), pairs);
  FUZZ_CHECK(strict.ok() == lenient.issues.empty(), "strict fails exactly when lenient skips a pair");
  if (strict.ok()) FUZZ_CHECK(request_to_pairs(*strict.value) == written, "strict and lenient read the same request");

  const Result<PlanRequest> again = request_from_pairs_strict(fuzz::bundled(), decode_query(link));
  FUZZ_CHECK(again.ok(), "a written link reads back without an issue");
  const std::string rewritten = encode_query(request_to_pairs(*again.value));
  if (rewritten != link) std::fprintf(stderr, "written:   %s\nrewritten: %s\n", link.c_str(), rewritten.c_str());
  FUZZ_CHECK(rewritten == link, "a written link writes back the same");

  PlanRequest r = lenient.request;
  r.scenario.explain = false;
  r.top = 3;
  r.alternatives = false;
  const Result<Plan> p = plan(fuzz::bundled(), r);
  if (p.ok()) {
    for (const Option& o : p.value->options) FUZZ_CHECK(o.monthly_cost.high >= 0, "a real monthly cost");
  }
  return 0;
}
