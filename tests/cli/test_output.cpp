// --output FILE: atomic replacement, an existing file left untouched on any error, exit code 4.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::read_file;
using gpucost::test::run_gpucost;

namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

}  // namespace

TEST_CASE(
    "output file: --output writes the same bytes stdout would, replacing an existing file, leaving no temporary") {
    const gpucost::test::TempDir folder("output-ok");
    const fs::path& dir = folder.path;
    const fs::path file = dir / "report.csv";
    write(file, "old contents\n");
    const std::vector<std::string> args = {"compare", "--catalog", "data/mini_catalog.json", "--format", "csv"};
    auto with_output = args;
    with_output.insert(with_output.end(), {"--output", file.string()});
    const auto r = run_gpucost(with_output);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(read_file(file.string()) == run_gpucost(args).out);
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}

TEST_CASE("output file: --output leaves an existing file untouched when the command fails") {
    const gpucost::test::TempDir folder("output-error");
    const fs::path& dir = folder.path;
    const fs::path file = dir / "report.json";
    write(file, "keep me\n");
    const auto r = run_gpucost(
        {"compare", "--catalog", "data/mini_catalog.json", "--build", "no-such-build", "--output", file.string()});
    CHECK(r.exit_code == 3);
    CHECK(read_file(file.string()) == "keep me\n");
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}

TEST_CASE("output file: --output that cannot be written exits 4 and changes nothing") {
    const gpucost::test::TempDir folder("output-fail");
    const fs::path& dir = folder.path;
    // A folder that does not exist: the temporary file cannot be made.
    auto r =
        run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--output", (dir / "no/such/x.csv").string()});
    CHECK(r.exit_code == 4);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("cannot create a temporary file"));
    // The target is a folder: rename fails, the folder and its contents are left, the temporary is removed.
    fs::create_directories(dir / "target");
    write(dir / "target" / "inside", "x");
    r = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--output", (dir / "target").string()});
    CHECK(r.exit_code == 4);
    CHECK(fs::is_directory(dir / "target"));
    CHECK(read_file((dir / "target" / "inside").string()) == "x");
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}

TEST_CASE("completion bash names every subcommand and every flag of check, from the real option tree") {
    const auto r = run_gpucost({"completion", "bash"});
    REQUIRE(r.exit_code == 0);
    for (const char* command : {"compare", "catalog", "check", "cashflow", "init", "completion"})
        CHECK_THAT(r.out, Catch::Contains(std::string(" ") + command));
    for (const char* path : {"\"catalog list\")", "\"check\")", "\"cashflow\")"})
        CHECK_THAT(r.out, Catch::Contains(path));
    for (const char* flag : {"--max-payback-months", "--scenario", "--output", "--expect", "--max-age-days"})
        CHECK_THAT(r.out, Catch::Contains(flag));
    CHECK(run_gpucost({"completion", "tcsh"}).exit_code == 2);
}
