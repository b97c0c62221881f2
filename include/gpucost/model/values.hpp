// The values the cost engine reads: how an offer is bought, what an idle machine does, and every assumption as a
// plain number. No strings, no I/O: the engine includes this and nothing else of ours.
#pragma once

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
// The one list of pricing names, by Pricing, as catalogues, flags and every output spell them (to_string(Pricing)).
inline constexpr const char* k_pricing_names[k_pricing_count] = {"on-demand", "spot", "reserved-1y", "reserved-3y"};

// What an owned machine does when it is not working: stays powered at idle draw, or is switched off.
enum class IdlePolicy { always_on, off };

// How the owned machine's resale value falls with its age (model v2): v1's straight line to the residual value at
// the end of its useful life, a constant yearly decline (curve), or no resale at all.
enum class ResaleModel { straight_line, curve, none };

// What the owned machine's downtime (failures under repair, planned maintenance) costs: the hours of use it loses
// are rented from the cheapest like-for-like on-demand offer (cover), or only counted as lost GPU-hours (lost).
enum class DowntimePolicy { cover, lost };

// When cash flows are discounted: each at the end of its month (monthly), or a whole year's at that year's end
// (annual, the year-end convention of yearly finance models): month k counts (1 + r)^(-ceil(k / 12)).
enum class DiscountConvention { monthly, annual };

// Every assumption the engine reads, already validated and in range (see assumptions.hpp). The initialisers only
// make a value-initialised struct usable in engine tests; the defaults users get are the assumption table's.
struct Assumptions {
    double hours_per_week = 40.0;  // [0, 168]
    int months = 36;               // horizon M, >= 1
    Pricing pricing = Pricing::on_demand;
    double electricity_usd_per_kwh = 0.0;
    double pue = 1.0;  // power usage effectiveness, >= 1
    IdlePolicy idle = IdlePolicy::always_on;
    double staff_salary_usd = 0.0;  // per year, per full-time equivalent
    double staff_fte_build = 0.0;
    double staff_fte_cloud = 0.0;
    double maintenance_rate = 0.0;  // fraction of hardware price per year
    double facility_usd_per_month = 0.0;
    double useful_life_years = 5.0;  // > 0
    double residual_value = 0.0;     // fraction of hardware price left at end of life
    double discount_rate = 0.0;      // annual
    double spot_overhead = 0.0;      // extra fraction of hours re-run after interruptions
    double cloud_storage_usd_per_month = 0.0;
    double cloud_egress_usd_per_month = 0.0;
    // Model v2 (issue 11); each initialiser is the neutral value that reproduces v1.
    ResaleModel resale = ResaleModel::straight_line;
    double resale_decline_per_year = 0.0;            // curve: value x (1 - this)^(age in years), [0, 1)
    double cloud_price_change_per_year = 0.0;        // g_c, [-0.9, 1]
    double electricity_price_change_per_year = 0.0;  // g_e, [-0.9, 1]
    int lead_time_months = 0;                        // L, whole months from order to a working machine, < months
    double on_demand_overhead = 0.0;                 // extra billed on-demand hours, a fraction of the work
    double storage_tb = 0.0;                         // working data the cloud side keeps
    double cloud_storage_usd_per_tb_month = 0.0;     // its price, unless the offer gives its own
    // Availability of the owned machine (issue 20); each initialiser is the neutral value: a machine that never fails.
    double failures_per_machine_year = 0.0;           // failures that take the machine out of use, per year
    double repair_hours = 0.0;                        // hours out of use per failure, until it works again
    double planned_maintenance_hours_per_year = 0.0;  // updates, firmware, cleaning: hours out of use a year
    DowntimePolicy downtime = DowntimePolicy::cover;
    // Spot capacity (issue 20): interruptions per instance and month of continuous use, and the hours of the whole
    // job's work each one loses (re-run on every instance of the job).
    double spot_interruptions_per_instance_month = 0.0;
    double spot_restart_hours = 0.0;
    // Failures per GPU and year (issue 20): where in force, a build's failures_per_machine_year is this times its GPUs
    // (resolve_for_build in assumptions.hpp); 0 leaves failures_per_machine_year as given.
    double failures_per_gpu_year = 0.0;
    DiscountConvention discounting = DiscountConvention::monthly;  // issue 20: monthly is the neutral value
};

// Name of a pricing as used in catalogues and flags: "on-demand", "spot", "reserved-1y", "reserved-3y".
const char* to_string(Pricing pricing) noexcept;
// Name of an idle policy: "always-on", "off".
const char* to_string(IdlePolicy idle) noexcept;
// Name of a resale model: "straight-line", "curve", "none".
const char* to_string(ResaleModel resale) noexcept;
// Name of a downtime policy: "cover", "lost".
const char* to_string(DowntimePolicy downtime) noexcept;
// Name of a discounting convention: "monthly", "annual".
const char* to_string(DiscountConvention discounting) noexcept;
}  // namespace gpucost
