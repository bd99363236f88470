// core/base/names.hpp: one table of names per enum; every value has a spelling that reads back,
// aliases are read but never written, and the UI labels exist.
#include <catch2/catch.hpp>

#include "catalog.hpp"
#include "estimate_types.hpp"
#include "plan_types.hpp"
#include "scenario.hpp"

using namespace cardfit;

namespace {

template <class E>
void round_trips() {
  for (const Name<E>& n : EnumNames<E>::list) {
    INFO(n.name);
    const auto back = parse_name<E>(n.name);
    REQUIRE(back.has_value());
    CHECK(*back == n.value);
    CHECK_FALSE(name_of(n.value).empty());
  }
}

}  // namespace

TEST_CASE("every enum's names read back to the value") {
  round_trips<GpuClass>();
  round_trips<Interconnect>();
  round_trips<MemoryBasis>();
  round_trips<Runtime>();
  round_trips<Fp8Path>();
  round_trips<Capability>();
  round_trips<ComputeType>();
  round_trips<PrecisionFamily>();
  round_trips<PlatformKind>();
  round_trips<Isolation>();
  round_trips<Term>();
  round_trips<OfferUnit>();
  round_trips<Stock>();
  round_trips<OfferLink>();
  round_trips<MultiGpu>();
  round_trips<SourceKind>();
  round_trips<Task>();
  round_trips<Optimizer>();
  round_trips<Checkpointing>();
  round_trips<Fit>();
  round_trips<TermChoice>();
  round_trips<Currency>();
  round_trips<Lang>();
}

TEST_CASE("aliases are read, the first spelling is written") {
  CHECK(parse_name<Currency>("RMB") == Currency::Cny);
  CHECK(name_of(Currency::Cny) == "CNY");
  CHECK(names_list<Currency>() == "CNY, USD");
  CHECK(label_of(Fit::Tight) == MsgId::fit_tight);
  CHECK(label_of(MemoryBasis::Driver) == MsgId::none);  // not shown as a word
  CHECK(label_of(Interconnect::Hccs) == MsgId::link_hccs);  // a link's name, for warnings
}
