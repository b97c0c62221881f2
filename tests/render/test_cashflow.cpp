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
    CHECK(with("csv").rfind("build_id,cloud_id,month,side,category,amount_usd,cumulative_usd\n", 0) == 0);
}
