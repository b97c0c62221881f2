// The strategies side by side, on the hand cases of test_supply.cpp (the same machine, offer and prices).
#include <algorithm>

#include <catch2/catch.hpp>

#include "gpucost/plan/strategies.hpp"

using namespace gpucost;
using namespace gpucost::plan;

namespace {

// As test_supply.cpp's hand_supply(): a 2-GPU machine of 4,000 + 500 setup, instances of 1 GPU at 2 $/h on demand,
// 1.5 $/h for a year, 1 $/h for three; 0.10 $/kWh, upkeep 50 $ a month, 5-year straight line to 0.
Supply hand_supply() {
    Supply s;
    s.build = {2, 1000.0, 500.0, 100.0, 2000.0, 200.0, 50.0, 500.0};
    s.on_demand.gpus_per_instance = 1;
    s.on_demand.usd_per_hour = 2.0;
    s.reserved_1y_usd_per_hour = 1.5;
    s.reserved_3y_usd_per_hour = 1.0;
    s.assumptions.months = 12;
    s.assumptions.electricity_usd_per_kwh = 0.1;
    s.assumptions.maintenance_rate = 0.12;
    s.assumptions.facility_usd_per_month = 10.0;
    s.assumptions.useful_life_years = 5.0;
    return s;
}

const StrategyResult& of(const std::vector<StrategyResult>& all, Strategy s) {
    return all[static_cast<std::size_t>(s)];
}

}  // namespace

TEST_CASE("compare_strategies: a constant demand of 2 GPUs all month") {
    const Supply s = hand_supply();
    DemandFlags f;
    f.gpus = 2;
    const Demand d = demand_from_flags(f, 12);
    const auto all = compare_strategies(s, d, every_months(s, 12));
    REQUIRE(all.size() == 5);
    // On demand: 2 x 730 x 2 = 2,920 a month; two 1-year commitments 2,190 a month; one machine 2,951.20 (hand case)
    CHECK(of(all, Strategy::on_demand).net_present_cost_usd == Approx(35040.0));
    CHECK(of(all, Strategy::on_demand).peak_monthly_spend_usd == Approx(2920.0));
    CHECK(of(all, Strategy::on_demand).on_demand_gpu_hours == Approx(17520.0));  // 2 x 730 x 12
    CHECK_FALSE(of(all, Strategy::on_demand).owned_utilisation);
    CHECK(of(all, Strategy::commitments).net_present_cost_usd == Approx(26280.0));
    CHECK(of(all, Strategy::commitments).committed_utilisation == Approx(1.0));
    for (const Strategy own : {Strategy::own_peak, Strategy::own_base, Strategy::plan}) {
        const StrategyResult& r = of(all, own);
        INFO(to_string(own));
        CHECK(r.net_present_cost_usd == Approx(2951.2));
        // One year: the purchase, 12 months of 137.60, the resale: 4,500 + 1,651.20 - 3,200
        REQUIRE(r.cash_by_year_usd.size() == 1);
        CHECK(r.cash_by_year_usd[0] == Approx(2951.2));
        CHECK(r.peak_monthly_spend_usd == Approx(137.6));
        CHECK(r.owned_utilisation == Approx(1.0));
        CHECK(r.owned_gpu_hours == Approx(17520.0));
        CHECK(r.unserved_gpu_hours == 0.0);
    }
}

TEST_CASE("compare_strategies: a burst above a base of 2 GPUs") {
    const Supply s = hand_supply();
    DemandFlags f;
    f.gpus = 2;
    f.burst_gpus = 1;
    f.burst_hours = 100.0;
    const Demand d = demand_from_flags(f, 12);
    const auto all = compare_strategies(s, d, every_months(s, 12));
    // The base is the 2 levels busy all month (the third, 100 h, is under half of 730): one machine and the burst
    // on demand, 5,351.20; the peak is 3 GPUs: two machines, 5,136.20, which is also the plan.
    CHECK(of(all, Strategy::own_base).schedule.lots.at(0).count == 1);
    CHECK(of(all, Strategy::own_base).net_present_cost_usd == Approx(5351.2));
    CHECK(of(all, Strategy::own_base).on_demand_gpu_hours == Approx(1200.0));  // 100 h x 12
    CHECK(of(all, Strategy::own_peak).schedule.lots.at(0).count == 2);
    CHECK(of(all, Strategy::own_peak).net_present_cost_usd == Approx(5136.2));
    // Owning the peak: (1,460 + 100) GPU-hours a month of 4 x 730 = 0.534
    CHECK(*of(all, Strategy::own_peak).owned_utilisation == Approx(1560.0 / 2920.0));
    CHECK(of(all, Strategy::plan).net_present_cost_usd == Approx(5136.2));
    // 3 instances committed for the peak: 3 x 730 x 1.5 x 12 = 39,420; 2 x 730 + 100 of 3 x 730 GPU-hours used
    CHECK(of(all, Strategy::commitments).net_present_cost_usd == Approx(39420.0));
    CHECK(*of(all, Strategy::commitments).committed_utilisation == Approx(1560.0 / 2190.0));
    // The plan is never dearer than any rule of the same space
    for (const StrategyResult& r : all)
        CHECK(of(all, Strategy::plan).net_present_cost_usd <= r.net_present_cost_usd + 1e-9);
}

TEST_CASE("compare_strategies: the plan is never dearer than a rule of its space, on random demands") {
    std::uint64_t seed = 7;
    const auto next = [&seed] {  // xorshift64: the same stream everywhere
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    Supply s = hand_supply();
    s.assumptions.months = 24;
    s.assumptions.lead_time_months = 1;
    for (int trial = 0; trial < 20; ++trial) {
        Demand d;
        for (int m = 0; m < 24; ++m) {
            MonthLoad load;
            const auto peak = next() % 6;
            for (std::uint64_t k = 0; k < peak; ++k) load.hours_at_least.push_back(static_cast<double>(next() % 731));
            std::sort(load.hours_at_least.rbegin(), load.hours_at_least.rend());
            d.months.push_back(load);
        }
        const auto all = compare_strategies(s, d, every_months(s, 6));
        const double plan = of(all, Strategy::plan).net_present_cost_usd;
        for (const StrategyResult& r : all) {
            INFO("trial " << trial << ": " << to_string(r.strategy));
            CHECK(plan <= r.net_present_cost_usd * (1.0 + 1e-12));
            // Every GPU-hour of demand is served by some source
            double demand_hours = 0.0;
            for (const MonthLoad& m : d.months) demand_hours += m.gpu_hours();
            CHECK(r.owned_gpu_hours + r.committed_gpu_hours + r.on_demand_gpu_hours == Approx(demand_hours));
        }
    }
}
