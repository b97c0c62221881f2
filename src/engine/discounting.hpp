// The discounting of one evaluation and model v2's weights: internal to the engine (cost_model.cpp), no I/O.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gpucost/model/values.hpp"

namespace gpucost::engine_detail {

// Per-month discounting works in log space: L = ln(1 + r) / 12, so (1 + r)^(-k/12) = e^(-kL).
// expm1/log1p keep full precision for small rates, where 1 - v^m would cancel.
inline double monthly_log_rate(double annual_discount_rate) noexcept {
    return std::log1p(annual_discount_rate) / k_months_per_year;
}

// The months of one term over which a pricing's rate stays locked: 1 (it moves every month), 12 or 36.
inline int price_term_months(Pricing pricing) noexcept {
    switch (pricing) {
        case Pricing::reserved_1y: return 12;
        case Pricing::reserved_3y: return 36;
        case Pricing::on_demand:
        case Pricing::spot: break;
    }
    return 1;
}

// The discounting of one evaluation, worked out once: every annuity and discount factor evaluate() needs
// comes from the same ln(1 + r) / 12 and e^L - 1, computed by the same operations as annuity_factor() and
// discount_factor(), so the figures are bit-for-bit theirs at a fraction of the logarithms and exponentials.
//
// Under the annual (year-end) convention every month of year y counts d = (1 + r)^(-y), y = ceil(k / 12): the
// annuity is 12 (1 - (1 + r)^(-Y)) / r over Y whole years plus the months of the year begun, and a trended sum is
// added month by month (no single geometric series spans the steps).
struct Discounting {
    double rate;
    double log_rate;        // L = ln(1 + r) / 12
    double expm1_log_rate;  // e^L - 1
    bool annual = false;    // DiscountConvention::annual

    explicit Discounting(double annual_discount_rate,
                         DiscountConvention convention = DiscountConvention::monthly) noexcept
        : rate(annual_discount_rate),
          log_rate(rate == 0.0 ? 0.0 : monthly_log_rate(rate)),
          expm1_log_rate(rate == 0.0 ? 0.0 : std::expm1(log_rate)),
          annual(convention == DiscountConvention::annual) {
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
        if (annual) {
            const int years = months / 12;
            const int rest = months % 12;
            // sum_{y=1..Y} 12 (1 + r)^(-y) = 12 (1 - (1 + r)^(-Y)) / r, then the months of year Y + 1
            const double whole = k_months_per_year * -std::expm1(-static_cast<double>(years) * std::log1p(rate)) / rate;
            return rest == 0 ? whole : whole + static_cast<double>(rest) * factor(months);
        }
        // sum_{k=1..m} e^(-kL) = (1 - e^(-mL)) / (e^L - 1)
        return -std::expm1(-static_cast<double>(months) * log_rate) / expm1_log_rate;
    }
    double factor(int month) const noexcept {
        if (rate == 0.0) return 1.0;
        if (annual) return std::exp(-static_cast<double>((month + 11) / 12) * std::log1p(rate));
        return std::exp(-static_cast<double>(month) * log_rate);
    }
    // sum_{k=first..last} d(k); 0 for an empty range (never -0).
    double range(int first, int last) const noexcept {
        if (last < first) return 0.0;
        return first <= 1 ? annuity(last) : annuity(last) - annuity(first - 1);
    }
    // sum_{k=first..last} d(k) x (1 + g)^(T floor((k - 1) / T) / 12): a price that changes by g a year, locked for
    // terms of T months (T = 1: it moves every month). Exactly range() when g == 0.
    double trended(int first, int last, double g, int term) const noexcept {
        if (last < first) return 0.0;
        if (g == 0.0) return range(first, last);
        if (annual) {
            double sum = 0.0;
            for (int k = first; k <= last; ++k)
                sum += factor(k) * std::pow(1.0 + g, static_cast<double>(term * ((k - 1) / term)) / k_months_per_year);
            return sum;
        }
        if (term == 1) {
            // d(k) (1 + g)^((k - 1) / 12) = e^(-G) e^(-k x) with G = ln(1 + g) / 12 and x = L - G, a geometric series.
            const double growth = std::log1p(g) / k_months_per_year;
            const double x = log_rate - growth;
            const double n = static_cast<double>(last - first + 1);
            const double series = x == 0.0 ? n : -std::expm1(-n * x) / std::expm1(x);
            return std::exp(-growth - static_cast<double>(first - 1) * x) * series;
        }
        double sum = 0.0;
        for (int block = (first - 1) / term; block <= (last - 1) / term; ++block) {
            const int lo = std::max(first, block * term + 1);
            const int hi = std::min(last, (block + 1) * term);
            sum += std::pow(1.0 + g, static_cast<double>(block * term) / k_months_per_year) * range(lo, hi);
        }
        return sum;
    }
};

// The lead time in force: whole months in [0, M - 1] (the report checks the range; the engine never leaves it).
inline int lead_months(const Assumptions& a) noexcept {
    return std::clamp(a.lead_time_months, 0, std::max(a.months - 1, 0));
}

// Whether an evaluation is v1's shape: every monthly category runs in every month at one price, so one annuity
// discounts them all and v1's closed forms (and their exact arithmetic) hold.
inline bool uniform_months(const Assumptions& a) noexcept {
    return lead_months(a) == 0 && a.cloud_price_change_per_year == 0.0 && a.electricity_price_change_per_year == 0.0;
}

// The discounted weight of each kind of monthly amount over the horizon: the sum of d(k) x its trend over the
// months it runs. In v1's shape every weight is the horizon's annuity.
struct Weights {
    double all;      // months 1..M, no trend: staff, cloud storage and egress
    double running;  // months L+1..M: maintenance, facility
    double lead;     // months 1..L: the interim cloud's storage and egress
    double power;    // months L+1..M at the electricity trend
    double cloud;    // months 1..M at the chosen pricing's trend
    double interim;  // months 1..L at the interim pricing's trend

    Weights(const Discounting& d, const Assumptions& a, Pricing interim_pricing) noexcept
        : all(d.annuity(a.months)),
          running(all),
          lead(0.0),
          power(all),
          cloud(all),
          interim(0.0) {
        if (uniform_months(a)) return;
        const int l = lead_months(a);
        running = d.range(l + 1, a.months);
        lead = d.range(1, l);
        power = d.trended(l + 1, a.months, a.electricity_price_change_per_year, 1);
        cloud = d.trended(1, a.months, a.cloud_price_change_per_year, price_term_months(a.pricing));
        interim = d.trended(1, l, a.cloud_price_change_per_year, price_term_months(interim_pricing));
    }
};
}  // namespace gpucost::engine_detail
