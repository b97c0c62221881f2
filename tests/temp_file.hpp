// A file with given text in a fresh temporary folder of its own (mkdtemp, so two runs of the suite never share it),
// removed with its folder at the end of the test. Header-only: included by the few tests that write input files.
#pragma once

#include <filesystem>
#include <fstream>
#include <stdlib.h>
#include <string>
#include <system_error>

#include <catch2/catch.hpp>

namespace gpucost::test {

struct TempFile {
    std::filesystem::path path;

    // `name`: the file's name inside the folder (what an error message about it shows after the folder).
    TempFile(const std::string& text, const std::string& name) {
        std::string pattern = (std::filesystem::temp_directory_path() / "gpucost-test-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        path = std::filesystem::path(pattern) / name;
        std::ofstream(path, std::ios::binary) << text;
    }
    ~TempFile() {
        std::error_code ec;
        std::filesystem::remove_all(path.parent_path(), ec);
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
};

}  // namespace gpucost::test
