// Horizontal bars from zero, one row each in the order given (a ranking), filled by group.
#include <algorithm>
#include <stdexcept>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

constexpr double k_row_height = 22.0;
constexpr std::size_t k_label_chars = 34;

double label_margin(const std::vector<std::string>& labels, const HorizontalBarChart& chart) {
    double widest = 0.0;
    for (const std::string& label : labels) widest = std::max(widest, text_width(label));
    return std::clamp(widest + 16.0, 60.0, chart.document.width * 0.45);
}

void write_bar(SvgWriter& svg, const HorizontalBarChart& chart, const HorizontalBar& bar, const std::string& label,
               const Scale& x, double top, double height, double label_right) {
    svg.open("g", {{"class", "row"}, {"data-key", bar.key}, {"data-value", data_number(bar.value)}});
    const double middle = top + height / 2 + 4;
    svg.text(
        "text",
        {{"class", "row-label"}, {"x", svg_number(label_right)}, {"y", svg_number(middle)}, {"text-anchor", "end"}},
        label);
    const double from = x.at(std::min(0.0, bar.value));
    const double to = x.at(std::max(0.0, bar.value));
    std::vector<SvgAttribute> rect = {{"x", svg_number(from)},
                                      {"y", svg_number(top)},
                                      {"width", svg_number(to - from)},
                                      {"height", svg_number(height)},
                                      {"fill", fill(chart.document.id, bar.group)},
                                      {"stroke", "#333333"},
                                      {"stroke-width", "0.5"}};
    add_side(rect, chart.groups[bar.group].tone);
    if (to > from) svg.leaf("rect", rect);
    if (!bar.note.empty())
        svg.text("text", {{"class", "row-note"}, {"x", svg_number(to + 5)}, {"y", svg_number(middle)}}, bar.note);
    svg.close();
}

}  // namespace

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
    labels = distinct_labels(labels, k_label_chars);
    SvgDocument document = chart.document;
    document.height = std::max(document.height, 130.0 + k_row_height * static_cast<double>(chart.bars.size()));
    const double margin = label_margin(labels, chart);
    Plot plot = plot_area(document, margin);
    // Notes print right of the bars: keep a sixth of the width free for them.
    plot.width *= 0.82;
    const Ticks ticks = axis_ticks(chart.value_axis, low, high, 7);
    const Scale x{ticks.low(), ticks.high(), plot.left, plot.right()};

    SvgWriter svg;
    // Each group its tone's fill; a tone's second group its next variant.
    std::vector<FillStyle> fills;
    std::vector<LegendItem> legend;
    std::size_t counts[3] = {0, 0, 0};
    for (std::size_t i = 0; i < chart.groups.size(); ++i) {
        const Whose tone = chart.groups[i].tone;
        fills.push_back(tone_fill(tone, counts[static_cast<std::size_t>(tone)]++));
        legend.push_back(legend_box(chart.groups[i].name, fill(document.id, i)));
    }
    write_fills(svg, document.id, fills);
    write_heading(svg, document);
    write_legend(svg, legend, plot.left, 48.0, document.width - 12.0);
    write_x_axis(svg, plot, x, chart.value_axis, ticks);
    const double slot = plot.height / static_cast<double>(chart.bars.size());
    for (std::size_t i = 0; i < chart.bars.size(); ++i)
        write_bar(svg, chart, chart.bars[i], labels[i], x, plot.top + slot * static_cast<double>(i) + slot * 0.15,
                  slot * 0.7, margin - 6);
    return svg_document(document, svg.str());
}

}  // namespace gpucost
