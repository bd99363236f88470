# nayuki's QR Code generator (MIT) as our own static target `cardfit_qrcodegen`: its C library
# (no exceptions, no allocation), so the same code runs in the core natively and in the page.
# Source, first found wins: -DQRCODEGEN_SOURCE_DIR=..., .deps/qrcodegen (Debian's source package
# qr-code-generator 1.8.0, fetched by tools/setup.sh), else FetchContent of upstream tag v1.8.0.
set(QRCODEGEN_SOURCE_DIR "" CACHE PATH "QR Code generator source folder (its c/ holds qrcodegen.c); empty = .deps/qrcodegen or FetchContent")
if(NOT QRCODEGEN_SOURCE_DIR AND EXISTS "${PROJECT_SOURCE_DIR}/.deps/qrcodegen/c/qrcodegen.c")
  set(QRCODEGEN_SOURCE_DIR "${PROJECT_SOURCE_DIR}/.deps/qrcodegen")
endif()
if(NOT QRCODEGEN_SOURCE_DIR)
  include(FetchContent)
  FetchContent_Declare(qrcodegen GIT_REPOSITORY https://github.com/nayuki/QR-Code-generator GIT_TAG v1.8.0
                       GIT_SHALLOW TRUE)
  FetchContent_GetProperties(qrcodegen)
  if(NOT qrcodegen_POPULATED)
    FetchContent_Populate(qrcodegen)
  endif()
  set(QRCODEGEN_SOURCE_DIR "${qrcodegen_SOURCE_DIR}")
endif()
if(NOT EXISTS "${QRCODEGEN_SOURCE_DIR}/c/qrcodegen.c")
  message(FATAL_ERROR "QRCODEGEN_SOURCE_DIR=${QRCODEGEN_SOURCE_DIR} has no c/qrcodegen.c (run tools/setup.sh)")
endif()
message(STATUS "cardfit: QR Code generator from ${QRCODEGEN_SOURCE_DIR}")

add_library(cardfit_qrcodegen STATIC "${QRCODEGEN_SOURCE_DIR}/c/qrcodegen.c")
target_include_directories(cardfit_qrcodegen SYSTEM PUBLIC "${QRCODEGEN_SOURCE_DIR}/c")
set_target_properties(cardfit_qrcodegen PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON POSITION_INDEPENDENT_CODE ON)
