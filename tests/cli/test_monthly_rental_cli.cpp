// A dedicated server rented by the month (issue 20 item 6a) through the CLI. tests/data/match_catalog.json's build
// hgx-8 (8 x gpu-h on NVSwitch) has the like-for-like h-8x-cloud at $24 an hour; tests/data/overlay/monthly_h8.json
// adds h-8x-monthly, the same machine at $10,000 a month with a $2,000 setup fee and a 12-month minimum term.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

using gpucost::test::run_gpucost;
using Json = nlohmann::json;

namespace {

std::vector<std::string> compare_args(std::vector<std::string> extra) {
    std::vector<std::string> args = {"compare",
                                     "--catalog",
                                     "data/match_catalog.json",
                                     "--add-catalog",
                                     "data/overlay/monthly_h8.json",
                                     "--build",
                                     "hgx-8",
                                     "--discount-rate",
                                     "0",
                                     "--years",
                                     "3"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

Json comparison(std::vector<std::string> extra) {
    extra.insert(extra.end(), {"--format", "json"});
    const auto r = run_gpucost(compare_args(extra));
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    return Json::parse(gpucost::test::json_flattened(r.out))["comparisons"][0];
}

}  // namespace

TEST_CASE("compare: the match picks a monthly rental where it is cheapest, and not where it is not") {
    // Round the clock the hourly offer bills 730 h x $24 = $17,520 a month against the rental's flat $10,000.
    const Json full = comparison({"--hours-per-week", "168"});
    CHECK(full["cloud"]["id"] == "h-8x-monthly");
    // 36 months x $10,000 = $360,000, undiscounted; the fee once: 1 server x $2,000.
    CHECK(full["cloud"]["breakdown_usd"]["compute"] == 360'000.0);
    CHECK(full["cloud"]["breakdown_usd"]["setup_fee"] == 2'000.0);
    CHECK(full["cloud"]["usd_per_hour"].is_null());
    CHECK(full["cloud"]["monthly"] ==
          Json{{"usd_per_month", 10'000.0}, {"setup_fee_usd", 2'000.0}, {"min_term_months", 12}});
    CHECK(full["break_even"]["kind"] == "owning_vs_monthly_rental");
    CHECK(full["commitment"].is_null());
    // At 10 h a week the hourly offer bills 10 x 730 / 168 = 43.45 h x $24 = $1,042.86 a month: it wins the match,
    // and its report has no setup_fee and no monthly object.
    const Json light = comparison({"--hours-per-week", "10"});
    CHECK(light["cloud"]["id"] == "h-8x-cloud");
    CHECK_FALSE(light["cloud"]["breakdown_usd"].contains("setup_fee"));
    CHECK_FALSE(light["cloud"].contains("monthly"));
    CHECK(light["break_even"]["kind"] == "owning_vs_pay_per_use");
}

TEST_CASE("compare: the offer's choice counts monthly rentals apart from the offers billed by the hour") {
    // Like for like for hgx-8 (8 GPUs over NVSwitch): h-8x-cloud and h-8x-hyper by the hour, h-8x-monthly by the
    // month (h-1x-market holds 1 GPU an instance, h-8x-pcie is PCIe: both left out). The choice names both kinds,
    // whichever wins the match.
    const std::string both = "the cheapest of 3 offers for GPU gpu-h, 2 on-demand and 1 monthly, by cloud total "
                             "for 8 GPUs over 36 months";
    CHECK(comparison({"--hours-per-week", "168"})["cloud"]["choice"] == both);
    CHECK(comparison({"--hours-per-week", "10"})["cloud"]["choice"] == both);
    // Neither hourly offer has a spot price; the monthly rental's bill does not depend on --pricing, so it is the
    // only candidate, and it is not called a spot offer.
    CHECK(comparison({"--hours-per-week", "168", "--pricing", "spot"})["cloud"]["choice"] ==
          "the only monthly offer for GPU gpu-h");
}

TEST_CASE("compare: a monthly rental's total does not move with use") {
    const Json low = comparison({"--cloud", "h-8x-monthly", "--hours-per-week", "1"});
    const Json high = comparison({"--cloud", "h-8x-monthly", "--hours-per-week", "168"});
    CHECK(low["cloud"]["breakdown_usd"]["compute"] == high["cloud"]["breakdown_usd"]["compute"]);
    CHECK(low["cloud"]["total_usd"] == high["cloud"]["total_usd"]);
}

TEST_CASE("compare: a monthly rental's verdict names no direction of use") {
    const auto r = run_gpucost(compare_args({"--cloud", "h-8x-monthly", "--hours-per-week", "168"}));
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    // The report wraps at 80 columns: read it as one line of single spaces.
    std::string out;
    for (const char ch : r.out)
        if (ch != ' ' && ch != '\n')
            out += ch;
        else if (!out.empty() && out.back() != ' ')
            out += ' ';
    CHECK(out.find("rented by the month at $10,000 per instance-month whatever the use (setup fee $2,000 per "
                   "instance, minimum term 12 months)") != std::string::npos);
    CHECK(out.find("a monthly rental bills every month of the horizon whatever the use") != std::string::npos);
    CHECK(out.find("owning wins below") == std::string::npos);
    CHECK(out.find("owning is cheaper below") == std::string::npos);
}

TEST_CASE("compare: CSV carries a monthly rental in its last two columns") {
    const auto r = run_gpucost(compare_args({"--cloud", "h-8x-monthly", "--format", "csv"}));
    REQUIRE(r.exit_code == 0);
    const std::string header = r.out.substr(0, r.out.find('\n'));
    CHECK(header.size() > 40);
    CHECK(header.substr(header.size() - 40) == ",cloud_usd_per_month,cloud_setup_fee_usd");
    const std::string row = r.out.substr(r.out.find('\n') + 1);
    CHECK(row.find(",10000,2000\n") != std::string::npos);
}

TEST_CASE("compare --format xlsx writes a monthly rental's workbook, the same bytes twice") {
    // The workbook's figures (36 x $10,000 + $2,000 undiscounted, the setup fee's tax deduction, the break-even)
    // are checked against the JSON by recalculating it in LibreOffice (tests/workbook/check_workbooks.py, ctest
    // workbook_recalc); here, only that the CLI writes it where it refused it before, and deterministically.
    const auto r = run_gpucost(compare_args({"--cloud", "h-8x-monthly", "--format", "xlsx"}));
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.starts_with("PK\x03\x04"));  // an .xlsx is a zip archive
    CHECK(run_gpucost(compare_args({"--cloud", "h-8x-monthly", "--format", "xlsx"})).out == r.out);
}

TEST_CASE("catalog validate: a monthly rental's bad figure is one line naming the file, path, value and range") {
    const auto r = run_gpucost({"catalog", "validate", "data/bad/monthly_rental_zero.json"});
    CHECK(r.exit_code == 3);
    CHECK(r.err.find("/cloud/0/usd_per_month: must be in (0, 100000000] USD per month") != std::string::npos);
    CHECK(r.err.find("got 0") != std::string::npos);
}

TEST_CASE("compare: a minimum term past the horizon is warned about") {
    const auto r =
        run_gpucost({"compare", "--catalog", "data/match_catalog.json", "--add-catalog", "data/overlay/monthly_h8.json",
                     "--build", "hgx-8", "--cloud", "h-8x-monthly", "--months", "6"});
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find("hgx-8: offer h-8x-monthly has a minimum term of 12 months, longer than the 6-month horizon; "
                     "the months after it are owed but not counted: compare over the term (--months 12)") !=
          std::string::npos);
    const auto within =
        run_gpucost({"compare", "--catalog", "data/match_catalog.json", "--add-catalog", "data/overlay/monthly_h8.json",
                     "--build", "hgx-8", "--cloud", "h-8x-monthly", "--months", "12"});
    CHECK(within.err.find("minimum term") == std::string::npos);
}
