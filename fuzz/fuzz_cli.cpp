// libFuzzer harness: the command line. The input is split into arguments at newlines and run in-process
// through gpucost::run. Contract under test: the exit code is a documented one (never 70, "a bug"), a failing
// run writes nothing to stdout and says why on stderr, and nothing crashes.
//
// Sandbox: arguments that could reach the file system are rejected (any '/' or '\', a name that exists in the
// working directory, the flags that name files to read or write, and `catalog import`), so a fuzzing run never
// reads or overwrites a file; `catalog validate NAME` only ever meets a missing file. The catalogue is the
// embedded one. scripts/fuzz.sh also runs each harness in an empty directory.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "fuzz_support.hpp"
#include "gpucost/cli.hpp"
#include "gpucost/util/error.hpp"

namespace {

constexpr std::size_t k_max_args = 64;

// Words in flags and commands that name files; an argument containing one is not run.
constexpr std::array<std::string_view, 4> k_file_words = {"-catalog", "output", "scenario", "import"};

bool allowed(const std::string& arg) {
    if (arg.find_first_of(std::string_view("/\\\0", 3)) != std::string::npos) return false;
    for (std::string_view word : k_file_words)
        if (arg.find(word) != std::string::npos) return false;
    if (arg.size() >= 2 && arg[0] == '-' && arg[1] == 'o') return false;  // a short output flag, -oFILE
    std::error_code ec;
    return arg.empty() || !std::filesystem::exists(arg, ec);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // Pin "today" so catalogue-age warnings do not depend on the day the fuzzer runs.
    setenv("GPUCOST_TODAY", "2026-11-30", 1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> args;
    std::size_t start = 0;
    while (start <= text.size() && args.size() <= k_max_args) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        args.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    if (args.size() > k_max_args) return -1;
    for (const std::string& arg : args)
        if (!allowed(arg)) return -1;

    std::ostringstream out;
    std::ostringstream err;
    const int code = gpucost::run(args, out, err);
    switch (static_cast<gpucost::ExitCode>(code)) {
        case gpucost::ExitCode::success:
        case gpucost::ExitCode::gate_failed:
        case gpucost::ExitCode::usage:
        case gpucost::ExitCode::data:
        case gpucost::ExitCode::output: break;
        case gpucost::ExitCode::internal:
        default: gpucost::fuzz::fail("exit code " + std::to_string(code) + ": " + err.str());
    }
    if (code != 0 && code != 1) {
        if (!out.str().empty()) gpucost::fuzz::fail("a failing run wrote to stdout: " + out.str());
        if (err.str().empty()) gpucost::fuzz::fail("a failing run said nothing on stderr");
    }
    return 0;
}
