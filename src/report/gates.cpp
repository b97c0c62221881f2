#include "gpucost/report/gates.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gpucost/report/freshness.hpp"
#include "gpucost/report/plan_report.hpp"
#include "gpucost/report/uncertainty.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// A gate judged on a value: at or below a maximum, at or above a minimum; no value fails.
GateCheck judged(const GateInfo& gate, const std::string& build_id, const std::string& cloud_id, double limit,
                 std::optional<double> value) {
    const bool passed = value && (gate.bound == GateBound::at_most ? *value <= limit : *value >= limit);
    return {std::string(gate.name),
            gate.unit,
            build_id,
            cloud_id,
            limit,
            value ? GateCheck::Value(*value) : GateCheck::Value(std::monostate{}),
            passed};
}

// Money to the cent for the log line (JSON keeps full precision); counts as whole numbers.
std::string value_text(const GateCheck& check, const GateCheck::Value& v) {
    if (const auto* text = std::get_if<std::string>(&v)) return *text;
    if (const auto* number = std::get_if<double>(&v)) {
        if (check.unit == GateUnit::probability || check.unit == GateUnit::share) return fmt::format("{:.4f}", *number);
        return check.unit == GateUnit::usd ? fmt::format("{:.2f}", *number) : exact_number(*number);
    }
    return "none";
}

std::optional<double> build_total(const Comparison& c, const Gates&) { return c.result.build.total_usd; }
std::optional<double> cloud_total(const Comparison& c, const Gates&) { return c.result.cloud.total_usd; }

// The dearest month the cheaper side will actually be billed, before discounting: a monthly budget's question. The
// purchase (month 0) and the resale (a credit at M) are not a month's running cost.
std::optional<double> dearest_month(const Comparison& c, const Gates&) {
    return highest_month_usd(c.result, c.assumptions.values, c.result.cheaper);
}

std::optional<double> payback(const Comparison& c, const Gates&) {
    const auto month = c.result.payback_month;
    return month ? std::optional<double>(static_cast<double>(*month)) : std::nullopt;
}

std::optional<double> upfront(const Comparison& c, const Gates&) {
    return c.result.build.hardware_usd + c.result.build.setup_usd;
}

std::optional<double> age_in_days(const Comparison& c, const Gates& g) {
    const auto age = oldest_age_days(c, g.today);
    return age ? std::optional<double>(static_cast<double>(*age)) : std::nullopt;
}

// The plan's figures: the last strategy is the plan (compare_strategies' order).
std::optional<double> plan_net_present_cost(const PlanReport& p) {
    return p.strategies.back().costs.net_present_cost_usd;
}
std::optional<double> plan_dearest_month(const PlanReport& p) { return p.strategies.back().peak_monthly_spend_usd; }
std::optional<double> plan_owned_utilisation(const PlanReport& p) { return p.strategies.back().owned_utilisation; }

double p_build_cheaper(const SimulationResult& r) { return r.p_build_cheaper; }
double p_cloud_cheaper(const SimulationResult& r) { return r.p_cloud_cheaper; }

constexpr GateBound k_max = GateBound::at_most;
constexpr GateBound k_min = GateBound::at_least;

// One row per gate: the table the CLI and both evaluators read.
const GateInfo k_gates[] = {
    {"max-build-total-usd", GateUnit::usd, k_max, &Gates::max_build_total_usd, build_total, nullptr, "USD",
     "fail when the build's total over the horizon exceeds USD", true},
    {"max-cloud-total-usd", GateUnit::usd, k_max, &Gates::max_cloud_total_usd, cloud_total, nullptr, "USD",
     "fail when the cloud's total over the horizon exceeds USD", true},
    {"max-monthly-usd", GateUnit::usd, k_max, &Gates::max_monthly_usd, dearest_month, nullptr, "USD",
     "fail when the cheaper side's highest monthly spend in months 1..M (undiscounted; purchase and resale left out) "
     "exceeds USD",
     true, plan_dearest_month,
     "fail when the plan's highest monthly spend (undiscounted; purchases and resale left out) exceeds USD"},
    {"max-payback-months", GateUnit::months, k_max, &Gates::max_payback_months, payback, nullptr, "N",
     "fail when owning has not paid for itself by month N (or never does)", true},
    {"max-upfront-usd", GateUnit::usd, k_max, &Gates::max_upfront_usd, upfront, nullptr, "USD",
     "fail when the build's month-0 spend (hardware and setup) exceeds USD", true},
    {"expect", GateUnit::side, k_max, nullptr, nullptr, nullptr, "build|cloud", "fail unless this side is cheaper",
     true},
    {"max-age-days", GateUnit::days, k_max, &Gates::max_age_days, age_in_days, nullptr, "N",
     "fail when a figure's as_of is more than N days old (GPUCOST_TODAY=YYYY-MM-DD pins today), [0, 36500]", false},
    {"min-p-build-cheaper", GateUnit::probability, k_min, &Gates::min_p_build_cheaper, nullptr, p_build_cheaper, "P",
     "fail unless owning is cheaper in at least this share of a simulation's draws, [0, 1]", true},
    {"max-p-cloud-cheaper", GateUnit::probability, k_max, &Gates::max_p_cloud_cheaper, nullptr, p_cloud_cheaper, "P",
     "fail when renting is cheaper in more than this share of a simulation's draws, [0, 1]", true},
    // `plan`'s own: a plan is no comparison, so check has no figure for them.
    {"max-net-present-cost-usd", GateUnit::usd, k_max, &Gates::max_net_present_cost_usd, nullptr, nullptr, "USD",
     "fail when the plan's net present cost exceeds USD", true, plan_net_present_cost,
     "fail when the plan's net present cost exceeds USD"},
    {"min-owned-utilisation", GateUnit::share, k_min, &Gates::min_owned_utilisation, nullptr, nullptr, "SHARE",
     "fail unless the plan's owned GPUs are busy at least this share of their working hours, [0, 1] (no machine "
     "owned fails)",
     true, plan_owned_utilisation,
     "fail unless the plan's owned GPUs are busy at least this share of their working hours, [0, 1] (no machine "
     "owned fails)"},
};

}  // namespace

std::span<const GateInfo> gate_infos() noexcept { return k_gates; }

const GateInfo* find_gate(std::string_view name) noexcept {
    for (const GateInfo& g : k_gates)
        if (g.name == name) return &g;
    return nullptr;
}

std::vector<GateCheck> evaluate_gates(const Report& report, const Gates& g) {
    std::vector<GateCheck> out;
    for (const Comparison& c : report.comparisons)
        for (const GateInfo& gate : k_gates) {
            if (gate.unit == GateUnit::side) {
                if (g.expect)
                    out.push_back({std::string(gate.name), GateUnit::side, c.build.id, c.offer.id,
                                   std::string(to_string(*g.expect)), std::string(to_string(c.result.cheaper)),
                                   c.result.cheaper == *g.expect});
                continue;
            }
            const std::optional<double>& limit = g.*gate.limit;
            if (gate.report_value != nullptr && limit)
                out.push_back(judged(gate, c.build.id, c.offer.id, *limit, gate.report_value(c, g)));
        }
    return out;
}

std::vector<GateCheck> evaluate_probability_gates(const SimulationReport& simulation, const Gates& g) {
    std::vector<GateCheck> out;
    for (const SimulationComparison& c : simulation.comparisons)
        for (const GateInfo& gate : k_gates) {
            if (gate.simulation_value == nullptr) continue;
            if (const std::optional<double>& limit = g.*gate.limit)
                out.push_back(
                    judged(gate, c.label.build.id, c.label.offer.id, *limit, gate.simulation_value(c.result)));
        }
    return out;
}

std::vector<GateCheck> evaluate_plan_gates(const PlanReport& plan, const Gates& g) {
    std::vector<GateCheck> out;
    for (const GateInfo& gate : k_gates) {
        if (gate.plan_value == nullptr) continue;
        if (const std::optional<double>& limit = g.*gate.limit)
            out.push_back(judged(gate, "plan", "", *limit, gate.plan_value(plan)));
    }
    return out;
}

std::string gate_line(const GateCheck& check, bool with_ids) {
    std::string who;
    if (with_ids)
        who = check.cloud_id.empty() ? fmt::format(" [{}]", check.build_id)
                                     : fmt::format(" [{} vs {}]", check.build_id, check.cloud_id);
    const char* verdict = check.passed ? "ok" : "FAIL";
    if (check.unit == GateUnit::side)
        return fmt::format("{} expect{}: {} is cheaper{}", verdict, who, value_text(check, check.value),
                           check.passed ? "" : fmt::format(", expected {}", value_text(check, check.limit)));
    if (std::holds_alternative<std::monostate>(check.value)) {
        // A share's only row is the plan's owned utilisation, which has no figure when nothing is owned.
        const char* what = check.unit == GateUnit::months  ? "never pays back within the horizon"
                           : check.unit == GateUnit::share ? "no figure (no machine owned)"
                                                           : "no figure";
        return fmt::format("{} {}{}: {} (limit {})", verdict, check.name, who, what, value_text(check, check.limit));
    }
    const GateInfo* gate = find_gate(check.name);
    const bool minimum = gate != nullptr && gate->bound == GateBound::at_least;
    const char* relation = minimum ? (check.passed ? ">=" : "<") : (check.passed ? "<=" : ">");
    std::string value = value_text(check, check.value);
    std::string limit = value_text(check, check.limit);
    // To the cent, $5,000.004 over a $5,000 limit would read "5000.00 > 5000.00": show every digit instead.
    if (value == limit && check.value != check.limit) {
        value = exact_number(std::get<double>(check.value));
        limit = exact_number(std::get<double>(check.limit));
    }
    return fmt::format("{} {}{}: {} {} {}", verdict, check.name, who, value, relation, limit);
}

bool all_passed(const std::vector<GateCheck>& checks) noexcept {
    return std::all_of(checks.begin(), checks.end(), [](const GateCheck& c) { return c.passed; });
}

}  // namespace gpucost
