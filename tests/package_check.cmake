# The Debian package and the completions: cmake -DBUILD_DIR=... -DCPACK=... -DDPKG_DEB=... -DLINTIAN=... -DSANITIZE=...
# -DZSH=... -DFISH=... -DOUT=... -P package_check.cmake. Prints "package_deb: skipped" (ctest then reports a skip) without dpkg-deb.
foreach(shell_and_file "ZSH;_gpucost" "FISH;gpucost.fish")
  list(GET shell_and_file 0 shell)
  list(GET shell_and_file 1 file)
  if(${shell})
    execute_process(COMMAND ${${shell}} -n "${BUILD_DIR}/${file}" RESULT_VARIABLE result ERROR_VARIABLE error)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "${${shell}} -n ${file} failed: ${error}")
    endif()
    message(STATUS "${file}: ${${shell}} -n passes")
  else()
    message(STATUS "${file}: not syntax-checked, ${shell} is not installed (sh scripts/install-deps.sh --shells)")
  endif()
endforeach()

if(NOT DPKG_DEB)
  message(STATUS "package_deb: skipped: dpkg-deb is not installed")
  return()
endif()
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND ${CPACK} -G DEB -B "${OUT}" WORKING_DIRECTORY "${BUILD_DIR}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cpack -G DEB failed (${result}):\n${output}")
endif()
file(GLOB packages "${OUT}/*.deb")
list(LENGTH packages count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "cpack made ${count} .deb files in ${OUT}, expected 1:\n${output}")
endif()

execute_process(COMMAND ${DPKG_DEB} --contents ${packages} OUTPUT_VARIABLE contents RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "dpkg-deb --contents failed on ${packages}")
endif()
foreach(path "./usr/bin/gpucost" "./usr/share/man/man1/gpucost.1.gz" "./usr/share/doc/gpucost/copyright"
        "./usr/share/doc/gpucost/changelog.gz" "./usr/share/bash-completion/completions/gpucost"
        "./usr/share/zsh/vendor-completions/_gpucost" "./usr/share/fish/vendor_completions.d/gpucost.fish")
  string(FIND "${contents}" " ${path}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the package lacks ${path}; it holds:\n${contents}")
  endif()
endforeach()

execute_process(COMMAND ${DPKG_DEB} --field ${packages} Package Depends OUTPUT_VARIABLE fields)
foreach(needed "Package: gpucost" "libfmt9" "libsimdjson14" "libxlsxwriter4" "libstdc\\+\\+6" "libc6")
  if(NOT fields MATCHES "${needed}")
    message(FATAL_ERROR "the package's control fields lack ${needed}:\n${fields}")
  endif()
endforeach()

# A sanitizer build's package is no release package (ASan and UBSan make the program tens of MB, stripped or not):
# its contents and Depends are checked above; its size and lintian only in a release build.
if(SANITIZE)
  file(REMOVE_RECURSE "${OUT}")
  message(STATUS "package_deb: ${packages} holds its files; size and lintian are checked in the build without "
                 "sanitizers")
  return()
endif()

# Stripped: the program without its debugging information is a few MB (unstripped it was over 100 MB).
execute_process(COMMAND ${DPKG_DEB} --field ${packages} Installed-Size OUTPUT_VARIABLE installed_kb
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT installed_kb MATCHES "^[0-9]+$" OR installed_kb GREATER 16384)
  message(FATAL_ERROR "the package installs ${installed_kb} KiB, over 16 MiB: is the program stripped?")
endif()

# Debian's own package checker: no error and no warning (skipped, with a message, where lintian is absent).
if(LINTIAN)
  execute_process(COMMAND ${LINTIAN} --fail-on error,warning --info ${packages} RESULT_VARIABLE result
                  OUTPUT_VARIABLE lintian_out ERROR_VARIABLE lintian_err)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "lintian finds problems in ${packages} (exit ${result}):\n${lintian_out}${lintian_err}")
  endif()
  message(STATUS "package_deb: lintian passes${lintian_out}")
else()
  message(STATUS "package_deb: lintian not run, it is not installed (sh scripts/install-deps.sh --lint)")
endif()
file(REMOVE_RECURSE "${OUT}")
message(STATUS "package_deb: ${packages} holds the program (stripped, ${installed_kb} KiB installed), its manual page, three completions, copyright and changelog; ${fields}")
