// Budget gates in the scenario file (`"gates"`): `check --scenario FILE` judges them as it judges the flags, a flag
// wins over the file's gate of the same name, and a bad gate is named at its JSON path (exit 3).
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::run_gpucost;
using gpucost::test::RunResult;

namespace {

// A scenario file of its own.
struct ScenarioFile : gpucost::test::TempFile {
    explicit ScenarioFile(const std::string& text)
        : gpucost::test::TempFile(text, "gpucost.json") {}
};

// box-a4 of the mini catalogue at its own assumptions (84 h/week, 24 months): build $66,335, cloud $118,920, owning
// cheaper, paid back in month 17; its oldest figure is 2026-01-15, 320 days before 2026-12-01.
RunResult check(const ScenarioFile& scenario, std::vector<std::string> extra = {}) {
    const gpucost::test::ScopedEnv today("GPUCOST_TODAY", "2026-12-01");
    std::vector<std::string> args = {
        "check", "--catalog", "data/mini_catalog.json", "--scenario", scenario.path.string(), "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_gpucost(args);
}

}  // namespace

TEST_CASE("check: the scenario's gates are judged like flags", "[check][scenario]") {
    const ScenarioFile s(R"({"build": "box-a4", "gates": {"max_payback_months": 12, "expect": "build",
                                                          "max_age_days": 30}})");
    const RunResult r = check(s);
    CHECK(r.exit_code == 1);
    CHECK(r.err == "FAIL max-payback-months: 17 > 12\n"
                   "ok expect: build is cheaper\n"
                   "FAIL max-age-days: 320 > 30\n");
}

TEST_CASE("check: a flag wins over the scenario's gate of the same name, the others still apply", "[check][scenario]") {
    const ScenarioFile s(R"({"build": "box-a4", "gates": {"max_payback_months": 12, "expect": "cloud"}})");
    const RunResult r = check(s, {"--max-payback-months", "24", "--max-age-days", "365"});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "ok max-payback-months: 17 <= 24\n"
                   "FAIL expect: build is cheaper, expected cloud\n"
                   "ok max-age-days: 320 <= 365\n");
    const RunResult passed = check(s, {"--expect", "build"});
    CHECK(passed.exit_code == 1);  // the file's payback gate (12) still fails: 17 > 12
    CHECK(passed.err == "FAIL max-payback-months: 17 > 12\nok expect: build is cheaper\n");
}

TEST_CASE("check: every bad gate of the scenario is named at its path, exit 3", "[check][scenario]") {
    const ScenarioFile s(R"({"gates": {"expect": "own", "max_payback_month": 24, "max_age_days": 3.5,
                                       "min_p_build_cheaper": 2, "max_upfront_usd": "lots"}})");
    const RunResult r = check(s);
    const std::string file = s.path.string();
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: " + file + ": /gates/expect: must be \"build\" or \"cloud\", got \"own\"\n" +
                       "gpucost: error: " + file +
                       ": /gates/max_age_days: must be a whole number of days in [0, 36500], got 3.5\n" +
                       "gpucost: error: " + file +
                       ": /gates/max_payback_month: unknown gate (did you mean \"max_payback_months\"?); see "
                       "'gpucost check --help'\n" +
                       "gpucost: error: " + file + ": /gates/max_upfront_usd: must be a number, got \"lots\"\n" +
                       "gpucost: error: " + file +
                       ": /gates/min_p_build_cheaper: must be a probability in [0, 1], got 2\n");
    const ScenarioFile not_object(R"({"gates": [24]})");
    const RunResult shape = check(not_object);
    CHECK(shape.exit_code == 3);
    CHECK(shape.err == "gpucost: error: " + not_object.path.string() +
                           ": /gates: must be an object of budget gates (\"max_payback_months\": 24, ...), got an "
                           "array\n");
}

TEST_CASE("compare: a scenario's gates are check's alone and change nothing else", "[check][scenario]") {
    const ScenarioFile with(R"({"build": "box-a4", "gates": {"max_payback_months": 12}})");
    const ScenarioFile without(R"({"build": "box-a4"})");
    const RunResult a = run_gpucost(
        {"compare", "--catalog", "data/mini_catalog.json", "--scenario", with.path.string(), "--format", "csv"});
    const RunResult b = run_gpucost(
        {"compare", "--catalog", "data/mini_catalog.json", "--scenario", without.path.string(), "--format", "csv"});
    CHECK(a.exit_code == 0);
    CHECK(a.out == b.out);
}

TEST_CASE("check --format markdown: the gate summary and the checks come before the report", "[check]") {
    const RunResult failed = run_gpucost(
        {"check", "--catalog", "data/mini_catalog.json", "--max-payback-months", "20", "--format", "markdown"});
    CHECK(failed.exit_code == 1);
    // box-a4 pays back in month 17 (ok), box-b2 never (FAIL): one of the two checks failed.
    CHECK(failed.out.rfind("### Checks\n\n**1 of 2 gate checks FAILED.**\n\n| result |", 0) == 0);
    CHECK(failed.out.find("### Checks") < failed.out.find("### Build or rent"));
    const RunResult passed = run_gpucost({"check", "--catalog", "data/mini_catalog.json", "--max-payback-months", "20",
                                          "--build", "box-a4", "--format", "markdown"});
    CHECK(passed.exit_code == 0);
    CHECK(passed.out.rfind("### Checks\n\n**1 gate check passed, none failed.**\n\n", 0) == 0);
}
