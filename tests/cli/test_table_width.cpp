// The first screen at the terminal's width (issue 25 items 3 and 8): the ranked table leaves out its least important
// columns to fit (80 when piped), names them, and shows them all with --wide; the `*` marker only where it tells
// something; simulate and sensitivity give the answer before the ranges.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::Terminal;
using gpucost::test::check_golden;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;
using gpucost::test::ScopedEnv;
using gpucost::test::stdout_of;

namespace {

const std::string k_mini = "data/mini_catalog.json";

// Columns of the widest line (UTF-8 code points).
std::size_t widest_line(const std::string& text) {
    std::size_t widest = 0;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        widest =
            std::max<std::size_t>(widest, static_cast<std::size_t>(std::count_if(line.begin(), line.end(), [](char c) {
                                      return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
                                  })));
    return widest;
}

// The line of `text` that starts with `start` (after spaces), or "".
std::string line_starting(const std::string& text, const std::string& start) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        if (line.compare(line.find_first_not_of(' ') == std::string::npos ? 0 : line.find_first_not_of(' '),
                         start.size(), start) == 0)
            return line;
    return "";
}

}  // namespace

TEST_CASE("compare piped: the ranked table fits 80 columns, --wide shows every column", "[width]") {
    const ScopedEnv no_columns("COLUMNS", nullptr);
    const std::string piped = stdout_of({"compare", "--catalog", k_mini, "--hours-per-week", "40"});
    check_golden("compare_all.txt", piped);
    CHECK(widest_line(piped) <= 80);
    // The fixture's table is 135 columns wide. Cloud offer, tier, payback month, GPUs, cloud total and build total
    // go (in that order): # 1 + build 8 + rented 21 + cheaper 7 + saves 7 + break-even 15 = 59 with 5 gaps of 2,
    // 69 wide; then GPUs (4 and a gap of 2) fit again, 75, and build total (11 and a gap) would make 88.
    CHECK(line_starting(piped, "#  build") ==
          "#  build     GPUs  rented                 cheaper    saves  break-even h/wk");
    // Two instances of one GPU each: "CloudTwo 2 x 1x GPU B", the offer's provider, shape and GPU id in words.
    CHECK(line_starting(piped, "2  box-b2") ==
          "2  box-b2 *     2  CloudTwo 2 x 1x GPU B  cloud    $10,130      158.5 above");
    CHECK(piped.find("Not shown at 80 columns: cloud offer, tier, build total, cloud total, payback\nmonth (--wide "
                     "shows every column).") != std::string::npos);
    const std::string wide = stdout_of({"compare", "--catalog", k_mini, "--hours-per-week", "40", "--wide"});
    check_golden("compare_all_wide.txt", wide);
    CHECK(widest_line(wide) > 80);
    CHECK(wide.find("Not shown") == std::string::npos);
    CHECK(line_starting(wide, "#  build").find("payback month") != std::string::npos);
}

TEST_CASE("compare and check: no line of the first screen is wider than the terminal, 60 to 200 columns", "[width]") {
    // The shipped catalogue, whose table is about 177 columns wide at full width (README).
    const ScopedEnv no_columns("COLUMNS", nullptr);
    for (const char* command : {"compare", "check"}) {
        for (int columns = 60; columns <= 200; ++columns) {
            INFO(command << " at " << columns << " columns");
            const std::string out =
                stdout_of({command, "--hours-per-week", "40", "--color", "never", "--quiet"}, Terminal{true, columns});
            INFO(out);
            CHECK(widest_line(out) <= static_cast<std::size_t>(columns));
            // The columns that answer the question never go; from 80 columns the offer is named in a few words.
            const std::string header = line_starting(out, "#  build");
            CHECK(header.find("cheaper") != std::string::npos);
            CHECK(header.find("saves") != std::string::npos);
            if (columns >= 80) CHECK(header.find("rented") != std::string::npos);
        }
    }
}

TEST_CASE("the first screen at 80 columns names each build's offer, and rank each row, in a few words", "[width]") {
    // The shipped catalogue, whose offer ids run to 64 characters: every row still says whom it was compared with
    // (the offer's provider, from the JSON of the same run) and the price per unit of work stays beside it.
    const ScopedEnv no_columns("COLUMNS", nullptr);
    const std::string piped = stdout_of({"compare", "--hours-per-week", "40"});
    CHECK(widest_line(piped) <= 80);
    CHECK(line_starting(piped, "#  build").find("rented") != std::string::npos);
    const auto report = nlohmann::json::parse(stdout_of({"compare", "--hours-per-week", "40", "--format", "json"}));
    const auto& comparisons = report.at("report").at("comparisons");
    REQUIRE(comparisons.size() >= 10);
    for (std::size_t i = 0; i < comparisons.size(); ++i) {
        const std::string row = line_starting(piped, std::to_string(i + 1) + "  ");
        INFO(row);
        CHECK(row.find(comparisons[i].at("build").at("id").get<std::string>()) != std::string::npos);
        CHECK(row.find(" " + comparisons[i].at("cloud").at("provider").get<std::string>() + " ") != std::string::npos);
    }
    const std::string rank = stdout_of({"rank", "--workload", "llm-70b-serve-mlperf"});
    const std::string header = line_starting(rank, "#  kind");  // the notes under it hold URLs longer than 80
    CHECK(widest_line(header) <= 80);
    CHECK(header.find("build or offer") != std::string::npos);
    CHECK(header.find("USD per M tokens") != std::string::npos);
    CHECK(header.find(" id ") == std::string::npos);  // the long id is left out first
    const auto ranked =
        nlohmann::json::parse(stdout_of({"rank", "--workload", "llm-70b-serve-mlperf", "--format", "json"}));
    const auto& rows = ranked.at("rank").at("rows");
    REQUIRE(rows.size() >= 10);
    for (std::size_t i = 0; i < 10; ++i) {  // a build by its id, an offer by its provider
        const auto& r = rows[i];
        const std::string line = line_starting(rank, std::to_string(i + 1) + "  ");
        INFO(line);
        CHECK(widest_line(line) <= 80);
        const bool build = r.at("kind") == "build";
        CHECK(line.find(build ? r.at("id").get<std::string>() : r.at("provider").get<std::string>() + " ") !=
              std::string::npos);
    }
}

TEST_CASE("the table's width: the terminal's, COLUMNS first on a terminal, 80 piped or into a file", "[width]") {
    const std::vector<std::string> args = {"compare", "--hours-per-week", "40", "--color", "never"};
    const ScopedEnv no_columns("COLUMNS", nullptr);
    const std::string piped = stdout_of(args);
    CHECK(widest_line(piped) <= 80);
    CHECK(widest_line(stdout_of(args, Terminal{true, 0})) <= 80);  // a terminal of unknown width: 80
    const std::string at_200 = stdout_of(args, Terminal{true, 200});
    CHECK(widest_line(at_200) > 80);
    CHECK(widest_line(at_200) <= 200);
    {
        const ScopedEnv columns("COLUMNS", "100");
        const std::string out = stdout_of(args, Terminal{true, 200});
        CHECK(widest_line(out) <= 100);
        CHECK(out.find("Not shown at 100 columns:") != std::string::npos);
        CHECK(stdout_of(args) == piped);  // COLUMNS does not reach a pipe: piped output is the same everywhere
    }
    for (const char* bad : {"abc", "19", "1001", "100x", ""}) {
        INFO("COLUMNS=" << bad);
        const ScopedEnv columns("COLUMNS", bad);
        CHECK(stdout_of(args, Terminal{true, 200}) == at_200);  // not a width in 20..1000: the terminal's own
    }
    const gpucost::test::TempDir folder("table-width");
    const auto file = folder.path / "report.txt";
    std::vector<std::string> to_file = args;
    to_file.insert(to_file.end(), {"--output", file.string()});
    stdout_of(to_file, Terminal{true, 200});
    CHECK(read_file(file.string()) == piped);  // a file is not the terminal: 80
}

TEST_CASE("the * marker: on the rows that rest on an estimate when only some do, one line when all do", "[width]") {
    const ScopedEnv no_columns("COLUMNS", nullptr);
    // The fixture: box-b2 holds gpu-b, an estimate; box-a4 rests on sourced figures only.
    const std::string some = stdout_of({"compare", "--catalog", k_mini});
    CHECK(some.find("box-b2 *") != std::string::npos);
    CHECK(some.find("box-a4 *") == std::string::npos);
    CHECK(some.find("* rests on a figure marked as an estimate or unverified") != std::string::npos);
    // gpu-a an estimate too: every row would carry the marker, so none does and one line says it.
    std::string text = read_file(k_mini);
    const std::string sourced = R"("source": "fixture", "as_of": "2026-01-15" })";
    const std::size_t at = text.find(sourced);
    REQUIRE(at != std::string::npos);
    text.replace(at, sourced.size(),
                 R"("source": "fixture", "as_of": "2026-01-15", "confidence": "estimate", "note": "test" })");
    const gpucost::test::TempFile all_estimates(text, "all_estimates_catalog.json");
    const std::string all =
        stdout_of({"compare", "--catalog", all_estimates.path.string(), "--wide"});  // the note on one line
    CHECK(all.find(" *") == std::string::npos);
    CHECK(all.find("Every result rests on a figure marked as an estimate or unverified; `--build ID` shows which.") !=
          std::string::npos);
}

TEST_CASE("simulate and sensitivity: the answer first, the ranges after", "[width]") {
    const ScopedEnv no_columns("COLUMNS", nullptr);
    const std::string simulated =
        stdout_of({"simulate", "--catalog", "data/ranges_catalog.json", "--draws", "2000", "--seed", "3"});
    const std::size_t verdict = simulated.find("p(build cheaper)");
    REQUIRE(verdict != std::string::npos);
    CHECK(verdict < simulated.find("figure "));  // the probability before the percentiles
    CHECK(verdict < simulated.find("Ranges (catalogue < scenario < flags):"));
    const std::string sensitivity = stdout_of({"sensitivity", "--catalog", "data/ranges_catalog.json"});
    const std::size_t levers = sensitivity.find("swing");
    REQUIRE(levers != std::string::npos);
    CHECK(levers < sensitivity.find("Ranges (catalogue < scenario < flags):"));
}
