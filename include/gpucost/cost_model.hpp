// The cost engine: pure arithmetic from plain values to a build-versus-cloud evaluation.
// No I/O, no allocation, no JSON: safe to call millions of times in sweeps.
#pragma once

#include <cstdint>
#include <optional>

namespace gpucost {

// Hours in a billing month: the cloud convention (AWS, Azure, Infracost bill 730 h a month).
inline constexpr double k_hours_per_month = 730.0;
// Hours in a week.
inline constexpr double k_hours_per_week = 168.0;
// Months in a year.
inline constexpr double k_months_per_year = 12.0;

// How a cloud offer is bought.
enum class Pricing { on_demand, spot, reserved_1y, reserved_3y };
inline constexpr int k_pricing_count = 4;

// What an owned machine does when it is not working: stays powered at idle draw, or is switched off.
enum class IdlePolicy { always_on, off };

// Which side of the comparison.
enum class Side { build, cloud };

// Every assumption the engine reads, already validated and in range (see assumptions.hpp).
struct Assumptions {
    double hours_per_week = 40.0;              // [0, 168]
    int months = 36;                           // horizon M, >= 1
    Pricing pricing = Pricing::on_demand;
    double electricity_usd_per_kwh = 0.0;
    double pue = 1.0;                          // power usage effectiveness, >= 1
    IdlePolicy idle = IdlePolicy::always_on;
    double staff_salary_usd = 0.0;             // per year, per full-time equivalent
    double staff_fte_build = 0.0;
    double staff_fte_cloud = 0.0;
    double maintenance_rate = 0.0;             // fraction of hardware price per year
    double facility_usd_per_month = 0.0;
    double useful_life_years = 5.0;            // > 0
    double residual_value = 0.0;               // fraction of hardware price left at end of life
    double discount_rate = 0.0;                // annual
    double spot_overhead = 0.0;                // extra fraction of hours re-run after interruptions
    double cloud_storage_usd_per_month = 0.0;
    double cloud_egress_usd_per_month = 0.0;
};

// The owned machine, as plain numbers (from a catalogue build and its GPU).
struct BuildSpec {
    std::int64_t gpu_count = 1;     // g, 1..1,000,000
    double gpu_price_usd = 0.0;     // per GPU
    double gpu_tdp_w = 0.0;         // per GPU, at load
    double gpu_idle_w = 0.0;        // per GPU, at idle
    double base_price_usd = 0.0;    // everything but the GPUs
    double base_load_w = 0.0;
    double base_idle_w = 0.0;
    double setup_usd = 0.0;         // assembly, shipping, racking; never resold
};

// The rented side: one offer at the chosen pricing.
struct CloudSpec {
    std::int64_t gpus_per_instance = 1;  // c >= 1
    double usd_per_hour = 0.0;           // per instance-hour at the chosen pricing
};

// Build-side totals over the horizon, each discounted; resale is a credit (<= 0).
struct BuildCosts {
    double hardware_usd = 0.0;
    double setup_usd = 0.0;
    double power_usd = 0.0;
    double staff_usd = 0.0;
    double maintenance_usd = 0.0;
    double facility_usd = 0.0;
    double resale_usd = 0.0;
    double total_usd = 0.0;
};

// Cloud-side totals over the horizon, each discounted.
struct CloudCosts {
    std::int64_t instances = 0;
    std::int64_t unused_gpus = 0;  // GPUs paid for but not needed: instances * c - g
    double compute_usd = 0.0;
    double storage_usd = 0.0;
    double egress_usd = 0.0;
    double staff_usd = 0.0;
    double total_usd = 0.0;
};

// Undiscounted cost of each side in one month of the horizon (month 1..M), before discounting.
struct MonthlyCosts {
    double power_usd = 0.0;
    double staff_build_usd = 0.0;
    double maintenance_usd = 0.0;
    double facility_usd = 0.0;
    double compute_usd = 0.0;
    double storage_usd = 0.0;
    double egress_usd = 0.0;
    double staff_cloud_usd = 0.0;
    double build_usd() const noexcept { return power_usd + staff_build_usd + maintenance_usd + facility_usd; }
    double cloud_usd() const noexcept { return compute_usd + storage_usd + egress_usd + staff_cloud_usd; }
};

// The full evaluation of one build against one cloud offer.
struct Evaluation {
    BuildCosts build;
    CloudCosts cloud;
    MonthlyCosts monthly;
    double used_hours_per_month = 0.0;                   // u = hours_per_week * 730 / 168
    std::optional<double> build_per_gpu_hour_usd;        // total / (g * u * M); empty when u == 0
    std::optional<double> cloud_per_gpu_hour_usd;
    std::optional<double> break_even_hours_per_week;     // in [0, 168]; empty when one side wins everywhere
    std::optional<bool> build_cheaper_above;             // with break_even: building wins above it
    std::optional<int> payback_month;                    // 1..M; empty when not reached in the horizon
    Side cheaper = Side::cloud;                          // build only when strictly cheaper
    double savings_usd = 0.0;                            // |build total - cloud total|
};

// Sum of the discount factors of months 1..m: sum_k (1 + r)^(-k/12). Equals m when r == 0.
double annuity_factor(int months, double annual_discount_rate) noexcept;

// Discount factor of a cash flow at the end of month m: (1 + r)^(-m/12).
double discount_factor(int month, double annual_discount_rate) noexcept;

// Hardware price of a build: g * gpu price + base price.
double hardware_usd(const BuildSpec& build) noexcept;

// Resale value at the end of month M, undiscounted: straight-line to residual_value over the useful life, flat after.
double resale_value_usd(double hardware_usd, int months, double useful_life_years, double residual_value) noexcept;

// Cloud instances needed for g GPUs: ceil(g / c).
std::int64_t instances_needed(std::int64_t gpu_count, std::int64_t gpus_per_instance) noexcept;

// Costs of one month, undiscounted, at the given assumptions.
MonthlyCosts monthly_costs(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept;

// Build total minus cloud total over the horizon at the given hours per week, all else from `a`.
double total_difference_usd(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a,
                            double hours_per_week) noexcept;

// Evaluates the whole comparison. Inputs must already be validated (finite, in range).
Evaluation evaluate(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept;

// Name of a pricing as used in catalogues and flags: "on-demand", "spot", "reserved-1y", "reserved-3y".
const char* to_string(Pricing pricing) noexcept;
// Name of an idle policy: "always-on", "off".
const char* to_string(IdlePolicy idle) noexcept;
// "build" or "cloud".
const char* to_string(Side side) noexcept;

}  // namespace gpucost
