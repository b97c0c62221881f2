// Renderers of `rank`: one function per format through the one dispatcher (render_with). JSON and CSV keep full
// precision; table, markdown and HTML round for reading. The chart (--chart rank) is a horizontal bar of each row's
// cost per million units of work, carrying the JSON's figures as data- attributes.
#pragma once

#include <string>
#include <vector>

#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/report/rank.hpp"

namespace gpucost {

std::string render(const RankReport& report, Format format, const RenderOptions& options = {});

std::string render_table(const RankReport& report, const RenderOptions& options = {});
std::string render_json(const RankReport& report, const RenderOptions& options = {});
std::string render_csv(const RankReport& report, const RenderOptions& options = {});
std::string render_markdown(const RankReport& report, const RenderOptions& options = {});
std::string render_html(const RankReport& report, const RenderOptions& options = {});
// The chart options.chart names ("rank", the only one). Throws UsageError for another name.
std::string render_svg(const RankReport& report, const RenderOptions& options = {});
// The rank chart: one bar per row with a figure, in rank order. Throws DataError when no row has one (no hours).
std::string rank_svg(const RankReport& report, const Currency& currency, const ChartPlacement& placement = {});

// What the table, markdown and HTML views share, as text cells.
namespace rank_text {
// "USD per M tokens" (in the output currency).
std::string figure_heading(const RankReport& report, const Currency& money);
// The columns: #, kind, id, GPUs, tier, work (M <unit>), total, <currency> per M <unit>, figures.
std::vector<std::string> header(const RankReport& report, const Currency& money);
// Which columns hold numbers (right-aligned).
std::vector<bool> numeric_columns();
std::vector<std::vector<std::string>> rows(const RankReport& report, const Currency& money);
// "Ranked by cost per million tokens of llm-70b-serve-mlperf (LLM ...), over 36 months at 40.0 h/week, on-demand."
std::string title(const RankReport& report);
// "cheapest for this work: cloud offer x (8 x h100-sxm, gpu-cloud) at $0.41 per M tokens, $123,456 over 36 months"
std::string verdict(const RankReport& report, const Currency& money);
// The requirements, tiers and filters in force, or "" when none.
std::string requirements_line(const RankReport& report);
// How the figure is worked out, one sentence.
std::string method_note(const RankReport& report);
// "3 builds and 120 offers left out (<where>)", or "" when none was.
std::string excluded_line(const RankReport& report, const std::string& where);
// Whether a row rests on a figure marked estimate, derived or unverified (its table cell carries a star).
bool any_marked(const RankReport& report);
// The footnote of that star.
extern const char* const k_star_note;
// Work in millions of units for reading: "552,345", "12.3", "0.041".
std::string million_units(double units);
}  // namespace rank_text

}  // namespace gpucost
