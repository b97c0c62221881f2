// --demand-case: the base demand with flags changed, parsed and checked, and the regret table over such cases on
// the hand case of test_supply.cpp (the same machine, offer and prices).
#include <catch2/catch.hpp>

#include "gpucost/plan/demand_cases.hpp"
#include "gpucost/plan/strategies.hpp"
#include "gpucost/util/error.hpp"
#include "hand_supply.hpp"

using namespace gpucost;
using namespace gpucost::plan;

namespace {

using test::hand_supply;

DemandCase case_of(const DemandFlags& base, const std::string& text) {
    const DemandCaseSpec spec = parse_demand_case(text, 12);
    const DemandFlags f = apply_case(base, spec, 12);
    return {spec.name, f.growth_per_year, demand_from_flags(f, 12), spec.changes};
}

}  // namespace

TEST_CASE("parse_demand_case: each key, and the steps replaced") {
    const DemandCaseSpec a =
        parse_demand_case("wide:growth=0.5,gpus=3,hours-per-week=40,burst-gpus=2,burst-hours=9", 24);
    CHECK(a.name == "wide");
    CHECK(a.changes == "growth=0.5,gpus=3,hours-per-week=40,burst-gpus=2,burst-hours=9");
    CHECK(a.growth_per_year == 0.5);
    CHECK(a.gpus == 3);
    CHECK(a.hours_per_week == 40.0);
    CHECK(a.burst_gpus == 2);
    CHECK(a.burst_hours == 9.0);
    CHECK_FALSE(a.steps);
    CHECK(a.shapes_flags());
    const DemandCaseSpec none = parse_demand_case("no-step:steps=none", 24);
    REQUIRE(none.steps);
    CHECK(none.steps->empty());
    const DemandCaseSpec late = parse_demand_case("late:step=19=8,step=7=2", 24);
    REQUIRE(late.steps);
    REQUIRE(late.steps->size() == 2);
    CHECK(late.steps->at(0).month == 19);
    CHECK(late.steps->at(0).gpus == 8);
    CHECK_FALSE(parse_demand_case("slow:growth=0", 24).shapes_flags());  // a demand file's case may change growth
    // The case's steps replace the base's; other flags stay the base's.
    DemandFlags base;
    base.gpus = 4;
    base.hours_per_week = 84.0;
    base.steps = {{13, 8}};
    const DemandFlags f = apply_case(base, none, 24);
    CHECK(f.steps.empty());
    CHECK(f.gpus == 4);
    CHECK(f.hours_per_week == 84.0);
}

TEST_CASE("parse_demand_case and apply_case: bad input is one line naming the case, the item and the valid values") {
    CHECK_THROWS_WITH(parse_demand_case("steps=none", 24),
                      "--demand-case \"steps=none\": expected NAME:KEY=VALUE,..., such as no-step:steps=none (growth, "
                      "gpus, hours-per-week, burst-gpus, burst-hours, steps=none, step=MONTH=GPUS)");
    CHECK_THROWS_WITH(parse_demand_case("Big:gpus=2", 24),
                      "--demand-case \"Big:gpus=2\": the name must be 1 to 32 lowercase letters, digits or '-', got "
                      "\"Big\"");
    CHECK_THROWS_WITH(parse_demand_case("x:", 24), "--demand-case \"x:\": no change given: the case would be the base");
    CHECK_THROWS_WITH(
        parse_demand_case("x:gpu=2", 24),
        "--demand-case \"x:gpu=2\": unknown key \"gpu\" (valid: growth, gpus, hours-per-week, burst-gpus, "
        "burst-hours, steps=none, step=MONTH=GPUS)");
    CHECK_THROWS_WITH(parse_demand_case("x:gpus=2.5", 24),
                      "--demand-case \"x:gpus=2.5\": \"gpus=2.5\": gpus must be a whole number, got \"2.5\"");
    CHECK_THROWS_WITH(parse_demand_case("x:growth=fast", 24),
                      "--demand-case \"x:growth=fast\": \"growth=fast\": growth must be a number, got \"fast\"");
    CHECK_THROWS_WITH(parse_demand_case("x:steps=2", 24),
                      "--demand-case \"x:steps=2\": \"steps=2\": steps takes only \"none\" (no step comes)");
    CHECK_THROWS_WITH(parse_demand_case("x:steps=none,step=3=1", 24),
                      "--demand-case \"x:steps=none,step=3=1\": steps=none and step=MONTH=GPUS together");
    CHECK_THROWS_WITH(parse_demand_case("x:step=30=1", 24),
                      "--demand-case \"x:step=30=1\": --step \"30=1\": month must be in 1..24 (the horizon), got 30");
    CHECK_THROWS_WITH(parse_demand_case("x:gpus", 24),
                      "--demand-case \"x:gpus\": \"gpus\": expected KEY=VALUE (growth, gpus, hours-per-week, "
                      "burst-gpus, burst-hours, steps=none, step=MONTH=GPUS)");
    // Values out of the flags' ranges are the flags' messages, led by the case.
    CHECK_THROWS_WITH(apply_case(DemandFlags{}, parse_demand_case("x:gpus=-1", 24), 24),
                      "--demand-case \"x:gpus=-1\": --gpus: must be >= 0, got -1");
    CHECK_THROWS_WITH(apply_case(DemandFlags{}, parse_demand_case("x:hours-per-week=200", 24), 24),
                      "--demand-case \"x:hours-per-week=200\": --hours-per-week: must be in [0, 168], got 200");
    CHECK_THROWS_AS(apply_case(DemandFlags{}, parse_demand_case("x:growth=-1", 24), 24), UsageError);
}

TEST_CASE("regret_table over demand cases beyond growth: the burst never comes, the burst doubles") {
    const Supply s = hand_supply();
    DemandFlags base;  // 2 GPUs all month and a burst of 1 GPU for 100 hours a month
    base.gpus = 2;
    base.burst_gpus = 1;
    base.burst_hours = 100.0;
    const PlanSpace space = every_months(s, 12);
    const Demand base_demand = demand_from_flags(base, 12);
    const auto strategies = compare_strategies(s, base_demand, space);
    std::vector<DemandCase> cases = {
        {"base", 0.0, base_demand}, case_of(base, "no-burst:burst-gpus=0"), case_of(base, "double-burst:burst-gpus=2")};
    const RegretTable t = regret_table(s, space, cases, 0, strategies);
    // Best under base: two machines, 5,136.20 (test_supply.cpp's burst case). Under no-burst, one machine as in the
    // constant case: 2,951.20. Under double-burst, two machines: the second serves levels 3 and 4 for 100 h, its
    // power 2 x (100 x 500 + 630 x 100) + 100 x 200 + 630 x 50 Wh = 277.5 kWh = 27.75 $ a month, so 2,951.20 +
    // 1,300 + 600 + 12 x 27.75 = 5,184.20 (against 12 x 2 x 100 x 2 = 4,800 of on-demand bursts for one).
    REQUIRE(t.best_usd.size() == 3);
    CHECK(t.best_usd[0] == Approx(5136.2));
    CHECK(t.best_usd[1] == Approx(2951.2));
    CHECK(t.best_usd[2] == Approx(5184.2));
    REQUIRE(t.rows.size() == 7);  // five strategies, then the plans for no-burst and double-burst
    CHECK(t.rows[5].label == "the plan for case no-burst");
    CHECK(t.rows[6].label == "the plan for case double-burst");
    const RegretRow& plan = t.rows[4];  // two machines
    // Under no-burst the second machine idles: 1,300 + 600 + 12 x 18.25 = 2,119 of regret.
    CHECK(plan.net_present_cost_usd[1] == Approx(5070.2));
    CHECK(plan.regret_usd[1] == Approx(2119.0));
    CHECK(plan.regret_usd[2] == 0.0);  // the same schedule is best when bursts double
    CHECK(plan.max_regret_usd == Approx(2119.0));
    // The plan for no-burst (one machine) under base: 5,351.20, regret 215; under double-burst: 2,951.20 + 4,800 =
    // 7,751.20, regret 2,567.
    const RegretRow& no_burst = t.rows[5];
    CHECK(no_burst.net_present_cost_usd[0] == Approx(5351.2));
    CHECK(no_burst.regret_usd[0] == Approx(215.0));
    CHECK(no_burst.net_present_cost_usd[2] == Approx(7751.2));
    CHECK(no_burst.max_regret_usd == Approx(2567.0));
    // Two machines lose least (2,119 < 2,567): "own for the peak" (ceil(3 / 2) = 2) is that schedule, first.
    CHECK(t.least_regret == 2);
}
