// Output integrity (issue 10): a lost stdout is exit 4 with a message, and --output never replaces what is not a
// regular file, follows links, keeps modes and owners, refuses what a shell's `>` would, and leaves no temporary.
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <streambuf>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "gpucost/util/files.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::ChildStdout;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;

namespace fs = std::filesystem;

namespace {

const std::string k_mini = "data/mini_catalog.json";
const std::string k_stdout_full = "gpucost: error: stdout: cannot write: no space left on device\n";

// A stream buffer whose every write fails, as a full disk's would; it sets errno as the failed write(2) would.
class FailingBuffer : public std::streambuf {
public:
    explicit FailingBuffer(int error)
        : m_error(error) {}

protected:
    int overflow(int) override {
        errno = m_error;
        return traits_type::eof();
    }
    std::streamsize xsputn(const char*, std::streamsize) override {
        errno = m_error;
        return 0;
    }

private:
    int m_error;
};

gpucost::test::RunResult run_failing(const std::vector<std::string>& args, int error) {
    FailingBuffer buffer(error);
    std::ostream out(&buffer);
    std::ostringstream err;
    gpucost::test::RunResult r;
    r.exit_code = gpucost::run(args, out, err, {});
    r.err = err.str();
    return r;
}

std::vector<std::string> pinned_environment() {
    std::vector<std::string> env;
    for (std::string& entry : gpucost::test::current_environment())
        if (entry.rfind("GPUCOST_TODAY=", 0) != 0) env.push_back(std::move(entry));
    env.emplace_back("GPUCOST_TODAY=2026-11-30");
    return env;
}

// The real program in tests/ (where data/mini_catalog.json is), its stdout as `to` says.
gpucost::test::RunResult run_real(std::vector<std::string> args, const ChildStdout& to = {}) {
    args.insert(args.begin(), gpucost::test::gpucost_binary());
    return gpucost::test::run_program(args, pinned_environment(), gpucost::test::test_path(""), to);
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

struct stat stat_of(const fs::path& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st;
}

}  // namespace

TEST_CASE("stdout: a failed write is exit 4 with the reason in-process for a report and for --help") {
    auto r = run_failing({"compare", "--catalog", k_mini}, ENOSPC);
    CHECK(r.exit_code == 4);
    CHECK(r.err == k_stdout_full);
    r = run_failing({"--help"}, ENOSPC);
    CHECK(r.exit_code == 4);
    CHECK(r.err == k_stdout_full);
    // A stream that fails without an errno still fails loudly.
    r = run_failing({"cashflow", "--catalog", k_mini, "--build", "box-a4", "--format", "csv"}, 0);
    CHECK(r.exit_code == 4);
    CHECK(r.err == "gpucost: error: stdout: cannot write: input/output error\n");
}

TEST_CASE("stdout: the streamed cash-flow JSON stops at the first failed piece with exit 4") {
    // Issue 10: cashflow --format json is written as it is made; a failed write is still exit 4, said once.
    const auto r = run_failing({"cashflow", "--catalog", k_mini, "--format", "json", "--months", "600"}, ENOSPC);
    CHECK(r.exit_code == 4);
    CHECK(r.err == k_stdout_full);
}

TEST_CASE("output file: the streamed cash-flow JSON in --output is what stdout gets") {
    const gpucost::test::TempDir folder("stream");
    const fs::path& dir = folder.path;
    const std::string path = (dir / "cashflow.json").string();
    const std::vector<std::string> args = {"cashflow", "--catalog", gpucost::test::test_path(k_mini), "--format",
                                           "json"};
    const auto to_stdout = run_gpucost(args);
    REQUIRE(to_stdout.exit_code == 0);
    auto with_output = args;
    with_output.insert(with_output.end(), {"--output", path});
    REQUIRE(run_gpucost(with_output).exit_code == 0);
    CHECK(gpucost::test::read_file(path) == to_stdout.out);
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);  // no temporary left
    fs::remove_all(dir);
}

TEST_CASE("stdout: checks lost report is exit 4 not its gates 1") {
    const std::vector<std::string> args = {
        "check", "--catalog", k_mini, "--build", "box-a4", "--quiet", "--max-payback-months", "12"};
    REQUIRE(run_gpucost(args).exit_code == 1);  // the gate fails
    const auto r = run_failing(args, ENOSPC);
    CHECK(r.exit_code == 4);
    CHECK(r.err == k_stdout_full);  // the report is written before the gates speak
}

TEST_CASE("stdout: the real program on /dev/full a closed stdout and a broken pipe exits 4 with the reason") {
    auto r = run_real({"compare", "--catalog", k_mini}, {ChildStdout::Kind::file, "/dev/full"});
    CHECK(r.exit_code == 4);
    CHECK(r.err == k_stdout_full);
    r = run_real({"--version"}, {ChildStdout::Kind::file, "/dev/full"});
    CHECK(r.exit_code == 4);
    CHECK(r.err == k_stdout_full);
    r = run_real({"compare"}, {ChildStdout::Kind::closed, ""});  // the embedded catalogue: no file takes fd 1
    CHECK(r.exit_code == 4);
    CHECK(r.err == "gpucost: error: stdout: cannot write: bad file descriptor\n");
    r = run_real({"compare", "--catalog", k_mini}, {ChildStdout::Kind::broken_pipe, ""});
    CHECK(r.exit_code == 4);
    CHECK(r.err == "gpucost: error: stdout: cannot write: broken pipe\n");
    const std::vector<std::string> gate = {
        "check", "--catalog", k_mini, "--build", "box-a4", "--quiet", "--max-payback-months", "12"};
    CHECK(run_real(gate).exit_code == 1);
    r = run_real(gate, {ChildStdout::Kind::file, "/dev/full"});
    CHECK(r.exit_code == 4);
    CHECK(r.err == k_stdout_full);  // the report is written before the gates speak
}

TEST_CASE("output file: - is stdout and an empty name: a usage error in one line") {
    const std::vector<std::string> args = {"compare", "--catalog", k_mini, "--format", "csv"};
    auto with = args;
    with.insert(with.end(), {"--output", "-"});
    const auto dash = run_gpucost(with);
    CHECK(dash.exit_code == 0);
    CHECK(dash.out == run_gpucost(args).out);
    CHECK(!fs::exists("-"));
    with.back() = "";
    const auto empty = run_gpucost(with);
    CHECK(empty.exit_code == 2);
    CHECK(empty.out.empty());
    CHECK(empty.err ==
          "gpucost: error: --output: must name a file, or - for stdout; got an empty name; see 'gpucost --help'\n");
}

TEST_CASE("output file: a FIFO is written into never replaced and its reader gets the whole result") {
    const gpucost::test::TempDir folder("fifo");
    const fs::path& dir = folder.path;
    const fs::path fifo = dir / "pipe";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string received;
    std::thread reader([&] { received = read_file(fifo.string()); });
    const auto r = run_gpucost({"compare", "--catalog", k_mini, "--format", "csv", "--output", fifo.string()});
    if (r.exit_code != 0) ::close(::open(fifo.c_str(), O_WRONLY));  // release the reader, so a failure cannot hang
    reader.join();
    CHECK(r.exit_code == 0);
    CHECK(received == run_gpucost({"compare", "--catalog", k_mini, "--format", "csv"}).out);
    CHECK(S_ISFIFO(stat_of(fifo).st_mode));
    CHECK(entries(dir) == 1);
}

TEST_CASE("output file: a character device is written into and stays a device: /dev/full fails /dev/null takes it") {
    auto r = run_gpucost({"compare", "--catalog", k_mini, "--output", "/dev/full"});
    CHECK(r.exit_code == 4);
    CHECK(r.err == "gpucost: error: --output \"/dev/full\": cannot write: no space left on device\n");
    CHECK(S_ISCHR(stat_of("/dev/full").st_mode));
    // Only after the /dev/full case proved that devices are written into, never replaced.
    REQUIRE(S_ISCHR(stat_of("/dev/null").st_mode));
    r = run_gpucost({"compare", "--catalog", k_mini, "--output", "/dev/null"});
    CHECK(r.exit_code == 0);
    CHECK(S_ISCHR(stat_of("/dev/null").st_mode));
    CHECK((stat_of("/dev/null").st_mode & 0777) == 0666);
}

TEST_CASE(
    "output file: a symbolic link is followed and the file it names is replaced in its own folder the link stays") {
    const gpucost::test::TempDir folder("link");
    const fs::path& dir = folder.path;
    fs::create_directories(dir / "real");
    fs::create_directories(dir / "links");
    write(dir / "real" / "report.csv", "old\n");
    fs::create_symlink("../real/report.csv", dir / "links" / "report.csv");
    const auto r = run_gpucost(
        {"compare", "--catalog", k_mini, "--format", "csv", "--output", (dir / "links/report.csv").string()});
    CHECK(r.exit_code == 0);
    CHECK(fs::is_symlink(dir / "links" / "report.csv"));
    CHECK(read_file((dir / "real" / "report.csv").string()) ==
          run_gpucost({"compare", "--catalog", k_mini, "--format", "csv"}).out);
    CHECK(entries(dir / "real") == 1);
    CHECK(entries(dir / "links") == 1);
    // A dangling link: the file it names is created.
    fs::create_symlink("../real/new.csv", dir / "links" / "new.csv");
    CHECK(run_gpucost({"compare", "--catalog", k_mini, "--output", (dir / "links/new.csv").string()}).exit_code == 0);
    CHECK(fs::is_regular_file(dir / "real" / "new.csv"));
    CHECK(fs::is_symlink(dir / "links" / "new.csv"));
}

TEST_CASE("output file: the replaced file keeps its mode without setuid or setgid and its owner where permitted") {
    const gpucost::test::TempDir folder("mode");
    const fs::path& dir = folder.path;
    const fs::path file = dir / "report.txt";
    write(file, "old\n");
    REQUIRE(::chmod(file.c_str(), 0640) == 0);
    CHECK(run_gpucost({"compare", "--catalog", k_mini, "--output", file.string()}).exit_code == 0);
    CHECK((stat_of(file).st_mode & 07777) == 0640);
    REQUIRE(::chmod(file.c_str(), 06755) == 0);
    CHECK(run_gpucost({"compare", "--catalog", k_mini, "--output", file.string()}).exit_code == 0);
    CHECK((stat_of(file).st_mode & 07777) == 0755);
    if (::geteuid() == 0) {  // only root can give a file away
        REQUIRE(::chown(file.c_str(), 65534, 65534) == 0);
        CHECK(run_gpucost({"compare", "--catalog", k_mini, "--output", file.string()}).exit_code == 0);
        CHECK(stat_of(file).st_uid == 65534);
        CHECK(stat_of(file).st_gid == 65534);
    }
    CHECK(entries(dir) == 1);
}

TEST_CASE("output file: a 250-character file name works and leaves no temporary") {
    const gpucost::test::TempDir folder("long-name");
    const fs::path& dir = folder.path;
    const fs::path file = dir / (std::string(246, 'r') + ".csv");
    const auto r = run_gpucost({"compare", "--catalog", k_mini, "--format", "csv", "--output", file.string()});
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(fs::file_size(file) > 0);
    CHECK(entries(dir) == 1);
}

namespace {

// The real program run as nobody (65534) from a hard link in `dir`, as test_bad_input's permission cases do;
// another user than root runs it directly.
gpucost::test::RunResult run_as_nobody(const fs::path& dir, const std::vector<std::string>& args) {
    const fs::path program = dir / "gpucost";
    std::error_code linked;
    fs::create_hard_link(gpucost::test::gpucost_binary(), program, linked);
    if (linked) fs::copy_file(gpucost::test::gpucost_binary(), program);
    std::vector<std::string> argv = {program.string()};
    if (::geteuid() == 0) {
        const std::string setpriv = fs::exists("/usr/bin/setpriv") ? "/usr/bin/setpriv" : "/bin/setpriv";
        if (!fs::exists(setpriv)) FAIL("running as root needs setpriv (Debian's util-linux) to drop privileges");
        argv = {setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", program.string()};
    }
    argv.insert(argv.end(), args.begin(), args.end());
    return gpucost::test::run_program(argv, pinned_environment(), dir.string());
}

}  // namespace

TEST_CASE("output file: a file without write permission is not overwritten (exit 4) as a shells > refuses it") {
    const gpucost::test::TempDir folder("read-only");
    const fs::path& dir = folder.path;
    REQUIRE(::chmod(dir.c_str(), 01777) == 0);  // anyone may make files here: only the file's mode refuses
    const fs::path file = dir / "report.txt";
    write(file, "keep me\n");
    REQUIRE(::chmod(file.c_str(), 0444) == 0);
    if (::geteuid() == 0) REQUIRE(::chown(file.c_str(), 65534, 65534) == 0);
    const auto r = run_as_nobody(dir, {"compare", "--output", file.string()});
    CHECK(r.exit_code == 4);
    CHECK(r.err == "gpucost: error: --output \"" + file.string() +
                       "\": cannot write: permission denied; the file was not changed\n");
    CHECK(read_file(file.string()) == "keep me\n");
    CHECK(entries(dir) == 2);  // the file and the program's link
}

TEST_CASE("output file: a folder that takes no temporary file: the writable file is written in place with a warning") {
    const gpucost::test::TempDir folder("locked-folder");
    const fs::path& dir = folder.path;
    const fs::path file = dir / "report.txt";
    write(file, "old\n");
    REQUIRE(::chmod(file.c_str(), 0666) == 0);
    REQUIRE(::chmod(dir.c_str(), 0755) == 0);  // nobody may not create files here
    if (::geteuid() != 0 && ::access(dir.c_str(), W_OK) == 0) {
        // A normal user owns the folder: take its write permission away instead.
        REQUIRE(::chmod(dir.c_str(), 0555) == 0);
    }
    const auto r = run_as_nobody(dir, {"compare", "--format", "csv", "--output", file.string()});
    ::chmod(dir.c_str(), 0755);
    CHECK(r.exit_code == 0);
    CHECK(r.err == "gpucost: warning: --output \"" + file.string() +
                       "\": cannot create a temporary file in its folder: permission denied; writing the file in "
                       "place instead, not atomically\n");
    CHECK(read_file(file.string()) == run_gpucost({"compare", "--format", "csv"}).out);
    CHECK(entries(dir) == 2);
}

TEST_CASE("on_fatal_signal: removes the temporary being written then ends the program by the same signal") {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        const gpucost::test::TempDir folder("signal");
        const fs::path& dir = folder.path;
        const fs::path temporary = dir / ".report.csv.tmp-abcdef";
        write(temporary, "half a report");
        const std::string path = temporary.string();
        const pid_t pid = fork();
        if (pid == 0) {  // the child: async-signal-safe calls only, no Catch2
            gpucost::detail::set_pending_temporary(path.c_str());
            struct sigaction action {};
            action.sa_handler = [](int s) { gpucost::detail::on_fatal_signal(s); };
            sigemptyset(&action.sa_mask);
            sigaction(signal, &action, nullptr);
            raise(signal);
            _exit(0);  // not reached: the re-raised signal ends the child
        }
        REQUIRE(pid > 0);
        int status = 0;
        REQUIRE(waitpid(pid, &status, 0) == pid);
        CHECK(WIFSIGNALED(status));
        CHECK(WTERMSIG(status) == signal);
        CHECK(!fs::exists(temporary));
    }
    // Once the rename has consumed it, nothing is registered: the signal removes nothing.
    const gpucost::test::TempDir folder("signal-none");
    const fs::path& dir = folder.path;
    write(dir / "report.csv", "whole");
    gpucost::detail::set_pending_temporary((dir / "report.csv").c_str());
    gpucost::detail::set_pending_temporary(nullptr);
    gpucost::detail::remove_pending_temporary();
    CHECK(fs::exists(dir / "report.csv"));
}
