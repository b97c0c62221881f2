// The month-by-month cash flow of one comparison, owned by the engine: month 0 holds the upfront categories
// (hardware, setup), months 1..M each monthly category's amount discounted to today, month M also the end-of-horizon
// categories (the resale credit). The `cashflow` command renders this; evaluate()'s closed forms are the fast path
// for the same totals and payback, and tests check that the two agree.
//
// Price trends and the lead time (model v2) live in month_amount_usd: a monthly flow is month_amount_usd(category,
// month) x discount_factor(month). evaluate()'s fast path sums the same factors in closed form (a geometric series
// per trend, a loop over terms for a locked commitment rate); tests check the two agree.
#pragma once

#include <optional>
#include <vector>

#include "gpucost/engine/categories.hpp"
#include "gpucost/engine/cost_model.hpp"
#include "gpucost/model/values.hpp"

namespace gpucost {

// One flow: one category of one side in one month, discounted to today as the engine discounts it.
struct CashFlow {
    int month = 0;  // 0..M
    Side side = Side::build;
    Category category = Category::hardware;
    double amount_usd = 0.0;      // discounted; the resale is negative (a credit)
    double cumulative_usd = 0.0;  // running sum of this side's flows up to and including this one
};

// One month's flows summed per side, with each side's cumulative at the month's end.
struct CashFlowMonth {
    int month = 0;                      // 0..M
    double build_usd = 0.0;             // sum of the month's build flows, discounted
    double cloud_usd = 0.0;             // sum of the month's cloud flows, discounted
    double build_cumulative_usd = 0.0;  // every build flow through this month
    double cloud_cumulative_usd = 0.0;  // every cloud flow through this month
};

// The profile of one comparison.
struct CashFlowProfile {
    // By month, then side (build before cloud), then category in k_categories order. Every category of its timing
    // appears in each of its months, zero or not, so pivots have no holes: 2 + 10 M + 1 flows today.
    std::vector<CashFlow> flows;
    std::vector<CashFlowMonth> months;  // index = month, 0..M (a side with no flow in a month carries its cumulative)
};

// The profile of an evaluation already made with `a` (amounts taken from it and discounted with a.discount_rate).
// Allocates; not for hot loops.
CashFlowProfile cash_flow_profile(const Evaluation& evaluation, const Assumptions& a);

// The profile of one build against one offer: evaluate() then the profile above.
CashFlowProfile cash_flow_profile(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a);

// A category's undiscounted amount in month k (1..M) of an evaluation made with `a`, USD: its MonthlyCosts figure
// times its price trend (cloud compute at its pricing's locked rate, power at the electricity trend), 0 outside
// the months it runs (power, maintenance and facility from L + 1, interim cloud to L) and for the upfront and
// end-of-horizon categories.
double month_amount_usd(const Evaluation& e, const Assumptions& a, Category category, int month) noexcept;

// One side's highest undiscounted monthly spend over months 1..M (purchase and resale excluded), USD.
double highest_month_usd(const Evaluation& e, const Assumptions& a, Side side) noexcept;

// Payback month read off the profile with evaluate()'s definition: the first month m in 1..M at which cumulative
// cloud spend reaches cumulative build spend, end-of-horizon credits (resale) not counted; empty when never.
std::optional<int> payback_month(const CashFlowProfile& profile) noexcept;

// evaluate()'s payback_month_if_sold read off the profile: the first month m at which cumulative cloud spend reaches
// cumulative build spend less the machine's resale value at m, discounted.
std::optional<int> payback_month_if_sold(const CashFlowProfile& profile, const Evaluation& e,
                                         const Assumptions& a) noexcept;

}  // namespace gpucost
