// `gpucost diff` as users get it: every format of a diff of two fixture runs (goldens), a run written in another
// currency read back in US dollars, and one clear line with exit code 3 or 2 for each kind of wrong input.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;
using gpucost::test::test_path;

namespace {

// tests/data/diff_before.json: compare --catalog data/mini_catalog.json --hours-per-week 40 --format json;
// diff_after.json: the same at --hours-per-week 168 --pue 1.2 (box-b2 flips to owning); diff_after_eur.json:
// diff_after.json's run with --currency EUR --usd-rate 0.5.
const std::string k_before = "data/diff_before.json";
const std::string k_after = "data/diff_after.json";

std::string diff_ok(std::vector<std::string> extra, const std::string& after = k_after) {
    std::vector<std::string> args = {"diff", k_before, after};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_gpucost(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.empty());
    return r.out;
}

// A run's JSON (or anything else) in a file of its own.
struct TempFile : gpucost::test::TempFile {
    explicit TempFile(const std::string& text)
        : gpucost::test::TempFile(text, "run.json") {}
};

// One line on stderr, exit code `code`, nothing on stdout.
void check_refused(const std::string& file, int code, const std::string& message) {
    const auto r = run_gpucost({"diff", k_before, file});
    CHECK(r.exit_code == code);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: " + message + "\n");
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("diff: every format of the fixture runs' diff (goldens)", "[diff]") {
    check_golden("diff_mini.txt", diff_ok({}));
    check_golden("diff_mini.md", diff_ok({"--format", "markdown"}));
    check_golden("diff_mini.json", diff_ok({"--format", "json"}));
    check_golden("diff_mini.csv", diff_ok({"--format", "csv"}));
}

TEST_CASE("diff: the flip, the changes as after less before, and the assumptions that differ", "[diff]") {
    const auto body = nlohmann::json::parse(gpucost::test::json_body(diff_ok({"--format", "json"})));
    CHECK(body["summary"]["builds_changed"] == 2);
    CHECK(body["summary"]["verdict_flips"] == 1);
    const auto& b2 = body["builds"][1];
    REQUIRE(b2["build_id"] == "box-b2");
    CHECK(b2["verdict_flipped"] == true);
    // box-b2 at 40 h/week: cloud 17,971.43 - build 28,101.26 = -10,129.83 (renting wins); at 168 h/week and PUE
    // 1.2: 31,320.00 - 31,204.80 = 115.20 (owning wins); change 115.20 + 10,129.83 = 10,245.03.
    CHECK_THAT(b2["before"]["owning_saves_usd"].get<double>(), Catch::Matchers::WithinAbs(-10'129.83, 0.01));
    CHECK_THAT(b2["after"]["owning_saves_usd"].get<double>(), Catch::Matchers::WithinAbs(115.20, 0.01));
    CHECK_THAT(b2["change"]["owning_saves_usd"].get<double>(), Catch::Matchers::WithinAbs(10'245.03, 0.01));
    REQUIRE(body["assumptions"].size() == 2);
    CHECK(body["assumptions"][0]["key"] == "hours_per_week");
    CHECK(body["assumptions"][1]["key"] == "pue");
    CHECK(body["assumptions"][1]["before"] == 1.5);
    CHECK(body["assumptions"][1]["after"] == 1.2);
}

TEST_CASE("diff: a run written in EUR is read back in US dollars", "[diff]") {
    // diff_after_eur.json holds every amount at 0.5 EUR per US dollar under *_eur keys: the same figures in USD.
    const auto usd = nlohmann::json::parse(gpucost::test::json_body(diff_ok({"--format", "json"})));
    const auto eur =
        nlohmann::json::parse(gpucost::test::json_body(diff_ok({"--format", "json"}, "data/diff_after_eur.json")));
    CHECK(usd["builds"] == eur["builds"]);
}

TEST_CASE("diff: wrong input is one line, exit 3 for a file, 2 for the command line", "[diff]") {
    const std::string run = read_file(test_path(k_after));
    {
        const TempFile f("build,total\n");
        check_refused(f.path.string(), 3,
                      f.path.string() +
                          ": line 1, column 1: invalid JSON: unexpected word build; expected a value (a string needs "
                          "double quotes)");
    }
    check_refused("data/mini_catalog.json", 3,
                  "data/mini_catalog.json: not a gpucost JSON output (no \"schema_version\" and \"command\"); make "
                  "one with gpucost compare --format json");
    {
        const TempFile f(replaced(run, "\"command\": \"compare\"", "\"command\": \"rank\""));
        check_refused(f.path.string(), 3,
                      f.path.string() +
                          ": the JSON output of \"rank\", not of compare or check; make one with gpucost compare "
                          "--format json");
    }
    {
        const TempFile f(replaced(run, "\"schema_version\": 2", "\"schema_version\": 1"));
        check_refused(f.path.string(), 3,
                      f.path.string() +
                          ": schema_version 1, but this gpucost reads 2: make both runs with the same gpucost");
    }
    {
        const TempFile f(replaced(run, "\"savings_usd\"", "\"savings\""));
        check_refused(f.path.string(), 3,
                      f.path.string() +
                          ": /report/comparisons/0/savings_usd: missing: every comparison of a compare output has it");
    }
    check_refused("data/no-such-run.json", 3, "data/no-such-run.json: no such file");
    const auto one = run_gpucost({"diff", k_before});
    CHECK(one.exit_code == 2);
    CHECK(one.out.empty());
}
