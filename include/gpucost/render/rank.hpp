// `rank` in every format: the document (table, markdown, HTML through the writers), the rows (CSV, TSV), the JSON
// and the chart (--chart rank: a horizontal bar of each row's cost per million units of work, carrying the JSON's
// figures as data- attributes). JSON and rows keep full precision; the writers round for reading.
#pragma once

#include <string>

#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/report/rank.hpp"

namespace gpucost {

// The ranking for people: title, requirements, the ranked table, the verdict, what was left out, the method, and
// in HTML the chart, the workload's figures, every exclusion, the assumptions, warnings and the catalogue.
Document document_of(const RankReport& report);
// One row per build or offer, in rank order: the CSV contract (docs/output.md), new columns at the end.
RowSet rows_of(const RankReport& report);
std::string render_json(const RankReport& report, const RenderOptions& options = {});
// The chart options.chart names ("rank", the only one). Throws UsageError for another name.
std::string render_svg(const RankReport& report, const RenderOptions& options = {});
extern template std::string render(const RankReport&, Format, const RenderOptions&);

// The rank chart: one bar per row with a figure, in rank order. Throws DataError when no row has one (no hours).
std::string rank_svg(const RankReport& report, const Currency& currency, const ChartPlacement& placement = {});
// "cheapest for this work: cloud offer x (8 x h100-sxm, gpu-cloud) at $0.41 per M tokens, $123,456 over 36 months"
Inline rank_verdict(const RankReport& report);

}  // namespace gpucost
