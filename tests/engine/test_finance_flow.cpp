// Financing and tax in evaluate() and the cash flow (engine/finance_flow.hpp), against figures worked out by hand
// beside each case, and the property that cash with a tax rate of 0 leaves every figure as it was, to the bit.
#include <cmath>
#include <cstring>
#include <random>

#include <catch2/catch.hpp>

#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/finance_flow.hpp"

using namespace gpucost;
using Catch::Matchers::WithinAbs;

namespace {

double real(std::mt19937_64& rng, double low, double high) {
    return std::uniform_real_distribution<double>(low, high)(rng);
}
int whole(std::mt19937_64& rng, int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng); }

struct Scenario {
    BuildSpec build;
    CloudSpec cloud;
    Assumptions a;
};

// Any valid comparison of model v2 with availability (a subset of test_model_v2.cpp's generator).
Scenario random_scenario(std::mt19937_64& rng) {
    Scenario s;
    s.build = {whole(rng, 1, 16),    real(rng, 100, 40'000), real(rng, 50, 1'000), real(rng, 5, 100),
               real(rng, 0, 20'000), real(rng, 0, 2'000),    real(rng, 0, 300),    real(rng, 0, 5'000)};
    s.cloud.gpus_per_instance = whole(rng, 1, 8);
    s.cloud.usd_per_hour = real(rng, 0.1, 100);
    s.cloud.interim_usd_per_hour = real(rng, 0.01, 100);
    s.cloud.backup_usd_per_hour = real(rng, 0, 400);
    Assumptions& a = s.a;
    a.hours_per_week = real(rng, 0, 168);
    a.months = whole(rng, 1, 96);
    a.pricing = static_cast<Pricing>(whole(rng, 0, k_pricing_count - 1));
    a.electricity_usd_per_kwh = real(rng, 0, 0.5);
    a.pue = real(rng, 1, 2);
    a.staff_salary_usd = real(rng, 0, 200'000);
    a.staff_fte_build = real(rng, 0, 1);
    a.staff_fte_cloud = real(rng, 0, 1);
    a.maintenance_rate = real(rng, 0, 0.3);
    a.facility_usd_per_month = real(rng, 0, 3'000);
    a.useful_life_years = real(rng, 0.5, 8);
    a.residual_value = real(rng, 0, 1);
    a.discount_rate = whole(rng, 0, 1) == 1 ? 0.0 : real(rng, 0, 0.3);
    a.discounting = whole(rng, 0, 3) == 0 ? DiscountConvention::annual : DiscountConvention::monthly;
    a.resale = static_cast<ResaleModel>(whole(rng, 0, 2));
    a.resale_decline_per_year = real(rng, 0, 0.9);
    a.cloud_price_change_per_year = whole(rng, 0, 3) == 0 ? 0.0 : real(rng, -0.9, 1);
    a.electricity_price_change_per_year = whole(rng, 0, 3) == 0 ? 0.0 : real(rng, -0.9, 1);
    a.lead_time_months = whole(rng, 0, 3) == 0 ? 0 : whole(rng, 0, a.months - 1);
    a.failures_per_machine_year = real(rng, 0, 6);
    a.repair_hours = real(rng, 0, 720);
    return s;
}

// Every term of financing and tax drawn at random, with cash and a tax rate of 0: none of them may be read.
void draw_unread_terms(std::mt19937_64& rng, Assumptions& a) {
    a.loan_rate = real(rng, 0, 1);
    a.loan_term_months = whole(rng, 1, 120);
    a.down_payment = real(rng, 0, 1);
    a.lease_usd_per_month = real(rng, 0, 50'000);
    a.lease_rate_factor = real(rng, 0, 0.1);
    a.lease_term_months = whole(rng, 1, 120);
    a.lease_end = static_cast<LeaseEnd>(whole(rng, 0, 2));
    a.depreciation = static_cast<Depreciation>(whole(rng, 0, 2));
    a.tax_life_years = whole(rng, 1, 20);
    a.bonus_depreciation = real(rng, 0, 1);
    a.section_179_usd = real(rng, 0, 1e6);
    a.section_179_limit_usd = real(rng, 0, 3e6);
    a.section_179_phase_out_usd = real(rng, 0, 5e6);
    a.tax_timing = static_cast<TaxTiming>(whole(rng, 0, 1));
}

bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

void check_same_bits(const Evaluation& x, const Evaluation& y) {
    for (const CategoryInfo& info : k_categories) {
        CAPTURE(info.key);
        CHECK(same_bits(amount_usd(x, info.category), amount_usd(y, info.category)));
    }
    CHECK(same_bits(x.build.total_usd, y.build.total_usd));
    CHECK(same_bits(x.cloud.total_usd, y.cloud.total_usd));
    CHECK(same_bits(x.savings_usd, y.savings_usd));
    CHECK(x.cheaper == y.cheaper);
    CHECK(x.build_per_gpu_hour_usd == y.build_per_gpu_hour_usd);
    CHECK(x.cloud_per_gpu_hour_usd == y.cloud_per_gpu_hour_usd);
    CHECK(x.break_even_hours_per_week == y.break_even_hours_per_week);
    CHECK(x.build_cheaper_above == y.build_cheaper_above);
    CHECK(x.payback_month == y.payback_month);
    CHECK(x.payback_month_if_sold == y.payback_month_if_sold);
}

// A machine of one $100,000 GPU, nothing else to pay, against a $2/h instance of one GPU, 168 h/week (730 h a
// month), over `months` months, discount rate 0: every figure below is a sum a reader can redo.
Scenario plain(int months) {
    Scenario s;
    s.build.gpu_count = 1;
    s.build.gpu_price_usd = 100'000.0;
    s.cloud.gpus_per_instance = 1;
    s.cloud.usd_per_hour = 2.0;
    s.a.hours_per_week = 168.0;
    s.a.months = months;
    s.a.useful_life_years = 5.0;
    s.a.residual_value = 0.0;
    return s;
}

}  // namespace

TEST_CASE("finance: cash and a tax rate of 0 leave every figure and every flow as before, to the bit",
          "[finance][properties]") {
    std::mt19937_64 rng(20261202);
    for (int i = 0; i < 2000; ++i) {
        Scenario s = random_scenario(rng);
        INFO("scenario " << i);
        const Evaluation before = evaluate(s.build, s.cloud, s.a);  // every finance term at its neutral value
        draw_unread_terms(rng, s.a);
        REQUIRE_FALSE(uses_finance(s.a));
        const Evaluation after = evaluate(s.build, s.cloud, s.a);
        check_same_bits(before, after);
        for (const CategoryInfo& info : k_categories)
            if (is_finance(info.category)) CHECK(amount_usd(after, info.category) == 0.0);
        // The profile keeps its shape of before financing and tax existed: 2 upfront flows, 10 a month, 1 at the end.
        const CashFlowProfile profile = cash_flow_profile(after, s.a);
        CHECK(profile.flows.size() == 2 + 10 * static_cast<std::size_t>(s.a.months) + 1);
        for (const CashFlow& flow : profile.flows) CHECK_FALSE(is_finance(flow.category));
    }
}

TEST_CASE("evaluate_totals: evaluate()'s totals and cheaper side, to the bit, with or without financing and tax",
          "[finance][properties]") {
    // The verdict readings call evaluate_totals() in place of evaluate() (issue 21's start-up), so the two may not
    // differ in a bit on any valid comparison: model v2's terms, availability, and every financing and tax choice.
    std::mt19937_64 rng(2026120421);
    int financed = 0;
    for (int i = 0; i < 3000; ++i) {
        Scenario s = random_scenario(rng);
        draw_unread_terms(rng, s.a);
        s.a.financing = static_cast<Financing>(whole(rng, 0, 2));
        s.a.tax_rate = whole(rng, 0, 1) == 0 ? 0.0 : real(rng, 0, 0.6);
        INFO("scenario " << i);
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        const EvaluationTotals t = evaluate_totals(s.build, s.cloud, s.a);
        CHECK(same_bits(t.build_total_usd, e.build.total_usd));
        CHECK(same_bits(t.cloud_total_usd, e.cloud.total_usd));
        CHECK(t.cheaper == e.cheaper);
        if (uses_finance(s.a)) ++financed;
    }
    CHECK(financed > 2000);  // about 5 in 6 of the draws finance or tax: both of evaluate()'s paths are held
}

TEST_CASE("finance: a loan at the cost of capital costs what cash costs", "[finance][properties]") {
    // The lender's monthly rate r / 12 equal to the discount rate's monthly step (1 + d)^(1/12) - 1: each payment's
    // present value repays exactly its share of the principal, so the loan adds nothing at the discount rate.
    std::mt19937_64 rng(20261203);
    for (int i = 0; i < 500; ++i) {
        Scenario s = random_scenario(rng);
        s.a.discounting = DiscountConvention::monthly;
        s.a.discount_rate = real(rng, 0.01, 0.3);
        INFO("scenario " << i);
        const Evaluation cash = evaluate(s.build, s.cloud, s.a);
        s.a.financing = Financing::loan;
        s.a.loan_rate = 12.0 * std::expm1(std::log1p(s.a.discount_rate) / 12.0);
        s.a.loan_term_months = whole(rng, 1, 120);
        s.a.down_payment = real(rng, 0, 1);
        const Evaluation loan = evaluate(s.build, s.cloud, s.a);
        const double scale = cash.build.total_usd + cash.build.hardware_usd;
        CHECK_THAT(loan.build.financing_usd + loan.build.interest_usd, WithinAbs(0.0, 1e-9 * scale));
        CHECK_THAT(loan.build.total_usd, WithinAbs(cash.build.total_usd, 1e-9 * scale));
        CHECK(loan.cloud.total_usd == cash.cloud.total_usd);
    }
}

TEST_CASE("finance: a loan's interest and payoff in a compare run, by hand", "[finance]") {
    Scenario s = plain(36);
    const Evaluation cash = evaluate(s.build, s.cloud, s.a);
    s.a.financing = Financing::loan;
    s.a.loan_rate = 0.09;
    s.a.loan_term_months = 36;
    const Evaluation loan = evaluate(s.build, s.cloud, s.a);
    // $100,000 at 9 % over 36 months pays $3,179.973266 a month (test_finance.cpp): 36 x 3,179.973266 - 100,000 =
    // $14,479.04 of interest. Drawn and repaid, the principal nets to 0 at a discount rate of 0.
    CHECK_THAT(loan.build.interest_usd, WithinAbs(14'479.037576, 1e-5));
    CHECK_THAT(loan.build.financing_usd, WithinAbs(0.0, 1e-6));
    CHECK_THAT(loan.build.total_usd, WithinAbs(cash.build.total_usd + 14'479.037576, 1e-5));
    // Month 0 now holds only what was not borrowed: the hardware $100,000 less the $100,000 drawn.
    const CashFlowProfile profile = cash_flow_profile(loan, s.a);
    CHECK_THAT(profile.months[0].build_usd, WithinAbs(0.0, 1e-9));

    // A 24-month horizon ends the comparison a year into the loan: 24 payments carry $12,682.07 of interest and
    // $36,362.72 is still owed, paid off in month 24 (the machine is sold then), so financing still nets to 0.
    s.a.months = 24;
    const Evaluation short_loan = evaluate(s.build, s.cloud, s.a);
    CHECK_THAT(short_loan.build.interest_usd, WithinAbs(12'682.074983, 1e-5));
    CHECK_THAT(short_loan.build.financing_usd, WithinAbs(0.0, 1e-6));
    const CashFlowProfile payoff = cash_flow_profile(short_loan, s.a);
    // Month 24 pays the level payment and the payoff: 3,179.973266 + 36,362.716600 = 39,542.689866.
    double financing_24 = 0.0;
    double interest_24 = 0.0;
    for (const CashFlow& flow : payoff.flows) {
        if (flow.month != 24) continue;
        if (flow.category == Category::financing) financing_24 = flow.amount_usd;
        if (flow.category == Category::interest) interest_24 = flow.amount_usd;
    }
    CHECK_THAT(financing_24 + interest_24, WithinAbs(39'542.689866, 1e-5));
}

TEST_CASE("finance: leases with each end option in a compare run, by hand", "[finance]") {
    Scenario s = plain(36);
    const Evaluation cash = evaluate(s.build, s.cloud, s.a);
    // Straight-line resale over 5 years to 0: after 36 months 100,000 x (1 - 3 / 5) = $40,000.
    REQUIRE_THAT(cash.build.resale_usd, WithinAbs(-40'000.0, 1e-9));
    s.a.financing = Financing::lease;
    s.a.lease_rate_factor = 0.03;  // $3,000 a month
    s.a.lease_term_months = 36;

    SECTION("return: 36 x 3,000 - 100,000 = 8,000 more than the price, and no resale") {
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        CHECK_THAT(e.build.financing_usd, WithinAbs(8'000.0, 1e-6));
        CHECK(e.build.resale_usd == 0.0);
        // cash: 100,000 - 40,000 = 60,000 for the machine; lease: 100,000 - 100,000 + 108,000 = 108,000.
        CHECK_THAT(e.build.total_usd, WithinAbs(cash.build.total_usd + 48'000.0, 1e-6));
    }
    SECTION("fmv: the lessee also pays the $40,000 the machine is worth at the end, and keeps its resale") {
        s.a.lease_end = LeaseEnd::fair_market_value;
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        CHECK_THAT(e.build.financing_usd, WithinAbs(48'000.0, 1e-6));  // -100,000 + 108,000 + 40,000
        CHECK_THAT(e.build.resale_usd, WithinAbs(-40'000.0, 1e-9));
    }
    SECTION("one-dollar: H / T = 2,777.78 of each payment is principal, the rest interest, and $1 at the end") {
        s.a.lease_end = LeaseEnd::one_dollar;
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        CHECK_THAT(e.build.financing_usd, WithinAbs(1.0, 1e-6));     // -100,000 + 36 x 2,777.78 + 1
        CHECK_THAT(e.build.interest_usd, WithinAbs(8'000.0, 1e-6));  // 36 x (3,000 - 2,777.78)
    }
    SECTION("a term past the horizon with fmv: the 12 remaining payments and the value then, in month 36") {
        s.a.lease_term_months = 48;
        s.a.lease_end = LeaseEnd::fair_market_value;
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        CHECK_THAT(e.build.financing_usd, WithinAbs(-100'000.0 + 48 * 3'000.0 + 40'000.0, 1e-6));
    }
}

TEST_CASE("finance: tax deductions, MACRS depreciation and the tax on sale in a compare run, by hand", "[finance]") {
    Scenario s = plain(36);
    s.a.tax_rate = 0.21;
    s.a.depreciation = Depreciation::macrs_5;
    const Evaluation e = evaluate(s.build, s.cloud, s.a);
    // Cloud: 730 h x $2 = $1,460 a month, 36 months = $52,560, deducted as paid: 0.21 x 52,560 = $11,037.60 saved.
    CHECK_THAT(e.cloud.tax_deduction_usd, WithinAbs(-11'037.6, 1e-6));
    CHECK_THAT(e.cloud.total_usd, WithinAbs(52'560.0 - 11'037.6, 1e-6));
    // The machine has no running cost here: nothing to deduct as paid.
    CHECK(e.build.tax_deduction_usd == 0.0);
    // MACRS 5-year, sold in tax year 3 (half of that year's 19.2 %): 20,000 + 32,000 + 9,600 = 61,600 deducted,
    // saving 0.21 x 61,600 = 12,936.
    CHECK_THAT(e.build.depreciation_usd, WithinAbs(-12'936.0, 1e-6));
    // Sold at $40,000 against an adjusted basis of 100,000 - 61,600 = 38,400: 0.21 x 1,600 = $336 of recapture.
    CHECK_THAT(e.build.tax_on_sale_usd, WithinAbs(336.0, 1e-6));
    // 100,000 - 40,000 - 12,936 + 336 = 47,400 after tax; 60,000 before.
    CHECK_THAT(e.build.total_usd, WithinAbs(47'400.0, 1e-6));
    CHECK_THAT(pre_tax_total_usd(e, Side::build), WithinAbs(60'000.0, 1e-6));
    CHECK_THAT(pre_tax_total_usd(e, Side::cloud), WithinAbs(52'560.0, 1e-6));
    // Before tax renting saves 60,000 - 52,560 = 7,440; after tax it still saves 47,400 - 41,522.40 = 5,877.60.
    CHECK(e.cheaper == Side::cloud);
    CHECK_THAT(e.savings_usd, WithinAbs(47'400.0 - 41'522.4, 1e-6));
}

TEST_CASE("finance: year-end timing moves a tax year's effects to its last month", "[finance]") {
    Scenario s = plain(36);
    s.a.tax_rate = 0.21;
    s.a.bonus_depreciation = 1.0;  // the whole $100,000 in tax year 1: a $21,000 saving
    s.a.discount_rate = 0.10;
    s.a.tax_timing = TaxTiming::year_end;
    const Evaluation year_end = evaluate(s.build, s.cloud, s.a);
    // At the end of month 12, discounted a year at 10 %: -21,000 / 1.1 = -19,090.91.
    CHECK_THAT(year_end.build.depreciation_usd, WithinAbs(-19'090.909091, 1e-5));
    s.a.tax_timing = TaxTiming::month;
    const Evaluation monthly = evaluate(s.build, s.cloud, s.a);
    // $1,750 in each of months 1..12: -1,750 x sum of 1.1^(-m/12) = -19,950.85.
    CHECK_THAT(monthly.build.depreciation_usd, WithinAbs(-19'950.853701, 1e-5));
}

TEST_CASE("finance: the break-even and paybacks read the financed, taxed totals", "[finance]") {
    std::mt19937_64 rng(20261204);
    for (int i = 0; i < 200; ++i) {
        Scenario s = random_scenario(rng);
        s.a.tax_rate = real(rng, 0, 0.5);
        s.a.financing = static_cast<Financing>(whole(rng, 0, 1));  // cash or a loan
        s.a.loan_rate = real(rng, 0, 0.2);
        s.a.loan_term_months = whole(rng, 1, 120);
        s.a.bonus_depreciation = real(rng, 0, 1);
        s.a.tax_timing = static_cast<TaxTiming>(whole(rng, 0, 1));
        INFO("scenario " << i);
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        const double scale = std::fabs(e.build.total_usd) + std::fabs(e.cloud.total_usd) + e.build.hardware_usd;
        // The totals are the categories' sums, and the profile's flows add up to them.
        const CashFlowProfile profile = cash_flow_profile(e, s.a);
        CHECK_THAT(profile.months.back().build_cumulative_usd, WithinAbs(e.build.total_usd, 1e-9 * scale));
        CHECK_THAT(profile.months.back().cloud_cumulative_usd, WithinAbs(e.cloud.total_usd, 1e-9 * scale));
        CHECK(e.payback_month == payback_month(profile));
        // At the break-even the two totals meet.
        if (e.break_even_hours_per_week && *e.break_even_hours_per_week > 0.0 && *e.break_even_hours_per_week < 168.0) {
            Assumptions at = s.a;
            at.hours_per_week = *e.break_even_hours_per_week;
            const Evaluation there = evaluate(s.build, s.cloud, at);
            CHECK_THAT(there.build.total_usd - there.cloud.total_usd, WithinAbs(0.0, 1e-6 * scale));
        }
    }
}
