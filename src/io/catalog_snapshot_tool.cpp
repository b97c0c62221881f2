// The build-time step of the embedded catalogue (issue 21): parses and validates a catalogue file as gpucost does
// (parse_embedded_catalog), and writes a C++ source that holds its model as a snapshot (catalog_snapshot.hpp), so
// the program loads its default catalogue without JSON. A catalogue gpucost rejects stops the build here, with the
// same messages.
// Usage: gpucost_catalog_snapshot CATALOG.json OUTPUT.cpp
#include <cstddef>
#include <exception>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <string>

#include <fmt/format.h>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/catalog_snapshot.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/util/files.hpp"

namespace {

// The source file: the snapshot's bytes as an array, 20 to a line.
std::string snapshot_source(const std::string& input, const std::string& bytes) {
    std::string out = fmt::format(
        "// Generated from {} by gpucost_catalog_snapshot (src/io/catalog_snapshot_tool.cpp): do not edit.\n"
        "#include \"gpucost/io/embedded_catalog.hpp\"\n\nnamespace gpucost {{\nnamespace {{\n"
        "constexpr unsigned char k_snapshot[] = {{\n",
        input);
    out.reserve(out.size() + bytes.size() * 5 + 200);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        fmt::format_to(std::back_inserter(out), "{},", static_cast<unsigned>(static_cast<unsigned char>(bytes[i])));
        if (i % 20 == 19) out += '\n';
    }
    out +=
        fmt::format("0}};\n}}  // namespace\n\nstd::string_view embedded_catalog_snapshot() noexcept {{\n"
                    "    return {{reinterpret_cast<const char*>(k_snapshot), {}}};\n}}\n\n}}  // namespace gpucost\n",
                    bytes.size());
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: gpucost_catalog_snapshot CATALOG.json OUTPUT.cpp\n";
        return 2;
    }
    try {
        const gpucost::Catalog catalog = gpucost::parse_embedded_catalog(gpucost::read_text_file(argv[1]));
        const std::string bytes = gpucost::write_catalog_snapshot(catalog);
        if (!(gpucost::read_catalog_snapshot(bytes) == catalog)) {
            std::cerr << "gpucost_catalog_snapshot: error: the snapshot does not read back as the catalogue it was "
                         "written from (src/io/catalog_snapshot.cpp's fields lack one)\n";
            return 1;
        }
        // The file's name only: the generated source is then the same in every checkout (ccache shares it).
        gpucost::write_output_file(argv[2], snapshot_source(std::filesystem::path(argv[1]).filename().string(), bytes));
    } catch (const std::exception& e) {
        std::cerr << "gpucost_catalog_snapshot: error: " << argv[1] << ": " << e.what() << '\n';
        return 1;
    }
    return 0;
}
