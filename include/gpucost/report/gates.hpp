// Budget gates for `gpucost check`: limits a CI job sets on a report, each judged on every comparison.
// The gates are a model of their own beside the report they judge.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpucost/report/report.hpp"
#include "gpucost/util/date.hpp"

namespace gpucost {

// The gates asked for; an empty one is not checked.
struct Gates {
    std::optional<double> max_build_total_usd;  // build total over the horizon, discounted
    std::optional<double> max_cloud_total_usd;
    std::optional<double> max_monthly_usd;     // the cheaper side's highest undiscounted month in 1..M
    std::optional<double> max_payback_months;  // fails when the build never pays back in the horizon
    std::optional<double> max_upfront_usd;     // the build's month-0 spend: hardware and setup
    std::optional<Side> expect;                // the side that must be cheaper
    std::optional<double> max_age_days;        // the oldest figure a comparison rests on, in days before `today`
    Date today;
    std::optional<double> min_p_build_cheaper;  // from a simulation: the share of draws where owning is cheaper
    std::optional<double> max_p_cloud_cheaper;  // ... and where renting is
    // `plan`'s own (max_monthly_usd is shared: there the plan's highest month):
    std::optional<double> max_net_present_cost_usd;  // the plan's net present cost
    std::optional<double> min_owned_utilisation;     // the plan's owned GPU-hours served over those working, [0, 1]
    bool needs_simulation() const noexcept { return min_p_build_cheaper || max_p_cloud_cheaper; }
};

// What a gate's limit and value measure, so renderers format them without guessing from the gate's name.
enum class GateUnit { usd, months, days, side, probability, share };

// A maximum passes at or below its limit, a minimum at or above.
enum class GateBound { at_most, at_least };

struct SimulationResult;
struct PlanReport;

// One budget gate, as a row: its flag, unit and bound, the Gates field holding its limit, and how its value is read
// (from a comparison of the report, or from a simulation of it). The CLI adds a flag per row and fills the field;
// evaluate_gates() and evaluate_probability_gates() loop over the rows. A new gate is a row and its field.
struct GateInfo {
    std::string_view name;                          // the flag without dashes: "max-upfront-usd"
    GateUnit unit = GateUnit::usd;                  // also how the CLI reads the limit
    GateBound bound = GateBound::at_most;           // at_least: a minimum
    std::optional<double> Gates::*limit = nullptr;  // null for expect, whose limit is a side
    std::optional<double> (*report_value)(const Comparison&, const Gates&) = nullptr;  // null: a simulation's gate
    double (*simulation_value)(const SimulationResult&) = nullptr;                     // null: a report's gate
    std::string_view type_name;  // --help's: "USD", "N", "P", "build|cloud"
    std::string_view help;       // --help's description
    bool own_flag = true;        // false: the flag is another's (--max-age-days, the common freshness flag)
    // `plan`'s figure for the gate (judged on the plan, the last strategy); null: not a gate of plan's.
    std::optional<double> (*plan_value)(const PlanReport&) = nullptr;
    std::string_view plan_help{};  // plan --help's description
    // Whether `check` offers the gate: it judges a comparison or a simulation (a row with only a plan figure is
    // plan's alone).
    bool for_check() const noexcept {
        return report_value != nullptr || simulation_value != nullptr || unit == GateUnit::side;
    }
};

// Every gate, in the order of Gates' fields: the order of the flags in --help and of the checks in a report.
std::span<const GateInfo> gate_infos() noexcept;

// The row of a gate by name ("max-upfront-usd"); null for a name no row has.
const GateInfo* find_gate(std::string_view name) noexcept;

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

// The plan gates (rows with a plan figure) on the plan, in the rows' order; build_id is "plan" and cloud_id empty.
std::vector<GateCheck> evaluate_plan_gates(const PlanReport& plan, const Gates& gates);

// One line for stderr: "FAIL max-payback-months: 31 > 24", "ok expect: build is cheaper";
// `with_ids` adds the comparison: "FAIL max-payback-months [box-a4 vs cheap-a8]: 31 > 24", or for a plan's check
// (no cloud id) its subject: "ok max-net-present-cost-usd [plan]: 2951.20 <= 3000.00".
std::string gate_line(const GateCheck& check, bool with_ids);

// True when every check passed.
bool all_passed(const std::vector<GateCheck>& checks) noexcept;

}  // namespace gpucost
