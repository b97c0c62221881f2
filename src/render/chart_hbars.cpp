// Horizontal bars, one row each, top to bottom in the order given: diverging bars around a base line (savings per
// build, a tornado) and ranked bars from zero, filled by group. Both lay out their rows the same way.
#include <algorithm>
#include <stdexcept>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

// Where the rows go: a bar takes the middle 70 % of its row's slot.
struct Rows {
    SvgDocument document;             // grown to hold the rows
    std::vector<std::string> labels;  // cut to fit, still distinct
    double margin = 0.0;              // the label column, its text ending 6 units left of the plot
    Plot plot;
    Scale x;
    double slot() const { return plot.height / static_cast<double>(labels.size()); }
    double top(std::size_t i) const { return plot.top + slot() * static_cast<double>(i) + slot() * 0.15; }
    double height() const { return slot() * 0.7; }
    double middle(std::size_t i) const { return top(i) + height() / 2; }
};

// The rows' labels cut to `label_chars` code points in a column at most `widest_share` of the document's width, in
// a document at least `height` tall.
Rows rows_for(const SvgDocument& document, const std::vector<std::string>& labels, std::size_t label_chars,
              double widest_share, double height) {
    Rows r;
    r.document = document;
    r.labels = distinct_labels(labels, label_chars);
    r.document.height = std::max(document.height, height);
    double widest = 0.0;
    for (const std::string& label : r.labels) widest = std::max(widest, text_width(label));
    r.margin = std::clamp(widest + 16.0, 60.0, document.width * widest_share);
    return r;
}

// The plot right of the labels under the legend's rows and `extra_rows` more, and its value axis over [low, high]
// (notes print right of the bars: a sixth of the width stays free for them); then the fills, the title, the legend
// and the value axis, which the rows go over.
void write_frame(SvgWriter& svg, Rows& r, const std::vector<FillStyle>& fills, const std::vector<LegendItem>& legend,
                 std::size_t extra_rows, const Axis& axis, double low, double high) {
    r.plot = plot_area(r.document, r.margin, legend, extra_rows);
    r.plot.width *= 0.82;
    const Ticks ticks = axis_ticks(axis, low, high, 7);
    r.x = Scale{ticks.low(), ticks.high(), r.plot.left, r.plot.right()};
    write_fills(svg, r.document.id, fills);
    write_heading(svg, r.document, legend, r.plot.left);
    write_x_axis(svg, r.plot, r.x, axis, ticks);
}

void write_label(SvgWriter& svg, const Rows& r, std::size_t i) {
    svg.text("text",
             {{"class", "row-label"},
              {"x", svg_number(r.margin - 6)},
              {"y", svg_number(r.middle(i) + 4)},
              {"text-anchor", "end"}},
             r.labels[i]);
}

// Row i's note, if it has one, starting 5 units right of `end`.
void write_note(SvgWriter& svg, const Rows& r, std::size_t i, const std::string& note, double end) {
    if (!note.empty())
        svg.text("text", {{"class", "row-note"}, {"x", svg_number(end + 5)}, {"y", svg_number(r.middle(i) + 4)}}, note);
}

// Row i's bar over the values [from, to].
std::vector<SvgAttribute> bar_rect(const Rows& r, std::size_t i, double from, double to, const std::string& paint) {
    const double left = r.x.at(std::min(from, to));
    return rect_attributes({}, left, r.top(i), r.x.at(std::max(from, to)) - left, r.height(),
                           {{"fill", paint}, {"stroke", "#333333"}, {"stroke-width", "0.5"}});
}

// A part of a diverging bar: owning's fill (0) above zero, renting's (1) below it.
void write_bar_part(SvgWriter& svg, const Rows& r, std::size_t i, double from, double to, std::size_t fill_index) {
    if (from == to) return;
    std::vector<SvgAttribute> rect = bar_rect(r, i, from, to, fill(r.document.id, fill_index));
    rect.insert(rect.begin(), {"data-side", fill_index == 0 ? "own" : "rent"});
    svg.leaf("rect", rect);
}

// A dot at one end of a tornado's bar: open where the input is at its low end, filled at its high end.
void write_end(SvgWriter& svg, const Scale& x, double value, double middle, bool high) {
    svg.leaf("circle", {{"class", high ? "end-high" : "end-low"},
                        {"data-value", data_number(value)},
                        {"cx", svg_number(x.at(value))},
                        {"cy", svg_number(middle)},
                        {"r", "4"},
                        {"fill", high ? "#000000" : "#FFFFFF"},
                        {"stroke", "#000000"},
                        {"stroke-width", "1.5"}});
}

void write_row(SvgWriter& svg, const DivergingBarChart& chart, const Rows& r, std::size_t i) {
    const DivergingRow& row = chart.rows[i];
    svg.open("g", {{"class", "row"},
                   {"data-key", row.key},
                   {"data-low", data_number(row.low)},
                   {"data-high", data_number(row.high)}});
    write_label(svg, r, i);
    // The colour says which side is cheaper: renting's below zero, owning's above it.
    write_bar_part(svg, r, i, std::min(row.low, 0.0), std::min(row.high, 0.0), 1);
    write_bar_part(svg, r, i, std::max(row.low, 0.0), std::max(row.high, 0.0), 0);
    if (row.at_low_input) write_end(svg, r.x, *row.at_low_input, r.middle(i), false);
    if (row.at_high_input) write_end(svg, r.x, *row.at_high_input, r.middle(i), true);
    const bool ends = row.at_low_input || row.at_high_input;
    write_note(svg, r, i, row.note, r.x.at(std::max(row.high, chart.base)) + (ends ? 4 : 0));
    svg.close();
}

std::vector<LegendItem> diverging_legend(const DivergingBarChart& chart) {
    std::vector<LegendItem> legend = {legend_box(chart.above_name, fill(chart.document.id, 0)),
                                      legend_box(chart.below_name, fill(chart.document.id, 1))};
    const bool ends = std::any_of(chart.rows.begin(), chart.rows.end(),
                                  [](const DivergingRow& r) { return r.at_low_input || r.at_high_input; });
    if (ends)
        legend.insert(legend.end(), {{"input at its low end", LegendItem::Swatch::open_dot},
                                     {"input at its high end", LegendItem::Swatch::dot}});
    return legend;
}

// The base line; with a base other than zero, the words either side of it and a dashed line at zero, where the
// verdict flips.
void write_base(SvgWriter& svg, const DivergingBarChart& chart, const Rows& r) {
    const double at = r.x.at(chart.base);
    write_line(svg, at, r.plot.top, at, r.plot.bottom(), {{"stroke", "#000000"}, {"stroke-width", "1.2"}}, "base");
    if (chart.base == 0.0) return;
    const double zero = r.x.at(0.0);
    write_line(svg, zero, r.plot.top, zero, r.plot.bottom(),
               {{"stroke", "#000000"}, {"stroke-width", "1"}, {"stroke-dasharray", "4 3"}}, "zero");
    // Each word only where it fits inside the document.
    const std::string y = svg_number(r.plot.top - 4);
    const std::string less = "\u25C2 " + chart.less_name;
    const std::string more = chart.more_name + " \u25B8";
    if (!chart.less_name.empty() && at - 6 - text_width(less) >= 4)
        svg.text("text", {{"class", "direction"}, {"x", svg_number(at - 6)}, {"y", y}, {"text-anchor", "end"}}, less);
    if (!chart.more_name.empty() && at + 6 + text_width(more) <= chart.document.width - 4)
        svg.text("text", {{"class", "direction"}, {"x", svg_number(at + 6)}, {"y", y}}, more);
}

void write_bar(SvgWriter& svg, const HorizontalBarChart& chart, const Rows& r, std::size_t i) {
    const HorizontalBar& bar = chart.bars[i];
    svg.open("g", {{"class", "row"}, {"data-key", bar.key}, {"data-value", data_number(bar.value)}});
    write_label(svg, r, i);
    std::vector<SvgAttribute> rect = bar_rect(r, i, 0.0, bar.value, fill(r.document.id, bar.group));
    add_side(rect, chart.groups[bar.group].tone);
    if (r.x.at(bar.value) != r.x.at(0.0)) svg.leaf("rect", rect);
    write_note(svg, r, i, bar.note, r.x.at(std::max(0.0, bar.value)));
    svg.close();
}

}  // namespace

std::string diverging_bar_chart_svg(const DivergingBarChart& chart) {
    if (chart.rows.empty()) throw std::invalid_argument("diverging bar chart: no rows");
    double low = chart.base;
    double high = chart.base;
    std::vector<std::string> labels;
    for (const DivergingRow& row : chart.rows) {
        low = std::min({low, row.low, row.high});
        high = std::max({high, row.low, row.high});
        labels.push_back(row.label);
    }
    Rows r = rows_for(chart.document, labels, 32, 0.4, 120.0 + 24.0 * static_cast<double>(labels.size()));
    const std::vector<LegendItem> legend = diverging_legend(chart);
    // One more legend row's room for the words above the plot when there are some.
    const bool directions = chart.base != 0.0 && !(chart.less_name.empty() && chart.more_name.empty());
    SvgWriter svg;
    write_frame(svg, r, tone_fills({Whose::own, Whose::rent}), legend, directions ? 1 : 0, chart.value_axis, low, high);
    for (std::size_t i = 0; i < chart.rows.size(); ++i) write_row(svg, chart, r, i);
    write_base(svg, chart, r);
    return svg_document(r.document, svg.str());
}

std::string horizontal_bar_chart_svg(const HorizontalBarChart& chart) {
    if (chart.bars.empty()) throw std::invalid_argument("horizontal bar chart: no bars");
    if (chart.groups.empty()) throw std::invalid_argument("horizontal bar chart: no groups");
    double low = 0.0;
    double high = 0.0;
    std::vector<std::string> labels;
    for (const HorizontalBar& bar : chart.bars) {
        if (bar.group >= chart.groups.size()) throw std::invalid_argument("horizontal bar chart: bad group");
        low = std::min(low, bar.value);
        high = std::max(high, bar.value);
        labels.push_back(bar.label);
    }
    Rows r = rows_for(chart.document, labels, 34, 0.45, 130.0 + 22.0 * static_cast<double>(labels.size()));
    std::vector<Whose> tones;
    std::vector<LegendItem> legend;
    for (std::size_t i = 0; i < chart.groups.size(); ++i) {
        tones.push_back(chart.groups[i].tone);
        legend.push_back(legend_box(chart.groups[i].name, fill(r.document.id, i)));
    }
    SvgWriter svg;
    write_frame(svg, r, tone_fills(tones), legend, 0, chart.value_axis, low, high);
    for (std::size_t i = 0; i < chart.bars.size(); ++i) write_bar(svg, chart, r, i);
    return svg_document(r.document, svg.str());
}

}  // namespace gpucost
