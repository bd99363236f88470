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

add_library(cardfit_imgui STATIC
  "${IMGUI_SOURCE_DIR}/imgui.cpp" "${IMGUI_SOURCE_DIR}/imgui_draw.cpp"
  "${IMGUI_SOURCE_DIR}/imgui_tables.cpp" "${IMGUI_SOURCE_DIR}/imgui_widgets.cpp"
  "${IMGUI_SOURCE_DIR}/backends/imgui_impl_opengl3.cpp" "${IMGUI_SOURCE_DIR}/misc/cpp/imgui_stdlib.cpp")
target_include_directories(cardfit_imgui SYSTEM PUBLIC "${IMGUI_SOURCE_DIR}" "${IMGUI_SOURCE_DIR}/backends"
                           "${IMGUI_SOURCE_DIR}/misc/cpp")
target_compile_definitions(cardfit_imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS)
if(EMSCRIPTEN)
  # WebGL2 on a canvas the page's own driver (web/) owns: no GLFW, input comes from the DOM.
  # IMGUI_ENABLE_TEST_ENGINE: web/web_items.cpp lists the labelled widgets for tests (cardfit.items()).
  target_compile_definitions(cardfit_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_ENABLE_TEST_ENGINE)
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
