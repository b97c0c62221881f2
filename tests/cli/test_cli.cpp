// The command line as users see it: golden files for every format, help and key error messages,
// and the exit-code contract. Runs in-process through gpucost::run, from the tests/ folder.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;

namespace {

// The fixture catalogue: round numbers, so the goldens can be checked by hand (see test_report.cpp).
const std::string k_mini = "data/mini_catalog.json";

std::vector<std::string> compare_args(std::vector<std::string> extra) {
    std::vector<std::string> args = {"compare", "--catalog", k_mini};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

void check_success_golden(const std::vector<std::string>& args, const std::string& golden) {
    const auto r = run_gpucost(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    check_golden(golden, r.out);
}

void check_error_golden(const std::vector<std::string>& args, int exit_code, const std::string& golden) {
    const auto r = run_gpucost(args);
    CHECK(r.exit_code == exit_code);
    CHECK(r.out.empty());  // nothing partial on stdout
    check_golden(golden, r.err);
}

}  // namespace

TEST_CASE("compare ranks every build: table, JSON and CSV goldens") {
    check_success_golden(compare_args({"--hours-per-week", "40"}), "compare_all.txt");
    check_success_golden(compare_args({"--hours-per-week", "40", "--format", "json"}), "compare_all.json");
    check_success_golden(compare_args({"--hours-per-week", "40", "--format", "csv"}), "compare_all.csv");
}

TEST_CASE("compare --build reports one build in detail: table, JSON and CSV goldens") {
    check_success_golden(compare_args({"--build", "box-a4"}), "compare_box_a4.txt");
    check_success_golden(compare_args({"--build", "box-a4", "--format", "json"}), "compare_box_a4.json");
    check_success_golden(compare_args({"--build", "box-a4", "--format", "csv"}), "compare_box_a4.csv");
    check_success_golden(compare_args({"--build", "box-b2", "--cloud", "b-1", "--pricing", "spot", "--discount-rate",
                                       "0.08", "--idle", "off", "--months", "30"}),
                         "compare_box_b2_spot.txt");
}

TEST_CASE("help texts") {
    check_success_golden({"--help"}, "help.txt");
    check_success_golden({"compare", "--help"}, "help_compare.txt");
}

TEST_CASE("output is byte-identical from run to run") {
    const auto args = compare_args({"--format", "json"});
    CHECK(run_gpucost(args).out == run_gpucost(args).out);
}

TEST_CASE("usage errors exit 2 with one line naming the flag, the value and the valid range") {
    check_error_golden(compare_args({"--hours-per-week", "169"}), 2, "error_hours_range.txt");
    check_error_golden(compare_args({"--pue", "abc", "--residual-value", "1.5"}), 2, "error_two_flags.txt");
    check_error_golden(compare_args({"--hours-per-weak", "40"}), 2, "error_unknown_flag.txt");
    check_error_golden(compare_args({"--format", "xml"}), 2, "error_format.txt");
    check_error_golden(compare_args({"--pricing", "reserved"}), 2, "error_pricing.txt");
    check_error_golden(compare_args({"--years", "0"}), 2, "error_years_zero.txt");
    check_error_golden({"frobnicate"}, 2, "error_unknown_command.txt");
    check_error_golden({}, 2, "error_no_command.txt");
}

TEST_CASE("data errors exit 3 and name the id, with a suggestion") {
    check_error_golden(compare_args({"--build", "box-a5"}), 3, "error_unknown_build.txt");
    check_error_golden(compare_args({"--build", "box-a4", "--cloud", "cheap-a9"}), 3, "error_unknown_offer.txt");
    check_error_golden(compare_args({"--build", "box-a4", "--cloud", "pricey-a1", "--pricing", "spot"}), 3,
                       "error_offer_lacks_pricing.txt");
    check_error_golden(compare_args({"--build", "box-a4", "--pricing", "reserved-3y"}), 3, "error_no_offer.txt");
    check_error_golden({"compare", "--catalog", "data/no-such-file.json"}, 3, "error_missing_file.txt");
    check_error_golden({"compare", "--catalog", "data/bad/invalid_json.json"}, 3, "error_invalid_json.txt");
    check_error_golden({"compare", "--catalog", "data/bad/many_problems.json"}, 3, "error_many_problems.txt");
}

TEST_CASE("compare: a cloud offer without a build is a usage error") {
    const auto r = run_gpucost(compare_args({"--cloud", "b-1"}));
    CHECK(r.exit_code == 2);
    CHECK(r.err == "gpucost: error: --cloud needs --build: an offer is compared with one build\n");
}

TEST_CASE("version flag names the embedded catalogue date") {
    const auto r = run_gpucost({"--version"});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Matchers::StartsWith("gpucost 0.1.0 (embedded catalogue as of 20"));
}
