// The fleet plan beside the pure strategies: each costed month by month with the figures a budget owner compares
// (net present cost, cash by year, peak monthly spend, utilisation, GPU-hours by source).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/plan/optimise.hpp"

namespace gpucost::plan {

enum class Strategy { on_demand, commitments, own_peak, own_base, plan };
inline constexpr int k_strategy_count = 5;
// "all on-demand", "all commitments", "own for the peak", "own the base, rent the rest", "the plan".
const char* to_string(Strategy strategy) noexcept;
// The same, naming the rented part's pricing: "all spot" for on_demand when the plan rents on spot.
const char* to_string(Strategy strategy, Pricing rent) noexcept;

// One strategy's schedule and figures. Money is USD; cash is undiscounted, the net present cost discounted.
struct StrategyResult {
    Strategy strategy = Strategy::plan;
    Schedule schedule;
    PlanCosts costs;                              // its months and net present cost
    std::vector<double> cash_by_year_usd;         // year y: months 12 (y - 1) + 1..12 y, month 0's purchases in year 1
    double peak_monthly_spend_usd = 0.0;          // the highest month's running spend, purchases and resale left out
    std::optional<double> owned_utilisation;      // owned GPU-hours served / owned GPU-hours working; none owned: empty
    std::optional<double> committed_utilisation;  // committed GPU-hours served / committed GPU-hours billed
    double owned_gpu_hours = 0.0;
    double committed_gpu_hours = 0.0;
    double on_demand_gpu_hours = 0.0;  // every hour the rest do not serve (the downtime cover's included)
    double unserved_gpu_hours = 0.0;   // owned downtime's lost work under DowntimePolicy::lost; else 0
    double downtime_cover_usd = 0.0;   // undiscounted: the backup rented for owned downtime (DowntimePolicy::cover)
};

// The schedule of a rule-based strategy at the space's decision months (each decision covers the months until the
// next): on_demand buys nothing; commitments start 1-year commitments (3-year when no 1-year price) to cover the
// peak; own_peak buys machines until the working ones cover the peak; own_base until they cover the base, the
// most GPUs busy at least half of every month's hours. The plan is optimise()'s.
Schedule rule_schedule(Strategy strategy, const Supply& supply, const Demand& demand, const PlanSpace& space);

// Every strategy, in Strategy order, with its figures.
std::vector<StrategyResult> compare_strategies(const Supply& supply, const Demand& demand, const PlanSpace& space);

// The figures of one costed schedule.
StrategyResult figures_of(Strategy strategy, Schedule schedule, PlanCosts costs);

// One demand case of the regret table: a name ("low", "base", "high", or a --demand-case's), the growth it assumes,
// and its demand.
struct DemandCase {
    std::string name;
    double growth_per_year = 0.0;
    Demand demand;
    std::string changes{};  // a --demand-case's changes as typed ("steps=none"); empty for the growth cases
};

// One schedule of the regret table, costed under every case: its net present cost and its regret (that cost less
// the least cost of the space under the case, never negative), and its largest regret over the cases.
struct RegretRow {
    std::string label;  // a strategy's name, "the plan for <case> growth", or "the plan for case <name>"
    Schedule schedule;
    std::vector<double> net_present_cost_usd;  // by case
    std::vector<double> regret_usd;            // by case
    double max_regret_usd = 0.0;
};

// How sure the plan is: each schedule chosen today (the rule strategies and the plan, as chosen for the base case,
// then the plan chosen for each other case) costed under each case. rows[i] for i < k_strategy_count is
// strategies[i]; least_regret is the row whose largest regret is least (the first of equals).
struct RegretTable {
    std::vector<DemandCase> cases;
    std::vector<double> best_usd;  // by case: the optimum of the space under it
    std::vector<RegretRow> rows;
    std::size_t least_regret = 0;
};

// The regret table over `cases` (one is the base, at `base`), given the strategies as compare_strategies() chose
// and costed them for the base demand (their costs under it are taken as they are).
RegretTable regret_table(const Supply& supply, const PlanSpace& space, std::vector<DemandCase> cases, std::size_t base,
                         const std::vector<StrategyResult>& strategies);

}  // namespace gpucost::plan
