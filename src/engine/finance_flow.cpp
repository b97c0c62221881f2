// Financing and tax month by month: finance_flow.hpp states the conventions, docs/finance.md the worked example.
#include "gpucost/engine/finance_flow.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>

#include "evaluation_parts.hpp"
#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/categories.hpp"
#include "gpucost/engine/finance.hpp"

namespace gpucost {
namespace {

using Months = std::vector<FinanceMonth>;

constexpr int k_months_per_tax_year = 12;

std::size_t at(int month) noexcept { return static_cast<std::size_t>(month); }

// What the build side owns for tax: a basis placed in service after month `bought` (0: from month 1), sold at M.
struct Ownership {
    bool owned = false;
    double basis_usd = 0.0;
    int bought = 0;
};

// The month a tax effect arising in `month` moves money: that month, or under year-end timing the last month of its
// tax year (tax year 1 starts after month `bought`; month `bought` itself belongs to it), at most M.
int tax_month(int month, int bought, int horizon, TaxTiming timing) noexcept {
    if (timing == TaxTiming::month) return month;
    const int year = month <= bought ? 1 : (month - bought - 1) / k_months_per_tax_year + 1;
    return std::min(bought + k_months_per_tax_year * year, horizon);
}

// A loan for (1 - d) H: drawn in month 0, its schedule's principal and interest in months 1..min(n, M), and the
// balance still owed after month M paid off in month M.
void add_loan(Months& f, double hardware_usd, const Assumptions& a) {
    const double principal = (1.0 - a.down_payment) * hardware_usd;
    if (!(principal > 0.0)) return;
    f[0].financing_usd -= principal;
    for (const LoanMonth& row : loan_schedule({principal, a.loan_rate, a.loan_term_months})) {
        if (row.month > a.months) break;
        f[at(row.month)].financing_usd += row.principal_usd;
        f[at(row.month)].interest_usd += row.interest_usd;
        if (row.month == a.months) f[at(row.month)].financing_usd += row.balance_usd;
    }
}

// A lease: the lessor pays H in month 0, the payments in months 1..min(T, M) (the rest, for a term past the
// horizon, in month M), the end option's price in month min(T, M). `rent` collects what a true lease deducts.
Ownership add_lease(Months& f, std::vector<double>& rent, double hardware_usd, double setup_usd, const Assumptions& a) {
    const int horizon = a.months;
    const int term = a.lease_term_months;
    const int end = std::min(term, horizon);
    const double payment = lease_payment_in_force_usd(hardware_usd, a);
    const bool purchase = a.lease_end == LeaseEnd::one_dollar;  // a conditional sale for tax
    const double principal = purchase ? hardware_usd / static_cast<double>(term) : payment;
    const double interest = purchase ? payment - principal : 0.0;
    f[0].financing_usd -= hardware_usd;
    for (int month = 1; month <= end; ++month) {
        const double share = month == horizon && term > horizon ? static_cast<double>(term - horizon + 1) : 1.0;
        f[at(month)].financing_usd += share * principal;
        f[at(month)].interest_usd += share * interest;
        if (!purchase) rent[at(month)] += share * payment;
    }
    const double value_then = resale_value_usd(hardware_usd, end, a);
    f[at(end)].financing_usd += lease_end_payment_usd(a.lease_end, value_then);
    if (purchase) return {true, hardware_usd + setup_usd, 0};
    rent[0] += setup_usd;  // a lessee's setup is an expense: there is no basis of its own to add it to
    if (a.lease_end == LeaseEnd::fair_market_value) return {true, value_then, end};
    return {};
}

// Each tax year's depreciation of what is owned, spread over the year's months in the horizon (or at its last),
// and the tax on the sale at M.
void add_depreciation(Months& f, const Ownership& own, double sale_price_usd, const Assumptions& a) {
    const int horizon = a.months;
    const int held = horizon - own.bought;
    if (!own.owned || held <= 0) return;  // bought in month M and sold in it at that price: no deduction, no gain
    const TaxDepreciation d{a.depreciation,    a.tax_life_years,        a.bonus_depreciation,
                            a.section_179_usd, a.section_179_limit_usd, a.section_179_phase_out_usd};
    const int sale_year = (held - 1) / k_months_per_tax_year + 1;
    const std::vector<double> deductions = depreciation_until_sale(own.basis_usd, d, sale_year);
    for (std::size_t y = 0; y < deductions.size(); ++y) {
        const int first = own.bought + k_months_per_tax_year * static_cast<int>(y) + 1;
        const int last = std::min(first + k_months_per_tax_year - 1, horizon);
        if (first > last) break;
        const double saving = -a.tax_rate * deductions[y];
        if (a.tax_timing == TaxTiming::year_end) {
            f[at(last)].depreciation_usd += saving;
            continue;
        }
        const double per_month = saving / static_cast<double>(last - first + 1);
        for (int month = first; month <= last; ++month) f[at(month)].depreciation_usd += per_month;
    }
    f[at(horizon)].tax_on_sale_usd += sale_tax_usd(sale_price_usd, own.basis_usd, deductions, a.tax_rate);
}

// Running costs of both sides, loan interest and a true lease's rent, each deducted as paid.
void add_deductions(Months& f, const std::vector<double>& rent, const Evaluation& e, const Assumptions& a) {
    const int horizon = a.months;
    const auto put = [&](double FinanceMonth::*field, int month, double amount) {
        f[at(tax_month(month, 0, horizon, a.tax_timing))].*field += -a.tax_rate * amount;
    };
    put(&FinanceMonth::tax_deduction_usd, 0, rent[0]);
    put(&FinanceMonth::cloud_tax_deduction_usd, 0, e.cloud.setup_usd);  // a rental's setup fee, deducted as paid
    for (int month = 1; month <= horizon; ++month) {
        double build = f[at(month)].interest_usd + rent[at(month)];
        double cloud = 0.0;
        for (const CategoryInfo& info : k_categories)
            if (info.timing == Timing::monthly)
                (info.side == Side::build ? build : cloud) += month_amount_usd(e, a, info.category, month);
        put(&FinanceMonth::tax_deduction_usd, month, build);
        put(&FinanceMonth::cloud_tax_deduction_usd, month, cloud);
    }
}

// What a loan still owes after each month 0..M (0 for cash and leases): a sale at m repays it first.
std::vector<double> loan_balances(double hardware_usd, const Assumptions& a) {
    std::vector<double> owed(at(a.months) + 1, 0.0);
    if (a.financing != Financing::loan) return owed;
    const double principal = (1.0 - a.down_payment) * hardware_usd;
    if (!(principal > 0.0)) return owed;
    owed[0] = principal;
    for (const LoanMonth& row : loan_schedule({principal, a.loan_rate, a.loan_term_months}))
        if (row.month <= a.months) owed[at(row.month)] = row.balance_usd;
    return owed;
}

// evaluate()'s two paybacks read off the profile with the finance flows in it: the first month m >= 1 at which
// cumulative cloud spend reaches cumulative build spend (end-of-horizon flows left out), less, if sold, the
// machine's value at m net of the loan it still repays (a leased machine is not the lessee's to sell).
void set_paybacks(Evaluation& e, const Assumptions& a) {
    const CashFlowProfile profile = cash_flow_profile(e, a);
    e.payback_month = payback_month(profile);
    const std::vector<double> owed = loan_balances(e.build.hardware_usd, a);
    const bool sellable = a.financing != Financing::lease;
    std::optional<int> if_sold;
    double build = 0.0;
    double cloud = 0.0;
    std::size_t i = 0;
    for (const CashFlowMonth& totals : profile.months) {
        for (; i < profile.flows.size() && profile.flows[i].month == totals.month; ++i) {
            const CashFlow& flow = profile.flows[i];
            if (category_info(flow.category).timing == Timing::at_end) continue;
            (flow.side == Side::build ? build : cloud) += flow.amount_usd;
        }
        const int m = totals.month;
        const double credit = sellable ? (resale_value_usd(e.build.hardware_usd, m, a) - owed[at(m)]) *
                                             discount_factor(m, a.discount_rate, a.discounting)
                                       : 0.0;
        if (m >= 1 && cloud >= build - credit) {
            if_sold = m;
            break;
        }
    }
    e.payback_month_if_sold = if_sold;
}

}  // namespace

double lease_payment_in_force_usd(double hardware_usd, const Assumptions& a) noexcept {
    return a.lease_usd_per_month > 0.0 ? a.lease_usd_per_month : lease_payment_usd(hardware_usd, a.lease_rate_factor);
}

double pre_tax_total_usd(const Evaluation& e, Side side) noexcept {
    double tax = 0.0;
    for (const CategoryInfo& info : categories_of(side))
        if (is_tax(info.category)) tax += amount_usd(e, info.category);
    return (side == Side::build ? e.build.total_usd : e.cloud.total_usd) - tax;
}

std::vector<FinanceMonth> finance_months(const Evaluation& e, const Assumptions& a) {
    Months f(at(a.months) + 1);
    std::vector<double> rent(f.size(), 0.0);
    const double hardware = e.build.hardware_usd;
    Ownership own{true, hardware + e.build.setup_usd, 0};
    if (a.financing == Financing::loan) add_loan(f, hardware, a);
    if (a.financing == Financing::lease) own = add_lease(f, rent, hardware, e.build.setup_usd, a);
    if (a.tax_rate > 0.0) {
        add_deductions(f, rent, e, a);
        add_depreciation(f, own, resale_value_usd(hardware, a.months, a), a);
    }
    return f;
}

void engine_detail::apply_finance_totals(Evaluation& e, const Assumptions& a) {
    const Months f = finance_months(e, a);
    BuildCosts& b = e.build;
    CloudCosts& c = e.cloud;
    for (int month = 0; month <= a.months; ++month) {
        const double v = discount_factor(month, a.discount_rate, a.discounting);
        const FinanceMonth& m = f[at(month)];
        b.financing_usd += m.financing_usd * v;
        b.interest_usd += m.interest_usd * v;
        b.tax_deduction_usd += m.tax_deduction_usd * v;
        b.depreciation_usd += m.depreciation_usd * v;
        b.tax_on_sale_usd += m.tax_on_sale_usd * v;
        c.tax_deduction_usd += m.cloud_tax_deduction_usd * v;
    }
    if (a.financing == Financing::lease && a.lease_end == LeaseEnd::return_equipment) b.resale_usd = 0.0;
    b.total_usd = 0.0;
    for (const CategoryInfo& info : build_categories()) b.total_usd += amount_usd(e, info.category);
    c.total_usd = 0.0;
    for (const CategoryInfo& info : cloud_categories()) c.total_usd += amount_usd(e, info.category);
    e.cheaper = b.total_usd < c.total_usd ? Side::build : Side::cloud;
    e.savings_usd = std::fabs(b.total_usd - c.total_usd);
}

void apply_finance(Evaluation& e, const Assumptions& a) {
    engine_detail::apply_finance_totals(e, a);
    set_paybacks(e, a);
}

}  // namespace gpucost
