// gpucost check: gates on every comparison, stderr lines, exit code 1, and the JSON "checks" array.
#include <cstdlib>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/report/gates.hpp"
#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;

namespace {

std::vector<std::string> check_args(std::vector<std::string> extra) {
    std::vector<std::string> args = {"check", "--catalog", "data/mini_catalog.json"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

}  // namespace

// Mini catalogue at its defaults (84 h/week, 24 months): box-a4 builds for $66,335.20 against pricey-a1's
// $118,920 and pays back in month 17; box-b2 costs $28,927.20 against b-1's $22,560 and never pays back
// (see compare_all.txt).
TEST_CASE("check passes with exit code 0 and writes the compare report unchanged") {
    const auto r = run_gpucost(check_args({"--build", "box-a4", "--max-payback-months", "17", "--expect", "build"}));
    CHECK(r.exit_code == 0);
    CHECK(r.out == run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--build", "box-a4"}).out);
    CHECK(r.err == "ok max-payback-months: 17 <= 17\nok expect: build is cheaper\n");
}

TEST_CASE("check fails with exit code 1 and names the failing comparisons") {
    const auto r = run_gpucost(check_args({"--max-payback-months", "24", "--max-build-total-usd", "60000"}));
    CHECK(r.exit_code == 1);
    CHECK(r.err == "FAIL max-build-total-usd [box-a4 vs pricey-a1]: 66335.20 > 60000.00\n"
                   "ok max-payback-months [box-a4 vs pricey-a1]: 17 <= 24\n"
                   "ok max-build-total-usd [box-b2 vs b-1]: 28927.20 <= 60000.00\n"
                   "FAIL max-payback-months [box-b2 vs b-1]: never pays back within the horizon (limit 24)\n");
    CHECK_FALSE(r.out.empty());  // the report still goes to stdout for the CI log
}

TEST_CASE("check gates: monthly spend of the cheaper side, cloud total, expect, max age") {
    // box-b2: cloud is cheaper; $22,560 / 24 months = $940 a month.
    auto r = run_gpucost(check_args(
        {"--build", "box-b2", "--max-monthly-usd", "940", "--max-cloud-total-usd", "22559.99", "--expect", "build"}));
    CHECK(r.exit_code == 1);
    CHECK(r.err == "FAIL max-cloud-total-usd: 22560.00 > 22559.99\n"
                   "ok max-monthly-usd: 940.00 <= 940.00\n"
                   "FAIL expect: cloud is cheaper, expected build\n");
    // The oldest figure under box-b2 is gpu-b, as of 2025-06 (read as 2025-06-01): 2026-06-01 is 365 days later.
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-06-01");
    r = run_gpucost(check_args({"--build", "box-b2", "--max-age-days", "365"}));
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::Contains("ok max-age-days: 365 <= 365"));
    r = run_gpucost(check_args({"--build", "box-b2", "--max-age-days", "364"}));
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("FAIL max-age-days: 365 > 364"));
}

TEST_CASE("check JSON adds a checks array: name, build, cloud, limit, value, passed") {
    const auto r = run_gpucost(check_args({"--max-payback-months", "20", "--format", "json"}));
    CHECK(r.exit_code == 1);
    const auto j = nlohmann::json::parse(r.out).at("check");
    REQUIRE(j["checks"].size() == 2);
    CHECK(j["checks"][0] == nlohmann::json::parse(R"({"name": "max-payback-months", "build_id": "box-a4",
        "cloud_id": "pricey-a1", "limit": 20.0, "value": 17.0, "passed": true})"));
    CHECK(j["checks"][1]["value"].is_null());
    CHECK(j["checks"][1]["passed"] == false);
    CHECK(run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--format", "json"}).out.find("\"checks\"") ==
          std::string::npos);  // compare's contract is unchanged
}

TEST_CASE("check usage errors exit 2") {
    CHECK(run_gpucost(check_args({"--expect", "buidl"})).exit_code == 2);
    CHECK_THAT(run_gpucost(check_args({"--expect", "buidl"})).err, Catch::Contains("did you mean \"build\""));
    CHECK(run_gpucost(check_args({"--max-monthly-usd", "-1"})).exit_code == 2);
    CHECK(run_gpucost(check_args({"--max-payback-months", "soon"})).exit_code == 2);
}

TEST_CASE("check markdown golden") {
    const auto r = run_gpucost(check_args({"--max-payback-months", "20", "--format", "markdown"}));
    CHECK(r.exit_code == 1);
    check_golden("check_all.md", r.out);
}

TEST_CASE("check_report: a probability gate's simulation adds its own warnings once, after the report's") {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-11-30");
    // The simulation makes the compare report again (with its two stale figures: gpu-a 319 days, box-a4 302 days
    // old); only what it adds (no range applies to box-a4) follows them, not a second copy of the report's.
    const auto r = run_gpucost(check_args({"--build", "box-a4", "--min-p-build-cheaper", "0.5", "--max-age-days", "250",
                                           "--draws", "100", "--format", "json"}));
    CHECK(r.exit_code == 1);  // 319 > 250: the age gate fails; owning wins every draw of no range: p = 1 >= 0.5
    const auto document = nlohmann::json::parse(r.out);
    CHECK(document.at("warnings") ==
          nlohmann::json{"stale figure: GPU gpu-a is as of 2026-01-15, 319 days old (more than --max-age-days 250)",
                         "stale figure: build box-a4 is as of 2026-02-01, 302 days old (more than --max-age-days 250)",
                         "box-a4 vs pricey-a1: no range applies; its figures are the point values"});
    CHECK(r.err.find("FAIL max-age-days: 319 > 250\nok min-p-build-cheaper: 1.0000 >= 0.5000\n") != std::string::npos);
}
