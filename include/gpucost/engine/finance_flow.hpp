// Financing and tax in the month-by-month cash flow (issue 24; docs/finance.md): what a loan, a lease and income tax
// add to each month of one comparison, built from finance.hpp's pure functions. evaluate() adds these amounts to
// the finance categories (categories.hpp) when uses_finance() is true; with cash and a tax rate of 0 it never calls
// this file, so every figure is the same as before to the bit.
//
// Conventions, stated once (docs/finance.md says why):
// - Financed is the hardware price H. Setup is paid in cash in month 0.
// - Loan: a down payment d H in month 0, the principal (1 - d) H drawn in month 0 (a credit in "financing"), level
//   payments in months 1..n split into principal ("financing") and interest; a balance left at the horizon's end
//   is paid off in month M.
// - Lease: the lessor pays H in month 0 (a credit in "financing"), the lessee pays the payment in months 1..T.
//   At T the end option: return (no resale at M), fmv (the resale value at T is paid, then the machine is the
//   lessee's), one-dollar ($1). A term past the horizon (fmv or one-dollar only) is bought out in month M at the
//   remaining payments plus the end option's price. A one-dollar lease is a purchase for tax: each payment is
//   H / T of principal and the rest interest (straight-line split).
// - Tax at rate t: every running cost of both sides, loan interest and a true lease's payments (and its setup) are
//   deducted as paid, saving t x the amount; an owned machine's basis (H + setup; an fmv purchase's price) is
//   depreciated by tax year (finance.hpp), saving t x each deduction, spread over the tax year's months in the
//   horizon; at month M the machine is sold at its resale value and t x (price - adjusted basis) is paid (recapture;
//   a negative amount is the loss's saving). Tax years are 12-month blocks from month 1 (from the purchase for an
//   fmv buyout). TaxTiming::year_end moves each tax year's effects to its last month (at most M). The company is
//   assumed to have other taxable income, so every saving is used when it arises.
#pragma once

#include <vector>

#include "gpucost/engine/categories.hpp"
#include "gpucost/engine/cost_model.hpp"
#include "gpucost/model/values.hpp"

namespace gpucost {

// True when financing or tax changes any figure: financing other than cash, or a tax rate above 0.
constexpr bool uses_finance(const Assumptions& a) noexcept {
    return a.financing != Financing::cash || a.tax_rate > 0.0;
}

// Whether a category is a tax effect (the build side's deduction, depreciation and tax on sale, the cloud's
// deduction): what the verdict before tax leaves out. Financing and interest are not: they are paid before tax.
constexpr bool is_tax(Category category) noexcept {
    return category == Category::tax_deduction || category == Category::depreciation ||
           category == Category::tax_on_sale || category == Category::cloud_tax_deduction;
}

// One side's discounted total before tax: its total less its tax categories. Equal to the total without tax.
double pre_tax_total_usd(const Evaluation& e, Side side) noexcept;

// The finance categories of one month, undiscounted, USD; a credit or a tax saving is negative.
struct FinanceMonth {
    double financing_usd = 0.0;      // loan or lease principal: drawn (negative, month 0), repaid, paid off; lease rent
    double interest_usd = 0.0;       // loan interest; a one-dollar lease's payments above H / T
    double tax_deduction_usd = 0.0;  // build: -t x (running costs, interest, a true lease's rent and setup)
    double depreciation_usd = 0.0;   // build: -t x the depreciation deducted
    double tax_on_sale_usd = 0.0;    // build: t x (resale price - adjusted basis) at month M
    double cloud_tax_deduction_usd = 0.0;  // cloud: -t x its running costs
};

// The monthly lease payment in force: lease_usd_per_month, else the hardware price x lease_rate_factor.
double lease_payment_in_force_usd(double hardware_usd, const Assumptions& a) noexcept;

// Months 0..M (index = month) of an evaluation made with `a`. Reads only the evaluation's hardware and setup prices
// and its monthly costs, which financing and tax never change, so it gives the same months before and after
// apply_finance(). Allocates.
std::vector<FinanceMonth> finance_months(const Evaluation& e, const Assumptions& a);

// Adds the finance categories' discounted totals to an evaluation made without them (zeroing the resale of a
// returned lease) and restates its totals, cheaper side, savings, rates per GPU-hour and both paybacks.
// Break-even is left to the caller, which must evaluate both ends of the hours range (cost_model.cpp).
void apply_finance(Evaluation& e, const Assumptions& a);

}  // namespace gpucost
