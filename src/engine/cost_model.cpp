#include "gpucost/engine/cost_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "discounting.hpp"
#include "evaluation_parts.hpp"
#include "gpucost/engine/availability.hpp"
#include "gpucost/engine/build_power.hpp"
#include "gpucost/engine/horizon_months.hpp"
#include "month_steps.hpp"

namespace gpucost {

// The engine's own helpers (discounting.hpp), used throughout this file.
using namespace engine_detail;

namespace {

// `spot_extra`: the job's re-run share after spot interruptions (availability.hpp), 0 when it has none.
double cloud_billed_hours_per_month(Pricing pricing, double used_hours, const Assumptions& a,
                                    double spot_extra) noexcept {
    switch (pricing) {
        case Pricing::spot: return used_hours * (1.0 + a.spot_overhead + spot_extra);  // interrupted work is run again
        case Pricing::reserved_1y:
        case Pricing::reserved_3y: return k_hours_per_month;  // a commitment is paid for every hour, used or not
        case Pricing::on_demand: break;
    }
    // Instances left up between jobs are billed too (model v2); x (1 + 0) is exact, so v1 is unchanged.
    return used_hours * (1.0 + a.on_demand_overhead);
}

// The monthly figures that move with the hours of use.
struct HourlyCosts {
    double power_usd;
    double compute_usd;
    double interim_compute_usd;  // 0 without a lead time
    double cover_usd;            // the downtime cover; 0 under DowntimePolicy::lost or without downtime
};

// What power and compute cost per month at a given hours per week, with everything that does not depend on the
// hours worked out once (evaluate() needs three hours: the scenario's and both ends of the break-even range).
class HourlyRates {
public:
    HourlyRates(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a, double instances) noexcept
        : m_load_w(build_load_w(build)),
          m_idle_w(build_idle_w(build)),
          m_instances_usd_per_hour(instances * cloud.usd_per_hour),
          m_instances_usd_per_month(instances * cloud.usd_per_month),
          m_interim_usd_per_hour(lead_months(a) > 0 ? cloud.interim_usd_per_hour : 0.0),  // the whole build's
          m_interim_pricing(cloud.interim_pricing),
          m_cover_usd_per_hour(a.downtime == DowntimePolicy::cover ? cloud.backup_usd_per_hour : 0.0),
          m_downtime_hours(downtime_hours_per_month(a)),
          m_spot_extra(
              spot_interruption_overhead(instances, a.spot_interruptions_per_instance_month, a.spot_restart_hours)),
          m_a(a) {}

    HourlyCosts at(double hours_per_week) const noexcept {
        const double used_hours = used_hours_per_month(hours_per_week);
        const double idle_hours = m_a.idle == IdlePolicy::always_on ? k_hours_per_month - used_hours : 0.0;
        const double kwh = (used_hours * m_load_w + idle_hours * m_idle_w) / 1000.0;
        const double interim = m_interim_usd_per_hour == 0.0
                                   ? 0.0
                                   : m_interim_usd_per_hour *
                                         cloud_billed_hours_per_month(m_interim_pricing, used_hours, m_a, m_spot_extra);
        const double cover = m_cover_usd_per_hour == 0.0
                                 ? 0.0
                                 : m_cover_usd_per_hour * lost_used_hours_per_month(m_downtime_hours, hours_per_week);
        const double compute =
            m_instances_usd_per_month > 0.0
                ? m_instances_usd_per_month
                : m_instances_usd_per_hour * cloud_billed_hours_per_month(m_a.pricing, used_hours, m_a, m_spot_extra);
        return {kwh * m_a.pue * m_a.electricity_usd_per_kwh, compute, interim, cover};
    }

private:
    double m_load_w;
    double m_idle_w;
    double m_instances_usd_per_hour;
    double m_instances_usd_per_month;  // 0 unless a monthly rental, billed whole months whatever the use
    double m_interim_usd_per_hour;
    Pricing m_interim_pricing;
    double m_cover_usd_per_hour;
    double m_downtime_hours;
    double m_spot_extra;  // the compared offer's instances' interruption share (the interim's too, on spot)
    const Assumptions& m_a;
};

// The same month with the power and compute of another hours per week.
MonthlyCosts with_hourly(MonthlyCosts m, const HourlyCosts& h) noexcept {
    m.power_usd = h.power_usd;
    m.compute_usd = h.compute_usd;
    m.downtime_cover_usd = h.cover_usd;
    if (m.interim_cloud_usd != 0.0 || h.interim_compute_usd != 0.0) {
        m.interim_compute_usd = h.interim_compute_usd;
        m.interim_cloud_usd = h.interim_compute_usd + m.storage_usd + m.egress_usd;
    }
    return m;
}

// The costs of one month at the rates' hours per week; the figures that do not move with the hours come from `a`.
MonthlyCosts monthly_costs_for(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a,
                               const HourlyCosts& h) noexcept {
    MonthlyCosts m;
    m.power_usd = h.power_usd;
    m.staff_build_usd = a.staff_fte_build * a.staff_salary_usd / k_months_per_year;
    m.maintenance_usd = a.maintenance_rate * hardware_usd(build) / k_months_per_year;
    m.facility_usd = a.facility_usd_per_month;
    m.compute_usd = h.compute_usd;
    // Storage sized in TB at the offer's price (else the assumption's), plus v1's fixed amount; 0 TB adds exactly 0.
    const double usd_per_tb = cloud.storage_usd_per_tb_month.value_or(a.cloud_storage_usd_per_tb_month);
    m.storage_usd = a.storage_tb * usd_per_tb + a.cloud_storage_usd_per_month;
    m.egress_usd = a.cloud_egress_usd_per_month;
    m.staff_cloud_usd = a.staff_fte_cloud * a.staff_salary_usd / k_months_per_year;
    m.downtime_cover_usd = h.cover_usd;
    if (lead_months(a) > 0) {
        m.interim_compute_usd = h.interim_compute_usd;
        m.interim_cloud_usd = h.interim_compute_usd + m.storage_usd + m.egress_usd;
    }
    return m;
}

// What the totals of both sides share whatever the hours: the annuity of the horizon, the upfront spend and the
// discounted resale credit.
struct HorizonTerms {
    Weights weights;
    double annuity;
    double hardware_usd;
    double resale_usd;       // discounted, >= 0
    double cloud_setup_usd;  // a monthly rental's setup fees, month 0; exactly 0 for an hourly offer
    bool uniform;            // v1's shape (uniform_months)

    HorizonTerms(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a, const Discounting& d) noexcept
        : weights(d, a, cloud.interim_pricing),
          annuity(weights.all),
          hardware_usd(gpucost::hardware_usd(build)),
          resale_usd(resale_value_usd(hardware_usd, a.months, a) * d.factor(a.months)),
          cloud_setup_usd(static_cast<double>(instances_needed(build.gpu_count, cloud.gpus_per_instance)) *
                          cloud.setup_fee_usd),
          uniform(uniform_months(a)) {}
};

// The interim cloud's discounted total: compute at its trend over the lead time, storage and egress beside it.
double interim_total(const Weights& w, const MonthlyCosts& m) noexcept {
    if (m.interim_cloud_usd == 0.0) return 0.0;
    return w.interim * m.interim_compute_usd + w.lead * (m.storage_usd + m.egress_usd);
}

// Discounted build total minus cloud total: the one formula behind evaluate() and the break-even solver.
double difference(const BuildSpec& build, const HorizonTerms& t, const MonthlyCosts& m) noexcept {
    if (t.uniform) {
        const double build_usd = t.hardware_usd + build.setup_usd + t.annuity * m.build_usd() - t.resale_usd;
        return build_usd - (t.annuity * m.cloud_usd() + t.cloud_setup_usd);
    }
    const Weights& w = t.weights;
    const double build_usd = t.hardware_usd + build.setup_usd + w.power * m.power_usd + w.all * m.staff_build_usd +
                             w.running * (m.maintenance_usd + m.facility_usd + m.downtime_cover_usd) +
                             interim_total(w, m) - t.resale_usd;
    const double cloud_usd =
        w.cloud * m.compute_usd + w.all * (m.storage_usd + m.egress_usd + m.staff_cloud_usd) + t.cloud_setup_usd;
    return build_usd - cloud_usd;
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
    if (discounting.rate != 0.0 && !discounting.annual) {
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
    // Year-end discounting has no closed-form inverse here: the undiscounted guess, then the checks decide.
    const double slack =
        q > 0.0 && !discounting.annual
            ? 1e-12 * ((guess + 2.0) * (cloud_monthly + build_monthly) / monthly_gap + log_rate_term) / q
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
    const Weights& w = horizon.weights;
    BuildCosts b;
    b.hardware_usd = horizon.hardware_usd;
    b.setup_usd = build.setup_usd;
    b.power_usd = w.power * m.power_usd;
    b.staff_usd = w.all * m.staff_build_usd;
    b.maintenance_usd = w.running * m.maintenance_usd;
    b.facility_usd = w.running * m.facility_usd;
    b.interim_cloud_usd = interim_total(w, m);
    // The cover runs in the working months at today's on-demand price: the running weight, as maintenance.
    b.downtime_cover_usd = w.running * m.downtime_cover_usd;
    b.resale_usd = horizon.resale_usd > 0.0 ? -horizon.resale_usd : 0.0;  // a credit; never -0 when there is none
    // Without a lead time the interim cloud is exactly 0.0, and adding it changes no bit of v1's total.
    b.total_usd = b.hardware_usd + b.setup_usd + b.power_usd + b.staff_usd + b.maintenance_usd + b.facility_usd +
                  b.interim_cloud_usd + b.downtime_cover_usd + b.resale_usd;
    return b;
}

// The cloud side's discounted totals, in the order cloud_total_usd() adds them (so the two agree to the bit).
CloudCosts cloud_costs(const BuildSpec& build, const CloudSpec& cloud, std::int64_t instances, const Weights& w,
                       const MonthlyCosts& m) noexcept {
    CloudCosts c;
    c.instances = instances;
    c.unused_gpus = c.instances * cloud.gpus_per_instance - build.gpu_count;
    c.compute_usd = w.cloud * m.compute_usd;
    c.storage_usd = w.all * m.storage_usd;
    c.egress_usd = w.all * m.egress_usd;
    c.staff_usd = w.all * m.staff_cloud_usd;
    c.setup_usd = static_cast<double>(instances) * cloud.setup_fee_usd;
    c.total_usd = c.compute_usd + c.storage_usd + c.egress_usd + c.staff_usd + c.setup_usd;
    return c;
}

}  // namespace

double annuity_factor(int months, double annual_discount_rate, DiscountConvention convention) noexcept {
    return Discounting(annual_discount_rate, convention).annuity(months);
}

double discounted_units(double units_per_used_hour, const Assumptions& a) noexcept {
    return per_month_of_use(units_per_used_hour, a.hours_per_week) *
           annuity_factor(a.months, a.discount_rate, a.discounting);
}

double discount_factor(int month, double annual_discount_rate, DiscountConvention convention) noexcept {
    if (annual_discount_rate == 0.0) return 1.0;
    if (convention == DiscountConvention::annual) return Discounting(annual_discount_rate, convention).factor(month);
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

double resale_value_usd(double hardware, int month, const Assumptions& a) noexcept {
    const int age_months = std::max(0, month - lead_months(a));
    switch (a.resale) {
        case ResaleModel::none: return 0.0;
        case ResaleModel::curve:
            return hardware *
                   std::pow(1.0 - a.resale_decline_per_year, static_cast<double>(age_months) / k_months_per_year);
        case ResaleModel::straight_line: break;
    }
    return resale_value_usd(hardware, age_months, a.useful_life_years, a.residual_value);
}

double price_trend_factor(int month, double yearly_change, int term_months) noexcept {
    if (yearly_change == 0.0) return 1.0;
    const int locked_month = term_months * ((month - 1) / term_months);  // the first month of the term, less one
    return std::pow(1.0 + yearly_change, static_cast<double>(locked_month) / k_months_per_year);
}

double cloud_price_factor(Pricing pricing, int month, double yearly_change) noexcept {
    return price_trend_factor(month, yearly_change, price_term_months(pricing));
}

int lead_time_in_force(const Assumptions& a) noexcept { return lead_months(a); }

bool uses_model_v2_terms(const Assumptions& a) noexcept {
    return !uniform_months(a) || a.resale != ResaleModel::straight_line;
}

HorizonWeights horizon_weights(const Assumptions& a, Pricing interim_pricing) noexcept {
    const Weights w(Discounting(a.discount_rate, a.discounting), a, interim_pricing);
    return {w.all, w.running, w.lead, w.power, w.cloud, w.interim};
}

std::int64_t instances_needed(std::int64_t gpu_count, std::int64_t gpus_per_instance) noexcept {
    return (gpu_count + gpus_per_instance - 1) / gpus_per_instance;
}

MonthlyCosts monthly_costs(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    const double instances = static_cast<double>(instances_needed(build.gpu_count, cloud.gpus_per_instance));
    return monthly_costs_for(build, cloud, a, HourlyRates(build, cloud, a, instances).at(a.hours_per_week));
}

double total_difference_usd(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a,
                            double hours_per_week) noexcept {
    const double instances = static_cast<double>(instances_needed(build.gpu_count, cloud.gpus_per_instance));
    const HorizonTerms t(build, cloud, a, Discounting(a.discount_rate, a.discounting));
    return difference(build, t,
                      monthly_costs_for(build, cloud, a, HourlyRates(build, cloud, a, instances).at(hours_per_week)));
}

double cloud_total_usd(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    // The same operations in the same order as evaluate(), so the figures are equal to the bit.
    const Discounting d(a.discount_rate, a.discounting);
    const double annuity = d.annuity(a.months);
    const double compute_weight =
        uniform_months(a) ? annuity
                          : d.trended(1, a.months, a.cloud_price_change_per_year, price_term_months(a.pricing));
    const double instances = static_cast<double>(instances_needed(build.gpu_count, cloud.gpus_per_instance));
    const MonthlyCosts m =
        monthly_costs_for(build, cloud, a, HourlyRates(build, cloud, a, instances).at(a.hours_per_week));
    return compute_weight * m.compute_usd + annuity * m.storage_usd + annuity * m.egress_usd +
           annuity * m.staff_cloud_usd + instances * cloud.setup_fee_usd;
}

Evaluation engine_detail::evaluate_before_finance(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a,
                                                  Figures figures) noexcept {
    // Everything is worked out in locals and the result filled in at the end: the compiler can then drop the
    // zero-initialisation of the fields written anyway, which calls into libm would otherwise keep.
    const Discounting discounting(a.discount_rate, a.discounting);
    const HorizonTerms horizon(build, cloud, a, discounting);
    const std::int64_t instances = instances_needed(build.gpu_count, cloud.gpus_per_instance);
    const HourlyRates rates(build, cloud, a, static_cast<double>(instances));
    const MonthlyCosts m = monthly_costs_for(build, cloud, a, rates.at(a.hours_per_week));
    const double annuity = horizon.annuity;
    const double used_hours = used_hours_per_month(a.hours_per_week);

    const BuildCosts b = build_costs(build, horizon, m);
    const CloudCosts c = cloud_costs(build, cloud, instances, horizon.weights, m);
    if (figures == Figures::totals) {
        Evaluation e;
        e.build = b;
        e.cloud = c;
        e.monthly = m;
        e.used_hours_per_month = used_hours;
        e.interim_pricing = cloud.interim_pricing;
        e.cheaper = b.total_usd < c.total_usd ? Side::build : Side::cloud;
        e.savings_usd = std::fabs(b.total_usd - c.total_usd);
        return e;
    }

    // The rental's setup fee is the cloud side's month-0 spend: payback nets it off the build's upfront.
    const double upfront = b.hardware_usd + b.setup_usd - c.setup_usd;
    const MonthSteps steps{discounting, a, m, cloud.interim_pricing, horizon.hardware_usd};
    const Paybacks paybacks = steps.paybacks(upfront, !horizon.uniform);

    Evaluation e;
    e.build = b;
    e.cloud = c;
    e.monthly = m;
    e.used_hours_per_month = used_hours;
    e.payback_month = horizon.uniform
                          ? payback_month(discounting, a.months, annuity, upfront, m.cloud_usd(), m.build_usd())
                          : paybacks.cash;
    e.payback_month_if_sold = paybacks.if_sold;
    e.interim_pricing = cloud.interim_pricing;
    e.downtime_used_hours_per_month = lost_used_hours_per_month(downtime_hours_per_month(a), a.hours_per_week);
    if (a.downtime == DowntimePolicy::lost)
        e.lost_gpu_hours = static_cast<double>(build.gpu_count) * e.downtime_used_hours_per_month *
                           static_cast<double>(a.months - lead_months(a));

    set_rates(e, static_cast<double>(build.gpu_count) * used_hours * static_cast<double>(a.months));
    set_break_even(e, difference(build, horizon, with_hourly(m, rates.at(0.0))),
                   difference(build, horizon, with_hourly(m, rates.at(k_hours_per_week))));
    e.cheaper = b.total_usd < c.total_usd ? Side::build : Side::cloud;
    e.savings_usd = std::fabs(b.total_usd - c.total_usd);
    return e;
}

std::optional<int> uniform_payback_month(double annual_discount_rate, int months, double upfront, double cloud_monthly,
                                         double build_monthly) noexcept {
    const Discounting d(annual_discount_rate);
    return payback_month(d, months, d.annuity(months), upfront, cloud_monthly, build_monthly);
}

const char* to_string(Side side) noexcept { return side == Side::build ? "build" : "cloud"; }

}  // namespace gpucost
