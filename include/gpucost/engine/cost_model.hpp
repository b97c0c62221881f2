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
    // What the build side rents while its machine is on order (model v2, lead time), USD per hour for the whole build
    // (all instances): the report's backup rental, on demand unless it has no such price (interim_pricing says).
    double interim_usd_per_hour = 0.0;
    Pricing interim_pricing = Pricing::on_demand;
    std::optional<double> storage_usd_per_tb_month{};  // the offer's own storage price; empty: the assumption's
    // Renting the whole build's equivalent on demand from the cheapest like-for-like offer, USD per hour (all its
    // instances): what the hours of use an owned machine loses to downtime cost under DowntimePolicy::cover.
    double backup_usd_per_hour = 0.0;
    // A dedicated server rented by the month (issue 20 item 6a): USD per instance and month, billed every month of
    // the horizon whatever the use (usd_per_hour is then unused); 0: billed by the hour.
    double usd_per_month = 0.0;
    double setup_fee_usd = 0.0;  // the monthly rental's one-off fee per instance, paid in month 0

    bool billed_monthly() const noexcept { return usd_per_month > 0.0; }
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
    double interim_cloud_usd = 0.0;   // model v2: the cloud rented during the lead time (last, so v1's braces hold)
    double downtime_cover_usd = 0.0;  // the on-demand rental for the hours of use lost to downtime (availability)
    // Financing and tax (issue 24, finance_flow.hpp), discounted; each exactly 0 with cash and a tax rate of 0.
    double financing_usd = 0.0;      // principal drawn (a credit) and repaid, or a lease's rent
    double interest_usd = 0.0;       // loan interest
    double tax_deduction_usd = 0.0;  // the tax saved by deducting running costs, interest and rent (<= 0)
    double depreciation_usd = 0.0;   // the tax saved by depreciation (<= 0)
    double tax_on_sale_usd = 0.0;    // the tax on the sale at the horizon's end (recapture; < 0 for a loss)
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
    double tax_deduction_usd = 0.0;  // issue 24: the tax saved by deducting the cloud bills (<= 0), 0 without tax
    double setup_usd = 0.0;          // a monthly rental's setup fees, paid in month 0 (instances x fee); else 0
};

// Undiscounted cost of each category in a month at today's prices, before discounting: what every month costs when
// nothing changes (v1). With model v2 a month's amount is this times its price trend, and power, maintenance and
// facility run only once the machine works (months L+1..M) while interim cloud runs only before (months 1..L):
// month_amount_usd() gives the amount of one month.
struct MonthlyCosts {
    double power_usd = 0.0;
    double staff_build_usd = 0.0;
    double maintenance_usd = 0.0;
    double facility_usd = 0.0;
    double compute_usd = 0.0;
    double storage_usd = 0.0;
    double egress_usd = 0.0;
    double staff_cloud_usd = 0.0;
    // Model v2, last so that v1's brace initialisers keep their meaning: a month of the lead time's interim cloud
    // (compute + storage + egress), and its compute alone (the part that follows the price trend).
    double interim_cloud_usd = 0.0;
    double interim_compute_usd = 0.0;
    // The rental covering a working month's downtime (months L+1..M, at today's on-demand price).
    double downtime_cover_usd = 0.0;
    // v1's monthly sums (no lead time): interim cloud is not part of a working machine's month.
    double build_usd() const noexcept {
        return power_usd + staff_build_usd + maintenance_usd + facility_usd + downtime_cover_usd;
    }
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
    std::optional<int> payback_month_if_sold;         // the same, with the machine's resale value at month m
    Pricing interim_pricing = Pricing::on_demand;     // how the interim cloud is bought (its price trend)
    Side cheaper = Side::cloud;                       // build only when strictly cheaper
    double savings_usd = 0.0;                         // |build total - cloud total|
    // Availability (availability.hpp): the hours of use a working month loses to downtime, and under
    // DowntimePolicy::lost the GPU-hours of work lost over the working months, g x those hours x (M - L).
    double downtime_used_hours_per_month = 0.0;
    double lost_gpu_hours = 0.0;
};

// What accrues `per_used_hour` in every hour of use comes to in a month at h hours a week: x h 730 / 168 (the
// 730-hour billing month over the 168-hour week), multiplied left to right. The one statement of the hours of use:
// the cost model, the batch evaluator and rank read it through the two functions below.
constexpr double per_month_of_use(double per_used_hour, double hours_per_week) noexcept {
    return per_used_hour * hours_per_week * k_hours_per_month / k_hours_per_week;
}

// Hours of use in a month at h hours a week: u = h x 730 / 168.
constexpr double used_hours_per_month(double hours_per_week) noexcept { return per_month_of_use(1.0, hours_per_week); }

// Sum of the discount factors of months 1..m: sum_k (1 + r)^(-k/12), or under the annual (year-end) convention
// sum_k (1 + r)^(-ceil(k/12)). Equals m when r == 0.
double annuity_factor(int months, double annual_discount_rate,
                      DiscountConvention convention = DiscountConvention::monthly) noexcept;

// Units made at `units_per_used_hour` in every hour of use over the horizon, each month's discounted as its costs
// are: x u A(M) (rank's discounted work; x u M when the discount rate is 0).
double discounted_units(double units_per_used_hour, const Assumptions& a) noexcept;

// Discount factor of a cash flow at the end of month m: (1 + r)^(-m/12); annual (year-end): (1 + r)^(-ceil(m/12)).
double discount_factor(int month, double annual_discount_rate,
                       DiscountConvention convention = DiscountConvention::monthly) noexcept;

// Hardware price of a build: g * gpu price + base price.
double hardware_usd(const BuildSpec& build) noexcept;

// Resale value at the end of month M, undiscounted: straight-line to residual_value over the useful life, flat after.
double resale_value_usd(double hardware_usd, int months, double useful_life_years, double residual_value) noexcept;

// Model v2's resale value at the end of month m, undiscounted, with the machine's age max(0, m - L) months:
// straight-line as above, curve H (1 - decline)^(age / 12), none 0.
double resale_value_usd(double hardware_usd, int month, const Assumptions& a) noexcept;

// The price factor of a cloud pricing in month k (1..M) at a yearly change g: on-demand and spot
// (1 + g)^((k - 1) / 12); a commitment locks its rate for its term, reserved-1y (1 + g)^floor((k - 1) / 12),
// reserved-3y (1 + g)^(3 floor((k - 1) / 36)).
double cloud_price_factor(Pricing pricing, int month, double yearly_change) noexcept;

// A price's factor in month k (1..M) when it changes by g a year and is locked for terms of T months:
// (1 + g)^(T floor((k - 1) / T) / 12); T = 1 is a price that moves every month (electricity, on-demand).
// Exactly 1 when g == 0.
double price_trend_factor(int month, double yearly_change, int term_months = 1) noexcept;

// The lead time L the engine uses: lead_time_months within [0, M - 1].
int lead_time_in_force(const Assumptions& a) noexcept;

// True when model v2's terms shape the evaluation beyond v1's closed forms: a lead time, a price trend, or a resale
// model other than v1's straight line. Code that re-derives v1's formulas for speed (analysis/batch) must then call
// evaluate() instead.
bool uses_model_v2_terms(const Assumptions& a) noexcept;

// The discounted weight of each kind of monthly amount over the horizon: the sum of d(k) x its price trend over
// the months it runs, as evaluate() weighs each month's costs. In v1's shape every weight is the horizon's annuity.
struct HorizonWeights {
    double all = 0.0;      // months 1..M, no trend: staff, cloud storage and egress
    double running = 0.0;  // months L+1..M: maintenance, facility
    double lead = 0.0;     // months 1..L: the interim cloud's storage and egress
    double power = 0.0;    // months L+1..M at the electricity trend
    double cloud = 0.0;    // months 1..M at the chosen pricing's trend
    double interim = 0.0;  // months 1..L at the interim pricing's trend
};
HorizonWeights horizon_weights(const Assumptions& a, Pricing interim_pricing) noexcept;

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

// What a verdict reads of an evaluation: both sides' totals and the cheaper side.
struct EvaluationTotals {
    double build_total_usd = 0.0;
    double cloud_total_usd = 0.0;
    Side cheaper = Side::cloud;  // build only when strictly cheaper
};

// evaluate()'s totals and verdict, bit for bit, without what only reads them (both paybacks' month walks, the
// break-even, the rates): what the verdict readings ask of each assumption they try.
EvaluationTotals evaluate_totals(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept;

// "build" or "cloud".
const char* to_string(Side side) noexcept;

}  // namespace gpucost
