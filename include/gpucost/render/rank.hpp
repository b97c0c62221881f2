// `rank` in every format: the document (table, markdown, HTML through the writers), the rows (CSV, TSV), the JSON
// and the chart (--chart rank: a horizontal bar of each row's cost per million units of work, carrying the JSON's
// figures as data- attributes). JSON and rows keep full precision; the writers round for reading.
#pragma once

#include <string>

#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/report/rank.hpp"

namespace gpucost {

// The table, markdown, the page and the chart show the cheapest this many rows and say how many more there are; CSV,
// TSV and JSON give every row. A ranking of a 100,000-offer price list has 30,000 rows: no one reads them on a
// terminal, and their document took 120 MB (issue 21).
inline constexpr std::size_t k_rank_rows_shown = 1000;

// The ranking for people: title, requirements, the ranked table, the verdict, what was left out, the method, and
// in HTML the chart, the workload's figures, every exclusion, the assumptions, warnings and the catalogue.
Document document_of(const RankReport& report);
// One row per build or offer, in rank order: the CSV contract (docs/output.md), new columns at the end.
RowSet rows_of(const RankReport& report);
std::string render_json(const RankReport& report, const RenderOptions& options = {});
// The text of render(report, format, options) handed to `sink`: JSON, CSV and TSV a piece at a time as the rows are
// written, never held whole; the other formats whole (their tables show at most k_rank_rows_shown rows). Throws what
// render() throws.
void write_rank(const RankReport& report, Format format, const RenderOptions& options, const TextSink& sink);
// The chart options.chart names ("rank", the only one). Throws UsageError for another name.
std::string render_svg(const RankReport& report, const RenderOptions& options = {});
extern template std::string render(const RankReport&, Format, const RenderOptions&);

// The rank chart: one bar per row with a figure, in rank order. Throws DataError when no row has one (no hours).
std::string rank_svg(const RankReport& report, const Currency& currency, const ChartPlacement& placement = {});
// "cheapest for this work: cloud offer x (8 x h100-sxm, gpu-cloud) at $0.41 per M tokens, $123,456 over 36 months"
Inline rank_verdict(const RankReport& report);

}  // namespace gpucost
