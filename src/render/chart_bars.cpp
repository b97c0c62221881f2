// Bar charts: stacked vertical bars (a cost breakdown per side) and diverging horizontal bars (savings per build,
// a tornado).
#include <algorithm>
#include <stdexcept>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

// The segment keys in order of first appearance: one legend entry and one fill each.
std::vector<const BarSegment*> segment_kinds(const StackedBarChart& chart) {
    std::vector<const BarSegment*> kinds;
    for (const StackedBar& bar : chart.bars)
        for (const BarSegment& s : bar.segments)
            if (std::none_of(kinds.begin(), kinds.end(), [&s](const BarSegment* k) { return k->key == s.key; }))
                kinds.push_back(&s);
    return kinds;
}

std::size_t kind_index(const std::vector<const BarSegment*>& kinds, const std::string& key) {
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (kinds[i]->key == key) return i;
    return 0;
}

void write_stack(SvgWriter& svg, const StackedBar& bar, const std::vector<const BarSegment*>& kinds,
                 const std::string& id, const Scale& y, double left, double width) {
    svg.open("g", {{"class", "bar"}, {"data-key", bar.key}});
    double up = 0.0;
    double down = 0.0;
    for (const BarSegment& s : bar.segments) {
        double& base = s.value >= 0.0 ? up : down;
        const double top = y.at(std::max(base, base + s.value));
        const double bottom = y.at(std::min(base, base + s.value));
        base += s.value;
        svg.leaf("rect", {{"class", "segment"},
                          {"data-key", s.key},
                          {"data-value", data_number(s.value)},
                          {"x", svg_number(left)},
                          {"y", svg_number(top)},
                          {"width", svg_number(width)},
                          {"height", svg_number(bottom - top)},
                          {"fill", fill(id, kind_index(kinds, s.key))},
                          {"stroke", "#ffffff"},
                          {"stroke-width", "0.75"}});
    }
    svg.close();
}

}  // namespace

std::string stacked_bar_chart_svg(const StackedBarChart& chart) {
    if (chart.bars.empty()) throw std::invalid_argument("stacked bar chart: no bars");
    double low = 0.0;
    double high = 0.0;
    for (const StackedBar& bar : chart.bars) {
        double up = 0.0;
        double down = 0.0;
        for (const BarSegment& s : bar.segments) (s.value >= 0.0 ? up : down) += s.value;
        high = std::max(high, up);
        low = std::min(low, down);
    }
    const std::vector<const BarSegment*> kinds = segment_kinds(chart);
    const Plot plot = plot_area(chart.document, 78.0);
    const Ticks ticks = axis_ticks(chart.value_axis, low, high, 7);
    const Scale y{ticks.low(), ticks.high(), plot.bottom(), plot.top};

    SvgWriter svg;
    write_fills(svg, chart.document.id, kinds.size());
    write_heading(svg, chart.document);
    std::vector<LegendItem> legend;
    for (std::size_t i = 0; i < kinds.size(); ++i) legend.push_back({kinds[i]->name, i, false});
    write_legend(svg, chart.document.id, legend, plot.left, 48.0, chart.document.width - 12.0);
    write_y_axis(svg, plot, y, chart.value_axis, ticks);
    const double slot = plot.width / static_cast<double>(chart.bars.size());
    const double width = std::min(120.0, slot * 0.6);
    for (std::size_t i = 0; i < chart.bars.size(); ++i) {
        const double centre = plot.left + slot * (static_cast<double>(i) + 0.5);
        write_stack(svg, chart.bars[i], kinds, chart.document.id, y, centre - width / 2, width);
        svg.text("text",
                 {{"class", "bar-label"},
                  {"x", svg_number(centre)},
                  {"y", svg_number(plot.bottom() + 17)},
                  {"text-anchor", "middle"}},
                 shorten(chart.bars[i].label, static_cast<std::size_t>(std::max(4.0, slot / 7.2))));
    }
    return svg_document(chart.document, svg.str());
}

namespace {

double label_margin(const DivergingBarChart& chart) {
    double widest = 0.0;
    for (const DivergingRow& row : chart.rows) widest = std::max(widest, text_width(shorten(row.label, 32)));
    return std::clamp(widest + 16.0, 60.0, chart.document.width * 0.4);
}

void write_bar_part(SvgWriter& svg, const std::string& id, const Scale& x, double from, double to, double top,
                    double height, std::size_t fill_index) {
    if (from == to) return;
    const double left = x.at(std::min(from, to));
    svg.leaf("rect", {{"x", svg_number(left)},
                      {"y", svg_number(top)},
                      {"width", svg_number(x.at(std::max(from, to)) - left)},
                      {"height", svg_number(height)},
                      {"fill", fill(id, fill_index)},
                      {"stroke", "#333333"},
                      {"stroke-width", "0.5"}});
}

void write_row(SvgWriter& svg, const DivergingBarChart& chart, const DivergingRow& row, const Scale& x, double top,
               double height, double label_right) {
    svg.open("g", {{"class", "row"},
                   {"data-key", row.key},
                   {"data-low", data_number(row.low)},
                   {"data-high", data_number(row.high)}});
    const double middle = top + height / 2 + 4;
    svg.text(
        "text",
        {{"class", "row-label"}, {"x", svg_number(label_right)}, {"y", svg_number(middle)}, {"text-anchor", "end"}},
        shorten(row.label, 32));
    write_bar_part(svg, chart.document.id, x, std::min(row.low, chart.base), std::min(row.high, chart.base), top,
                   height, 0);
    write_bar_part(svg, chart.document.id, x, std::max(row.low, chart.base), std::max(row.high, chart.base), top,
                   height, 1);
    if (!row.note.empty()) {
        const double end = x.at(std::max(row.high, chart.base));
        svg.text("text", {{"class", "row-note"}, {"x", svg_number(end + 5)}, {"y", svg_number(middle)}}, row.note);
    }
    svg.close();
}

}  // namespace

std::string diverging_bar_chart_svg(const DivergingBarChart& chart) {
    if (chart.rows.empty()) throw std::invalid_argument("diverging bar chart: no rows");
    double low = chart.base;
    double high = chart.base;
    for (const DivergingRow& row : chart.rows) {
        low = std::min({low, row.low, row.high});
        high = std::max({high, row.low, row.high});
    }
    SvgDocument document = chart.document;
    const double row_height = 24.0;
    document.height = std::max(document.height, 120.0 + row_height * static_cast<double>(chart.rows.size()));
    const double margin = label_margin(chart);
    Plot plot = plot_area(document, margin);
    // Notes print right of the bars: keep a sixth of the width free for them.
    plot.width *= 0.82;
    const Ticks ticks = axis_ticks(chart.value_axis, low, high, 7);
    const Scale x{ticks.low(), ticks.high(), plot.left, plot.right()};

    SvgWriter svg;
    write_fills(svg, document.id, 2);
    write_heading(svg, document);
    write_legend(svg, document.id, {{chart.below_name, 0, false}, {chart.above_name, 1, false}}, plot.left, 48.0,
                 document.width - 12.0);
    write_x_axis(svg, plot, x, chart.value_axis, ticks);
    const double slot = plot.height / static_cast<double>(chart.rows.size());
    for (std::size_t i = 0; i < chart.rows.size(); ++i)
        write_row(svg, chart, chart.rows[i], x, plot.top + slot * static_cast<double>(i) + slot * 0.15, slot * 0.7,
                  margin - 6);
    const std::string base = svg_number(x.at(chart.base));
    svg.leaf("line", {{"class", "base"},
                      {"x1", base},
                      {"y1", svg_number(plot.top)},
                      {"x2", base},
                      {"y2", svg_number(plot.bottom())},
                      {"stroke", "#000000"},
                      {"stroke-width", "1.2"}});
    return svg_document(document, svg.str());
}

}  // namespace gpucost
