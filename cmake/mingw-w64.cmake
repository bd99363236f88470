# Cross-compiling for Windows x64 with Debian's mingw-w64 (posix threads: std::thread/std::mutex
# need them), `cmake --preset windows-release` (tools/setup.sh windows installs the compiler).
# Libraries and headers are searched only under the mingw-w64 root, never in the Linux ones:
# the header-only dependencies come in through cmake/deps.cmake's folder links, GLFW from its
# Windows build (cmake/glfw-source.cmake).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(triple x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${triple}-gcc-posix)
set(CMAKE_CXX_COMPILER ${triple}-g++-posix)
set(CMAKE_RC_COMPILER ${triple}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${triple})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# One .exe that runs alone: libgcc, libstdc++ and winpthread linked in, no DLL beside it.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
set(CMAKE_EXE_LINKER_FLAGS_RELEASE_INIT "-s")  # stripped: the release .exe carries no symbols
# Tools run at build time (Python for the fonts) are the Linux ones; Wine runs the tests.
find_program(CARDFIT_WINE wine)
if(CARDFIT_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${CARDFIT_WINE}")
endif()
