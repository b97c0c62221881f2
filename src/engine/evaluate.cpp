// evaluate(): the comparison before financing and tax (cost_model.cpp), then financing and tax when they are used
// (finance_flow.hpp), and the figures that read the totals.
#include <algorithm>
#include <cmath>

#include "evaluation_parts.hpp"
#include "gpucost/engine/finance_flow.hpp"

namespace gpucost {
namespace engine_detail {

// Both sides' costs per GPU-hour of use over the horizon; left empty when not applicable.
void set_rates(Evaluation& e, double gpu_hours) noexcept {
    const BuildCosts& b = e.build;
    const CloudCosts& c = e.cloud;
    // A vanishing (but non-zero) number of hours would give rates beyond a double: not applicable either.
    if (gpu_hours > 0.0 && std::isfinite(b.total_usd / gpu_hours) && std::isfinite(c.total_usd / gpu_hours)) {
        e.build_per_gpu_hour_usd = b.total_usd / gpu_hours;
        e.cloud_per_gpu_hour_usd = c.total_usd / gpu_hours;
    } else {
        e.build_per_gpu_hour_usd.reset();
        e.cloud_per_gpu_hour_usd.reset();
    }
}

// Both totals are affine in hours_per_week, so their difference D(h) is a line through its values at both ends
// of the range (d_low at 0, d_high at 168 h/week); it crosses zero inside [0, 168] or not at all.
void set_break_even(Evaluation& e, double d_low, double d_high) noexcept {
    e.break_even_hours_per_week.reset();
    e.build_cheaper_above.reset();
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
}

}  // namespace engine_detail

using namespace engine_detail;

Evaluation evaluate(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    Evaluation e = evaluate_before_finance(build, cloud, a);
    if (!uses_finance(a)) return e;
    apply_finance(e, a);
    set_rates(e, static_cast<double>(build.gpu_count) * e.used_hours_per_month * static_cast<double>(a.months));
    // Financing does not move with the hours and tax is a share of costs that do, so the totals stay affine in the
    // hours: the break-even is the line through both ends, each evaluated in full.
    const auto difference_at = [&](double hours_per_week) {
        Assumptions at = a;
        at.hours_per_week = hours_per_week;
        Evaluation end = evaluate_before_finance(build, cloud, at);
        apply_finance(end, at);
        return end.build.total_usd - end.cloud.total_usd;
    };
    set_break_even(e, difference_at(0.0), difference_at(k_hours_per_week));
    return e;
}

EvaluationTotals evaluate_totals(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) noexcept {
    Evaluation e = evaluate_before_finance(build, cloud, a, Figures::totals);
    if (uses_finance(a)) apply_finance_totals(e, a);
    return {e.build.total_usd, e.cloud.total_usd, e.cheaper};
}

}  // namespace gpucost
