// The per-token API in every view (issue 20's loose ends): aged by --max-age-days, a column of compare's ranked
// table, a colour of its own in rank's chart, and a formula of the workbook. On tests/data/api_catalog.json at
// 168 h/week for 10 months and no discounting (test_api_cli.cpp has the arithmetic): duo-c's work through api-a is
// 2 GPUs x 100 tokens/s x 3,600 s x 730 h = 525,600,000 generated tokens a month, at $0.20 + 2 x $0.10 per million
// = $210.24 a month and $2,102.40 over the 10 months.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using gpucost::test::run_ok;
using Json = nlohmann::json;
using Catch::Matchers::Contains;

namespace {

std::vector<std::string> fixture(std::vector<std::string> args) {
    for (const char* a :
         {"--catalog", "data/api_catalog.json", "--hours-per-week", "168", "--months", "10", "--discount-rate", "0"})
        args.emplace_back(a);
    return args;
}

// The fixture with api-a's price dated 2025-06-01: 547 days before 2026-11-30, while every other figure is as of
// 2026-01-15 (319 days) or later.
std::string with_old_api_price() {
    std::string text = gpucost::test::read_file(gpucost::test::test_path("data/api_catalog.json"));
    const std::string from = R"("source": "fixture", "as_of": "2026-11-01" },
    { "id": "api-b")";
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), R"("source": "fixture", "as_of": "2025-06-01" },
    { "id": "api-b")");
    return text;
}

}  // namespace

TEST_CASE("compare --max-age-days ages the API's price as it ages every other figure the comparison rests on") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    const gpucost::test::TempFile catalogue(with_old_api_price(), "old_api.json");
    const std::string path = catalogue.path.string();
    const std::vector<std::string> run = {"compare", "--catalog",        path, "--build", "duo-c", "--workload",
                                          "chat",    "--hours-per-week", "168"};
    std::vector<std::string> aged = run;
    aged.insert(aged.end(), {"--max-age-days", "400", "--format", "json"});
    const auto r = run_ok(aged);
    // 547 > 400 for the API; 319 <= 400 for the GPU, the build and the offer, so the API's is the only warning.
    CHECK(r.err == "gpucost: warning: stale figure: API offer api-a is as of 2025-06-01, 547 days old (more than "
                   "--max-age-days 400)\n");
    const Json json = Json::parse(r.out);
    CHECK(json["catalog"]["oldest_figure_as_of"] == "2025-06-01");
    // check's age gate reads the same figures: the API's age fails it, the others alone pass.
    std::vector<std::string> gate = run;
    gate[0] = "check";
    gate.insert(gate.end(), {"--max-age-days", "400"});
    const auto failed = run_gpucost(gate);
    CHECK(failed.exit_code == 1);
    CHECK_THAT(failed.err, Contains("FAIL max-age-days: 547 > 400"));
    gate.back() = "547";
    CHECK(run_gpucost(gate).exit_code == 0);
    // Without a workload no API is priced, so its date is not a figure of the run.
    const auto plain = run_ok({"check", "--catalog", path, "--build", "duo-c", "--max-age-days", "400"});
    CHECK_THAT(plain.err, Contains("ok max-age-days: 319 <= 400"));
}

TEST_CASE("compare's ranked table has an API total column when the workload's model is sold by the token") {
    // Piped (80 columns) the column is named among those left out; --wide shows it.
    const auto table = run_ok(fixture({"compare", "--workload", "chat"})).out;
    check_golden("compare_api_ranked.txt", table);
    CHECK_THAT(table, Contains("cloud total, API total,"));
    const auto wide = run_ok(fixture({"compare", "--workload", "chat", "--wide"})).out;
    CHECK_THAT(wide, Contains("  API total  "));
    CHECK_THAT(wide, Contains("     $2,102  "));  // api-a's $2,102.40 over 10 months
    CHECK_THAT(wide, Contains("API total: the same work"));
    check_golden("compare_api_ranked.md",
                 run_ok(fixture({"compare", "--workload", "chat", "--format", "markdown"})).out);
    // A workload no API serves keeps the table as it was.
    CHECK_THAT(run_ok(fixture({"compare", "--workload", "plain"})).out, !Contains("API total"));
    // --wide: # 1, build 5, GPUs 4, rented 21, cloud offer 11, tier 9, build total 11, cloud total 11, API total 9,
    // cheaper 7, saves 5, break-even 15, payback 13 = 122, with 12 gaps of 2 = 146 columns. A terminal of 113 leaves
    // out cloud offer, tier and payback month (146 - 13 - 11 - 15 = 107; GPUs would make 113 + 6 = 119): the API
    // total stays; 100 columns also leave out GPUs (101) and then the API total (90): the totals owning and renting
    // are weighed by stay.
    for (const int columns : {120, 100}) {
        const auto r = run_gpucost(fixture({"compare", "--workload", "chat", "--color", "never"}), {true, columns});
        REQUIRE(r.exit_code == 0);
        const std::size_t from = r.out.find("#  build");
        REQUIRE(from != std::string::npos);
        const std::string header = r.out.substr(from, r.out.find('\n', from) - from);
        INFO(columns << " columns: " << header);
        CHECK((header.find("API total") != std::string::npos) == (columns == 120));
        CHECK(header.find("cloud total") != std::string::npos);
        CHECK(header.find("build total") != std::string::npos);
    }
}

TEST_CASE("rank's chart draws API rows in a colour and legend entry of their own") {
    const std::string svg =
        run_ok(fixture({"rank", "--workload", "chat", "--format", "svg", "--chart", "rank", "--output", "-"})).out;
    CHECK_THAT(svg, Contains(">API (bought by the token)</text>"));
    // Groups: 0 own, 1 rent, 2 API; each bar's fill is its group's pattern.
    for (const char* id : {"api-a", "api-b"}) {
        const std::size_t row = svg.find(std::string("data-key=\"") + id + "\"");
        REQUIRE(row != std::string::npos);
        const std::string bar = svg.substr(row, svg.find("</g>", row) - row);
        CHECK_THAT(bar, Contains("-fill-2)"));
    }
    const std::size_t offer = svg.find("data-key=\"c-2x\"");
    REQUIRE(offer != std::string::npos);
    CHECK_THAT(svg.substr(offer, svg.find("</g>", offer) - offer), Contains("-fill-1)"));
    // Without an API row, no third entry.
    const std::string plain =
        run_ok(fixture({"rank", "--workload", "plain", "--format", "svg", "--chart", "rank", "--output", "-"})).out;
    CHECK_THAT(plain, !Contains("API (bought by the token)"));
    CHECK_THAT(plain, !Contains("-fill-2"));
}

TEST_CASE("compare --format xlsx writes a run with an API figure, the API's monthly bill a formula") {
    const auto r =
        run_ok(fixture({"compare", "--build", "duo-c", "--workload", "chat", "--format", "xlsx", "--output", "-"}));
    CHECK(r.out.starts_with("PK\x03\x04"));
    // tests/workbook/check_workbooks.py recalculates it: api_usd_per_month equals the JSON's to the cent.
}
