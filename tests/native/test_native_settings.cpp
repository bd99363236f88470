// native/native_settings.hpp: the desktop app's settings are never lost (issue 32). Written only
// when a value changes, by temp-and-rename; a corrupt, empty or oversized file is moved aside
// with a notice; a process killed (SIGKILL) in the middle of saves leaves the old file or the new
// one, always a readable object.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include "messages.hpp"
#include "native_files.hpp"
#include "native_settings.hpp"
#include "native_test_folder.hpp"

#if !defined(_WIN32)
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace cardfit::native {
namespace {

namespace fs = std::filesystem;

using test::Folder;

std::string slurp(const std::string& path) { return read_file(path).value_or("<missing>"); }

}  // namespace

TEST_CASE("settings: kept between runs, written only when a value changes") {
  Folder f("settings-keep");
  const std::string path = f.path("settings.json");
  {
    SettingsFile s(path);
    CHECK(s.get("lang").empty());
    CHECK_FALSE(fs::exists(path));  // reading writes nothing
    REQUIRE(s.set("lang", "zh"));
    REQUIRE(s.set("state", "v=1&model=qwen2.5-7b"));
    CHECK_FALSE(s.problem().has_value());
  }
  const auto written = fs::last_write_time(path);
  fs::last_write_time(path, written - std::chrono::hours(1));
  SettingsFile again(path);
  CHECK(again.get("lang") == "zh");
  CHECK(again.get("state") == "v=1&model=qwen2.5-7b");
  REQUIRE(again.set("lang", "zh"));  // unchanged: the file is not touched
  CHECK(fs::last_write_time(path) == written - std::chrono::hours(1));
  REQUIRE(again.set("lang", "en"));
  CHECK(fs::last_write_time(path) != written - std::chrono::hours(1));
  CHECK(f.count_starting("settings.json.tmp") == 0);
}

TEST_CASE("settings: a corrupt, empty or oversized file is moved aside and said, never overwritten") {
  const std::string big = "{\"state\": \"" + std::string(kMaxSettingsBytes, 'x') + "\"}";
  for (const std::string& bad : {std::string(), std::string("{\"lang\": \"zh\""), std::string("[1, 2]"),
                                 std::string("{\"lang\": 3}"), big}) {
    Folder f("settings-corrupt");
    const std::string path = f.path("settings.json");
    std::ofstream(path, std::ios::binary) << bad;
    SettingsFile s(path);
    CHECK(s.get("lang").empty());  // defaults
    REQUIRE(s.problem().has_value());
    const std::string said = render(*s.problem(), Lang::En);
    CAPTURE(said);
    CHECK(said.find("settings.json.corrupt-") != std::string::npos);
    CHECK(render(*s.problem(), Lang::Zh).find("默认设置") != std::string::npos);
    CHECK(f.count_starting("settings.json.corrupt-") == 1);
    for (const auto& e : fs::directory_iterator(f.dir)) {
      if (e.path().filename().string().rfind("settings.json.corrupt-", 0) == 0) CHECK(slurp(e.path().string()) == bad);
    }
    CHECK_FALSE(fs::exists(path));
    REQUIRE(s.set("lang", "en"));
    CHECK(SettingsFile(path).get("lang") == "en");
  }
}

TEST_CASE("settings: replace_file leaves the new text and no temporary file") {
  Folder f("settings-replace");
  const std::string path = f.path("a.json");
  REQUIRE(replace_file(path, "one"));
  REQUIRE(replace_file(path, "two"));
  CHECK(slurp(path) == "two");
  CHECK(f.count_starting("a.json.tmp") == 0);
  CHECK_FALSE(replace_file(f.path("missing-folder/a.json"), "x"));
  CHECK_FALSE(write_new_file(path, "three"));  // never over an existing file
  CHECK(slurp(path) == "two");
}

#if !defined(_WIN32)
TEST_CASE("settings: a process killed while saving leaves a readable file (kill -9 in a loop)") {
  Folder f("settings-kill");
  const std::string path = f.path("settings.json");
  REQUIRE(SettingsFile(path).set("state", "first"));
  std::mt19937 random(32);  // fixed seed: the same kill times every run
  const std::string large(200 * 1024, 'q');  // a large value: each save takes a while
  int checked = 0;
  for (int round = 0; round < 20; ++round) {
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      SettingsFile s(path);
      for (long i = 0;; ++i) s.set("state", large + std::to_string(i));
    }
    std::this_thread::sleep_for(std::chrono::microseconds(2000 + random() % 20000));
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    SettingsFile after(path);
    const std::string state = after.get("state");
    CAPTURE(round);
    CHECK_FALSE(after.problem().has_value());
    CHECK((state == "first" || state.rfind(large, 0) == 0));
    ++checked;
    for (const auto& e : fs::directory_iterator(f.dir)) {  // a temporary a kill left behind is harmless
      if (e.path().filename().string().rfind("settings.json.tmp", 0) == 0) fs::remove(e.path());
    }
  }
  CHECK(checked == 20);
}
#endif

}  // namespace cardfit::native
