// cashflow's periods for finance (issue 24 item 3): nominal beside discounted, yearly roll-ups and calendar months,
// checked by hand on the mini catalogue's box-b2 against b-1 (24 months, 84 h/week).
//
// box-b2's month, undiscounted (tests/data/mini_catalog.json):
//   power: (2 x 400 W + 200 W) x 365 h + (2 x 20 W + 60 W) x 365 h = 401.5 kWh x $0.20 x PUE 1.0 = $80.30
//          (84 h/week x 730 / 168 = 365 h used, 365 h idle, always on)
//   staff: $120,000 x 0.1 FTE / 12 = $1,000; maintenance: $5,000 x 10 % / 12 = $41.67; facility $0
//   so $1,121.97 a month; hardware 2 x $2,000 + $1,000 base = $5,000 in month 0;
//   resale at month 24 of a 4-year life, 20 % residual: $5,000 x (1 - 0.8 x 24 / 48) = $3,000 (a credit).
// b-1's month: 2 instances x $0.50/h x 365 h = $365 compute + $50 storage + $25 egress + $120,000 x 0.05 / 12 =
//   $500 staff = $940.
#include <cmath>

#include <catch2/catch.hpp>

#include "gpucost/engine/nominal_flow.hpp"
#include "gpucost/report/cash_flow_periods.hpp"
#include "gpucost/report/report.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::mini_report;

namespace {

std::vector<CashFlowPeriodRow> periods(const Comparison& c, const CashFlowView& view) {
    std::vector<CashFlowPeriodRow> rows;
    for_each_period(c, view, [&](const CashFlowPeriodRow& p) { rows.push_back(p); });
    return rows;
}

constexpr double k_build_month = 80.3 + 1000.0 + 5000.0 * 0.1 / 12.0;  // $1,121.97

}  // namespace

TEST_CASE("nominal_usd: each flow as paid, and its discounted amount is nominal x the month's discount factor") {
    const Report report = mini_report("box-b2", 0.08);
    const Comparison& c = report.comparisons.front();
    const Assumptions& a = c.assumptions.values;
    int checked = 0;
    for (const CashFlow& f : c.cash_flow.flows) {
        const double nominal = nominal_usd(c.result, a, f);
        const double v = discount_factor(f.month, a.discount_rate, a.discounting);
        CAPTURE(f.month, category_info(f.category).key);
        if (f.category == Category::resale) {
            CHECK(nominal == Approx(-3000.0));  // $5,000 x (1 - 0.8 x 24 / 48), undiscounted
            CHECK(nominal * v == Approx(f.amount_usd).epsilon(1e-14));
        } else {
            CHECK(nominal * v == f.amount_usd);  // the engine's own product, bit for bit
        }
        if (f.month == 7 && f.category == Category::compute) CHECK(nominal == Approx(365.0));
        if (f.month == 0 && f.category == Category::hardware) CHECK(nominal == 5000.0);
        ++checked;
    }
    CHECK(checked == 2 + 24 * 10 + 1);
}

TEST_CASE("for_each_period by month: the engine's flows and month totals bit for bit, nominal beside them") {
    const Report report = mini_report("box-b2", 0.08);
    const Comparison& c = report.comparisons.front();
    const std::vector<CashFlowPeriodRow> rows = periods(c, {});
    REQUIRE(rows.size() == 25);  // months 0..24
    for (const CashFlowPeriodRow& p : rows) {
        const CashFlowMonth& m = c.cash_flow.months[static_cast<std::size_t>(p.index)];
        CHECK(p.first_month == p.index);
        CHECK(p.last_month == p.index);
        CHECK(p.build.discounted_usd == m.build_usd);
        CHECK(p.cloud.discounted_usd == m.cloud_usd);
        CHECK(p.build_cumulative.discounted_usd == m.build_cumulative_usd);
        CHECK(p.cloud_cumulative.discounted_usd == m.cloud_cumulative_usd);
        CHECK(p.owning_saves_cumulative.discounted_usd == m.cloud_cumulative_usd - m.build_cumulative_usd);
        CHECK_FALSE(p.calendar);
    }
    CHECK(rows[0].build.nominal_usd == 5000.0);                                // hardware + $0 setup
    CHECK(rows[1].build.nominal_usd == Approx(k_build_month));                 // $80.30 + $1,000 + $41.67
    CHECK(rows[1].cloud.nominal_usd == Approx(940.0));                         // $365 + $50 + $25 + $500
    CHECK(rows[1].owning_saves.nominal_usd == Approx(940.0 - k_build_month));  // -$181.97: owning costs more
    CHECK(rows[24].build.nominal_usd == Approx(k_build_month - 3000.0));       // the resale credit in the last month
    // Discounted month 12 at 8 %: $940 x 1.08^(-12/12) = $870.37
    CHECK(rows[12].cloud.discounted_usd == Approx(940.0 / 1.08));
    CHECK(rows[12].cloud.nominal_usd == Approx(940.0));
}

TEST_CASE("for_each_period by year: 12-month years from month 1, month 0 in year 1, sums by hand") {
    for (const double rate : {0.0, 0.08}) {
        CAPTURE(rate);
        const Report report = mini_report("box-b2", rate);
        const Comparison& c = report.comparisons.front();
        const std::vector<CashFlowPeriodRow> years = periods(c, {CashFlowLayout::long_rows, CashFlowPeriod::year, {}});
        REQUIRE(years.size() == 2);
        CHECK(years[0].index == 1);
        CHECK(years[0].first_month == 0);
        CHECK(years[0].last_month == 12);
        CHECK(years[1].first_month == 13);
        CHECK(years[1].last_month == 24);
        // Nominal: year 1 = $5,000 + 12 x $1,121.97 = $18,463.60; year 2 = 12 x $1,121.97 - $3,000 = $10,463.60.
        CHECK(years[0].build.nominal_usd == Approx(18463.6));
        CHECK(years[1].build.nominal_usd == Approx(10463.6));
        CHECK(years[0].cloud.nominal_usd == Approx(11280.0));                              // 12 x $940
        CHECK(years[1].owning_saves_cumulative.nominal_usd == Approx(22560.0 - 28927.2));  // -$6,367.20
        // Both years together are each side's total in compare, discounted.
        CHECK(years[1].build_cumulative.discounted_usd == Approx(c.result.build.total_usd).epsilon(1e-9));
        CHECK(years[1].cloud_cumulative.discounted_usd == Approx(c.result.cloud.total_usd).epsilon(1e-9));
        if (rate == 0.0) {
            CHECK(years[0].cloud.discounted_usd == Approx(11280.0));  // no discounting: nominal
        } else {
            // sum_{k=1..12} 1.08^(-k/12) = (1 - 1/1.08) / (1.08^(1/12) - 1) = 11.512858; year 2 that / 1.08.
            CHECK(years[0].cloud.discounted_usd == Approx(940.0 * 11.512857852328935));  // $10,822.09
            CHECK(years[1].cloud.discounted_usd == Approx(940.0 * 10.660053566971234));  // $10,020.45
            // Year 2's build: 12 months at 10.660054, less the resale $3,000 / 1.08^2 = $2,572.02.
            CHECK(years[1].build.discounted_usd == Approx(k_build_month * 10.660053566971234 - 2572.0164609053495));
        }
        // Each category's yearly figure is the sum of its months: compute, nominal, 12 x $365.
        CHECK(years[1].amount[static_cast<std::size_t>(Category::compute)].nominal_usd == Approx(4380.0));
        CHECK_FALSE(years[1].present[static_cast<std::size_t>(Category::hardware)]);
        CHECK(years[1].present[static_cast<std::size_t>(Category::resale)]);
    }
}

TEST_CASE("for_each_period with a start: calendar months, and calendar years as part years") {
    const Report report = mini_report("box-b2", 0.0);
    const Comparison& c = report.comparisons.front();
    const Date november{2027, 11, 1};
    const std::vector<CashFlowPeriodRow> months =
        periods(c, {CashFlowLayout::long_rows, CashFlowPeriod::month, november});
    CHECK(calendar_label(months[0], CashFlowPeriod::month) == "2027-11");   // month 0: the purchase, at the start
    CHECK(calendar_label(months[1], CashFlowPeriod::month) == "2027-11");   // month 1 is the start month
    CHECK(calendar_label(months[3], CashFlowPeriod::month) == "2028-01");   // Nov + 2
    CHECK(calendar_label(months[24], CashFlowPeriod::month) == "2029-10");  // Nov 2027 + 23 months
    const std::vector<CashFlowPeriodRow> years =
        periods(c, {CashFlowLayout::long_rows, CashFlowPeriod::year, november});
    REQUIRE(years.size() == 3);  // 2027 (months 0-2), 2028 (3-14), 2029 (15-24)
    CHECK(calendar_label(years[0], CashFlowPeriod::year) == "2027");
    CHECK(calendar_label(years[2], CashFlowPeriod::year) == "2029");
    CHECK(years[0].last_month == 2);
    CHECK(years[1].first_month == 3);
    CHECK(years[1].last_month == 14);
    CHECK(years[2].first_month == 15);
    CHECK(years[0].build.nominal_usd == Approx(5000.0 + 2 * k_build_month));   // purchase, Nov and Dec
    CHECK(years[2].cloud.nominal_usd == Approx(10 * 940.0));                   // Jan-Oct 2029
    CHECK(years[2].build.nominal_usd == Approx(10 * k_build_month - 3000.0));  // with the resale
}

TEST_CASE("parse_calendar_month and add_months") {
    CHECK(parse_calendar_month("2027-01")->month == 1);
    CHECK(parse_calendar_month("9999-12")->year == 9999);
    for (const char* bad : {"2027-13", "2027-00", "2027-1", "27-01", "1899-12", "2027/01", "2027-01-01", "", "abcd-ef"})
        CHECK_FALSE(parse_calendar_month(bad));
    const Date d = add_months({2027, 11, 1}, 14);
    CHECK(d.year == 2029);
    CHECK(d.month == 1);
    CHECK(add_months({2027, 12, 1}, 0).month == 12);
}

TEST_CASE("cash flow layouts and periods: names") {
    CHECK(cash_flow_layout_named("wide") == CashFlowLayout::wide);
    CHECK(cash_flow_layout_named("focus") == CashFlowLayout::focus);
    CHECK(cash_flow_layout_named("long") == CashFlowLayout::long_rows);
    CHECK_FALSE(cash_flow_layout_named("Long"));
    CHECK(cash_flow_period_named("year") == CashFlowPeriod::year);
    CHECK_FALSE(cash_flow_period_named("quarter"));
}
