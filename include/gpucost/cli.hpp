// The command line: parses arguments, runs a command, writes results to `out` and diagnostics to `err`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace gpucost {

// What the process knows about where its output goes; main() asks the system, tests choose.
struct Terminal {
    bool stdout_is_terminal = false;  // colour and emphasis are shown only then (and never with NO_COLOR set)
    int columns = 0;                  // the terminal's width (ioctl TIOCGWINSZ); 0 when unknown or not a terminal
};

// The message of a failed allocation outside a file's reading (exit 5), without the "gpucost: error: " prefix.
inline constexpr const char* k_out_of_memory_message =
    "out of memory: the request needs more memory than this process may use; allow gpucost more (ulimit -v, a "
    "container's limit) or ask for less (fewer offers, builds, grid points or draws)";

// Runs gpucost as the executable would and returns its exit code (see ExitCode). Never throws.
// Nothing is written to `out` unless the command succeeds.
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err, const Terminal& terminal = {});

// The same, from a list of arguments without the program name (for tests).
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, const Terminal& terminal = {});

}  // namespace gpucost
