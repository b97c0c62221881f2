// The plan's supply costed month by month, and the optimiser's answer, against hand-computed cases: a constant
// demand, a step, a growth curve and a burst.
#include <cmath>

#include <catch2/catch.hpp>

#include "gpucost/plan/optimise.hpp"
#include "gpucost/plan/supply.hpp"

using namespace gpucost;
using namespace gpucost::plan;

namespace {

// A machine of 2 GPUs: hardware 2 x 1,000 + 2,000 = 4,000, setup 500; 500 W a GPU busy, 100 W idle; the rest
// 200 W busy, 50 W idle. An instance of 1 GPU at 2 $/h on demand, 1.5 $/h for a year, 1 $/h for three. Power at
// 0.10 $/kWh, maintenance 12% a year (4,000 x 0.12 / 12 = 40 $ a month), facility 10 $ a month, no staff, no
// discounting; straight-line resale to 0 over 5 years (after 12 months: 4,000 x (1 - 1/5) = 3,200).
Supply hand_supply(int months = 12) {
    Supply s;
    s.build = {2, 1000.0, 500.0, 100.0, 2000.0, 200.0, 50.0, 500.0};
    s.on_demand.gpus_per_instance = 1;
    s.on_demand.usd_per_hour = 2.0;
    s.on_demand.interim_usd_per_hour = 2.0;
    s.reserved_1y_usd_per_hour = 1.5;
    s.reserved_3y_usd_per_hour = 1.0;
    Assumptions& a = s.assumptions;
    a.months = months;
    a.electricity_usd_per_kwh = 0.1;
    a.maintenance_rate = 0.12;
    a.facility_usd_per_month = 10.0;
    a.useful_life_years = 5.0;
    return s;
}

Demand constant(std::int64_t gpus, double hours_per_week, int months) {
    DemandFlags f;
    f.gpus = gpus;
    f.hours_per_week = hours_per_week;
    return demand_from_flags(f, months);
}

Schedule own(std::int64_t count, int month = 1) { return {{{Kind::own, month, count}}}; }

}  // namespace

TEST_CASE("downtime_fraction and sale_month") {
    Assumptions a;
    a.failures_per_machine_year = 2.0;
    a.repair_hours = 24.0;
    CHECK(downtime_fraction(a) == Approx(48.0 / 8760.0));  // 2 failures x 24 h of 8,760
    a.failures_per_machine_year = 0.0;
    CHECK(downtime_fraction(a) == 0.0);
    Supply s = hand_supply(72);
    CHECK(sale_month(s, 1) == 60);   // 5 years from the start of month 1
    CHECK(sale_month(s, 25) == 72);  // the horizon comes first
    s.assumptions.lead_time_months = 2;
    CHECK(sale_month(s, 1) == 62);  // working from month 3, for 60 months
}

TEST_CASE("cost_schedule: a constant demand, owned, rented or committed") {
    const Supply s = hand_supply();
    const Demand full = constant(2, 168.0, 12);
    // Own one: 4,500 at month 0; a month's power 2 x 730 h x 500 W + 730 h x 200 W = 876 kWh = 87.60 $, upkeep 50 $;
    // resale 3,200: 4,500 + 12 x 137.60 - 3,200 = 2,951.20
    const PlanCosts owned = cost_schedule(s, full, own(1));
    CHECK(owned.months[0].purchase_usd == 4500.0);
    CHECK(owned.months[1].power_usd == Approx(87.6));
    CHECK(owned.months[12].resale_usd == Approx(-3200.0));
    CHECK(owned.net_present_cost_usd == Approx(2951.2));
    CHECK(owned.months[5].owned_gpu_hours == Approx(1460.0));
    CHECK(owned.months[5].on_demand_gpu_hours == 0.0);
    // Rent: 2 instances x 730 h x 2 $ = 2,920 a month: 35,040
    CHECK(cost_schedule(s, full, {}).net_present_cost_usd == Approx(35040.0));
    // Two 1-year commitments: 2 x 730 x 1.5 = 2,190 a month: 26,280
    CHECK(cost_schedule(s, full, {{{Kind::commit_1y, 1, 2}}}).net_present_cost_usd == Approx(26280.0));
    // Two 3-year commitments bill every month of their term, past the horizon: 2 x 730 x 1 x 36 = 52,560
    const PlanCosts three = cost_schedule(s, full, {{{Kind::commit_3y, 1, 2}}});
    CHECK(three.months.size() == 37);
    CHECK(three.net_present_cost_usd == Approx(52560.0));
    // Half the week: u = 365 h. Power 2 x (365 x 500 + 365 x 100) + 365 x 200 + 365 x 50 Wh = 529.25 kWh = 52.925 $:
    // 4,500 + 12 x 102.925 - 3,200 = 2,535.10; renting 2 x 365 x 2 x 12 = 17,520
    const Demand half = constant(2, 84.0, 12);
    CHECK(cost_schedule(s, half, own(1)).net_present_cost_usd == Approx(2535.1));
    CHECK(cost_schedule(s, half, {}).net_present_cost_usd == Approx(17520.0));
    // The optimiser, deciding once a year, owns
    const PlanResult best = optimise(s, full, every_months(s, 12));
    CHECK(best.net_present_cost_usd == Approx(2951.2));
    REQUIRE(best.schedule.lots.size() == 1);
    CHECK(best.schedule.lots[0].kind == Kind::own);
    CHECK(best.schedule.lots[0].count == 1);
}

TEST_CASE("cost_schedule and optimise: a step from 1 to 3 GPUs in month 7") {
    const Supply s = hand_supply();
    DemandFlags f;
    f.gpus = 1;
    f.steps = {{7, 3}};
    const Demand step = demand_from_flags(f, 12);
    // One machine: months 1-6 one GPU busy, one idle: 730 x 500 + 730 x 100 + 730 x 200 Wh = 58.40 $; months 7-12
    // full (87.60 $) and one instance on demand, 730 x 2 = 1,460 $: 4,500 + 6 x 108.40 + 6 x 1,597.60 - 3,200
    CHECK(cost_schedule(s, step, own(1)).net_present_cost_usd == Approx(11536.0));
    // Deciding once: two machines at month 1. The second: 4,500 - 3,200 + 12 x 50 + power 6 x (2 x 730 x 100 +
    // 730 x 50 Wh = 18.25 $) + 6 x 58.40 = 2,359.90; the first 4,500 - 3,200 + 600 + 6 x 58.40 + 6 x 87.60 = 2,776
    const PlanResult once = optimise(s, step, every_months(s, 12));
    CHECK(once.net_present_cost_usd == Approx(5135.9));
    CHECK(once.schedule.lots.size() == 1);
    CHECK(once.schedule.lots[0].count == 2);
    // Deciding every 6 months: the second at month 7 is cheaper, bought at month 6's end and sold at 6 months old
    // for 4,000 x (1 - 0.5 / 5) = 3,600: 4,500 - 3,600 + 6 x 50 + 6 x 58.40 = 1,550.40; with the first, 4,326.40
    const PlanResult twice = optimise(s, step, every_months(s, 6));
    CHECK(twice.net_present_cost_usd == Approx(4326.4));
    REQUIRE(twice.schedule.lots.size() == 2);
    CHECK(twice.schedule.lots[1].month == 7);
    CHECK(cost_schedule(s, step, twice.schedule).net_present_cost_usd == Approx(twice.net_present_cost_usd));
}

TEST_CASE("optimise: a growth curve, 1 GPU doubling a year") {
    const Supply s = hand_supply(24);
    DemandFlags f;
    f.gpus = 1;
    f.growth_per_year = 1.0;
    const Demand growth = demand_from_flags(f, 24);
    // 2^((m - 1) / 12) GPUs, whole: months 1-12 one, 13-20 two (2^(19/12) = 2.99), 21-24 three (2^(20/12) = 3.17)
    CHECK(growth.months[11].peak_gpus() == 1);
    CHECK(growth.months[19].peak_gpus() == 2);
    CHECK(growth.months[20].peak_gpus() == 3);
    // Deciding at months 1 and 13. The first machine for 24 months, sold at 4,000 x (1 - 2/5) = 2,400: 4,500 - 2,400
    // + 24 x 50 + 12 x 58.40 + 12 x 87.60 = 5,052. A second at month 13, sold at 12 months old for 3,200: 1,300 +
    // 12 x 50 + power 8 x 18.25 (idle) + 4 x 58.40 = 2,279.60, less than 4 months of an instance (4 x 1,460).
    const PlanResult best = optimise(s, growth, every_months(s, 12));
    CHECK(best.net_present_cost_usd == Approx(7331.6));
    REQUIRE(best.schedule.lots.size() == 2);
    CHECK(best.schedule.lots[0].month == 1);
    CHECK(best.schedule.lots[1].month == 13);
    // Renting all of it: 12 x 1,460 + 8 x 2,920 + 4 x 4,380 = 58,400
    CHECK(cost_schedule(s, growth, {}).net_present_cost_usd == Approx(58400.0));
}

TEST_CASE("optimise: a burst of 1 GPU for 100 hours a month over a full level of 2") {
    const Supply s = hand_supply();
    DemandFlags f;
    f.gpus = 2;
    f.burst_gpus = 1;
    f.burst_hours = 100.0;
    const Demand burst = demand_from_flags(f, 12);
    // One machine and the burst on demand: 2,951.20 + 12 x 100 h x 2 $ = 5,351.20
    CHECK(cost_schedule(s, burst, own(1)).net_present_cost_usd == Approx(5351.2));
    // A second machine for the burst: 1,300 + 600 + power 12 x (100 x 500 + 630 x 100 + 730 x 100 (its idle GPU) +
    // 100 x 200 + 630 x 50 Wh = 23.75 $) = 2,185 < 2,400 on demand, so the plan owns two: 5,136.20
    const PlanResult best = optimise(s, burst, every_months(s, 12));
    CHECK(best.net_present_cost_usd == Approx(5136.2));
    REQUIRE(best.schedule.lots.size() == 1);
    CHECK(best.schedule.lots[0].count == 2);
}

TEST_CASE("month_use: downtime as compare's cover, the backup rental at today's price, power kept") {
    Supply s = hand_supply();
    s.assumptions.failures_per_machine_year = 2.0;  // 2 x 219 = 438 h of 8,760: 5% down
    s.assumptions.repair_hours = 219.0;
    s.assumptions.cloud_storage_usd_per_month = 40.0;  // not paid: the cover alone is no month that rents
    s.assumptions.cloud_price_change_per_year = 0.5;   // nor is the cover trended: today's price, as compare
    s.on_demand.backup_usd_per_hour = 4.0;             // the whole build: 2 instances x 2 $
    const PlanCosts c = cost_schedule(s, constant(2, 168.0, 12), own(1));
    // Month 12 as month 1: the machine is busy 730 h, 5% of them lost: 36.5 h x 4 $ = 146 $
    CHECK(c.months[12].downtime_cover_usd == Approx(146.0));
    CHECK(c.months[12].on_demand_usd == 0.0);
    CHECK(c.months[12].cloud_fixed_usd == 0.0);
    // 5% of 1,460 GPU-hours served by the cover: 73 on demand, 1,387 owned
    CHECK(c.months[1].on_demand_gpu_hours == Approx(73.0));
    CHECK(c.months[1].owned_gpu_hours == Approx(1387.0));
    CHECK(c.months[1].unserved_gpu_hours == 0.0);
    // The machine keeps its power, as compare's: 730 x (2 x 500 + 200) Wh = 876 kWh = 87.60 $
    CHECK(c.months[1].power_usd == Approx(87.6));
    // 2,951.20 without failures (constant demand above) + 12 x 146 = 4,703.20
    CHECK(c.net_present_cost_usd == Approx(4703.2));
}

TEST_CASE("month_use: --downtime lost leaves the lost hours unserved and rents nothing for them") {
    Supply s = hand_supply();
    s.assumptions.failures_per_machine_year = 2.0;
    s.assumptions.repair_hours = 219.0;
    s.assumptions.downtime = DowntimePolicy::lost;
    s.on_demand.backup_usd_per_hour = 4.0;
    const PlanCosts c = cost_schedule(s, constant(2, 168.0, 12), own(1));
    CHECK(c.months[1].downtime_cover_usd == 0.0);
    CHECK(c.months[1].unserved_gpu_hours == Approx(73.0));  // 5% of 1,460
    CHECK(c.months[1].on_demand_gpu_hours == 0.0);
    CHECK(c.months[1].owned_gpu_hours == Approx(1387.0));
    CHECK(c.net_present_cost_usd == Approx(2951.2));  // as a machine that never fails
}

TEST_CASE("present_cost: annual discounting, each year's months at its year-end factor") {
    Supply s = hand_supply(24);
    s.assumptions.discount_rate = 0.1;
    s.assumptions.discounting = DiscountConvention::annual;
    const PlanCosts c = cost_schedule(s, constant(2, 168.0, 24), own(1));
    // Purchase 4,500 at month 0 (factor 1); months 1-12 of 137.60 (87.60 power + 50 upkeep) at 1 / 1.1; months
    // 13-24 at 1 / 1.21 with the resale at 24 months, 4,000 x (1 - 2/5) = 2,400:
    // 4,500 + 1,651.20 / 1.1 + (1,651.20 - 2,400) / 1.21 = 4,500 + 1,501.0909 - 618.8430 = 5,382.2479
    CHECK(c.net_present_cost_usd == Approx(5382.247933884297).epsilon(1e-12));
    // Monthly discounting differs: month 1 alone is 137.60 x 1.1^(-1/12)
    s.assumptions.discounting = DiscountConvention::monthly;
    CHECK(cost_schedule(s, constant(2, 168.0, 24), own(1)).net_present_cost_usd != Approx(5382.247933884297));
    CHECK(present_cost(c.months[1], 1, s.assumptions) == Approx(137.6 * std::pow(1.1, -1.0 / 12.0)));
}

TEST_CASE("month_use: spot rents above the owned GPUs with spot_overhead and the interruptions' re-runs") {
    Supply s = hand_supply();
    s.rent_pricing = Pricing::spot;
    s.assumptions.spot_overhead = 0.1;
    s.assumptions.on_demand_overhead = 0.5;  // not spot's: left out
    s.assumptions.spot_interruptions_per_instance_month = 2.0;
    s.assumptions.spot_restart_hours = 3.0;  // each instance re-runs (2 j - 1) x 2 x 3 / 730 of its hours
    MonthLoad load;
    load.hours_at_least = {730.0, 365.0};  // two instances: 730 h and 365 h
    // billed = (730 + 365) x 1.1 + (1 x 730 + 3 x 365) x 6 / 730 = 1,204.5 + 15 = 1,219.5 h x 2 $ = 2,439 $
    const MonthFlows rented = month_use(s, load, 1, 0, 0, 0);
    CHECK(rented.on_demand_usd == Approx(2439.0));
    CHECK(rented.on_demand_gpu_hours == Approx(1095.0));
    // Both up all month is compare's job on 2 instances: 2 x 730 x (1.1 + 2 x 6 / 730) = 1,630 h x 2 $ = 3,260 $
    load.hours_at_least = {730.0, 730.0};
    CHECK(month_use(s, load, 1, 0, 0, 0).on_demand_usd == Approx(3260.0));
    load.hours_at_least = {730.0, 365.0};
    // One machine owns the first 2 GPUs: nothing rented, nothing billed.
    CHECK(month_use(s, load, 1, 1, 1, 0).on_demand_usd == 0.0);
    // A third level over one machine: one spot instance up 100 h: 100 x (1.1 + 6 / 730) x 2 = 221.64 $
    load.hours_at_least = {730.0, 365.0, 100.0};
    CHECK(month_use(s, load, 1, 1, 1, 0).on_demand_usd == Approx(100.0 * (1.1 + 6.0 / 730.0) * 2.0));
    // On demand the same month bills its own overhead: 100 x 1.5 x 2 = 300 $
    s.rent_pricing = Pricing::on_demand;
    CHECK(month_use(s, load, 1, 1, 1, 0).on_demand_usd == Approx(300.0));
}
