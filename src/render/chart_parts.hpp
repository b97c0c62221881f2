// The pieces every chart of chart.hpp draws with: scales, ticks, axes, the legend and the styles. Private to the
// render layer.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "gpucost/render/chart.hpp"
#include "gpucost/render/svg.hpp"

namespace gpucost::chart_parts {

// The plot area inside the document, in SVG units.
struct Plot {
    double left = 0.0;
    double top = 0.0;
    double width = 0.0;
    double height = 0.0;
    double right() const noexcept { return left + width; }
    double bottom() const noexcept { return top + height; }
};

// The plot area of a document with room for the title and legend above, tick labels and the axis label below and
// `left_margin` for the value labels.
Plot plot_area(const SvgDocument& document, double left_margin);

// A linear map from data values [low, high] to SVG units [from, to].
struct Scale {
    double low = 0.0;
    double high = 1.0;
    double from = 0.0;
    double to = 1.0;
    double at(double value) const noexcept;
};

// An axis's ticks over the data range [low, high] (zero included on a money axis): the axis's own, or nice ones.
struct Ticks {
    std::vector<double> values;
    double step = 1.0;
    double low() const noexcept { return values.front(); }
    double high() const noexcept { return values.back(); }
};
Ticks axis_ticks(const Axis& axis, double low, double high, int max_count);

// The text of one tick of `axis`.
std::string tick_label(const Axis& axis, double value, double step);

// Line style i (cycled): a palette colour and a dash pattern ("" = solid), distinct in grey-scale as well.
struct LineStyle {
    const char* colour;
    const char* dash;
    double width;
};
const LineStyle& line_style(std::size_t index);

// Fill i (cycled): the url() of a pattern written by write_fills, colour plus texture.
std::string fill(const std::string& document_id, std::size_t index);
// <defs> with `count` fill patterns, named after the document's id.
void write_fills(SvgWriter& svg, const std::string& document_id, std::size_t count);

// The visible title at the top left.
void write_heading(SvgWriter& svg, const SvgDocument& document);

// One legend entry: a line sample (style index) or a filled box (fill index).
struct LegendItem {
    std::string name;
    std::size_t style = 0;
    bool line = true;
};
// The legend in one or more rows from (x, y), wrapping at `right`.
void write_legend(SvgWriter& svg, const std::string& document_id, const std::vector<LegendItem>& items, double x,
                  double y, double right);

// A horizontal value axis under the plot (ticks, light grid lines up the plot, the axis label below).
void write_x_axis(SvgWriter& svg, const Plot& plot, const Scale& scale, const Axis& axis, const Ticks& ticks);
// A vertical value axis left of the plot (ticks, grid lines across, the axis label turned up the side).
void write_y_axis(SvgWriter& svg, const Plot& plot, const Scale& scale, const Axis& axis, const Ticks& ticks);

// A vertical marker line across the plot with its label at the top, and its data- attributes.
void write_marker(SvgWriter& svg, const Plot& plot, const Scale& x_scale, const Marker& marker, std::size_t index);

// A rough width of `text` in the charts' 12-unit font, for layout only (no font metrics are at hand).
double text_width(const std::string& text, double font_size = 12.0);

// `text` cut to `max_chars` code points, with an ellipsis when cut.
std::string shorten(const std::string& text, std::size_t max_chars);

}  // namespace gpucost::chart_parts
