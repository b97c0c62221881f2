// The command line's manners (issue 25): `help COMMAND`, stray words refused, --output's format from the file's
// extension and -o, init that keeps an existing file, and the user's own offers named when the match leaves them
// out. Runs in-process from the tests/ folder.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "temp_file.hpp"
#include "test_support.hpp"

using Catch::Contains;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;

namespace fs = std::filesystem;

namespace {

const std::string k_mini = "data/mini_catalog.json";

}  // namespace

TEST_CASE("help COMMAND prints that command's help, help alone the top help, both exit 0") {
    const auto top = run_gpucost({"--help"});
    const auto help = run_gpucost({"help"});
    CHECK(help.exit_code == 0);
    CHECK(help.out == top.out);
    CHECK(run_gpucost({"help", "--help"}).out == top.out);
    for (const std::vector<std::string>& path :
         std::vector<std::vector<std::string>>{{"compare"}, {"init"}, {"rank"}, {"catalog", "list"}}) {
        std::vector<std::string> args = path;
        args.push_back("--help");
        std::vector<std::string> asked = {"help"};
        asked.insert(asked.end(), path.begin(), path.end());
        const auto r = run_gpucost(asked);
        INFO(path.front());
        CHECK(r.exit_code == 0);
        CHECK(r.err.empty());
        CHECK(r.out == run_gpucost(args).out);
        CHECK(r.out != top.out);
    }
    // Before: "help compare" ran compare (exit 0, a table on stdout).
    CHECK_THAT(run_gpucost({"help", "compare"}).out, Contains("Usage: gpucost compare"));
}

TEST_CASE("unknown words are usage errors (exit 2) with a did-you-mean, never skipped") {
    auto r = run_gpucost({"help", "comapre"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: help: unknown command \"comapre\" (did you mean \"compare\"?); see 'gpucost "
                   "--help'\n");
    r = run_gpucost({"help", "catalog", "lst"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Contains("unknown subcommand \"lst\" (did you mean \"list\"?)"));
    // Before: "bogus" was dropped and compare ran (exit 0).
    r = run_gpucost({"bogus", "compare", "--catalog", k_mini});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: unknown command \"bogus\"; see 'gpucost --help'\n");
    r = run_gpucost({"comapre", "compare", "--catalog", k_mini});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Contains("unknown command \"comapre\" (did you mean \"compare\"?)"));
    // A stray positional after a command.
    r = run_gpucost({"compare", "--catalog", k_mini, "box-a4"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: unexpected argument \"box-a4\"; see 'gpucost compare --help'\n");
    // A second command word: before, compare ran and "catalog" was dropped.
    r = run_gpucost({"compare", "--catalog", k_mini, "catalog"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: unexpected argument \"catalog\"; see 'gpucost compare --help'\n");
}

TEST_CASE("output format: --output FILE without --format writes the format its extension names, -o is --output") {
    const gpucost::test::TempDir folder("output-extension");
    const fs::path& dir = folder.path;
    // extension -> the --format whose stdout the file must equal; .txt and an unknown extension are the table.
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"r.json", "json"}, {"r.csv", "csv"},   {"r.md", "markdown"}, {"r.html", "html"},
        {"R.JSON", "json"}, {"r.txt", "table"}, {"r.out", "table"},   {"report", "table"}};
    for (const auto& [name, format] : cases) {
        INFO(name);
        const std::string file = (dir / name).string();
        const auto r = run_gpucost({"compare", "--catalog", k_mini, "-o", file});
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.empty());
        CHECK(read_file(file) == run_gpucost({"compare", "--catalog", k_mini, "--format", format}).out);
    }
    const std::string svg = (dir / "spend.svg").string();
    REQUIRE(run_gpucost(
                {"compare", "--catalog", k_mini, "--build", "box-a4", "--chart", "cumulative-spend", "--output", svg})
                .exit_code == 0);
    CHECK_THAT(read_file(svg), Contains("<svg xmlns="));
    // catalog list reads its own format list: .csv names csv, .md none of its formats (the table).
    const std::string csv = (dir / "list.csv").string();
    REQUIRE(run_gpucost({"catalog", "list", "--catalog", k_mini, "-o", csv}).exit_code == 0);
    CHECK(read_file(csv) == run_gpucost({"catalog", "list", "--catalog", k_mini, "--format", "csv"}).out);
    // --format that agrees with the extension is fine.
    CHECK(run_gpucost({"compare", "--catalog", k_mini, "--format", "json", "-o", (dir / "same.json").string()})
              .exit_code == 0);
}

TEST_CASE("output format: --format that conflicts with --output's extension is a usage error naming both") {
    const gpucost::test::TempDir folder("output-conflict");
    const fs::path& dir = folder.path;
    const std::string file = (dir / "report.html").string();
    const auto r = run_gpucost({"compare", "--catalog", k_mini, "--format", "csv", "--output", file});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: --format csv conflicts with --output \"" + file +
                       "\", whose extension \".html\" means --format html; drop --format, or name the file for the "
                       "format\n");
    CHECK_FALSE(fs::exists(file));
    // Any text fits a .txt: --format csv into notes.txt is no conflict.
    const std::string text = (dir / "notes.txt").string();
    CHECK(run_gpucost({"compare", "--catalog", k_mini, "--format", "csv", "-o", text}).exit_code == 0);
    CHECK(read_file(text) == run_gpucost({"compare", "--catalog", k_mini, "--format", "csv"}).out);
}

TEST_CASE("init --output FILE keeps an existing file unless --force") {
    const gpucost::test::TempDir folder("init-force");
    const fs::path& dir = folder.path;
    const std::string file = (dir / "gpucost.json").string();
    std::ofstream(file) << "{\"hours_per_week\": 12}\n";  // an edited scenario
    auto r = run_gpucost({"init", "--output", file});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: --output \"" + file +
                       "\": the file exists (an edited scenario?); add --force to replace it, or name another file\n");
    CHECK(read_file(file) == "{\"hours_per_week\": 12}\n");
    r = run_gpucost({"init", "--output", file, "--force"});
    CHECK(r.exit_code == 0);
    CHECK(read_file(file) == run_gpucost({"init"}).out);
    // A new file needs no --force.
    const std::string fresh = (dir / "new.json").string();
    CHECK(run_gpucost({"init", "-o", fresh}).exit_code == 0);
    CHECK(read_file(fresh) == run_gpucost({"init"}).out);
}

TEST_CASE("an offer of the user's own file that the match leaves out is named without --verbose, with the fix") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    // An 8x H100 SXM quote with no "interconnect" is read as PCIe; hgx-h100-thinkmate-2024 is 8 x H100 on NVSwitch,
    // so like for like leaves the quote out. Before: nothing on stderr without --verbose.
    const std::string overlay = "data/overlay/h100_quote_no_link.json";
    const std::vector<std::string> args = {"compare", "--add-catalog", overlay, "--build", "hgx-h100-thinkmate-2024"};
    const auto r = run_gpucost(args);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.err,
               Contains("gpucost: note: left out offer \"my-h100x8-quote\" for build \"hgx-h100-thinkmate-2024\": "
                        "interconnect pcie is weaker than the build's nvswitch (an offer of " +
                        overlay +
                        "; its file gives no \"interconnect\", read as pcie: add \"interconnect\": \"nvswitch\" if "
                        "its GPUs are linked so)\n"));
    // The embedded catalogue's own offers left out stay quiet without --verbose: one note line, the user's.
    std::size_t notes = 0;
    for (std::size_t at = r.err.find("gpucost: note: "); at != std::string::npos;
         at = r.err.find("gpucost: note: ", at + 1))
        ++notes;
    CHECK(notes == 1);
    // --quiet drops it, as every note.
    auto quiet = args;
    quiet.push_back("--quiet");
    CHECK(run_gpucost(quiet).err.find("my-h100x8-quote") == std::string::npos);
}
