# Installs the build into PREFIX and checks what a user gets: cmake -DBUILD_DIR=... -DPREFIX=... -P install_check.cmake
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${result}):\n${output}")
endif()

include(GNUInstallDirs)
set(expected
    "${CMAKE_INSTALL_BINDIR}/gpucost"
    "${CMAKE_INSTALL_MANDIR}/man1/gpucost.1.gz"
    "${CMAKE_INSTALL_DATAROOTDIR}/doc/gpucost/copyright"
    "${CMAKE_INSTALL_DATAROOTDIR}/doc/gpucost/changelog.gz"
    "${CMAKE_INSTALL_DATADIR}/bash-completion/completions/gpucost"
    "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions/_gpucost"
    "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d/gpucost.fish")
foreach(path IN LISTS expected)
  if(NOT EXISTS "${PREFIX}/${path}")
    message(FATAL_ERROR "cmake --install did not install ${path} under ${PREFIX}")
  endif()
endforeach()

# The installed page is the generated one, gzipped (Debian policy): unpack it and look for its header.
execute_process(COMMAND gzip -dc "${PREFIX}/${CMAKE_INSTALL_MANDIR}/man1/gpucost.1.gz" RESULT_VARIABLE result
                OUTPUT_VARIABLE manual)
if(NOT result EQUAL 0 OR NOT manual MATCHES "\n\\.TH GPUCOST 1 ")
  message(FATAL_ERROR "the installed gpucost.1.gz does not unpack to a page with a .TH header (gzip: ${result})")
endif()
file(READ "${PREFIX}/${CMAKE_INSTALL_DATADIR}/bash-completion/completions/gpucost" completion)
if(NOT completion MATCHES "complete -F _gpucost gpucost")
  message(FATAL_ERROR "the installed bash completion does not register _gpucost")
endif()

execute_process(COMMAND "${PREFIX}/${CMAKE_INSTALL_BINDIR}/gpucost" --version
                RESULT_VARIABLE result OUTPUT_VARIABLE version)
if(NOT result EQUAL 0 OR NOT version MATCHES "^gpucost [0-9]+\\.[0-9]+\\.[0-9]+ \\(embedded catalogue as of ")
  message(FATAL_ERROR "the installed gpucost --version failed (${result}): ${version}")
endif()
file(REMOVE_RECURSE "${PREFIX}")
message(STATUS "installed and ran: ${expected}")
