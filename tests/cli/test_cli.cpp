// The command line as users see it: golden files for every format, help and key error messages,
// and the exit-code contract. Runs in-process through gpucost::run, from the tests/ folder; the determinism case also
// runs the built program.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/util/text.hpp"
#include "gpucost/version.hpp"
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

TEST_CASE("compare ranks every build: table, JSON, CSV and HTML goldens") {
    check_success_golden(compare_args({"--hours-per-week", "40"}), "compare_all.txt");
    check_success_golden(compare_args({"--hours-per-week", "40", "--format", "json"}), "compare_all.json");
    check_success_golden(compare_args({"--hours-per-week", "40", "--format", "csv"}), "compare_all.csv");
    check_success_golden(compare_args({"--hours-per-week", "40", "--format", "html"}), "compare_all.html");
}

TEST_CASE("compare --build reports one build in detail: table, JSON, CSV, markdown and HTML goldens") {
    check_success_golden(compare_args({"--build", "box-a4"}), "compare_box_a4.txt");
    check_success_golden(compare_args({"--build", "box-a4", "--format", "json"}), "compare_box_a4.json");
    check_success_golden(compare_args({"--build", "box-a4", "--format", "csv"}), "compare_box_a4.csv");
    check_success_golden(compare_args({"--build", "box-a4", "--format", "markdown"}), "compare_box_a4.md");
    check_success_golden(compare_args({"--build", "box-a4", "--format", "html"}), "compare_box_a4.html");
    check_success_golden(compare_args({"--build", "box-b2", "--cloud", "b-1", "--pricing", "spot", "--discount-rate",
                                       "0.08", "--idle", "off", "--months", "30"}),
                         "compare_box_b2_spot.txt");
    // Issue 20 in words. box-b2 (2 GPUs) on two 1-GPU spot instances, 24/7, down 2 x 60 h a year: downtime 10 h a
    // month (1 - 10 / 730 = 98.6% available), all of it used at 168 h/week, covered at b-1's $0.50 on demand x 2 =
    // $1/h: 10 x $1 x 12 = $120 at rate 0; the job stops 2 x 0.2 = 0.4 times a month and re-runs add
    // 2 x 0.2 x 1 / 730 = 0.05%.
    const std::vector<std::string> down = {"--build",
                                           "box-b2",
                                           "--cloud",
                                           "b-1",
                                           "--pricing",
                                           "spot",
                                           "--hours-per-week",
                                           "168",
                                           "--failures-per-machine-year",
                                           "2",
                                           "--repair-hours",
                                           "60",
                                           "--planned-maintenance-hours-per-year",
                                           "0",
                                           "--spot-interruptions-per-instance-month",
                                           "0.2",
                                           "--spot-restart-hours",
                                           "1",
                                           "--months",
                                           "12"};
    check_success_golden(compare_args(down), "compare_box_b2_down_spot.txt");
    std::vector<std::string> down_md = down;
    down_md.insert(down_md.end(), {"--format", "markdown"});
    check_success_golden(compare_args(down_md), "compare_box_b2_down_spot.md");
    // --downtime lost: 2 GPUs x 10 h x 12 months = 240 GPU-hours, no cover.
    std::vector<std::string> lost = down;
    lost.insert(lost.end(), {"--downtime", "lost", "--format", "html"});
    check_success_golden(compare_args(lost), "compare_box_b2_down_lost.html");
    // box-a4 (4 GPUs) on cheap-a8 (8 GPUs): not like for like in size. Per GPU, $16 / 8 x 4 = $8/h; the cloud side
    // falls by 365 h x 24 months x $8 = $70,080, so owning saves $87,625 - $70,080 = $17,545.
    check_success_golden(compare_args({"--build", "box-a4", "--cloud", "cheap-a8"}), "compare_box_a4_on_a8.txt");
}

TEST_CASE("help texts") {
    check_success_golden({"--help"}, "help.txt");
    check_success_golden({"compare", "--help"}, "help_compare.txt");
}

TEST_CASE("compare output is byte-identical across processes, environments and working directories") {
    // Two real processes (fresh address-space layouts, fresh heaps) with GPUCOST_TODAY unset, the environment in
    // opposite orders, different locale and time-zone settings and working directories, must print the same bytes
    // as each other and as the in-process run: no output may depend on addresses, uninitialised memory, the
    // environment's order, the locale, the local time zone or the working directory. The embedded catalogue is
    // used, so no path is relative to the working directory. (The clock is real: the runs are seconds apart.)
    std::vector<std::string> base;
    for (std::string& entry : gpucost::test::current_environment())
        if (entry.rfind("GPUCOST_TODAY=", 0) != 0 && entry.rfind("TZ=", 0) != 0 && entry.rfind("LC_", 0) != 0 &&
            entry.rfind("LANG=", 0) != 0)
            base.push_back(std::move(entry));
    std::vector<std::string> first_env = base;
    first_env.insert(first_env.end(), {"TZ=UTC", "LC_ALL=C"});
    std::vector<std::string> second_env(base.rbegin(), base.rend());
    second_env.insert(second_env.begin(), {"LC_ALL=C.UTF-8", "LANG=C.UTF-8", "TZ=UTC-14"});  // UTC+14, Kiribati

    const gpucost::test::ScopedEnv no_today("GPUCOST_TODAY", nullptr);
    for (const char* format : {"table", "json", "csv", "markdown"}) {
        CAPTURE(format);
        const std::vector<std::string> args = {"compare", "--hours-per-week", "60", "--format", format};
        std::vector<std::string> argv = {gpucost::test::gpucost_binary()};
        argv.insert(argv.end(), args.begin(), args.end());
        const auto first = gpucost::test::run_program(argv, first_env, GPUCOST_TESTS_DIR);
        const auto second = gpucost::test::run_program(argv, second_env, "/");
        const auto in_process = run_gpucost(args);
        REQUIRE(first.exit_code == 0);
        REQUIRE(first.out.size() > 200);  // a real report, not an empty one that trivially matches
        CHECK(second.exit_code == 0);
        CHECK(first.out == second.out);
        CHECK(first.err == second.err);
        CHECK(first.out == in_process.out);
    }
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

TEST_CASE("version flag names the version CMake generated and the embedded catalogue date") {
    // k_version comes from project(VERSION) through cmake/version.hpp.in, so a version bump needs no test edit.
    const std::string version = gpucost::k_version;
    CHECK_THAT(version, Catch::Matchers::Matches("[0-9]+\\.[0-9]+\\.[0-9]+"));
    const std::string as_of = gpucost::load_embedded_catalog().as_of;
    CHECK(gpucost::is_valid_date(as_of));
    const auto r = run_gpucost({"--version"});
    CHECK(r.exit_code == 0);
    CHECK(r.out == "gpucost " + version + " (embedded catalogue as of " + as_of + ")\n");
    CHECK(r.err.empty());
}
