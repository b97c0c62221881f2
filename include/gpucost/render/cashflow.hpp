// The monthly cash flow behind a comparison: long-format rows a spreadsheet pivots without cleaning.
#pragma once

#include <string>
#include <vector>

#include "gpucost/render/render.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// One cash flow: one category of one side in one month, discounted to today as the engine discounts it.
struct CashFlowRow {
    const Comparison* comparison = nullptr;  // points into the Report
    int month = 0;                           // 0: purchase and setup; 1..M: running costs; M also the resale
    Side side = Side::build;
    const char* category = "";    // "hardware", "setup", "power", "staff", ..., "resale"
    double amount_usd = 0.0;      // discounted; the resale is negative (a credit)
    double cumulative_usd = 0.0;  // running sum of this side of this comparison up to this row
};

// The rows of one comparison, by month, then side (build before cloud), then category in a fixed order.
// Each side's amounts sum to its total in the report (to rounding: a sum of discount factors against the
// engine's closed form). Every category appears every month, zero or not, so pivots have no holes.
std::vector<CashFlowRow> cash_flows(const Comparison& comparison);
// The rows of every comparison of the report, in report order.
std::vector<CashFlowRow> cash_flows(const Report& report);

// The cash flow of a report in a format: CSV and JSON hold every row at full precision; table and markdown show
// each month's totals per side (the same figures, summed over categories, rounded for reading).
std::string render_cashflow(const Report& report, Format format, const RenderOptions& options = {});

}  // namespace gpucost
