// Bar charts: stacked vertical bars (a cost breakdown per side) and diverging horizontal bars (savings per build,
// a tornado).
#include <algorithm>
#include <stdexcept>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

bool same_kind(const BarSegment& a, const BarSegment& b) { return a.key == b.key && a.tone == b.tone; }

// The segment kinds (key and tone) in order of first appearance, owning's first, then renting's, then the others:
// one legend entry and one fill each.
std::vector<const BarSegment*> segment_kinds(const StackedBarChart& chart) {
    std::vector<const BarSegment*> kinds;
    for (const Whose tone : {Whose::own, Whose::rent, Whose::other})
        for (const StackedBar& bar : chart.bars)
            for (const BarSegment& s : bar.segments)
                if (s.tone == tone &&
                    std::none_of(kinds.begin(), kinds.end(), [&s](const BarSegment* k) { return same_kind(*k, s); }))
                    kinds.push_back(&s);
    return kinds;
}

std::size_t kind_index(const std::vector<const BarSegment*>& kinds, const BarSegment& segment) {
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (same_kind(*kinds[i], segment)) return i;
    return 0;
}

// Each kind's fill: its tone's colour, the n-th kind of a tone its n-th variant.
std::vector<FillStyle> kind_fills(const std::vector<const BarSegment*>& kinds) {
    std::vector<FillStyle> fills;
    std::size_t counts[3] = {0, 0, 0};
    for (const BarSegment* k : kinds) fills.push_back(tone_fill(k->tone, counts[static_cast<std::size_t>(k->tone)]++));
    return fills;
}

// The legend: each tone's kinds after a heading naming the side ("Own:", "Rent:") when the chart has both.
std::vector<LegendItem> kind_legend(const std::vector<const BarSegment*>& kinds, const std::string& id) {
    const bool sides =
        std::any_of(kinds.begin(), kinds.end(), [](const BarSegment* k) { return k->tone == Whose::own; }) &&
        std::any_of(kinds.begin(), kinds.end(), [](const BarSegment* k) { return k->tone == Whose::rent; });
    std::vector<LegendItem> legend;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        const bool first = i == 0 || kinds[i - 1]->tone != kinds[i]->tone;
        if (sides && first && kinds[i]->tone != Whose::other)
            legend.push_back({kinds[i]->tone == Whose::own ? "Own:" : "Rent:", LegendItem::Swatch::heading});
        legend.push_back(legend_box(kinds[i]->name, fill(id, i)));
    }
    return legend;
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
        std::vector<SvgAttribute> segment = {{"class", "segment"},
                                             {"data-key", s.key},
                                             {"data-value", data_number(s.value)},
                                             {"x", svg_number(left)},
                                             {"y", svg_number(top)},
                                             {"width", svg_number(width)},
                                             {"height", svg_number(bottom - top)},
                                             {"fill", fill(id, kind_index(kinds, s))},
                                             {"stroke", "#ffffff"},
                                             {"stroke-width", "0.75"}};
        add_side(segment, s.tone);
        svg.leaf("rect", segment);
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
    const std::vector<LegendItem> legend = kind_legend(kinds, chart.document.id);
    const double legend_right = chart.document.width - 12.0;
    const Plot plot = plot_area(chart.document, 78.0, legend_rows(legend, 78.0, legend_right));
    const Ticks ticks = axis_ticks(chart.value_axis, low, high, 7);
    const Scale y{ticks.low(), ticks.high(), plot.bottom(), plot.top};

    SvgWriter svg;
    write_fills(svg, chart.document.id, kind_fills(kinds));
    write_heading(svg, chart.document);
    write_legend(svg, legend, plot.left, 48.0, legend_right);
    write_y_axis(svg, plot, y, chart.value_axis, ticks);
    const double slot = plot.width / static_cast<double>(chart.bars.size());
    const double width = std::min(120.0, slot * 0.6);
    std::vector<std::string> labels;
    for (const StackedBar& bar : chart.bars) labels.push_back(bar.label);
    labels = distinct_labels(labels, static_cast<std::size_t>(std::max(4.0, slot / 7.2)));
    for (std::size_t i = 0; i < chart.bars.size(); ++i) {
        const double centre = plot.left + slot * (static_cast<double>(i) + 0.5);
        write_stack(svg, chart.bars[i], kinds, chart.document.id, y, centre - width / 2, width);
        svg.text("text",
                 {{"class", "bar-label"},
                  {"x", svg_number(centre)},
                  {"y", svg_number(plot.bottom() + 17)},
                  {"text-anchor", "middle"}},
                 labels[i]);
    }
    return svg_document(chart.document, svg.str());
}

namespace {

constexpr std::size_t k_row_label_chars = 32;

double label_margin(const std::vector<std::string>& labels, const DivergingBarChart& chart) {
    double widest = 0.0;
    for (const std::string& label : labels) widest = std::max(widest, text_width(label));
    return std::clamp(widest + 16.0, 60.0, chart.document.width * 0.4);
}

void write_bar_part(SvgWriter& svg, const std::string& id, const Scale& x, double from, double to, double top,
                    double height, std::size_t fill_index) {
    if (from == to) return;
    const double left = x.at(std::min(from, to));
    svg.leaf("rect", {{"data-side", fill_index == 0 ? "own" : "rent"},
                      {"x", svg_number(left)},
                      {"y", svg_number(top)},
                      {"width", svg_number(x.at(std::max(from, to)) - left)},
                      {"height", svg_number(height)},
                      {"fill", fill(id, fill_index)},
                      {"stroke", "#333333"},
                      {"stroke-width", "0.5"}});
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

void write_row(SvgWriter& svg, const DivergingBarChart& chart, const DivergingRow& row, const std::string& label,
               const Scale& x, double top, double height, double label_right) {
    svg.open("g", {{"class", "row"},
                   {"data-key", row.key},
                   {"data-low", data_number(row.low)},
                   {"data-high", data_number(row.high)}});
    const double middle = top + height / 2;
    svg.text(
        "text",
        {{"class", "row-label"}, {"x", svg_number(label_right)}, {"y", svg_number(middle + 4)}, {"text-anchor", "end"}},
        label);
    // Renting's fill below zero (fill 1), owning's above it (fill 0): the colour says which side is cheaper.
    write_bar_part(svg, chart.document.id, x, std::min(row.low, 0.0), std::min(row.high, 0.0), top, height, 1);
    write_bar_part(svg, chart.document.id, x, std::max(row.low, 0.0), std::max(row.high, 0.0), top, height, 0);
    if (row.at_low_input) write_end(svg, x, *row.at_low_input, middle, false);
    if (row.at_high_input) write_end(svg, x, *row.at_high_input, middle, true);
    if (!row.note.empty()) {
        const double end = x.at(std::max(row.high, chart.base)) + (row.at_low_input || row.at_high_input ? 4 : 0);
        svg.text("text", {{"class", "row-note"}, {"x", svg_number(end + 5)}, {"y", svg_number(middle + 4)}}, row.note);
    }
    svg.close();
}

std::vector<LegendItem> diverging_legend(const DivergingBarChart& chart) {
    std::vector<LegendItem> legend = {legend_box(chart.above_name, fill(chart.document.id, 0)),
                                      legend_box(chart.below_name, fill(chart.document.id, 1))};
    const bool ends = std::any_of(chart.rows.begin(), chart.rows.end(),
                                  [](const DivergingRow& r) { return r.at_low_input || r.at_high_input; });
    if (ends) {
        legend.push_back({chart.low_end_name, LegendItem::Swatch::open_dot});
        legend.push_back({chart.high_end_name, LegendItem::Swatch::dot});
    }
    return legend;
}

// The base line; with a base other than zero, the words either side of it and a dashed line at zero, where the
// verdict flips.
void write_base(SvgWriter& svg, const DivergingBarChart& chart, const Plot& plot, const Scale& x) {
    const std::string base = svg_number(x.at(chart.base));
    svg.leaf("line", {{"class", "base"},
                      {"x1", base},
                      {"y1", svg_number(plot.top)},
                      {"x2", base},
                      {"y2", svg_number(plot.bottom())},
                      {"stroke", "#000000"},
                      {"stroke-width", "1.2"}});
    if (chart.base == 0.0) return;
    const std::string zero = svg_number(x.at(0.0));
    svg.leaf("line", {{"class", "zero"},
                      {"x1", zero},
                      {"y1", svg_number(plot.top)},
                      {"x2", zero},
                      {"y2", svg_number(plot.bottom())},
                      {"stroke", "#000000"},
                      {"stroke-width", "1"},
                      {"stroke-dasharray", "4 3"}});
    // Each word only where it fits inside the document.
    const std::string y = svg_number(plot.top - 4);
    const double at = x.at(chart.base);
    const std::string less = "\u25C2 " + chart.less_name;
    const std::string more = chart.more_name + " \u25B8";
    if (!chart.less_name.empty() && at - 6 - text_width(less) >= 4)
        svg.text("text", {{"class", "direction"}, {"x", svg_number(at - 6)}, {"y", y}, {"text-anchor", "end"}}, less);
    if (!chart.more_name.empty() && at + 6 + text_width(more) <= chart.document.width - 4)
        svg.text("text", {{"class", "direction"}, {"x", svg_number(at + 6)}, {"y", y}}, more);
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
    labels = distinct_labels(labels, k_row_label_chars);
    SvgDocument document = chart.document;
    const double row_height = 24.0;
    document.height = std::max(document.height, 120.0 + row_height * static_cast<double>(chart.rows.size()));
    const double margin = label_margin(labels, chart);
    const std::vector<LegendItem> legend = diverging_legend(chart);
    // One more legend row's room for the words above the plot when there are some.
    const bool directions = chart.base != 0.0 && !(chart.less_name.empty() && chart.more_name.empty());
    Plot plot = plot_area(document, margin, legend_rows(legend, margin, document.width - 12.0) + (directions ? 1 : 0));
    // Notes print right of the bars: keep a sixth of the width free for them.
    plot.width *= 0.82;
    const Ticks ticks = axis_ticks(chart.value_axis, low, high, 7);
    const Scale x{ticks.low(), ticks.high(), plot.left, plot.right()};

    SvgWriter svg;
    write_fills(svg, document.id, {tone_fill(Whose::own), tone_fill(Whose::rent)});
    write_heading(svg, document);
    write_legend(svg, legend, plot.left, 48.0, document.width - 12.0);
    write_x_axis(svg, plot, x, chart.value_axis, ticks);
    const double slot = plot.height / static_cast<double>(chart.rows.size());
    for (std::size_t i = 0; i < chart.rows.size(); ++i)
        write_row(svg, chart, chart.rows[i], labels[i], x, plot.top + slot * static_cast<double>(i) + slot * 0.15,
                  slot * 0.7, margin - 6);
    write_base(svg, chart, plot, x);
    return svg_document(document, svg.str());
}

}  // namespace gpucost
