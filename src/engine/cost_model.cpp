#include "gpucost/engine/cost_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "gpucost/engine/build_power.hpp"

namespace gpucost {
namespace {

// Per-month discounting works in log space: L = ln(1 + r) / 12, so (1 + r)^(-k/12) = e^(-kL).
// expm1/log1p keep full precision for small rates, where 1 - v^m would cancel.
double monthly_log_rate(double annual_discount_rate) noexcept {
    return std::log1p(annual_discount_rate) / k_months_per_year;
}

double cloud_billed_hours_per_month(Pricing pricing, double used_hours_per_month, double spot_overhead) noexcept {
    switch (pricing) {
        case Pricing::spot: return used_hours_per_month * (1.0 + spot_overhead);  // interrupted work is run again
        case Pricing::reserved_1y:
        case Pricing::reserved_3y: return k_hours_per_month;  // a commitment is paid for every hour, used or not
        case Pricing::on_demand: break;
    }
    return used_hours_per_month;
}

// The discounting of one evaluation, worked out once: every annuity and discount factor evaluate() needs
// comes from the same ln(1 + r) / 12 and e^L - 1, computed by the same operations as annuity_factor() and
// discount_factor(), so the figures are bit-for-bit theirs at a fraction of the logarithms and exponentials.
struct Discounting {
    double rate;
    double log_rate;        // L = ln(1 + r) / 12
    double expm1_log_rate;  // e^L - 1

    explicit Discounting(double annual_discount_rate) noexcept
        : rate(annual_discount_rate),
          log_rate(rate == 0.0 ? 0.0 : monthly_log_rate(rate)),
          expm1_log_rate(rate == 0.0 ? 0.0 : std::expm1(log_rate)) {
        // A rate so small that ln(1 + r) / 12 is subnormal or zero discounts nothing a double can show;
        // treating it as 0 avoids the 0/0 of the closed form.
        if (!(log_rate >= std::numeric_limits<double>::min())) {
            rate = 0.0;
            log_rate = 0.0;
            expm1_log_rate = 0.0;
        }
    }

    double annuity(int months) const noexcept {
        if (rate == 0.0) return static_cast<double>(months);
        // sum_{k=1..m} e^(-kL) = (1 - e^(-mL)) / (e^L - 1)
        return -std::expm1(-static_cast<double>(months) * log_rate) / expm1_log_rate;
    }
    double factor(int month) const noexcept {
        if (rate == 0.0) return 1.0;
        return std::exp(-static_cast<double>(month) * log_rate);
    }
};

// The two monthly figures that move with the hours of use.
struct HourlyCosts {
    double power_usd;
    double compute_usd;
};

// What power and compute cost per month at a given hours per week, with everything that does not depend on the
// hours worked out once (evaluate() needs three hours: the scenario's and both ends of the break-even range).
class HourlyRates {
public:
    HourlyRates(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a, double instances) noexcept
        : m_load_w(build_load_w(build)),
          m_idle_w(build_idle_w(build)),
          m_instances_usd_per_hour(instances * cloud.usd_per_hour),
          m_a(a) {}

    HourlyCosts at(double hours_per_week) const noexcept {
        const double used_hours = hours_per_week * k_hours_per_month / k_hours_per_week;
        const double idle_hours = m_a.idle == IdlePolicy::always_on ? k_hours_per_month - used_hours : 0.0;
        const double kwh = (used_hours * m_load_w + idle_hours * m_idle_w) / 1000.0;
        return {kwh * m_a.pue * m_a.electricity_usd_per_kwh,
                m_instances_usd_per_hour * cloud_billed_hours_per_month(m_a.pricing, used_hours, m_a.spot_overhead)};
    }

private:
    double m_load_w;
    double m_idle_w;
    double m_instances_usd_per_hour;
    const Assumptions& m_a;
};

// The same month with the power and compute of another hours per week.
MonthlyCosts with_hourly(MonthlyCosts m, const HourlyCosts& h) noexcept {
    m.power_usd = h.power_usd;
    m.compute_usd = h.compute_usd;
    return m;
}

// The costs of one month at the rates' hours per week; the figures that do not move with the hours come from `a`.
MonthlyCosts monthly_costs_for(const BuildSpec& build, const Assumptions& a, const HourlyCosts& h) noexcept {
    MonthlyCosts m;
    m.power_usd = h.power_usd;
    m.staff_build_usd = a.staff_fte_build * a.staff_salary_usd / k_months_per_year;
    m.maintenance_usd = a.maintenance_rate * hardware_usd(build) / k_months_per_year;
    m.facility_usd = a.facility_usd_per_month;
    m.compute_usd = h.compute_usd;
    m.storage_usd = a.cloud_storage_usd_per_month;
    m.egress_usd = a.cloud_egress_usd_per_month;
    m.staff_cloud_usd = a.staff_fte_cloud * a.staff_salary_usd / k_months_per_year;
    return m;
}

// What the totals of both sides share whatever the hours: the annuity of the horizon, the upfront spend and the
// discounted resale credit.
struct HorizonTerms {
    double annuity;
    double hardware_usd;
    double resale_usd;  // discounted, >= 0

    HorizonTerms(const BuildSpec& build, const Assumptions& a, const Discounting& d) noexcept
        : annuity(d.annuity(a.months)),
          hardware_usd(gpucost::hardware_usd(build)),
          resale_usd(resale_value_usd(hardware_usd, a.months, a.useful_life_years, a.residual_value) *
                     d.factor(a.months)) {}
};

// Discounted build total minus cloud total: the one formula behind evaluate() and the break-even solver.
double difference(const BuildSpec& build, const HorizonTerms& t, const MonthlyCosts& m) noexcept {
    const double build_usd = t.hardware_usd + build.setup_usd + t.annuity * m.build_usd() - t.resale_usd;
    return build_usd - t.annuity * m.cloud_usd();
}

// Payback: the first month m at which cumulative cloud spend A(m) * cloud_monthly reaches cumulative build spend
// upfront + A(m) * build_monthly (resale not counted); empty when not within `months`. A(m) grows with m, so solve
// A(m) >= upfront / (cloud_monthly - build_monthly) in closed form, then settle the rounding by checking the
// defining inequality itself at the neighbouring months where the closed form is too close to call.
std::optional<int> payback_month(const Discounting& discounting, int months, double horizon_annuity, double upfront,
                                 double cloud_monthly, double build_monthly) noexcept {
    const double monthly_gap = cloud_monthly - build_monthly;
    if (upfront <= 0.0 && monthly_gap >= 0.0) return 1;
    if (!(monthly_gap > 0.0)) return std::nullopt;
    const auto reached = [&](int month) {
        // The horizon's annuity is already known, and bit-for-bit what annuity(months) would give again.
        const double af = month == months ? horizon_annuity : discounting.annuity(month);
        return af * cloud_monthly >= upfront + af * build_monthly;
    };
    const double target = upfront / monthly_gap;
    double guess = target;  // r == 0: A(m) = m
    double q = 1.0;         // e^(-guess L): how slowly the discounted months still add up there
    double log_rate_term = 0.0;
    if (discounting.rate != 0.0) {
        // A(m) >= T  <=>  e^(-mL) <= 1 - T (e^L - 1)
        q = 1.0 - target * discounting.expm1_log_rate;
        guess = q > 0.0 ? -std::log(q) / discounting.log_rate : static_cast<double>(months) + 2.0;
        log_rate_term = 1.0 / discounting.log_rate;
    }
    if (!std::isfinite(guess)) guess = static_cast<double>(months) + 1.0;
    int month = static_cast<int>(std::clamp(std::ceil(guess), 1.0, static_cast<double>(months) + 1.0));
    // The guess and the checks below each stray from the exact crossing by a few ulps, magnified into months by
    // the cancellation in cloud - build ((c + b) / (c - b)), the months counted (guess + 2), e^(mL) = 1 / q where
    // discounted months add little, and 1 / L for the rounding of q itself. `slack` is some hundreds of times
    // that bound (a differential test against the always-checking loop first disagrees at 1e-16). When the
    // guess is farther than that from every whole month the checks cannot overturn it and are skipped (with
    // r > 0 they cost an expm1 each); near a whole month, or without a usable guess, they decide.
    const double slack =
        q > 0.0 ? 1e-12 * ((guess + 2.0) * (cloud_monthly + build_monthly) / monthly_gap + log_rate_term) / q
                : std::numeric_limits<double>::infinity();
    const bool clear = slack < 0.25 && guess - slack > static_cast<double>(month - 1) &&
                       (month > months || guess + slack < static_cast<double>(month));
    if (!clear) {
        while (month > 1 && reached(month - 1)) --month;
        while (month <= months && !reached(month)) ++month;
    }
    if (month <= months) return month;
    return std::nullopt;
}

// The build side's discounted totals: the upfront spend, each monthly cost over the horizon, the resale credit.
BuildCosts build_costs(const BuildSpec& build, const HorizonTerms& horizon, const MonthlyCosts& m) noexcept {
    const double annuity = horizon.annuity;
    BuildCosts b;
    b.hardware_usd = horizon.hardware_usd;
    b.setup_usd = build.setup_usd;
    b.power_usd = annuity * m.power_usd;
    b.staff_usd = annuity * m.staff_build_usd;
    b.maintenance_usd = annuity * m.maintenance_usd;
    b.facility_usd = annuity * m.facility_usd;
    b.resale_usd = horizon.resale_usd > 0.0 ? -horizon.resale_usd : 0.0;  // a credit; never -0 when there is none
    b.total_usd =
        b.hardware_usd + b.setup_usd + b.power_usd + b.staff_usd + b.maintenance_usd + b.facility_usd + b.resale_usd;
    return b;
}

// The cloud side's discounted totals, in the order cloud_total_usd() adds them (so the two agree to the bit).
CloudCosts cloud_costs(const BuildSpec& build, const CloudSpec& cloud, std::int64_t instances, double annuity,
                       const MonthlyCosts& m) noexcept {
    CloudCosts c;
    c.instances = instances;
    c.unused_gpus = c.instances * cloud.gpus_per_instance - build.gpu_count;
    c.compute_usd = annuity * m.compute_usd;
    c.storage_usd = annuity * m.storage_usd;
    c.egress_usd = annuity * m.egress_usd;
    c.staff_usd = annuity * m.staff_cloud_usd;
    c.total_usd = c.compute_usd + c.storage_usd + c.egress_usd + c.staff_usd;
    return c;
}

}  // namespace

double annuity_factor(int months, double annual_discount_rate) noexcept {
    return Discounting(annual_discount_rate).annuity(months);
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
    // age / life first: (1 - residual) x age can underflow for a tiny life where the ratio cannot.
    return hardware * (1.0 - (1.0 - residual_value) * (age_years / useful_life_years));
}

std::int64_t instances_needed(std::int64_t gpu_count, std::int64_t gpus_per_instance) noexcept {
    return (gpu_count + gpus_per_instance - 1) / gpus_per_instance;
}

MonthlyCosts monthly_costs(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    const double instances = static_cast<double>(instances_needed(build.gpu_count, cloud.gpus_per_instance));
    return monthly_costs_for(build, a, HourlyRates(build, cloud, a, instances).at(a.hours_per_week));
}

double total_difference_usd(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a,
                            double hours_per_week) noexcept {
    const double instances = static_cast<double>(instances_needed(build.gpu_count, cloud.gpus_per_instance));
    const HorizonTerms t(build, a, Discounting(a.discount_rate));
    return difference(build, t,
                      monthly_costs_for(build, a, HourlyRates(build, cloud, a, instances).at(hours_per_week)));
}

double cloud_total_usd(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    // The same operations in the same order as evaluate(), so the figures are equal to the bit.
    const double annuity = Discounting(a.discount_rate).annuity(a.months);
    const double instances = static_cast<double>(instances_needed(build.gpu_count, cloud.gpus_per_instance));
    const MonthlyCosts m = monthly_costs_for(build, a, HourlyRates(build, cloud, a, instances).at(a.hours_per_week));
    return annuity * m.compute_usd + annuity * m.storage_usd + annuity * m.egress_usd + annuity * m.staff_cloud_usd;
}

Evaluation evaluate(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    // Everything is worked out in locals and the result filled in at the end: the compiler can then drop the
    // zero-initialisation of the fields written anyway, which calls into libm would otherwise keep.
    const Discounting discounting(a.discount_rate);
    const HorizonTerms horizon(build, a, discounting);
    const std::int64_t instances = instances_needed(build.gpu_count, cloud.gpus_per_instance);
    const HourlyRates rates(build, cloud, a, static_cast<double>(instances));
    const MonthlyCosts m = monthly_costs_for(build, a, rates.at(a.hours_per_week));
    const double annuity = horizon.annuity;
    const double used_hours_per_month = a.hours_per_week * k_hours_per_month / k_hours_per_week;

    const BuildCosts b = build_costs(build, horizon, m);
    const CloudCosts c = cloud_costs(build, cloud, instances, annuity, m);

    const std::optional<int> payback =
        payback_month(discounting, a.months, annuity, b.hardware_usd + b.setup_usd, m.cloud_usd(), m.build_usd());

    Evaluation e;
    e.build = b;
    e.cloud = c;
    e.monthly = m;
    e.used_hours_per_month = used_hours_per_month;
    e.payback_month = payback;

    const double gpu_hours =
        static_cast<double>(build.gpu_count) * used_hours_per_month * static_cast<double>(a.months);
    // A vanishing (but non-zero) number of hours would give rates beyond a double: not applicable either.
    if (gpu_hours > 0.0 && std::isfinite(b.total_usd / gpu_hours) && std::isfinite(c.total_usd / gpu_hours)) {
        e.build_per_gpu_hour_usd = b.total_usd / gpu_hours;
        e.cloud_per_gpu_hour_usd = c.total_usd / gpu_hours;
    }

    // Both totals are affine in hours_per_week, so their difference D(h) is a line through its
    // values at both ends of the range; it crosses zero inside [0, 168] or not at all.
    const double d_low = difference(build, horizon, with_hourly(m, rates.at(0.0)));
    const double d_high = difference(build, horizon, with_hourly(m, rates.at(k_hours_per_week)));
    if (d_low != d_high && !(d_low > 0.0 && d_high > 0.0) && !(d_low < 0.0 && d_high < 0.0)) {
        const double hours = std::clamp(k_hours_per_week * d_low / (d_low - d_high), 0.0, k_hours_per_week);
        const bool above = d_high < d_low;
        // A crossing at an end with owning cheaper only beyond it ("below 0", "above 168") is no break-even
        // in 0-168 h/week: the sides are equal there and renting is cheaper everywhere else.
        if (!(hours <= 0.0 && !above) && !(hours >= k_hours_per_week && above)) {
            e.break_even_hours_per_week = hours;
            e.build_cheaper_above = above;
        }
    }

    e.cheaper = b.total_usd < c.total_usd ? Side::build : Side::cloud;
    e.savings_usd = std::fabs(b.total_usd - c.total_usd);
    return e;
}

const char* to_string(Side side) noexcept { return side == Side::build ? "build" : "cloud"; }

}  // namespace gpucost
