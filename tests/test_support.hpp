// Helpers for tests that run the CLI in-process and compare what users see with golden files.
#pragma once

#include <string>
#include <vector>

namespace gpucost::test {

// What one in-process run of gpucost produced.
struct RunResult {
    int exit_code = 0;
    std::string out;
    std::string err;
};

// Runs gpucost with these arguments (no program name), capturing both streams.
RunResult run_gpucost(const std::vector<std::string>& args);

// Path of a file under tests/ (the working directory of the test run).
std::string test_path(const std::string& relative);

// Reads a whole file; fails the test when it cannot.
std::string read_file(const std::string& path);

// Compares `actual` with tests/golden/<name>. With GPUCOST_UPDATE_GOLDEN=1 it rewrites the file instead.
// On a mismatch the failure shows the first differing line of each.
void check_golden(const std::string& name, const std::string& actual);

}  // namespace gpucost::test
