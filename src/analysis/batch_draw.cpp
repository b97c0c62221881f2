// One draw of the batch evaluator's fast path: the engine's formulas (cost_model.cpp) written out over the fields a
// draw can move and the weights worked out once (batch.cpp), in the engine's order of operations where a total or
// a payback's test is formed, so that the property test holds them equal to evaluate() to 1e-9.
#include <algorithm>
#include <limits>

#include "gpucost/analysis/batch.hpp"

namespace gpucost {

// A draw's figures that the paybacks read.
struct BatchEvaluator::Terms {
    double upfront;  // hardware + setup
    double hardware;
    double power;  // monthly, at the draw's hours
    double staff_build;
    double running;  // maintenance + facility
    double interim;  // the lead time's interim compute
    double storage_egress;
    double compute;
    double cloud_fixed;  // storage + egress + cloud staff
    double build_month;  // v1's monthly sums
    double cloud_month;
    double life;
    double residual;
};

namespace {

using F = BatchEvaluator::Field;

double billed_hours(Pricing pricing, double used, const BatchEvaluator::Fields& v) noexcept {
    switch (pricing) {
        case Pricing::spot: return used * (1.0 + v[F::f_spot_overhead]);
        case Pricing::reserved_1y:
        case Pricing::reserved_3y: return k_hours_per_month;  // a commitment is paid for every hour
        case Pricing::on_demand: break;
    }
    return used * (1.0 + v[F::f_on_demand_overhead]);
}

// What moves with the hours of use: power, compute and the interim compute of a month of `used` hours.
struct Hourly {
    double power;
    double compute;
    double interim;
};

}  // namespace

DrawOutcome BatchEvaluator::fast(const Fields& v) const noexcept {
    const Assumptions& a = m_base.assumptions;
    const double hardware = m_gpus * v[F::f_gpu_price] + v[F::f_base_price];
    const double load_w = v[F::f_base_load] + m_gpus * v[F::f_gpu_tdp];
    const double idle_w = v[F::f_base_idle] + m_gpus * v[F::f_gpu_idle];
    const double instances_usd_per_hour = m_instances * v[F::f_usd_per_hour];
    const bool always_on = a.idle == IdlePolicy::always_on;
    const auto hourly = [&](double used) {
        const double idle_hours = always_on ? k_hours_per_month - used : 0.0;
        const double kwh = (used * load_w + idle_hours * idle_w) / 1000.0;
        const double interim = m_interim_usd_per_hour == 0.0
                                   ? 0.0
                                   : m_interim_usd_per_hour * billed_hours(m_base.cloud.interim_pricing, used, v);
        return Hourly{kwh * v[F::f_pue] * v[F::f_kwh], instances_usd_per_hour * billed_hours(a.pricing, used, v),
                      interim};
    };
    const Hourly h = hourly(v[F::f_hours] * k_hours_per_month / k_hours_per_week);
    const double staff_build = v[F::f_fte_build] * v[F::f_salary] / k_months_per_year;
    const double maintenance = v[F::f_maintenance] * hardware / k_months_per_year;
    const double facility = v[F::f_facility];
    const double storage = v[F::f_storage_tb] * v[F::f_storage_per_tb] + v[F::f_storage_month];
    const double egress = v[F::f_egress];
    const double staff_cloud = v[F::f_fte_cloud] * v[F::f_salary] / k_months_per_year;
    const double life = v[F::f_life];
    const double residual = v[F::f_residual];
    const double kept =
        m_resale_varies ? 1.0 - (1.0 - residual) * (std::min(m_age_years.back(), life) / life) : m_kept.back();
    const double resale = hardware * kept * m_final_factor;
    const auto interim_total = [&](double interim_compute) {
        const double month = m_lead > 0 ? interim_compute + storage + egress : 0.0;
        return month == 0.0 ? 0.0 : m_w_interim * interim_compute + m_w_lead * (storage + egress);
    };
    // Build total minus cloud total at another hours (the engine's difference()).
    const auto difference = [&](const Hourly& x) {
        if (m_uniform) {
            const double build_m = x.power + staff_build + maintenance + facility;
            const double cloud_m = x.compute + storage + egress + staff_cloud;
            return (hardware + v[F::f_setup] + m_w_all * build_m - resale) - m_w_all * cloud_m;
        }
        const double build_usd = hardware + v[F::f_setup] + m_w_power * x.power + m_w_all * staff_build +
                                 m_w_running * (maintenance + facility) + interim_total(x.interim) - resale;
        return build_usd - (m_w_cloud * x.compute + m_w_all * (storage + egress + staff_cloud));
    };

    DrawOutcome o;
    o.build_total_usd = hardware + v[F::f_setup] + m_w_power * h.power + m_w_all * staff_build +
                        m_w_running * maintenance + m_w_running * facility + interim_total(h.interim) +
                        (resale > 0.0 ? -resale : 0.0);
    o.cloud_total_usd = m_w_cloud * h.compute + m_w_all * storage + m_w_all * egress + m_w_all * staff_cloud;

    // Break-even: the difference is affine in hours per week (evaluate() solves it from both ends of the range).
    const double d_low = difference(hourly(0.0));
    const double d_high = difference(hourly(k_hours_per_month));
    if (d_low != d_high && !(d_low > 0.0 && d_high > 0.0) && !(d_low < 0.0 && d_high < 0.0)) {
        const double hours = std::clamp(k_hours_per_week * d_low / (d_low - d_high), 0.0, k_hours_per_week);
        const bool above = d_high < d_low;
        // As evaluate(): a crossing at an end with owning cheaper only beyond the range is no break-even.
        if (!(hours <= 0.0 && !above) && !(hours >= k_hours_per_week && above)) o.break_even_hours = hours;
    }

    const Terms t{hardware + v[F::f_setup],
                  hardware,
                  h.power,
                  staff_build,
                  maintenance + facility,
                  h.interim,
                  storage + egress,
                  h.compute,
                  storage + egress + staff_cloud,
                  h.power + staff_build + maintenance + facility,
                  h.compute + storage + egress + staff_cloud,
                  life,
                  residual};
    o.payback_month = m_uniform ? cash_payback_uniform(t) : payback_scan(t, false);
    o.payback_month_if_sold = m_uniform ? sold_payback_uniform(t) : payback_scan(t, true);
    return o;
}

int BatchEvaluator::cash_payback_uniform(const Terms& t) const noexcept {
    // The first month whose cumulative cloud spend reaches the build's, A(k) c >= upfront + A(k) b, found by a
    // branch-free lower bound over the annuities (A grows with k; each step's outcome is unpredictable, so a
    // conditional move beats a branch).
    const double gap = t.cloud_month - t.build_month;
    if (t.upfront <= 0.0 && gap >= 0.0) return 1;
    if (!(gap > 0.0)) return 0;
    int first = 1;  // the answer lies in [first, first + count], first + count standing for "not reached"
    int count = m_months;
    while (count > 0) {
        const int half = count / 2;
        const double af = m_annuity[static_cast<std::size_t>(first + half)];
        const bool before = !(af * t.cloud_month >= t.upfront + af * t.build_month);
        first = before ? first + half + 1 : first;
        count = before ? count - half - 1 : half;
    }
    return first <= m_months ? first : 0;
}

int BatchEvaluator::sold_payback_uniform(const Terms& t) const noexcept {
    // A(k) c >= upfront + A(k) b - H kept(k) d(k). When the monthly gap beats the bound the left side minus the
    // right grows with k: binary search. When the gap is not positive and the discounted resale only falls, it
    // shrinks: month 1 or never. Otherwise (ranged life or residual, a rising resale share) month by month.
    const double gap = t.cloud_month - t.build_month;
    const auto reached = [&](std::size_t k) {
        const double af = m_annuity[k];
        return af * t.cloud_month >= t.upfront + af * t.build_month - t.hardware * m_kept[k] * m_factor[k];
    };
    if (m_sold_gap_bound != std::numeric_limits<double>::infinity() && gap <= 0.0) return reached(1) ? 1 : 0;
    if (!(gap > m_sold_gap_bound * t.hardware)) return payback_scan(t, true);
    int first = 1;
    int count = m_months;
    while (count > 0) {
        const int half = count / 2;
        const bool before = !reached(static_cast<std::size_t>(first + half));
        first = before ? first + half + 1 : first;
        count = before ? count - half - 1 : half;
    }
    return first <= m_months ? first : 0;
}

int BatchEvaluator::payback_scan(const Terms& t, bool if_sold) const noexcept {
    for (int k = 1; k <= m_months; ++k) {
        const auto i = static_cast<std::size_t>(k);
        double build = 0.0;
        double cloud = 0.0;
        if (m_uniform) {
            build = t.upfront + m_annuity[i] * t.build_month;
            cloud = m_annuity[i] * t.cloud_month;
        } else {
            build = t.upfront + m_c_power[i] * t.power + m_annuity[i] * t.staff_build + m_c_running[i] * t.running +
                    m_c_interim[i] * t.interim + m_c_lead[i] * t.storage_egress;
            cloud = m_c_cloud[i] * t.compute + m_annuity[i] * t.cloud_fixed;
        }
        double credit = 0.0;
        if (if_sold) {
            const double kept =
                m_resale_varies ? 1.0 - (1.0 - t.residual) * (std::min(m_age_years[i], t.life) / t.life) : m_kept[i];
            credit = t.hardware * kept * m_factor[i];
        }
        if (cloud >= build - credit) return k;
    }
    return 0;
}

}  // namespace gpucost
