// The strategies side by side, on the hand cases of test_supply.cpp (the same machine, offer and prices).
#include <algorithm>

#include <catch2/catch.hpp>

#include "gpucost/plan/strategies.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/report/plan_report.hpp"
#include "hand_supply.hpp"

using namespace gpucost;
using namespace gpucost::plan;

namespace {

using test::hand_supply;

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
    CHECK(of(all, Strategy::on_demand).costs.net_present_cost_usd == Approx(35040.0));
    CHECK(of(all, Strategy::on_demand).peak_monthly_spend_usd == Approx(2920.0));
    CHECK(of(all, Strategy::on_demand).on_demand_gpu_hours == Approx(17520.0));  // 2 x 730 x 12
    CHECK_FALSE(of(all, Strategy::on_demand).owned_utilisation);
    CHECK(of(all, Strategy::commitments).costs.net_present_cost_usd == Approx(26280.0));
    CHECK(of(all, Strategy::commitments).committed_utilisation == Approx(1.0));
    for (const Strategy own : {Strategy::own_peak, Strategy::own_base, Strategy::plan}) {
        const StrategyResult& r = of(all, own);
        INFO(to_string(own));
        CHECK(r.costs.net_present_cost_usd == Approx(2951.2));
        // One year: the purchase, 12 months of 137.60, the resale: 4,500 + 1,651.20 - 3,200
        REQUIRE(r.cash_by_year_usd.size() == 1);
        CHECK(r.cash_by_year_usd[0] == Approx(2951.2));
        CHECK(r.peak_monthly_spend_usd == Approx(137.6));
        CHECK(r.owned_utilisation == Approx(1.0));
        CHECK(r.owned_gpu_hours == Approx(17520.0));
        // No hour served twice: the sources add up to the demand, 2 x 730 x 12
        CHECK(r.owned_gpu_hours + r.committed_gpu_hours + r.on_demand_gpu_hours == Approx(17520.0));
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
    CHECK(of(all, Strategy::own_base).costs.net_present_cost_usd == Approx(5351.2));
    CHECK(of(all, Strategy::own_base).on_demand_gpu_hours == Approx(1200.0));  // 100 h x 12
    CHECK(of(all, Strategy::own_peak).schedule.lots.at(0).count == 2);
    CHECK(of(all, Strategy::own_peak).costs.net_present_cost_usd == Approx(5136.2));
    // Owning the peak: (1,460 + 100) GPU-hours a month of 4 x 730 = 0.534
    CHECK(*of(all, Strategy::own_peak).owned_utilisation == Approx(1560.0 / 2920.0));
    CHECK(of(all, Strategy::plan).costs.net_present_cost_usd == Approx(5136.2));
    // 3 instances committed for the peak: 3 x 730 x 1.5 x 12 = 39,420; 2 x 730 + 100 of 3 x 730 GPU-hours used
    CHECK(of(all, Strategy::commitments).costs.net_present_cost_usd == Approx(39420.0));
    CHECK(*of(all, Strategy::commitments).committed_utilisation == Approx(1560.0 / 2190.0));
    // The plan is never dearer than any rule of the same space
    for (const StrategyResult& r : all)
        CHECK(of(all, Strategy::plan).costs.net_present_cost_usd <= r.costs.net_present_cost_usd + 1e-9);
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
        const double plan = of(all, Strategy::plan).costs.net_present_cost_usd;
        for (const StrategyResult& r : all) {
            INFO("trial " << trial << ": " << to_string(r.strategy));
            CHECK(plan <= r.costs.net_present_cost_usd * (1.0 + 1e-12));
            // Every GPU-hour of demand is served by some source
            double demand_hours = 0.0;
            for (const MonthLoad& m : d.months) demand_hours += m.gpu_hours();
            CHECK(r.owned_gpu_hours + r.committed_gpu_hours + r.on_demand_gpu_hours == Approx(demand_hours));
        }
    }
}

TEST_CASE("regret_table: two demand cases, one decision (the worked example of docs/plan.md)") {
    const Supply s = hand_supply();
    DemandFlags low;
    low.gpus = 1;  // 1 GPU all month, 12 months
    DemandFlags high = low;
    high.steps = {{7, 3}};  // 3 GPUs from month 7
    const PlanSpace space = every_months(s, 12);
    const Demand high_demand = demand_from_flags(high, 12);
    const auto strategies = compare_strategies(s, high_demand, space);
    std::vector<DemandCase> cases = {{"low", 0.0, demand_from_flags(low, 12)}, {"high", 0.0, high_demand}};
    const RegretTable t = regret_table(s, space, cases, 1, strategies);
    // Best under low: one machine, 4,500 - 3,200 + 12 x (58.40 power + 50 upkeep) = 2,600.80.
    // Best under high: two machines, 5,135.90 (docs/plan.md, "deciding once").
    REQUIRE(t.best_usd.size() == 2);
    CHECK(t.best_usd[0] == Approx(2600.8));
    CHECK(t.best_usd[1] == Approx(5135.9));
    // Five strategies (as chosen for high), then the plan for low growth.
    REQUIRE(t.rows.size() == 6);
    const RegretRow& plan_high = t.rows[4];
    const RegretRow& plan_low = t.rows[5];
    CHECK(plan_low.label == "the plan for low growth");
    REQUIRE(plan_low.schedule.lots.size() == 1);
    CHECK(plan_low.schedule.lots[0].count == 1);
    // The high plan under low demand: the second machine idle all year, 1,300 net of resale + 600 upkeep + 12 x
    // 18.25 idle power (2 x 730 x 100 W + 730 x 50 W = 182.5 kWh) = 2,119; with the first, 4,719.80.
    CHECK(plan_high.net_present_cost_usd[0] == Approx(4719.8));
    CHECK(plan_high.regret_usd[0] == Approx(2119.0));
    CHECK(plan_high.regret_usd[1] == 0.0);
    CHECK(plan_high.max_regret_usd == Approx(2119.0));
    // The low plan under high demand: one machine and the rest on demand, 11,536 (docs/plan.md); regret 6,400.10.
    CHECK(plan_low.net_present_cost_usd[1] == Approx(11536.0));
    CHECK(plan_low.regret_usd[0] == 0.0);
    CHECK(plan_low.max_regret_usd == Approx(6400.1));
    // All on demand: 12 x 730 x 2 = 17,520 under low (regret 14,919.20); 6 x 1,460 + 6 x 4,380 = 35,040 under high.
    CHECK(t.rows[0].net_present_cost_usd[0] == Approx(17520.0));
    CHECK(t.rows[0].net_present_cost_usd[1] == Approx(35040.0));
    CHECK(t.rows[0].max_regret_usd == Approx(35040.0 - 5135.9));
    // Buying for high growth loses least: 2,119 < 6,400.10. "Own for the peak" (ceil(3 / 2) = 2 machines in month
    // 1) is the same schedule, and the first of equals is named.
    CHECK(t.rows[2].max_regret_usd == Approx(2119.0));
    CHECK(t.least_regret == 2);
    // Every regret is the row's cost less the case's best, and never negative.
    for (const RegretRow& row : t.rows)
        for (std::size_t c = 0; c < 2; ++c) {
            CHECK(row.regret_usd[c] >= 0.0);
            CHECK(row.regret_usd[c] == Approx(row.net_present_cost_usd[c] - t.best_usd[c]));
        }
}

TEST_CASE("evaluate_plan_gates: the plan's figures against each limit, in the gates table's order") {
    const Supply s = hand_supply();
    DemandFlags f;
    f.gpus = 2;
    PlanReport r;
    r.strategies = compare_strategies(s, demand_from_flags(f, 12), every_months(s, 12));
    // The plan of the constant case above: one machine, 2,951.20; its dearest month 137.60; its GPUs busy 100%.
    Gates g;
    g.max_net_present_cost_usd = 3000.0;
    g.max_monthly_usd = 137.0;
    g.min_owned_utilisation = 1.0;
    g.max_build_total_usd = 1.0;  // check's alone: not judged on a plan
    const auto checks = evaluate_plan_gates(r, g);
    REQUIRE(checks.size() == 3);
    CHECK_FALSE(checks[0].passed);
    CHECK(gate_line(checks[0], true) == "FAIL max-monthly-usd [plan]: 137.60 > 137.00");
    CHECK(checks[1].passed);
    CHECK(gate_line(checks[1], true) == "ok max-net-present-cost-usd [plan]: 2951.20 <= 3000.00");
    CHECK(checks[2].passed);
    CHECK(gate_line(checks[2], true) == "ok min-owned-utilisation [plan]: 1.0000 >= 1.0000");
    // A plan that owns nothing has no owned utilisation: the gate fails.
    r.strategies = {StrategyResult{}};
    Gates share;
    share.min_owned_utilisation = 0.5;
    const auto none = evaluate_plan_gates(r, share);
    REQUIRE(none.size() == 1);
    CHECK_FALSE(none[0].passed);
    CHECK(gate_line(none[0], true) == "FAIL min-owned-utilisation [plan]: no figure (no machine owned) (limit 0.5000)");
    // check judges none of plan's own rows on a comparison.
    CHECK(evaluate_gates(Report{}, share).empty());
}
