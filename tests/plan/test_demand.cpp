// The plan's demand from flags: load-duration curves, growth, steps, bursts and projection, by hand.
#include <catch2/catch.hpp>

#include "gpucost/plan/demand.hpp"
#include "gpucost/util/error.hpp"

using namespace gpucost;
using namespace gpucost::plan;

namespace {

// u = h x 730 / 168
constexpr double k_u40 = 40.0 * 730.0 / 168.0;  // 173.8095... hours a month

std::vector<double> curve(const Demand& d, int month) {
    return d.months[static_cast<std::size_t>(month - 1)].hours_at_least;
}

}  // namespace

TEST_CASE("level_load: g GPUs busy u = h x 730 / 168 hours, compare's shape") {
    const MonthLoad load = level_load(2, 40.0);
    CHECK(load.hours_at_least == std::vector<double>{k_u40, k_u40});
    CHECK(load.peak_gpus() == 2);
    CHECK(load.gpu_hours() == Approx(2.0 * k_u40));  // 347.619...
    CHECK(load.hours(0) == 730.0);
    CHECK(load.hours(3) == 0.0);
    CHECK(level_load(4, 0.0).peak_gpus() == 0);  // never busy: no level at all
}

TEST_CASE("scaled_load: level j of the grown curve is level ceil(j / f) of the old") {
    MonthLoad load;
    load.hours_at_least = {730.0, 365.0, 100.0};
    // f = 1.5: j=1 -> ceil(0.67)=1, j=2 -> ceil(1.33)=2, j=3 -> ceil(2)=2, j=4 -> ceil(2.67)=3, j=5 -> 4 > peak
    CHECK(scaled_load(load, 1.5).hours_at_least == std::vector<double>{730.0, 365.0, 365.0, 100.0});
    // f = 2 doubles every level: GPU-hours double too (1,195 x 2 = 2,390)
    const MonthLoad doubled = scaled_load(load, 2.0);
    CHECK(doubled.hours_at_least == std::vector<double>{730.0, 730.0, 365.0, 365.0, 100.0, 100.0});
    CHECK(doubled.gpu_hours() == 2390.0);
    // f = 0.5 keeps every other level: j=1 -> 2, j=2 -> 4 > peak
    CHECK(scaled_load(load, 0.5).hours_at_least == std::vector<double>{365.0});
    // 3 x 1.1^(12/12) = 3.3: the power an ulp low must not cost a GPU (j=3 -> ceil(2.727)=3)
    CHECK(scaled_load(level_load(3, 168.0), 1.1).peak_gpus() == 3);
    CHECK(scaled_load(level_load(10, 168.0), 1.1).peak_gpus() == 11);  // 10 x 1.1 = 11 exactly
}

TEST_CASE("demand_from_flags: a constant level is compare's shape every month") {
    DemandFlags f;
    f.gpus = 8;
    f.hours_per_week = 40.0;
    const Demand d = demand_from_flags(f, 36);
    REQUIRE(d.months.size() == 36);
    for (const MonthLoad& m : d.months) CHECK(m.hours_at_least == std::vector<double>(8, k_u40));
}

TEST_CASE("demand_from_flags: growth scales the GPU axis by (1 + g)^((m - 1) / 12)") {
    DemandFlags f;
    f.gpus = 1;
    f.hours_per_week = 168.0;  // u = 730
    f.growth_per_year = 1.0;   // doubling a year
    const Demand d = demand_from_flags(f, 25);
    CHECK(curve(d, 1) == std::vector<double>{730.0});      // 1 x 2^0 = 1
    CHECK(curve(d, 7) == std::vector<double>{730.0});      // 1 x 2^0.5 = 1.41 -> 1
    CHECK(curve(d, 13) == std::vector<double>(2, 730.0));  // 1 x 2^1 = 2
    CHECK(curve(d, 19) == std::vector<double>(2, 730.0));  // 2^1.5 = 2.83 -> 2
    CHECK(curve(d, 25) == std::vector<double>(4, 730.0));  // 2^2 = 4
}

TEST_CASE("demand_from_flags: a step sets the level from its month on") {
    DemandFlags f;
    f.gpus = 2;
    f.hours_per_week = 168.0;
    f.steps = {parse_step("13=4", 24), parse_step("20=0", 24)};
    const Demand d = demand_from_flags(f, 24);
    CHECK(curve(d, 12).size() == 2);
    CHECK(curve(d, 13).size() == 4);
    CHECK(curve(d, 19).size() == 4);
    CHECK(curve(d, 20).empty());
}

TEST_CASE("demand_from_flags: a burst sits on top of the level") {
    DemandFlags f;
    f.gpus = 2;
    f.hours_per_week = 40.0;
    f.burst_gpus = 3;
    f.burst_hours = 100.0;
    const Demand d = demand_from_flags(f, 1);
    // levels 1-2 busy u = 173.81 h, levels 3-5 the burst's 100 h: 2 x 173.81 + 3 x 100 = 647.62 GPU-hours
    CHECK(curve(d, 1) == std::vector<double>{k_u40, k_u40, 100.0, 100.0, 100.0});
    CHECK(d.months[0].gpu_hours() == Approx(647.6190476190));
    // a burst longer than the level keeps the level busy through it: 5 levels x 200 h
    f.burst_hours = 200.0;
    CHECK(curve(demand_from_flags(f, 1), 1) == std::vector<double>(5, 200.0));
}

TEST_CASE("demand_from_flags: each bad flag is one line naming it, its value and the range") {
    const auto message = [](DemandFlags f, int months = 12) -> std::string {
        try {
            (void)demand_from_flags(f, months);
        } catch (const UsageError& e) {
            return e.what();
        }
        return "no error";
    };
    DemandFlags f;
    f.gpus = -1;
    CHECK(message(f) == "--gpus: must be >= 0, got -1");
    f = {};
    f.hours_per_week = 169.0;
    CHECK(message(f) == "--hours-per-week: must be in [0, 168], got 169");
    f = {};
    f.growth_per_year = -1.0;
    CHECK(message(f) == "--growth-per-year: must be in (-1, 10], got -1");
    f = {};
    f.burst_hours = 800.0;
    CHECK(message(f) == "--burst-hours: must be in [0, 730] hours a month, got 800");
    f = {};
    f.steps = {{13, 4}};
    CHECK(message(f) == "--step 13=4: month must be in 1..12 (the horizon), got 13");
    f.steps = {{3, 4}, {3, 5}};
    CHECK(message(f) == "--step 3=5: month 3 is already stepped (to 4 GPUs)");
    CHECK_THROWS_WITH(parse_step("13", 24), "--step \"13\": expected MONTH=GPUS, such as 13=4");
    CHECK_THROWS_WITH(parse_step("x=4", 24), "--step \"x=4\": MONTH and GPUS must be whole numbers, such as 13=4");
    CHECK_THROWS_WITH(parse_step("3=-2", 24), "--step \"3=-2\": GPUs must be >= 0, got -2");
}

TEST_CASE("project: the last twelve months repeat, grown by (1 + g) a year") {
    std::vector<MonthLoad> year(12, level_load(1, 168.0));
    year[5] = level_load(3, 168.0);  // June's peak
    const Demand d = project(year, 30, 1.0);
    REQUIRE(d.months.size() == 30);
    CHECK(curve(d, 6).size() == 3);
    CHECK(curve(d, 13).size() == 2);   // month 1 x 2^(12/12)
    CHECK(curve(d, 18).size() == 6);   // month 6: 3 x 2
    CHECK(curve(d, 25).size() == 4);   // month 1 x 2^(24/12)
    CHECK(curve(d, 30).size() == 12);  // month 6: 3 x 4
    // shorter than a year: all of it repeats, grown by its own length: 2 months, p = 2, f = 2^(2/12) = 1.12
    const Demand two = project({level_load(1, 168.0), level_load(4, 168.0)}, 5, 1.0);
    CHECK(curve(two, 3).size() == 1);      // 1 x 1.12 -> 1
    CHECK(curve(two, 4).size() == 4);      // 4 x 1.12 = 4.49 -> 4
    CHECK(curve(two, 6 - 1).size() == 1);  // month 5 repeats month 1 x 2^(4/12) = 1.26 -> 1
    // a file longer than the horizon gives its first months
    CHECK(project(year, 6, 0.0).months.size() == 6);
}
