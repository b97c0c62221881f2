// The assumptions behind every comparison: their names, units, valid ranges, and where each value came from.
// One table drives the catalogue parser, the command-line flags, validation messages and the reports.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpucost/model/values.hpp"

namespace gpucost {

// Every assumption, in the order reports list them.
enum class AssumptionKey {
    hours_per_week,
    years,
    pricing,
    electricity_usd_per_kwh,
    pue,
    idle,
    staff_salary_usd,
    staff_fte_build,
    staff_fte_cloud,
    maintenance_rate,
    facility_usd_per_month,
    useful_life_years,
    residual_value,
    discount_rate,
    spot_overhead,
    cloud_storage_usd_per_month,
    cloud_egress_usd_per_month,
};
inline constexpr std::size_t k_assumption_count = 17;

enum class AssumptionKind { number, pricing, idle };

// The contract of one assumption.
struct AssumptionInfo {
    AssumptionKey key;
    std::string_view name;  // catalogue key; the flag is "--" + name with '_' -> '-'
    AssumptionKind kind;
    double min;  // numbers only
    double max;
    bool min_exclusive;     // (min, max] rather than [min, max]
    std::string_view unit;  // for humans: "h/week", "USD/kWh", "fraction"
    std::string_view help;  // one line for --help and `init`
};

// All assumptions in report order.
const std::array<AssumptionInfo, k_assumption_count>& assumption_infos() noexcept;
// The contract of one assumption.
const AssumptionInfo& info(AssumptionKey key) noexcept;
// The assumption with this catalogue key, if any.
std::optional<AssumptionKey> find_assumption(std::string_view name) noexcept;
// Every catalogue key, for "did you mean".
std::vector<std::string> assumption_names();
// "--electricity-usd-per-kwh" for electricity_usd_per_kwh.
std::string flag_name(AssumptionKey key);
// The range as a human reads it: "[0, 168]" or "(0, 50]".
std::string range_text(const AssumptionInfo& info);

// Parses "on-demand", "spot", "reserved-1y", "reserved-3y".
std::optional<Pricing> parse_pricing(std::string_view text) noexcept;
// Parses "always-on", "off".
std::optional<IdlePolicy> parse_idle(std::string_view text) noexcept;
// "on-demand, spot, reserved-1y, reserved-3y"
std::string pricing_choices();

// A value of an assumption. The horizon (`years`) is held as a whole number of months.
using AssumptionValue = std::variant<double, Pricing, IdlePolicy>;

// Checks a value against its contract; returns the reason it is invalid ("must be in [1, 5], got 0.9").
std::optional<std::string> check_value(AssumptionKey key, double value);
// The horizon in months for a number of years: round(12 Y).
int months_for_years(double years) noexcept;

// Some assumptions, from one place (the catalogue, a build's overrides, a scenario file, the flags).
struct AssumptionLayer {
    std::string origin;                                                       // "catalogue", "build x", "flag"
    std::array<std::optional<AssumptionValue>, k_assumption_count> values{};  // years held as months
    std::array<std::string, k_assumption_count> sources{};                    // where each default comes from
    std::array<std::string, k_assumption_count> origins{};  // a key's own origin when not `origin`: "overlay FILE"

    void set(AssumptionKey key, AssumptionValue value) { values[static_cast<std::size_t>(key)] = value; }
    const std::optional<AssumptionValue>& get(AssumptionKey key) const { return values[static_cast<std::size_t>(key)]; }
    bool empty() const;
};

// The assumptions in force for one comparison, and which layer gave each.
struct ResolvedAssumptions {
    Assumptions values;
    std::array<std::string, k_assumption_count> origins{};  // layer origin per key
    std::array<std::string, k_assumption_count> sources{};  // source text of the catalogue default
};

// Overlays layers in order, later ones winning; the first must be complete (a catalogue).
ResolvedAssumptions resolve(const std::vector<const AssumptionLayer*>& layers);

// The value of one assumption as a number (pricing and idle as their enum index; years as years).
AssumptionValue get_value(const Assumptions& a, AssumptionKey key) noexcept;

// The value for a human: "40", "on-demand", "36 months".
std::string display_value(const Assumptions& a, AssumptionKey key);

}  // namespace gpucost
