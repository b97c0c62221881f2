// Temporary files and folders for tests, each in a fresh folder of its own (mkdtemp), so two checkouts or two runs
// of the suite at once never share a path; removed with their folder at the end of the test. Header-only: included
// by the tests that write files.
#pragma once

#include <filesystem>
#include <fstream>
#include <stdlib.h>
#include <string>
#include <system_error>

#include <catch2/catch.hpp>

namespace gpucost::test {

// A fresh, empty folder "gpucost-test-<name>-XXXXXX" under the system's temporary folder.
struct TempDir {
    std::filesystem::path path;

    explicit TempDir(const std::string& name) {
        std::string pattern = (std::filesystem::temp_directory_path() / ("gpucost-test-" + name + "-XXXXXX")).string();
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

// A file with given text in a TempDir of its own.
struct TempFile {
    TempDir folder{"file"};
    std::filesystem::path path;

    // `name`: the file's name inside the folder (what an error message about it shows after the folder).
    TempFile(const std::string& text, const std::string& name)
        : path(folder.path / name) {
        std::ofstream(path, std::ios::binary) << text;
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
};

}  // namespace gpucost::test
