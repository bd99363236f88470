# Compiles assets/ into the binaries (no files read at run time, no --preload-file):
# the catalog JSON, the UI strings and a CJK font subset covering exactly the characters
# those use. Target `cardfit_assets`, API in assets/embedded.hpp.
file(GLOB CARDFIT_CATALOG_FILES CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/catalog/*.json")
list(SORT CARDFIT_CATALOG_FILES)
set(CARDFIT_STRINGS_FILE "${PROJECT_SOURCE_DIR}/assets/i18n/strings.json")

set(CARDFIT_CJK_FONT "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf" CACHE FILEPATH
    "CJK TrueType font to subset for the UI (Apache-2.0 Droid Sans Fallback by default)")
set(CARDFIT_PYTHON "/usr/bin/python3" CACHE FILEPATH "Python 3 with fontTools, for the font subset")

set(gen "${CMAKE_BINARY_DIR}/generated")
set(font_out "${gen}/cjk_subset.ttf")
execute_process(COMMAND "${CARDFIT_PYTHON}" -c "import fontTools.subset" RESULT_VARIABLE have_fonttools
                OUTPUT_QUIET ERROR_QUIET)
if(EXISTS "${CARDFIT_CJK_FONT}" AND have_fonttools EQUAL 0)
  add_custom_command(
    OUTPUT "${font_out}"
    COMMAND "${CARDFIT_PYTHON}" "${PROJECT_SOURCE_DIR}/tools/font_chars.py" "${gen}/cjk_chars.txt"
            "${CARDFIT_STRINGS_FILE}" ${CARDFIT_CATALOG_FILES}
    COMMAND "${CARDFIT_PYTHON}" -m fontTools.subset "${CARDFIT_CJK_FONT}" "--text-file=${gen}/cjk_chars.txt"
            "--output-file=${font_out}" --layout-features= --no-hinting --desubroutinize --notdef-outline
            --drop-tables+=vhea,vmtx,VORG,GSUB,GPOS,GDEF,gasp
    DEPENDS "${PROJECT_SOURCE_DIR}/tools/font_chars.py" "${CARDFIT_STRINGS_FILE}" ${CARDFIT_CATALOG_FILES}
    COMMENT "Subsetting the CJK font to the characters cardfit shows" VERBATIM)
else()
  message(WARNING "cardfit: no CJK font subset (need ${CARDFIT_CJK_FONT} and ${CARDFIT_PYTHON} with fontTools); "
                  "Chinese text will show as '?'")
  file(WRITE "${font_out}" "")
endif()

add_custom_command(
  OUTPUT "${gen}/embedded_assets.cpp"
  COMMAND "${CMAKE_COMMAND}" "-DOUT=${gen}/embedded_assets.cpp" "-DCATALOG=${CARDFIT_CATALOG_FILES}"
          "-DSTRINGS=${CARDFIT_STRINGS_FILE}" "-DFONT=${font_out}" -P "${PROJECT_SOURCE_DIR}/cmake/embed.cmake"
  DEPENDS "${PROJECT_SOURCE_DIR}/cmake/embed.cmake" ${CARDFIT_CATALOG_FILES} "${CARDFIT_STRINGS_FILE}" "${font_out}"
  COMMENT "Embedding catalog, strings and font" VERBATIM)

add_library(cardfit_assets STATIC "${gen}/embedded_assets.cpp" "${PROJECT_SOURCE_DIR}/assets/bundled_catalog.cpp")
target_include_directories(cardfit_assets PUBLIC "${PROJECT_SOURCE_DIR}/assets")
target_link_libraries(cardfit_assets PUBLIC cardfit_core)
