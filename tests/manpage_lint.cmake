# groff checks the generated manual page with every warning on: cmake -DGROFF=... -DMANPAGE=... -P manpage_lint.cmake
execute_process(COMMAND "${GROFF}" -man -ww -z -t "${MANPAGE}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0 OR NOT output STREQUAL "")
  message(FATAL_ERROR "groff finds problems in ${MANPAGE} (exit ${result}):\n${output}")
endif()
