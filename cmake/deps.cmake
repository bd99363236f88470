# Header-only dependencies: nlohmann-json (core), CLI11 (native CLI), Catch2 v2 (tests).
# Natively: find_package. Inside the Emscripten build find_package cannot see Debian's
# /usr/include (the toolchain re-roots the search) and adding /usr/include would leak glibc
# headers, so we link just the library's header folder into the build tree. The same holds for
# the Windows cross build (cmake/mingw-w64.cmake searches only the mingw-w64 root).
# Elsewhere (no system package): FetchContent at a pinned tag.
include(FetchContent)

function(cardfit_header_folder target folder)  # [leaf]: the name it is included under, else folder's own
  get_filename_component(leaf "${folder}" NAME)
  if(ARGC GREATER 2)
    set(leaf "${ARGV2}")
  endif()
  set(root "${CMAKE_BINARY_DIR}/_headers/${target}")
  if(NOT EXISTS "${root}/${leaf}")
    file(MAKE_DIRECTORY "${root}")
    file(CREATE_LINK "${folder}" "${root}/${leaf}" SYMBOLIC)
  endif()
  add_library(${target} INTERFACE)
  target_include_directories(${target} SYSTEM INTERFACE "${root}")
endfunction()

# nlohmann-json 3.11.2
if(NOT EMSCRIPTEN)
  find_package(nlohmann_json 3.11 QUIET)
endif()
if(TARGET nlohmann_json::nlohmann_json)
  add_library(cardfit_json ALIAS nlohmann_json::nlohmann_json)
elseif(EXISTS /usr/include/nlohmann/json.hpp)
  cardfit_header_folder(cardfit_json_headers /usr/include/nlohmann)
  add_library(cardfit_json ALIAS cardfit_json_headers)
else()
  FetchContent_Declare(nlohmann_json URL https://github.com/nlohmann/json/releases/download/v3.11.2/json.tar.xz
                       URL_HASH SHA256=8c4b26bf4b422252e13f332bc5e388ec0ab5c3443d24399acb675e68278d341f)
  FetchContent_MakeAvailable(nlohmann_json)
  add_library(cardfit_json ALIAS nlohmann_json)
endif()

# CLI11 2.x (native command-line tool only)
if(NOT EMSCRIPTEN)
  find_package(CLI11 2 QUIET CONFIG)
  if(TARGET CLI11::CLI11)
    add_library(cardfit_cli11 ALIAS CLI11::CLI11)
  elseif(EXISTS /usr/include/CLI/CLI.hpp)
    cardfit_header_folder(cardfit_cli11_headers /usr/include/CLI)
    add_library(cardfit_cli11 ALIAS cardfit_cli11_headers)
  else()
    FetchContent_Declare(cli11 GIT_REPOSITORY https://github.com/CLIUtils/CLI11 GIT_TAG v2.1.2 GIT_SHALLOW TRUE)
    FetchContent_MakeAvailable(cli11)
    add_library(cardfit_cli11 ALIAS CLI11::CLI11)
  endif()
endif()

# Catch2 v2 (tests)
if(CARDFIT_BUILD_TESTS)
  if(NOT EMSCRIPTEN)
    find_package(Catch2 2 QUIET)
  endif()
  if(TARGET Catch2::Catch2)
    add_library(cardfit_catch2 ALIAS Catch2::Catch2)
  elseif(EXISTS /usr/include/catch2/catch.hpp)
    cardfit_header_folder(cardfit_catch2_headers /usr/include/catch2)
    add_library(cardfit_catch2 ALIAS cardfit_catch2_headers)
  else()
    FetchContent_Declare(Catch2 GIT_REPOSITORY https://github.com/catchorg/Catch2 GIT_TAG v2.13.10 GIT_SHALLOW TRUE)
    FetchContent_MakeAvailable(Catch2)
    add_library(cardfit_catch2 ALIAS Catch2::Catch2)
  endif()
endif()

# stb (Debian's libstb-dev): stb_truetype draws the result card's text and stb_image_write
# encodes its PNG (core/io/card_render.cpp). Included as <stb/...>; a cross compiler (emcc,
# mingw-w64) does not search /usr/include, so it gets the folder alone.
if(EXISTS /usr/include/stb/stb_truetype.h AND EXISTS /usr/include/stb/stb_image_write.h)
  if(EMSCRIPTEN OR CMAKE_CROSSCOMPILING)
    cardfit_header_folder(cardfit_stb_headers /usr/include/stb)
    add_library(cardfit_stb ALIAS cardfit_stb_headers)
  else()
    add_library(cardfit_stb INTERFACE)
  endif()
elseif(APPLE)
  # macOS has no stb package: the same commit as Debian 12's libstb-dev (0.0~git20220908.8b5f1f3).
  FetchContent_Declare(stb GIT_REPOSITORY https://github.com/nothings/stb GIT_TAG 8b5f1f37b5b75829fc72d38e7b5d4bcbf8a26d55)
  FetchContent_MakeAvailable(stb)  # headers only: no CMakeLists.txt, so nothing is built
  cardfit_header_folder(cardfit_stb_headers "${stb_SOURCE_DIR}" stb)
  add_library(cardfit_stb ALIAS cardfit_stb_headers)
  set(STB_INCLUDE_DIR "${stb_SOURCE_DIR}" CACHE PATH "stb headers (the desktop app's stb_image_write.h)")
else()
  message(FATAL_ERROR "cardfit: stb headers not found in /usr/include/stb (tools/setup.sh installs libstb-dev)")
endif()
