// core/base/suggest.hpp: "did you mean" only for near misses, in bounded time.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "suggest.hpp"

using namespace cardfit;

TEST_CASE("edit distance, capped") {
  CHECK(edit_distance("memory_mib", "memry_mib") == 1);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("a", std::string(300, 'b')) > 64);  // beyond the cap: cheap and large
}

TEST_CASE("closest suggests near misses only") {
  const std::vector<std::string> ids{"llama-3-8b", "llama-3-70b", "qwen2.5-7b", "h100-sxm"};
  CHECK(closest(ids, "lama-3-8b") == "llama-3-8b");
  CHECK(closest(ids, "qwen2.5-7") == "qwen2.5-7b");
  CHECK(closest(ids, "gpt-5").empty());
  CHECK(closest({}, "x").empty());
}
