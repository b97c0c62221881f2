#include "gpucost/engine/cash_flow.hpp"

#include <algorithm>
#include <cstddef>

#include "gpucost/engine/finance_flow.hpp"

namespace gpucost {
namespace {

// Appends one flow and carries its side's running sum and the month's totals. The sums are taken in flow order,
// starting from 0.0, exactly as the cashflow renderers summed rows, so their output stays byte-identical.
class ProfileWriter {
public:
    explicit ProfileWriter(CashFlowProfile& profile)
        : m_profile(profile) {}

    void add(int month, const CategoryInfo& info, double amount_usd) {
        const bool build = info.side == Side::build;
        double& cumulative = build ? m_build_cumulative : m_cloud_cumulative;
        cumulative += amount_usd;
        m_profile.flows.push_back({month, info.side, info.category, amount_usd, cumulative});
        CashFlowMonth& totals = m_profile.months.back();
        (build ? totals.build_usd : totals.cloud_usd) += amount_usd;
        (build ? totals.build_cumulative_usd : totals.cloud_cumulative_usd) = cumulative;
    }

    // Opens a month whose cumulatives start where the last month's ended.
    void begin_month(int month) {
        CashFlowMonth totals;
        totals.month = month;
        totals.build_cumulative_usd = m_build_cumulative;
        totals.cloud_cumulative_usd = m_cloud_cumulative;
        m_profile.months.push_back(totals);
    }

private:
    CashFlowProfile& m_profile;
    double m_build_cumulative = 0.0;
    double m_cloud_cumulative = 0.0;
};

std::size_t flow_count(int months) noexcept {
    std::size_t upfront = 0;
    std::size_t monthly = 0;
    std::size_t other = 0;  // at the end, or scheduled in any month: at most one flow a month each
    for (const CategoryInfo& info : k_categories)
        (info.timing == Timing::upfront ? upfront : info.timing == Timing::monthly ? monthly : other) += 1;
    return upfront + static_cast<std::size_t>(months) * (monthly + other) + other;
}

// The undiscounted amount of a scheduled (finance) category in one month.
double scheduled_usd(const FinanceMonth& m, Category category) noexcept {
    switch (category) {
        case Category::financing: return m.financing_usd;
        case Category::interest: return m.interest_usd;
        case Category::tax_deduction: return m.tax_deduction_usd;
        case Category::depreciation: return m.depreciation_usd;
        case Category::cloud_tax_deduction: return m.cloud_tax_deduction_usd;
        default: return 0.0;
    }
}

}  // namespace

double month_amount_usd(const Evaluation& e, const Assumptions& a, Category category, int month) noexcept {
    const MonthlyCosts& m = e.monthly;
    const bool working = month > lead_time_in_force(a);
    const double g = a.cloud_price_change_per_year;
    switch (category) {
        case Category::power:
            return working ? m.power_usd * price_trend_factor(month, a.electricity_price_change_per_year) : 0.0;
        case Category::maintenance: return working ? m.maintenance_usd : 0.0;
        case Category::facility: return working ? m.facility_usd : 0.0;
        case Category::downtime_cover: return working ? m.downtime_cover_usd : 0.0;
        case Category::interim_cloud:
            return working ? 0.0
                           : m.interim_compute_usd * cloud_price_factor(e.interim_pricing, month, g) + m.storage_usd +
                                 m.egress_usd;
        case Category::compute: return m.compute_usd * cloud_price_factor(a.pricing, month, g);
        case Category::hardware:
        case Category::setup:
        case Category::cloud_setup:
        case Category::resale:
        case Category::financing:
        case Category::interest:
        case Category::tax_deduction:
        case Category::depreciation:
        case Category::tax_on_sale:
        case Category::cloud_tax_deduction: return 0.0;
        case Category::build_staff:
        case Category::storage:
        case Category::egress:
        case Category::cloud_staff: break;
    }
    return monthly_usd(m, category);
}

double highest_month_usd(const Evaluation& e, const Assumptions& a, Side side) noexcept {
    double highest = 0.0;
    for (int month = 1; month <= a.months; ++month) {
        double sum = 0.0;
        for (const CategoryInfo& info : categories_of(side))
            if (info.timing == Timing::monthly) sum += month_amount_usd(e, a, info.category, month);
        highest = std::max(highest, sum);
    }
    return highest;
}

CashFlowProfile cash_flow_profile(const Evaluation& e, const Assumptions& a) {
    const int months = a.months;
    CashFlowProfile profile;
    profile.flows.reserve(flow_count(months));
    profile.months.reserve(static_cast<std::size_t>(months) + 1);
    ProfileWriter writer(profile);
    // Financing and tax add their flows (every month 0..M, zero or not) only when used (shows_category): without
    // them the profile is the same as before they existed.
    const bool finance = uses_finance(a);
    const std::vector<FinanceMonth> scheduled = finance ? finance_months(e, a) : std::vector<FinanceMonth>{};
    writer.begin_month(0);
    // Month 0 is not discounted, so the upfront flows are the evaluation's totals.
    for (const Side side : {Side::build, Side::cloud})
        for (const CategoryInfo& info : categories_of(side)) {
            if (info.timing == Timing::upfront && shows_category(info.category, e, a))
                writer.add(0, info, amount_usd(e, info.category));
            if (info.timing == Timing::scheduled && finance && shows_category(info.category, a))
                writer.add(0, info, scheduled_usd(scheduled[0], info.category));
        }
    for (int month = 1; month <= months; ++month) {
        writer.begin_month(month);
        // The engine's weights are the sums of exactly these discount factors times each category's trend.
        const double v = discount_factor(month, a.discount_rate, a.discounting);
        for (const Side side : {Side::build, Side::cloud}) {
            for (const CategoryInfo& info : categories_of(side)) {
                if (!shows_category(info.category, a)) continue;
                if (info.timing == Timing::monthly)
                    writer.add(month, info, month_amount_usd(e, a, info.category, month) * v);
                // The end-of-horizon total is already discounted to today by the engine (one flow, at month M).
                else if (info.timing == Timing::at_end && month == months)
                    writer.add(month, info, amount_usd(e, info.category));
                else if (info.timing == Timing::scheduled)
                    writer.add(month, info,
                               scheduled_usd(scheduled[static_cast<std::size_t>(month)], info.category) * v);
            }
        }
    }
    return profile;
}

CashFlowProfile cash_flow_profile(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a) {
    return cash_flow_profile(evaluate(build, cloud, a), a);
}

namespace {

// The first month m >= 1 where cumulative cloud spend reaches cumulative build spend less credit(m), the at-end
// categories (the resale credit) left out of the sums: both paybacks walk the profile this one way.
template <typename Credit>
std::optional<int> first_month_cloud_reaches(const CashFlowProfile& profile, Credit credit) noexcept {
    double build = 0.0;
    double cloud = 0.0;
    std::size_t i = 0;
    const std::size_t n = profile.flows.size();
    for (const CashFlowMonth& totals : profile.months) {
        for (; i < n && profile.flows[i].month == totals.month; ++i) {
            const CashFlow& flow = profile.flows[i];
            if (category_info(flow.category).timing == Timing::at_end) continue;
            (flow.side == Side::build ? build : cloud) += flow.amount_usd;
        }
        if (totals.month >= 1 && cloud >= build - credit(totals.month)) return totals.month;
    }
    return std::nullopt;
}

}  // namespace

std::optional<int> payback_month(const CashFlowProfile& profile) noexcept {
    // evaluate()'s payback leaves the resale out: owning "pays back" on what was spent, not on what might be sold.
    return first_month_cloud_reaches(profile, [](int) { return 0.0; });
}

std::optional<int> payback_month_if_sold(const CashFlowProfile& profile, const Evaluation& e,
                                         const Assumptions& a) noexcept {
    return first_month_cloud_reaches(profile, [&](int month) {
        return resale_value_usd(e.build.hardware_usd, month, a) *
               discount_factor(month, a.discount_rate, a.discounting);
    });
}

}  // namespace gpucost
