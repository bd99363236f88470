# CARDFIT_SANITIZE=ON: AddressSanitizer + UndefinedBehaviorSanitizer on everything we build.
if(CARDFIT_SANITIZE)
  if(EMSCRIPTEN OR MSVC)
    message(FATAL_ERROR "CARDFIT_SANITIZE is for native GCC/Clang builds")
  endif()
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
