// `gpucost cashflow`'s model: the comparison report whose month-by-month flows it shows. Each comparison already
// carries its flows (Comparison::cash_flow, from the engine), so this adds no figure of its own: it is a distinct
// type so that the one render dispatcher picks the cash-flow renderers, and it carries the view asked for (layout,
// months or years, a calendar start: cash_flow_periods.hpp).
#pragma once

#include "gpucost/report/cash_flow_periods.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// The cash flow of every comparison of a report, in report order.
struct CashFlowReport {
    Report report;
    CashFlowView view;  // how the rows are laid out; the figures are the same in every view
};

}  // namespace gpucost
