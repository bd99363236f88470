// URL state: versioned key=value pairs <-> PlanRequest (core/io/url_state.hpp).
#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "params.hpp"
#include "plan.hpp"
#include "url_state.hpp"

using namespace cardfit;
using cardfit::test::en;
using cardfit::test::zh;

namespace {
PlanRequest decode(std::string_view query) {
  DecodedState d = request_from_pairs(test::catalog(), decode_query(query));
  REQUIRE(d.issues.empty());
  return d.request;
}
}  // namespace

TEST_CASE("url_state: the default request encodes to just the version") {
  CHECK(encode_query(request_to_pairs(PlanRequest{})) == "v=2");
}

TEST_CASE("url_state: golden link decodes to the documented request") {
  const PlanRequest rq = decode(
      "?v=1&model=qwen2.5-14b&precision=int4&context=8k&concurrency=4&budget-tier=2000-3000&term=monthly"
      "&hours-per-day=8&student=1&platform=yiwan,zhixingyun&lang=en");
  CHECK(rq.scenario.model == "qwen2.5-14b");
  CHECK(rq.scenario.precision == "int4");
  CHECK(rq.scenario.context == 8192);  // tokens: k = 1024
  CHECK(rq.scenario.concurrency == 4);
  CHECK(rq.budget_tier == "2000-3000");
  CHECK(rq.term == TermChoice::Monthly);
  CHECK(rq.hours_per_day == Approx(8));
  CHECK(rq.student);
  CHECK(rq.platforms == std::vector<std::string>{"yiwan", "zhixingyun"});
  CHECK(rq.lang == Lang::En);
  CHECK(rq.scenario.lang == Lang::En);
}

TEST_CASE("url_state: golden encoding of a training request") {
  PlanRequest rq;
  rq.scenario.model = "llama-3.1-8b";
  rq.scenario.task = Task::Lora;
  rq.scenario.lora_rank = 64;
  rq.scenario.zero_stage = 2;
  rq.scenario.tokens = 5e8;
  rq.budget = 4500.5;
  rq.currency = Currency::Usd;
  CHECK(encode_query(request_to_pairs(rq)) == "v=2&m=llama-3.1-8b&t=lora&r=64&z=2&tk=500m&bm=4500.5&cu=USD");
}

TEST_CASE("url_state: round trip of every field") {
  PlanRequest rq;
  Scenario& sc = rq.scenario;
  sc.model = "deepseek-v3";
  sc.precision = "fp8";
  sc.kv_precision = "fp8";
  sc.task = Task::Full;
  sc.context = 32768;
  sc.prompt = 2000;
  sc.concurrency = 16;
  sc.batch = 4;
  sc.lora_rank = 8;
  sc.optimizer = Optimizer::AdamW8bit;
  sc.zero_stage = 3;
  sc.checkpointing = Checkpointing::Selective;
  sc.tokens = 1.5e9;
  sc.engine = "llama.cpp";
  sc.gpu = "h100-sxm";
  sc.cards = 16;
  sc.headroom = 0.35;
  sc.mfu = 0.42;
  rq.budget_tier = "ge-80000";
  rq.currency = Currency::Usd;
  rq.usd_cny = 7.3;
  rq.hours_per_day = 12.5;
  rq.term = TermChoice::Yearly;
  rq.platforms = {"yiwan"};
  rq.student = true;
  rq.allow_spot = true;
  rq.min_tokens_per_s = 20;
  rq.max_ttft_ms = 500;
  rq.top = 25;
  rq.lang = Lang::En;
  const std::string query = encode_query(request_to_pairs(rq));
  const PlanRequest back = decode(query);
  CHECK(encode_query(request_to_pairs(back)) == query);
  CHECK(back.scenario.context == 32768);
  CHECK(back.scenario.headroom.value_or(-1) == Approx(0.35));
  CHECK(back.usd_cny == Approx(7.3));
  CHECK(back.top == 25);
}

TEST_CASE("url_state: a custom model survives as its parameter count") {
  const PlanRequest rq = decode("v=1&params=13B");
  REQUIRE(rq.scenario.custom_model);
  CHECK(rq.scenario.custom_model->assumed_architecture);
  const PlanRequest back = decode(encode_query(request_to_pairs(rq)));
  REQUIRE(back.scenario.custom_model);
  CHECK(back.scenario.custom_model->hidden_size == rq.scenario.custom_model->hidden_size);
}

TEST_CASE("url_state: bad pairs are skipped and named, the rest applies") {
  const DecodedState d = request_from_pairs(test::catalog(), 
      decode_query("v=1&model=Qwen%20BAD&context=8q&precision=int8&zero=7&student=maybe&nonsense=1&context=1e99"));
  CHECK(d.request.scenario.precision == "int8");         // the good pair applied
  CHECK(d.request.scenario.model == kV1DefaultModel);    // the bad one did not (a v=1 link's default)
  CHECK(d.request.scenario.context == Scenario{}.context);
  REQUIRE(d.issues.size() == 7);
  CHECK(d.issues[0].field == "model");
  CHECK(d.issues[1].field == "context");
  CHECK(d.issues[2].field == "zero_stage");  // issues name the Scenario field
  CHECK(d.issues[3].field == "student");
  CHECK(d.issues[4].field == "nonsense");
  CHECK(en(d.issues[4].message) == "nonsense: unknown key");
  CHECK(d.issues[5].field == "context");  // given twice (issue 32): said, the last one is read
  CHECK(en(d.issues[5].message) == "context: given more than once; the last one is used");
  CHECK(d.issues[6].field == "context");  // and that one is out of range
  CHECK_FALSE(request_from_pairs_strict(test::catalog(), decode_query("v=1&context=8q")).ok());
}

TEST_CASE("url_state: a key given twice is said, the last one applies") {
  const DecodedState d = request_from_pairs(test::catalog(), decode_query("v=1&model=qwen2.5-14b&model=llama-3.1-8b"));
  CHECK(d.request.scenario.model == "llama-3.1-8b");
  REQUIRE(d.issues.size() == 1);
  CHECK(d.issues[0].field == "model");
  CHECK(zh(d.issues[0].message) == "model：出现了不止一次；使用最后一个");
  CHECK_FALSE(request_from_pairs_strict(test::catalog(), decode_query("v=1&context=8k&context=4k")).ok());
}

TEST_CASE("url_state: the page's own options (an embed's accent, an overlay) are not unknown keys") {
  // A vendor's embed link (docs/web.md): no notice about its page options, the scenario applies.
  const DecodedState d =
      request_from_pairs(test::catalog(), decode_query("embed=1&accent=%23e4002b&overlay=vendor.json&platform=autodl&precision=int8"));
  CHECK(d.issues.empty());
  CHECK(d.request.scenario.precision == "int8");
  CHECK(request_from_pairs_strict(test::catalog(), decode_query("v=1&embed=1&accent=%23e4002b")).ok());
  CHECK_FALSE(is_page_option("model"));
}

TEST_CASE("url_state: defaults that depend on other keys") {
  CHECK(decode("task=qlora").scenario.precision.empty());  // the default: QLoRA runs it as NF4
  CHECK(as_run(test::catalog(), decode("task=qlora").scenario).precision == "nf4");
  CHECK(decode("task=qlora&precision=int4").scenario.precision == "int4");
  CHECK(decode("context=512").scenario.prompt == 512);      // the prompt fits in the context
  CHECK(decode("prompt=8k").scenario.context == 8192);      // a longer prompt stretches the context
  CHECK(decode("headroom=35%").scenario.headroom.value_or(-1) == Approx(0.35));
  CHECK(decode("lora-targets=q,v&tp=2").scenario.lora_targets == std::vector<std::string>{"q", "v"});
  CHECK_FALSE(request_from_pairs_strict(test::catalog(), decode_query("lora-targets=q,nose")).ok());
}

TEST_CASE("url_state: an unknown version falls back to the defaults with one notice") {
  const DecodedState d = request_from_pairs(test::catalog(), decode_query("v=9&model=llama-2-7b"));
  CHECK(d.request.scenario.model == Scenario{}.model);
  REQUIRE(d.issues.size() == 1);
  CHECK(d.issues[0].field == "v");
}

TEST_CASE("url_state: percent-encoding round trip and malformed escapes") {
  const KeyValues kv{{"a b", "x&y=z%"}, {"c", "中文"}};
  CHECK(decode_query(encode_query(kv)) == kv);
  CHECK(decode_query("a=%zz&b=%4") == KeyValues{{"a", "%zz"}, {"b", "%4"}});
  CHECK(decode_query("&&a&=b") == KeyValues{{"a", ""}, {"", "b"}});
  CHECK(decode_query("").empty());
}

TEST_CASE("url_state: a config.json model travels as its shapes and reads back the same figures") {
  // Every bundled model (dense, GQA, MoE, MLA, sliding windows, vision towers) as if imported:
  // the link's shapes must give the recipient the estimate the sender saw.
  for (const Model& m : test::catalog().models) {
    INFO(m.id);
    PlanRequest rq;
    rq.scenario.custom_model = m;
    rq.scenario.custom_model->assumed_architecture = false;
    const std::string link = encode_query(request_to_pairs(rq));
    const KeyValues pairs = decode_query(link);
    auto has_key = [&pairs](std::string_view k) {
      return std::any_of(pairs.begin(), pairs.end(), [k](const auto& kv) { return kv.first == k; });
    };
    CHECK(has_key(link_key(Input::Arch)));
    CHECK_FALSE(has_key(link_key(Input::Params)));
    CHECK(link.find('%') == std::string::npos);  // no percent-encoding needed
    const DecodedState d = request_from_pairs(test::catalog(), decode_query(link));
    INFO(test::all_errors(d.issues));
    REQUIRE(d.issues.empty());
    REQUIRE(d.request.scenario.custom_model);
    CHECK(count_params(*d.request.scenario.custom_model).total == count_params(m).total);
    Scenario sent;
    sent.model = m.id;
    sent.precision = "bf16";  // shapes carry no released precision: compare like with like
    const Result<Estimate> a = estimate(test::catalog(), sent);
    const Result<Estimate> b = estimate(test::catalog(), d.request.scenario);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(a.value->memory.total == b.value->memory.total);
    CHECK(a.value->kv_cache_bytes_per_token == b.value->kv_cache_bytes_per_token);
    CHECK(encode_shapes(*d.request.scenario.custom_model) == encode_shapes(m));  // stable
  }
}

TEST_CASE("url_state: golden shapes, and bad shapes are named") {
  const Model* m = test::catalog().find_model("llama-3.1-8b");
  REQUIRE(m != nullptr);
  CHECK(encode_shapes(*m) == "llama~l32~h4096~i14336~a32~k8~d128~v128256~c131072");
  // Version 1 wrote ',' between the items: read as before.
  const Result<Model> v1 = decode_shapes("llama,l32,h4096,i14336,a32,k8,d128,v128256,c131072", "arch");
  REQUIRE(v1.ok());
  CHECK(encode_shapes(*v1.value) == encode_shapes(*m));
  for (const char* bad : {"", "L32", "llama,l32", "llama,l32,h4096,a32,k8,d128,v1,z5", "llama,l32,l32,h1,a1,k1,d1,v1",
                          "llama,l-1,h4096,a32,k8,d128,v128256", "llama,l32,h4096,a32,k8,d128,v128256,w4096",
                          "llama,l0,h4096,a32,k8,d128,v128256"}) {
    INFO(bad);
    const Result<Model> r = decode_shapes(bad, "arch");
    CHECK_FALSE(r.ok());
    if (!r.ok()) CHECK(r.errors.front().field == "arch");
  }
  const DecodedState d = request_from_pairs(test::catalog(), decode_query("v=1&arch=llama,l32&context=8k"));
  REQUIRE(d.issues.size() == 1);
  CHECK(d.issues[0].field == "arch");
  CHECK(zh(d.issues[0].message).find("缺少") != std::string::npos);
  CHECK(d.request.scenario.context == 8192);  // the rest applies
}

TEST_CASE("url_state: a refused prompt is not 'given' (the context still bounds it)") {
  const DecodedState d = request_from_pairs(test::catalog(), decode_query("context=512&prompt=abc"));
  REQUIRE(d.issues.size() == 1);
  CHECK(d.request.scenario.prompt == 512);
}

TEST_CASE("url_state: a link drops only the keys the catalog or planner refuses") {
  struct Row {
    const char* query;
    std::vector<std::string> fields;  // issues, in order
    void (*check)(const PlanRequest&);
  };
  const Row rows[] = {
      {"v=1&params=13B&model=no-such-model&context=8k", {"model"},
       [](const PlanRequest& r) {
         CHECK(r.scenario.context == 8192);
         REQUIRE(r.scenario.custom_model);  // the params before the bad id still apply
       }},
      {"v=1&model=no-such-model&precision=int4", {"model"},
       [](const PlanRequest& r) { CHECK(r.scenario.precision == "int4"); }},
      {"v=1&task=lora&lora-targets=foo&context=2k", {"lora_targets"},
       [](const PlanRequest& r) {
         CHECK(r.scenario.task == Task::Lora);
         CHECK(r.scenario.context == 2048);
       }},
      {"v=1&prompt=abc&context=512&model=llama-3-8b", {"prompt"},
       [](const PlanRequest& r) {
         CHECK(r.scenario.model == "llama-3-8b");
         CHECK(r.scenario.prompt == 512);
       }},
      {"v=1&context=1k&prompt=4k&concurrency=4", {"prompt"},
       [](const PlanRequest& r) { CHECK(r.scenario.concurrency == 4); }},
      {"v=1&platform=yiwan,nope&budget-tier=2000-3000", {"platforms[1]"},
       [](const PlanRequest& r) {
         CHECK(r.platforms.empty());
         CHECK(r.budget_tier == "2000-3000");
       }},
      {"v=1&budget-tier=no-such-tier&precision=int8", {"budget_tier"},
       [](const PlanRequest& r) { CHECK(r.scenario.precision == "int8"); }},
      // Version 2's short keys are dropped by their own spelling.
      {"v=2&m=no-such-model&p=int4&pl=yiwan~nope", {"platforms[1]", "model"},
       [](const PlanRequest& r) {
         CHECK(r.scenario.precision == "int4");
         CHECK(r.scenario.model == Scenario{}.model);
         CHECK(r.platforms.empty());
       }},
      // No link (the first load): the defaults, which plan (checked below) without a trial plan.
      {"", {}, [](const PlanRequest& r) { CHECK(r.scenario.model == request_from_pairs(test::catalog(), {}).request.scenario.model); }},
  };
  for (const Row& row : rows) {
    INFO(row.query);
    const DecodedState d = request_from_link(test::catalog(), decode_query(row.query));
    INFO(test::all_errors(d.issues));
    std::vector<std::string> fields;
    for (const Issue& i : d.issues) fields.push_back(i.field);
    CHECK(fields == row.fields);
    row.check(d.request);
    CHECK(plan(test::catalog(), d.request).ok());
  }
}

TEST_CASE("url_state: with_changes replaces and removes keys") {
  const KeyValues base{{"v", "1"}, {"model", "qwen2.5-7b"}, {"budget", "2500"}};
  const KeyValues out = with_changes(base, {{"budget", ""}, {"budget-tier", "3000-6000"}, {"model", "llama-3-8b"}});
  CHECK(out == KeyValues{{"v", "1"}, {"budget-tier", "3000-6000"}, {"model", "llama-3-8b"}});
  // A change names the input by its long key; a version 2 link spells it short: one pair stays.
  const KeyValues v2{{"v", "2"}, {"m", "qwen2.5-7b"}, {"bm", "2500"}, {"p", "int4"}};
  CHECK(with_changes(v2, {{"budget", ""}, {"precision", "int8"}}) == KeyValues{{"v", "2"}, {"m", "qwen2.5-7b"}, {"precision", "int8"}});
}

TEST_CASE("url_state: an alternative's changes, applied to the link, plan its pick") {
  for (const char* query : {"v=1&model=qwen2.5-14b&context=24k&budget-tier=2000-3000&platform=yiwan&term=monthly",
                            "v=1&model=llama-3.1-70b&precision=int8&budget=3000",
                            "v=1&model=llama-3.1-405b&gpu=rtx-4090&cards=1"}) {
    INFO(query);
    const PlanRequest rq = decode(query);
    const Result<Plan> p = plan(test::catalog(), rq);
    REQUIRE(p.ok());
    REQUIRE_FALSE(p.value->alternatives.empty());
    for (const Alternative& a : p.value->alternatives) {
      INFO(a.kind);
      const PlanRequest changed = decode(encode_query(with_changes(request_to_pairs(rq), a.set)));
      const Result<Plan> q = plan(test::catalog(), changed);
      REQUIRE(q.ok());
      REQUIRE(q.value->pick);
      CHECK(q.value->pick->offer == a.pick.offer);
      CHECK(q.value->pick->cards == a.pick.cards);
      CHECK(q.value->pick->monthly_cost.high == Approx(a.pick.monthly_cost.high));
    }
  }
}

TEST_CASE("url_state: hostile links are refused briefly (long values, a million bad keys)") {
  const DecodedState d = request_from_pairs(test::catalog(), decode_query("context=" + std::string(100000, '9') + "&precision=int8"));
  REQUIRE(d.issues.size() == 1);
  CHECK(d.issues[0].field == "context");
  CHECK(en(d.issues[0].message).size() < 200);  // the value is not echoed back
  CHECK(d.request.scenario.precision == "int8");
  std::string many;
  for (int i = 0; i < 100000; ++i) many += "k" + std::to_string(i) + "=1&";
  CHECK(request_from_pairs(test::catalog(), decode_query(many)).issues.size() == 32);
}

TEST_CASE("url_state: ids may be typed in any case or as an alias, the core matches them") {
  const PlanRequest rq = decode("v=1&model=Qwen2.5-7B&precision=Q4_K_M&gpu=4090&platform=Lambda,yiwan");
  CHECK(rq.scenario.model == "Qwen2.5-7B");  // as typed: the catalog match is estimate()'s and plan()'s
  CHECK(rq.platforms == std::vector<std::string>{"Lambda", "yiwan"});
  const PlanRequest canonical = with_catalog_ids(test::catalog(), rq);
  CHECK(canonical.scenario.model == "qwen2.5-7b");
  CHECK(canonical.scenario.precision == "q4_k_m");
  CHECK(canonical.scenario.gpu == "rtx-4090");
  CHECK(canonical.platforms == std::vector<std::string>{"lambda-labs", "yiwan"});
  const DecodedState bad = request_from_pairs(test::catalog(), {{"model", "qwen 2.5"}, {"gpu", std::string(65, 'a')}});
  REQUIRE(bad.issues.size() == 2);
  CHECK(en(bad.issues[0].message) ==
        "model: must be a catalog id or alias (letters, digits, '.', '_', '-'; at most 64 characters), got 'qwen 2.5'");
}

TEST_CASE("url_state: a value that is not a number suggests values of its kind") {
  struct Row {
    const char* key;
    const char* message;
  };
  for (const Row& r : {Row{"top", "top: 'abc' is not a number; use a whole number, e.g. 8, 1k or 1e3"},
                       Row{"context", "context: 'abc' is not a number; use e.g. 8192, 8k or 8e3"},
                       Row{"tokens", "tokens: 'abc' is not a number; use e.g. 7000000000, 7B, 7e9 or 1.5M"},
                       Row{"usd-cny", "usd_cny: 'abc' is not a number; use a number, e.g. 7.02, 2000 or 3.5k"},
                       Row{"headroom", "headroom: 'abc' is not a number; use e.g. 0.2 or 20%"}}) {
    const DecodedState d = request_from_pairs(test::catalog(), {{r.key, "abc"}});
    REQUIRE(d.issues.size() == 1);
    CHECK(en(d.issues[0].message) == r.message);
  }
}

// [SECTION] Found by tests/fuzz/fuzz_link.cpp (corpus/link/finding-*): links round-trip.

TEST_CASE("url_state: a default that depends on other values is written when it must be") {
  // QLoRA defaults to NF4 weights: a QLoRA request on BF16 weights must say so in its link.
  PlanRequest rq;
  rq.scenario.task = Task::Qlora;
  rq.scenario.precision = "bf16";
  const std::string link = encode_query(request_to_pairs(rq));
  CHECK(link == "v=2&p=bf16&t=qlora");
  CHECK(decode(link).scenario.precision == "bf16");
  // A prompt longer than the context it came with stays as it was asked.
  PlanRequest long_prompt;
  long_prompt.scenario.context = 512;
  CHECK(encode_query(request_to_pairs(long_prompt)) == "v=2&c=512&pr=1k");
}

TEST_CASE("url_state: a refused pair counts as not given") {
  // precision=? is skipped, so QLoRA's default (NF4) applies, as without it.
  const DecodedState d = request_from_pairs(test::catalog(), decode_query("v=1&task=qlora&precision=no%20such"));
  REQUIRE(d.issues.size() == 1);
  CHECK(d.request.scenario.precision.empty());
  CHECK(as_run(test::catalog(), d.request.scenario).precision == "nf4");
}

TEST_CASE("url_state: a parameter count is written as asked, so its assumed shape stays") {
  // The shape's own total differs (rounded intermediate size); writing it moved the link to
  // another count, and near a boundary to another shape, on every round trip.
  for (const char* count : {"230566784", "7000000000", "13B"}) {
    INFO(count);
    const PlanRequest first = decode(std::string("v=1&params=") + count);
    const std::string link = encode_query(request_to_pairs(first));
    const PlanRequest second = decode(link);
    CHECK(encode_query(request_to_pairs(second)) == link);
    REQUIRE(second.scenario.custom_model);
    CHECK(second.scenario.custom_model->hidden_size == first.scenario.custom_model->hidden_size);
    CHECK(second.scenario.custom_model->intermediate_size == first.scenario.custom_model->intermediate_size);
  }
  CHECK(encode_query(request_to_pairs(decode("v=1&params=13B"))) == "v=2&n=13b");
}

// Issue 25 item 3: "not given" is a std::optional, "auto" a named state, and a link keeps them
// apart from values the user typed (n-cpu-moe=0 keeps every expert on the GPU; without it
// --offload decides; zero=0 is stage 0, zero=auto the lowest stage that fits). Expectations
// follow the help texts of the inputs (assets/i18n/inputs.json), not the program's output.
TEST_CASE("url_state: not given, auto and typed values stay apart") {
  const Scenario none = decode("").scenario;
  CHECK_FALSE(none.zero_stage);
  CHECK_FALSE(none.headroom);
  CHECK_FALSE(none.mfu);
  CHECK_FALSE(none.n_cpu_moe);
  CHECK_FALSE(none.host_bandwidth);
  CHECK_FALSE(none.gpu_memory_utilization);
  CHECK_FALSE(none.max_num_batched_tokens);
  CHECK_FALSE(none.max_num_seqs);
  CHECK(none.offload.mode == Offload::Mode::None);

  CHECK_FALSE(decode("zero=auto").scenario.zero_stage);
  CHECK(decode("zero=0").scenario.zero_stage == 0);
  CHECK(decode("n-cpu-moe=0").scenario.n_cpu_moe == 0);
  CHECK(decode("headroom=0").scenario.headroom == 0.0);
  CHECK(decode("offload=auto").scenario.offload == Offload::automatic());
  CHECK(decode("offload=0").scenario.offload == Offload::gpu_layers(0));
  CHECK(decode("offload=none").scenario.offload == Offload::none());

  // Written back: a typed 0 stays in the link, "not given" and "none"/"auto" defaults do not.
  for (const char* link : {"v=2&z=0", "v=2&of=0&nc=0", "v=2&of=auto", "v=2&h=0"}) {
    CHECK(encode_query(request_to_pairs(decode(link))) == link);
  }
  CHECK(encode_query(request_to_pairs(decode("zero=auto&offload=none"))) == "v=2");
}

TEST_CASE("url_state: a link without the engine key leaves it not named, and the engine follows the weights", "[url][engine]") {
  const Catalog& c = test::catalog();
  // bf16 (vLLM lists it): the same scenario as before the rule, vLLM.
  PlanRequest bf16 = decode("v=2&m=qwen2.5-7b&p=bf16");
  CHECK_FALSE(bf16.scenario.engine.has_value());
  CHECK(as_run(c, bf16.scenario).engine == std::string("vllm"));
  // GGUF: llama.cpp; MLX: mlx.
  PlanRequest gguf = decode("v=2&m=qwen2.5-7b&p=q4_k_m");
  CHECK(as_run(c, gguf.scenario).engine == std::string("llama.cpp"));
  CHECK(as_run(c, decode("v=2&m=qwen2.5-7b&p=mlx-4bit").scenario).engine == std::string("mlx"));
  // Round trip: not named stays not named (no engine key); named stays named, vLLM included.
  const std::string q = encode_query(request_to_pairs(gguf));
  CHECK(q.find("e=") == std::string::npos);
  CHECK_FALSE(decode(q).scenario.engine.has_value());
  gguf.scenario.engine = "vllm";
  const std::string named = encode_query(request_to_pairs(gguf));
  CHECK(named.find("e=vllm") != std::string::npos);
  CHECK(decode(named).scenario.engine == std::string("vllm"));
}

TEST_CASE("scenario: with_engine_following releases a named engine the new weights do not list", "[scenario][engine]") {
  const Catalog& c = test::catalog();
  Scenario s;
  s.model = "qwen2.5-7b";
  s.engine = "vllm";
  s.precision = "q4_k_m";
  CHECK_FALSE(with_engine_following(c, s).engine.has_value());
  s.engine = "ollama";
  CHECK(with_engine_following(c, s).engine == std::string("ollama"));
  s.precision = "fp8";
  s.engine = "vllm";
  CHECK(with_engine_following(c, s).engine == std::string("vllm"));
  CHECK(default_engine(c, "q4_k_m") == "llama.cpp");
  CHECK(default_engine(c, "mlx-8bit") == "mlx");
  CHECK(default_engine(c, "bf16") == "vllm");
}
