// Demand cases beyond growth for the regret table (`plan --demand-case NAME:KEY=VALUE,...`): each case is the base
// demand with some of its flags changed, so a buyer can ask what happens if the step never comes or the bursts
// double (docs/plan.md, "How sure").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpucost/plan/demand.hpp"

namespace gpucost::plan {

// One --demand-case as parsed: its name and the flags it changes (empty: the base's).
struct DemandCaseSpec {
    std::string name;     // lowercase letters, digits and '-'
    std::string changes;  // as typed after "NAME:", for the report: "steps=none,burst-gpus=4"
    std::optional<double> growth_per_year;
    std::optional<std::int64_t> gpus;
    std::optional<double> hours_per_week;
    std::optional<std::vector<Step>> steps;  // replaces the base's steps: "steps=none", or each "step=MONTH=GPUS"
    std::optional<std::int64_t> burst_gpus;
    std::optional<double> burst_hours;
    // Whether it changes anything but growth (the only change a demand file takes).
    bool shapes_flags() const noexcept;
};

// Parses "NAME:KEY=VALUE[,KEY=VALUE...]" with keys growth, gpus, hours-per-week, burst-gpus, burst-hours,
// steps=none and step=MONTH=GPUS (repeatable; --step's form). Throws UsageError naming the case, the item and what is
// valid; values are checked against the flags' ranges when the case is applied (apply_case).
DemandCaseSpec parse_demand_case(std::string_view text, int months);

// The base flags with the case's changes. Throws UsageError as demand_from_flags would for the changed flags, the
// message led by the case: "--demand-case "x:gpus=-1": --gpus: must be >= 0, got -1".
DemandFlags apply_case(const DemandFlags& base, const DemandCaseSpec& spec, int months);

}  // namespace gpucost::plan
