// A dedicated server rented by the month (issue 20 item 6a): every month of the horizon billed whatever the use, the
// setup fee in month 0 as the cloud's own category. Every expected figure is worked out beside it.
#include <cmath>

#include <catch2/catch.hpp>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/categories.hpp"
#include "gpucost/engine/cost_model.hpp"

using namespace gpucost;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// Two GPUs, $25,000 each, nothing else: an owned machine with no running costs.
BuildSpec two_gpus() {
    BuildSpec b;
    b.gpu_count = 2;
    b.gpu_price_usd = 25'000.0;
    return b;
}

// One GPU per server at $1,000 a month and a $150 setup fee each.
CloudSpec monthly_server() {
    CloudSpec c{1, 0.0};
    c.usd_per_month = 1'000.0;
    c.setup_fee_usd = 150.0;
    return c;
}

}  // namespace

TEST_CASE("evaluate: a monthly rental bills every month whatever the use, its setup fee once") {
    Assumptions a;  // 36 months, no discounting, nothing else
    a.resale = ResaleModel::none;
    for (const double hours : {0.0, 10.0, 40.0, 168.0}) {
        CAPTURE(hours);
        a.hours_per_week = hours;
        const Evaluation e = evaluate(two_gpus(), monthly_server(), a);
        CHECK(e.cloud.instances == 2);            // ceil(2 GPUs / 1 per server)
        CHECK(e.monthly.compute_usd == 2'000.0);  // 2 servers x $1,000, at every use
        CHECK(e.cloud.compute_usd == 72'000.0);   // 36 months x $2,000
        CHECK(e.cloud.setup_usd == 300.0);        // 2 servers x $150, month 0
        CHECK(e.cloud.total_usd == 72'300.0);     // 72,000 + 300
        CHECK(cloud_total_usd(two_gpus(), monthly_server(), a) == e.cloud.total_usd);
        CHECK(e.build.total_usd == 50'000.0);  // 2 x $25,000, no running costs, no resale
        // Payback: cumulative cloud 300 + 2,000 m reaches 50,000 at m >= 24.85, month 25.
        CHECK(e.payback_month == 25);
    }
}

TEST_CASE("evaluate: a monthly rental discounted month by month") {
    Assumptions a;
    a.discount_rate = 0.09;
    const Evaluation e = evaluate(two_gpus(), monthly_server(), a);
    // v = 1.09^(-1/12); sum_{k=1..36} v^k = v (1 - v^36) / (1 - v) = 31.609032916404...
    const double v = std::pow(1.09, -1.0 / 12.0);
    const double annuity = v * (1.0 - std::pow(v, 36)) / (1.0 - v);
    CHECK_THAT(annuity, WithinAbs(31.6090329164047, 1e-9));
    CHECK_THAT(e.cloud.compute_usd, WithinRel(2'000.0 * annuity, 1e-12));  // $63,218.07
    CHECK(e.cloud.setup_usd == 300.0);                                     // month 0, not discounted
    CHECK_THAT(e.cloud.total_usd, WithinAbs(63'518.0658328094, 1e-6));     // 63,218.07 + 300
}

TEST_CASE("evaluate: a monthly rental's break-even is where owning's running costs reach its flat bill") {
    // The owned pair draws 1,000 W at load and nothing idle, at $1/kWh: 1 kW x u hours x $1 a month. The rental's
    // $2,000 a month and $300 fee do not move with use, so owning's total 50,000 + 36 x u rises to the cloud's
    // 72,300 at u = 22,300 / 36 = 619.44 h a month, 619.44 x 168 / 730 = 142.556 h/week; owning wins below it.
    BuildSpec b = two_gpus();
    b.gpu_tdp_w = 500.0;
    Assumptions a;
    a.resale = ResaleModel::none;
    a.electricity_usd_per_kwh = 1.0;
    const Evaluation e = evaluate(b, monthly_server(), a);
    REQUIRE(e.break_even_hours_per_week);
    CHECK_THAT(*e.break_even_hours_per_week, WithinRel(22'300.0 / 36.0 * 168.0 / 730.0, 1e-9));
    CHECK(e.build_cheaper_above == false);
}

TEST_CASE("cash_flow_profile: the setup fee is the cloud's month-0 flow, shown only when charged") {
    Assumptions a;
    a.months = 3;
    const auto month0_cloud = [&](const CloudSpec& c) {
        double sum = 0.0;
        int flows = 0;
        for (const CashFlow& f : cash_flow_profile(two_gpus(), c, a).flows)
            if (f.month == 0 && f.side == Side::cloud) {
                sum += f.amount_usd;
                ++flows;
                CHECK(f.category == Category::cloud_setup);
            }
        return std::pair{sum, flows};
    };
    CHECK(month0_cloud(monthly_server()) == std::pair{300.0, 1});  // 2 x $150
    CloudSpec hourly{1, 2.0};
    CHECK(month0_cloud(hourly) == std::pair{0.0, 0});  // no fee, no flow: an hourly offer's profile is unchanged
    CloudSpec no_fee = monthly_server();
    no_fee.setup_fee_usd = 0.0;
    CHECK(month0_cloud(no_fee) == std::pair{0.0, 0});
}

TEST_CASE("shows_category: the cloud's setup fee only where an offer charges one") {
    Assumptions a;
    const Evaluation with_fee = evaluate(two_gpus(), monthly_server(), a);
    const Evaluation hourly = evaluate(two_gpus(), CloudSpec{1, 2.0}, a);
    CHECK(shows_category(Category::cloud_setup, with_fee, a));
    CHECK_FALSE(shows_category(Category::cloud_setup, hourly, a));
    CHECK(shows_category(Category::compute, hourly, a));
    CHECK(category_info(Category::cloud_setup).timing == Timing::upfront);
    CHECK(category_info(Category::cloud_setup).side == Side::cloud);
}

TEST_CASE("apply_finance: a monthly rental's setup fee is deducted as paid, in month 0") {
    Assumptions a;
    a.months = 12;
    a.tax_rate = 0.25;
    const Evaluation e = evaluate(two_gpus(), monthly_server(), a);
    // Bills: 300 in month 0 and 12 x 2,000; each deducted as paid at 25 %: -(300 + 24,000) x 0.25 = -6,075.
    CHECK_THAT(e.cloud.tax_deduction_usd, WithinAbs(-6'075.0, 1e-9));
    CHECK_THAT(e.cloud.total_usd, WithinAbs(24'300.0 - 6'075.0, 1e-9));  // 18,225
}

TEST_CASE("BatchEvaluator: a monthly rental takes the general path and agrees with evaluate") {
    Case base;
    base.build = two_gpus();
    base.cloud = monthly_server();
    base.assumptions.discount_rate = 0.09;
    const Slot slots[] = {Slot{SlotKind::assumption, AssumptionKey::hours_per_week}};
    const BatchEvaluator batch(base, slots);
    CHECK(batch.general());
    for (const double hours : {5.0, 100.0}) {
        const double values[] = {hours};
        const DrawOutcome o = batch(values);
        Assumptions a = base.assumptions;
        a.hours_per_week = hours;
        const Evaluation e = evaluate(base.build, base.cloud, a);
        CHECK(o.cloud_total_usd == e.cloud.total_usd);
        CHECK(o.build_total_usd == e.build.total_usd);
    }
}
