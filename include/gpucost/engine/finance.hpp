// How the build side is paid for and taxed (issue 24): the arithmetic of a loan, a lease and tax depreciation, as
// pure functions of their terms. No I/O, no catalogue, no assumptions: the cash flow calls these with figures it
// has already chosen, and docs/finance.md gives each formula with a worked example.
//
// Conventions, stated once:
// - A loan's rate is a nominal annual rate compounded monthly (r = rate / 12), paid in level monthly payments in
//   arrears (the first payment one month after the loan is drawn), the convention of US equipment loans.
// - Tax years are counted from the year the machine is placed in service (tax year 1). Depreciation follows IRS
//   Publication 946: MACRS 5-year property (computers) with the half-year convention, Table A-1; straight line with
//   the half-year convention, Table A-8 (the half-year convention gives half a year's deduction in the first year
//   and in the year after the last full one). A machine sold before its schedule ends gets half of that year's
//   deduction, as the half-year convention does in a year of disposition.
// - Section 179 expensing comes first, then bonus depreciation on what is left, then the method on the rest
//   (Publication 946, chapter 2 and 3). Gain on a sale above the adjusted basis is taxed at the one tax rate given
//   (recapture); a sale below it gives a deductible loss. Capital-gain rates on a sale above the original cost
//   are not modelled: GPU servers do not appreciate.
#pragma once

#include <span>
#include <vector>

#include "gpucost/model/values.hpp"

namespace gpucost {

// A loan for part of the purchase price.
struct LoanTerms {
    double principal_usd = 0.0;  // the amount borrowed: the price less the down payment
    double annual_rate = 0.0;    // nominal, compounded monthly
    int months = 0;              // the term, >= 1
};

// One month of a loan: what is paid, how much of it is interest, and what is still owed after it.
struct LoanMonth {
    int month = 0;  // 1..term, counted from the month the loan is drawn
    double payment_usd = 0.0;
    double interest_usd = 0.0;
    double principal_usd = 0.0;
    double balance_usd = 0.0;
};

// The level monthly payment: P r / (1 - (1 + r)^-n) with r = annual_rate / 12; P / n at a rate of 0.
double loan_payment_usd(const LoanTerms& loan) noexcept;

// The amortisation table, one row per month of the term. The last row's balance is 0 to the cent: the last
// payment takes what is left (the level payment less rounding drift).
std::vector<LoanMonth> loan_schedule(const LoanTerms& loan);

// A lease's monthly payment from a lease-rate factor (the payment per dollar of equipment cost, e.g. 0.0306 for
// 36 months): cost x factor.
double lease_payment_usd(double equipment_cost_usd, double lease_rate_factor) noexcept;

// The payment at a lease's end: 0, the fair market value given, or $1.
double lease_end_payment_usd(LeaseEnd end, double fair_market_value_usd) noexcept;

// MACRS 5-year property, half-year convention, 200 % declining balance switching to straight line (Publication
// 946, Table A-1): the share of the basis deducted in tax years 1..6. They sum to 1.
inline constexpr double k_macrs_5_half_year[] = {0.20, 0.32, 0.192, 0.1152, 0.1152, 0.0576};

struct TaxDepreciation {
    Depreciation method = Depreciation::none;
    int tax_life_years = 5;                  // straight_line only, >= 1
    double bonus_share = 0.0;                // 0..1 of the basis left after Section 179, deducted in tax year 1
    double section_179_usd = 0.0;            // asked to be expensed in tax year 1
    double section_179_limit_usd = 0.0;      // the year's limit
    double section_179_phase_out_usd = 0.0;  // the limit falls dollar for dollar above this much property; 0: none
};

// The Section 179 deduction actually taken: the amount asked, at most the limit (less the phase-out: the cost above
// the phase-out threshold), at most the basis, never below 0.
double section_179_usd(double basis_usd, const TaxDepreciation& d) noexcept;

// The shares of one basis deducted per tax year under `method` alone (before Section 179 and bonus): Table A-1 for
// macrs_5, 1 / (2 L), 1 / L (L - 1 times), 1 / (2 L) for straight line over L years, nothing for none.
std::vector<double> depreciation_shares(Depreciation method, int tax_life_years);

// The deductions, USD per tax year (index 0 = tax year 1), of a basis placed in service in tax year 1 and kept:
// Section 179 and bonus in year 1, then the method on the rest. They sum to the basis (none: 179 plus bonus).
std::vector<double> depreciation_by_tax_year(double basis_usd, const TaxDepreciation& d);

// The same when the machine is sold in tax year `sale_tax_year` (>= 1): that year's deduction is halved (the
// half-year convention in a year of disposition) and later years have none. Section 179 and bonus stand.
std::vector<double> depreciation_until_sale(double basis_usd, const TaxDepreciation& d, int sale_tax_year);

// The tax on a sale: rate x (price - adjusted basis), where the adjusted basis is the basis less every deduction
// taken; negative (a saving) for a sale below the adjusted basis.
double sale_tax_usd(double sale_price_usd, double basis_usd, std::span<const double> deductions_usd,
                    double tax_rate) noexcept;

}  // namespace gpucost
