// --output against the command's own inputs and the process's own descriptors (issue 10): a result never replaces
// a file the command reads, the in-place fallback after a failed rename works, and /dev/stdout is written through.
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "gpucost/util/error.hpp"
#include "gpucost/util/files.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::ChildStdout;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;

namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

ino_t inode_of(const fs::path& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st.st_ino;
}

// A copy of the mini catalogue in `dir`, to be read and (wrongly) written by one command.
fs::path mini_copy(const fs::path& dir) {
    const fs::path copy = dir / "catalog.json";
    fs::copy_file(gpucost::test::test_path("data/mini_catalog.json"), copy);
    return copy;
}

std::string refusal(const std::string& output, const std::string& flag, const std::string& input) {
    return "gpucost: error: --output \"" + output + "\": is the file " + flag + " \"" + input +
           "\" reads; write the result to another file\n";
}

int g_rename_error = 0;
int failing_rename(const char*, const char*) {
    errno = g_rename_error;
    return -1;
}

// Makes write_output_file's rename fail with `error` for one scope.
class FailingRename {
public:
    explicit FailingRename(int error) {
        g_rename_error = error;
        gpucost::detail::set_rename_function(failing_rename);
    }
    ~FailingRename() { gpucost::detail::set_rename_function(nullptr); }
    FailingRename(const FailingRename&) = delete;
    FailingRename& operator=(const FailingRename&) = delete;
};

}  // namespace

TEST_CASE("refuse_output_onto_inputs: --output naming the catalogue by another spelling or a link is exit 2") {
    const gpucost::test::TempDir folder("catalog");
    const fs::path& dir = folder.path;
    const fs::path catalog = mini_copy(dir);
    const std::string before = read_file(catalog.string());
    const std::string other_spelling = (dir / "." / "catalog.json").string();
    fs::create_symlink("catalog.json", dir / "link.json");
    fs::create_hard_link(catalog, dir / "hard.json");
    for (const std::string& output : {other_spelling, (dir / "link.json").string(), (dir / "hard.json").string()}) {
        INFO(output);
        const auto r = run_gpucost({"compare", "--catalog", catalog.string(), "--output", output});
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(r.err == refusal(output, "--catalog", catalog.string()));
        CHECK(read_file(catalog.string()) == before);
    }
    CHECK(fs::is_symlink(dir / "link.json"));
    CHECK(entries(dir) == 3);  // no temporary left, nothing else written
    // Another file is written as ever.
    CHECK(run_gpucost({"compare", "--catalog", catalog.string(), "--output", (dir / "out.txt").string()}).exit_code ==
          0);
}

TEST_CASE("refuse_output_onto_inputs: each input kind of each command, refused before anything is read") {
    const gpucost::test::TempDir folder("kinds");
    const fs::path& dir = folder.path;
    const fs::path catalog = mini_copy(dir);
    // Not JSON: a command that read it first would fail with exit 3 on its syntax, not with this refusal.
    const fs::path broken = dir / "broken.json";
    write(broken, "{ not json");
    const std::string b = broken.string();
    const std::string c = catalog.string();
    const std::string mini = gpucost::test::test_path("data/mini_catalog.json");
    struct Case {
        std::vector<std::string> args;
        std::string flag;
    };
    const std::vector<Case> cases = {
        {{"compare", "--catalog", mini, "--scenario", b}, "--scenario"},
        {{"check", "--catalog", mini, "--scenario", b}, "--scenario"},
        {{"cashflow", "--catalog", mini, "--build", "box-a4", "--scenario", b}, "--scenario"},
        {{"compare", "--catalog", c, "--add-catalog", b}, "--add-catalog"},
        {{"check", "--catalog", b}, "--catalog"},
        {{"cashflow", "--catalog", b, "--build", "box-a4"}, "--catalog"},
        {{"init", "--catalog", b}, "--catalog"},
        {{"catalog", "import", b, "--from", "skypilot", "--provider", "aws", "--as-of", "2026-11-30"}, "price list"},
        {{"catalog", "import", "--catalog", b, "--from", "skypilot", "--provider", "aws", "--as-of", "2026-11-30",
          gpucost::test::test_path("data/import/skypilot_aws_vms.csv")},
         "--catalog"},
    };
    for (const Case& k : cases) {
        std::vector<std::string> args = k.args;
        args.insert(args.end(), {"--output", b});
        INFO(args[0] << " " << k.flag);
        const auto r = run_gpucost(args);
        CHECK(r.exit_code == 2);
        CHECK(r.err == refusal(b, k.flag, b));
        CHECK(read_file(b) == "{ not json");
    }
}

TEST_CASE("write_output_file: rename failing with EXDEV or EBUSY writes the existing file in place after a warning") {
    const gpucost::test::TempDir folder("rename");
    const fs::path& dir = folder.path;
    const fs::path file = dir / "report.txt";
    for (const int error : {EXDEV, EBUSY}) {
        write(file, "old old old old\n");
        const ino_t inode = inode_of(file);
        const FailingRename failing(error);
        const auto warnings = gpucost::write_output_file(file.string(), "new\n");
        REQUIRE(warnings.size() == 1);
        CHECK(warnings[0] == "--output \"" + file.string() + "\": cannot rename a temporary file over it: " +
                                 gpucost::error_reason(error) + "; writing the file in place instead, not atomically");
        CHECK(read_file(file.string()) == "new\n");  // truncated, then written
        CHECK(inode_of(file) == inode);              // the same file, written in place
        CHECK(entries(dir) == 1);                    // the temporary is gone
    }
}

TEST_CASE("write_output_file: another rename failure, or EXDEV onto a missing file, is exit 4 and changes nothing") {
    const gpucost::test::TempDir folder("rename-fails");
    const fs::path& dir = folder.path;
    const fs::path file = dir / "report.txt";
    write(file, "old\n");
    {
        const FailingRename failing(EIO);
        CHECK_THROWS_AS(gpucost::write_output_file(file.string(), "new\n"), gpucost::OutputError);
        CHECK(read_file(file.string()) == "old\n");
        CHECK(entries(dir) == 1);
    }
    const FailingRename failing(EXDEV);
    const fs::path missing = dir / "missing.txt";
    try {
        gpucost::write_output_file(missing.string(), "new\n");
        FAIL("no exception");
    } catch (const gpucost::OutputError& e) {
        CHECK(std::string(e.what()) == "--output \"" + missing.string() +
                                           "\": cannot replace: invalid cross-device link; the file was not changed");
    }
    CHECK(!fs::exists(missing));
    CHECK(entries(dir) == 1);
}

TEST_CASE("write_output_file: /dev/stdout onto a regular file writes through the descriptor and keeps that file") {
    const gpucost::test::TempDir folder("dev-stdout");
    const fs::path& dir = folder.path;
    const fs::path file = dir / "report.csv";
    write(file, "");
    const ino_t inode = inode_of(file);
    const std::string mini = gpucost::test::test_path("data/mini_catalog.json");
    std::vector<std::string> args = {gpucost::test::gpucost_binary(), "compare", "--catalog", mini, "--format", "csv"};
    const std::string expected = run_gpucost({args.begin() + 1, args.end()}).out;
    REQUIRE(!expected.empty());
    for (const char* spelling : {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}) {
        INFO(spelling);
        write(file, "");
        auto with = args;
        with.insert(with.end(), {"--output", spelling});
        const auto r = gpucost::test::run_program(with, gpucost::test::current_environment(), "",
                                                  {ChildStdout::Kind::file, file.string()});
        CHECK(r.exit_code == 0);
        CHECK(r.err.empty());
        CHECK(read_file(file.string()) == expected);
        CHECK(inode_of(file) == inode);  // the file the shell opened, not a new one renamed over its name
        CHECK(entries(dir) == 1);
    }
}
