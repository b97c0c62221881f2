// Year-end (annual) discounting (issue 20, item 9), by hand: every month of year y counts (1 + r)^(-y), so a
// finance team's yearly model and gpucost agree; the published kind of example that flips sign between the two
// conventions; the cash flow and the paybacks under it.
#include <cmath>

#include <catch2/catch.hpp>

#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/cost_model.hpp"

using namespace gpucost;

namespace {

// A $10,600 machine against a cloud side costing $500 a month (storage alone, so no hour counts), 10 % a year.
struct Case {
    BuildSpec build;
    CloudSpec cloud;
    Assumptions a;
};

Case flip_case(DiscountConvention convention, int months) {
    Case c;
    c.build.gpu_count = 1;
    c.build.gpu_price_usd = 10'600;
    c.cloud.gpus_per_instance = 1;
    c.a.months = months;
    c.a.idle = IdlePolicy::off;
    c.a.resale = ResaleModel::none;
    c.a.discount_rate = 0.10;
    c.a.cloud_storage_usd_per_month = 500;
    c.a.discounting = convention;
    return c;
}

}  // namespace

TEST_CASE("year-end discounting: factors step once a year, the annuity sums whole years", "[discounting]") {
    const auto annual = DiscountConvention::annual;
    CHECK(discount_factor(0, 0.10, annual) == 1.0);
    CHECK(discount_factor(1, 0.10, annual) == Approx(1.0 / 1.1));     // year 1: 0.909091
    CHECK(discount_factor(12, 0.10, annual) == Approx(1.0 / 1.1));    // still year 1
    CHECK(discount_factor(13, 0.10, annual) == Approx(1.0 / 1.21));   // year 2: 0.826446
    CHECK(discount_factor(36, 0.10, annual) == Approx(1.0 / 1.331));  // year 3: 0.751315
    // 24 months: 12 / 1.1 + 12 / 1.21 = 10.909091 + 9.917355 = 20.826446
    CHECK(annuity_factor(24, 0.10, annual) == Approx(20.826446281));
    // 30 months: 12 / 1.1 + 12 / 1.21 + 6 / 1.331 = 10.909091 + 9.917355 + 4.507889 = 25.334335
    CHECK(annuity_factor(30, 0.10, annual) == Approx(25.334335086));
    CHECK(annuity_factor(30, 0.0, annual) == 30.0);
    // Monthly for comparison: sum_{k=1..24} 1.1^(-k/12) = 21.764568
    CHECK(annuity_factor(24, 0.10) == Approx(21.764567674));
}

TEST_CASE("year-end discounting: a verdict that flips between the conventions", "[discounting]") {
    // Monthly: cloud = $500 x 21.764568 = $10,882.28 > $10,600: owning saves $282.28.
    const Case m = flip_case(DiscountConvention::monthly, 24);
    const Evaluation monthly = evaluate(m.build, m.cloud, m.a);
    CHECK(monthly.cloud.total_usd == Approx(10'882.283837));
    CHECK(monthly.cheaper == Side::build);
    CHECK(monthly.savings_usd == Approx(282.283837));
    // Year-end: cloud = $500 x 20.826446 = $10,413.22 < $10,600: renting saves $186.78.
    const Case y = flip_case(DiscountConvention::annual, 24);
    const Evaluation annual = evaluate(y.build, y.cloud, y.a);
    CHECK(annual.cloud.total_usd == Approx(10'413.223140));
    CHECK(annual.cheaper == Side::cloud);
    CHECK(annual.savings_usd == Approx(186.776860));
}

TEST_CASE("year-end discounting: the cash flow sums to the totals, the paybacks read it", "[discounting]") {
    // Over 36 months the cloud's cumulative spend first reaches $10,600 in month 25 under year-end discounting
    // (24 months give $10,413.22, month 25 adds $500 / 1.331 = $375.66) and in month 24 monthly (A(24) = 21.7646).
    const Case y = flip_case(DiscountConvention::annual, 36);
    const Evaluation e = evaluate(y.build, y.cloud, y.a);
    REQUIRE(e.payback_month);
    CHECK(*e.payback_month == 25);
    const CashFlowProfile p = cash_flow_profile(e, y.a);
    CHECK(p.months.back().cloud_cumulative_usd == Approx(e.cloud.total_usd));
    CHECK(payback_month(p) == e.payback_month);
    // 12 / 1.1 + 12 / 1.21 + 12 / 1.331 = 29.842224; x $500 = $14,921.11
    CHECK(e.cloud.total_usd == Approx(500.0 * (12.0 / 1.1 + 12.0 / 1.21 + 12.0 / 1.331)));

    const Case m = flip_case(DiscountConvention::monthly, 36);
    const Evaluation em = evaluate(m.build, m.cloud, m.a);
    REQUIRE(em.payback_month);
    CHECK(*em.payback_month == 24);
}

TEST_CASE("year-end discounting: trends and a lead time are summed month by month", "[discounting]") {
    // Cloud compute at $1/h for 73 hours a month (16.8 h/week), rising 20 % a year on demand, 24 months, 10 %:
    // sum over years of 12 months x $73 x 1.2^((k - 1) / 12) / 1.1^y, which the engine adds month by month.
    Case c = flip_case(DiscountConvention::annual, 24);
    c.a.cloud_storage_usd_per_month = 0;
    c.a.hours_per_week = 16.8;
    c.a.cloud_price_change_per_year = 0.20;
    c.cloud.usd_per_hour = 1.0;
    double want = 0.0;
    for (int k = 1; k <= 24; ++k) want += 73.0 * std::pow(1.2, (k - 1) / 12.0) * std::pow(1.1, -std::ceil(k / 12.0));
    const Evaluation e = evaluate(c.build, c.cloud, c.a);
    CHECK(e.cloud.compute_usd == Approx(want));
    const CashFlowProfile p = cash_flow_profile(e, c.a);
    CHECK(p.months.back().cloud_cumulative_usd == Approx(e.cloud.total_usd));
}
