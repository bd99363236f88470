# Compiles assets/ into the binaries (no files read at run time, no --preload-file): the
# catalog JSON and subsets of a Latin and a CJK font covering exactly the characters that the
# message table (assets/i18n, compiled by core/base) and the catalog use.
# Targets `cardfit_asset_files` (the files) and `cardfit_assets` (+ the bundled catalog), API in
# assets/embedded.hpp.
file(GLOB CARDFIT_CATALOG_FILES CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/catalog/*.json")
list(SORT CARDFIT_CATALOG_FILES)
# Every sentence lives in the message table; the sources hold none (tests check core/ has no Han).
file(GLOB CARDFIT_MESSAGE_FILES CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/i18n/*.json")
list(SORT CARDFIT_MESSAGE_FILES)
# The command line's own words (with `capacity --this-machine`'s) and the MCP server's are not in
# the page's message table (nor its glyph lists), nor are a vendor kit's file checks'
# (vendor_kit.json, core/io/vendor_files.cpp): the web build compiles the table without these
# files, so page code that names one of their messages does not compile (msg::<id> is not
# declared). core/io/mcp.cpp and its test are left out of the web build (core/io/CMakeLists.txt,
# tests/CMakeLists.txt); the result card's words stay (the page's "Save card"); the column headers
# the page's exports share with the CLI are in columns.json (docs/web.md).
set(CARDFIT_NATIVE_ONLY_MESSAGE_FILES cli.json cli_contract.json mcp.json this_machine_cli.json vendor_kit.json)
if(EMSCRIPTEN)
  foreach(f IN LISTS CARDFIT_NATIVE_ONLY_MESSAGE_FILES)
    list(REMOVE_ITEM CARDFIT_MESSAGE_FILES "${PROJECT_SOURCE_DIR}/assets/i18n/${f}")
  endforeach()
endif()

set(CARDFIT_LATIN_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" CACHE FILEPATH
    "Latin TrueType font for the UI (DejaVu Sans by default; its subset is the primary font)")
set(CARDFIT_CJK_FONT "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf" CACHE FILEPATH
    "CJK TrueType font merged into the UI font (Droid Sans Fallback, Apache-2.0, by default)")
set(CARDFIT_PYTHON "/usr/bin/python3" CACHE FILEPATH "Python 3 with fontTools, for the font subsets")
# The web page carries no CJK font: it draws the characters the Latin subset lacks (the Chinese
# text) with the browser's own fonts into the font atlas (ui/fonts.cpp, platform::draw_glyphs),
# and carries only their list (tools/system_glyphs.py): in cardfit.js (web/glyphs_pre.js), which
# hands it to the module; the test binaries embed it (assets::system_glyphs). The desktop app keeps its CJK subset.
if(EMSCRIPTEN)
  set(system_cjk_default ON)
else()
  set(system_cjk_default OFF)
endif()
option(CARDFIT_SYSTEM_CJK "Draw the Chinese glyphs with the system's fonts instead of embedding a CJK subset"
       ${system_cjk_default})

# Both fonts are subset to the characters cardfit can show (tools/font_chars.py): the Latin
# font keeps ASCII and symbols, the CJK font the Chinese text; ImGui merges them in that order.
set(gen "${CMAKE_BINARY_DIR}/generated")
set(font_outputs "")
execute_process(COMMAND "${CARDFIT_PYTHON}" -c "import fontTools.subset" RESULT_VARIABLE have_fonttools
                OUTPUT_QUIET ERROR_QUIET)
set(font_kinds latin cjk)
if(CARDFIT_SYSTEM_CJK)
  set(font_kinds latin)
endif()
set(glyphs_output "")
set(CARDFIT_SYSTEM_GLYPHS_JS "")  # the page's copy of that list (web/glyphs_pre.js), when CARDFIT_SYSTEM_CJK
foreach(kind IN LISTS font_kinds)
  string(TOUPPER "${kind}" KIND)
  set(font_in "${CARDFIT_${KIND}_FONT}")
  set(font_out "${gen}/${kind}_subset.ttf")
  if(EXISTS "${font_in}" AND have_fonttools EQUAL 0)
    add_custom_command(
      OUTPUT "${font_out}"
      COMMAND "${CARDFIT_PYTHON}" "${PROJECT_SOURCE_DIR}/tools/font_chars.py" "${gen}/${kind}_chars.txt"
              ${CARDFIT_MESSAGE_FILES} ${CARDFIT_CATALOG_FILES}
      COMMAND "${CARDFIT_PYTHON}" -m fontTools.subset "${font_in}" "--text-file=${gen}/${kind}_chars.txt"
              "--output-file=${font_out}" --layout-features= --no-hinting --desubroutinize --notdef-outline
              --drop-tables+=vhea,vmtx,VORG,GSUB,GPOS,GDEF,gasp,kern
      DEPENDS "${PROJECT_SOURCE_DIR}/tools/font_chars.py" ${CARDFIT_MESSAGE_FILES} ${CARDFIT_CATALOG_FILES}
      COMMENT "Subsetting ${font_in} to the characters cardfit shows" VERBATIM)
    list(APPEND font_outputs "${font_out}")
    if(kind STREQUAL "latin" AND CARDFIT_SYSTEM_CJK)
      set(glyphs_output "${gen}/system_glyphs.txt")
      set(CARDFIT_SYSTEM_GLYPHS_JS "${gen}/system_glyphs.js")
      add_custom_command(
        OUTPUT "${glyphs_output}" "${CARDFIT_SYSTEM_GLYPHS_JS}"
        COMMAND "${CARDFIT_PYTHON}" "${PROJECT_SOURCE_DIR}/tools/system_glyphs.py" "${glyphs_output}"
                "${font_out}" "${gen}/${kind}_chars.txt" "${CARDFIT_SYSTEM_GLYPHS_JS}"
        DEPENDS "${PROJECT_SOURCE_DIR}/tools/system_glyphs.py" "${font_out}"
        COMMENT "Listing the glyphs the page draws with the browser's fonts" VERBATIM)
    endif()
  elseif(EMSCRIPTEN)  # the page has no built-in font to fall back to (cmake/imgui.cmake)
    message(FATAL_ERROR "cardfit: the page needs the ${kind} font subset: ${font_in} and ${CARDFIT_PYTHON} "
                        "with fontTools (tools/setup.sh page installs both)")
  else()
    message(WARNING "cardfit: no ${kind} font subset (need ${font_in} and ${CARDFIT_PYTHON} with fontTools); "
                    "the UI falls back to ImGui's built-in font and Chinese shows as '?'")
  endif()
endforeach()

# The catalog is embedded without the whitespace between tokens (tools/minify_json.py: same
# strings, numbers and key order): a fifth smaller, read by the same loader.
set(catalog_embedded "")
foreach(f IN LISTS CARDFIT_CATALOG_FILES)
  get_filename_component(name "${f}" NAME)
  list(APPEND catalog_embedded "${gen}/catalog/${name}")
endforeach()
add_custom_command(
  OUTPUT ${catalog_embedded}
  COMMAND "${CARDFIT_PYTHON}" "${PROJECT_SOURCE_DIR}/tools/minify_json.py" "${gen}/catalog" ${CARDFIT_CATALOG_FILES}
  DEPENDS "${PROJECT_SOURCE_DIR}/tools/minify_json.py" ${CARDFIT_CATALOG_FILES}
  COMMENT "Minifying the catalog for embedding" VERBATIM)

add_custom_command(
  OUTPUT "${gen}/embedded_assets.cpp"
  COMMAND "${CMAKE_COMMAND}" "-DOUT=${gen}/embedded_assets.cpp" "-DCATALOG=${catalog_embedded}"
          "-DFONTS=${font_outputs}" "-DGLYPHS=${glyphs_output}" -P "${PROJECT_SOURCE_DIR}/cmake/embed.cmake"
  DEPENDS "${PROJECT_SOURCE_DIR}/cmake/embed.cmake" ${catalog_embedded} ${font_outputs} ${glyphs_output}
  COMMENT "Embedding catalog and fonts" VERBATIM)

add_library(cardfit_asset_files STATIC "${gen}/embedded_assets.cpp")
target_include_directories(cardfit_asset_files PUBLIC "${PROJECT_SOURCE_DIR}/assets")
target_link_libraries(cardfit_asset_files PUBLIC cardfit_core)

# The web page starts from a binary snapshot of the catalog (core/catalog/catalog_snapshot.hpp)
# instead of parsing and checking the JSON: written at build time by the core's own loader
# (tools/catalog_snapshot.cpp, run in node under Emscripten), which also checks that it reads
# back to the same catalog. The JSON files are then not linked into the page.
option(CARDFIT_CATALOG_SNAPSHOT "Embed the catalog as a binary snapshot written at build time" ${EMSCRIPTEN})
add_library(cardfit_assets STATIC "${PROJECT_SOURCE_DIR}/assets/bundled_catalog.cpp")
target_link_libraries(cardfit_assets PUBLIC cardfit_asset_files)
if(CARDFIT_CATALOG_SNAPSHOT)
  add_executable(cardfit_catalog_snapshot "${PROJECT_SOURCE_DIR}/tools/catalog_snapshot.cpp")
  target_link_libraries(cardfit_catalog_snapshot PRIVATE cardfit_asset_files)
  if(EMSCRIPTEN)
    # web/node_pre.js: node reads the .wasm from the file system (Emscripten 3.1.6 would fetch() it).
    target_link_options(cardfit_catalog_snapshot PRIVATE -sENVIRONMENT=node -sNODERAWFS=1 -sEXIT_RUNTIME=1
                        -sALLOW_MEMORY_GROWTH=1 "--pre-js=${PROJECT_SOURCE_DIR}/web/node_pre.js")
  endif()
  add_custom_command(
    OUTPUT "${gen}/catalog.snapshot"
    COMMAND cardfit_catalog_snapshot "${gen}/catalog.snapshot"
    DEPENDS cardfit_catalog_snapshot
    COMMENT "Writing the catalog snapshot" VERBATIM)
  add_custom_command(
    OUTPUT "${gen}/catalog_snapshot.cpp"
    COMMAND "${CMAKE_COMMAND}" "-DIN=${gen}/catalog.snapshot" "-DOUT=${gen}/catalog_snapshot.cpp"
            -DNAME=bundled_snapshot -P "${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake"
    DEPENDS "${gen}/catalog.snapshot" "${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake" VERBATIM)
  target_sources(cardfit_assets PRIVATE "${gen}/catalog_snapshot.cpp")
  target_compile_definitions(cardfit_assets PRIVATE CARDFIT_CATALOG_SNAPSHOT)
endif()
