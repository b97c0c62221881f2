// The engine's cash-flow profile (include/gpucost/engine/cash_flow.hpp): hand-computed flows, the exact rows and
// month totals the cashflow command prints today (so its goldens stay byte-identical once it renders the profile),
// and the payback read off the profile.
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/report/report.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::mini_report;
using gpucost::test::test_path;

namespace {

// 2 GPUs at $1,000 + a $500 base, $100 setup; 1 FTE-year of $12,000 a side; 3 months at r = 0.
struct Simple {
    BuildSpec build;
    CloudSpec cloud{2, 1.0};  // one 2-GPU instance
    Assumptions a;
    Simple() {
        build.gpu_count = 2;
        build.gpu_price_usd = 1000;
        build.base_price_usd = 500;
        build.setup_usd = 100;
        a.months = 3;
        a.hours_per_week = 168;  // 730 used hours a month
        a.staff_salary_usd = 12'000;
        a.staff_fte_build = 1;
        a.staff_fte_cloud = 0.5;
        a.cloud_storage_usd_per_month = 10;
        a.useful_life_years = 1;
        a.residual_value = 0;
    }
};

// The cashflow command's rows as it built them before the engine owned the profile (render/cashflow.cpp at
// 001fc4c), kept verbatim as the reference the profile must reproduce bit for bit.
struct CashFlowRow {
    int month = 0;
    Side side = Side::build;
    const char* category = "";
    double amount_usd = 0.0;
    double cumulative_usd = 0.0;
};

void add(std::vector<CashFlowRow>& rows, int month, Side side, const char* category, double amount,
         double& cumulative) {
    cumulative += amount;
    rows.push_back({month, side, category, amount, cumulative});
}

std::vector<CashFlowRow> cash_flows(const Comparison& c) {
    const Evaluation& e = c.result;
    const MonthlyCosts& m = e.monthly;
    const int months = c.assumptions.values.months;
    const double rate = c.assumptions.values.discount_rate;
    std::vector<CashFlowRow> rows;
    double build = 0.0;
    double cloud = 0.0;
    add(rows, 0, Side::build, "hardware", e.build.hardware_usd, build);
    add(rows, 0, Side::build, "setup", e.build.setup_usd, build);
    for (int month = 1; month <= months; ++month) {
        const double v = discount_factor(month, rate);
        add(rows, month, Side::build, "power", m.power_usd * v, build);
        add(rows, month, Side::build, "staff", m.staff_build_usd * v, build);
        add(rows, month, Side::build, "maintenance", m.maintenance_usd * v, build);
        add(rows, month, Side::build, "facility", m.facility_usd * v, build);
        // Model v2's interim cloud: a row every month, 0 without a lead time (adding 0 changes no sum).
        add(rows, month, Side::build, "interim_cloud", 0.0 * v, build);
        // Issue 20's downtime cover: a row every month, 0 without downtime (the mini catalogue has none).
        add(rows, month, Side::build, "downtime_cover", m.downtime_cover_usd * v, build);
        if (month == months) add(rows, month, Side::build, "resale", e.build.resale_usd, build);
        add(rows, month, Side::cloud, "compute", m.compute_usd * v, cloud);
        add(rows, month, Side::cloud, "storage", m.storage_usd * v, cloud);
        add(rows, month, Side::cloud, "egress", m.egress_usd * v, cloud);
        add(rows, month, Side::cloud, "staff", m.staff_cloud_usd * v, cloud);
    }
    return rows;
}

// The text renderer's per-month aggregation as it was at 001fc4c (src/render/cashflow.cpp month_totals), kept here
// as the reference the profile's month totals must reproduce.
std::map<int, CashFlowMonth> v1_month_totals(const std::vector<CashFlowRow>& rows) {
    std::map<int, CashFlowMonth> out;
    for (const CashFlowRow& r : rows) {
        CashFlowMonth& m = out[r.month];
        if (r.side == Side::build) {
            m.build_usd += r.amount_usd;
            m.build_cumulative_usd = r.cumulative_usd;
        } else {
            m.cloud_usd += r.amount_usd;
            m.cloud_cumulative_usd = r.cumulative_usd;
        }
    }
    CashFlowMonth last;
    for (auto& [month, m] : out) {
        if (m.build_cumulative_usd == 0.0 && m.build_usd == 0.0) m.build_cumulative_usd = last.build_cumulative_usd;
        if (m.cloud_cumulative_usd == 0.0 && m.cloud_usd == 0.0) m.cloud_cumulative_usd = last.cloud_cumulative_usd;
        last = m;
    }
    return out;
}

}  // namespace

TEST_CASE("cash_flow_profile: month 0, running months, resale at the end, hand-computed") {
    const Simple s;
    const CashFlowProfile p = cash_flow_profile(s.build, s.cloud, s.a);
    // 2 upfront + 3 months x 10 monthly (model v2's interim cloud and the downtime cover among them, 0 without a
    // lead time or downtime) + 1 resale.
    REQUIRE(p.flows.size() == 2 + 3 * 10 + 1);
    REQUIRE(p.months.size() == 4);
    CHECK(p.flows[0].month == 0);
    CHECK(p.flows[0].category == Category::hardware);
    CHECK(p.flows[0].amount_usd == 2500.0);  // 2 x $1,000 + $500
    CHECK(p.flows[1].category == Category::setup);
    CHECK(p.flows[1].cumulative_usd == 2600.0);
    // Month 1: power, staff, maintenance, facility, interim cloud, downtime cover, then the cloud's four.
    const std::vector<Category> month1 = {Category::power,      Category::build_staff,   Category::maintenance,
                                          Category::facility,   Category::interim_cloud, Category::downtime_cover,
                                          Category::compute,    Category::storage,       Category::egress,
                                          Category::cloud_staff};
    for (std::size_t i = 0; i < month1.size(); ++i) {
        CHECK(p.flows[2 + i].month == 1);
        CHECK(p.flows[2 + i].category == month1[i]);
        CHECK(p.flows[2 + i].side == category_info(month1[i]).side);
    }
    CHECK(p.flows[3].amount_usd == 1000.0);  // $12,000 / 12
    CHECK(p.flows[6].amount_usd == 0.0);     // no lead time: no interim cloud
    CHECK(p.flows[7].amount_usd == 0.0);     // no downtime: no cover
    CHECK(p.flows[8].amount_usd == 730.0);   // 1 instance x $1 x 730 h
    CHECK(p.flows[11].amount_usd == 500.0);  // 0.5 x $12,000 / 12
    // The resale sits in month 3 after the build's running costs and before the cloud's: a 1-year life, 3 months
    // in, residual 0: $2,500 x (1 - 0.25) = $1,875, a credit.
    const CashFlow& resale = p.flows[2 + 2 * 10 + 6];
    CHECK(resale.month == 3);
    CHECK(resale.category == Category::resale);
    CHECK(resale.amount_usd == -1875.0);
    // Build: 2,600 + 3 x 1,000 - 1,875; cloud: 3 x (730 + 10 + 500).
    CHECK(p.months[0].build_usd == 2600.0);
    CHECK(p.months[0].cloud_usd == 0.0);
    CHECK(p.months[1].build_cumulative_usd == 3600.0);
    CHECK(p.months[1].cloud_cumulative_usd == 1240.0);
    CHECK(p.months[3].build_usd == 1000.0 - 1875.0);
    CHECK(p.months[3].build_cumulative_usd == 3725.0);
    CHECK(p.months[3].cloud_cumulative_usd == 3720.0);
    for (std::size_t m = 0; m < p.months.size(); ++m) CHECK(p.months[m].month == static_cast<int>(m));
    // Payback without the resale: build 3,600 / 4,600 / 5,600 against cloud 1,240 / 2,480 / 3,720: never.
    CHECK_FALSE(payback_month(p).has_value());
    CHECK_FALSE(evaluate(s.build, s.cloud, s.a).payback_month.has_value());
}

TEST_CASE("cash_flow_profile: payback where cumulative cloud reaches cumulative build") {
    Simple s;
    s.cloud.usd_per_hour = 3.0;  // cloud $2,190 + $10 + $500 = $2,700 a month against the build's $1,000
    // Build 2,600 + 1,000 m against cloud 2,700 m: month 1 3,600 > 2,700; month 2 4,600 <= 5,400.
    const CashFlowProfile p = cash_flow_profile(s.build, s.cloud, s.a);
    CHECK(payback_month(p) == 2);
    CHECK(evaluate(s.build, s.cloud, s.a).payback_month == 2);
}

TEST_CASE("cash_flow_profile: exactly the rows and month totals the cashflow command prints today") {
    for (const double rate : {0.0, 0.08}) {
        for (const std::string build : {"box-a4", "box-b2"}) {
            CAPTURE(rate, build);
            const Report report = mini_report(build, rate);
            const Comparison& c = report.comparisons.front();
            const std::vector<CashFlowRow> rows = cash_flows(c);
            const CashFlowProfile p = cash_flow_profile(c.result, c.assumptions.values);
            REQUIRE(p.flows.size() == rows.size());
            for (std::size_t i = 0; i < rows.size(); ++i) {
                CAPTURE(i);
                CHECK(p.flows[i].month == rows[i].month);
                CHECK(p.flows[i].side == rows[i].side);
                CHECK(std::string(category_info(p.flows[i].category).key) == rows[i].category);
                CHECK(p.flows[i].amount_usd == rows[i].amount_usd);  // bit for bit: the goldens print 17 digits
                CHECK(p.flows[i].cumulative_usd == rows[i].cumulative_usd);
            }
            const auto totals = v1_month_totals(rows);
            REQUIRE(p.months.size() == totals.size());
            for (const auto& [month, m] : totals) {
                const CashFlowMonth& mine = p.months[static_cast<std::size_t>(month)];
                CAPTURE(month);
                CHECK(mine.month == month);
                CHECK(mine.build_usd == m.build_usd);
                CHECK(mine.cloud_usd == m.cloud_usd);
                CHECK(mine.build_cumulative_usd == m.build_cumulative_usd);
                CHECK(mine.cloud_cumulative_usd == m.cloud_cumulative_usd);
            }
            // Profiles from the specs and from the evaluation agree.
            const CashFlowProfile again = cash_flow_profile(c.build_spec, c.cloud_spec, c.assumptions.values);
            REQUIRE(again.flows.size() == p.flows.size());
            CHECK(again.flows.back().cumulative_usd == p.flows.back().cumulative_usd);
            CHECK(payback_month(p) == c.result.payback_month);
        }
    }
}
