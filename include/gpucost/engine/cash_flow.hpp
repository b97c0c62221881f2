// The month-by-month cash flow of one comparison, owned by the engine: month 0 holds the upfront categories
// (hardware, setup), months 1..M each monthly category's amount discounted to today, month M also the end-of-horizon
// categories (the resale credit). The `cashflow` command renders this; evaluate()'s closed forms are the fast path
// for the same totals and payback, and tests check that the two agree.
//
// Price trends (cloud prices falling, power rising) belong here and nowhere else: a monthly flow is
// monthly_usd(category) x trend(category, month) x discount_factor(month), with trend == 1 today. Adding a trend is
// that one factor in cash_flow.cpp (a per-category growth rate in Assumptions), plus, for evaluate()'s fast path, an
// annuity at the trend-adjusted rate (1 + r) / (1 + g) - 1 per category; the profile then checks the closed form.
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
    // appears in each of its months, zero or not, so pivots have no holes: 2 + 8 M + 1 flows today.
    std::vector<CashFlow> flows;
    std::vector<CashFlowMonth> months;  // index = month, 0..M (a side with no flow in a month carries its cumulative)
};

// The profile of an evaluation already made with `a` (amounts taken from it and discounted with a.discount_rate).
// Allocates; not for hot loops.
CashFlowProfile cash_flow_profile(const Evaluation& evaluation, const Assumptions& a);

// The profile of one build against one offer: evaluate() then the profile above.
CashFlowProfile cash_flow_profile(const BuildSpec& build, const CloudSpec& cloud, const Assumptions& a);

// Payback month read off the profile with evaluate()'s definition: the first month m in 1..M at which cumulative
// cloud spend reaches cumulative build spend, end-of-horizon credits (resale) not counted; empty when never.
std::optional<int> payback_month(const CashFlowProfile& profile) noexcept;

}  // namespace gpucost
