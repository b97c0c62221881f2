// Internal to the cash flow's renderers: the FOCUS-shaped rows (cashflow_focus.cpp), which rows_of picks for
// --layout focus.
#pragma once

#include "gpucost/render/render.hpp"

namespace gpucost {

// The FOCUS-shaped rows of every comparison, made as they are written; the view must have a start.
RowSet focus_rows(const CashFlowReport& cash_flow);

}  // namespace gpucost
