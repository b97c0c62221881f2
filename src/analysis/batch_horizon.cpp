// The batch evaluator's horizon path: draws whose discount rate, horizon, lead time or price trend is ranged. Each
// draw's weights, discount factor and resale share come from the engine's closed forms (engine/horizon_months.hpp,
// the discounting evaluate() itself uses), its totals and break-even from the same formulas as every other draw
// (totals(), batch_draw.cpp), and its paybacks from a bracketed search over the months whose margin at any month is
// a closed form too: no walk over the months, so a draw costs about the same at 600 months as at 36.
#include <algorithm>
#include <cmath>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/engine/horizon_months.hpp"

namespace gpucost {

namespace {

using F = BatchEvaluator::Field;

// The first month k in lo..hi with margin(k) >= 0 (0 when none), for a margin that does not fall from month to
// month: the bracket [lo, hi] narrows by the straight line through its ends, or by halves after a step that did
// not halve it, so a concave margin (discounting flattens it) takes a few steps, never a walk.
template <typename Margin>
int first_crossing(int lo, int hi, const Margin& margin) noexcept {
    double f_lo = margin(lo);
    if (f_lo >= 0.0) return lo;
    if (lo == hi) return 0;
    double f_hi = margin(hi);
    if (!(f_hi >= 0.0)) return 0;
    bool halve = false;
    while (hi - lo > 1) {
        const int width = hi - lo;
        const double x = static_cast<double>(lo) + static_cast<double>(width) * (-f_lo / (f_hi - f_lo));
        int k = lo + width / 2;
        if (!halve && std::isfinite(x))
            k = static_cast<int>(std::clamp(std::ceil(x), static_cast<double>(lo + 1), static_cast<double>(hi - 1)));
        const double f = margin(k);
        if (f >= 0.0) {
            hi = k;
            f_hi = f;
        } else {
            lo = k;
            f_lo = f;
        }
        halve = !halve && 2 * (hi - lo) > width;
    }
    return hi;
}

// The most the discounted resale share H kept(k) d(k) can fall from month k to k + 1, per unit of H d(k + 1):
// kept(k) (1 + r)^(1/12) - kept(k + 1), with a margin for rounding. The share never rises (kept and d only fall).
double resale_fall_bound(const Assumptions& a, double monthly_step) noexcept {
    double fall = 0.0;
    switch (a.resale) {
        case ResaleModel::none: return 0.0;
        case ResaleModel::curve:  // q^(age/12) (step - q^(1/12)), the most at age 0
            fall = monthly_step - std::pow(1.0 - a.resale_decline_per_year, 1.0 / k_months_per_year);
            break;
        case ResaleModel::straight_line:  // kept <= 1 falls by at most (1 - residual) / (12 life) a month
            fall = (monthly_step - 1.0) + (1.0 - a.residual_value) / (k_months_per_year * a.useful_life_years);
            break;
    }
    return fall * (1.0 + 1e-6) + 1e-9;
}

}  // namespace

DrawOutcome BatchEvaluator::fast_horizon(const Fields& v, std::span<const double> values) const noexcept {
    Case c = m_base;
    for (const std::size_t i : m_weight_slots) write_slot(c, m_slots[i], values[i]);
    Assumptions& a = c.assumptions;
    // The resale model's own inputs, as the draw has them (its share is worked out here, not from the tables).
    a.useful_life_years = v[F::f_life];
    a.residual_value = v[F::f_residual];
    a.resale_decline_per_year = v[F::f_decline];
    const HorizonMonths months(a, c.cloud.interim_pricing);
    const HorizonWeights w = months.through(a.months);
    const Horizon h{w.all,
                    w.running,
                    w.lead,
                    w.power,
                    w.cloud,
                    w.interim,
                    months.factor(a.months),
                    months.lead() > 0 ? c.cloud.interim_usd_per_hour : 0.0,
                    cover_usd_per_hour(c),
                    months.lead(),
                    months.uniform()};
    Terms t{};
    DrawOutcome o = totals(v, h, resale_value_usd(1.0, a.months, a), t);
    o.payback_month = horizon_payback(t, a, months, false);
    o.payback_month_if_sold = horizon_payback(t, a, months, true);
    return o;
}

// long: the margin, both segments' bounds and the choice of search belong together
int BatchEvaluator::horizon_payback(const Terms& t, const Assumptions& a, const HorizonMonths& months,
                                    bool if_sold) const noexcept {
    const int horizon = months.months();
    const int lead = months.lead();
    const bool uniform = months.uniform();
    // v1's shape: evaluate()'s own closed form.
    if (uniform && !if_sold)
        return uniform_payback_month(a.discount_rate, horizon, t.upfront, t.cloud_month, t.build_month).value_or(0);
    // The cloud's cumulative spend less the build's (less the resale credit if sold) at the end of month k, as
    // evaluate()'s payback tests weigh them.
    const auto margin = [&](int k) {
        double build = 0.0;
        double cloud = 0.0;
        if (uniform) {
            const double af = months.annuity(k);
            build = t.upfront + af * t.build_month;
            cloud = af * t.cloud_month;
        } else {
            const HorizonWeights c = months.through(k);
            build = t.upfront + c.power * t.power + c.all * t.staff_build + c.running * t.running +
                    c.interim * t.interim + c.lead * t.storage_egress;
            cloud = c.cloud * t.compute + c.all * t.cloud_fixed;
        }
        const double credit = if_sold ? t.hardware * resale_value_usd(1.0, k, a) * months.factor(k) : 0.0;
        return cloud - (build - credit);
    };
    // Each segment's monthly gap (cloud - build) lies between the extremes of the price factors, which are 1 (month
    // 1) and the segment's last month's (each factor moves one way). The margin grows across a segment when its
    // least gap beats the resale credit's fall, and shrinks when its largest gap is negative.
    const double g = a.cloud_price_change_per_year;
    const double fc = cloud_price_factor(a.pricing, horizon, g);
    const double fe = price_trend_factor(horizon, a.electricity_price_change_per_year);
    const double fi = lead > 0 ? cloud_price_factor(m_base.cloud.interim_pricing, lead, g) : 1.0;
    const double cloud_least = t.compute * std::min(1.0, fc) + t.cloud_fixed;
    const double cloud_most = t.compute * std::max(1.0, fc) + t.cloud_fixed;
    const double fall = if_sold ? resale_fall_bound(a, months.monthly_step()) * t.hardware : 0.0;
    const auto first_in = [&](int lo, int hi, double least_gap, double most_gap) {
        if (lo > hi) return 0;
        if (least_gap * (1.0 - 1e-9) > fall) return first_crossing(lo, hi, margin);
        if (most_gap + 1e-9 * (std::fabs(most_gap) + 1.0) < 0.0) return margin(lo) >= 0.0 ? lo : 0;
        // Neither: from month k the margin gains at most d(k + 1) x the largest gap a month (the credit never
        // rises), so the months before it could reach 0 are skipped; a margin far below 0 or flattening under
        // the discounting takes a few long steps, not a walk.
        const double rise = most_gap * (1.0 + 1e-9) + 1e-9;
        for (int k = lo; k <= hi;) {
            const double f = margin(k);
            if (f >= 0.0) return k;
            const double skip = -f / (months.factor(k + 1) * rise) * (1.0 - 1e-9);
            k += skip < static_cast<double>(hi - k + 1) ? std::max(1, static_cast<int>(std::ceil(skip))) : hi - k + 1;
        }
        return 0;
    };
    const double lead_build_most = t.staff_build + t.interim * std::max(1.0, fi) + t.storage_egress;
    const double lead_build_least = t.staff_build + t.interim * std::min(1.0, fi) + t.storage_egress;
    if (const int k = first_in(1, lead, cloud_least - lead_build_most, cloud_most - lead_build_least); k != 0) return k;
    const double work_build_most = t.power * std::max(1.0, fe) + t.staff_build + t.running;
    const double work_build_least = t.power * std::min(1.0, fe) + t.staff_build + t.running;
    return first_in(lead + 1, horizon, cloud_least - work_build_most, cloud_most - work_build_least);
}

}  // namespace gpucost
