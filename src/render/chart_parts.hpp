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

// The left margin of a plot with a value axis up its side: room for "-$1,250k" tick labels and the turned axis label.
inline constexpr double k_value_margin = 78.0;

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
    double step() const noexcept { return values.size() > 1 ? values[1] - values[0] : 1.0; }
    double low() const noexcept { return values.front(); }
    double high() const noexcept { return values.back(); }
};
Ticks axis_ticks(const Axis& axis, double low, double high, int max_count);

// Month ticks a reader counts in: every 1, 3, 6, 12, 24 or 60 months, at most `max_count` of them up to `months`
// (more when no step gives so few), from 0 to the first at or past `months`.
std::vector<double> month_ticks(int months, int max_count = 13);

// The text of one tick of `axis`.
std::string tick_label(const Axis& axis, double value, double step);

// The two sides' colours (chart.hpp's colour rule), from Okabe & Ito's palette for colour-blind readers
// (https://jfly.uni-koeln.de/color/): blue and vermilion stay apart for every common colour-vision deficiency.
inline constexpr const char* k_own_colour = "#0072B2";
inline constexpr const char* k_rent_colour = "#D55E00";

// `hex` ("#rrggbb") mixed with white: strength 1 the colour itself, 0 white. Upper-case hex digits.
std::string tint(const char* hex, double strength);

// A line's style: owning's solid blue, renting's dashed vermilion, and `other_index` (cycled) picking among the
// other colours, each with its own dash so grey-scale prints keep the lines apart.
struct LineStyle {
    const char* colour;
    const char* dash;  // "" = solid
    double width;
};
const LineStyle& line_style(Whose tone, std::size_t other_index = 0);

// A fill: a colour with a texture drawn over it.
struct FillStyle {
    std::string colour;   // "#rrggbb"
    std::string texture;  // path data on a 6 x 6 tile, "" for none
    std::string ink;      // the texture's colour
};
// One fill per mark of the given tones, in order. Owning's are plain or straight-lined blues, renting's always carry
// a diagonal hatch; the n-th mark of a tone steps through its textures, then lighter tints.
std::vector<FillStyle> tone_fills(const std::vector<Whose>& tones);
// The data-side attribute of a mark: "own" or "rent" (tests read it to check the colour rule); nothing for others.
void add_side(std::vector<SvgAttribute>& attributes, Whose tone);
// The url() of fill `index` of write_fills.
std::string fill(const std::string& document_id, std::size_t index);
// <defs> with one pattern per fill, named after the document's id and the fill's index.
void write_fills(SvgWriter& svg, const std::string& document_id, const std::vector<FillStyle>& fills);

// One legend entry: a line sample, a filled box, an open or a filled dot, or a bold heading with no sample.
struct LegendItem {
    enum class Swatch { line, box, open_dot, dot, heading };
    std::string name;
    Swatch swatch = Swatch::box;
    std::string paint = {};  // the box's fill (a url() or colour), or the line's colour
    std::string dash = {};   // a line's dash pattern, "" solid
    double width = 2.5;      // a line's width
};
LegendItem legend_line(const std::string& name, const LineStyle& style);
LegendItem legend_box(const std::string& name, const std::string& paint);
// The visible title at the top left and under it the legend from x = `left`, in as many rows as the document's
// width needs.
void write_heading(SvgWriter& svg, const SvgDocument& document, const std::vector<LegendItem>& legend, double left);
// How many rows write_heading's legend takes (its count, drawn on a scratch writer).
std::size_t legend_rows(const SvgDocument& document, const std::vector<LegendItem>& legend, double left);

// The plot area of a document with room above for the title, every row `legend` takes from x = `left_margin` (two
// at least) and `extra_rows` more; below for the tick labels and the axis label; and `left_margin` for the value
// labels. Taking the legend itself, a chart cannot keep less room than its legend draws.
Plot plot_area(const SvgDocument& document, double left_margin, const std::vector<LegendItem>& legend,
               std::size_t extra_rows = 0);

// A horizontal value axis under the plot (ticks, light grid lines up the plot, the axis label below).
void write_x_axis(SvgWriter& svg, const Plot& plot, const Scale& scale, const Axis& axis, const Ticks& ticks);
// A vertical value axis left of the plot (ticks, grid lines across, the axis label turned up the side).
void write_y_axis(SvgWriter& svg, const Plot& plot, const Scale& scale, const Axis& axis, const Ticks& ticks);

// A <line> from (x1, y1) to (x2, y2), then `style` (stroke, width, dash); with a `name`, its class comes first.
void write_line(SvgWriter& svg, double x1, double y1, double x2, double y2, const std::vector<SvgAttribute>& style,
                const std::string& name = {});

// A <rect>'s attributes: `head` (class, data-) first, then its place and size, then `style` (fill, stroke).
std::vector<SvgAttribute> rect_attributes(std::vector<SvgAttribute> head, double x, double y, double width,
                                          double height, const std::vector<SvgAttribute>& style);

// An unfilled <polyline> in `style` through the points (xs[i], ys[i]) of the data, placed by the scales.
void write_polyline(SvgWriter& svg, const std::vector<double>& xs, const std::vector<double>& ys, const Scale& x,
                    const Scale& y, const LineStyle& style);

// An axis's label: centred under the plot (x), or turned up the plot's left side (y).
void write_x_label(SvgWriter& svg, const Plot& plot, const std::string& label);
void write_y_label(SvgWriter& svg, const Plot& plot, const std::string& label);

// The one UsageError (exit 2) for a --chart value a report does not draw ("" when none came with --format svg): the
// flag, the value, `hint` (or the closest of `valid`: "did you mean") and the charts `valid` here.
[[noreturn]] void bad_chart(const std::string& name, const std::vector<std::string>& valid,
                            const std::string& hint = {});

// A rough width of `text` in the charts' 12-unit font, for layout only (no font metrics are at hand).
double text_width(const std::string& text);

// Each label cut to `max_chars` code points, and no two different labels cut to the same text: those that would
// be keep their head and their tail around the ellipsis ("gpu:gpu-a/pri…/price_usd"), the tail as long as telling
// them apart needs, and a label that cannot be told apart in `max_chars` stays whole.
std::vector<std::string> distinct_labels(const std::vector<std::string>& labels, std::size_t max_chars);

}  // namespace gpucost::chart_parts
