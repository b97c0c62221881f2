// One draw of the batch evaluator's fast path: the engine's formulas (cost_model.cpp) written out over the fields a
// draw can move and the weights worked out once (batch.cpp), in the engine's order of operations where a total or
// a payback's test is formed, so that the property test holds them equal to evaluate() to 1e-9.
#include <algorithm>
#include <cmath>
#include <limits>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/engine/availability.hpp"
#include "gpucost/engine/categories.hpp"

namespace gpucost {

// Tripwires: fast() restates evaluate()'s categories and reads every field of the specs and of a month's costs, so
// a new one must be added here (and to chunk_totals, batch_block.cpp) before this compiles again; then update the
// counts. The property test (tests/analysis/test_batch.cpp) checks the arithmetic.
// The six finance categories (issue 24) are 0 on the fast paths: a comparison with financing or tax takes the
// general path (batch.cpp), evaluate() per draw.
// The cloud's setup fee (a monthly rental's, issue 20 item 6a) is 0 on the fast paths too: a monthly rental takes the
// general path.
static_assert(k_category_count == 20, "a new cost category: add it to BatchEvaluator::fast and chunk_totals");
static_assert(sizeof(BuildSpec) == sizeof(std::int64_t) + 7 * sizeof(double),
              "a new BuildSpec field: add it to BatchEvaluator::fast and chunk_totals");
static_assert(sizeof(MonthlyCosts) == 11 * sizeof(double),
              "a new monthly cost: add it to BatchEvaluator::fast and chunk_totals");

namespace {

using F = BatchEvaluator::Field;

double billed_hours(Pricing pricing, double used, const BatchEvaluator::Fields& v, double spot_extra) noexcept {
    switch (pricing) {
        case Pricing::spot: return used * (1.0 + v[F::f_spot_overhead] + spot_extra);
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
    double cover;  // the downtime cover
};

}  // namespace

// Break-even from the difference (build - cloud) at 0 and 168 h/week: the difference is affine in the hours, and
// evaluate() solves it from both ends of the range in the same way. NaN when there is none.
double BatchEvaluator::break_even_of(double d_low, double d_high) noexcept {
    if (d_low != d_high && !(d_low > 0.0 && d_high > 0.0) && !(d_low < 0.0 && d_high < 0.0)) {
        const double hours = std::clamp(k_hours_per_week * d_low / (d_low - d_high), 0.0, k_hours_per_week);
        const bool above = d_high < d_low;
        // As evaluate(): a crossing at an end with owning cheaper only beyond the range is no break-even.
        if (!(hours <= 0.0 && !above) && !(hours >= k_hours_per_week && above)) return hours;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

DrawOutcome BatchEvaluator::fast(const Fields& v) const noexcept {
    Terms t{};
    DrawOutcome o =
        totals(v, m_horizon, kept_at(m_kept.size() - 1, v[F::f_life], v[F::f_residual], v[F::f_decline]), t);
    o.payback_month = m_uniform ? cash_payback_uniform(t) : payback_trended(t, false);
    o.payback_month_if_sold = m_uniform ? sold_payback_uniform(t) : payback_trended(t, true);
    return o;
}

// long: one draw's formulas read top to bottom in the engine's order; split, they would pass a dozen locals around
DrawOutcome BatchEvaluator::totals(const Fields& v, const Horizon& hz, double kept_final, Terms& t) const noexcept {
    const Assumptions& a = m_base.assumptions;
    const double hardware = m_gpus * v[F::f_gpu_price] + v[F::f_base_price];
    const double load_w = v[F::f_base_load] + m_gpus * v[F::f_gpu_tdp];
    const double idle_w = v[F::f_base_idle] + m_gpus * v[F::f_gpu_idle];
    const double instances_usd_per_hour = m_instances * v[F::f_usd_per_hour];
    const bool always_on = a.idle == IdlePolicy::always_on;
    const double downtime = downtime_hours_per_month(v[F::f_failures], v[F::f_repair], v[F::f_planned]);
    const double spot_extra = spot_interruption_overhead(m_instances, v[F::f_spot_interruptions], v[F::f_spot_restart]);
    const auto hourly = [&](double hours_per_week) {
        const double used = used_hours_per_month(hours_per_week);
        const double idle_hours = always_on ? k_hours_per_month - used : 0.0;
        const double kwh = (used * load_w + idle_hours * idle_w) / 1000.0;
        const double interim =
            hz.interim_usd_per_hour == 0.0
                ? 0.0
                : hz.interim_usd_per_hour * billed_hours(m_base.cloud.interim_pricing, used, v, spot_extra);
        const double cover = hz.cover_usd_per_hour == 0.0
                                 ? 0.0
                                 : hz.cover_usd_per_hour * lost_used_hours_per_month(downtime, hours_per_week);
        return Hourly{kwh * v[F::f_pue] * v[F::f_kwh],
                      instances_usd_per_hour * billed_hours(a.pricing, used, v, spot_extra), interim, cover};
    };
    const Hourly h = hourly(v[F::f_hours]);
    const double staff_build = v[F::f_fte_build] * v[F::f_salary] / k_months_per_year;
    const double maintenance = v[F::f_maintenance] * hardware / k_months_per_year;
    const double facility = v[F::f_facility];
    const double storage = v[F::f_storage_tb] * v[F::f_storage_per_tb] + v[F::f_storage_month];
    const double egress = v[F::f_egress];
    const double staff_cloud = v[F::f_fte_cloud] * v[F::f_salary] / k_months_per_year;
    const double resale = hardware * kept_final * hz.final_factor;
    const auto interim_total = [&](double interim_compute) {
        const double month = hz.lead > 0 ? interim_compute + storage + egress : 0.0;
        return month == 0.0 ? 0.0 : hz.w_interim * interim_compute + hz.w_lead * (storage + egress);
    };
    // Build total minus cloud total at another hours (the engine's difference()).
    const auto difference = [&](const Hourly& x) {
        if (hz.uniform) {
            const double build_m = x.power + staff_build + maintenance + facility + x.cover;
            const double cloud_m = x.compute + storage + egress + staff_cloud;
            return (hardware + v[F::f_setup] + hz.w_all * build_m - resale) - hz.w_all * cloud_m;
        }
        const double build_usd = hardware + v[F::f_setup] + hz.w_power * x.power + hz.w_all * staff_build +
                                 hz.w_running * (maintenance + facility + x.cover) + interim_total(x.interim) - resale;
        return build_usd - (hz.w_cloud * x.compute + hz.w_all * (storage + egress + staff_cloud));
    };

    DrawOutcome o;
    o.build_total_usd = hardware + v[F::f_setup] + hz.w_power * h.power + hz.w_all * staff_build +
                        hz.w_running * maintenance + hz.w_running * facility + interim_total(h.interim) +
                        hz.w_running * h.cover + (resale > 0.0 ? -resale : 0.0);
    o.cloud_total_usd = hz.w_cloud * h.compute + hz.w_all * storage + hz.w_all * egress + hz.w_all * staff_cloud;

    o.break_even_hours = break_even_of(difference(hourly(0.0)), difference(hourly(k_hours_per_week)));

    t = Terms{hardware + v[F::f_setup],
              hardware,
              h.power,
              staff_build,
              maintenance + facility + h.cover,
              h.interim,
              storage + egress,
              h.compute,
              storage + egress + staff_cloud,
              h.power + staff_build + maintenance + facility + h.cover,
              h.compute + storage + egress + staff_cloud,
              v[F::f_life],
              v[F::f_residual],
              v[F::f_decline]};
    return o;
}

namespace {

// The first month k in 1..months with reached(k), for a predicate that turns true once and stays true (its margin
// f(k) grows with k); 0 when none. The margin is nearly straight in k, so the month where the straight line
// through f(1) and f(M) crosses zero is a guess a step or two from the answer, which the predicate itself settles.
template <typename Margin>
int first_month(int months, const Margin& margin) noexcept {
    const double f1 = margin(1);
    if (f1 >= 0.0) return 1;
    const double fm = margin(months);
    if (!(fm >= 0.0)) return 0;
    const double guess = 1.0 + std::ceil(-f1 * static_cast<double>(months - 1) / (fm - f1));
    int k = static_cast<int>(std::clamp(guess, 2.0, static_cast<double>(months)));
    while (k > 2 && margin(k - 1) >= 0.0) --k;
    while (!(margin(k) >= 0.0)) ++k;  // ends: margin(months) >= 0
    return k;
}

}  // namespace

int BatchEvaluator::cash_payback_uniform(const Terms& t) const noexcept {
    return cash_payback_from(t, cash_cell(t.upfront, t.cloud_month, t.build_month, m_cell_width,
                                          static_cast<double>(m_first_in_cell.size() - 1)));
}

int BatchEvaluator::cash_payback_from(const Terms& t, double cell) const noexcept {
    // The first month whose cumulative cloud spend reaches the build's, A(k) c >= upfront + A(k) b: A grows with
    // k, so once reached it stays reached.
    const double gap = t.cloud_month - t.build_month;
    if (t.upfront <= 0.0 && gap >= 0.0) return 1;
    if (!(gap > 0.0)) return 0;
    const auto reached = [&](int k) {
        const double af = m_annuity[static_cast<std::size_t>(k)];
        return af * t.cloud_month >= t.upfront + af * t.build_month;
    };
    // A(k) >= upfront / gap, near enough: the table's month for that cell is the answer or the month before it;
    // the defining test settles it, and the loops (rounding, or a cell holding two months) rarely turn.
    int k = m_first_in_cell[static_cast<std::size_t>(cell)];
    k += k <= m_months && !reached(k) ? 1 : 0;
    while (k <= m_months && !reached(k)) ++k;
    while (k > 1 && reached(k - 1)) --k;
    return k <= m_months ? k : 0;
}

int BatchEvaluator::sold_payback_uniform(const Terms& t) const noexcept {
    // A(k) c >= upfront + A(k) b - H kept(k) d(k). When the monthly gap beats the bound the margin grows with k.
    // When the gap is not positive and the discounted resale only falls, it shrinks: month 1 or never. Otherwise
    // (ranged life or residual, a rising resale share) month by month.
    const double gap = t.cloud_month - t.build_month;
    const auto margin = [&](int k) {
        const auto i = static_cast<std::size_t>(k);
        const double af = m_annuity[i];
        const double kept = kept_at(i, t.life, t.residual, t.decline);
        return af * t.cloud_month - (t.upfront + af * t.build_month - t.hardware * kept * m_factor[i]);
    };
    const double bound = m_resale_varies ? ranged_fall_bound(t) : m_sold_gap_bound;
    if (bound != std::numeric_limits<double>::infinity() && gap <= 0.0) return margin(1) >= 0.0 ? 1 : 0;
    if (!(gap > bound * t.hardware)) return payback_scan(t, true);
    return first_month(m_months, margin);
}

double BatchEvaluator::ranged_fall_bound(const Terms& t) const noexcept {
    // Per unit of d(k + 1), the discounted share kept(k) d(k) falls to the next month by kept(k) d(k) / d(k + 1) -
    // kept(k + 1) at most: with a ranged curve q^(age / 12) (d(k) / d(k + 1) - q^(1 / 12)), the most at age 0; with a
    // ranged straight line (kept <= 1) d(k) / d(k + 1) - 1 plus its monthly fall (1 - residual) / (12 life). With a
    // margin for rounding, that is this draw's bound; without discounting steps (one month) none is known.
    if (m_discount_step < 1.0) return std::numeric_limits<double>::infinity();
    double fall = 0.0;
    switch (m_base.assumptions.resale) {
        case ResaleModel::curve: fall = m_discount_step - std::pow(1.0 - t.decline, 1.0 / k_months_per_year); break;
        case ResaleModel::straight_line:
            fall = (m_discount_step - 1.0) + (1.0 - t.residual) / (k_months_per_year * t.life);
            break;
        case ResaleModel::none: return m_sold_gap_bound;
    }
    return fall * (1.0 + 1e-6) + 1e-9;
}

int BatchEvaluator::payback_trended(const Terms& t, bool if_sold) const noexcept {
    // Model v2's months differ (a lead time, trends): the cloud's lead over the build grows each month by at least
    // d(k) times the smallest monthly gap any month can have (the cheapest cloud factor, the dearest power and
    // interim factors), less what the resale share can fall (the bound the uniform case uses). When that is
    // positive the margin only grows and a binary search finds the first month; otherwise month by month.
    const double resale_fall = !if_sold ? 0.0 : m_resale_varies ? ranged_fall_bound(t) : m_sold_gap_bound;
    const double cloud_least = t.compute * m_least_cloud_factor + t.cloud_fixed;
    double gap_least = cloud_least - (t.power * m_most_power_factor + t.staff_build + t.running);
    if (m_lead > 0)
        gap_least =
            std::min(gap_least, cloud_least - (t.staff_build + t.interim * m_most_interim_factor + t.storage_egress));
    const auto margin = [&](int k) {
        const auto i = static_cast<std::size_t>(k);
        const double build = t.upfront + m_c_power[i] * t.power + m_annuity[i] * t.staff_build +
                             m_c_running[i] * t.running + m_c_interim[i] * t.interim + m_c_lead[i] * t.storage_egress;
        const double cloud = m_c_cloud[i] * t.compute + m_annuity[i] * t.cloud_fixed;
        const double credit = if_sold ? t.hardware * kept_at(i, t.life, t.residual, t.decline) * m_factor[i] : 0.0;
        return cloud - (build - credit);
    };
    if (gap_least * (1.0 - 1e-9) > resale_fall * t.hardware) return first_month(m_months, margin);
    // The other side: when no month's gap can be positive and the discounted resale only falls, the margin never
    // grows: month 1 or never.
    const double cloud_most = t.compute * m_most_cloud_factor + t.cloud_fixed;
    double gap_most = cloud_most - (t.power * m_least_power_factor + t.staff_build + t.running);
    if (m_lead > 0)
        gap_most =
            std::max(gap_most, cloud_most - (t.staff_build + t.interim * m_least_interim_factor + t.storage_egress));
    const bool resale_falls = !if_sold || resale_fall != std::numeric_limits<double>::infinity();
    if (resale_falls && gap_most * (1.0 + 1e-9) + 1e-9 < 0.0) return margin(1) >= 0.0 ? 1 : 0;
    return payback_scan(t, if_sold);
}

int BatchEvaluator::payback_scan(const Terms& t, bool if_sold) const noexcept {
    // A ranged resale curve's share q^(age / 12) month after month by one multiplication each, not a pow: the same
    // to a few ulps, which moves a payback only at an exact tie.
    const bool curve = if_sold && m_resale_varies && m_base.assumptions.resale == ResaleModel::curve;
    const double month_step = curve ? std::pow(1.0 - t.decline, 1.0 / k_months_per_year) : 1.0;
    double curve_kept = 1.0;
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
            if (curve && k > m_lead) curve_kept *= month_step;
            const double kept = curve ? curve_kept : kept_at(i, t.life, t.residual, t.decline);
            credit = t.hardware * kept * m_factor[i];
        }
        if (cloud >= build - credit) return k;
    }
    return 0;
}

}  // namespace gpucost
