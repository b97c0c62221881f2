// The workbook's financing and tax (issue 24): the named figures the Assumptions sheet works out from the finance
// inputs, and the Cash flow sheet's finance cells as the engine has them (the formulas' cached results). The
// formulas restate engine/finance_flow.cpp and engine/finance.cpp; docs/finance.md gives the conventions.
#include <algorithm>
#include <cstddef>

#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/finance.hpp"
#include "gpucost/engine/finance_flow.hpp"
#include "xlsx_parts.hpp"

namespace gpucost::xlsx_detail {
namespace {

constexpr int k_months_per_tax_year = 12;

const Assumptions& in_force(const Comparison& c) { return c.assumptions.values; }
double hardware(const Comparison& c) { return c.result.build.hardware_usd; }
bool leased(const Comparison& c) { return in_force(c).financing == Financing::lease; }
bool lease_ends(const Comparison& c, LeaseEnd end) { return leased(c) && in_force(c).lease_end == end; }

double loan_principal(const Comparison& c) {
    const double p = (1.0 - in_force(c).down_payment) * hardware(c);
    return in_force(c).financing == Financing::loan && p > 0.0 ? p : 0.0;
}
LoanTerms loan_terms(const Comparison& c) {
    return {loan_principal(c), in_force(c).loan_rate, in_force(c).loan_term_months};
}
double loan_payment(const Comparison& c) { return loan_principal(c) > 0.0 ? loan_payment_usd(loan_terms(c)) : 0.0; }
double lease_payment(const Comparison& c) {
    return leased(c) ? lease_payment_in_force_usd(hardware(c), in_force(c)) : 0.0;
}
int lease_end_month(const Comparison& c) { return std::min(in_force(c).lease_term_months, in_force(c).months); }
double lease_principal(const Comparison& c) {
    if (!leased(c)) return 0.0;
    return lease_ends(c, LeaseEnd::one_dollar) ? hardware(c) / static_cast<double>(in_force(c).lease_term_months)
                                               : lease_payment(c);
}
double lease_interest(const Comparison& c) {
    return lease_ends(c, LeaseEnd::one_dollar) ? lease_payment(c) - lease_principal(c) : 0.0;
}
double lease_rent(const Comparison& c) {
    return leased(c) && !lease_ends(c, LeaseEnd::one_dollar) ? lease_payment(c) : 0.0;
}
double lease_value_at_end(const Comparison& c) {
    return resale_value_usd(hardware(c), lease_end_month(c), in_force(c));
}
double lease_end_payment(const Comparison& c) {
    return leased(c) ? lease_end_payment_usd(in_force(c).lease_end, lease_value_at_end(c)) : 0.0;
}
bool owned(const Comparison& c) { return !lease_ends(c, LeaseEnd::return_equipment); }
int placed_in_service(const Comparison& c) {
    return lease_ends(c, LeaseEnd::fair_market_value) ? lease_end_month(c) : 0;
}
double tax_basis(const Comparison& c) {
    if (!owned(c)) return 0.0;
    return lease_ends(c, LeaseEnd::fair_market_value) ? lease_value_at_end(c) : hardware(c) + c.result.build.setup_usd;
}
int months_held(const Comparison& c) { return owned(c) ? in_force(c).months - placed_in_service(c) : 0; }
int sale_tax_year(const Comparison& c) {
    return months_held(c) > 0 ? (months_held(c) - 1) / k_months_per_tax_year + 1 : 0;
}
TaxDepreciation tax_depreciation(const Comparison& c) {
    const Assumptions& a = in_force(c);
    return {a.depreciation,    a.tax_life_years,        a.bonus_depreciation,
            a.section_179_usd, a.section_179_limit_usd, a.section_179_phase_out_usd};
}
double section_179_taken(const Comparison& c) { return section_179_usd(tax_basis(c), tax_depreciation(c)); }
double bonus_taken(const Comparison& c) {
    return std::clamp(in_force(c).bonus_depreciation, 0.0, 1.0) * (tax_basis(c) - section_179_taken(c));
}
double deductions_total(const Comparison& c) {
    double total = 0.0;
    for (const double d : depreciation_usd_by_tax_year(c)) total += d;
    return total;
}
double tax_on_sale(const Comparison& c) {
    if (months_held(c) <= 0) return 0.0;
    const double price = resale_value_usd(hardware(c), in_force(c).months, in_force(c));
    return in_force(c).tax_rate * (price - (tax_basis(c) - deductions_total(c)));
}
double yes(bool b) { return b ? 1.0 : 0.0; }

// The figures in the order they rest on each other. 12 is the months of a tax year.
constexpr Derived k_finance[] = {
    {"loan_principal_usd", "=IF(financing=\"loan\",MAX(0,(1-down_payment)*hardware_usd),0)", "USD",
     "borrowed in month 0: the hardware less the down payment (0 unless financing is loan)",
     [](const Comparison& c) { return loan_principal(c); }},
    {"loan_monthly_rate", "=loan_rate/12", "per month", "the loan's rate a month, compounded monthly",
     [](const Comparison& c) { return in_force(c).loan_rate / 12.0; }},
    {"loan_payment_usd",
     "=IF(loan_principal_usd=0,0,IF(loan_monthly_rate=0,loan_principal_usd/loan_term_months,loan_principal_usd*"
     "loan_monthly_rate/(1-(1+loan_monthly_rate)^(-loan_term_months))))",
     "USD/month", "the level payment in months 1..n: P i / (1 - (1 + i)^-n)", loan_payment},
    {"lease_financed_usd", "=IF(financing=\"lease\",hardware_usd,0)", "USD",
     "what the lessor pays for the machine in month 0",
     [](const Comparison& c) { return leased(c) ? hardware(c) : 0.0; }},
    {"lease_payment_usd",
     "=IF(financing=\"lease\",IF(lease_usd_per_month>0,lease_usd_per_month,hardware_usd*lease_rate_factor),0)",
     "USD/month", "the lease's payment: lease_usd_per_month, else hardware x lease_rate_factor", lease_payment},
    {"lease_end_month", "=MIN(lease_term_months,horizon_months)", "month",
     "the month the lease ends within the horizon (a longer term is bought out in month M)",
     [](const Comparison& c) { return static_cast<double>(lease_end_month(c)); }},
    {"lease_principal_usd_per_month",
     "=IF(financing<>\"lease\",0,IF(lease_end=\"one-dollar\",hardware_usd/lease_term_months,lease_payment_usd))",
     "USD/month", "a payment's financing part: all of it, or H / T of a one-dollar lease (a purchase for tax)",
     lease_principal},
    {"lease_interest_usd_per_month",
     "=IF(AND(financing=\"lease\",lease_end=\"one-dollar\"),lease_payment_usd-hardware_usd/lease_term_months,0)",
     "USD/month", "a one-dollar lease's payment above H / T, deducted as interest", lease_interest},
    {"lease_rent_usd_per_month", "=IF(AND(financing=\"lease\",lease_end<>\"one-dollar\"),lease_payment_usd,0)",
     "USD/month", "a true lease's payment, deducted as rent", lease_rent},
    {"lease_value_at_end_usd",
     "=IF(resale=\"none\",0,IF(resale=\"curve\",hardware_usd*(1-resale_decline_per_year)^(MAX(0,lease_end_month-"
     "lead_time_in_force)/12),hardware_usd*(1-(1-residual_value)*(MIN(MAX(0,lease_end_month-lead_time_in_force)/12,"
     "useful_life_years)/useful_life_years))))",
     "USD", "the machine's value at the lease's end, on the resale curve", lease_value_at_end},
    {"lease_end_payment_usd",
     "=IF(financing<>\"lease\",0,IF(lease_end=\"fmv\",lease_value_at_end_usd,IF(lease_end=\"one-dollar\",1,0)))", "USD",
     "paid at the lease's end: the value (fmv), $1 (one-dollar) or nothing (return)", lease_end_payment},
    {"machine_owned", "=IF(AND(financing=\"lease\",lease_end=\"return\"),0,1)", "1/0",
     "whether the machine is the build side's to depreciate and sell (not a returned lease's)",
     [](const Comparison& c) { return yes(owned(c)); }},
    {"deductible_setup_usd", "=IF(AND(financing=\"lease\",lease_end<>\"one-dollar\"),setup_usd,0)", "USD",
     "a true lessee's setup, deducted in month 0 (it has no basis to add it to)",
     [](const Comparison& c) {
         return leased(c) && !lease_ends(c, LeaseEnd::one_dollar) ? c.result.build.setup_usd : 0.0;
     }},
    {"placed_in_service_month", "=IF(AND(financing=\"lease\",lease_end=\"fmv\"),lease_end_month,0)", "month",
     "tax year 1 starts the month after this one (an fmv buyout's month; else 0)",
     [](const Comparison& c) { return static_cast<double>(placed_in_service(c)); }},
    {"tax_basis_usd",
     "=IF(machine_owned=0,0,IF(AND(financing=\"lease\",lease_end=\"fmv\"),lease_value_at_end_usd,hardware_usd+"
     "setup_usd))",
     "USD", "what is depreciated: hardware + setup, or an fmv buyout's price", tax_basis},
    {"months_held", "=IF(machine_owned=1,horizon_months-placed_in_service_month,0)", "months",
     "months owned before the sale at the horizon",
     [](const Comparison& c) { return static_cast<double>(months_held(c)); }},
    {"sale_tax_year", "=IF(months_held>0,INT((months_held-1)/12)+1,0)", "tax year",
     "the tax year of the sale, which gets half of the method's deduction",
     [](const Comparison& c) { return static_cast<double>(sale_tax_year(c)); }},
    {"section_179_taken_usd",
     "=MAX(0,MIN(section_179_usd,section_179_limit_usd-IF(section_179_phase_out_usd>0,MAX(0,tax_basis_usd-"
     "section_179_phase_out_usd),0),tax_basis_usd))",
     "USD", "expensed in tax year 1: the amount asked, at most the limit less the phase-out, at most the basis",
     section_179_taken},
    {"bonus_taken_usd", "=MIN(MAX(bonus_depreciation,0),1)*(tax_basis_usd-section_179_taken_usd)", "USD",
     "bonus depreciation in tax year 1, on the basis left after Section 179", bonus_taken},
    {"depreciable_rest_usd", "=tax_basis_usd-section_179_taken_usd-bonus_taken_usd", "USD",
     "what the method depreciates",
     [](const Comparison& c) { return tax_basis(c) - section_179_taken(c) - bonus_taken(c); }},
};

}  // namespace

std::span<const Derived> finance_figures() noexcept { return k_finance; }

int tax_years_in_horizon(const Comparison& c) noexcept {
    return std::max(1, (in_force(c).months + k_months_per_tax_year - 1) / k_months_per_tax_year);
}

std::vector<double> method_shares_by_tax_year(const Comparison& c) {
    std::vector<double> shares = depreciation_shares(in_force(c).depreciation, in_force(c).tax_life_years);
    shares.resize(static_cast<std::size_t>(tax_years_in_horizon(c)), 0.0);
    return shares;
}

std::vector<double> depreciation_usd_by_tax_year(const Comparison& c) {
    std::vector<double> deductions;
    if (months_held(c) > 0) deductions = depreciation_until_sale(tax_basis(c), tax_depreciation(c), sale_tax_year(c));
    deductions.resize(static_cast<std::size_t>(tax_years_in_horizon(c)), 0.0);
    return deductions;
}

std::span<const Derived> finance_sale_figures() noexcept {
    static constexpr Derived k_sale[] = {
        {"depreciation_total_usd", "=SUM(depreciation_usd_by_tax_year)", "USD", "every deduction taken until the sale",
         deductions_total},
        {"tax_on_sale_usd", "=IF(months_held>0,tax_rate*(resale_value_usd-(tax_basis_usd-depreciation_total_usd)),0)",
         "USD", "at month M: t x (price - adjusted basis); negative, a saving, below it", tax_on_sale},
    };
    return k_sale;
}

FinanceCells::FinanceCells(const Comparison& c)
    : m_comparison(c),
      m_months(finance_months(c.result, c.assumptions.values)),
      m_loan(loan_principal(c) > 0.0 ? loan_schedule(loan_terms(c)) : std::vector<LoanMonth>{}) {}

void FinanceCells::fill(int month, std::span<double> x, std::span<const double> before) const {
    const Comparison& c = m_comparison;
    const Assumptions& a = in_force(c);
    const Evaluation& e = c.result;
    const auto at = [&](std::string_view key) -> double& { return x[static_cast<std::size_t>(cash_flow_column(key))]; };
    const auto was = [&](std::string_view key) { return before[static_cast<std::size_t>(cash_flow_column(key))]; };
    const double v = at("v");
    const FinanceMonth& f = m_months[static_cast<std::size_t>(month)];
    at("financing") = f.financing_usd * v;
    at("interest") = f.interest_usd * v;
    at("tax_deduction") = f.tax_deduction_usd * v;
    at("depreciation") = f.depreciation_usd * v;
    at("tax_on_sale") = month == a.months ? tax_on_sale(c) * v : 0.0;
    at("cloud_tax_deduction") = f.cloud_tax_deduction_usd * v;
    const bool in_loan = month >= 1 && month <= static_cast<int>(m_loan.size());
    const LoanMonth* row = in_loan ? &m_loan[static_cast<std::size_t>(month - 1)] : nullptr;
    at("loan_balance") = month == 0 ? loan_principal(c) : row != nullptr ? row->balance_usd : 0.0;
    at("loan_interest") = row != nullptr ? row->interest_usd : 0.0;
    at("loan_principal") = row != nullptr ? row->principal_usd : 0.0;
    const bool due = leased(c) && month >= 1 && month <= lease_end_month(c);
    const bool buyout = month == a.months && a.lease_term_months > a.months;
    at("lease_payments") = due ? (buyout ? static_cast<double>(a.lease_term_months - a.months + 1) : 1.0) : 0.0;
    double build = 0.0;
    double cloud = 0.0;
    if (month >= 1)
        for (const CategoryInfo& info : k_categories)
            if (info.timing == Timing::monthly)
                (info.side == Side::build ? build : cloud) += month_amount_usd(e, a, info.category, month);
    at("build_deductible") =
        month == 0 ? (leased(c) && !lease_ends(c, LeaseEnd::one_dollar) ? e.build.setup_usd : 0.0)
                   : build + at("loan_interest") + at("lease_payments") * (lease_interest(c) + lease_rent(c));
    at("cloud_deductible") = month == 0 ? e.cloud.setup_usd : cloud;  // a rental's setup fee, deducted as paid
    const int year = month <= 0 ? 1 : (month - 1) / k_months_per_tax_year + 1;
    const bool new_year = month > 1 && (month - 1) % k_months_per_tax_year == 0;
    at("tax_year") = year;
    at("build_deductible_year") =
        (month == 0 || new_year ? 0.0 : was("build_deductible_year")) + at("build_deductible");
    at("cloud_deductible_year") =
        (month == 0 || new_year ? 0.0 : was("cloud_deductible_year")) + at("cloud_deductible");
    at("tax_year_end") = yes(month >= 1 && (month % k_months_per_tax_year == 0 || month == a.months));
    at("v_tax") = month == 0 ? 0.0
                  : a.tax_timing == TaxTiming::year_end
                      ? discount_factor(std::min(12 * year, a.months), a.discount_rate, a.discounting)
                      : v;
    const int bought = placed_in_service(c);
    at("depreciation_year") = owned(c) && month > bought ? (month - bought - 1) / k_months_per_tax_year + 1 : 0;
    at("resale_if_sold") = leased(c) ? 0.0 : (resale_value_usd(hardware(c), month, a) - at("loan_balance")) * v;
}

}  // namespace gpucost::xlsx_detail
