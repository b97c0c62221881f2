// The monthly cash flow: rows sum to the report's totals, month 0 and the resale where documented.
#include <cmath>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/report.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::check_golden;
using gpucost::test::mini_report;
using gpucost::test::run_gpucost;
using gpucost::test::test_path;

namespace {

bool close(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

}  // namespace

TEST_CASE("a comparison's cash flow: rows, month 0, resale, and sums equal the report totals") {
    for (const double rate : {0.0, 0.08}) {
        for (const std::string build : {"box-a4", "box-b2"}) {
            const Report report = mini_report(build, rate);
            const Comparison& c = report.comparisons.front();
            const auto& rows = c.cash_flow.flows;
            // 24 months: 2 rows in month 0, 9 a month, and the resale.
            REQUIRE(rows.size() == 2 + 24 * 10 + 1);
            CHECK(rows[0].month == 0);
            CHECK(rows[0].category == Category::hardware);
            CHECK(rows[0].amount_usd == c.result.build.hardware_usd);
            double build_sum = 0, cloud_sum = 0;
            double last_build_cumulative = 0, last_cloud_cumulative = 0;
            for (const CashFlow& r : rows) {
                (r.side == Side::build ? build_sum : cloud_sum) += r.amount_usd;
                (r.side == Side::build ? last_build_cumulative : last_cloud_cumulative) = r.cumulative_usd;
                if (r.category == Category::resale) {
                    CHECK(r.month == 24);
                    CHECK(r.amount_usd < 0);
                }
            }
            CHECK(close(build_sum, c.result.build.total_usd));
            CHECK(close(cloud_sum, c.result.cloud.total_usd));
            CHECK(close(last_build_cumulative, c.result.build.total_usd));
            CHECK(close(last_cloud_cumulative, c.result.cloud.total_usd));
        }
    }
}

TEST_CASE("a comparison's cash flow: box-b2 by hand, undiscounted") {
    const Report report = mini_report("box-b2", 0.0);
    const auto& rows = report.comparisons.front().cash_flow.flows;
    CHECK(rows[0].amount_usd == 5000.0);  // hardware: 2 x $2,000 + $1,000 base
    CHECK(rows[1].amount_usd == 0.0);     // setup
    // Month 1 cloud compute: 2 one-GPU instances x $0.5/h x (84 h/week x 730/168 = 365 h) = 365 $
    const auto compute = std::find_if(
        rows.begin(), rows.end(), [](const CashFlow& r) { return r.month == 1 && r.category == Category::compute; });
    REQUIRE(compute != rows.end());
    CHECK(compute->amount_usd == Approx(365.0));
    // Resale at month 24 of a 4-year life, 20% residual: 5000 x (1 - 0.8 x 2/4) = 3,000 $, a credit.
    CHECK(rows[2 + 23 * 10 + 6].amount_usd == Approx(-3000.0));
}

TEST_CASE("cashflow command: CSV, JSON, table and markdown goldens, CSV and JSON agree") {
    const std::vector<std::string> base = {"cashflow", "--catalog", "data/mini_catalog.json", "--build", "box-b2",
                                           "--months", "3"};
    auto with = [&](const std::string& format) {
        auto args = base;
        args.insert(args.end(), {"--format", format});
        const auto r = run_gpucost(args);
        REQUIRE(r.exit_code == 0);
        return r.out;
    };
    check_golden("cashflow_box_b2.csv", with("csv"));
    check_golden("cashflow_box_b2.json", with("json"));
    check_golden("cashflow_box_b2.txt", with("table"));
    check_golden("cashflow_box_b2.md", with("markdown"));
    const auto json = nlohmann::json::parse(with("json"));
    CHECK(json["cash_flow"]["rows"].size() == 2 + 3 * 10 + 1);
    CHECK(with("csv").rfind("build_id,cloud_id,month,side,category,amount_usd,cumulative_usd,nominal_usd,"
                            "nominal_cumulative_usd,calendar\n",
                            0) == 0);
    check_golden("cashflow_box_b2.tsv", with("tsv"));
    check_golden("cashflow_box_b2.html", with("html"));
}

// The wide layout, and the long one by calendar year, in every format: 24 months from November 2027 (three calendar
// years: 2027 holds months 0-2, 2028 months 3-14, 2029 months 15-24).
TEST_CASE("cashflow command: wide and yearly goldens in every format") {
    const std::vector<std::string> base = {"cashflow", "--catalog", "data/mini_catalog.json",
                                           "--build",  "box-b2",    "--discount-rate",
                                           "0.08",     "--start",   "2027-11"};
    auto with = [&](std::vector<std::string> extra) {
        auto args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = run_gpucost(args);
        CAPTURE(r.err);
        REQUIRE(r.exit_code == 0);
        return r.out;
    };
    const std::vector<std::pair<std::string, std::string>> formats = {
        {"table", "txt"}, {"markdown", "md"}, {"html", "html"}, {"csv", "csv"}, {"tsv", "tsv"}, {"json", "json"}};
    for (const auto& [format, extension] : formats) {
        check_golden("cashflow_box_b2_wide." + extension,
                     with({"--months", "3", "--layout", "wide", "--format", format}));
        check_golden("cashflow_box_b2_years." + extension, with({"--by", "year", "--format", format}));
    }
    check_golden("cashflow_box_b2_wide_years.csv", with({"--by", "year", "--layout", "wide", "--format", "csv"}));
    // Years by hand (nominal, the figures of tests/report/test_cash_flow_periods.cpp): 2027 is the $5,000 purchase
    // and two months at $1,121.97 = $7,243.93 for the build, 2 x $940 = $1,880 for the cloud.
    const auto json = nlohmann::json::parse(with({"--by", "year", "--layout", "wide", "--format", "json"}));
    const auto& rows = json["cash_flow"]["rows"];
    REQUIRE(rows.size() == 3);
    CHECK(rows[0]["calendar"] == "2027");
    CHECK(rows[0]["year"] == 1);
    CHECK(rows[0]["build_usd"].get<double>() == Approx(5000.0 + 2 * (80.3 + 1000.0 + 5000.0 * 0.1 / 12.0)));
    CHECK(rows[0]["cloud_usd"].get<double>() == Approx(1880.0));
    CHECK(rows[0]["build_hardware_usd"].get<double>() == 5000.0);
    CHECK(rows[2]["build_resale_usd"].get<double>() == Approx(-3000.0));
    // Discounted, the years add up to compare's totals.
    double build = 0.0;
    for (const auto& row : rows) build += row["build_discounted_usd"].get<double>();
    CHECK(build == Approx(json["cash_flow"]["comparisons"][0]["build_total_usd"].get<double>()));
    CHECK(json["cash_flow"]["view"] == nlohmann::json({{"layout", "wide"}, {"by", "year"}, {"start", "2027-11"}}));
}

TEST_CASE("cashflow command: a bad --start, --layout or --by, and a view a format cannot show, is one line, exit 2") {
    const std::vector<std::string> base = {"cashflow", "--catalog", "data/mini_catalog.json", "--build", "box-b2"};
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--start", "2027-13"},
         "gpucost: error: --start: expected a calendar month YYYY-MM (year 1900-9999, month 01-12), got \"2027-13\"\n"},
        {{"--start", "2027-1"},
         "gpucost: error: --start: expected a calendar month YYYY-MM (year 1900-9999, month 01-12), got \"2027-1\"\n"},
        {{"--layout", "tall"}, "gpucost: error: --layout: expected long, wide or focus, got \"tall\"\n"},
        {{"--by", "quarter"}, "gpucost: error: --by: expected month or year, got \"quarter\"\n"},
        {{"--layout", "focus", "--format", "json", "--start", "2027-01"},
         "gpucost: error: --layout focus is a CSV of FOCUS columns: use --format csv or tsv, got json\n"},
        {{"--layout", "focus", "--format", "csv"},
         "gpucost: error: --layout focus needs --start YYYY-MM: FOCUS rows are dated (e.g. --start 2027-01)\n"},
        {{"--layout", "focus", "--format", "csv", "--start", "2027-01", "--by", "year"},
         "gpucost: error: --layout focus is monthly (one FOCUS charge period a month): leave out --by year\n"},
        {{"--layout", "wide", "--format", "xlsx"},
         "gpucost: error: --format xlsx writes every month in the long layout: --layout, --by and --start apply to "
         "table, markdown, html, csv, tsv and json\n"},
        {{"--by", "year", "--format", "svg", "--chart", "cumulative-spend"},
         "gpucost: error: --format svg draws one chart: --layout, --by and --start apply to table, markdown, html, "
         "csv, tsv and json\n"},
    };
    for (const auto& [extra, message] : cases) {
        auto args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = run_gpucost(args);
        CAPTURE(extra);
        CHECK(r.exit_code == 2);
        CHECK(r.err == message);
        CHECK(r.out.empty());
    }
}
