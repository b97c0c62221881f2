// The workbook format (--format xlsx): one comparison as a spreadsheet whose figures are live formulas. An
// Assumptions sheet holds every input as a named cell, a Cash flow sheet works out each month from those names as
// the engine does (month_amount_usd x discount factor), and a Summary sheet holds the totals, the verdict, the
// payback and the break-even. docs/workbook.md describes the sheets and names.
#pragma once

#include <string>

#include "gpucost/render/render.hpp"

namespace gpucost {

// The bytes of an .xlsx workbook for the report's one comparison (`compare --build ID`). Money is in USD (the
// workbook's formulas are the engine's, which counts in USD). The same report gives the same bytes (the workbook's
// creation time is fixed). Throws UsageError for a report of other than one comparison or a currency other than
// USD, OutputError when libxlsxwriter cannot write the workbook.
std::string render_xlsx(const Report& report, const RenderOptions& options = {});
// The same workbook for `cashflow` (its one comparison).
std::string render_xlsx(const CashFlowReport& cash_flow, const RenderOptions& options = {});

struct PlanReport;
// The plan's workbook (`plan --format xlsx`): its chosen schedule as input cells, each month's spend by source with
// formulas over the prices, the net present cost and the peak month (render/xlsx_plan.cpp, docs/workbook.md).
// Throws UsageError for a currency other than USD.
std::string render_xlsx(const PlanReport& plan, const RenderOptions& options = {});

}  // namespace gpucost
