// No negative zero anywhere (issue 10): an ordinary input with no resale, or a flag typed as -0, never shows "-0" in
// JSON, CSV or the table.
#include <string>

#include <catch2/catch.hpp>

#include "test_support.hpp"

using gpucost::test::run_gpucost;

namespace {

std::string output(std::vector<std::string> args, const std::string& format) {
    args.insert(args.end(), {"--catalog", "data/mini_catalog.json", "--format", format});
    const auto r = run_gpucost(args);
    REQUIRE(r.exit_code == 0);
    return r.out;
}

}  // namespace

TEST_CASE("no resale credit is 0, not -0, in every format") {
    // Residual 0 at the end of a 1-year life, 24 months in: nothing is left to sell, a credit of exactly zero.
    const std::vector<std::string> args = {
        "compare", "--build", "box-b2", "--residual-value", "0", "--useful-life-years", "1"};
    const std::string json = output(args, "json");
    CHECK(json.find("\"resale\": 0.0") != std::string::npos);
    CHECK(json.find("-0.0") == std::string::npos);
    const std::string csv = output(args, "csv");
    CHECK(csv.find(",0,") != std::string::npos);
    CHECK(csv.find(",-0,") == std::string::npos);
    const std::string table = output(args, "table");
    CHECK(table.find("-$0") == std::string::npos);
    CHECK(output({"cashflow", "--build", "box-b2", "--residual-value", "0", "--useful-life-years", "1"}, "csv")
              .find(",-0") == std::string::npos);
}

TEST_CASE("a flag typed as -0 is 0 in the report") {
    const std::string json = output({"compare", "--build", "box-b2", "--hours-per-week", "-0"}, "json");
    CHECK(json.find("\"hours_per_week\": 0.0") != std::string::npos);
    CHECK(json.find("-0.0") == std::string::npos);
    CHECK(output({"compare", "--build", "box-b2", "--hours-per-week", "-0"}, "csv").find(",-0,") == std::string::npos);
}
