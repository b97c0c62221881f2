// The one exception family gpucost throws, each kind carrying its documented exit code.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace gpucost {

// Exit codes: the contract with scripts and CI jobs (documented in the README and --help).
enum class ExitCode : int {
    success = 0,
    gate_failed = 1,    // `gpucost check`: a budget gate failed
    usage = 2,          // unknown flag, bad value, value out of range
    data = 3,           // catalogue or scenario unreadable or invalid, unknown id, no matching offer
    output = 4,         // the report could not be written to --output
    out_of_memory = 5,  // a memory allocation failed: the request, or a limit such as `ulimit -v`, is too large
    internal = 70,      // a bug in gpucost (EX_SOFTWARE)
};

// Base of every error gpucost reports to its user; what() is the whole one-line message.
class Error : public std::runtime_error {
public:
    Error(ExitCode code, const std::string& message)
        : std::runtime_error(message),
          m_code(code) {}
    ExitCode code() const noexcept { return m_code; }

private:
    ExitCode m_code;
};

// A bad command line: exit code 2.
class UsageError : public Error {
public:
    explicit UsageError(const std::string& message)
        : Error(ExitCode::usage, message) {}
};

// Bad or missing data: exit code 3.
class DataError : public Error {
public:
    explicit DataError(const std::string& message)
        : Error(ExitCode::data, message) {}
};

// Writing the report failed: exit code 4.
class OutputError : public Error {
public:
    explicit OutputError(const std::string& message)
        : Error(ExitCode::output, message) {}
};

// Memory ran out (std::bad_alloc, or a library's allocation error): exit code 5. Not a bug and not bad data:
// the same run succeeds with more memory or a smaller request.
class OutOfMemoryError : public Error {
public:
    explicit OutOfMemoryError(const std::string& message)
        : Error(ExitCode::out_of_memory, message) {}
};

// One problem found in an input file, at a JSON Pointer path ("/gpus/3/tdp_w").
struct Problem {
    std::string path;
    std::string message;

    bool operator==(const Problem&) const = default;
};

// Every problem found in one file, reported together: exit code 3. what() holds them all, one per line,
// as "file: /json/path: message". Warnings found on the way (unknown keys) travel with them.
class ValidationError : public DataError {
public:
    ValidationError(const std::string& file, std::vector<Problem> problems, std::vector<Problem> warnings = {});
    const std::string& file() const noexcept { return m_file; }
    const std::vector<Problem>& problems() const noexcept { return m_problems; }
    const std::vector<Problem>& warnings() const noexcept { return m_warnings; }

private:
    std::string m_file;
    std::vector<Problem> m_problems;
    std::vector<Problem> m_warnings;
};

}  // namespace gpucost
