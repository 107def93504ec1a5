# The playground page embedded by `grundy serve`. With npm found and
# GRUNDY_BUILD_WEB on, the target grundy_web rebuilds web/ into the build
# directory (scripts/build_web.sh), leaving the source tree alone; otherwise the
# committed web/dist/ is used, so a machine without Node still builds the page.
# Sets GRUNDY_WEB_DIST (the directory to embed) and GRUNDY_WEB_STAMP (a file
# that the embedding depends on: it changes whenever the page is rebuilt).
find_program(GRUNDY_NPM npm)
if(GRUNDY_NPM)
  set(grundy_web_default ON)
else()
  set(grundy_web_default OFF)
endif()
option(GRUNDY_BUILD_WEB "Rebuild the playground page from web/ with npm (else embed the committed web/dist)"
  ${grundy_web_default})

if(GRUNDY_BUILD_WEB AND GRUNDY_NPM)
  set(GRUNDY_WEB_DIST ${PROJECT_BINARY_DIR}/web/dist)
  set(GRUNDY_WEB_STAMP ${PROJECT_BINARY_DIR}/web/dist.stamp)
  file(GLOB_RECURSE grundy_web_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/web/src/*)
  add_custom_command(OUTPUT ${GRUNDY_WEB_STAMP}
    COMMAND ${PROJECT_SOURCE_DIR}/scripts/build_web.sh ${GRUNDY_WEB_DIST}
    COMMAND ${CMAKE_COMMAND} -E touch ${GRUNDY_WEB_STAMP}
    DEPENDS ${grundy_web_sources} ${PROJECT_SOURCE_DIR}/web/index.html ${PROJECT_SOURCE_DIR}/web/package-lock.json
      ${PROJECT_SOURCE_DIR}/web/vite.config.ts ${PROJECT_SOURCE_DIR}/web/tsconfig.json ${PROJECT_SOURCE_DIR}/scripts/build_web.sh
    COMMENT "Building the playground page (web/) with npm"
    USES_TERMINAL VERBATIM)
  add_custom_target(grundy_web DEPENDS ${GRUNDY_WEB_STAMP})
  message(STATUS "grundy: the playground page is rebuilt into ${GRUNDY_WEB_DIST}")
else()
  set(GRUNDY_WEB_DIST ${PROJECT_SOURCE_DIR}/web/dist)
  set(GRUNDY_WEB_STAMP ${PROJECT_SOURCE_DIR}/web/dist/index.html)
  add_custom_target(grundy_web)
  message(STATUS "grundy: embedding the committed playground page web/dist")
endif()
