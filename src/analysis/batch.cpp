#include "gpucost/analysis/batch.hpp"

#include <algorithm>

namespace gpucost {
namespace {

// Discounted build total minus cloud total for one month's costs, as the engine's difference() forms it.
double difference(double upfront, double annuity, double resale, const MonthlyCosts& m) noexcept {
    return (upfront + annuity * m.build_usd() - resale) - annuity * m.cloud_usd();
}

MonthlyCosts monthly_at(const Case& c, double hours_per_week) noexcept {
    Assumptions a = c.assumptions;
    a.hours_per_week = hours_per_week;
    return monthly_costs(c.build, c.cloud, a);
}

}  // namespace

DrawOutcome outcome_of(const Evaluation& e) noexcept {
    DrawOutcome o;
    o.build_total_usd = e.build.total_usd;
    o.cloud_total_usd = e.cloud.total_usd;
    o.break_even_hours = e.break_even_hours_per_week.value_or(NAN);
    o.payback_month = e.payback_month.value_or(0);
    return o;
}

BatchEvaluator::BatchEvaluator(const Case& base, std::span<const Slot> slots)
    : m_base(base),
      m_slots(slots.begin(), slots.end()) {
    m_general = std::any_of(m_slots.begin(), m_slots.end(), needs_general_path);
    const Assumptions& a = base.assumptions;
    m_annuity = annuity_factor(a.months, a.discount_rate);
    m_final_factor = discount_factor(a.months, a.discount_rate);
    m_annuities.assign(static_cast<std::size_t>(a.months) + 1, 0.0);
    for (int k = 1; k <= a.months; ++k) m_annuities[static_cast<std::size_t>(k)] = annuity_factor(k, a.discount_rate);
}

DrawOutcome BatchEvaluator::operator()(std::span<const double> values) const noexcept {
    Case c = m_base;
    for (std::size_t i = 0; i < m_slots.size(); ++i) write_slot(c, m_slots[i], values[i]);
    if (m_general) return outcome_of(evaluate(c.build, c.cloud, c.assumptions));
    return fast(c);
}

DrawOutcome BatchEvaluator::fast(const Case& c) const noexcept {
    const Assumptions& a = c.assumptions;
    const MonthlyCosts m = monthly_costs(c.build, c.cloud, a);
    const double hardware = hardware_usd(c.build);
    const double resale = resale_value_usd(hardware, a.months, a.useful_life_years, a.residual_value) * m_final_factor;
    const double annuity = m_annuity;
    DrawOutcome o;
    o.build_total_usd = hardware + c.build.setup_usd + annuity * m.power_usd + annuity * m.staff_build_usd +
                        annuity * m.maintenance_usd + annuity * m.facility_usd + (resale > 0.0 ? -resale : 0.0);
    o.cloud_total_usd =
        annuity * m.compute_usd + annuity * m.storage_usd + annuity * m.egress_usd + annuity * m.staff_cloud_usd;

    // Break-even: the difference is affine in hours per week (evaluate() solves it from both ends of the range).
    const double upfront = hardware + c.build.setup_usd;
    const double d_low = difference(upfront, annuity, resale, monthly_at(c, 0.0));
    const double d_high = difference(upfront, annuity, resale, monthly_at(c, k_hours_per_week));
    if (d_low != d_high && !(d_low > 0.0 && d_high > 0.0) && !(d_low < 0.0 && d_high < 0.0))
        o.break_even_hours = std::clamp(k_hours_per_week * d_low / (d_low - d_high), 0.0, k_hours_per_week);

    // Payback: the first month whose cumulative cloud spend reaches the build's, A(k) c >= upfront + A(k) b, found
    // by bisection over the annuities worked out once (A grows with k).
    const double cloud_monthly = m.cloud_usd();
    const double build_monthly = m.build_usd();
    const double gap = cloud_monthly - build_monthly;
    if (upfront <= 0.0 && gap >= 0.0) {
        o.payback_month = 1;
    } else if (gap > 0.0) {
        const auto reached = [&](int k) {
            const double af = m_annuities[static_cast<std::size_t>(k)];
            return af * cloud_monthly >= upfront + af * build_monthly;
        };
        int lo = 1;
        int hi = a.months + 1;  // reached(hi) taken as true
        while (lo < hi) {
            const int mid = lo + (hi - lo) / 2;
            if (reached(mid))
                hi = mid;
            else
                lo = mid + 1;
        }
        o.payback_month = lo <= a.months ? lo : 0;
    }
    return o;
}

}  // namespace gpucost
