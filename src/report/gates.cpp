#include "gpucost/report/gates.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gpucost/report/freshness.hpp"
#include "gpucost/report/uncertainty.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

GateCheck at_most(const Comparison& c, const char* name, GateUnit unit, double limit, std::optional<double> value) {
    return {name,
            unit,
            c.build.id,
            c.offer.id,
            limit,
            value ? GateCheck::Value(*value) : GateCheck::Value(std::monostate{}),
            value && *value <= limit};
}

// Money to the cent for the log line (JSON keeps full precision); counts as whole numbers.
std::string value_text(const GateCheck& check, const GateCheck::Value& v) {
    if (const auto* text = std::get_if<std::string>(&v)) return *text;
    if (const auto* number = std::get_if<double>(&v)) {
        if (check.unit == GateUnit::probability) return fmt::format("{:.4f}", *number);
        return check.unit == GateUnit::usd ? fmt::format("{:.2f}", *number) : exact_number(*number);
    }
    return "none";
}

std::optional<double> age_in_days(const Comparison& c, Date today) {
    const auto age = oldest_age_days(c, today);
    return age ? std::optional<double>(static_cast<double>(*age)) : std::nullopt;
}

}  // namespace

std::vector<GateCheck> evaluate_gates(const Report& report, const Gates& g) {
    std::vector<GateCheck> out;
    for (const Comparison& c : report.comparisons) {
        const Evaluation& e = c.result;
        const int months = c.assumptions.values.months;
        if (g.max_build_total_usd)
            out.push_back(at_most(c, "max-build-total-usd", GateUnit::usd, *g.max_build_total_usd, e.build.total_usd));
        if (g.max_cloud_total_usd)
            out.push_back(at_most(c, "max-cloud-total-usd", GateUnit::usd, *g.max_cloud_total_usd, e.cloud.total_usd));
        if (g.max_monthly_usd) {
            const double total = e.cheaper == Side::build ? e.build.total_usd : e.cloud.total_usd;
            out.push_back(
                at_most(c, "max-monthly-usd", GateUnit::usd, *g.max_monthly_usd, total / static_cast<double>(months)));
        }
        if (g.max_payback_months) {
            std::optional<double> payback;
            if (e.payback_month) payback = static_cast<double>(*e.payback_month);
            out.push_back(at_most(c, "max-payback-months", GateUnit::months, *g.max_payback_months, payback));
        }
        if (g.expect)
            out.push_back({"expect", GateUnit::side, c.build.id, c.offer.id, std::string(to_string(*g.expect)),
                           std::string(to_string(e.cheaper)), e.cheaper == *g.expect});
        if (g.max_age_days)
            out.push_back(at_most(c, "max-age-days", GateUnit::days, static_cast<double>(*g.max_age_days),
                                  age_in_days(c, g.today)));
    }
    return out;
}

std::vector<GateCheck> evaluate_probability_gates(const SimulationReport& simulation, const Gates& g) {
    std::vector<GateCheck> out;
    for (const SimulationComparison& c : simulation.comparisons) {
        const std::string& build = c.label.build.id;
        const std::string& offer = c.label.offer.id;
        if (g.min_p_build_cheaper) {
            const double p = c.result.p_build_cheaper;
            out.push_back({"min-p-build-cheaper", GateUnit::probability, build, offer, *g.min_p_build_cheaper, p,
                           p >= *g.min_p_build_cheaper});
        }
        if (g.max_p_cloud_cheaper) {
            const double p = c.result.p_cloud_cheaper;
            out.push_back({"max-p-cloud-cheaper", GateUnit::probability, build, offer, *g.max_p_cloud_cheaper, p,
                           p <= *g.max_p_cloud_cheaper});
        }
    }
    return out;
}

std::string gate_line(const GateCheck& check, bool with_ids) {
    const std::string who = with_ids ? fmt::format(" [{} vs {}]", check.build_id, check.cloud_id) : "";
    const char* verdict = check.passed ? "ok" : "FAIL";
    if (check.unit == GateUnit::side)
        return fmt::format("{} expect{}: {} is cheaper{}", verdict, who, value_text(check, check.value),
                           check.passed ? "" : fmt::format(", expected {}", value_text(check, check.limit)));
    if (std::holds_alternative<std::monostate>(check.value)) {
        const char* what = check.unit == GateUnit::months ? "never pays back within the horizon" : "no figure";
        return fmt::format("{} {}{}: {} (limit {})", verdict, check.name, who, what, value_text(check, check.limit));
    }
    // A minimum ("min-p-build-cheaper") passes at or above its limit; every other gate at or below.
    const bool minimum = check.name.rfind("min-", 0) == 0;
    const char* relation = minimum ? (check.passed ? ">=" : "<") : (check.passed ? "<=" : ">");
    return fmt::format("{} {}{}: {} {} {}", verdict, check.name, who, value_text(check, check.value), relation,
                       value_text(check, check.limit));
}

bool all_passed(const std::vector<GateCheck>& checks) noexcept {
    return std::all_of(checks.begin(), checks.end(), [](const GateCheck& c) { return c.passed; });
}

}  // namespace gpucost
