// The arithmetic of financing and tax depreciation: finance.hpp states the conventions.
#include "gpucost/engine/finance.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>

#include "gpucost/model/values.hpp"

namespace gpucost {

double loan_payment_usd(const LoanTerms& loan) noexcept {
    if (loan.months <= 0) return 0.0;
    const double n = static_cast<double>(loan.months);
    const double r = loan.annual_rate / k_months_per_year;
    if (r == 0.0) return loan.principal_usd / n;
    // P r / (1 - (1 + r)^-n); expm1 and log1p keep the precision of small rates, where (1 + r)^-n is close to 1.
    return loan.principal_usd * r / -std::expm1(-n * std::log1p(r));
}

std::vector<LoanMonth> loan_schedule(const LoanTerms& loan) {
    std::vector<LoanMonth> rows;
    if (loan.months <= 0) return rows;
    rows.reserve(static_cast<std::size_t>(loan.months));
    const double r = loan.annual_rate / k_months_per_year;
    const double level = loan_payment_usd(loan);
    double balance = loan.principal_usd;
    for (int month = 1; month <= loan.months; ++month) {
        const double interest = balance * r;
        // The last payment clears what is left, so rounding drift never leaves a balance behind.
        const double payment = month == loan.months ? balance + interest : level;
        const double principal = payment - interest;
        balance = month == loan.months ? 0.0 : balance - principal;
        rows.push_back({month, payment, interest, principal, balance});
    }
    return rows;
}

double lease_payment_usd(double equipment_cost_usd, double lease_rate_factor) noexcept {
    return equipment_cost_usd * lease_rate_factor;
}

double lease_end_payment_usd(LeaseEnd end, double fair_market_value_usd) noexcept {
    switch (end) {
        case LeaseEnd::return_equipment: return 0.0;
        case LeaseEnd::fair_market_value: return fair_market_value_usd;
        case LeaseEnd::one_dollar: return 1.0;
    }
    return 0.0;
}

double section_179_usd(double basis_usd, const TaxDepreciation& d) noexcept {
    double limit = d.section_179_limit_usd;
    if (d.section_179_phase_out_usd > 0.0) limit -= std::max(0.0, basis_usd - d.section_179_phase_out_usd);
    return std::max(0.0, std::min({d.section_179_usd, limit, basis_usd}));
}

std::vector<double> depreciation_shares(Depreciation method, int tax_life_years) {
    switch (method) {
        case Depreciation::none: return {};
        case Depreciation::macrs_5: return {std::begin(k_macrs_5_half_year), std::end(k_macrs_5_half_year)};
        case Depreciation::straight_line: {
            const int life = std::max(1, tax_life_years);
            const double year = 1.0 / static_cast<double>(life);
            std::vector<double> shares(static_cast<std::size_t>(life) + 1, year);
            shares.front() = year / 2.0;
            shares.back() = year / 2.0;
            return shares;
        }
    }
    return {};
}

std::vector<double> depreciation_by_tax_year(double basis_usd, const TaxDepreciation& d) {
    const double expensed = section_179_usd(basis_usd, d);
    const double bonus = std::clamp(d.bonus_share, 0.0, 1.0) * (basis_usd - expensed);
    const double rest = basis_usd - expensed - bonus;
    const std::vector<double> shares = depreciation_shares(d.method, d.tax_life_years);
    std::vector<double> deductions(std::max<std::size_t>(shares.size(), 1), 0.0);
    for (std::size_t year = 0; year < shares.size(); ++year) deductions[year] = rest * shares[year];
    deductions.front() += expensed + bonus;
    return deductions;
}

std::vector<double> depreciation_until_sale(double basis_usd, const TaxDepreciation& d, int sale_tax_year) {
    std::vector<double> deductions = depreciation_by_tax_year(basis_usd, d);
    const std::size_t sale = static_cast<std::size_t>(std::max(1, sale_tax_year));
    if (sale > deductions.size()) return deductions;  // sold after the schedule ended: every deduction was taken
    // Half of the method's deduction in the year of sale; Section 179 and bonus (tax year 1) are never halved.
    const double expensed = section_179_usd(basis_usd, d);
    const double bonus = std::clamp(d.bonus_share, 0.0, 1.0) * (basis_usd - expensed);
    const double upfront = sale == 1 ? expensed + bonus : 0.0;
    deductions[sale - 1] = upfront + (deductions[sale - 1] - upfront) / 2.0;
    deductions.resize(sale);
    return deductions;
}

double sale_tax_usd(double sale_price_usd, double basis_usd, std::span<const double> deductions_usd,
                    double tax_rate) noexcept {
    const double taken = std::accumulate(deductions_usd.begin(), deductions_usd.end(), 0.0);
    return tax_rate * (sale_price_usd - (basis_usd - taken));
}

}  // namespace gpucost
