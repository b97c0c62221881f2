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

// How the build side is paid for (issue 24; docs/finance.md): in cash in month 0, with a loan (a down payment in
// month 0, level monthly payments), or with a lease (monthly payments, then the lease's end option).
enum class Financing { cash, loan, lease };

// What a lease leaves at its end.
enum class LeaseEnd {
    return_equipment,   // the machine goes back: no payment, no resale
    fair_market_value,  // bought at its value then (the resale curve's value at the term's end)
    one_dollar,         // bought for one dollar (a capital lease in all but name)
};

// How the owned machine is depreciated for tax (IRS Publication 946).
enum class Depreciation {
    none,           // no deduction but what Section 179 and bonus depreciation give
    straight_line,  // Publication 946 Table A-8 shape: half a year, tax_life - 1 full years, half a year
    macrs_5,        // Publication 946 Table A-1, 5-year property, half-year convention
};

// When a tax effect moves money: in the month its cause is paid, or all of a tax year's at the year's end.
enum class TaxTiming { month, year_end };

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
    // Financing and tax (issue 24; docs/finance.md). Cash and a tax rate of 0 are the neutral values: with them
    // every figure is today's to the bit.
    Financing financing = Financing::cash;
    double loan_rate = 0.0;            // nominal annual, compounded monthly
    int loan_term_months = 60;         // whole months, >= 1
    double down_payment = 0.0;         // share of the hardware price paid in month 0, [0, 1]
    double lease_usd_per_month = 0.0;  // the lease's payment; 0: hardware price x lease_rate_factor
    double lease_rate_factor = 0.0;    // monthly payment per dollar of hardware
    int lease_term_months = 36;        // whole months, >= 1
    LeaseEnd lease_end = LeaseEnd::return_equipment;
    double tax_rate = 0.0;  // the marginal income-tax rate, [0, 1)
    Depreciation depreciation = Depreciation::macrs_5;
    int tax_life_years = 5;                  // straight line only
    double bonus_depreciation = 0.0;         // share of the basis left after Section 179, deducted in tax year 1
    double section_179_usd = 0.0;            // asked to be expensed in tax year 1
    double section_179_limit_usd = 0.0;      // the year's limit
    double section_179_phase_out_usd = 0.0;  // the limit falls dollar for dollar above this much property; 0: none
    TaxTiming tax_timing = TaxTiming::month;
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
// "cash", "loan", "lease".
const char* to_string(Financing financing) noexcept;
// "return", "fmv", "one-dollar".
const char* to_string(LeaseEnd end) noexcept;
// "none", "straight-line", "macrs-5".
const char* to_string(Depreciation depreciation) noexcept;
// "month", "year-end".
const char* to_string(TaxTiming timing) noexcept;
}  // namespace gpucost
