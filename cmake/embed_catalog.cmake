# Turns data/catalog.json into a C++ source holding its bytes, so the binary carries its catalogue.
# Its root "as_of" is extracted here too, so `gpucost --version` prints it without parsing the catalogue at start-up
# (the catalogue itself is validated by the tests, which load it; a catalogue whose as_of is not a date stops the build).
# Usage: cmake -DINPUT=data/catalog.json -DOUTPUT=embedded_catalog.cpp -P embed_catalog.cmake
file(READ "${INPUT}" text)
string(JSON as_of ERROR_VARIABLE as_of_error GET "${text}" as_of)
if(as_of_error OR NOT as_of MATCHES "^[0-9][0-9][0-9][0-9]-[0-9][0-9](-[0-9][0-9])?$")
  message(FATAL_ERROR "${INPUT}: no date YYYY-MM-DD or YYYY-MM at /as_of (${as_of_error}${as_of})")
endif()
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR byte_count "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT} by cmake/embed_catalog.cmake: do not edit.\n"
  "#include \"gpucost/io/embedded_catalog.hpp\"\n\n"
  "namespace gpucost {\nnamespace {\nconstexpr unsigned char k_bytes[] = {\n${bytes}\n0};\n}  // namespace\n\n"
  "std::string_view embedded_catalog_json() noexcept { return {reinterpret_cast<const char*>(k_bytes), ${byte_count}}; }\n\n"
  "std::string_view embedded_catalog_as_of() noexcept { return \"${as_of}\"; }\n\n"
  "}  // namespace gpucost\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
