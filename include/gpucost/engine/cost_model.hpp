// The cost engine: pure arithmetic from plain values to a build-versus-cloud evaluation.
// No I/O, no allocation, no JSON: safe to call millions of times in sweeps.
#pragma once

#include <cstdint>
#include <optional>

#include "gpucost/model/values.hpp"

namespace gpucost {

// Which side of the comparison.
enum class Side { build, cloud };

// The owned machine, as plain numbers (from a catalogue build and its GPU).
struct BuildSpec {
    std::int64_t gpu_count = 1;   // g, 1..1,000,000
    double gpu_price_usd = 0.0;   // per GPU
    double gpu_tdp_w = 0.0;       // per GPU, at load
    double gpu_idle_w = 0.0;      // per GPU, at idle
    double base_price_usd = 0.0;  // everything but the GPUs
    double base_load_w = 0.0;
    double base_idle_w = 0.0;
    double setup_usd = 0.0;  // assembly, shipping, racking; never resold
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
    double used_hours_per_month = 0.0;             // u = hours_per_week * 730 / 168
    std::optional<double> build_per_gpu_hour_usd;  // total / (g * u * M); empty when u == 0
    std::optional<double> cloud_per_gpu_hour_usd;
    std::optional<double> break_even_hours_per_week;  // in [0, 168]; empty when one side wins everywhere
    std::optional<bool> build_cheaper_above;          // with break_even: building wins above it
    std::optional<int> payback_month;                 // 1..M; empty when not reached in the horizon
    Side cheaper = Side::cloud;                       // build only when strictly cheaper
    double savings_usd = 0.0;                         // |build total - cloud total|
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

// The cloud side's discounted total over the horizon, USD: bit-for-bit evaluate(build, cloud, a).cloud.total_usd,
// without the build side, payback and break-even (what offer matching needs per candidate).
double cloud_total_usd(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept;

// Evaluates the whole comparison. Inputs must already be validated (finite, in range).
Evaluation evaluate(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept;

// "build" or "cloud".
const char* to_string(Side side) noexcept;

}  // namespace gpucost
