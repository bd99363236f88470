# Installation and packages (docs/install.md): `cmake --install` puts the CLI, the desktop app,
# their man pages, shell completions, a desktop entry and icon, and the web page (when built)
# under the prefix; CPack makes a .deb and a .tar.gz of the same tree (`make package`).
# The man pages, completions and desktop entry are generated from the binaries' --help, their
# `completion` command and the message table (tools/gen_install_files.py), never written twice.
include(GNUInstallDirs)

set(CARDFIT_WEB_DIST "${PROJECT_SOURCE_DIR}/build/web/dist" CACHE PATH
    "The built web page (build/web/dist) installed under share/cardfit/web when it exists")

set(install_gen "${CMAKE_BINARY_DIR}/install-files")
set(gen_outputs "${install_gen}/man1/cardfit.1" "${install_gen}/completions/cardfit.bash"
                "${install_gen}/completions/_cardfit" "${install_gen}/completions/cardfit.fish"
                "${install_gen}/cardfit.desktop")
set(gen_gui "")
if(TARGET cardfit-gui)
  list(APPEND gen_outputs "${install_gen}/man1/cardfit-gui.1")
  set(gen_gui --gui "$<TARGET_FILE:cardfit-gui>")
endif()
add_custom_command(
  OUTPUT ${gen_outputs}
  COMMAND "${CARDFIT_PYTHON}" "${PROJECT_SOURCE_DIR}/tools/gen_install_files.py" --cli "$<TARGET_FILE:cardfit>" ${gen_gui}
          --version "${PROJECT_VERSION}" --messages "${PROJECT_SOURCE_DIR}/assets/i18n/ui.json" --out "${install_gen}"
  DEPENDS cardfit $<$<TARGET_EXISTS:cardfit-gui>:cardfit-gui> "${PROJECT_SOURCE_DIR}/tools/gen_install_files.py"
          "${PROJECT_SOURCE_DIR}/assets/i18n/ui.json"
  COMMENT "Man pages, shell completions and the desktop entry from the binaries" VERBATIM)
add_custom_target(cardfit_install_files ALL DEPENDS ${gen_outputs})

install(TARGETS cardfit RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
if(TARGET cardfit-gui)
  install(TARGETS cardfit-gui RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
  install(FILES "${install_gen}/man1/cardfit-gui.1" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
  install(FILES "${install_gen}/cardfit.desktop" DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
  install(FILES "${PROJECT_SOURCE_DIR}/assets/desktop/cardfit.svg"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
endif()
install(FILES "${install_gen}/man1/cardfit.1" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(FILES "${install_gen}/completions/cardfit.bash" RENAME cardfit
        DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
install(FILES "${install_gen}/completions/_cardfit" DESTINATION "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions")
install(FILES "${install_gen}/completions/cardfit.fish" DESTINATION "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}" FILES_MATCHING PATTERN "*.md"
        PATTERN "examples" EXCLUDE)
# The web page: copy it to any static host, or open share/cardfit/web/index.html through one.
install(DIRECTORY "${CARDFIT_WEB_DIST}/" DESTINATION "${CMAKE_INSTALL_DATADIR}/cardfit/web" OPTIONAL)

# [SECTION] CPack: .deb and .tar.gz
set(CPACK_PACKAGE_NAME "cardfit")
set(CPACK_PACKAGE_VENDOR "cardfit")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "GPU fit-and-cost calculator for LLMs (CLI, desktop app, web page)")
set(CPACK_PACKAGE_DESCRIPTION "Does a model fit in GPU memory, on how many cards, how fast, at what monthly cost on each platform, and which option is just enough; every figure from a documented formula or a sourced catalog entry.")
set(CPACK_PACKAGE_CONTACT "cardfit maintainers <cardfit@users.noreply.github.com>")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_PACKAGE_FILE_NAME "cardfit-${PROJECT_VERSION}-${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # libglfw3, libgl1, libstdc++ ... from the binaries
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
