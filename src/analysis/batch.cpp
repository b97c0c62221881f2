#include "gpucost/analysis/batch.hpp"

#include <algorithm>
#include <vector>

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
    // The fast path below is v1's closed form: a base case with model v2's lead time, trends or resale model is
    // evaluated whole, draw by draw.
    m_general =
        std::any_of(m_slots.begin(), m_slots.end(), needs_general_path) || uses_model_v2_terms(base.assumptions);
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

void BatchEvaluator::run(std::span<const double* const> columns, std::size_t count, double* build_total_usd,
                         double* cloud_total_usd, double* break_even_hours,
                         std::int32_t* payback_month) const noexcept {
    const auto store = [&](std::size_t d, const DrawOutcome& o) {
        build_total_usd[d] = o.build_total_usd;
        cloud_total_usd[d] = o.cloud_total_usd;
        break_even_hours[d] = o.break_even_hours;
        payback_month[d] = o.payback_month;
    };
    Case c = m_base;
    if (m_general) {
        for (std::size_t d = 0; d < count; ++d) {
            for (std::size_t i = 0; i < m_slots.size(); ++i) write_slot(c, m_slots[i], columns[i][d]);
            store(d, outcome_of(evaluate(c.build, c.cloud, c.assumptions)));
        }
        return;
    }
    // The fast path's slots are all plain doubles: each draw overwrites every one of them, so one case serves all.
    std::vector<double*> targets;
    for (const Slot s : m_slots) targets.push_back(slot_address(c, s));
    for (std::size_t d = 0; d < count; ++d) {
        for (std::size_t i = 0; i < targets.size(); ++i) *targets[i] = columns[i][d];
        store(d, fast(c));
    }
}

DrawOutcome BatchEvaluator::fast(const Case& c) const noexcept {
    const Assumptions& a = c.assumptions;
    // Every monthly figure is affine in the hours per week, so the month at the case's hours is the month at 0 h
    // plus that share of the step to 168 h: two engine calls instead of three (to rounding, which the property
    // test bounds at 1e-9).
    const MonthlyCosts m0 = monthly_at(c, 0.0);
    const MonthlyCosts m168 = monthly_at(c, k_hours_per_week);
    const double t = a.hours_per_week / k_hours_per_week;
    MonthlyCosts m = m0;
    m.power_usd = m0.power_usd + (m168.power_usd - m0.power_usd) * t;
    m.compute_usd = m0.compute_usd + (m168.compute_usd - m0.compute_usd) * t;
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
    const double d_low = difference(upfront, annuity, resale, m0);
    const double d_high = difference(upfront, annuity, resale, m168);
    if (d_low != d_high && !(d_low > 0.0 && d_high > 0.0) && !(d_low < 0.0 && d_high < 0.0)) {
        const double hours = std::clamp(k_hours_per_week * d_low / (d_low - d_high), 0.0, k_hours_per_week);
        const bool above = d_high < d_low;
        // As evaluate(): a crossing at an end with owning cheaper only beyond the range is no break-even.
        if (!(hours <= 0.0 && !above) && !(hours >= k_hours_per_week && above)) o.break_even_hours = hours;
    }

    // Payback: the first month whose cumulative cloud spend reaches the build's, A(k) c >= upfront + A(k) b, found
    // by a branch-free lower bound over the annuities worked out once (A grows with k; the outcome of each step is
    // unpredictable, so a conditional move beats a branch).
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
        int first = 1;  // the answer lies in [first, first + count], first + count standing for "not reached"
        int count = a.months;
        while (count > 0) {
            const int half = count / 2;
            const bool before = !reached(first + half);
            first = before ? first + half + 1 : first;
            count = before ? count - half - 1 : half;
        }
        o.payback_month = first <= a.months ? first : 0;
    }
    return o;
}

}  // namespace gpucost
