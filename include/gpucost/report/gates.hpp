// Budget gates for `gpucost check`: limits a CI job sets on a report, each judged on every comparison.
// The gates are a model of their own beside the report they judge.
#pragma once

#include <optional>
#include <string>
#include <variant>
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
    std::optional<double> min_p_build_cheaper;  // from a simulation: the share of draws where owning is cheaper
    std::optional<double> max_p_cloud_cheaper;  // ... and where renting is
    bool needs_simulation() const noexcept { return min_p_build_cheaper || max_p_cloud_cheaper; }
};

// What a gate's limit and value measure, so renderers format them without guessing from the gate's name.
enum class GateUnit { usd, months, days, side, probability };

// The result of one budget gate on one comparison.
struct GateCheck {
    using Value = std::variant<std::monostate, double, std::string>;  // null, a number, or "build" / "cloud"
    std::string name;  // the flag without dashes: "max-payback-months", "expect"
    GateUnit unit = GateUnit::usd;
    std::string build_id;  // the comparison it judged
    std::string cloud_id;
    Value limit;  // as given on the command line
    Value value;  // the report's figure; null when there is none (no payback)
    bool passed = false;
};

// `gpucost check`'s model: the report it judged and every gate on every comparison.
struct CheckReport {
    Report report;
    std::vector<GateCheck> checks;  // in report order, then in the order of Gates' fields
};

// Judges every gate on every comparison of the report, in report order and then in the order of Gates' fields.
std::vector<GateCheck> evaluate_gates(const Report& report, const Gates& gates);

// The probability gates on each comparison of a simulation (build ids and offer ids as the report's), in the
// simulation's order: min-p-build-cheaper, then max-p-cloud-cheaper.
struct SimulationReport;
std::vector<GateCheck> evaluate_probability_gates(const SimulationReport& simulation, const Gates& gates);

// One line for stderr: "FAIL max-payback-months: 31 > 24", "ok expect: build is cheaper";
// `with_ids` adds the comparison: "FAIL max-payback-months [box-a4 vs cheap-a8]: 31 > 24".
std::string gate_line(const GateCheck& check, bool with_ids);

// True when every check passed.
bool all_passed(const std::vector<GateCheck>& checks) noexcept;

}  // namespace gpucost
