// A cash flow as paid: the undiscounted amount behind each discounted flow of the engine's profile (cash_flow.hpp),
// so that `cashflow` can show nominal and discounted money side by side without a renderer undoing a discount.
#pragma once

#include "gpucost/engine/cash_flow.hpp"

namespace gpucost {

// The undiscounted amount of `flow`, a flow of cash_flow_profile(e, a), USD: the upfront categories as they are
// (month 0 is not discounted), a monthly category's month_amount_usd(e, a, category, month), the resale at the
// resale curve's value at month M (negative, a credit), and any other flow its amount over its month's discount
// factor. So nominal x discount_factor(month) is the flow's amount, exactly for the upfront and monthly flows.
double nominal_usd(const Evaluation& e, const Assumptions& a, const CashFlow& flow) noexcept;

}  // namespace gpucost
