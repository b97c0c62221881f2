#include "gpucost/cost_model.hpp"

#include <algorithm>
#include <cmath>

namespace gpucost {
namespace {

// Per-month discounting works in log space: L = ln(1 + r) / 12, so (1 + r)^(-k/12) = e^(-kL).
// expm1/log1p keep full precision for small rates, where 1 - v^m would cancel.
double monthly_log_rate(double annual_discount_rate) noexcept {
    return std::log1p(annual_discount_rate) / k_months_per_year;
}

double cloud_billed_hours_per_month(Pricing pricing, double used_hours_per_month, double spot_overhead) noexcept {
    switch (pricing) {
        case Pricing::spot:
            return used_hours_per_month * (1.0 + spot_overhead);  // interrupted work is run again
        case Pricing::reserved_1y:
        case Pricing::reserved_3y:
            return k_hours_per_month;  // a commitment is paid for every hour, used or not
        case Pricing::on_demand:
            break;
    }
    return used_hours_per_month;
}

struct Totals {
    double build_usd;
    double cloud_usd;
};

// Discounted totals of both sides; the one formula behind evaluate() and the break-even solver.
Totals totals(const BuildSpec& build, const Assumptions& a, const MonthlyCosts& m) noexcept {
    const double annuity = annuity_factor(a.months, a.discount_rate);
    const double hardware = hardware_usd(build);
    const double resale = resale_value_usd(hardware, a.months, a.useful_life_years, a.residual_value) *
                          discount_factor(a.months, a.discount_rate);
    return {hardware + build.setup_usd + annuity * m.build_usd() - resale, annuity * m.cloud_usd()};
}

Assumptions with_hours(const Assumptions& a, double hours_per_week) noexcept {
    Assumptions copy = a;
    copy.hours_per_week = hours_per_week;
    return copy;
}

}  // namespace

double annuity_factor(int months, double annual_discount_rate) noexcept {
    if (annual_discount_rate == 0.0) return static_cast<double>(months);
    const double log_rate = monthly_log_rate(annual_discount_rate);
    // sum_{k=1..m} e^(-kL) = (1 - e^(-mL)) / (e^L - 1)
    return -std::expm1(-static_cast<double>(months) * log_rate) / std::expm1(log_rate);
}

double discount_factor(int month, double annual_discount_rate) noexcept {
    if (annual_discount_rate == 0.0) return 1.0;
    return std::exp(-static_cast<double>(month) * monthly_log_rate(annual_discount_rate));
}

double hardware_usd(const BuildSpec& build) noexcept {
    return static_cast<double>(build.gpu_count) * build.gpu_price_usd + build.base_price_usd;
}

double resale_value_usd(double hardware, int months, double useful_life_years, double residual_value) noexcept {
    const double age_years = std::min(static_cast<double>(months) / k_months_per_year, useful_life_years);
    return hardware * (1.0 - (1.0 - residual_value) * age_years / useful_life_years);
}

std::int64_t instances_needed(std::int64_t gpu_count, std::int64_t gpus_per_instance) noexcept {
    return (gpu_count + gpus_per_instance - 1) / gpus_per_instance;
}

MonthlyCosts monthly_costs(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    const double g = static_cast<double>(build.gpu_count);
    const double used_hours = a.hours_per_week * k_hours_per_month / k_hours_per_week;
    const double idle_hours = a.idle == IdlePolicy::always_on ? k_hours_per_month - used_hours : 0.0;
    const double load_w = build.base_load_w + g * build.gpu_tdp_w;
    const double idle_w = build.base_idle_w + g * build.gpu_idle_w;
    const double kwh = (used_hours * load_w + idle_hours * idle_w) / 1000.0;
    const double instances = static_cast<double>(instances_needed(build.gpu_count, cloud.gpus_per_instance));

    MonthlyCosts m;
    m.power_usd = kwh * a.pue * a.electricity_usd_per_kwh;
    m.staff_build_usd = a.staff_fte_build * a.staff_salary_usd / k_months_per_year;
    m.maintenance_usd = a.maintenance_rate * hardware_usd(build) / k_months_per_year;
    m.facility_usd = a.facility_usd_per_month;
    m.compute_usd = instances * cloud.usd_per_hour * cloud_billed_hours_per_month(a.pricing, used_hours, a.spot_overhead);
    m.storage_usd = a.cloud_storage_usd_per_month;
    m.egress_usd = a.cloud_egress_usd_per_month;
    m.staff_cloud_usd = a.staff_fte_cloud * a.staff_salary_usd / k_months_per_year;
    return m;
}

double total_difference_usd(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a,
                            double hours_per_week) noexcept {
    const Assumptions at = with_hours(a, hours_per_week);
    const Totals t = totals(build, at, monthly_costs(build, cloud, at));
    return t.build_usd - t.cloud_usd;
}

Evaluation evaluate(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    Evaluation e;
    const MonthlyCosts m = monthly_costs(build, cloud, a);
    const double annuity = annuity_factor(a.months, a.discount_rate);
    const double g = static_cast<double>(build.gpu_count);
    e.monthly = m;
    e.used_hours_per_month = a.hours_per_week * k_hours_per_month / k_hours_per_week;

    BuildCosts& b = e.build;
    b.hardware_usd = hardware_usd(build);
    b.setup_usd = build.setup_usd;
    b.power_usd = annuity * m.power_usd;
    b.staff_usd = annuity * m.staff_build_usd;
    b.maintenance_usd = annuity * m.maintenance_usd;
    b.facility_usd = annuity * m.facility_usd;
    b.resale_usd = -resale_value_usd(b.hardware_usd, a.months, a.useful_life_years, a.residual_value) *
                   discount_factor(a.months, a.discount_rate);
    b.total_usd = b.hardware_usd + b.setup_usd + b.power_usd + b.staff_usd + b.maintenance_usd + b.facility_usd +
                  b.resale_usd;

    CloudCosts& c = e.cloud;
    c.instances = instances_needed(build.gpu_count, cloud.gpus_per_instance);
    c.unused_gpus = c.instances * cloud.gpus_per_instance - build.gpu_count;
    c.compute_usd = annuity * m.compute_usd;
    c.storage_usd = annuity * m.storage_usd;
    c.egress_usd = annuity * m.egress_usd;
    c.staff_usd = annuity * m.staff_cloud_usd;
    c.total_usd = c.compute_usd + c.storage_usd + c.egress_usd + c.staff_usd;

    const double gpu_hours = g * e.used_hours_per_month * static_cast<double>(a.months);
    if (gpu_hours > 0.0) {
        e.build_per_gpu_hour_usd = b.total_usd / gpu_hours;
        e.cloud_per_gpu_hour_usd = c.total_usd / gpu_hours;
    }

    // Both totals are affine in hours_per_week, so their difference D(h) is a line through its
    // values at both ends of the range; it crosses zero inside [0, 168] or not at all.
    const double d_low = total_difference_usd(build, cloud, a, 0.0);
    const double d_high = total_difference_usd(build, cloud, a, k_hours_per_week);
    if (d_low != d_high && !(d_low > 0.0 && d_high > 0.0) && !(d_low < 0.0 && d_high < 0.0)) {
        const double hours = k_hours_per_week * d_low / (d_low - d_high);
        e.break_even_hours_per_week = std::clamp(hours, 0.0, k_hours_per_week);
        e.build_cheaper_above = d_high < d_low;
    }

    // Payback: the first month m at which cumulative cloud spend A(m) * cloud_monthly reaches
    // cumulative build spend upfront + A(m) * build_monthly (resale not counted). A(m) grows with m,
    // so solve A(m) >= upfront / (cloud_monthly - build_monthly) in closed form, then settle the
    // rounding by checking the defining inequality itself at the neighbouring months.
    const double upfront = b.hardware_usd + b.setup_usd;
    const double monthly_gap = m.cloud_usd() - m.build_usd();
    const auto reached = [&](int month) {
        const double af = annuity_factor(month, a.discount_rate);
        return af * m.cloud_usd() >= upfront + af * m.build_usd();
    };
    if (upfront <= 0.0 && monthly_gap >= 0.0) {
        e.payback_month = 1;
    } else if (monthly_gap > 0.0) {
        const double target = upfront / monthly_gap;
        double guess = target;  // r == 0: A(m) = m
        if (a.discount_rate != 0.0) {
            const double log_rate = monthly_log_rate(a.discount_rate);
            // A(m) >= T  <=>  e^(-mL) <= 1 - T (e^L - 1)
            const double q = 1.0 - target * std::expm1(log_rate);
            guess = q > 0.0 ? -std::log(q) / log_rate : static_cast<double>(a.months) + 2.0;
        }
        int month = static_cast<int>(std::clamp(std::ceil(guess), 1.0, static_cast<double>(a.months) + 1.0));
        while (month > 1 && reached(month - 1)) --month;
        while (month <= a.months && !reached(month)) ++month;
        if (month <= a.months) e.payback_month = month;
    }

    e.cheaper = b.total_usd < c.total_usd ? Side::build : Side::cloud;
    e.savings_usd = std::fabs(b.total_usd - c.total_usd);
    return e;
}

const char* to_string(Pricing pricing) noexcept {
    switch (pricing) {
        case Pricing::on_demand: return "on-demand";
        case Pricing::spot: return "spot";
        case Pricing::reserved_1y: return "reserved-1y";
        case Pricing::reserved_3y: return "reserved-3y";
    }
    return "on-demand";
}

const char* to_string(IdlePolicy idle) noexcept {
    return idle == IdlePolicy::always_on ? "always-on" : "off";
}

const char* to_string(Side side) noexcept {
    return side == Side::build ? "build" : "cloud";
}

}  // namespace gpucost
