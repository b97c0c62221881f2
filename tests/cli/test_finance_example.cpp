// docs/finance.md's worked example, reproduced from the command line on its own catalogue
// (tests/data/finance_example.json: one $100,000 GPU and no other cost, against one GPU at $2 an hour, 168 h/week,
// 36 months, no discounting, resale straight-line to 0 over 5 years). Each figure is worked out by hand beside it,
// then looked for in the page as the page prints it, so neither the page nor gpucost can drift from the other.
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using Catch::Matchers::Contains;
using gpucost::test::read_file;
using gpucost::test::run_gpucost;
using gpucost::test::test_path;

namespace {

// The one comparison of `compare` with the example's catalogue and `flags`, as JSON.
nlohmann::json example(const std::vector<std::string>& flags) {
    std::vector<std::string> args = {
        "compare", "--catalog", test_path("data/finance_example.json"), "--build", "box-x1", "--format", "json"};
    args.insert(args.end(), flags.begin(), flags.end());
    const auto r = run_gpucost(args);
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out)["report"]["comparisons"][0];
}

double build(const nlohmann::json& c, const char* key) { return c["build"]["breakdown_usd"][key].get<double>(); }

// A figure as the page prints it: thousands separated by commas, two decimals unless whole.
std::string printed(double usd) {
    const long long cents = std::llround(std::fabs(usd) * 100.0);
    const std::string digits = std::to_string(cents / 100);
    std::string whole;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) whole += ',';
        whole += digits[i];
    }
    return cents % 100 == 0 ? whole : fmt::format("{}.{:02}", whole, cents % 100);
}

const std::string& page() {
    static const std::string text = read_file(std::string(GPUCOST_SOURCE_DIR) + "/docs/finance.md");
    return text;
}

// The figure is `want` to the cent, and the page prints it.
void on_page(double got, double want) {
    CHECK(got == Approx(want).margin(0.005));
    CHECK_THAT(page(), Contains(printed(want)));
}

}  // namespace

TEST_CASE("docs/finance.md worked example: cash before tax, from the CLI") {
    const nlohmann::json c = example({});
    // build: 100,000 - 100,000 x (1 - 36 / 60) = 60,000; cloud: 36 x 730 h x $2 = 52,560
    on_page(c["build"]["total_usd"].get<double>(), 60000.0);
    on_page(c["cloud"]["total_usd"].get<double>(), 52560.0);
    on_page(c["savings_usd"].get<double>(), 7440.0);
}

TEST_CASE("docs/finance.md worked example: a loan at 9 % over 36 months, from the CLI") {
    const nlohmann::json c = example({"--financing", "loan", "--loan-rate", "0.09", "--loan-term-months", "36"});
    // payment 100,000 x 0.0075 / (1 - 1.0075^-36) = 3,179.97; interest 36 x 3,179.9733 - 100,000 = 14,479.04
    on_page(build(c, "interest"), 14479.04);
    CHECK(build(c, "financing") == Approx(0.0).margin(1e-6));  // -100,000 drawn + 100,000 repaid
    on_page(c["build"]["total_usd"].get<double>(), 74479.04);
    CHECK_THAT(page(), Contains("$3,179.97"));
    // Over 24 months: interest 12,682.07; the month-24 financing flow is its principal (3,179.97 - that month's
    // interest) plus the balance still owed, 36,362.72, paid off with the sale.
    const auto r = run_gpucost({"cashflow", "--catalog", test_path("data/finance_example.json"), "--build", "box-x1",
                                "--financing", "loan", "--loan-rate", "0.09", "--loan-term-months", "36", "--years",
                                "2", "--format", "json"});
    REQUIRE(r.exit_code == 0);
    double interest = 0.0;
    double interest_24 = 0.0;
    double financing_24 = 0.0;
    const nlohmann::json flows = nlohmann::json::parse(r.out);
    for (const auto& row : flows["cash_flow"]["rows"]) {
        if (row["category"] == "interest") interest += row["amount_usd"].get<double>();
        if (row["month"] == 24 && row["category"] == "interest") interest_24 = row["amount_usd"].get<double>();
        if (row["month"] == 24 && row["category"] == "financing") financing_24 = row["amount_usd"].get<double>();
    }
    on_page(interest, 12682.07);
    on_page(financing_24 - (3179.9732660 - interest_24), 36362.72);
}

TEST_CASE("docs/finance.md worked example: a lease at a factor of 0.03, each end, from the CLI") {
    const std::vector<std::string> lease = {"--financing",         "lease", "--lease-rate-factor", "0.03",
                                            "--lease-term-months", "36"};
    auto with_end = [&](const char* end) {
        std::vector<std::string> flags = lease;
        flags.insert(flags.end(), {"--lease-end", end});
        return example(flags);
    };
    const nlohmann::json returned = with_end("return");
    on_page(build(returned, "financing"), 8000.0);  // -100,000 + 36 x 3,000
    CHECK(build(returned, "resale") == 0.0);        // the machine goes back
    on_page(returned["build"]["total_usd"].get<double>(), 108000.0);
    const nlohmann::json fmv = with_end("fmv");
    on_page(build(fmv, "financing"), 48000.0);  // 8,000 + the 40,000 the machine is worth at month 36
    CHECK(fmv["build"]["total_usd"].get<double>() == Approx(108000.0));  // 100,000 + 48,000 - 40,000
    const nlohmann::json one_dollar = with_end("one-dollar");
    CHECK(build(one_dollar, "financing") == Approx(1.0));  // -100,000 + 36 x 2,777.78 + $1
    on_page(build(one_dollar, "interest"), 8000.0);        // 36 x (3,000 - 100,000 / 36)
    CHECK_THAT(page(), Contains("2,777.78") && Contains("222.22"));
}

TEST_CASE("docs/finance.md worked example: tax at 21 % with MACRS and no bonus, from the CLI") {
    const nlohmann::json c = example({"--tax-rate", "0.21", "--bonus-depreciation", "0"});
    // cloud: 0.21 x 52,560 = 11,037.60 saved; after tax 41,522.40
    on_page(c["cloud"]["breakdown_usd"]["tax_deduction"].get<double>(), -11037.60);
    on_page(c["cloud"]["total_usd"].get<double>(), 41522.40);
    // build: sold in tax year 3: 20,000 + 32,000 + 19,200 / 2 = 61,600 deducted, saving 0.21 x 61,600 = 12,936;
    // adjusted basis 38,400, sold at 40,000: 0.21 x 1,600 = 336 on the sale
    on_page(-build(c, "depreciation"), 12936.0);
    on_page(build(c, "tax_on_sale"), 336.0);
    on_page(c["build"]["total_usd"].get<double>(), 47400.0);  // 100,000 - 40,000 - 12,936 + 336
    on_page(c["savings_usd"].get<double>(), 5877.60);
    CHECK(c["pre_tax"]["savings_usd"].get<double>() == Approx(7440.0));
}

TEST_CASE("docs/finance.md worked example: the timing of a 100 % bonus deduction, from the CLI") {
    const std::vector<std::string> base = {"--tax-rate", "0.21", "--bonus-depreciation", "1", "--discount-rate", "0.1"};
    auto timed = [&](const char* timing) {
        std::vector<std::string> flags = base;
        flags.insert(flags.end(), {"--tax-timing", timing});
        return example(flags);
    };
    // 21,000 at month 12: 21,000 / 1.1 = 19,090.91
    on_page(-build(timed("year-end"), "depreciation"), 19090.91);
    // 1,750 in each of months 1..12: 1,750 x (1.1^(-1/12) + ... + 1.1^(-12/12)) = 19,950.85
    on_page(-build(timed("month"), "depreciation"), 19950.85);
}
