// native/os.hpp: the calls that differ between POSIX and Windows. Expected values are by
// construction (the bytes written are the bytes read back; a replaced file holds the new text).
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <string>

#include "native_files.hpp"
#include "native_test_folder.hpp"
#include "os.hpp"

namespace cardfit::native {

using test::Folder;

TEST_CASE("os: replace moves a file over an existing one in one step") {
  Folder f("os-replace");
  const std::string target = f.write("target.json", "old");
  const std::string temp = f.write("target.json.tmp", "new");
  CHECK(os::replace(temp, target));
  CHECK(read_file(target).value_or("<missing>") == "new");
  CHECK(!std::filesystem::exists(os::path(temp)));
}

TEST_CASE("os: replace into a missing folder fails and leaves the source") {
  Folder f("os-replace-missing");
  const std::string temp = f.write("a.tmp", "text");
  CHECK_FALSE(os::replace(temp, f.path("no-such-folder/a.json")));
  CHECK(read_file(temp).value_or("<missing>") == "text");
}

TEST_CASE("os: UTF-8 file names round-trip through open, path and read_file") {
  Folder f("os-utf8");
  // "显卡 设置.json" as UTF-8 bytes: no Han characters in the sources of the core; this is a test.
  const std::string name = "\xe6\x98\xbe\xe5\x8d\xa1 \xe8\xae\xbe\xe7\xbd\xae.json";
  const std::string file = os::utf8(f.dir / os::path(name));
  std::FILE* out = os::open(file, "wb");
  REQUIRE(out != nullptr);
  CHECK(std::fputs("{}", out) >= 0);
  CHECK(os::flush_to_disk(out));
  CHECK(std::fclose(out) == 0);
  CHECK(std::filesystem::exists(os::path(file)));
  CHECK(os::utf8(os::path(file).filename()) == name);
  CHECK(read_file(file).value_or("<missing>") == "{}");
  CHECK(replace_file(file, "{\"a\":\"1\"}"));
  CHECK(read_file(file).value_or("<missing>") == "{\"a\":\"1\"}");
}

TEST_CASE("os: config_folder follows XDG_CONFIG_HOME, else HOME/.config") {
#if !defined(_WIN32)
  const std::string xdg = os::env("XDG_CONFIG_HOME");
  const std::string home = os::env("HOME");
  if (!xdg.empty()) CHECK(os::config_folder() == xdg);
  else if (!home.empty()) CHECK(os::config_folder() == home + "/.config");
#else
  CHECK(!os::config_folder().empty());
#endif
}

TEST_CASE("os: capture returns a command's output, nothing when it fails") {
#if !defined(_WIN32)
  CHECK(os::capture("printf 'NVIDIA GeForce RTX 4090, 24564\\n'") ==
        std::optional<std::string>("NVIDIA GeForce RTX 4090, 24564\n"));
  CHECK(os::capture("printf 0123456789", 4) == std::optional<std::string>("0123"));
  CHECK(!os::capture("exit 3"));
  CHECK(!os::capture("/nonexistent/cardfit-test/nvidia-smi --query-gpu=name"));
#endif
  // Some memory, and less than 1 PiB: a read that went wrong would show as 0 or absurd.
  CHECK(os::system_memory_bytes() > 0);
  CHECK(os::system_memory_bytes() < (std::int64_t{1} << 50));
}

}  // namespace cardfit::native
