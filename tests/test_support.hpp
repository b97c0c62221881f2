// Helpers for tests that run the CLI in-process and compare what users see with golden files.
#pragma once

#include <string>
#include <vector>

#include "gpucost/cli.hpp"

namespace gpucost::test {

// What one in-process run of gpucost produced.
struct RunResult {
    int exit_code = 0;
    std::string out;
    std::string err;
};

// Runs gpucost with these arguments (no program name), capturing both streams. `terminal` says what stdout is
// taken for (default: not a terminal, as when piped).
RunResult run_gpucost(const std::vector<std::string>& args, const Terminal& terminal = {});

// Sets (or with nullptr unsets) an environment variable for one scope, and puts it back as it was.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value);
    ~ScopedEnv();
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    std::string m_name;
    bool m_was_set = false;
    std::string m_old;
};

// Path of a file under tests/ (the working directory of the test run).
std::string test_path(const std::string& relative);

// Reads a whole file; fails the test when it cannot.
std::string read_file(const std::string& path);

// Compares `actual` with tests/golden/<name>. With GPUCOST_UPDATE_GOLDEN=1 it rewrites the file instead.
// On a mismatch the failure shows the first differing line of each.
void check_golden(const std::string& name, const std::string& actual);

}  // namespace gpucost::test
