# GLFW for the Windows build: Debian's glfw3 3.3.8 source package (tools/setup.sh windows puts it
# in .deps/glfw, as it does Dear ImGui's), compiled with mingw-w64 as a static library. The Linux
# build links Debian's libglfw3-dev instead (cmake/imgui.cmake).
set(GLFW_SOURCE_DIR "${PROJECT_SOURCE_DIR}/.deps/glfw" CACHE PATH "GLFW 3.3 source folder (Windows build)")
if(NOT EXISTS "${GLFW_SOURCE_DIR}/src/win32_window.c")
  message(FATAL_ERROR "GLFW_SOURCE_DIR=${GLFW_SOURCE_DIR} has no GLFW source (run tools/setup.sh windows)")
endif()
set(GLFW_BUILD_EXAMPLES OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_DOCS OFF CACHE BOOL "" FORCE)
set(GLFW_INSTALL OFF CACHE BOOL "" FORCE)
set(BUILD_SHARED_LIBS OFF CACHE BOOL "" FORCE)
add_subdirectory("${GLFW_SOURCE_DIR}" "${CMAKE_BINARY_DIR}/_deps/glfw" EXCLUDE_FROM_ALL)
