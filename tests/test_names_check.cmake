# Every Catch test name must survive catch_discover_tests: ctest splits a name at ';', and the half-name it then
# registers matches no test, so the case "passes" without running. Fails naming each such test.
# (Catch 2's exit status here is the number of tests listed, so only an empty listing is an error.)
execute_process(COMMAND ${TESTS} --list-test-names-only OUTPUT_VARIABLE names)
if(names STREQUAL "")
  message(FATAL_ERROR "${TESTS} --list-test-names-only listed nothing")
endif()
string(FIND "${names}" ";" at)
if(NOT at EQUAL -1)
  string(REPLACE ";" "<SEMICOLON>" shown "${names}")
  string(REGEX MATCHALL "[^\n]*<SEMICOLON>[^\n]*" bad "${shown}")
  message(FATAL_ERROR "test names with ';' never run under ctest (use ','): ${bad}")
endif()
