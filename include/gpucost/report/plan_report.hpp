// `plan`'s model: a demand over the horizon against one build and its matched offer, the plan space, and every
// strategy side by side with its figures (docs/plan.md). A closed value: labels and numbers, no catalogue pointers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/plan/strategies.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/report/run_header.hpp"

namespace gpucost {

// What the plan command asks for besides the comparison request: the demand (flags, or months read from a file)
// and the plan space.
struct PlanInput {
    std::optional<std::int64_t> gpus;                     // --gpus; empty: the build's GPUs
    double growth_per_year = 0.0;                         // --growth-per-year
    std::optional<double> growth_low;                     // --growth-low: the low demand case of the regret table
    std::optional<double> growth_high;                    // --growth-high: the high demand case
    std::vector<std::string> demand_cases;                // --demand-case NAME:KEY=VALUE,..., as typed
    std::vector<std::string> steps;                       // --step MONTH=GPUS, as typed
    std::int64_t burst_gpus = 0;                          // --burst-gpus
    double burst_hours = 0.0;                             // --burst-hours
    std::optional<std::vector<plan::MonthLoad>> history;  // months read from a demand file; empty: from the flags
    std::string demand_source = "flags";                  // "flags", or "<kind> FILE"
    int decide_every_months = 12;                         // --decide-every
    bool monthly = false;                                 // --monthly: the plan's cash flow month by month
};

// The plan for one build.
struct PlanReport {
    RunHeader header;  // command "plan"
    BuildLabel build;
    OfferLabel offer;
    ResolvedAssumptions assumptions;  // in force for the build (its overrides included)
    plan::Supply supply;
    std::string demand_source;
    plan::Demand demand;
    plan::PlanSpace space;
    std::vector<plan::StrategyResult> strategies;  // in plan::Strategy order; the plan last
    std::optional<plan::RegretTable>
        regret;  // with --growth-low, --growth-high or --demand-case: low, base, high, named
    std::vector<Excluded> excluded;
    bool monthly = false;  // --monthly: the plan's month-by-month cash flow beside (CSV, TSV: instead of) the rest
    // The budget gates given (plan's flags), judged on the plan in the gates table's order (evaluate_plan_gates);
    // empty when none is given. The command exits 1 when one fails, as check.
    std::vector<GateCheck> checks;
    // The exit code the gates give: 0 when all pass (or none is given), 1 (gate_failed) when one fails.
    int gates_exit_code() const noexcept;
};

// Builds the plan: the build asked for (--build, required) against its matched offer, on-demand and commitment
// prices from that offer, the demand over the horizon in force, every strategy. Throws UsageError without
// --build or for a bad demand flag, DataError as build_report does.
PlanReport build_plan_report(const Catalog& catalog, const ComparisonRequest& request, const PlanInput& input);

}  // namespace gpucost
