# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Desktop integration files and the Debian package. Included last from the top-level
# CMakeLists.txt; `packaging/dev.sh package` runs `cpack -G DEB` in build/release and checks the
# result (desktop-file-validate, appstreamcli, lintian, dpkg -i, the installed tokenscope-cli).
include(GNUInstallDirs)

# One reverse-DNS id names the .desktop file, the AppStream component and the icon; ui/main.cpp
# passes the same id to QGuiApplication::setDesktopFileName.
set(TOKENSCOPE_APP_ID io.github.tokenscope.TokenScope)
set(TOKENSCOPE_MAINTAINER "TokenScope contributors <tokenscope@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package")

set(_ts_linux ${PROJECT_SOURCE_DIR}/resources/linux)
set(_ts_icons ${PROJECT_SOURCE_DIR}/resources/icons)
set(_ts_packaging ${PROJECT_SOURCE_DIR}/packaging)
set(_ts_generated ${PROJECT_BINARY_DIR}/packaging)
set(_ts_docdir ${CMAKE_INSTALL_DATADIR}/doc/tokenscope)

install(FILES ${_ts_linux}/${TOKENSCOPE_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${_ts_linux}/${TOKENSCOPE_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${_ts_icons}/tokenscope.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${TOKENSCOPE_APP_ID}.svg)
# The PNGs are rendered from the SVG by packaging/render-icons.sh and committed.
foreach(size 16 22 24 32 48 64 128 256)
    install(FILES ${_ts_icons}/png/tokenscope-${size}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps RENAME ${TOKENSCOPE_APP_ID}.png)
endforeach()

# Man pages and the Debian changelog go in gzipped; -n keeps name and time out of the header so
# the package is reproducible (lintian: package-contains-timestamped-gzip). Done at configure
# time; editing a source re-runs the configure step.
function(tokenscope_gzip source output)
    file(MAKE_DIRECTORY ${_ts_generated})
    execute_process(COMMAND gzip -9nc ${source} OUTPUT_FILE ${_ts_generated}/${output} COMMAND_ERROR_IS_FATAL ANY)
    set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${source})
endfunction()
tokenscope_gzip(${_ts_packaging}/tokenscope-cli.1 tokenscope-cli.1.gz)
tokenscope_gzip(${_ts_packaging}/tokenscope.1 tokenscope.1.gz)
tokenscope_gzip(${_ts_packaging}/changelog.Debian changelog.Debian.gz)
install(FILES ${_ts_generated}/tokenscope-cli.1.gz ${_ts_generated}/tokenscope.1.gz
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${_ts_packaging}/copyright ${_ts_generated}/changelog.Debian.gz DESTINATION ${_ts_docdir})
# Traces to replay (tokenscope-cli run --trace, docs/methodology.md#trace-replay).
install(FILES ${PROJECT_SOURCE_DIR}/resources/traces/mooncake-sample.jsonl
              ${PROJECT_SOURCE_DIR}/resources/traces/conversations-sample.jsonl DESTINATION ${_ts_docdir}/examples)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tokenscope)
set(CPACK_PACKAGE_VENDOR "TokenScope contributors")
set(CPACK_PACKAGE_CONTACT "${TOKENSCOPE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "LLM endpoint streaming benchmark (TTFT, TPOT, ITL, throughput)")
set(CPACK_PACKAGE_INSTALL_DIRECTORY tokenscope)
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

set(CPACK_DEBIAN_PACKAGE_RELEASE 1) # must match the top entry of packaging/changelog.Debian
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${TOKENSCOPE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
# Plugins Qt loads at run time, which dpkg-shlibdeps cannot see: the run history is SQLite.
if(TARGET tokenscope_store)
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite")
endif()
# Qt's own translations (qtbase_*.qm): the standard buttons of dialogs (Yes, Cancel, OK) in the
# window's language (ui/language.cpp loads them when they are installed).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
# API keys live in the desktop's Secret Service (without one, keys stay in memory only).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "gnome-keyring | kwalletmanager")
# CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY first as the synopsis; this is the long description.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "TokenScope measures how an OpenAI-compatible LLM endpoint streams its
answers: time to first token (TTFT), time per output token (TPOT),
inter-token latency (ITL), end-to-end latency and throughput, at fixed
concurrency levels, with P50 and P95 (and P90, P99, mean, std, min, max)
for every figure. It fixes and records what makes numbers comparable,
warms up before measuring, opens connections before each level, and
exports every run as JSON, CSV and Markdown.

The package holds the desktop application (tokenscope), with a live token
timeline, and the command line (tokenscope-cli) with the same engine and a
built-in simulator server, so both run without an account or a GPU.")

include(CPack)
