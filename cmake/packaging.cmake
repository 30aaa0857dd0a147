# Installing and packaging: `cmake --install` puts actlab and actlab-cli in bin/, the desktop entry,
# the AppStream metainfo and the icon (hicolor PNGs rendered at build time, and the SVG) in share/;
# `cpack -G DEB` (scripts/package.sh) makes the .deb, its Depends read from scripts/bootstrap.sh.
include(GNUInstallDirs)

# The id names the desktop entry and the metainfo file; main.cpp sets it as the desktop file name.
set(ACTLAB_APP_ID "io.github.actlab.ActLab")
set(ACTLAB_RELEASE_DATE "2026-12-01")       # the date of PROJECT_VERSION: update it with project()
set(ACTLAB_PROJECT_LICENSE "MIT")           # SPDX id for the metainfo; tentative, no LICENSE yet
set(ACTLAB_ICON_SIZES 16 32 48 64 128 256)  # hicolor PNG sizes, besides scalable/apps/actlab.svg

install(TARGETS actlab-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set(actlab_installed_targets actlab-cli)

if(ACTLAB_BUILD_GUI)
  install(TARGETS actlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

  # actlab-render-icon renders the SVG to PNGs while building; it runs here and is never installed,
  # so it carries no sanitizer (a leak report in Qt would fail the sanitizer builds).
  add_executable(actlab-render-icon ${PROJECT_SOURCE_DIR}/resources/icons/render_icon.cpp)
  target_link_libraries(actlab-render-icon PRIVATE Qt6::Svg Qt6::Gui)
  foreach(property COMPILE_OPTIONS LINK_OPTIONS)
    get_target_property(options actlab-render-icon ${property})
    if(options)
      list(FILTER options EXCLUDE REGEX "sanitize")
      set_target_properties(actlab-render-icon PROPERTIES ${property} "${options}")
    endif()
  endforeach()

  set(icon_svg ${PROJECT_SOURCE_DIR}/resources/icons/actlab.svg)
  set(icon_dir ${PROJECT_BINARY_DIR}/icons/hicolor)
  set(icon_pngs)
  foreach(size IN LISTS ACTLAB_ICON_SIZES)
    list(APPEND icon_pngs ${icon_dir}/${size}x${size}/apps/actlab.png)
    install(FILES ${icon_dir}/${size}x${size}/apps/actlab.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  endforeach()
  add_custom_command(OUTPUT ${icon_pngs}
                     COMMAND actlab-render-icon ${icon_svg} ${icon_dir} actlab ${ACTLAB_ICON_SIZES}
                     DEPENDS actlab-render-icon ${icon_svg}
                     COMMENT "Rendering the application icon to PNG"
                     VERBATIM)
  add_custom_target(actlab-icons ALL DEPENDS ${icon_pngs})
  install(FILES ${icon_svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

  install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/${ACTLAB_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  configure_file(${PROJECT_SOURCE_DIR}/resources/desktop/${ACTLAB_APP_ID}.metainfo.xml.in
                 ${PROJECT_BINARY_DIR}/${ACTLAB_APP_ID}.metainfo.xml @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${ACTLAB_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  list(APPEND actlab_installed_targets actlab actlab-icons)
endif()

# What `cmake --install` needs built, and nothing else (scripts/package.sh builds only this).
add_custom_target(actlab-installed DEPENDS ${actlab_installed_targets})

# The .deb's Depends: the run_packages array of scripts/bootstrap.sh, the one package list. At
# cpack time (the script below) dpkg-shlibdeps versions those the binaries link and adds the rest
# they link (libc6, libstdc++6, ...); it needs dpkg-dev and file.
file(READ ${PROJECT_SOURCE_DIR}/scripts/bootstrap.sh bootstrap_script)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/scripts/bootstrap.sh)
string(FIND "${bootstrap_script}" "\nrun_packages=(" start)
if(NOT start EQUAL -1)
  math(EXPR start "${start} + 15")
  string(SUBSTRING "${bootstrap_script}" ${start} -1 run_packages)
  string(REGEX REPLACE "#[^\n]*" "" run_packages "${run_packages}")  # comments may hold ( and )
endif()
if(start EQUAL -1 OR NOT run_packages MATCHES "^([^)]*)\\)")
  message(FATAL_ERROR "cmake/packaging.cmake: no run_packages=( ... ) array in "
                      "scripts/bootstrap.sh: the .deb's Depends come from it")
endif()
string(REGEX MATCHALL "[^ \t\n]+" run_packages "${CMAKE_MATCH_1}")
if(NOT run_packages)
  message(FATAL_ERROR "cmake/packaging.cmake: run_packages in scripts/bootstrap.sh is empty")
endif()
foreach(package IN LISTS run_packages)
  if(NOT package MATCHES "^[a-z0-9][a-z0-9+.-]+$")
    message(FATAL_ERROR "cmake/packaging.cmake: \"${package}\" in run_packages of "
                        "scripts/bootstrap.sh is not a Debian package name")
  endif()
endforeach()
list(JOIN run_packages ", " CPACK_DEBIAN_PACKAGE_DEPENDS)  # the script below adds the versions

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME actlab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "ActLab maintainers <actlab@example.org>")  # placeholder
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "explore activation functions and train small networks")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "ActLab shows neural-network activation functions (ReLU, GELU, SwiGLU, ...) with their "
    "derivatives, compares approximations, and trains small networks live on 2D data, on the "
    "CPU or on a Vulkan GPU. actlab is the desktop application, actlab-cli the same computations "
    "on the command line.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # actlab_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

# Run by cpack after staging, before packing: refuses a -march=native build (a package must run
# on any x86-64 machine), then sets the Depends from run_packages and dpkg-shlibdeps.
set(actlab_cpack_script ${PROJECT_BINARY_DIR}/cpack_prepare_deb.cmake)
file(CONFIGURE OUTPUT ${actlab_cpack_script} @ONLY CONTENT [==[
# Generated from cmake/packaging.cmake.
if("@ACTLAB_CPU_BASELINE@" STREQUAL "native")
  message(FATAL_ERROR "this build uses -march=native and would run only on CPUs like this one: "
                      "package a -DACTLAB_CPU_BASELINE=x86-64-v2 build (scripts/package.sh)")
endif()
# dpkg-shlibdeps wants a debian/control in its working directory, as in CPackDeb.cmake.
set(stage "${CPACK_TEMPORARY_DIRECTORY}")
file(GLOB binaries "${stage}@CPACK_PACKAGING_INSTALL_PREFIX@/@CMAKE_INSTALL_BINDIR@/*")
file(WRITE "${stage}/debian/control" "")
execute_process(COMMAND dpkg-shlibdeps -O ${binaries} WORKING_DIRECTORY "${stage}"
                OUTPUT_VARIABLE shlibs RESULT_VARIABLE result ERROR_VARIABLE error)
file(REMOVE_RECURSE "${stage}/debian")
if(NOT binaries OR NOT result EQUAL 0 OR NOT shlibs MATCHES "shlibs:Depends=([^\n]+)")
  message(FATAL_ERROR "dpkg-shlibdeps on '${binaries}' failed (needs dpkg-dev, file): ${error}")
endif()
string(REPLACE ", " ";" linked "${CMAKE_MATCH_1}")
set(depends)
foreach(package IN ITEMS @run_packages@)  # versioned where dpkg-shlibdeps gives a version
  set(entry "${package}")
  foreach(found IN LISTS linked)
    string(REGEX MATCH "^[^ ]+" name "${found}")
    if(name STREQUAL package)
      set(entry "${found}")
      list(REMOVE_ITEM linked "${found}")
    endif()
  endforeach()
  list(APPEND depends "${entry}")
endforeach()
list(APPEND depends ${linked})
list(JOIN depends ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
message(STATUS "Depends: ${CPACK_DEBIAN_PACKAGE_DEPENDS}")
]==])
set(CPACK_PRE_BUILD_SCRIPTS ${actlab_cpack_script})
include(CPack)
