#include "gpucost/engine/horizon_months.hpp"

#include <algorithm>

#include "discounting.hpp"

namespace gpucost {

using namespace engine_detail;

namespace {

// The discounting held by a HorizonMonths, without its logarithms worked out again.
Discounting discounting_of(double rate, double log_rate, double expm1_log_rate) noexcept {
    Discounting d(0.0);
    d.rate = rate;
    d.log_rate = log_rate;
    d.expm1_log_rate = expm1_log_rate;
    return d;
}

}  // namespace

HorizonMonths::HorizonMonths(const Assumptions& a, Pricing interim_pricing) noexcept
    : m_cloud_change(a.cloud_price_change_per_year),
      m_electricity_change(a.electricity_price_change_per_year),
      m_months(a.months),
      m_lead(lead_months(a)),
      m_cloud_term(price_term_months(a.pricing)),
      m_interim_term(price_term_months(interim_pricing)),
      m_uniform(uniform_months(a)) {
    const Discounting d(a.discount_rate);
    m_rate = d.rate;
    m_log_rate = d.log_rate;
    m_expm1_log_rate = d.expm1_log_rate;
}

HorizonWeights HorizonMonths::through(int month) const noexcept {
    const Discounting d = discounting_of(m_rate, m_log_rate, m_expm1_log_rate);
    HorizonWeights w;
    w.all = d.annuity(month);
    if (m_uniform) {
        // As the engine's Weights: one annuity weighs every monthly category.
        w.running = w.power = w.cloud = w.all;
        return w;
    }
    const int lead = std::min(month, m_lead);
    w.running = d.range(m_lead + 1, month);
    w.lead = d.range(1, lead);
    w.power = d.trended(m_lead + 1, month, m_electricity_change, 1);
    w.cloud = d.trended(1, month, m_cloud_change, m_cloud_term);
    w.interim = d.trended(1, lead, m_cloud_change, m_interim_term);
    return w;
}

double HorizonMonths::annuity(int month) const noexcept {
    return discounting_of(m_rate, m_log_rate, m_expm1_log_rate).annuity(month);
}

double HorizonMonths::factor(int month) const noexcept {
    return discounting_of(m_rate, m_log_rate, m_expm1_log_rate).factor(month);
}

double HorizonMonths::monthly_step() const noexcept { return m_rate == 0.0 ? 1.0 : std::exp(m_log_rate); }

}  // namespace gpucost
