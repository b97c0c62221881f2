// Availability of the owned machine (issue 20), by hand: the downtime hours of availability.hpp, the downtime
// cover as a build-side cost in the working months only, the lost GPU-hours under DowntimePolicy::lost, and the
// break-even moving with the cover.
#include <catch2/catch.hpp>

#include "gpucost/engine/availability.hpp"
#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/categories.hpp"
#include "gpucost/engine/cost_model.hpp"

using namespace gpucost;

namespace {

// Four GPUs at $5,000, no power draw: only the hardware, the compute and the cover cost anything.
BuildSpec four_gpus() {
    BuildSpec b;
    b.gpu_count = 4;
    b.gpu_price_usd = 5'000;
    return b;
}

// One 4-GPU instance at $8/h; the build's like-for-like on-demand rental costs $10/h.
CloudSpec offer() {
    CloudSpec c;
    c.gpus_per_instance = 4;
    c.usd_per_hour = 8.0;
    c.interim_usd_per_hour = 8.0;
    c.backup_usd_per_hour = 10.0;
    return c;
}

// 84 h/week (half of every hour), 12 months, nothing discounted; 2 failures a year of 60 hours each.
Assumptions two_failures() {
    Assumptions a;
    a.months = 12;
    a.hours_per_week = 84.0;
    a.idle = IdlePolicy::off;
    a.resale = ResaleModel::none;
    a.failures_per_machine_year = 2.0;
    a.repair_hours = 60.0;
    return a;
}

}  // namespace

TEST_CASE("downtime_hours_per_month: failures x repair plus planned hours, over 12, at most the month",
          "[availability]") {
    CHECK(downtime_hours_per_month(2.0, 60.0, 0.0) == 10.0);  // 2 x 60 / 12
    // The shipped estimates: (1.38 x 168 + 12) / 12 = (231.84 + 12) / 12 = 20.32 h a month
    CHECK(downtime_hours_per_month(1.38, 168.0, 12.0) == Approx(20.32));
    CHECK(availability(20.32) == Approx(1.0 - 20.32 / 730.0));  // 0.97216...
    // 52 failures of 8,760 hours: far beyond the month, held at 730 hours (never in working order)
    CHECK(downtime_hours_per_month(52.0, 8760.0, 0.0) == 730.0);
    CHECK(availability(730.0) == 0.0);
    // Of 10 hours down, a machine used 84 of 168 hours a week would have worked 5
    CHECK(lost_used_hours_per_month(10.0, 84.0) == 5.0);
    CHECK(lost_used_hours_per_month(10.0, 0.0) == 0.0);
    CHECK(lost_used_hours_per_month(10.0, 168.0) == 10.0);
}

TEST_CASE("evaluate: the downtime cover rents the lost hours of use in the working months", "[availability]") {
    const Assumptions a = two_failures();
    const Evaluation e = evaluate(four_gpus(), offer(), a);
    // 10 h down a month, 5 of them in use; covered at $10/h: $50 a month, x 12 months = $600
    CHECK(e.monthly.downtime_cover_usd == 50.0);
    CHECK(e.build.downtime_cover_usd == 600.0);
    CHECK(e.downtime_used_hours_per_month == 5.0);
    CHECK(e.lost_gpu_hours == 0.0);  // covered: nothing lost
    // Build total: 4 x $5,000 + $600 = $20,600
    CHECK(e.build.total_usd == 20'600.0);
    CHECK(amount_usd(e, Category::downtime_cover) == 600.0);

    // A two-month lead time: no machine in months 1-2, so nothing to cover there; 10 months x $50 = $500
    Assumptions late = a;
    late.lead_time_months = 2;
    const Evaluation l = evaluate(four_gpus(), offer(), late);
    CHECK(l.build.downtime_cover_usd == Approx(500.0));
    const CashFlowProfile p = cash_flow_profile(l, late);
    double cover_flows = 0.0;
    for (const CashFlow& f : p.flows) {
        if (f.category != Category::downtime_cover) continue;
        CHECK(f.amount_usd == (f.month <= 2 ? 0.0 : 50.0));
        cover_flows += f.amount_usd;
    }
    CHECK(cover_flows == Approx(500.0));
}

TEST_CASE("evaluate: --downtime lost costs nothing and counts the lost GPU-hours", "[availability]") {
    Assumptions a = two_failures();
    a.downtime = DowntimePolicy::lost;
    a.lead_time_months = 2;
    const Evaluation e = evaluate(four_gpus(), offer(), a);
    CHECK(e.build.downtime_cover_usd == 0.0);
    // The hardware and the two lead months' interim rental: $20,000 + $8/h x 365 h x 2 = $25,840
    CHECK(e.build.total_usd == 25'840.0);
    // 4 GPUs x 5 lost hours a month x 10 working months = 200 GPU-hours
    CHECK(e.lost_gpu_hours == 200.0);
}

TEST_CASE("evaluate: the cover moves with the hours of use, and so does the break-even", "[availability]") {
    // Without downtime: build $20,000 flat; cloud 8 $/h x u h x 12, u = h x 730 / 168. Equal at
    // 96 x 730 / 168 x h = 20,000, h = 20,000 x 168 / (96 x 730) = 47.945 h/week.
    Assumptions a = two_failures();
    a.failures_per_machine_year = 0.0;
    const Evaluation never_fails = evaluate(four_gpus(), offer(), a);
    REQUIRE(never_fails.break_even_hours_per_week);
    CHECK(*never_fails.break_even_hours_per_week == Approx(20'000.0 * 168.0 / (96.0 * 730.0)));
    // With 10 h down a month the build also pays 10 $/h x 10 h x h / 168 x 12 = 100 h / 14 a year: equal at
    // 96 x 730 / 168 h = 20,000 + 100 / 14 h, h = 20,000 / (417.142857 - 7.142857) = 48.780 h/week.
    const Evaluation fails = evaluate(four_gpus(), offer(), two_failures());
    REQUIRE(fails.break_even_hours_per_week);
    CHECK(*fails.break_even_hours_per_week == Approx(20'000.0 / (96.0 * 730.0 / 168.0 - 100.0 / 14.0)));
    CHECK(*fails.build_cheaper_above);
}

TEST_CASE("spot_interruption_overhead: every instance's interruptions stop the whole job", "[availability][spot]") {
    // 8 instances x 0.2 interruptions a month x 1 hour lost / 730 = 1.6 / 730 of the hours of use
    CHECK(spot_interruption_overhead(8.0, 0.2, 1.0) == Approx(1.6 / 730.0));
    CHECK(spot_interruption_overhead(1.0, 0.0, 24.0) == 0.0);
}

TEST_CASE("evaluate: spot bills the re-run hours of interruptions beside spot_overhead", "[availability][spot]") {
    BuildSpec b = four_gpus();
    b.gpu_count = 8;
    CloudSpec c;
    c.gpus_per_instance = 1;  // 8 instances of one GPU
    c.usd_per_hour = 2.0;
    Assumptions a;
    a.months = 1;
    a.hours_per_week = 168.0;  // u = 730 hours a month
    a.pricing = Pricing::spot;
    a.spot_overhead = 0.1;
    a.spot_interruptions_per_instance_month = 0.2;
    a.spot_restart_hours = 1.0;
    // Billed hours per instance: 730 x (1 + 0.1 + 1.6 / 730) = 803 + 1.6 = 804.6; x 8 instances x $2 = $12,873.60
    const Evaluation e = evaluate(b, c, a);
    CHECK(e.monthly.compute_usd == Approx(12'873.6));
    // Without interruptions: 730 x 1.1 x 8 x $2 = $12,848
    a.spot_interruptions_per_instance_month = 0.0;
    CHECK(evaluate(b, c, a).monthly.compute_usd == Approx(12'848.0));
    // On demand the interruptions bill nothing.
    a.spot_interruptions_per_instance_month = 0.2;
    a.pricing = Pricing::on_demand;
    CHECK(evaluate(b, c, a).monthly.compute_usd == Approx(730.0 * 8.0 * 2.0));
}
