// How long the fleet plan's optimiser takes for a 60-month plan whose months are load-duration curves made from
// hourly demand, with three kinds of supply (owned machines, 1- and 3-year commitments; on-demand fills the rest),
// and how that grows with the decisions, the horizon and the demand's peak. One thread. The demand and prices are
// synthetic (an 8-GPU machine and an 8-GPU instance at round figures), not catalogue data: they shape the search,
// and the time does not depend on their values beyond the peak. Usage: gpucost_plan_bench [repeats]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gpucost/plan/optimise.hpp"

using namespace gpucost;
using namespace gpucost::plan;

namespace {

// xorshift64: a fixed stream of noise, the same on every platform.
std::uint64_t next(std::uint64_t& s) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
}

// Hour by hour: a weekday working-hours level over a night floor, growing 30% a year, with noise; scaled so the
// first month's peak is about `peak` GPUs. Each month's 730 hours summarised as its load-duration curve.
Demand hourly_demand(int months, double peak, double growth_per_year) {
    std::uint64_t seed = 0x9e3779b97f4a7c15ULL;
    Demand d;
    for (int m = 0; m < months; ++m) {
        std::vector<double> whole(static_cast<std::size_t>(peak * std::pow(1.0 + growth_per_year, months / 12.0)) + 2,
                                  0.0);
        std::vector<double> fraction = whole;
        const double growth = std::pow(1.0 + growth_per_year, m / 12.0);
        for (int h = 0; h < 730; ++h) {
            const int hour_of_week = (m * 730 + h) % 168;
            const bool working = hour_of_week < 120 && hour_of_week % 24 >= 8 && hour_of_week % 24 < 20;
            const double noise = static_cast<double>(next(seed) % 1000) / 1000.0;
            const double busy = peak * growth * ((working ? 0.75 : 0.3) + 0.25 * noise) / 2.0;
            const auto n = static_cast<std::size_t>(busy);
            whole[n] += 1.0;
            fraction[n + 1] += busy - static_cast<double>(n);
        }
        d.months.push_back(load_from_hours(whole, fraction, 1.0));
    }
    return d;
}

Supply supply(int months) {
    Supply s;
    s.build = {8, 25000.0, 700.0, 70.0, 60000.0, 1200.0, 300.0, 5000.0};
    s.on_demand.gpus_per_instance = 8;
    s.on_demand.usd_per_hour = 40.0;
    s.on_demand.interim_usd_per_hour = 40.0;
    s.reserved_1y_usd_per_hour = 30.0;
    s.reserved_3y_usd_per_hour = 21.0;
    Assumptions& a = s.assumptions;
    a.months = months;
    a.electricity_usd_per_kwh = 0.15;
    a.pue = 1.3;
    a.staff_salary_usd = 150000.0;
    a.staff_fte_build = 0.05;
    a.maintenance_rate = 0.08;
    a.facility_usd_per_month = 1500.0;
    a.useful_life_years = 5.0;
    a.residual_value = 0.1;
    a.discount_rate = 0.08;
    a.lead_time_months = 2;
    return s;
}

void run(int months, int every, double peak, double growth, int repeats, bool spot = false) {
    Supply s = supply(months);
    if (spot) {  // the rented part on spot, with interruptions re-run (plan --pricing spot)
        s.rent_pricing = Pricing::spot;
        s.on_demand.usd_per_hour = 16.0;
        s.assumptions.spot_overhead = 0.1;
        s.assumptions.spot_interruptions_per_instance_month = 0.2;
        s.assumptions.spot_restart_hours = 1.0;
    }
    const Demand d = hourly_demand(months, peak, growth);
    const PlanSpace space = every_months(s, every);
    PlanResult result;
    double best_s = 1e300;
    for (int r = 0; r < repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        result = optimise(s, d, space);
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        best_s = std::min(best_s, took.count());
    }
    std::int64_t peak_gpus = 0;
    for (const MonthLoad& m : d.months) peak_gpus = std::max(peak_gpus, m.peak_gpus());
    fmt::print("{:>6} {:>6} {:>9} {:>9} {:>10} {:>12} {:>10.4f} {:>14.0f}\n", months, every,
               space.decision_months.size(), peak_gpus, result.states, result.choices, best_s,
               result.net_present_cost_usd);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    const int repeats = argc > 1 ? std::atoi(argv[1]) : 3;
    if (argc > 4) {  // one case: repeats months every peak [growth [spot]]
        run(std::atoi(argv[2]), std::atoi(argv[3]), std::atof(argv[4]), argc > 5 ? std::atof(argv[5]) : 0.3, repeats,
            argc > 6 && std::string_view(argv[6]) == "spot");
        return 0;
    }
    fmt::print("{:>6} {:>6} {:>9} {:>9} {:>10} {:>12} {:>10} {:>14}\n", "months", "every", "decisions", "peak_gpus",
               "states", "choices", "seconds", "npc_usd");
    run(60, 12, 32.0, 0.3, repeats);        // the case: 60 months, hourly curves, three kinds, yearly decisions
    run(60, 12, 32.0, 0.3, repeats, true);  // the same, renting on spot
    for (const double peak : {8.0, 16.0, 64.0}) run(60, 12, peak, 0.3, repeats);  // the demand's peak
    for (const int every : {6, 4, 3}) run(60, every, 8.0, 0.3, repeats);          // the decisions
    for (const int months : {36, 120}) run(months, 12, 32.0, 0.0, repeats);       // the horizon, no growth
    run(60, 12, 32.0, 0.0, repeats);
    return 0;
}
