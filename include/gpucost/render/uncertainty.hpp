// Renderers of `sensitivity`, `sweep` and `simulate`: one function per model and format, through the one
// dispatcher (render_with). JSON and CSV keep full precision; table and markdown round money for reading.
#pragma once

#include <string>

#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/report/uncertainty.hpp"

namespace gpucost {

extern template std::string render(const SensitivityReport&, Format, const RenderOptions&);
extern template std::string render(const SweepReport&, Format, const RenderOptions&);
extern template std::string render(const SimulationReport&, Format, const RenderOptions&);

std::string render_table(const SensitivityReport& report, const RenderOptions& options = {});
std::string render_json(const SensitivityReport& report, const RenderOptions& options = {});
std::string render_csv(const SensitivityReport& report, const RenderOptions& options = {});
std::string render_markdown(const SensitivityReport& report, const RenderOptions& options = {});

// Two addresses: the table reads as a map (rows by the first, columns by the second, each cell owning's saving
// and the cheaper side); CSV and JSON are long-format, one row per grid point.
std::string render_table(const SweepReport& report, const RenderOptions& options = {});
std::string render_json(const SweepReport& report, const RenderOptions& options = {});
std::string render_csv(const SweepReport& report, const RenderOptions& options = {});
std::string render_markdown(const SweepReport& report, const RenderOptions& options = {});

// The pictures (uncertainty_html.cpp): the tornado of each comparison and the sweep (a line per side over one
// address, a grid map of owning's saving over two), one self-contained page or one chart (--chart tornado, sweep)
// of a report with one comparison. Throws UsageError for another chart name or several comparisons.
std::string render_html(const SensitivityReport& report, const RenderOptions& options = {});
std::string render_svg(const SensitivityReport& report, const RenderOptions& options = {});
std::string render_html(const SweepReport& report, const RenderOptions& options = {});
std::string render_svg(const SweepReport& report, const RenderOptions& options = {});
std::string tornado_svg(const SensitivityComparison& comparison, const Currency& currency,
                        const ChartPlacement& placement = {});
std::string sweep_svg(const SweepReport& report, const SweepComparison& comparison, const Currency& currency,
                      const ChartPlacement& placement = {});

std::string render_table(const SimulationReport& report, const RenderOptions& options = {});
// simulate's pictures: the histogram of owning's saving of each comparison (--chart histogram), with its p10, p50
// and p90 and the zero line (where the verdict flips) marked, its bins and counts as data- attributes.
std::string render_html(const SimulationReport& report, const RenderOptions& options = {});
std::string render_svg(const SimulationReport& report, const RenderOptions& options = {});
std::string histogram_svg(const SimulationReport& report, const SimulationComparison& comparison,
                          const Currency& currency, const ChartPlacement& placement = {});
std::string render_json(const SimulationReport& report, const RenderOptions& options = {});
std::string render_csv(const SimulationReport& report, const RenderOptions& options = {});
std::string render_markdown(const SimulationReport& report, const RenderOptions& options = {});

// Shared by the table and markdown renderers: the rows they show, as text cells.
namespace uncertainty_text {
// "box-a4 vs aws-x: owning saves $1,234 at the point values (build is cheaper)"
std::string heading(const ComparisonLabel& label, const Currency& money);
// Ranges in force: address, low, high, mode, dist, origin.
std::vector<std::vector<std::string>> range_rows(const std::vector<RangeRow>& ranges);
std::vector<std::vector<std::string>> tornado_rows(const SensitivityComparison& c, const Currency& money);
// One axis: one row per point; two axes: the map, its first row the second axis's values.
std::vector<std::vector<std::string>> sweep_rows(const SweepReport& report, const SweepComparison& c,
                                                 const Currency& money);
std::vector<std::vector<std::string>> simulation_rows(const SimulationComparison& c, const Currency& money);
// "p(build cheaper) 0.734, p(cloud cheaper) 0.266 over 100,000 draws (seed 1)"
std::string simulation_footer(const SimulationReport& report, const SimulationComparison& c);
}  // namespace uncertainty_text

}  // namespace gpucost
