// Chart primitives over the SVG writer (svg.hpp): line charts, stacked bars, diverging horizontal bars (savings per
// build, a tornado), a histogram with marked percentiles and a two-input grid map. They take plain series, never a
// report: report_charts.hpp turns a report's figures into these. Every chart has a visible title, a legend, axes
// whose labels carry units, and its data points as data- attributes (exact, as data_number prints them).
//
// The colour rule (docs/output.md "Colours"): a mark's colour says whose it is, the same in every chart. Owning is
// Okabe-Ito blue (#0072B2), solid and plain; renting is Okabe-Ito vermilion (#D55E00), dashed and hatched, so
// grey-scale printing keeps them apart too. No other mark takes either colour. Better or worse is never a colour:
// it is a position (left or right of a base line), a sign on the axis or a label. The diverging bars, the grid map
// and the histogram chart what owning saves: below zero (renting is cheaper) in renting's colour, above it in
// owning's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "gpucost/render/money.hpp"
#include "gpucost/render/svg.hpp"

namespace gpucost {

// How an axis prints its tick values.
enum class TickFormat {
    number,  // grouped, as few decimals as the step needs: "1,500", "0.25"
    money,   // the currency, abbreviated: "$0", "$500", "$12k", "$1.5M", "EUR 12k"
};

// One axis. The range covers the data (and zero, on a money axis), widened to whole tick steps.
struct Axis {
    std::string label;  // with its unit: "Months", "Hours of use per week (h)", "Total cost (USD)"
    TickFormat format = TickFormat::number;
    Currency currency = {};          // for money ticks
    std::vector<double> ticks = {};  // fixed tick values (e.g. every 24 h); empty: chosen by nice_ticks
};

// A money axis: its label with the currency's code ("Total discounted cost (EUR)"), money ticks in that currency.
Axis money_axis(const std::string& label, const Currency& currency);

// Round tick values covering [low, high]: steps of 1, 2 or 5 times a power of ten, at most `max_count` ticks
// (at least 2). The first tick is <= low and the last >= high.
std::vector<double> nice_ticks(double low, double high, int max_count);

// A money tick label: "$0", "$750", "$12k", "$1.5k", "-$5k", "$2.25M", "EUR 12k" (decimals as `step` needs).
std::string money_tick(double value, double step, const Currency& currency);

// A plain tick label with the decimals `step` needs: "12", "1,500", "0.25".
std::string number_tick(double value, double step);

// Whose a mark is: its colour and pattern in every chart (see above). `other` marks take the palette's other
// colours (green, reddish purple, black, grey), never owning's or renting's.
enum class Whose { own, rent, other };

// One line of a line chart: points (x[i], y[i]), x increasing.
struct LineSeries {
    std::string key;   // for data-key, e.g. "build"
    std::string name;  // for the legend, e.g. "Own: office-2x-rtx4090"
    std::vector<double> x;
    std::vector<double> y;
    Whose tone = Whose::other;
};

// Owning's line (key "build") and renting's (key "cloud") over the same x, named for the legend.
std::vector<LineSeries> own_and_rent_lines(const std::string& own_name, const std::string& rent_name,
                                           const std::vector<double>& x, std::vector<double> own_y,
                                           std::vector<double> rent_y);

// A vertical line across the plot at x, labelled (the payback month, the break-even, the user's hours).
struct Marker {
    std::string key;    // for data-key, e.g. "payback"
    std::string label;  // drawn by the line, e.g. "payback: month 26"
    double x = 0.0;
};

struct LineChart {
    SvgDocument document;
    Axis x_axis;
    Axis y_axis;
    std::vector<LineSeries> series;
    std::vector<Marker> markers;
};

// One segment of a stacked bar: positive values stack up from zero, negative ones (a credit) down from it.
struct BarSegment {
    std::string key;   // the segment's kind, shared across bars: one legend entry and style per key and tone
    std::string name;  // for the legend
    double value = 0.0;
    Whose tone = Whose::other;  // the kinds of one tone share its colour and differ by lightness and texture
};

struct StackedBar {
    std::string key;
    std::string label;  // under the bar
    std::vector<BarSegment> segments;
};

struct StackedBarChart {
    SvgDocument document;
    Axis value_axis;
    std::vector<StackedBar> bars;
};

// One row of a diverging bar chart: a bar over [low, high] of what owning saves; the part below zero takes
// renting's colour, the part above it owning's. A tornado also marks which end is the input's low and which its
// high: an open dot at `at_low_input`, a filled one at `at_high_input` (in the legend: "input at its low end", and
// "... high end").
struct DivergingRow {
    std::string key;
    std::string label;  // left of the bar; labels cut to fit stay distinct
    double low = 0.0;
    double high = 0.0;
    std::string note;  // right of the bar, e.g. "break-even 117.8 h/week"
    std::optional<double> at_low_input = std::nullopt;
    std::optional<double> at_high_input = std::nullopt;
};

struct DivergingBarChart {
    SvgDocument document;
    Axis value_axis;
    double base = 0.0;                              // the line the bars are read from (0, or a tornado's base case)
    std::string below_name = "renting is cheaper";  // legend: renting's colour
    std::string above_name = "owning is cheaper";   // legend: owning's colour
    std::vector<DivergingRow> rows;
    std::string less_name = {};  // above the plot, left of a base other than 0: "owning saves less"
    std::string more_name = {};  // ... and right of it
};

// A histogram: counts[i] falls in [edges[i], edges[i + 1]); the markers (p10, p50, p90) are drawn over it, their
// labels placed so that none overlaps another. With below_name and above_name (a histogram of what owning saves),
// bins below zero take renting's colour and bins above it owning's; without, one other colour.
struct Histogram {
    SvgDocument document;
    Axis x_axis;
    Axis y_axis;
    std::vector<double> edges;
    std::vector<double> counts;
    std::vector<Marker> markers;
    std::string below_name = {};  // legend, e.g. "renting is cheaper"
    std::string above_name = {};  // e.g. "owning is cheaper"
};

// A grid map of what owning saves over two inputs: z[j * x_values.size() + i] at (x_values[i], y_values[j]).
// Cells below zero take renting's colour (hatched), cells above it owning's, each side darker further from zero
// and never lighter than a clear tint; a line runs between the cells where the sign changes (legend: "the verdict
// flips").
// Cells print their value when they are wide enough.
struct GridMap {
    SvgDocument document;
    Axis x_axis;
    Axis y_axis;
    Axis z_axis;  // the outcome: its label names the legend, its format prints the cell values
    std::string below_name = "renting is cheaper";  // legend: z < 0
    std::string above_name = "owning is cheaper";   // legend: z > 0
    std::vector<double> x_values;
    std::vector<double> y_values;
    std::vector<double> z;
};

// A group of bars: one legend entry, filled by its tone.
struct BarGroup {
    std::string name;
    Whose tone = Whose::other;
};

// One bar of a horizontal bar chart, from zero to `value`, filled by its group (one legend entry per group).
struct HorizontalBar {
    std::string key;        // for data-key, e.g. an id
    std::string label;      // left of the bar; labels cut to fit stay distinct
    std::size_t group = 0;  // index into HorizontalBarChart::groups
    double value = 0.0;     // >= 0 reads best; a negative bar goes left of zero
    std::string note;       // right of the bar, e.g. "$0.41"
};

// Ranked bars, one row each, top to bottom in the order given.
struct HorizontalBarChart {
    SvgDocument document;
    Axis value_axis;
    std::vector<BarGroup> groups;  // the legend
    std::vector<HorizontalBar> bars;
};

// The SVG of each chart. Throws std::invalid_argument for a malformed chart (series of unequal lengths, no data,
// edges and counts that do not match): a bug in the builder, never the user's input.
std::string line_chart_svg(const LineChart& chart);
std::string stacked_bar_chart_svg(const StackedBarChart& chart);
std::string diverging_bar_chart_svg(const DivergingBarChart& chart);
std::string histogram_svg(const Histogram& chart);
std::string grid_map_svg(const GridMap& chart);
std::string horizontal_bar_chart_svg(const HorizontalBarChart& chart);

}  // namespace gpucost
