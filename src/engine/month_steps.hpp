// Model v2's paybacks, month by month: internal to the engine (cost_model.cpp). No closed form gives them once the
// months differ (a lead time, price trends) or the resale value moves with the month of sale.
#pragma once

#include <optional>

#include "discounting.hpp"
#include "gpucost/engine/cost_model.hpp"

namespace gpucost::engine_detail {

// The two paybacks of one evaluation.
struct Paybacks {
    std::optional<int> cash;
    std::optional<int> if_sold;
};

// Month by month, each category's amount as the cash-flow profile has it (cash_flow.cpp's month_amount_usd, in
// k_categories order, each discounted by itself), for the paybacks of model v2, which no closed form gives.
struct MonthSteps {
    const Discounting& d;
    const Assumptions& a;
    const MonthlyCosts& m;
    Pricing interim_pricing;
    double hardware_usd;

    // Adds month k's discounted flows to the running sums of both sides.
    void add_month(int k, double v, double& build, double& cloud) const noexcept {
        const double g = a.cloud_price_change_per_year;
        if (k > lead_months(a)) {
            build += m.power_usd * price_trend_factor(k, a.electricity_price_change_per_year) * v;
            build += m.staff_build_usd * v;
            build += m.maintenance_usd * v;
            build += m.facility_usd * v;
            build += m.downtime_cover_usd * v;
        } else {  // the months without a machine: staff, and the cloud rented meanwhile
            build += m.staff_build_usd * v;
            build +=
                (m.interim_compute_usd * cloud_price_factor(interim_pricing, k, g) + m.storage_usd + m.egress_usd) * v;
        }
        cloud += m.compute_usd * cloud_price_factor(a.pricing, k, g) * v;
        cloud += m.storage_usd * v;
        cloud += m.egress_usd * v;
        cloud += m.staff_cloud_usd * v;
    }

    // The first month the cloud's cumulative spend reaches the build's (cash: `need_cash`), and the first month it
    // reaches the build's less the machine's discounted resale value then.
    Paybacks paybacks(double upfront, bool need_cash) const noexcept {
        Paybacks p;
        double build = upfront;
        double cloud = 0.0;
        for (int k = 1; k <= a.months && (!p.if_sold || (need_cash && !p.cash)); ++k) {
            const double v = d.factor(k);
            add_month(k, v, build, cloud);
            if (need_cash && !p.cash && cloud >= build) p.cash = k;
            if (!p.if_sold && cloud >= build - resale_value_usd(hardware_usd, k, a) * v) p.if_sold = k;
        }
        return p;
    }
};

}  // namespace gpucost::engine_detail
