// `sensitivity`, `sweep` and `simulate` in every format: for each model its document (table, markdown, HTML through
// the writers), its rows (CSV, TSV: long format, one row per input, grid point or figure), its JSON and its chart.
// JSON and rows keep full precision; the writers round for reading.
#pragma once

#include <string>

#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/report/uncertainty.hpp"

namespace gpucost {

// The ranges in force, then per comparison its heading and each input's swing; the page adds the verdicts, the
// tornado of each comparison, the warnings and the catalogue date.
Document document_of(const SensitivityReport& report);
RowSet rows_of(const SensitivityReport& report);
std::string render_json(const SensitivityReport& report, const RenderOptions& options = {});
std::string render_svg(const SensitivityReport& report, const RenderOptions& options = {});
extern template std::string render(const SensitivityReport&, Format, const RenderOptions&);

// One address: a row per point; two: a map (rows by the first, columns by the second, each cell owning's saving
// and the cheaper side). Rows and JSON are long-format, one row per grid point.
Document document_of(const SweepReport& report);
RowSet rows_of(const SweepReport& report);
std::string render_json(const SweepReport& report, const RenderOptions& options = {});
std::string render_svg(const SweepReport& report, const RenderOptions& options = {});
extern template std::string render(const SweepReport&, Format, const RenderOptions&);

// The ranges in force, then per comparison the percentiles of each figure and how sure the verdict is.
Document document_of(const SimulationReport& report);
RowSet rows_of(const SimulationReport& report);
std::string render_json(const SimulationReport& report, const RenderOptions& options = {});
std::string render_svg(const SimulationReport& report, const RenderOptions& options = {});
extern template std::string render(const SimulationReport&, Format, const RenderOptions&);

// The charts (uncertainty_chart.cpp): the tornado of a comparison and the sweep (a line per side over one address,
// a grid map of owning's saving over two), alone (--chart tornado, sweep) for a report of one comparison, or in
// the page. Throws UsageError for another chart name or several comparisons.
std::string tornado_svg(const SensitivityComparison& comparison, const Currency& currency,
                        const ChartPlacement& placement = {});
std::string sweep_svg(const SweepReport& report, const SweepComparison& comparison, const Currency& currency,
                      const ChartPlacement& placement = {});
// simulate's picture: the histogram of owning's saving of a comparison (--chart histogram), with its p10, p50 and
// p90 and the zero line (where the verdict flips) marked, its bins and counts as data- attributes.
std::string histogram_svg(const SimulationReport& report, const SimulationComparison& comparison,
                          const Currency& currency, const ChartPlacement& placement = {});

}  // namespace gpucost
