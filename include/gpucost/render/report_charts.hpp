// The charts of a comparison report, built from the report's closed figures only: a renderer formats, it never
// recomputes a cost. Each chart is one SVG with its figures as data- attributes, in the output currency, exactly as
// the JSON report carries them (tests compare the two).
//
//   cumulative-spend  each side's cumulative discounted spend by month (Comparison::cash_flow), payback marked
//   cost-vs-hours     each side's total against hours per week 0-168 (Comparison::usage_range), the break-even
//                     and the user's hours marked
//   breakdown         each side's cost categories stacked (Comparison::costs, in the engine's category order)
//   savings           the ranked view: what owning saves (or costs) per build, with each one's break-even
#pragma once

#include <string>
#include <vector>

#include "gpucost/render/money.hpp"
#include "gpucost/render/svg.hpp"
#include "gpucost/report/cash_flow_report.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// Where a chart goes: a file of its own (XML declaration, SVG namespace) or inside an HTML page; `id` prefixes
// every id in it, unique within the page.
struct ChartPlacement {
    std::string id = "chart";
    bool standalone = true;
};

// A chart's document: where it goes (placement), its <title> and <desc>, and its data- attributes.
SvgDocument document_for(const ChartPlacement& placement, std::string title, std::string desc,
                         std::vector<SvgAttribute> data);

// Every chart name, in the order help and errors list them.
const std::vector<std::string>& chart_names();

// The chart `name` of a report: one comparison (--build) has cumulative-spend, cost-vs-hours and breakdown, a ranked
// report savings, `cashflow` cumulative-spend for one comparison. Throws UsageError "--chart: ..." for an unknown
// name or one the report does not have, naming the valid ones.
std::string report_chart_svg(const Report& report, const std::string& name, const Currency& currency,
                             const ChartPlacement& placement = {});
std::string report_chart_svg(const CashFlowReport& cash_flow, const std::string& name, const Currency& currency,
                             const ChartPlacement& placement = {});

// Each chart of one comparison, and the ranked view's.
std::string cumulative_spend_svg(const Comparison& comparison, const Currency& currency,
                                 const ChartPlacement& placement = {});
std::string cost_vs_hours_svg(const Comparison& comparison, const Currency& currency,
                              const ChartPlacement& placement = {});
std::string breakdown_svg(const Comparison& comparison, const Currency& currency, const ChartPlacement& placement = {});
std::string savings_svg(const Report& report, const Currency& currency, const ChartPlacement& placement = {});

struct LineSeries;  // chart.hpp

// The cumulative-spend chart's two lines: each side's cumulative discounted spend by month, in `currency`.
std::vector<LineSeries> cumulative_spend_lines(const Comparison& comparison, const Currency& currency);

// `gpucost compare --build ID --chart` and `cashflow --chart` in a terminal: the cumulative-spend chart of one
// comparison drawn with braille dots, `columns` wide (at least 40), with ANSI colour when `colour` is on.
std::string cumulative_spend_text(const Comparison& comparison, const Currency& currency, int columns, bool colour);

}  // namespace gpucost
