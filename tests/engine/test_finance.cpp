// Financing and tax depreciation (engine/finance.hpp), against figures worked out by hand beside each case.
#include <numeric>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/engine/finance.hpp"

using namespace gpucost;
using Catch::Matchers::WithinAbs;

namespace {
double sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }
}  // namespace

TEST_CASE("finance: a loan's level payment is the annuity formula", "[finance]") {
    // $100,000 at 9 % a year for 36 months: r = 0.09 / 12 = 0.0075, (1.0075)^36 = 1.308645,
    // payment = 100,000 x 0.0075 / (1 - 1 / 1.308645) = 750 / 0.235851 = $3,179.97 (a lender's table gives $31.80
    // a month per $1,000 at 9 % over 36 months).
    CHECK_THAT(loan_payment_usd({100'000.0, 0.09, 36}), WithinAbs(3179.973266, 1e-6));
    // No interest: the principal in equal parts, 36,000 / 36.
    CHECK(loan_payment_usd({36'000.0, 0.0, 36}) == 1000.0);
    // One month: principal plus one month's interest, 12,000 x (1 + 0.12 / 12) = 12,120.
    CHECK_THAT(loan_payment_usd({12'000.0, 0.12, 1}), WithinAbs(12'120.0, 1e-9));
    CHECK(loan_payment_usd({12'000.0, 0.12, 0}) == 0.0);
}

TEST_CASE("finance: the amortisation table splits each payment and ends at zero", "[finance]") {
    const std::vector<LoanMonth> rows = loan_schedule({100'000.0, 0.09, 36});
    REQUIRE(rows.size() == 36);
    // Month 1: interest 100,000 x 0.0075 = 750.00, principal 3,179.97 - 750.00 = 2,429.97, owed 97,570.03.
    CHECK(rows[0].month == 1);
    CHECK_THAT(rows[0].interest_usd, WithinAbs(750.0, 1e-9));
    CHECK_THAT(rows[0].principal_usd, WithinAbs(2429.973266, 1e-6));
    CHECK_THAT(rows[0].balance_usd, WithinAbs(97'570.026734, 1e-6));
    // Month 2: interest 97,570.03 x 0.0075 = 731.78.
    CHECK_THAT(rows[1].interest_usd, WithinAbs(731.775201, 1e-6));
    // The last month pays what is left (3,156.30) and its interest (23.67): the balance is exactly 0.
    CHECK_THAT(rows[35].interest_usd, WithinAbs(23.672258, 1e-6));
    CHECK(rows[35].balance_usd == 0.0);
    // Every payment less the principal is the interest: 36 x 3,179.97 - 100,000 = $14,479.04.
    double paid = 0.0;
    double principal = 0.0;
    for (const LoanMonth& m : rows) {
        paid += m.payment_usd;
        principal += m.principal_usd;
    }
    CHECK_THAT(principal, WithinAbs(100'000.0, 1e-6));
    CHECK_THAT(paid - 100'000.0, WithinAbs(14'479.037576, 1e-5));
}

TEST_CASE("finance: a lease's payment and its end", "[finance]") {
    // A lease-rate factor of 0.0306 on $250,000 of equipment: 250,000 x 0.0306 = $7,650 a month.
    CHECK_THAT(lease_payment_usd(250'000.0, 0.0306), WithinAbs(7650.0, 1e-9));
    CHECK(lease_end_payment_usd(LeaseEnd::return_equipment, 80'000.0) == 0.0);
    CHECK(lease_end_payment_usd(LeaseEnd::fair_market_value, 80'000.0) == 80'000.0);
    CHECK(lease_end_payment_usd(LeaseEnd::one_dollar, 80'000.0) == 1.0);
}

TEST_CASE("finance: MACRS 5-year and straight line follow Publication 946", "[finance]") {
    // Table A-1, 5-year, half-year convention: 20, 32, 19.2, 11.52, 11.52, 5.76 %, summing to 100 %.
    const std::vector<double> macrs = depreciation_by_tax_year(100'000.0, {Depreciation::macrs_5});
    REQUIRE(macrs.size() == 6);
    const double expected[] = {20'000.0, 32'000.0, 19'200.0, 11'520.0, 11'520.0, 5'760.0};
    for (std::size_t year = 0; year < 6; ++year) CHECK_THAT(macrs[year], WithinAbs(expected[year], 1e-9));
    CHECK_THAT(sum(macrs), WithinAbs(100'000.0, 1e-9));
    // Table A-8 shape over 5 years: half a year (10 %), four full years (20 %), half a year (10 %).
    const std::vector<double> line = depreciation_by_tax_year(100'000.0, {Depreciation::straight_line, 5});
    REQUIRE(line.size() == 6);
    CHECK(line.front() == 10'000.0);
    CHECK(line[1] == 20'000.0);
    CHECK(line.back() == 10'000.0);
    CHECK_THAT(sum(line), WithinAbs(100'000.0, 1e-9));
    // Over 3 years: 1/6, 1/3, 1/3, 1/6.
    const std::vector<double> three = depreciation_by_tax_year(60'000.0, {Depreciation::straight_line, 3});
    REQUIRE(three.size() == 4);
    CHECK_THAT(three[0], WithinAbs(10'000.0, 1e-9));
    CHECK_THAT(three[2], WithinAbs(20'000.0, 1e-9));
    // none: no deduction at all.
    CHECK(sum(depreciation_by_tax_year(100'000.0, {})) == 0.0);
}

TEST_CASE("finance: Section 179 comes first, then bonus, then the method", "[finance]") {
    TaxDepreciation d{Depreciation::macrs_5, 5, 0.6, 20'000.0, 2'500'000.0, 4'000'000.0};
    // $100,000: 179 takes 20,000; bonus 60 % of the 80,000 left = 48,000; MACRS on the 32,000 left:
    // year 1 = 20,000 + 48,000 + 0.20 x 32,000 = 74,400; year 2 = 0.32 x 32,000 = 10,240; ...; year 6 = 1,843.20.
    const std::vector<double> years = depreciation_by_tax_year(100'000.0, d);
    REQUIRE(years.size() == 6);
    CHECK_THAT(years[0], WithinAbs(74'400.0, 1e-9));
    CHECK_THAT(years[1], WithinAbs(10'240.0, 1e-9));
    CHECK_THAT(years[5], WithinAbs(1'843.2, 1e-9));
    CHECK_THAT(sum(years), WithinAbs(100'000.0, 1e-9));
    // The limit: asked 3,000,000 of a $3,500,000 basis, limit 2,500,000 -> 2,500,000.
    d.section_179_usd = 3'000'000.0;
    CHECK(section_179_usd(3'500'000.0, d) == 2'500'000.0);
    // The phase-out: a $5,000,000 basis is 1,000,000 over 4,000,000, so the limit is 2,500,000 - 1,000,000.
    CHECK(section_179_usd(5'000'000.0, d) == 1'500'000.0);
    // Never more than the basis, never below zero ($7,000,000 is 3,000,000 over: the limit is gone).
    CHECK(section_179_usd(50'000.0, d) == 50'000.0);
    CHECK(section_179_usd(7'000'000.0, d) == 0.0);
    // With no method, 179 and bonus are the whole deduction: 20,000 + 0.6 x 80,000 = 68,000.
    const std::vector<double> upfront =
        depreciation_by_tax_year(100'000.0, {Depreciation::none, 5, 0.6, 20'000.0, 2'500'000.0, 0.0});
    CHECK_THAT(sum(upfront), WithinAbs(68'000.0, 1e-9));
}

TEST_CASE("finance: a sale halves that year's deduction and taxes the gain over the adjusted basis", "[finance]") {
    // MACRS on $100,000, sold in tax year 3: 20,000 + 32,000 + 19,200 / 2 = 61,600 taken; adjusted basis 38,400.
    const std::vector<double> taken = depreciation_until_sale(100'000.0, {Depreciation::macrs_5}, 3);
    REQUIRE(taken.size() == 3);
    CHECK(taken[2] == 9'600.0);
    CHECK_THAT(sum(taken), WithinAbs(61'600.0, 1e-9));
    // Sold for 45,000 at 21 %: (45,000 - 38,400) x 0.21 = 1,386 of tax (recapture).
    CHECK_THAT(sale_tax_usd(45'000.0, 100'000.0, taken, 0.21), WithinAbs(1'386.0, 1e-9));
    // Sold for 30,000: a loss of 8,400, worth 8,400 x 0.21 = 1,764 of tax saved.
    CHECK_THAT(sale_tax_usd(30'000.0, 100'000.0, taken, 0.21), WithinAbs(-1'764.0, 1e-9));
    // Sold in tax year 1 with full bonus: bonus is never halved, so all 100,000 was taken; a sale at 45,000 is
    // all gain: 45,000 x 0.21 = 9,450.
    const std::vector<double> bonus = depreciation_until_sale(100'000.0, {Depreciation::macrs_5, 5, 1.0}, 1);
    CHECK_THAT(sum(bonus), WithinAbs(100'000.0, 1e-9));
    CHECK_THAT(sale_tax_usd(45'000.0, 100'000.0, bonus, 0.21), WithinAbs(9'450.0, 1e-9));
    // Sold after the schedule ends (year 8): every deduction stands, the adjusted basis is 0.
    CHECK_THAT(sum(depreciation_until_sale(100'000.0, {Depreciation::macrs_5}, 8)), WithinAbs(100'000.0, 1e-9));
}
