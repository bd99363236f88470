# Dear ImGui >= 1.86 as our own static target `cardfit_imgui` (core + OpenGL3 backend; GLFW natively).
# Source, first found wins: -DIMGUI_SOURCE_DIR=..., .deps/imgui (Debian source package,
# fetched by tools/setup.sh), else FetchContent of upstream tag v1.86.
set(IMGUI_SOURCE_DIR "" CACHE PATH "Dear ImGui source folder (>= 1.86); empty = .deps/imgui or FetchContent")
if(NOT IMGUI_SOURCE_DIR AND EXISTS "${PROJECT_SOURCE_DIR}/.deps/imgui/imgui.cpp")
  set(IMGUI_SOURCE_DIR "${PROJECT_SOURCE_DIR}/.deps/imgui")
endif()
if(NOT IMGUI_SOURCE_DIR)
  include(FetchContent)
  FetchContent_Declare(imgui GIT_REPOSITORY https://github.com/ocornut/imgui GIT_TAG v1.86 GIT_SHALLOW TRUE)
  FetchContent_GetProperties(imgui)
  if(NOT imgui_POPULATED)
    FetchContent_Populate(imgui)
  endif()
  set(IMGUI_SOURCE_DIR "${imgui_SOURCE_DIR}")
endif()
if(NOT EXISTS "${IMGUI_SOURCE_DIR}/imgui.cpp")
  message(FATAL_ERROR "IMGUI_SOURCE_DIR=${IMGUI_SOURCE_DIR} has no imgui.cpp (run tools/setup.sh)")
endif()
message(STATUS "cardfit: Dear ImGui from ${IMGUI_SOURCE_DIR}")

# The page never draws with Dear ImGui's built-in font (ProggyClean: 12 KB of base85 text and its
# decompressor), but ImFontAtlas::Build() links it for an atlas given no font. The web build
# compiles imgui_draw.cpp without it: a copy whose default font data is a trap (the UI always adds
# its own fonts first; ui/fonts.cpp, CARDFIT_IMGUI_NO_DEFAULT_FONT).
# NOTE: why this text edit of the dependency stays (issue 25 item 5; measured 2026-12-06 on
# main 9c9a841 with cardfit._linkKeys, web-release, Emscripten's wasm-ld with LTO and its default --gc-sections):
# - the linker cannot drop the font: Build() itself calls AddFontDefault() when the atlas has no
#   font (imgui_draw.cpp 1.86, "Default font is none are specified"), and Build() is reached from
#   GetTexDataAsRGBA32(), which the OpenGL3 backend calls, so the data is live whether or not our
#   code names AddFontDefault. Built with the upstream imgui_draw.cpp (this block off, ui/fonts.cpp
#   still never calling AddFontDefault): cardfit.wasm 1,306,046 bytes (541,074 gzip -9) against
#   1,292,521 (528,763) with this copy: +13,525 raw, +12,311 gzip, where web/budget.json leaves
#   1,685 bytes (ceiling 567,500 gzip, 565,815 measured at stop 40).
# - Dear ImGui 1.86 has no option for it (imconfig.h of later releases documents
#   IMGUI_DISABLE_DEFAULT_FONT; the day the floor moves past 1.86, that define replaces this).
# - ImGui's own API cannot avoid it either: ImFontAtlasGetBuilderForStbTruetype() builds an atlas
#   without Build(), but the backend's call keeps Build(), and so the font, linked.
set(imgui_draw "${IMGUI_SOURCE_DIR}/imgui_draw.cpp")
if(EMSCRIPTEN)
  file(READ "${imgui_draw}" draw_text)
  string(FIND "${draw_text}" "static const char proggy_clean_ttf_compressed_data_base85[" from)
  string(FIND "${draw_text}" "#endif // #ifndef IMGUI_DISABLE" to REVERSE)
  if(from EQUAL -1 OR to LESS from)
    message(FATAL_ERROR "${imgui_draw}: ProggyClean's data not found where Dear ImGui 1.86 has it")
  endif()
  string(SUBSTRING "${draw_text}" 0 ${from} head)
  string(SUBSTRING "${draw_text}" ${to} -1 tail)
  set(imgui_draw "${CMAKE_BINARY_DIR}/generated/imgui_draw_no_default_font.cpp")
  file(WRITE "${imgui_draw}.in"
       "${head}// cardfit: no built-in font in the web build (cmake/imgui.cmake).\nstatic const char* GetDefaultCompressedFontDataTTFBase85() { __builtin_trap(); }\n\n${tail}")
  configure_file("${imgui_draw}.in" "${imgui_draw}" COPYONLY)  # rewritten only when it changes
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${IMGUI_SOURCE_DIR}/imgui_draw.cpp")
endif()

add_library(cardfit_imgui STATIC
  "${IMGUI_SOURCE_DIR}/imgui.cpp" "${imgui_draw}"
  "${IMGUI_SOURCE_DIR}/imgui_tables.cpp" "${IMGUI_SOURCE_DIR}/imgui_widgets.cpp"
  "${IMGUI_SOURCE_DIR}/backends/imgui_impl_opengl3.cpp" "${IMGUI_SOURCE_DIR}/misc/cpp/imgui_stdlib.cpp")
target_include_directories(cardfit_imgui SYSTEM PUBLIC "${IMGUI_SOURCE_DIR}" "${IMGUI_SOURCE_DIR}/backends"
                           "${IMGUI_SOURCE_DIR}/misc/cpp")
target_compile_definitions(cardfit_imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS)
if(EMSCRIPTEN)
  # WebGL2 on a canvas the page's own driver (web/) owns: no GLFW, input comes from the DOM.
  # IMGUI_ENABLE_TEST_ENGINE: web/web_items.cpp lists the labelled widgets for tests (cardfit.items()).
  target_compile_definitions(cardfit_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_ENABLE_TEST_ENGINE CARDFIT_IMGUI_NO_DEFAULT_FONT)
  target_link_options(cardfit_imgui PUBLIC -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)
else()
  # The desktop app's window and input: GLFW (its ImGui backend is built only here).
  target_sources(cardfit_imgui PRIVATE "${IMGUI_SOURCE_DIR}/backends/imgui_impl_glfw.cpp")
  if(WIN32)
    include(glfw-source)  # GLFW built from source; OpenGL through opengl32.dll
    target_link_libraries(cardfit_imgui PUBLIC glfw opengl32)
  elseif(APPLE)
    include(glfw-source)  # GLFW from its tag, for every architecture of a universal build
    find_package(OpenGL REQUIRED)
    target_link_libraries(cardfit_imgui PUBLIC glfw OpenGL::GL)
  else()
    find_package(glfw3 3.3 REQUIRED)
    find_package(OpenGL REQUIRED)
    target_link_libraries(cardfit_imgui PUBLIC glfw OpenGL::GL ${CMAKE_DL_LIBS})
  endif()
endif()
