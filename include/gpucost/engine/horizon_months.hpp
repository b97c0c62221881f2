// The months of one horizon by closed forms: the cumulative weights of months 1..k and the discount factor of month
// k for one set of assumptions, worked out without a walk over the months, for code that evaluates a comparison
// again and again while the discount rate, the horizon, the lead time or a price trend changes (analysis/batch).
// The same discounting as evaluate() (the engine's own), so the horizon's weights are horizon_weights()'s to the bit.
#pragma once

#include <optional>

#include "gpucost/engine/cost_model.hpp"

namespace gpucost {

class HorizonMonths {
public:
    HorizonMonths(const Assumptions& a, Pricing interim_pricing) noexcept;
    // The weights of months 1..k, k in 1..M, with the horizon's lead time (a month k <= L is a lead month);
    // through(M) equals horizon_weights(a, interim_pricing).
    HorizonWeights through(int month) const noexcept;
    // The annuity A(k) = sum of d(1..k).
    double annuity(int month) const noexcept;
    // The discount factor d(k) = (1 + r)^(-k / 12).
    double factor(int month) const noexcept;
    // d(k) / d(k + 1) = (1 + r)^(1 / 12), the same for every k.
    double monthly_step() const noexcept;
    int months() const noexcept { return m_months; }
    int lead() const noexcept { return m_lead; }
    // v1's shape: no lead time and no price trend, so one annuity weighs every monthly category.
    bool uniform() const noexcept { return m_uniform; }

private:
    double m_rate;
    double m_log_rate;
    double m_expm1_log_rate;
    double m_cloud_change;
    double m_electricity_change;
    int m_months;
    int m_lead;
    int m_cloud_term;
    int m_interim_term;
    bool m_uniform;
};

// The cash payback of v1's shape (no lead time, no price trend: every month costs the same), as evaluate() finds
// it: the first month m in 1..M at which A(m) cloud_monthly >= upfront + A(m) build_monthly; empty when none.
std::optional<int> uniform_payback_month(double annual_discount_rate, int months, double upfront, double cloud_monthly,
                                         double build_monthly) noexcept;

}  // namespace gpucost
