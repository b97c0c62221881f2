// Financing and tax through the whole CLI (issue 24): a compare run on the mini catalogue with figures worked out
// by hand, every format showing the verdict before tax, and the bad input that gets one line and its exit code.
// The mini catalogue: box-a4 costs 4 x 10,000 + 10,000 = $50,000 of hardware and $1,000 of setup; 2 years (24
// months) at a discount rate of 0, so every amount is its own present value; its straight-line resale after 24 of
// 48 months of life, residual 0.2: 50,000 x (1 - 0.8 x 24 / 48) = $30,000.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "temp_file.hpp"
#include "test_support.hpp"

using Catch::Matchers::WithinAbs;
using gpucost::test::run_gpucost;
using gpucost::test::test_path;
using nlohmann::json;

namespace {

std::vector<std::string> compare_args(std::vector<std::string> flags) {
    std::vector<std::string> args = {"compare", "--catalog", test_path("data/mini_catalog.json"), "--build", "box-a4",
                                     "--cloud", "cheap-a8"};
    args.insert(args.end(), flags.begin(), flags.end());
    return args;
}

// The first comparison of a compare run's JSON.
json comparison(std::vector<std::string> flags) {
    flags.insert(flags.end(), {"--format", "json"});
    const auto r = run_gpucost(compare_args(flags));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return json::parse(r.out).at("report").at("comparisons").at(0);
}

double sum_of(const json& breakdown, std::initializer_list<const char*> keys) {
    double sum = 0.0;
    for (const char* key : keys) sum += breakdown.at(key).get<double>();
    return sum;
}

}  // namespace

TEST_CASE("finance cli: a loan's interest in compare, by hand", "[finance]") {
    const json cash = comparison({});
    CHECK_FALSE(cash.at("build").at("breakdown_usd").contains("interest"));  // no finance rows without finance
    CHECK_FALSE(cash.contains("pre_tax"));
    const json loan =
        comparison({"--financing", "loan", "--loan-rate", "0.12", "--loan-term-months", "24", "--down-payment", "0.2"});
    const json& b = loan.at("build").at("breakdown_usd");
    // 40,000 borrowed at 1 % a month over 24 months: 40,000 x 0.01 / (1 - 1.01^-24) = 1,882.938889 a month,
    // 24 x 1,882.938889 - 40,000 = 5,190.53 of interest; the principal nets to 0 undiscounted.
    CHECK_THAT(b.at("interest").get<double>(), WithinAbs(5'190.533334, 1e-5));
    CHECK_THAT(b.at("financing").get<double>(), WithinAbs(0.0, 1e-6));
    CHECK_THAT(loan.at("build").at("total_usd").get<double>(),
               WithinAbs(cash.at("build").at("total_usd").get<double>() + 5'190.533334, 1e-5));
    CHECK(loan.at("cloud").at("total_usd") == cash.at("cloud").at("total_usd"));
}

TEST_CASE("finance cli: a returned lease in compare, by hand", "[finance]") {
    const json cash = comparison({});
    const json lease = comparison({"--financing", "lease", "--lease-rate-factor", "0.05", "--lease-term-months", "24"});
    const json& b = lease.at("build").at("breakdown_usd");
    // 50,000 x 0.05 = 2,500 a month for 24 months: -50,000 + 60,000 = 10,000; the $30,000 resale goes back with it.
    CHECK_THAT(b.at("financing").get<double>(), WithinAbs(10'000.0, 1e-6));
    CHECK(b.at("resale").get<double>() == 0.0);
    CHECK_THAT(lease.at("build").at("total_usd").get<double>(),
               WithinAbs(cash.at("build").at("total_usd").get<double>() + 10'000.0 + 30'000.0, 1e-6));
}

TEST_CASE("finance cli: tax at 25 % with MACRS in compare, by hand, and the verdict before tax", "[finance]") {
    const json cash = comparison({});
    const json taxed = comparison({"--tax-rate", "0.25"});
    const json& b = taxed.at("build").at("breakdown_usd");
    const json& c = taxed.at("cloud").at("breakdown_usd");
    // Basis 50,000 + 1,000 = 51,000, sold in tax year 2 (half of its 32 %): 10,200 + 8,160 = 18,360 deducted,
    // saving 0.25 x 18,360 = 4,590. Adjusted basis 51,000 - 18,360 = 32,640, sold at 30,000: a loss of 2,640,
    // whose saving is 0.25 x 2,640 = 660.
    CHECK_THAT(b.at("depreciation").get<double>(), WithinAbs(-4'590.0, 1e-6));
    CHECK_THAT(b.at("tax_on_sale").get<double>(), WithinAbs(-660.0, 1e-6));
    // Running costs are deducted as paid: 25 % of each side's running rows.
    const double build_running = sum_of(b, {"power", "staff", "maintenance", "facility"});
    CHECK_THAT(b.at("tax_deduction").get<double>(), WithinAbs(-0.25 * build_running, 1e-6));
    const double cloud_running = sum_of(c, {"compute", "storage", "egress", "staff"});
    CHECK_THAT(c.at("tax_deduction").get<double>(), WithinAbs(-0.25 * cloud_running, 1e-6));
    // Before tax: today's totals, beside the after-tax verdict.
    const json& pre = taxed.at("pre_tax");
    CHECK_THAT(pre.at("build_total_usd").get<double>(),
               WithinAbs(cash.at("build").at("total_usd").get<double>(), 1e-6));
    CHECK_THAT(pre.at("cloud_total_usd").get<double>(),
               WithinAbs(cash.at("cloud").at("total_usd").get<double>(), 1e-6));
    CHECK(pre.at("cheaper") == cash.at("cheaper"));
    CHECK(pre.at("verdict").get<std::string>().rfind("Before tax: ", 0) == 0);
}

TEST_CASE("finance cli: every format shows the verdict before tax", "[finance]") {
    for (const char* format : {"table", "markdown", "html"}) {
        const auto r = run_gpucost(compare_args({"--tax-rate", "0.25", "--format", format}));
        INFO(format << ": " << r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("Before tax: ") != std::string::npos);
        CHECK(r.out.find("tax_on_sale") != std::string::npos);
    }
    const auto csv = run_gpucost(compare_args({"--tax-rate", "0.25", "--format", "csv"}));
    REQUIRE(csv.exit_code == 0);
    const std::string header = csv.out.substr(0, csv.out.find('\n'));
    CHECK(header.find(",build_financing_usd,build_interest_usd,build_tax_deduction_usd,build_depreciation_usd,"
                      "build_tax_on_sale_usd,cloud_tax_deduction_usd,build_pre_tax_total_usd,"
                      "cloud_pre_tax_total_usd,cheaper_pre_tax,savings_pre_tax_usd") != std::string::npos);
    // Without tax, none of it.
    const auto plain = run_gpucost(compare_args({"--format", "csv"}));
    CHECK(plain.out.find("pre_tax") == std::string::npos);
}

TEST_CASE("finance cli: bad terms get one line and exit 2 from a flag, 3 from a file", "[finance]") {
    const auto fails = [](const std::vector<std::string>& args, int code, const std::string& message) {
        const auto r = run_gpucost(args);
        CHECK(r.exit_code == code);
        CHECK(r.err == "gpucost: error: " + message + "\n");
        CHECK(r.out.empty());
    };
    fails(compare_args({"--financing", "lease", "--lease-rate-factor", "0.05", "--lease-term-months", "36"}), 2,
          "build \"box-a4\": lease_term_months 36 runs past the horizon of 24 months with lease_end return (12 "
          "payments would fall after the comparison ends); choose --lease-end fmv or one-dollar (the machine is "
          "bought out at the horizon's end for the remaining payments), or a term of 24 months");
    fails(compare_args({"--financing", "lease", "--lease-rate-factor", "0.05", "--lease-term-months", "12"}), 2,
          "build \"box-a4\": lease_term_months 12 ends before the horizon of 24 months with lease_end return (months "
          "13..24 would have no machine); choose --lease-end fmv or one-dollar (the machine is bought at the "
          "lease's end), or a term of 24 months");
    fails(compare_args({"--financing", "lease"}), 2,
          "build \"box-a4\": financing lease needs its payment: give --lease-usd-per-month (the quote's monthly "
          "payment) or --lease-rate-factor (payment per dollar of hardware); both are 0");
    // The same lease from a scenario file: the file gave it, exit 3.
    const gpucost::test::TempFile scenario(
        R"({"financing": "lease", "lease_rate_factor": 0.05, "lease_term_months": 36})", "scenario.json");
    const std::string file = scenario.path.string();
    fails({"compare", "--catalog", test_path("data/mini_catalog.json"), "--build", "box-a4", "--cloud", "cheap-a8",
           "--scenario", file},
          3,
          "build \"box-a4\": lease_term_months 36 runs past the horizon of 24 months with lease_end return (12 "
          "payments would fall after the comparison ends); choose --lease-end fmv or one-dollar (the machine is "
          "bought out at the horizon's end for the remaining payments), or a term of 24 months");
}
