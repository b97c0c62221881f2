// Model v2 (issue 11), each new term by hand: resale curve and the machine's age after the lead time, interim cloud
// during the lead time, price trends on every pricing with commitment rates locked per term, storage sized in TB,
// on-demand overhead and both paybacks; then properties over seeded random scenarios that use every new key.
#include <cmath>
#include <cstdint>
#include <random>

#include <catch2/catch.hpp>

#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/categories.hpp"
#include "gpucost/engine/cost_model.hpp"

using namespace gpucost;

namespace {

// One GPU at $10,000 drawing 500 W at load, nothing else; one GPU per instance. Every cost an assumption adds is
// set by the test that needs it (a value-initialised Assumptions costs nothing but the hardware).
BuildSpec one_gpu() {
    BuildSpec b;
    b.gpu_count = 1;
    b.gpu_price_usd = 10'000;
    b.gpu_tdp_w = 500;
    b.gpu_idle_w = 50;
    return b;
}

CloudSpec offer(double usd_per_hour) {
    CloudSpec c;
    c.gpus_per_instance = 1;
    c.usd_per_hour = usd_per_hour;
    c.interim_usd_per_hour = usd_per_hour;
    return c;
}

// No running costs, no resale, no discounting: a test turns on what it checks.
Assumptions bare(int months) {
    Assumptions a;
    a.months = months;
    a.hours_per_week = 16.8;  // u = 16.8 x 730 / 168 = 73 hours a month
    a.idle = IdlePolicy::off;
    a.resale = ResaleModel::none;
    a.residual_value = 0.0;
    return a;
}

}  // namespace

TEST_CASE("v2 resale: curve at 0, 12 and 30 months, the age starts after the lead time", "[v2]") {
    Assumptions a = bare(36);
    a.resale = ResaleModel::curve;
    a.resale_decline_per_year = 0.3;
    CHECK(resale_value_usd(10'000, 0, a) == 10'000.0);          // 0.7^0 = 1
    CHECK(resale_value_usd(10'000, 12, a) == Approx(7'000.0));  // 0.7^1
    // 0.7^2.5 = 0.49 x sqrt(0.7) = 0.49 x 0.8366600 = 0.4099634
    CHECK(resale_value_usd(10'000, 30, a) == Approx(4'099.634).margin(0.01));
    a.lead_time_months = 6;
    CHECK(resale_value_usd(10'000, 6, a) == 10'000.0);          // still on order: age 0
    CHECK(resale_value_usd(10'000, 18, a) == Approx(7'000.0));  // age 12 months
    // Straight-line: 36 months after a 6-month lead time is 30 months of age, 2.5 of 5 years to 30 %:
    // 1 - 0.7 x 2.5 / 5 = 0.65.
    a.resale = ResaleModel::straight_line;
    a.useful_life_years = 5;
    a.residual_value = 0.3;
    CHECK(resale_value_usd(10'000, 36, a) == Approx(6'500.0));
    a.resale = ResaleModel::none;
    CHECK(resale_value_usd(10'000, 36, a) == 0.0);

    // In evaluate(): the credit at M = 36 with curve 0.3 and no lead time, r = 0: 10,000 x 0.7^3 = 3,430.
    a = bare(36);
    a.resale = ResaleModel::curve;
    a.resale_decline_per_year = 0.3;
    CHECK(evaluate(one_gpu(), offer(1), a).build.resale_usd == Approx(-3'430.0));
}

TEST_CASE("v2 lead time: 3 months of interim cloud, power and upkeep from month 4", "[v2]") {
    Assumptions a = bare(12);
    a.lead_time_months = 3;
    a.electricity_usd_per_kwh = 0.2;
    a.pue = 1.0;
    a.staff_salary_usd = 120'000;
    a.staff_fte_build = 0.1;        // 1,000 a month, every month
    a.maintenance_rate = 0.12;      // 0.12 x 10,000 / 12 = 100 a month once working
    a.facility_usd_per_month = 50;  // once working
    a.cloud_storage_usd_per_month = 10;
    a.cloud_egress_usd_per_month = 5;
    const Evaluation e = evaluate(one_gpu(), offer(2), a);
    // Power: 73 h x 500 W = 36.5 kWh x $0.2 = $7.30 a month (idle off), months 4..12 = 9 months -> 65.70.
    CHECK(e.build.power_usd == Approx(65.7));
    CHECK(e.build.staff_usd == Approx(12'000.0));     // 12 x 1,000
    CHECK(e.build.maintenance_usd == Approx(900.0));  // 9 x 100
    CHECK(e.build.facility_usd == Approx(450.0));     // 9 x 50
    // Interim: 73 h x $2 = 146 compute + 10 storage + 5 egress = 161 a month, months 1..3 -> 483.
    CHECK(e.monthly.interim_cloud_usd == Approx(161.0));
    CHECK(e.build.interim_cloud_usd == Approx(483.0));
    // 10,000 + 65.7 + 12,000 + 900 + 450 + 483 = 23,898.7
    CHECK(e.build.total_usd == Approx(23'898.7));
    CHECK(e.cloud.total_usd == Approx(12 * 161.0));  // the cloud side is unchanged: 1,932
    CHECK(amount_usd(e, Category::interim_cloud) == e.build.interim_cloud_usd);

    // The profile: interim in months 1..3 only, power from month 4.
    CHECK(month_amount_usd(e, a, Category::interim_cloud, 3) == Approx(161.0));
    CHECK(month_amount_usd(e, a, Category::interim_cloud, 4) == 0.0);
    CHECK(month_amount_usd(e, a, Category::power, 3) == 0.0);
    CHECK(month_amount_usd(e, a, Category::power, 4) == Approx(7.3));
    // The build's dearest month: 1,000 staff + 161 interim (months 1..3) against 7.3 + 1,000 + 100 + 50 = 1,157.3.
    CHECK(highest_month_usd(e, a, Side::build) == Approx(1'161.0));

    // Without an on-demand price the interim cloud rents at the chosen pricing: reserved-1y, 730 h x $1.5.
    CloudSpec reserved = offer(1.5);
    reserved.interim_pricing = Pricing::reserved_1y;
    a.pricing = Pricing::reserved_1y;
    const Evaluation r = evaluate(one_gpu(), reserved, a);
    CHECK(r.build.interim_cloud_usd == Approx(3 * (730 * 1.5 + 15)));  // 3 x 1,110 = 3,330
}

TEST_CASE("v2 cloud price trends: on-demand and spot monthly, reserved locked per term", "[v2]") {
    Assumptions a = bare(24);
    a.cloud_price_change_per_year = -0.2;
    // reserved-1y, 24 months: 730 h x $1 x (12 x 1 + 12 x 0.8) = 730 x 21.6 = 15,768.
    a.pricing = Pricing::reserved_1y;
    CHECK(evaluate(one_gpu(), offer(1), a).cloud.compute_usd == Approx(15'768.0));
    CHECK(cloud_price_factor(Pricing::reserved_1y, 12, -0.2) == 1.0);
    CHECK(cloud_price_factor(Pricing::reserved_1y, 13, -0.2) == Approx(0.8));
    // reserved-3y, 48 months: 730 x (36 x 1 + 12 x 0.8^3) = 730 x (36 + 6.144) = 730 x 42.144 = 30,765.12.
    a.months = 48;
    a.pricing = Pricing::reserved_3y;
    CHECK(evaluate(one_gpu(), offer(1), a).cloud.compute_usd == Approx(30'765.12));
    CHECK(cloud_price_factor(Pricing::reserved_3y, 36, -0.2) == 1.0);
    CHECK(cloud_price_factor(Pricing::reserved_3y, 37, -0.2) == Approx(0.512));
    // On-demand, 24 months: 73 h x $1 x sum_{k=1..24} 0.8^((k-1)/12) = 73 (1 - 0.64) / (1 - 0.8^(1/12)).
    // 1 - 0.8^(1/12) = 0.0184235 -> 0.36 / 0.0184235 = 19.5403 -> 1,426.44.
    a.months = 24;
    a.pricing = Pricing::on_demand;
    const double q = std::pow(0.8, 1.0 / 12.0);
    CHECK(evaluate(one_gpu(), offer(1), a).cloud.compute_usd == Approx(73.0 * (1 - 0.64) / (1 - q)));
    CHECK(evaluate(one_gpu(), offer(1), a).cloud.compute_usd == Approx(1'426.44).margin(0.01));
    CHECK(cloud_price_factor(Pricing::on_demand, 13, -0.2) == Approx(0.8));
    // Spot follows the same monthly trend, on the hours re-run too: x 1.25.
    a.pricing = Pricing::spot;
    a.spot_overhead = 0.25;
    CHECK(evaluate(one_gpu(), offer(1), a).cloud.compute_usd == Approx(1.25 * 73.0 * (1 - 0.64) / (1 - q)));
}

TEST_CASE("v2 electricity trend and on-demand overhead", "[v2]") {
    Assumptions a = bare(24);
    a.electricity_usd_per_kwh = 0.2;
    a.pue = 1.0;
    a.electricity_price_change_per_year = 0.44;  // 1.2^2: 1.44^((k-1)/12) = 1.2^((k-1)/6)
    // Power $7.30 a month at today's price: sum_{k=1..24} 1.2^((k-1)/6) = (1.2^4 - 1) / (1.2^(1/6) - 1)
    // = 1.0736 / 0.0308533 = 34.797 -> 7.3 x 34.797 = 254.02.
    const double s = (std::pow(1.2, 4) - 1) / (std::pow(1.2, 1.0 / 6.0) - 1);
    CHECK(evaluate(one_gpu(), offer(1), a).build.power_usd == Approx(7.3 * s));
    CHECK(evaluate(one_gpu(), offer(1), a).build.power_usd == Approx(254.02).margin(0.01));
    // On-demand overhead: 73 h x 1.15 = 83.95 billed hours a month at $2 -> 167.9, x 24 = 4,029.6 (no trend).
    a.on_demand_overhead = 0.15;
    CHECK(evaluate(one_gpu(), offer(2), a).cloud.compute_usd == Approx(4'029.6));
    // Reserved hours are 730 whatever the overhead.
    a.pricing = Pricing::reserved_1y;
    CHECK(evaluate(one_gpu(), offer(2), a).cloud.compute_usd == Approx(730 * 2 * 24.0));
}

TEST_CASE("v2 storage: TB at the offer's price, else the assumption's, plus the fixed amount", "[v2]") {
    Assumptions a = bare(12);
    a.storage_tb = 2;
    a.cloud_storage_usd_per_tb_month = 20;
    a.cloud_storage_usd_per_month = 10;
    CloudSpec c = offer(1);
    // From the assumption: 2 x 20 + 10 = 50 a month, 600 over 12 months.
    CHECK(evaluate(one_gpu(), c, a).monthly.storage_usd == 50.0);
    CHECK(evaluate(one_gpu(), c, a).cloud.storage_usd == Approx(600.0));
    // From the offer: 2 x 25 + 10 = 60 a month.
    c.storage_usd_per_tb_month = 25.0;
    CHECK(evaluate(one_gpu(), c, a).monthly.storage_usd == 60.0);
    CHECK(evaluate(one_gpu(), c, a).cloud.storage_usd == Approx(720.0));
    // The offer matcher's total agrees to the bit.
    CHECK(cloud_total_usd(one_gpu(), c, a) == evaluate(one_gpu(), c, a).cloud.total_usd);
}

TEST_CASE("v2 paybacks: in cash, and if the machine is sold in month m", "[v2]") {
    // Hardware 1,200 + setup 600 up front; the cloud costs 92 a month; the build nothing after purchase.
    BuildSpec b;
    b.gpu_count = 1;
    b.gpu_price_usd = 1'200;
    b.setup_usd = 600;
    Assumptions a = bare(24);
    a.hours_per_week = 168.0;  // 730 h at $92 / 730 = $92 a month
    CloudSpec c = offer(92.0 / 730.0);
    // Cash: 92 m >= 1,800 -> m = 20 (92 x 19 = 1,748; 92 x 20 = 1,840).
    Evaluation e = evaluate(b, c, a);
    CHECK(e.payback_month == 20);
    CHECK(e.payback_month_if_sold == 20);  // resale none: the same
    // Straight-line over 2 years to 0: value(m) = 1,200 (1 - m / 24) = 1,200 - 50 m.
    // If sold: 92 m >= 1,800 - (1,200 - 50 m) = 600 + 50 m -> 42 m >= 600 -> m = 15 (14: 1,288 < 1,300).
    a.resale = ResaleModel::straight_line;
    a.useful_life_years = 2;
    a.residual_value = 0;
    e = evaluate(b, c, a);
    CHECK(e.payback_month == 20);
    CHECK(e.payback_month_if_sold == 15);
    // A lead time of 2 months: the interim cloud (92 a month) is build spend, and the machine ages from month 3.
    // Cash: 92 m >= 1,800 + 184 = 1,984 -> m = 22 (21: 1,932). If sold: 92 m >= 1,984 - 1,200 (1 - (m - 2) / 24)
    // = 684 + 50 m -> 42 m >= 684 -> m = 17 (16: 1,472 < 1,484).
    a.lead_time_months = 2;
    e = evaluate(b, c, a);
    CHECK(e.build.interim_cloud_usd == Approx(184.0));
    CHECK(e.payback_month == 22);
    CHECK(e.payback_month_if_sold == 17);
    // Both read off the cash-flow profile the same.
    const CashFlowProfile p = cash_flow_profile(e, a);
    CHECK(payback_month(p) == e.payback_month);
    CHECK(payback_month_if_sold(p, e, a) == e.payback_month_if_sold);
    // Never reached: both empty (10 x 24 = 240 against at least 1,984 - 1,200).
    c = offer(10.0 / 730.0);
    e = evaluate(b, c, a);
    CHECK_FALSE(e.payback_month);
    CHECK_FALSE(e.payback_month_if_sold);
}

namespace {

std::uint64_t next(std::mt19937_64& rng) { return rng(); }
double unit(std::mt19937_64& rng) { return static_cast<double>(next(rng) >> 11) * 0x1.0p-53; }
double real(std::mt19937_64& rng, double lo, double hi) { return lo + (hi - lo) * unit(rng); }
int whole(std::mt19937_64& rng, int lo, int hi) {
    return lo + static_cast<int>(next(rng) % static_cast<std::uint64_t>(hi - lo + 1));
}

struct V2Scenario {
    BuildSpec build;
    CloudSpec cloud;
    Assumptions a;
};

// Every v1 and v2 input drawn across its range (a plain bit draw: the same scenarios on every platform).
V2Scenario random_v2(std::mt19937_64& rng) {
    V2Scenario s;
    s.build.gpu_count = whole(rng, 1, 64);
    s.build.gpu_price_usd = real(rng, 0, 40'000);
    s.build.gpu_tdp_w = real(rng, 1, 1'200);
    s.build.gpu_idle_w = real(rng, 0, s.build.gpu_tdp_w);
    s.build.base_price_usd = real(rng, 0, 50'000);
    s.build.base_load_w = real(rng, 0, 3'000);
    s.build.base_idle_w = real(rng, 0, s.build.base_load_w);
    s.build.setup_usd = real(rng, 0, 10'000);
    s.cloud.gpus_per_instance = whole(rng, 1, 8);
    s.cloud.usd_per_hour = real(rng, 0.01, 100);
    s.cloud.interim_pricing = static_cast<Pricing>(whole(rng, 0, k_pricing_count - 1));
    s.cloud.interim_usd_per_hour = real(rng, 0.01, 100);
    if (whole(rng, 0, 1) == 1) s.cloud.storage_usd_per_tb_month = real(rng, 0, 200);
    Assumptions& a = s.a;
    a.hours_per_week = real(rng, 0, 168);
    a.months = whole(rng, 1, 96);
    a.pricing = static_cast<Pricing>(whole(rng, 0, k_pricing_count - 1));
    a.electricity_usd_per_kwh = real(rng, 0, 0.5);
    a.pue = real(rng, 1, 2);
    a.idle = whole(rng, 0, 1) == 1 ? IdlePolicy::always_on : IdlePolicy::off;
    a.staff_salary_usd = real(rng, 0, 200'000);
    a.staff_fte_build = real(rng, 0, 1);
    a.staff_fte_cloud = real(rng, 0, 1);
    a.maintenance_rate = real(rng, 0, 0.3);
    a.facility_usd_per_month = real(rng, 0, 3'000);
    a.useful_life_years = real(rng, 0.5, 8);
    a.residual_value = real(rng, 0, 1);
    a.discount_rate = whole(rng, 0, 1) == 1 ? 0.0 : real(rng, 0, 0.3);
    a.spot_overhead = real(rng, 0, 0.5);
    a.cloud_storage_usd_per_month = real(rng, 0, 500);
    a.cloud_egress_usd_per_month = real(rng, 0, 500);
    a.resale = static_cast<ResaleModel>(whole(rng, 0, 2));
    a.resale_decline_per_year = real(rng, 0, 0.9);
    a.cloud_price_change_per_year = whole(rng, 0, 3) == 0 ? 0.0 : real(rng, -0.9, 1);
    a.electricity_price_change_per_year = whole(rng, 0, 3) == 0 ? 0.0 : real(rng, -0.9, 1);
    a.lead_time_months = whole(rng, 0, 3) == 0 ? 0 : whole(rng, 0, a.months - 1);
    a.on_demand_overhead = real(rng, 0, 1);
    a.storage_tb = real(rng, 0, 50);
    a.cloud_storage_usd_per_tb_month = real(rng, 0, 200);
    // Availability (issue 20): downtime covered by a rental, or counted as lost.
    a.failures_per_machine_year = real(rng, 0, 6);
    a.repair_hours = real(rng, 0, 720);
    a.planned_maintenance_hours_per_year = real(rng, 0, 100);
    a.downtime = whole(rng, 0, 3) == 0 ? DowntimePolicy::lost : DowntimePolicy::cover;
    s.cloud.backup_usd_per_hour = real(rng, 0, 400);
    return s;
}

bool near(double x, double y, double scale) { return std::fabs(x - y) <= 1e-9 * std::max(1.0, scale); }

}  // namespace

TEST_CASE("v2 properties: totals are the cash flow's sums, break-even recomputes, trends and resale move one way",
          "[v2]") {
    std::mt19937_64 rng(20261201);
    for (int i = 0; i < 3000; ++i) {
        const V2Scenario s = random_v2(rng);
        INFO("scenario " << i);
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        const double scale =
            std::fabs(e.build.total_usd) + e.cloud.total_usd + e.build.hardware_usd - e.build.resale_usd + 1.0;

        // Each side's flows sum to its total; each category's flows to its amount.
        const CashFlowProfile p = cash_flow_profile(e, s.a);
        REQUIRE(p.months.size() == static_cast<std::size_t>(s.a.months) + 1);
        CHECK(near(p.months.back().build_cumulative_usd, e.build.total_usd, scale));
        CHECK(near(p.months.back().cloud_cumulative_usd, e.cloud.total_usd, scale));
        for (const CategoryInfo& info : k_categories) {
            double sum = 0.0;
            for (const CashFlow& f : p.flows)
                if (f.category == info.category) sum += f.amount_usd;
            CHECK(near(sum, amount_usd(e, info.category), scale));
        }
        CHECK(payback_month(p) == e.payback_month);
        CHECK(payback_month_if_sold(p, e, s.a) == e.payback_month_if_sold);
        CHECK(cloud_total_usd(s.build, s.cloud, s.a) == e.cloud.total_usd);

        // At the break-even hours both totals are equal.
        if (e.break_even_hours_per_week) {
            Assumptions at = s.a;
            at.hours_per_week = *e.break_even_hours_per_week;
            const Evaluation b = evaluate(s.build, s.cloud, at);
            const double gap_low = std::fabs(total_difference_usd(s.build, s.cloud, s.a, 0.0));
            const double gap_high = std::fabs(total_difference_usd(s.build, s.cloud, s.a, 168.0));
            if (*e.break_even_hours_per_week > 0.0 && *e.break_even_hours_per_week < 168.0)
                CHECK(near(b.build.total_usd, b.cloud.total_usd, scale + gap_low + gap_high));
        }

        // A falling cloud price never raises the cloud total (nor the interim cloud's).
        Assumptions falling = s.a;
        falling.cloud_price_change_per_year = -std::fabs(s.a.cloud_price_change_per_year) * 0.9;
        Assumptions flat = s.a;
        flat.cloud_price_change_per_year = 0.0;
        CHECK(evaluate(s.build, s.cloud, falling).cloud.total_usd <=
              evaluate(s.build, s.cloud, flat).cloud.total_usd * (1 + 1e-12));

        // No resale never lowers the build total.
        Assumptions none = s.a;
        none.resale = ResaleModel::none;
        CHECK(evaluate(s.build, s.cloud, none).build.total_usd >= e.build.total_usd);
        CHECK(evaluate(s.build, s.cloud, none).build.resale_usd == 0.0);
        if (e.payback_month && e.payback_month_if_sold) CHECK(*e.payback_month_if_sold <= *e.payback_month);
    }
}

TEST_CASE("v2 neutral values are v1 to the bit", "[v2]") {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 2000; ++i) {
        V2Scenario s = random_v2(rng);
        INFO("scenario " << i);
        Assumptions v1 = s.a;
        v1.resale = ResaleModel::straight_line;
        v1.cloud_price_change_per_year = 0.0;
        v1.electricity_price_change_per_year = 0.0;
        v1.lead_time_months = 0;
        v1.on_demand_overhead = 0.0;
        v1.storage_tb = 0.0;
        const Evaluation e = evaluate(s.build, s.cloud, v1);
        // v1's formulas, as test_cost_model.cpp writes them out, at r = 0 and over the same months.
        CHECK(e.build.interim_cloud_usd == 0.0);
        CHECK(e.monthly.storage_usd == v1.cloud_storage_usd_per_month);
        CHECK(e.build.resale_usd ==
              (hardware_usd(s.build) > 0.0
                   ? -resale_value_usd(hardware_usd(s.build), v1.months, v1.useful_life_years, v1.residual_value) *
                         discount_factor(v1.months, v1.discount_rate)
                   : e.build.resale_usd));
        CHECK(e.build.power_usd == annuity_factor(v1.months, v1.discount_rate) * e.monthly.power_usd);
        CHECK(e.cloud.compute_usd == annuity_factor(v1.months, v1.discount_rate) * e.monthly.compute_usd);
        CHECK(e.build.maintenance_usd == annuity_factor(v1.months, v1.discount_rate) * e.monthly.maintenance_usd);
    }
}
