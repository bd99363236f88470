# High warning levels for our own targets (not for third-party code).
function(cardfit_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4)
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion
                                              -Wshadow -Wnon-virtual-dtor -Wold-style-cast)
  endif()
endfunction()
