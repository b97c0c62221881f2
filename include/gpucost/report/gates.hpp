// Budget gates for `gpucost check`: limits a CI job sets on a report, each judged on every comparison.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/report/report.hpp"
#include "gpucost/util/date.hpp"

namespace gpucost {

// The gates asked for; an empty one is not checked.
struct Gates {
    std::optional<double> max_build_total_usd;  // build total over the horizon, discounted
    std::optional<double> max_cloud_total_usd;
    std::optional<double> max_monthly_usd;     // the cheaper side's total / months
    std::optional<double> max_payback_months;  // fails when the build never pays back in the horizon
    std::optional<Side> expect;                // the side that must be cheaper
    std::optional<int> max_age_days;           // the oldest figure a comparison rests on, in days before `today`
    Date today;
};

// Judges every gate on every comparison of the report, in report order and then in the order of Gates' fields.
std::vector<GateCheck> evaluate_gates(const Report& report, const Gates& gates);

// One line for stderr: "FAIL max-payback-months: 31 > 24", "ok expect: build is cheaper";
// `with_ids` adds the comparison: "FAIL max-payback-months [box-a4 vs cheap-a8]: 31 > 24".
std::string gate_line(const GateCheck& check, bool with_ids);

// True when every check passed.
bool all_passed(const std::vector<GateCheck>& checks) noexcept;

}  // namespace gpucost
