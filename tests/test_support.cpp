#include "test_support.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "gpucost/cli.hpp"

namespace gpucost::test {

RunResult run_gpucost(const std::vector<std::string>& args, const Terminal& terminal) {
    std::ostringstream out;
    std::ostringstream err;
    RunResult r;
    r.exit_code = gpucost::run(args, out, err, terminal);
    r.out = out.str();
    r.err = err.str();
    return r;
}

ScopedEnv::ScopedEnv(const char* name, const char* value)
    : m_name(name) {
    if (const char* old = std::getenv(name)) {
        m_was_set = true;
        m_old = old;
    }
    if (value != nullptr)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

ScopedEnv::~ScopedEnv() {
    if (m_was_set)
        setenv(m_name.c_str(), m_old.c_str(), 1);
    else
        unsetenv(m_name.c_str());
}

std::string test_path(const std::string& relative) { return std::string(GPUCOST_TESTS_DIR) + "/" + relative; }

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) FAIL("cannot read " << path);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

namespace {

std::string first_difference(const std::string& expected, const std::string& actual) {
    std::istringstream e(expected);
    std::istringstream a(actual);
    std::string le;
    std::string la;
    for (int line = 1;; ++line) {
        const bool more_e = static_cast<bool>(std::getline(e, le));
        const bool more_a = static_cast<bool>(std::getline(a, la));
        if (!more_e && !more_a) return "(no line differs; check trailing newlines)";
        if (!more_e || !more_a || le != la)
            return "line " + std::to_string(line) + ":\n  golden: " + (more_e ? le : "<end of file>") +
                   "\n  actual: " + (more_a ? la : "<end of output>");
    }
}

}  // namespace

void check_golden(const std::string& name, const std::string& actual) {
    const std::string path = test_path("golden/" + name);
    const char* update = std::getenv("GPUCOST_UPDATE_GOLDEN");
    if (update != nullptr && std::string(update) == "1") {
        std::ofstream(path, std::ios::binary) << actual;
        WARN("updated " << path);
        return;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) FAIL("missing golden file " << path << "; run the tests with GPUCOST_UPDATE_GOLDEN=1 to create it");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string expected = buffer.str();
    INFO("golden file " << path << " differs at " << first_difference(expected, actual)
                        << "\n(if the change is intended: GPUCOST_UPDATE_GOLDEN=1 ctest, then review git diff)");
    CHECK(expected == actual);
}

}  // namespace gpucost::test
