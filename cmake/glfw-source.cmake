# GLFW 3.3.8 built from source as a static library where no system package serves:
# - Windows (mingw-w64): Debian's glfw3 3.3.8 source package, which tools/setup.sh windows puts in
#   .deps/glfw (sha256-pinned, as it does Dear ImGui's); OpenGL through opengl32.dll.
# - macOS: the upstream 3.3.8 tag, compiled for every architecture in CMAKE_OSX_ARCHITECTURES
#   (a universal app needs arm64 and x86_64; Homebrew's glfw holds only the runner's own).
# The Linux build links Debian's libglfw3-dev instead (cmake/imgui.cmake).
set(GLFW_BUILD_EXAMPLES OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_DOCS OFF CACHE BOOL "" FORCE)
set(GLFW_INSTALL OFF CACHE BOOL "" FORCE)
set(BUILD_SHARED_LIBS OFF CACHE BOOL "" FORCE)
if(WIN32)
  set(GLFW_SOURCE_DIR "${PROJECT_SOURCE_DIR}/.deps/glfw" CACHE PATH "GLFW 3.3 source folder (Windows build)")
  if(NOT EXISTS "${GLFW_SOURCE_DIR}/src/win32_window.c")
    message(FATAL_ERROR "GLFW_SOURCE_DIR=${GLFW_SOURCE_DIR} has no GLFW source (run tools/setup.sh windows)")
  endif()
  add_subdirectory("${GLFW_SOURCE_DIR}" "${CMAKE_BINARY_DIR}/_deps/glfw" EXCLUDE_FROM_ALL)
else()
  include(FetchContent)
  FetchContent_Declare(glfw GIT_REPOSITORY https://github.com/glfw/glfw GIT_TAG 3.3.8 GIT_SHALLOW TRUE)
  FetchContent_MakeAvailable(glfw)
endif()
