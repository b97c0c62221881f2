// Line charts and histograms: a horizontal value axis, a vertical one, vertical markers whose labels never overprint
// one another.
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <utility>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

struct Range {
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    void add(double v) {
        low = std::min(low, v);
        high = std::max(high, v);
    }
};

void write_series(SvgWriter& svg, const LineSeries& s, const LineStyle& style, const Scale& x, const Scale& y) {
    std::vector<SvgAttribute> group = {{"class", "series"},
                                       {"data-key", s.key},
                                       {"data-name", s.name},
                                       {"data-x", data_numbers(s.x)},
                                       {"data-y", data_numbers(s.y)}};
    add_side(group, s.tone);
    svg.open("g", group);
    write_polyline(svg, s.x, s.y, x, y, style);
    svg.close();
}

// The bins; with `split`, renting's fill below zero and owning's above it (fills 1 and 0).
void write_bins(SvgWriter& svg, const Histogram& chart, const Scale& x, const Scale& y, bool split) {
    const std::string& id = chart.document.id;
    svg.open("g", {{"class", "bins"}});
    for (std::size_t i = 0; i < chart.counts.size(); ++i) {
        const double low = chart.edges[i];
        const double high = chart.edges[i + 1];
        const double top = y.at(chart.counts[i]);
        const double height = y.at(0.0) - top;
        const bool below = split && low < 0.0;
        std::vector<SvgAttribute> bin =
            rect_attributes({{"class", "bin"},
                             {"data-low", data_number(low)},
                             {"data-high", data_number(high)},
                             {"data-count", data_number(chart.counts[i])}},
                            x.at(low), top, x.at(high) - x.at(low), height,
                            {{"fill", fill(id, below ? 1 : 0)}, {"stroke", "#ffffff"}, {"stroke-width", "0.5"}});
        if (split) add_side(bin, below ? Whose::rent : Whose::own);
        svg.leaf("rect", bin);
        // A bin across zero: its part above zero in owning's fill.
        if (below && high > 0.0)
            svg.leaf("rect", rect_attributes({{"data-side", "own"}}, x.at(0.0), top, x.at(high) - x.at(0.0), height,
                                             {{"fill", fill(id, 0)}}));
    }
    svg.close();
}

struct Box {
    double left = 0.0;
    double right = 0.0;
};

// The lane (0 at the top) whose boxes leave room for `box`, 4 units apart.
std::size_t free_lane(const std::vector<std::vector<Box>>& lanes, const Box& box) {
    for (std::size_t lane = 0; lane < lanes.size(); ++lane)
        if (std::none_of(lanes[lane].begin(), lanes[lane].end(),
                         [&box](const Box& b) { return box.left < b.right + 4.0 && b.left < box.right + 4.0; }))
            return lane;
    return lanes.size();
}

// Vertical marker lines across the plot with their data- attributes and their labels at the top, each label
// in the highest lane where its box (estimated by text_width) overlaps no other label, flipped left of its line
// where it would leave the document. Labels carry a white halo, so they read over bars and lines.
void write_markers(SvgWriter& svg, const Plot& plot, const Scale& x_scale, const std::vector<Marker>& markers,
                   double document_width) {
    // Markers left to right, so that each label looks for room among those already placed beside it.
    std::vector<std::size_t> order(markers.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return markers[a].x < markers[b].x; });
    struct Placement {
        bool left_side = false;
        std::size_t lane = 0;
    };
    std::vector<Placement> placed(markers.size());
    std::vector<std::vector<Box>> lanes;
    for (const std::size_t index : order) {
        const double x = x_scale.at(markers[index].x);
        const double width = text_width(markers[index].label) * 1.1;  // bold
        // Right of the line, unless the line is in the right part of the plot or the label would run past the
        // document's edge, and there is room on the left.
        bool left_side = x > plot.left + plot.width * 0.6 || x + 4 + width > document_width - 4;
        if (left_side && x - 4 - width < 4) left_side = false;
        const Box box = left_side ? Box{x - 4 - width, x - 4} : Box{x + 4, x + 4 + width};
        const std::size_t lane = free_lane(lanes, box);
        if (lane == lanes.size()) lanes.emplace_back();
        lanes[lane].push_back(box);
        placed[index] = {left_side, lane};
    }
    for (std::size_t index = 0; index < markers.size(); ++index) {
        const Marker& marker = markers[index];
        const double x = x_scale.at(marker.x);
        const auto [left_side, lane] = placed[index];
        svg.open("g", {{"class", "marker"}, {"data-key", marker.key}, {"data-x", data_number(marker.x)}});
        write_line(
            svg, x, plot.top, x, plot.bottom(),
            {{"stroke", "#000000"}, {"stroke-width", "1.2"}, {"stroke-dasharray", index % 2 == 0 ? "4 3" : "1 3"}});
        svg.text("text",
                 {{"class", "marker-label"},
                  {"x", svg_number(left_side ? x - 4 : x + 4)},
                  {"y", svg_number(plot.top + 12.0 + 14.0 * static_cast<double>(lane))},
                  {"text-anchor", left_side ? "end" : "start"},
                  {"font-weight", "bold"},
                  {"stroke", "#FFFFFF"},
                  {"stroke-width", "3"},
                  {"paint-order", "stroke"}},
                 marker.label);
        svg.close();
    }
}

}  // namespace

std::vector<LineSeries> own_and_rent_lines(const std::string& own_name, const std::string& rent_name,
                                           const std::vector<double>& x, std::vector<double> own_y,
                                           std::vector<double> rent_y) {
    return {{"build", own_name, x, std::move(own_y), Whose::own},
            {"cloud", rent_name, x, std::move(rent_y), Whose::rent}};
}

std::string line_chart_svg(const LineChart& chart) {
    if (chart.series.empty()) throw std::invalid_argument("line chart: no series");
    Range xs, ys;
    for (const LineSeries& s : chart.series) {
        if (s.x.size() != s.y.size() || s.x.empty())
            throw std::invalid_argument("line chart: series " + s.key + " has unequal or no points");
        for (const double v : s.x) xs.add(v);
        for (const double v : s.y) ys.add(v);
    }
    // Owning's and renting's lines take their sides' styles; the others the other colours in turn.
    std::vector<LineStyle> styles;
    std::vector<LegendItem> legend;
    std::size_t others = 0;
    for (const LineSeries& s : chart.series) {
        styles.push_back(line_style(s.tone, s.tone == Whose::other ? others++ : 0));
        legend.push_back(legend_line(s.name, styles.back()));
    }
    const Plot plot = plot_area(chart.document, k_value_margin, legend);
    const Ticks x_ticks = axis_ticks(chart.x_axis, xs.low, xs.high, 13);
    const Ticks y_ticks = axis_ticks(chart.y_axis, ys.low, ys.high, 7);
    const Scale x{x_ticks.low(), x_ticks.high(), plot.left, plot.right()};
    const Scale y{y_ticks.low(), y_ticks.high(), plot.bottom(), plot.top};
    SvgWriter svg;
    write_heading(svg, chart.document, legend, plot.left);
    write_y_axis(svg, plot, y, chart.y_axis, y_ticks);
    write_x_axis(svg, plot, x, chart.x_axis, x_ticks);
    for (std::size_t i = 0; i < chart.series.size(); ++i) write_series(svg, chart.series[i], styles[i], x, y);
    write_markers(svg, plot, x, chart.markers, chart.document.width);
    return svg_document(chart.document, svg.str());
}

std::string histogram_svg(const Histogram& chart) {
    if (chart.counts.empty() || chart.edges.size() != chart.counts.size() + 1)
        throw std::invalid_argument("histogram: needs one more edge than counts, and at least one bin");
    Range ys{0.0, 0.0};  // the count axis starts at zero
    for (const double c : chart.counts) ys.add(c);
    // Split at zero (what owning saves): renting's fill below, owning's above; otherwise one other colour.
    const bool split = !chart.below_name.empty() && !chart.above_name.empty();
    const std::string& id = chart.document.id;
    std::vector<LegendItem> legend = {legend_box(split ? chart.above_name : chart.y_axis.label, fill(id, 0))};
    if (split) legend.push_back(legend_box(chart.below_name, fill(id, 1)));
    const Plot plot = plot_area(chart.document, k_value_margin, legend);
    const Ticks x_ticks = axis_ticks(chart.x_axis, chart.edges.front(), chart.edges.back(), 11);
    const Ticks y_ticks = axis_ticks(chart.y_axis, ys.low, ys.high, 6);
    const Scale x{x_ticks.low(), x_ticks.high(), plot.left, plot.right()};
    const Scale y{y_ticks.low(), y_ticks.high(), plot.bottom(), plot.top};
    SvgWriter svg;
    write_fills(svg, id,
                tone_fills(split ? std::vector<Whose>{Whose::own, Whose::rent} : std::vector<Whose>{Whose::other}));
    write_heading(svg, chart.document, legend, plot.left);
    write_y_axis(svg, plot, y, chart.y_axis, y_ticks);
    write_x_axis(svg, plot, x, chart.x_axis, x_ticks);
    write_bins(svg, chart, x, y, split);
    write_markers(svg, plot, x, chart.markers, chart.document.width);
    return svg_document(chart.document, svg.str());
}

}  // namespace gpucost
