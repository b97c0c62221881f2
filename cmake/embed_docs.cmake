# Turns each command's manual, src/cli/command_<name>.md, into bytes of a C++ source, so `--help` and
# `gpucost manpage` show the file beside the command and there is no second copy to keep in step.
# Usage: cmake -DDIR=src/cli -DNAMES=compare,check -DOUTPUT=command_docs_embedded.cpp -P embed_docs.cmake
string(REPLACE "," ";" names "${NAMES}")
set(arrays "")
set(cases "")
foreach(name IN LISTS names)
  set(input "${DIR}/command_${name}.md")
  if(NOT EXISTS "${input}")
    message(FATAL_ERROR "${input}: missing; every command listed in src/CMakeLists.txt has its manual beside it")
  endif()
  file(READ "${input}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR byte_count "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REPEAT "0x..," 16 sixteen)
  string(REGEX REPLACE "(${sixteen})" "\\1\n" bytes "${bytes}")
  string(MAKE_C_IDENTIFIER "${name}" id)
  string(APPEND arrays "constexpr unsigned char k_${id}[] = {\n${bytes}\n0};\n")
  string(APPEND cases "    if (name == \"${name}\") return {reinterpret_cast<const char*>(k_${id}), ${byte_count}};\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from src/cli/command_*.md by cmake/embed_docs.cmake: do not edit.\n"
  "#include \"command_docs.hpp\"\n\n"
  "namespace gpucost::cli {\nnamespace {\n${arrays}}  // namespace\n\n"
  "std::string_view command_markdown(std::string_view name) noexcept {\n${cases}    return {};\n}\n\n"
  "}  // namespace gpucost::cli\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
