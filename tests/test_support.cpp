#include "test_support.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <poll.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/cli.hpp"
#include "gpucost/io/catalog_json.hpp"

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

RunResult run_ok(const std::vector<std::string>& args, const Terminal& terminal) {
    RunResult r = run_gpucost(args, terminal);
    std::string command = "gpucost";
    for (const std::string& a : args) command += " " + a;
    INFO(command << "\nstderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    return r;
}

std::string stdout_of(const std::vector<std::string>& args, const Terminal& terminal) {
    return run_ok(args, terminal).out;
}

namespace {

// Reads both pipes to their ends together, so a child that fills one while we wait on the other cannot stall.
void drain(int out_fd, int err_fd, std::string& out, std::string& err) {
    pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
    std::string* sinks[2] = {&out, &err};
    int open_count = out_fd < 0 ? 1 : 2;
    char buffer[65536];
    while (open_count > 0) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            FAIL("poll: " << std::strerror(errno));
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
            if (n > 0) {
                sinks[i]->append(buffer, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                close(fds[i].fd);
                fds[i].fd = -1;  // poll ignores negative descriptors
                --open_count;
            }
        }
    }
}

std::vector<char*> c_strings(const std::vector<std::string>& strings) {
    std::vector<char*> pointers;
    for (const std::string& s : strings) pointers.push_back(const_cast<char*>(s.c_str()));
    pointers.push_back(nullptr);
    return pointers;
}

}  // namespace

namespace {

// The descriptor the child's stdout becomes (-1: none, closed), and the parent's read end (-1: none).
struct StdoutEnds {
    int child = -1;
    int parent = -1;
};

StdoutEnds stdout_ends(const ChildStdout& to) {
    int ends[2] = {-1, -1};
    switch (to.kind) {
        case ChildStdout::Kind::pipe: REQUIRE(pipe2(ends, O_CLOEXEC) == 0); return {ends[1], ends[0]};
        case ChildStdout::Kind::broken_pipe:
            REQUIRE(pipe2(ends, O_CLOEXEC) == 0);
            close(ends[0]);  // before fork: no write into it can ever succeed
            return {ends[1], -1};
        case ChildStdout::Kind::file: {
            const int fd = open(to.path.c_str(), O_WRONLY | O_CLOEXEC);
            if (fd < 0) FAIL("cannot open " << to.path << ": " << std::strerror(errno));
            return {fd, -1};
        }
        case ChildStdout::Kind::closed: return {};
    }
    return {};
}

}  // namespace

RunResult run_program(const std::vector<std::string>& argv, const std::vector<std::string>& env, const std::string& cwd,
                      const ChildStdout& stdout_to) {
    REQUIRE(!argv.empty());
    // Everything the child needs is built before fork: after it, the child only calls async-signal-safe functions.
    std::vector<char*> child_argv = c_strings(argv);
    std::vector<char*> child_env = c_strings(env);
    const StdoutEnds out_ends = stdout_ends(stdout_to);
    const bool ignore_sigpipe = stdout_to.kind == ChildStdout::Kind::broken_pipe;
    int err_pipe[2];
    REQUIRE(pipe2(err_pipe, O_CLOEXEC) == 0);
    const pid_t pid = fork();
    if (pid == 0) {  // the child: no Catch2 macro here, whose report would go to the parent's streams
        const int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (null_fd < 0 || dup2(null_fd, STDIN_FILENO) < 0 || dup2(err_pipe[1], STDERR_FILENO) < 0) _exit(126);
        if (out_ends.child >= 0 ? dup2(out_ends.child, STDOUT_FILENO) < 0 : close(STDOUT_FILENO) != 0) _exit(126);
        if (ignore_sigpipe) {
            struct sigaction ignore {};
            ignore.sa_handler = SIG_IGN;
            if (sigaction(SIGPIPE, &ignore, nullptr) != 0) _exit(126);
        }
        if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
        execve(child_argv[0], child_argv.data(), child_env.data());
        _exit(127);  // as a shell says "command not found"
    }
    if (out_ends.child >= 0) close(out_ends.child);
    close(err_pipe[1]);
    if (pid < 0) {
        if (out_ends.parent >= 0) close(out_ends.parent);
        close(err_pipe[0]);
        FAIL("fork: " << std::strerror(errno));
    }
    RunResult r;
    drain(out_ends.parent, err_pipe[0], r.out, r.err);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) FAIL("waitpid: " << std::strerror(errno));
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (r.exit_code == 126 || r.exit_code == 127)
        FAIL("cannot run " << argv.front() << " (exit " << r.exit_code << ")");
    return r;
}

std::string gpucost_binary() { return GPUCOST_BINARY; }

std::vector<std::string> current_environment() {
    std::vector<std::string> env;
    for (char** entry = environ; *entry != nullptr; ++entry) env.emplace_back(*entry);
    return env;
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

Report mini_report(const std::string& build_id, double discount_rate) {
    static const Catalog catalog = load_catalog_file(test_path("data/mini_catalog.json"));
    ComparisonRequest request;
    request.build_id = build_id;
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::discount_rate, discount_rate);
    return build_report(catalog, request);
}

std::string json_body(const std::string& json_text) {
    const auto document = nlohmann::ordered_json::parse(json_text);  // in the order written: the body is last
    REQUIRE(document.is_object());
    REQUIRE(!document.empty());
    return document.back().dump();
}

std::string json_flattened(const std::string& json_text) {
    auto document = nlohmann::ordered_json::parse(json_text);
    REQUIRE(document.is_object());
    REQUIRE(!document.empty());
    const nlohmann::ordered_json body = document.back();
    document.erase(std::prev(document.end()).key());
    if (!body.is_object()) return document.dump();
    for (const auto& item : body.items()) document[item.key()] = item.value();  // the body's key wins
    return document.dump();
}

namespace {
std::string tsv_escaped(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
            case '\t': out += "\\t"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\\': out += "\\\\"; break;
            default: out += c;
        }
    }
    return out;
}
}  // namespace

std::string tsv_from_csv(std::string_view csv) {
    std::string out;
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (quoted) {
            if (c != '"')
                field += c;
            else if (i + 1 < csv.size() && csv[i + 1] == '"')
                field += csv[++i];
            else
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',' || c == '\n') {
            out += tsv_escaped(field) + (c == ',' ? '\t' : '\n');
            field.clear();
        } else {
            field += c;
        }
    }
    return out + tsv_escaped(field);
}

std::string catalog_problems(const std::string& text) {
    try {
        parse_catalog(text, "t.json");
        return "";
    } catch (const ValidationError& e) {
        std::string out;
        for (const Problem& p : e.problems()) out += p.path + ": " + p.message + "\n";
        return out;
    }
}

}  // namespace gpucost::test
