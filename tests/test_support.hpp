// Helpers for tests that run the CLI in-process and compare what users see with golden files.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gpucost/cli.hpp"
#include "gpucost/report/report.hpp"

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

// run_gpucost that requires exit 0 (else the test stops there, the command and its stderr shown).
RunResult run_ok(const std::vector<std::string>& args, const Terminal& terminal = {});

// What run_ok's run wrote to stdout.
std::string stdout_of(const std::vector<std::string>& args, const Terminal& terminal = {});

// What a child's stdout is: a pipe read into RunResult::out (the default), closed, a file opened for writing
// (`path`, e.g. /dev/full), or a pipe nobody reads (its read end closed before the child starts) with SIGPIPE
// ignored in the child, so that a write fails with EPIPE.
struct ChildStdout {
    enum class Kind { pipe, closed, file, broken_pipe };
    Kind kind = Kind::pipe;
    std::string path;
};

// Runs `argv` (argv[0] a path, not looked up in PATH) as a child process with exactly `env` as its environment
// ("NAME=value" strings) and `cwd` as its working directory (empty: this one), stdin empty; captures stderr, and
// stdout unless `stdout_to` says otherwise. The exit code is the program's, or 128 + the signal that ended it.
// Fails the test when it cannot start.
RunResult run_program(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                      const std::string& cwd = "", const ChildStdout& stdout_to = {});

// The path of the gpucost program this build made (for the few tests that need a real process).
std::string gpucost_binary();

// This process's environment as "NAME=value" strings, in the order the system keeps it.
std::vector<std::string> current_environment();

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

// The body of a JSON output (its last member, after the envelope of docs/output.md), as JSON text to parse.
std::string json_body(const std::string& json_text);

// A JSON output with its body's members lifted beside the envelope's (the body's winning a shared key), as JSON
// text: for tests that read the figures of one command, not the envelope's shape (test_report_pipeline.cpp does).
std::string json_flattened(const std::string& json_text);

// The TSV of a CSV text (RFC 4180, a header and rows ending in "\n"): quotes undone, a tab, line break, carriage
// return or backslash inside a field written \t, \n, \r, \\. The oracle the TSV writer is held to: every model's
// TSV is its CSV with tabs.
std::string tsv_from_csv(std::string_view csv);

// Compares `actual` with tests/golden/<name>. With GPUCOST_UPDATE_GOLDEN=1 it rewrites the file instead.
// On a mismatch the failure shows the first differing line of each.
void check_golden(const std::string& name, const std::string& actual);

// The problems a catalogue text is refused with, "path: message" a line each, or "" when it loads.
std::string catalog_problems(const std::string& text);

// The comparison report of one build of tests/data/mini_catalog.json (read once) at a discount rate, every other
// assumption the fixture's: what the cash-flow tests of the engine and of the renderers start from.
Report mini_report(const std::string& build_id, double discount_rate);

}  // namespace gpucost::test
