// `plan` in every format: the document (table, markdown, HTML with the two charts, through the writers), the rows
// (CSV, TSV: one row per strategy), the JSON (docs/output.md, "plan") and one chart as SVG. JSON and rows keep
// full precision; the writers round.
#pragma once

#include <string>
#include <vector>

#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/report/plan_report.hpp"

namespace gpucost {

// The plan for people: what it buys and when, the strategies side by side, cash by year, the demand and the space,
// and in HTML the assumptions, warnings and the catalogue.
Document document_of(const PlanReport& report);
// One row per strategy, in the report's order: the CSV contract (docs/output.md), new columns at the end.
RowSet rows_of(const PlanReport& report);
std::string render_json(const PlanReport& report, const RenderOptions& options = {});
// The plan's charts (render/plan_chart.cpp): "capacity" (the plan's GPUs by source month by month, owned,
// committed and on demand at the month's peak, under the demand's peak and mean) and "cumulative-spend" (each
// strategy's cumulative discounted spend by month). Owning is drawn in one colour, renting in another.
std::string plan_capacity_svg(const PlanReport& report, const Currency& currency, const ChartPlacement& placement = {});
std::string plan_spend_svg(const PlanReport& report, const Currency& currency, const ChartPlacement& placement = {});
// --format svg: the chart options.chart names; throws UsageError for none or another name.
std::string render_svg(const PlanReport& report, const RenderOptions& options = {});
extern template std::string render(const PlanReport&, Format, const RenderOptions&);

}  // namespace gpucost
