// --format xlsx: the workbook's bytes are deterministic, and the CLI refuses what it cannot write. What the
// workbook's formulas compute is checked by recalculating it in LibreOffice (check_workbooks.py, ctest
// workbook_recalc).
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/render/xlsx.hpp"
#include "gpucost/report/plan_report.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::mini_report;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;

namespace fs = std::filesystem;

namespace {

// An .xlsx is a zip archive: its first bytes are a local file header's signature.
bool looks_like_xlsx(const std::string& bytes) { return bytes.size() > 1000 && bytes.starts_with("PK\x03\x04"); }

}  // namespace

TEST_CASE("render_xlsx: the same report gives the same bytes") {
    const gpucost::Report report = mini_report("box-a4", 0.08);
    const std::string first = gpucost::render_xlsx(report);
    CHECK(looks_like_xlsx(first));
    CHECK(gpucost::render_xlsx(report) == first);
    // Another input gives other bytes: the comparison above could not pass on a constant.
    CHECK(gpucost::render_xlsx(mini_report("box-a4", 0.0)) != first);
    // Through the dispatcher, and for cashflow's model, the same workbook.
    CHECK(gpucost::render(report, gpucost::Format::xlsx) == first);
    CHECK(gpucost::render(gpucost::CashFlowReport{report, {}}, gpucost::Format::xlsx) == first);
}

TEST_CASE("render_xlsx: refuses a report of several comparisons and a currency other than USD") {
    gpucost::Report report = mini_report("box-a4", 0.0);
    report.comparisons.push_back(report.comparisons.front());
    CHECK_THROWS_WITH(gpucost::render_xlsx(report),
                      "--format xlsx: writes one comparison, this run has 2: name one build with --build ID");
    report.comparisons.clear();
    CHECK_THROWS_AS(gpucost::render_xlsx(report), gpucost::UsageError);
    gpucost::RenderOptions euros;
    euros.currency = {"EUR", 0.9};
    CHECK_THROWS_WITH(gpucost::render_xlsx(mini_report("box-a4", 0.0), euros), Catch::Contains("drop --currency"));
}

TEST_CASE("xlsx on the command line: refused onto a terminal, written to a pipe, inferred from -o FILE.xlsx") {
    const std::vector<std::string> args = {"compare", "--catalog", "data/mini_catalog.json", "--build", "box-a4"};
    auto asked = args;
    asked.insert(asked.end(), {"--format", "xlsx"});
    const auto terminal = run_gpucost(asked, gpucost::Terminal{true, 80});
    CHECK(terminal.exit_code == 2);
    CHECK(terminal.out.empty());
    CHECK(terminal.err == "gpucost: error: --format xlsx: a workbook is binary and stdout is a terminal; write it with "
                          "--output FILE.xlsx or pipe it into a file\n");
    const auto piped = run_gpucost(asked);
    REQUIRE(piped.exit_code == 0);
    CHECK(looks_like_xlsx(piped.out));

    const gpucost::test::TempDir folder("xlsx");
    const fs::path& dir = folder.path;
    auto to_file = args;
    to_file.insert(to_file.end(), {"-o", (dir / "box.XLSX").string()});
    const auto written = run_gpucost(to_file);
    REQUIRE(written.exit_code == 0);
    CHECK(written.out.empty());
    CHECK(read_file((dir / "box.XLSX").string()) == piped.out);

    // Every build at once has no one workbook: a usage error naming the way out.
    const auto all = run_gpucost({"cashflow", "--catalog", "data/mini_catalog.json", "--format", "xlsx"});
    CHECK(all.exit_code == 2);
    CHECK_THAT(all.err, Catch::Contains("name one build with --build ID"));
}

TEST_CASE("xlsx: a source text longer than a cell holds is cut, not refused") {
    // 33,000 two-byte characters: over Excel's 32,767 characters a cell (libxlsxwriter refuses it whole).
    nlohmann::json catalog = nlohmann::json::parse(read_file(gpucost::test::test_path("data/mini_catalog.json")));
    std::string long_source;
    for (int i = 0; i < 33000; ++i) long_source += "\xC3\xA9";  // e acute
    catalog["assumptions"]["sources"]["pue"] = long_source;
    const gpucost::test::TempFile long_source_catalog(catalog.dump(), "long-source.json");
    const fs::path& file = long_source_catalog.path;
    const auto r = run_gpucost({"compare", "--catalog", file.string(), "--build", "box-a4", "--format", "xlsx"});
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(looks_like_xlsx(r.out));
}

TEST_CASE("xlsx: financing, tax and year-end discounting are written, not refused") {
    // The workbook's finance rows and year-end discount factors are checked figure by figure in LibreOffice
    // (check_workbooks.py); here, that the CLI writes them, the same bytes twice, and other bytes than the same run
    // without them.
    const std::vector<std::string> args = {"compare",  "--catalog", "data/mini_catalog.json", "--build", "box-a4",
                                           "--format", "xlsx"};
    auto with = [&](std::vector<std::string> flags) {
        flags.insert(flags.begin(), args.begin(), args.end());
        return run_gpucost(flags);
    };
    const std::vector<std::string> finance = {"--financing", "loan", "--loan-rate", "0.08", "--tax-rate", "0.21"};
    const auto financed = with(finance);
    REQUIRE(financed.exit_code == 0);
    CHECK(financed.err.empty());
    CHECK(looks_like_xlsx(financed.out));
    CHECK(with(finance).out == financed.out);
    CHECK(with({}).out != financed.out);
    auto annual = finance;
    annual.insert(annual.end(), {"--discounting", "annual", "--discount-rate", "0.08"});
    const auto year_end = with(annual);
    REQUIRE(year_end.exit_code == 0);
    CHECK(year_end.err.empty());
    CHECK(looks_like_xlsx(year_end.out));
    CHECK(year_end.out != financed.out);
}

TEST_CASE("xlsx: plan writes its workbook, the same bytes twice, and refuses another currency") {
    // The plan's formulas are checked against gpucost's net present cost in LibreOffice (check_workbooks.py).
    const std::vector<std::string> args = {"plan",     "--catalog", "data/mini_catalog.json", "--build", "box-a4",
                                           "--format", "xlsx"};
    auto with = [&](std::vector<std::string> flags) {
        flags.insert(flags.begin(), args.begin(), args.end());
        return run_gpucost(flags);
    };
    const auto plain = with({});
    REQUIRE(plain.exit_code == 0);
    CHECK(plain.err.empty());
    CHECK(looks_like_xlsx(plain.out));
    CHECK(with({}).out == plain.out);
    // Another input gives other bytes: the comparison above could not pass on a constant.
    CHECK(with({"--discount-rate", "0.08"}).out != plain.out);
    const auto euros = with({"--currency", "EUR", "--usd-rate", "0.9"});
    CHECK(euros.exit_code == 2);
    CHECK(euros.out.empty());
    CHECK(euros.err == "gpucost: error: --format xlsx: the workbook's formulas count in USD; drop --currency and "
                       "--usd-rate\n");
}

TEST_CASE("render_xlsx: a plan that rents on spot or has no chosen schedule is refused") {
    // plan --pricing spot bills the rented hours with spot's overhead and interruptions, which the workbook's
    // on-demand formulas do not follow.
    gpucost::PlanReport spot;
    spot.supply.assumptions.pricing = gpucost::Pricing::spot;
    spot.strategies.resize(1);
    spot.strategies.back().strategy = gpucost::plan::Strategy::plan;
    CHECK_THROWS_WITH(gpucost::render_xlsx(spot), "--format xlsx: the plan's workbook prices the rented hours on "
                                                  "demand; --pricing spot is not in its formulas (use json or csv)");
    CHECK_THROWS_AS(gpucost::render_xlsx(gpucost::PlanReport{}), gpucost::UsageError);
}

// libxlsxwriter is loaded by the first workbook (src/render/xlsx_library.cpp), so a run that writes none never
// pays for it and its libcrypto. The dynamic loader names each library it loads under LD_DEBUG=files.
TEST_CASE("xlsx library: loaded by a run that writes a workbook, never by one that does not") {
    gpucost::test::TempDir dir("xlsx-load");
    std::vector<std::string> env = gpucost::test::current_environment();
    env.push_back("LD_DEBUG=files");
    const std::string binary = gpucost::test::gpucost_binary();
    const auto version = gpucost::test::run_program({binary, "--version"}, env);
    REQUIRE(version.exit_code == 0);
    CHECK(version.err.find("file=libstdc++") != std::string::npos);  // the loader did report its libraries
    CHECK(version.err.find("libxlsxwriter") == std::string::npos);
    CHECK(version.err.find("libcrypto") == std::string::npos);
    const auto table = gpucost::test::run_program({binary, "compare", "--hours-per-week", "40"}, env);
    REQUIRE(table.exit_code == 0);
    CHECK(table.err.find("libxlsxwriter") == std::string::npos);
    const std::string path = (dir.path / "one.xlsx").string();
    const auto workbook =
        gpucost::test::run_program({binary, "compare", "--build", "office-2x-rtx4090", "-o", path}, env);
    REQUIRE(workbook.exit_code == 0);
    CHECK(workbook.err.find("libxlsxwriter") != std::string::npos);
    CHECK(looks_like_xlsx(read_file(path)));
}
