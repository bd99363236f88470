# CARDFIT_SANITIZE=ON: AddressSanitizer + UndefinedBehaviorSanitizer on everything we build.
if(CARDFIT_SANITIZE)
  if(EMSCRIPTEN OR MSVC)
    message(FATAL_ERROR "CARDFIT_SANITIZE is for native GCC/Clang builds")
  endif()
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
# CARDFIT_FUZZ=ON: coverage for libFuzzer on everything, plus ASan + UBSan; the fuzz targets
# add -fsanitize=fuzzer at link time (tests/fuzz/CMakeLists.txt).
if(CARDFIT_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CARDFIT_FUZZ needs clang (the preset \"fuzz\" uses clang++-14)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()
