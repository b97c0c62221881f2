#include "gpucost/engine/nominal_flow.hpp"

namespace gpucost {

double nominal_usd(const Evaluation& e, const Assumptions& a, const CashFlow& flow) noexcept {
    const CategoryInfo& info = category_info(flow.category);
    if (flow.month == 0 && info.timing == Timing::upfront) return flow.amount_usd;
    if (info.timing == Timing::monthly) return month_amount_usd(e, a, flow.category, flow.month);
    // The engine discounts the resale value at month M once (cost_model.cpp): that value is what is received.
    if (flow.category == Category::resale)
        return e.build.resale_usd < 0.0 ? -resale_value_usd(e.build.hardware_usd, a.months, a) : 0.0;
    // A flow the engine times otherwise (a later category): its amount at its month's discount factor, undone.
    const double v = discount_factor(flow.month, a.discount_rate, a.discounting);
    return v > 0.0 ? flow.amount_usd / v : flow.amount_usd;
}

}  // namespace gpucost
